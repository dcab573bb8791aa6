#include "pages/ConnectionPage.h"

#include "FakeModels.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "cdp/ChromiumProcess.h"
#include "models/CdpConnectionModel.h"
#include "platform/DesktopEntry.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>

#include <gtest/gtest.h>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace mpa;
using namespace mpa::test;

namespace {

// True while `pid` runs (a zombie waiting for its reaper counts as gone).
bool processRuns(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close > 0 && line.size() > close + 2 && line.at(close + 2) != 'Z';
}

class ConnectionPageTest : public UiTest
{
protected:
    // A system launcher for VS Code whose program is really a headless Chromium, so that
    // "start with debugging" starts something that opens the port.
    QString installFakeCode()
    {
        const QString profile = tempDir();
        QStringList exec { ChromiumProcess::findExecutable() };
        exec += ChromiumProcess::baseArguments(true);
        exec += { u"--user-data-dir="_s + profile, u"about:blank"_s };
        const QString path = xdgDataDirs + u"/applications/code.desktop"_s;
        writeTextFile(
            path,
            u"[Desktop Entry]\nType=Application\nName=Visual Studio Code\nExec=%1 %F\nIcon=vscode\n"_s.arg(
                DesktopEntry::joinExec(exec)));
        return path;
    }

    // A VS Code launcher whose program is the real Chromium started with a window but without
    // a display, so it dies at once the way a browser does on a desktop it cannot use ("Missing
    // X server or $DISPLAY", exit code 1).
    void installDyingCode()
    {
        QStringList exec { u"env"_s,
                           u"-u"_s,
                           u"DISPLAY"_s,
                           u"-u"_s,
                           u"WAYLAND_DISPLAY"_s,
                           ChromiumProcess::findExecutable(),
                           u"--no-sandbox"_s,
                           u"about:blank"_s };
        writeTextFile(
            xdgDataDirs + u"/applications/code.desktop"_s,
            u"[Desktop Entry]\nType=Application\nName=Visual Studio Code\nExec=%1 %F\nIcon=vscode\n"_s.arg(
                DesktopEntry::joinExec(exec)));
    }
    // A VS Code launcher whose program runs on without ever opening the port.
    void installSilentCode()
    {
        writeTextFile(
            xdgDataDirs + u"/applications/code.desktop"_s,
            u"[Desktop Entry]\nType=Application\nName=Visual Studio Code\nExec=%1 %F\nIcon=vscode\n"_s.arg(
                DesktopEntry::joinExec({ u"sh"_s, u"-c"_s, u"exec sleep 300"_s, u"sh"_s })));
    }

    QLabel *label(const QWidget &page, const QString &name) { return page.findChild<QLabel *>(name); }
};

TEST_F(ConnectionPageTest, HostAndPortLoadSaveAndRefuseBadInput)
{
    settings->setValue(SettingKey::CdpPort, 9333);
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    auto *host = editor<QLineEdit>(&page, SettingKey::CdpHost);
    auto *port = editor<QSpinBox>(&page, SettingKey::CdpPort);
    ASSERT_TRUE(host && port);
    EXPECT_EQ(host->text(), u"127.0.0.1"_s);
    EXPECT_EQ(port->value(), 9333);

    typeInto(host, u"bad host name"_s);
    pressEnter(host);
    EXPECT_FALSE(field(&page, SettingKey::CdpHost)->errorText().isEmpty());
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), u"127.0.0.1"_s);
    typeInto(host, u"localhost"_s);
    pressEnter(host);
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), u"localhost"_s);
    port->setValue(9444);
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9444);
    EXPECT_EQ(engine->cdpPort(), 9444) << "applies live";
    EXPECT_TRUE(field(&page, SettingKey::CdpPort)->note().isEmpty());

    engine->setCdpAddressOverride(u"127.0.0.1"_s, 9555); // --cdp-port, or the demo
    port->setValue(9445);
    EXPECT_TRUE(field(&page, SettingKey::CdpPort)->note().contains(u"This run uses 127.0.0.1:9555"_s))
        << field(&page, SettingKey::CdpPort)->note().toStdString();
}

TEST_F(ConnectionPageTest, TestConnectionListsTheTargetsWithoutDisturbingTheEngine)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    settings->setValue(SettingKey::CdpPort, browser.port());
    engine->start();
    ASSERT_TRUE(waitUntil([&] { return engine->attachedPages() > 0; }));
    const int attached = engine->attachedPages();

    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    EXPECT_TRUE(label(page, u"engineState"_s)->text().startsWith(u"Connected to"_s));
    QSignalSpy engineState(engine->endpoint(), &CdpEndpoint::stateChanged);
    QSignalSpy detached(engine->endpoint(), &CdpEndpoint::sessionDetached);
    page.findChild<QPushButton *>(u"testConnection"_s)->click();
    ASSERT_TRUE(waitForSignal(models()->connection(), &ConnectionModel::probed));
    const QString result = label(page, u"testResult"_s)->text();
    EXPECT_TRUE(result.contains(u"answers at 127.0.0.1:%1"_s.arg(browser.port()))) << result.toStdString();
    EXPECT_TRUE(result.contains(u"Chrome/"_s) || result.contains(u"Chromium/"_s)) << result.toStdString();
    auto *targets = page.findChild<QTreeWidget *>(u"testTargets"_s);
    ASSERT_TRUE(targets->isVisible());
    ASSERT_GE(targets->topLevelItemCount(), 1);
    bool sawPage = false;
    for (int i = 0; i < targets->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = targets->topLevelItem(i);
        if (item->text(1) == u"page"_s && item->text(2) == u"attaches"_s)
            sawPage = true;
    }
    EXPECT_TRUE(sawPage);
    EXPECT_EQ(engineState.count(), 0) << "the engine's connection was left alone";
    EXPECT_EQ(detached.count(), 0);
    EXPECT_EQ(engine->attachedPages(), attached);
    page.resize(780, 760);
    screenshot(&page, u"page-connection-tested"_s);
    engine->stop();
    browser.stop();
}

TEST_F(ConnectionPageTest, TestingAnAddressWhereNothingAnswersSaysWhatToDo)
{
    const quint16 port = freePort();
    settings->setValue(SettingKey::CdpPort, port);
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.testConnection();
    ASSERT_TRUE(waitForSignal(models()->connection(), &ConnectionModel::probed));
    const QString result = label(page, u"testResult"_s)->text();
    EXPECT_TRUE(result.startsWith(u"Nothing answers at 127.0.0.1:%1"_s.arg(port))) << result.toStdString();
    EXPECT_TRUE(result.contains(u"--remote-debugging-port=%1"_s.arg(port))) << result.toStdString();
    EXPECT_FALSE(page.findChild<QTreeWidget *>(u"testTargets"_s)->isVisible());
}

TEST_F(ConnectionPageTest, TheLauncherIsRewrittenAndRestored)
{
    const QString system = installFakeCode();
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    page.selectIde(u"vscode"_s);
    auto *state = label(page, u"launcherState"_s);
    auto *rewrite = page.findChild<QPushButton *>(u"launcherRewrite"_s);
    auto *restore = page.findChild<QPushButton *>(u"launcherRestore"_s);
    EXPECT_TRUE(state->text().contains(u"starts VS Code without debugging"_s)) << state->text().toStdString();
    EXPECT_TRUE(rewrite->isEnabled());
    EXPECT_FALSE(restore->isEnabled());

    rewrite->click();
    const QString user = xdgDataHome + u"/applications/code.desktop"_s;
    ASSERT_TRUE(QFile::exists(user));
    EXPECT_TRUE(DesktopEntry::load(user)
                    ->value(u"Desktop Entry"_s, u"Exec"_s)
                    .contains(u"--remote-debugging-port=9004"_s));
    EXPECT_TRUE(state->text().contains(u"with debugging on port 9004"_s)) << state->text().toStdString();
    EXPECT_FALSE(rewrite->isEnabled()) << "nothing left to do";
    EXPECT_TRUE(restore->isEnabled());

    settings->setValue(SettingKey::CdpPort, 9222);
    EXPECT_EQ(rewrite->text(), u"Update to Port 9222"_s);
    EXPECT_TRUE(state->text().contains(u"but the app watches port 9222"_s)) << state->text().toStdString();
    EXPECT_TRUE(rewrite->isEnabled());

    restore->click();
    EXPECT_FALSE(QFile::exists(user));
    EXPECT_TRUE(QFile::exists(system));
    EXPECT_TRUE(state->text().contains(u"without debugging"_s));

    page.selectIde(u"windsurf"_s);
    EXPECT_TRUE(state->text().contains(u"No launcher for Windsurf"_s)) << state->text().toStdString();
    EXPECT_FALSE(rewrite->isEnabled());
    EXPECT_FALSE(page.findChild<QPushButton *>(u"ideStart"_s)->isEnabled());
}

TEST_F(ConnectionPageTest, ChromiumGetsASeparateEntryAndThePageSaysWhatWasWrittenWhere)
{
    const QString user = xdgDataHome + u"/applications/chromium.desktop"_s;
    const QByteArray mine = "[Desktop Entry]\nName=Chromium\nExec=/usr/bin/chromium %U\nType=Application\n"
                            "MimeType=text/html;\n";
    writeTextFile(user, QString::fromUtf8(mine));
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    page.selectIde(u"chrome"_s);
    auto *state = label(page, u"launcherState"_s);
    auto *rewrite = page.findChild<QPushButton *>(u"launcherRewrite"_s);
    auto *restore = page.findChild<QPushButton *>(u"launcherRestore"_s);
    const QString ours = xdgDataHome + u"/applications/chromium-mpa-debugging.desktop"_s;
    EXPECT_EQ(rewrite->text(), u"Add Debugging Entry"_s);
    EXPECT_TRUE(rewrite->toolTip().contains(QDir::toNativeSeparators(ours)))
        << rewrite->toolTip().toStdString();
    EXPECT_TRUE(state->text().contains(u"writes a separate entry “Chromium (debugging)”"_s))
        << state->text().toStdString();

    rewrite->click();
    QFile file(user);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), mine) << "the user's own entry is untouched";
    ASSERT_TRUE(QFile::exists(ours));
    EXPECT_TRUE(DesktopEntry::load(ours)
                    ->value(u"Desktop Entry"_s, u"Exec"_s)
                    .contains(u"--remote-debugging-port=9004"_s));
    const QString said = state->text();
    EXPECT_TRUE(said.contains(u"The entry “Chromium (debugging)” (%1)"_s.arg(QDir::toNativeSeparators(ours))))
        << said.toStdString();
    EXPECT_TRUE(said.contains(u"Your entry %1 is unchanged"_s.arg(QDir::toNativeSeparators(user))))
        << said.toStdString();
    EXPECT_EQ(restore->text(), u"Remove Debugging Entry"_s);
    ASSERT_TRUE(restore->isEnabled());
    screenshot(&page, u"connection-chromium-entry"_s);

    restore->click();
    EXPECT_FALSE(QFile::exists(ours));
    EXPECT_TRUE(QFile::exists(user));
}

TEST_F(ConnectionPageTest, StartingTheIdeAsksToCloseItFirst)
{
    installFakeCode();
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    page.selectIde(u"vscode"_s);
    const QString asked = clickAndAnswer(page.findChild<QPushButton *>(u"ideStart"_s), u"Cancel"_s);
    EXPECT_TRUE(asked.contains(u"Close every VS Code window first"_s)) << asked.toStdString();
    EXPECT_EQ(page.lastStartedPid(), 0);
    EXPECT_FALSE(page.isWaitingForIde());
}

// Chromium is called by its name, and starting it in a profile of its own asks nothing: the
// user's own Chromium windows may stay open (issue 34 item 17).
TEST_F(ConnectionPageTest, ChromiumIsCalledByItsNameAndStartsWithoutAskingToCloseIt)
{
    writeTextFile(xdgDataDirs + u"/applications/chromium.desktop"_s,
                  u"[Desktop Entry]\nType=Application\nName=Chromium\nExec=%1 %U\n"_s.arg(
                      DesktopEntry::joinExec({ u"sh"_s, u"-c"_s, u"exec sleep 300"_s, u"sh"_s })));
    settings->setValue(SettingKey::CdpPort, freePort());
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    page.selectIde(u"chrome"_s);
    auto *choice = page.findChild<QComboBox *>(u"ideChoice"_s);
    ASSERT_TRUE(choice);
    EXPECT_EQ(choice->currentText(), u"Chromium"_s);
    for (int i = 0; i < choice->count(); ++i)
        EXPECT_FALSE(choice->itemText(i).contains(u"dedicated profile"_s))
            << choice->itemText(i).toStdString();
    auto *start = page.findChild<QPushButton *>(u"ideStart"_s);
    EXPECT_EQ(start->text(), u"Start Chromium with Debugging"_s);
    // A question would run its own event loop: this closes it and keeps its title (none: no
    // question was asked).
    QString asked;
    QTimer::singleShot(0, &page, [&asked] {
        if (QWidget *modal = QApplication::activeModalWidget()) {
            asked = modal->windowTitle();
            modal->close();
        }
    });
    start->click();
    EXPECT_TRUE(asked.isEmpty()) << "asked: " << asked.toStdString();
    const qint64 pid = page.lastStartedPid();
    ASSERT_GT(pid, 0) << "started at once";
    EXPECT_TRUE(label(page, u"startState"_s)->text().startsWith(u"Waiting for Chromium to open port"_s))
        << label(page, u"startState"_s)->text().toStdString();
    page.findChild<QPushButton *>(u"ideStartCancel"_s)->click();
    ::kill(pid_t(pid), SIGTERM);
    EXPECT_TRUE(waitUntil([pid] { return !processRuns(pid); }, 20s));
    EXPECT_EQ(CdpConnectionModel::browserName(u"/usr/share/applications/google-chrome.desktop"_s, u"x"_s),
              u"Google Chrome"_s);
    EXPECT_EQ(CdpConnectionModel::browserName(QString(), u"Chromium or Chrome"_s), u"Chromium or Chrome"_s);
}

TEST_F(ConnectionPageTest, StartingTheIdeThroughItsLauncherOpensThePort)
{
    installFakeCode();
    const quint16 port = freePort();
    settings->setValue(SettingKey::CdpPort, port);
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    page.selectIde(u"vscode"_s);
    ASSERT_TRUE(page.rewriteLauncher());

    QSignalSpy finished(models()->connection(), &ConnectionModel::waitFinished);
    ASSERT_TRUE(page.startIde(true));
    const qint64 pid = page.lastStartedPid();
    ASSERT_GT(pid, 0);
    auto *state = label(page, u"startState"_s);
    EXPECT_TRUE(state->text().startsWith(u"Waiting for VS Code to open port %1"_s.arg(port)))
        << state->text().toStdString();
    const bool answered
        = finished.count() > 0 || waitForSignal(models()->connection(), &ConnectionModel::waitFinished, 60s);
    EXPECT_TRUE(answered);
    if (answered) {
        const auto result = finished.first().first().value<ConnectionModel::ProbeResult>();
        EXPECT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_TRUE(state->text().startsWith(u"VS Code answers on port %1"_s.arg(port)))
            << state->text().toStdString();
    }
    page.resize(780, 760);
    screenshot(&page, u"page-connection-started"_s);

    ::kill(pid_t(pid), SIGTERM);
    EXPECT_TRUE(waitUntil([pid] { return !processRuns(pid); }, 20s));
    if (processRuns(pid))
        ::kill(pid_t(pid), SIGKILL);
}

// The browser it started dies before it opens the port: the page stops waiting at once and
// says why — the exit code and what the browser said — instead of counting to the timeout.
TEST_F(ConnectionPageTest, AStartedBrowserThatDiesStopsTheWaitAndSaysWhy)
{
    installDyingCode();
    settings->setValue(SettingKey::CdpPort, freePort());
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.resize(780, 760);
    page.show();
    page.selectIde(u"vscode"_s);
    auto *start = page.findChild<QPushButton *>(u"ideStart"_s);
    auto *cancel = page.findChild<QPushButton *>(u"ideStartCancel"_s);
    ASSERT_TRUE(start && cancel);
    EXPECT_FALSE(cancel->isVisibleTo(&page));
    ASSERT_TRUE(page.startIde(true));
    EXPECT_TRUE(cancel->isVisibleTo(&page)) << "a wait can be cancelled";
    auto *state = label(page, u"startState"_s);
    ASSERT_TRUE(waitUntil([&] { return !page.isWaitingForIde(); }, 20s)) << state->text().toStdString();
    EXPECT_TRUE(state->text().startsWith(u"VS Code ended before it opened port %1 (exit code 1)."_s.arg(
        settings->intValue(SettingKey::CdpPort))))
        << state->text().toStdString();
    EXPECT_TRUE(state->text().contains(u"Missing X server or $DISPLAY"_s)) << state->text().toStdString();
    EXPECT_TRUE(state->text().contains(u"The last it printed: "_s)) << "plain words (issue 34 item 17)";
    EXPECT_FALSE(state->text().contains(u"last words"_s));
    EXPECT_TRUE(state->text().contains(u"ide-start.log"_s)) << state->text().toStdString();
    EXPECT_FALSE(state->text().contains(u"Waiting"_s));
    EXPECT_TRUE(state->property("error").toBool());
    EXPECT_TRUE(start->isEnabled());
    EXPECT_FALSE(cancel->isVisibleTo(&page));
    screenshot(&page, u"page-connection-start-died"_s);
}

// A start that failed is old news once the app connects (the user started the browser another
// way): the red sentence goes instead of standing beside "Connected to".
TEST_F(ConnectionPageTest, AStartFailureIsClearedWhenTheAppConnectsLater)
{
    installDyingCode();
    settings->setValue(SettingKey::CdpPort, freePort());
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.resize(780, 760);
    page.show();
    page.selectIde(u"vscode"_s);
    ASSERT_TRUE(page.startIde(true));
    auto *state = label(page, u"startState"_s);
    ASSERT_TRUE(waitUntil([&] { return !page.isWaitingForIde(); }, 20s)) << state->text().toStdString();
    ASSERT_TRUE(state->property("error").toBool());
    ASSERT_TRUE(state->isVisible());

    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    settings->setValue(SettingKey::CdpPort, browser.port());
    engine->start();
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->isConnected(); }));
    EXPECT_TRUE(waitUntil([&] { return !state->isVisible(); })) << state->text().toStdString();
    EXPECT_TRUE(state->text().isEmpty()) << state->text().toStdString();
    EXPECT_FALSE(state->property("error").toBool());
    EXPECT_TRUE(label(page, u"engineState"_s)->text().startsWith(u"Connected to"_s));
}

// Cancel stops the wait and leaves the started program alone, saying so.
TEST_F(ConnectionPageTest, CancelStopsWaitingForTheStartedIde)
{
    installSilentCode();
    settings->setValue(SettingKey::CdpPort, freePort());
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    page.selectIde(u"vscode"_s);
    ASSERT_TRUE(page.startIde(true));
    const qint64 pid = page.lastStartedPid();
    ASSERT_GT(pid, 0);
    auto *cancel = page.findChild<QPushButton *>(u"ideStartCancel"_s);
    ASSERT_TRUE(cancel->isVisibleTo(&page));
    cancel->click();
    EXPECT_FALSE(page.isWaitingForIde());
    EXPECT_FALSE(cancel->isVisibleTo(&page));
    EXPECT_TRUE(page.findChild<QPushButton *>(u"ideStart"_s)->isEnabled());
    EXPECT_EQ(
        label(page, u"startState"_s)->text(),
        u"Stopped waiting. VS Code is still running (process %1); close it yourself if you do not want it."_s
            .arg(pid));
    EXPECT_TRUE(processRuns(pid)) << "the started program is left alone";
    QSignalSpy exited(models()->connection(), &ConnectionModel::startedIdeExited);
    ::kill(pid_t(pid), SIGTERM);
    EXPECT_TRUE(exited.count() > 0
                || waitForSignal(models()->connection(), &ConnectionModel::startedIdeExited, 20s));
}

// UiTest's helpers that need no engine.
struct UiHelpers : UiTest
{
    using UiTest::clickAndAnswer;
    using UiTest::field;
};

// The page over a fake model: no engine, no browser, no launcher on disk.
class ConnectionPageOnModelTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(folder.isValid());
        settings = std::make_unique<Settings>(folder.filePath(u"settings.ini"_s));
        model.fakeIdes = { { u"vscode"_s, u"VS Code"_s, false }, { u"chrome"_s, u"Chromium"_s, true } };
        ConnectionModel::Launcher code;
        code.found = true;
        code.launcherPath = code.originalPath = u"/usr/share/applications/code.desktop"_s;
        model.launchers.insert(u"vscode"_s, code);
        ConnectionModel::Launcher chromium;
        chromium.found = true;
        chromium.separate = true;
        chromium.launcherPath = chromium.originalPath = u"/usr/share/applications/chromium.desktop"_s;
        chromium.separatePath = u"/home/user/.local/share/applications/chromium-mpa-debugging.desktop"_s;
        chromium.separateName = u"Chromium (debugging)"_s;
        model.launchers.insert(u"chrome"_s, chromium);
    }

    QLabel *label(const QWidget &page, const QString &name) { return page.findChild<QLabel *>(name); }
    QPushButton *button(const QWidget &page, const QString &name)
    {
        return page.findChild<QPushButton *>(name);
    }

    QTemporaryDir folder;
    std::unique_ptr<Settings> settings;
    FakeConnectionModel model;
    FakeEndpointsModel endpoints;
};

TEST_F(ConnectionPageOnModelTest, ShowsTheModelsStateAndTheVerdictsOfATest)
{
    model.status = u"Connected to 127.0.0.1:9555 · 2 pages"_s;
    model.connected = true;
    model.browser = u"Chrome/130.0"_s;
    model.runPort = 9555; // --cdp-port
    ConnectionPage page(&model, &endpoints, settings.get());
    page.show();
    EXPECT_EQ(label(page, u"engineState"_s)->text(),
              u"Connected to 127.0.0.1:9555 · 2 pages (Chrome/130.0)"_s);
    const QString note = UiHelpers::field(&page, SettingKey::CdpPort)->note();
    EXPECT_TRUE(note.startsWith(u"This run uses 127.0.0.1:9555 (set on the command line)"_s))
        << note.toStdString();
    auto *choice = page.findChild<QComboBox *>(u"ideChoice"_s);
    ASSERT_TRUE(choice);
    ASSERT_EQ(choice->count(), 2);
    EXPECT_EQ(choice->itemText(1), u"Chromium"_s);
    EXPECT_EQ(page.selectedIdeId(), u"vscode"_s) << "the first with a launcher";
    EXPECT_TRUE(label(page, u"launcherState"_s)
                    ->text()
                    .endsWith(u"code.desktop — starts VS Code without debugging."_s))
        << label(page, u"launcherState"_s)->text().toStdString();
    EXPECT_EQ(button(page, u"ideStart"_s)->text(), u"Start VS Code with Debugging"_s);
    EXPECT_EQ(page.startText(), u"Start VS Code with Debugging"_s);
    EXPECT_TRUE(page.canStartIde());

    // Test Connection asks the model at the fields' address and shows each target's verdict.
    button(page, u"testConnection"_s)->click();
    EXPECT_EQ(model.calls, QStringList { u"probe 127.0.0.1:9004"_s });
    EXPECT_FALSE(button(page, u"testConnection"_s)->isEnabled()) << "until the answer comes";
    ConnectionModel::ProbeResult found;
    found.ok = true;
    found.address = u"127.0.0.1:9004"_s;
    found.port = 9004;
    found.browser = u"Chrome/130.0"_s;
    found.targets = { { u"Agent"_s, u"https://ide.example/agent"_s, u"page"_s, true, QString() },
                      { u"Settings"_s, u"https://ide.example/settings"_s, u"page"_s, true,
                        u"its title contains “Settings”"_s },
                      { QString(), u"https://ide.example/held"_s, u"page"_s, false, QString() } };
    Q_EMIT model.probed(found);
    EXPECT_TRUE(button(page, u"testConnection"_s)->isEnabled());
    EXPECT_EQ(label(page, u"testResult"_s)->text(),
              u"Chrome/130.0 answers at 127.0.0.1:9004 · 3 targets, 1 to work on"_s);
    auto *targets = page.findChild<QTreeWidget *>(u"testTargets"_s);
    ASSERT_TRUE(targets->isVisible());
    ASSERT_EQ(targets->topLevelItemCount(), 3);
    EXPECT_EQ(targets->topLevelItem(0)->text(2), u"attaches"_s);
    EXPECT_EQ(targets->topLevelItem(1)->text(2), u"skips: its title contains “Settings”"_s);
    EXPECT_EQ(targets->topLevelItem(2)->text(0), u"https://ide.example/held"_s) << "no title: the address";
    EXPECT_EQ(targets->topLevelItem(2)->text(2), u"skips: another debugger holds it"_s);

    ConnectionModel::ProbeResult nothing;
    nothing.address = u"127.0.0.1:9004"_s;
    nothing.error = u"nothing answers at 127.0.0.1:9004"_s;
    Q_EMIT model.probed(nothing);
    EXPECT_EQ(label(page, u"testResult"_s)->text(), u"Nothing answers at 127.0.0.1:9004."_s);
    EXPECT_FALSE(targets->isVisible());
}

TEST_F(ConnectionPageOnModelTest, ItsButtonsRewriteStartWaitAndRelaunchThroughTheModel)
{
    ConnectionPage page(&model, &endpoints, settings.get());
    page.resize(780, 760);
    page.show();
    auto *state = label(page, u"startState"_s);
    auto *start = button(page, u"ideStart"_s);
    auto *cancel = button(page, u"ideStartCancel"_s);

    // The launcher: rewritten and restored for the selected IDE at the saved port.
    button(page, u"launcherRewrite"_s)->click();
    EXPECT_EQ(model.calls.takeLast(), u"rewrite vscode 9004"_s);
    EXPECT_TRUE(
        label(page, u"launcherState"_s)->text().contains(u"starts VS Code with debugging on port 9004"_s))
        << label(page, u"launcherState"_s)->text().toStdString();
    button(page, u"launcherRestore"_s)->click();
    EXPECT_EQ(model.calls.takeLast(), u"restore vscode"_s);

    // Start (Chromium: a profile of its own, nothing to ask), then wait at the saved address.
    page.selectIde(u"chrome"_s);
    EXPECT_EQ(button(page, u"launcherRewrite"_s)->text(), u"Add Debugging Entry"_s);
    start->click();
    EXPECT_EQ(model.calls, (QStringList { u"start chrome 9004"_s, u"wait 127.0.0.1:9004"_s }));
    EXPECT_EQ(page.lastStartedPid(), 4242);
    EXPECT_TRUE(page.isWaitingForIde());
    EXPECT_EQ(state->text(), u"Waiting for Chromium to open port 9004…"_s);
    EXPECT_FALSE(start->isEnabled());
    EXPECT_TRUE(cancel->isVisibleTo(&page));
    Q_EMIT model.waitAttemptFailed();
    EXPECT_TRUE(state->text().startsWith(u"Waiting for Chromium to open port 9004… ("_s))
        << state->text().toStdString();
    ConnectionModel::ProbeResult up;
    up.ok = true;
    up.port = 9004;
    up.browser = u"Chrome/130.0"_s;
    model.finishWait(up);
    EXPECT_EQ(state->text(),
              u"Chromium answers on port 9004 (Chrome/130.0). The app attaches to it by itself."_s);
    EXPECT_TRUE(start->isEnabled());
    EXPECT_FALSE(cancel->isVisibleTo(&page));

    // A started program that ends with an error stops the wait and says why.
    model.calls.clear();
    model.output = u"Missing X server or $DISPLAY"_s;
    model.outputFile = u"/tmp/logs/ide-start.log"_s;
    start->click();
    model.endStartedIde(1, false);
    EXPECT_EQ(model.calls,
              (QStringList { u"start chrome 9004"_s, u"wait 127.0.0.1:9004"_s, u"cancelWait"_s }));
    EXPECT_EQ(state->text(),
              u"Chromium ended before it opened port 9004 (exit code 1).\nThe last it printed: "
              "Missing X server or $DISPLAY\nAll it wrote is in /tmp/logs/ide-start.log."_s);
    EXPECT_TRUE(state->property("error").toBool());
    // ... and goes once the app is connected.
    model.connected = true;
    Q_EMIT model.statusChanged();
    EXPECT_FALSE(state->isVisible());

    // Restart Running IDE: on while one runs, asks, then restarts that process at the saved address.
    model.calls.clear();
    ConnectionModel::RunningIde windsurf { 777, u"Windsurf"_s, { u"/home/user/project"_s } };
    model.running = windsurf;
    page.hide();
    page.show(); // looks again
    auto *relaunch = button(page, u"ideRelaunch"_s);
    ASSERT_TRUE(relaunch->isEnabled());
    EXPECT_TRUE(relaunch->toolTip().startsWith(u"Quit Windsurf (process 777)"_s))
        << relaunch->toolTip().toStdString();
    const QString asked = UiHelpers::clickAndAnswer(relaunch, u"Restart Windsurf"_s);
    EXPECT_TRUE(asked.contains(u"Restart Windsurf with debugging on port 9004?"_s)) << asked.toStdString();
    EXPECT_TRUE(asked.contains(u"It opens again with: /home/user/project"_s)) << asked.toStdString();
    EXPECT_EQ(model.calls, QStringList { u"relaunch 777 127.0.0.1:9004"_s });
    EXPECT_FALSE(relaunch->isEnabled()) << "busy until it is done";
    Q_EMIT model.relaunchProgress(u"Waiting for Windsurf to quit…"_s);
    EXPECT_EQ(state->text(), u"Waiting for Windsurf to quit…"_s);
    EXPECT_TRUE(state->isVisible());
    model.finishRelaunch({ true, QString(), u"Windsurf"_s, 1, u"Chrome/130.0"_s });
    EXPECT_TRUE(state->text().startsWith(u"Windsurf is back with debugging on port 9004 (Chrome/130.0)"_s))
        << state->text().toStdString();
    EXPECT_FALSE(state->property("error").toBool());
    EXPECT_TRUE(relaunch->isEnabled());
    model.running.reset();
    EXPECT_FALSE(page.relaunchIde(true)) << "nothing runs";
    EXPECT_TRUE(state->text().startsWith(u"Nothing to restart: none of VS Code is running."_s))
        << state->text().toStdString();
}

} // namespace
