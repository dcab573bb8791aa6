#include "UiTest.h"

#include "HeadlessChromium.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"
#include "common/LocalWebServer.h"
#include "logging/Logging.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace mpa::test {

void UiTest::SetUp()
{
    Logging::install({});
    // English as the app shows it: the source texts with their plural forms ("1 prompt").
    m_english = std::make_unique<UiTranslator>();
    m_english->load(QLocale::c());
    xdgConfigHome = tempDir();
    xdgDataHome = tempDir();
    xdgDataDirs = tempDir();
    m_config = std::make_unique<ScopedEnv>("XDG_CONFIG_HOME", xdgConfigHome);
    m_data = std::make_unique<ScopedEnv>("XDG_DATA_HOME", xdgDataHome);
    m_dirs = std::make_unique<ScopedEnv>("XDG_DATA_DIRS", xdgDataDirs);
    settings = std::make_unique<Settings>(QDir(configDir()).filePath(u"settings.ini"_s));
    engine = std::make_unique<Engine>(settings.get(), AppPaths::forConfigDir(configDir()));
}

void UiTest::TearDown()
{
    m_models.reset();
    engine.reset();
    settings.reset();
    m_dirs.reset();
    m_data.reset();
    m_config.reset();
    m_english.reset();
}

Models *UiTest::models()
{
    if (!m_models || m_modelsEngine != engine.get()) {
        m_models = std::make_unique<Models>(engine.get());
        m_modelsEngine = engine.get();
    }
    return m_models.get();
}

SettingField *UiTest::field(const QWidget *root, SettingKey key)
{
    const QList<SettingField *> fields = root->findChildren<SettingField *>();
    for (SettingField *f : fields) {
        if (f->key() == key)
            return f;
    }
    return nullptr;
}

void UiTest::typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Backspace);
    else
        QTest::keyClicks(edit, text);
}

void UiTest::typeInto(QPlainTextEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    // keyClicks would auto-indent nothing here, but Enter must be a key press to count as typing.
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (i > 0)
            QTest::keyClick(edit, Qt::Key_Return);
        QTest::keyClicks(edit, lines.at(i));
    }
}

void UiTest::pressEnter(QWidget *widget)
{
    QTest::keyClick(widget, Qt::Key_Return);
}

void UiTest::answerNextDialog(const QString &buttonText, QString *seen)
{
    auto *timer = new QTimer(qApp);
    auto tries = std::make_shared<int>(0);
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, tries, buttonText, seen] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal) {
            if (++*tries > 1000) { // 10 s: the dialog never came; stop looking
                ADD_FAILURE() << "no dialog appeared to answer with " << buttonText.toStdString();
                timer->deleteLater();
                timer->stop();
            }
            return;
        }
        timer->stop();
        timer->deleteLater();
        if (seen) {
            if (auto *box = qobject_cast<QMessageBox *>(modal))
                *seen = box->text() + u'\n' + box->informativeText();
        }
        for (QAbstractButton *button : modal->findChildren<QAbstractButton *>()) {
            if (button->text().remove(u'&').contains(buttonText)) {
                button->click();
                return;
            }
        }
        ADD_FAILURE() << "the dialog has no button " << buttonText.toStdString();
        if (auto *dialog = qobject_cast<QDialog *>(modal))
            dialog->reject();
    });
    timer->start();
}

QString UiTest::clickAndAnswer(QAbstractButton *button, const QString &answer)
{
    QString asked;
    answerNextDialog(answer, &asked);
    button->click();
    return asked;
}

void UiTest::screenshot(QWidget *widget, const QString &name)
{
    // Let pending layout requests (scroll areas, word-wrapped labels) settle first.
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    const QString file = QDir(screenshotDir()).filePath(name + u".png"_s);
    ASSERT_TRUE(widget->grab().save(file)) << file.toStdString();
}

::testing::AssertionResult UiTest::startEngineOn(const HeadlessChromium &browser)
{
    engine->setCdpAddressOverride(u"127.0.0.1"_s, browser.port());
    engine->start();
    if (!waitUntil([this] { return engine->endpoint()->isConnected(); }))
        return ::testing::AssertionFailure()
            << "the engine did not connect to the browser on port " << browser.port();
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult UiTest::serveFixtures(LocalWebServer &site)
{
    site.setRoot(fixturesDir());
    if (!site.listen())
        return ::testing::AssertionFailure() << "cannot serve the fixtures on a loopback port";
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult UiTest::autoAcceptOnFixtures(HeadlessChromium &browser, LocalWebServer &site)
{
    if (::testing::AssertionResult started = startBrowser(browser); !started)
        return started;
    if (::testing::AssertionResult served = serveFixtures(site); !served)
        return served;
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    settings->setValue(SettingKey::AutoAcceptUserIdleMs, 0);
    return ::testing::AssertionSuccess();
}

QString UiTest::openPage(const QUrl &url)
{
    const CdpResult created
        = browserCall(*engine->endpoint(), u"Target.createTarget"_s, { { u"url"_s, url.toString() } });
    return created.result.value(u"targetId").toString();
}

} // namespace mpa::test
