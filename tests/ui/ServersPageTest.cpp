#include "pages/ServersPage.h"

#include "AppRun.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "SharedPages.h"
#include "TokenBox.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "server/DebugApiService.h"
#include "server/TokenFile.h"
#include "server/ToolkitServerService.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTcpServer>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class ServersPageTest : public UiTest
{
protected:
    QString tokenPath(const QString &name) const { return QDir(configDir()).filePath(name); }
};

TEST_F(ServersPageTest, ServerSettingsLoadSaveAndTakeEffectAtOnce)
{
    settings->setValue(SettingKey::DebugPort, 50000);
    ServersPage page(settings.get(), engine->paths(), engine->debugApi(), engine->toolkitServer());
    auto *debugOn = editor<QCheckBox>(&page, SettingKey::DebugEnabled);
    ASSERT_TRUE(debugOn);
    EXPECT_FALSE(debugOn->isChecked());
    EXPECT_EQ(editor<QSpinBox>(&page, SettingKey::DebugPort)->value(), 50000);
    EXPECT_EQ(editor<QSpinBox>(&page, SettingKey::AgentServerPort)->value(), 9005);
    // Both servers move to a new port by themselves (DebugApiServiceTest.FollowsTheSettingsLive):
    // no "Takes effect after a restart" note.
    EXPECT_FALSE(field(&page, SettingKey::DebugPort)->findChild<QLabel *>(u"restartNote"_s));
    EXPECT_FALSE(field(&page, SettingKey::AgentServerPort)->findChild<QLabel *>(u"restartNote"_s));
    EXPECT_FALSE(field(&page, SettingKey::DebugAllowEvaluate)->note().isEmpty()) << "the risk is spelled out";

    debugOn->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::DebugEnabled));
    editor<QCheckBox>(&page, SettingKey::AgentServerEnabled)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::AgentServerEnabled));
    editor<QSpinBox>(&page, SettingKey::AgentServerPort)->setValue(8181);
    EXPECT_EQ(settings->intValue(SettingKey::AgentServerPort), 8181);
}

// toolkit/uploadDirs is the user's to fill, in the window: one full path per line.
TEST_F(ServersPageTest, TheFoldersOpenForUploadsAreListedHere)
{
    ServersPage page(settings.get(), engine->paths(), engine->debugApi(), engine->toolkitServer());
    page.resize(760, 1400);
    auto *folders = editor<QPlainTextEdit>(&page, SettingKey::ToolkitUploadDirs);
    ASSERT_TRUE(folders);
    EXPECT_TRUE(folders->toPlainText().isEmpty());
    EXPECT_FALSE(field(&page, SettingKey::ToolkitUploadDirs)->note().isEmpty()) << "the rule is spelled out";

    typeInto(folders, u"uploads"_s);
    EXPECT_FALSE(field(&page, SettingKey::ToolkitUploadDirs)->commit());
    EXPECT_TRUE(
        field(&page, SettingKey::ToolkitUploadDirs)->errorText().contains(u"not a folder's full path"_s))
        << field(&page, SettingKey::ToolkitUploadDirs)->errorText().toStdString();
    EXPECT_TRUE(settings->listValue(SettingKey::ToolkitUploadDirs).isEmpty());

    typeInto(folders, u"/home/ada/uploads\n/srv/shared/forms"_s);
    ASSERT_TRUE(field(&page, SettingKey::ToolkitUploadDirs)->commit());
    EXPECT_EQ(settings->listValue(SettingKey::ToolkitUploadDirs),
              (QStringList { u"/home/ada/uploads"_s, u"/srv/shared/forms"_s }));
    if (auto *scroll = page.findChild<QScrollArea *>())
        scroll->ensureWidgetVisible(folders);
    screenshot(&page, u"servers-upload-folders"_s);
}

TEST_F(ServersPageTest, ATokenIsCreatedShownCopiedAndRegenerated)
{
    ServersPage page(settings.get(), engine->paths(), engine->debugApi(), engine->toolkitServer());
    page.show();
    TokenBox *box = page.debugToken();
    ASSERT_TRUE(box);
    EXPECT_EQ(box->path(), tokenPath(u"debug-token"_s));
    EXPECT_EQ(page.agentToken()->path(), tokenPath(u"agent-token"_s));
    auto *text = box->findChild<QLineEdit *>(u"tokenField"_s);
    auto *create = box->findChild<QPushButton *>(u"tokenRegenerate"_s);
    EXPECT_TRUE(text->text().isEmpty());
    EXPECT_EQ(create->text(), u"Create"_s);
    EXPECT_FALSE(box->findChild<QPushButton *>(u"tokenCopy"_s)->isEnabled());

    create->click(); // no question for a first token
    const QString first = TokenFile(tokenPath(u"debug-token"_s)).read();
    ASSERT_EQ(first.size(), 43);
    EXPECT_EQ(QFile::permissions(tokenPath(u"debug-token"_s)) & 0x0077, 0) << "readable by the owner only";
    EXPECT_EQ(text->text(), first);
    EXPECT_EQ(text->echoMode(), QLineEdit::Password) << "hidden until asked";
    box->findChild<QPushButton *>(u"tokenReveal"_s)->click();
    EXPECT_EQ(text->echoMode(), QLineEdit::Normal);
    box->findChild<QPushButton *>(u"tokenCopy"_s)->click();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), first);

    auto *regenerate = box->findChild<QPushButton *>(u"tokenRegenerate"_s);
    clickAndAnswer(regenerate, u"Cancel"_s);
    EXPECT_EQ(TokenFile(tokenPath(u"debug-token"_s)).read(), first);
    const QString asked = clickAndAnswer(regenerate, u"Yes"_s);
    EXPECT_TRUE(asked.contains(u"refused"_s)) << asked.toStdString();
    const QString second = TokenFile(tokenPath(u"debug-token"_s)).read();
    EXPECT_NE(second, first);
    EXPECT_EQ(text->text(), second);
    EXPECT_TRUE(TokenFile(tokenPath(u"agent-token"_s)).read().isEmpty()) << "each server has its own";
}

TEST_F(ServersPageTest, AnExistingTokenIsShownAndNeverWrittenToTheSettings)
{
    const QString token = TokenFile(tokenPath(u"agent-token"_s)).ensure();
    ServersPage page(settings.get(), engine->paths(), engine->debugApi(), engine->toolkitServer());
    EXPECT_EQ(page.agentToken()->findChild<QLineEdit *>(u"tokenField"_s)->text(), token);
    QFile ini(settings->filePath());
    if (ini.open(QIODevice::ReadOnly)) {
        EXPECT_FALSE(QString::fromUtf8(ini.readAll()).contains(token));
    }
    EXPECT_EQ(page.findChild<QLabel *>(u"debugServerState"_s)->text(), u"Not running"_s);
    EXPECT_EQ(page.findChild<QLabel *>(u"agentServerState"_s)->text(), u"Off"_s);
}

TEST_F(ServersPageTest, TheAgentServerShowsItsLiveStateAndFollowsTheFields)
{
    quint16 port = 0;
    const std::unique_ptr<ServersPage> page = serversPageOnAgentServer(settings.get(), engine.get(), &port);
    ToolkitServerService *service = engine->toolkitServer();
    auto *state = page->findChild<QLabel *>(u"agentServerState"_s);
    ASSERT_TRUE(state);
    EXPECT_EQ(state->text(), u"Off"_s);

    editor<QCheckBox>(page.get(), SettingKey::AgentServerEnabled)->click();
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();
    EXPECT_EQ(state->text(), u"Listening on 127.0.0.1:%1, 0 clients"_s.arg(port));
    // The service made the token on its first start; the box shows it.
    const QString token = TokenFile(page->agentToken()->path()).read();
    ASSERT_EQ(token.size(), 43);
    EXPECT_EQ(page->agentToken()->findChild<QLineEdit *>(u"tokenField"_s)->text(), token);
    screenshot(page.get(), u"servers-agent-listening"_s);

    // A token made in the box is the one the server checks from now on.
    ASSERT_TRUE(page->agentToken()->regenerate(true));
    const QString fresh = TokenFile(page->agentToken()->path()).read();
    EXPECT_NE(fresh, token);
    EXPECT_EQ(service->token(), fresh);

    // Client mode, live: the URL field is used and the countdown shows while it waits.
    auto *mode = editor<QComboBox>(page.get(), SettingKey::AgentServerMode);
    ASSERT_TRUE(mode);
    mode->setCurrentIndex(mode->findData(u"client"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::AgentServerMode), u"client"_s);
    EXPECT_FALSE(service->isListening());
    const quint16 nobody = unusedPort();
    ASSERT_TRUE(editor<QLineEdit>(page.get(), SettingKey::AgentServerUrl)->isVisible());
    typeInto(editor<QLineEdit>(page.get(), SettingKey::AgentServerUrl), u"ws://127.0.0.1:%1"_s.arg(nobody));
    pressEnter(editor<QLineEdit>(page.get(), SettingKey::AgentServerUrl));
    EXPECT_EQ(settings->stringValue(SettingKey::AgentServerUrl), u"ws://127.0.0.1:%1"_s.arg(nobody));
    ASSERT_TRUE(waitUntil([&] { return state->text().contains(u"(retry in"_s); }))
        << state->text().toStdString();
    EXPECT_TRUE(state->text().startsWith(u"Connecting to ws://127.0.0.1:%1"_s.arg(nobody)))
        << state->text().toStdString();
    screenshot(page.get(), u"servers-agent-client-waiting"_s);
    service->stop();
}

TEST_F(ServersPageTest, TheAgentServerShowsThePortInServerModeAndTheUrlInClientMode)
{
    ServersPage page(settings.get(), engine->paths(), engine->debugApi(), engine->toolkitServer());
    page.resize(720, 1000);
    page.show();
    SettingField *port = field(&page, SettingKey::AgentServerPort);
    SettingField *url = field(&page, SettingKey::AgentServerUrl);
    ASSERT_TRUE(port && url);
    // The label beside each goes with it (a form row hidden whole, not just its editor).
    auto *form = qobject_cast<QFormLayout *>(port->parentWidget()->layout());
    ASSERT_TRUE(form);
    QWidget *portLabel = form->labelForField(port);
    QWidget *urlLabel = form->labelForField(url);
    ASSERT_TRUE(portLabel && urlLabel);
    EXPECT_EQ(settings->stringValue(SettingKey::AgentServerMode), u"server"_s);
    EXPECT_TRUE(port->isVisible());
    EXPECT_TRUE(portLabel->isVisible());
    EXPECT_FALSE(url->isVisible());
    EXPECT_FALSE(urlLabel->isVisible());

    auto *mode = editor<QComboBox>(&page, SettingKey::AgentServerMode);
    ASSERT_TRUE(mode);
    mode->setCurrentIndex(mode->findData(u"client"_s));
    EXPECT_FALSE(port->isVisible());
    EXPECT_FALSE(portLabel->isVisible());
    EXPECT_TRUE(url->isVisible());
    EXPECT_TRUE(urlLabel->isVisible());
    screenshot(&page, u"servers-client-mode"_s);

    // Changed elsewhere (the debug API, another window): the page follows.
    settings->setValue(SettingKey::AgentServerMode, u"server"_s);
    EXPECT_TRUE(port->isVisible());
    EXPECT_FALSE(url->isVisible());
}

TEST_F(ServersPageTest, ADebugTokenMadeInTheWindowIsTheOneTheRunningApiChecks)
{
    settings->setValue(SettingKey::DebugPort, unusedPort());
    settings->setValue(SettingKey::DebugEnabled, true);
    DebugApiService *service = engine->debugApi();
    service->start();
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();
    ServersPage page(settings.get(), engine->paths(), engine->debugApi(), engine->toolkitServer());
    const QString first = TokenFile(page.debugToken()->path()).read();
    ASSERT_EQ(first.size(), 43);
    EXPECT_EQ(page.debugToken()->findChild<QLineEdit *>(u"tokenField"_s)->text(), first);

    ASSERT_TRUE(page.debugToken()->regenerate(true));
    const QString second = TokenFile(page.debugToken()->path()).read();
    EXPECT_NE(second, first);
    EXPECT_EQ(service->token(), second) << "ctl reads the file: the server must accept what it holds";
    service->stop();
}

// Another program on the agent server's port: the state reads as an error in plain words
// (the whole error, setting name and all, in its tooltip), the Port field is flagged, and the
// tray's tooltip says the server is not running; another port clears all three.
TEST_F(ServersPageTest, APortClashLooksLikeAnErrorFlagsThePortAndShowsInTheTray)
{
    QTcpServer squatter;
    ASSERT_TRUE(squatter.listen(QHostAddress::LocalHost, 0));
    const quint16 taken = squatter.serverPort();
    settings->setValue(SettingKey::AgentServerPort, taken);
    settings->setValue(SettingKey::AgentServerEnabled, true);
    settings->setValue(SettingKey::DebugPort, unusedPort());
    settings->setValue(SettingKey::DebugEnabled, true);
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    engine->toolkitServer()->start();
    engine->debugApi()->start();
    auto *page = window.page<ServersPage>();
    ASSERT_TRUE(page);
    window.resize(800, 600);
    window.showPage(MainWindow::Page::Servers);
    window.show();

    auto *state = page->findChild<QLabel *>(u"agentServerState"_s);
    ASSERT_TRUE(state);
    EXPECT_EQ(state->text(),
              u"Not running: port %1 is in use by another program — choose another port."_s.arg(taken));
    EXPECT_TRUE(state->property("error").toBool()) << "one error style";
    EXPECT_TRUE(state->toolTip().contains(u"agentServer/port"_s)) << "setting names in tooltips only";
    EXPECT_FALSE(state->text().contains(u"agentServer/port"_s));
    SettingField *port = field(page, SettingKey::AgentServerPort);
    EXPECT_EQ(port->problem(), u"Port %1 is in use by another program; choose another."_s.arg(taken));
    EXPECT_TRUE(port->editor()->property("error").toBool()) << "the field is flagged";
    EXPECT_TRUE(tray.toolTip().contains(
        u"Agent server not running: port %1 is in use by another program"_s.arg(taken)))
        << tray.toolTip().toStdString();

    // The debug API's state line is whole at this size: it wraps, never cut off.
    auto *debugState = page->findChild<QLabel *>(u"debugServerState"_s);
    ASSERT_TRUE(debugState);
    EXPECT_TRUE(debugState->wordWrap());
    EXPECT_TRUE(debugState->text().startsWith(u"Listening on http://127.0.0.1:"_s))
        << debugState->text().toStdString();
    EXPECT_FALSE(debugState->property("error").toBool());
    page->findChild<QScrollArea *>()->ensureWidgetVisible(state);
    screenshot(&window, u"servers-port-clash"_s);

    const quint16 free = unusedPort();
    editor<QSpinBox>(page, SettingKey::AgentServerPort)->setValue(free);
    ASSERT_TRUE(engine->toolkitServer()->isListening()) << engine->toolkitServer()->error().toStdString();
    EXPECT_EQ(state->text(), u"Listening on 127.0.0.1:%1, 0 clients"_s.arg(free));
    EXPECT_FALSE(state->property("error").toBool());
    EXPECT_TRUE(port->problem().isEmpty());
    EXPECT_FALSE(port->editor()->property("error").toBool());
    EXPECT_FALSE(tray.toolTip().contains(u"not running"_s)) << tray.toolTip().toStdString();
    engine->toolkitServer()->stop();
    engine->debugApi()->stop();
}

} // namespace
