// A script written for the VS Code extension's debug server, run against this app: its action
// names, its parameter names and its request, verbatim, through POST /command with the token
// added (the one change the README asks of such a script). The engine is attached to real
// headless Chromium; each action's effect is checked (the page, the settings file, the queue,
// the log file), not only its status.
//
// Evidence: github:rodhayl/antigravity-multi-purpose-agent (HEAD 294268e)
//  - main_scripts/debug-handler.js, DebugHandler.handleCommand(): the switch over its 45
//    actions, their params (value, conversationId, commands, silenceTimeout, checkPromptEnabled,
//    checkPromptText, tailLines, prompt, code) and replies ({success, enabled}, {success,
//    schedule}, {success, status}, {success, server: {running, port}}, {success, cdp: {...}},
//    {success, isLockedOut}, {success, roiStats}, {success, snapshot}).
//  - tests/comprehensive_test.js, sendCommand(): `JSON.stringify({ action, params })` POSTed to
//    path '/command' with headers { 'Content-Type': 'application/json', 'Content-Length' }, and
//    its test order (getServerStatus, toggle, updateSchedule, …) followed below.
//  - docs/SEND_MESSAGE_ANTIGRAVITY_TO_AGENT_CHAT.md: `{action:'sendChatPrompt',params:{prompt:'Test
//  message'}}`.
//  - main_scripts/extension-impl.js: getROIStats (SECONDS_PER_CLICK = 5, clicksThisWeek × 5 s,
//    minutes rounded, "N minutes" / "H.H hours"), resetQueue (stops and clears the prompts).
// The language server fixture (GetUserStatus answer, process command line) is the one of
// tests/unit/AntigravityQuotaProviderTest.cpp, taken from Antigravity's own requests.
#include "AppRun.h"
#include "EngineHarness.h"
#include "FakeLanguageServer.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "RawHttp.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "autoaccept/AutoAcceptStats.h"
#include "engine/Engine.h"
#include "logging/Logging.h"
#include "platform/InstanceLock.h"
#include "platform/ProcFsProcessFinder.h"
#include "quota/AntigravityQuotaProvider.h"
#include "quota/QuotaMonitor.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiService.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

#include <gtest/gtest.h>

#include <csignal>
#include <memory>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

Q_LOGGING_CATEGORY(lcCompat, "mpa.compattest")

// Every case of the extension's DebugHandler.handleCommand() switch, in its order, and the
// name its docs send prompts with.
const QStringList kExtensionActions {
    u"toggle"_s,
    u"getEnabled"_s,
    u"startQueue"_s,
    u"pauseQueue"_s,
    u"resumeQueue"_s,
    u"skipPrompt"_s,
    u"stopQueue"_s,
    u"resetQueue"_s,
    u"sendPrompt"_s,
    u"getQueueStatus"_s,
    u"updateSchedule"_s,
    u"getSchedule"_s,
    u"getConversations"_s,
    u"setTargetConversation"_s,
    u"getPromptHistory"_s,
    u"updateBannedCommands"_s,
    u"getBannedCommands"_s,
    u"setAntigravityQuota"_s,
    u"getAntigravityQuota"_s,
    u"refreshAntigravityQuota"_s,
    u"setResumeEnabled"_s,
    u"setAutoContinue"_s,
    u"getAutoContinue"_s,
    u"getStats"_s,
    u"getROIStats"_s,
    u"getLogs"_s,
    u"clearLogs"_s,
    u"openLogFile"_s,
    u"setFrequency"_s,
    u"resetAllSettings"_s,
    u"getSystemInfo"_s,
    u"getAntigravityStatus"_s,
    u"forceRelaunch"_s,
    u"getLockedOut"_s,
    u"getFullState"_s,
    u"getServerStatus"_s,
    u"getCDPStatus"_s,
    u"listChatCommands"_s,
    u"executeVSCodeCommand"_s,
    u"evaluateInBrowser"_s,
    u"getCDPConnections"_s,
    u"uiAction"_s,
    u"getUISnapshot"_s,
    u"listUIElements"_s,
    u"openSettingsPanel"_s,
    u"sendChatPrompt"_s,
};
const QString kCsrfToken = u"4f1c2a9e-csrf-secret"_s;

// What the extension's sendCommand() got back, plus the HTTP status it ignored.
struct ExtensionReply
{
    int status = 0;
    QJsonObject body;

    bool success() const { return body.value(u"success"_s).toBool(); }
    QJsonValue operator[](const QString &field) const { return body.value(field); }
    QString error() const { return body.value(u"error"_s).toString(); }
    std::string describe() const
    {
        return u"HTTP %1: %2"_s.arg(status)
            .arg(QString::fromUtf8(QJsonDocument(body).toJson(QJsonDocument::Compact).left(1500)))
            .toStdString();
    }
};

class ExtensionCompatTest : public ChromiumTest
{
protected:
    void SetUp() override
    {
        ChromiumTest::SetUp();
        paths = AppPaths::forConfigDir(configDir());
        Logging::install({ paths.logDir });
    }

    void TearDown() override
    {
        harness.reset();
        Logging::install({});
        ChromiumTest::TearDown();
    }

    // The engine as the app runs it, with its debug API on a free port. `provider`, when given,
    // reads the quota instead of the machine's own processes.
    void startEngine(QuotaProvider *provider = nullptr)
    {
        harness = std::make_unique<EngineHarness>(configDir());
        ASSERT_TRUE(harness->start(
            { .cdpPort = browser().port(), .debugApi = true, .beforeStart = [provider](Engine *built) {
                 if (provider)
                     built->quota()->setProvider(provider);
             } }));
        settings = harness->settings();
        engine = harness->engine();
        port = engine->debugApi()->port();
        // The one change an old script needs: the token from <config-dir>/debug-token.
        QFile file(QDir(configDir()).filePath(u"debug-token"_s));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        token = file.readAll().trimmed();
        ASSERT_FALSE(token.isEmpty());
    }

    // sendCommand(action, params = {}) of tests/comprehensive_test.js, with the token header.
    ExtensionReply sendCommand(const QString &action, const QJsonObject &params = {})
    {
        const QByteArray data
            = QJsonDocument(QJsonObject { { u"action"_s, action }, { u"params"_s, params } })
                  .toJson(QJsonDocument::Compact);
        const RawHttpReply reply = rawHttp(
            port,
            httpRequest("POST", "/command", port,
                        { { "Content-Type", "application/json" }, { "Authorization", "Bearer " + token } },
                        data),
            60s);
        return { reply.status, reply.json };
    }

    // The settings file as another process would read it.
    QVariant saved(SettingKey key) const { return harness->saved(key); }

    AppPaths paths;
    std::unique_ptr<EngineHarness> harness;
    Settings *settings = nullptr;
    Engine *engine = nullptr;
    quint16 port = 0;
    QByteArray token;
};

TEST_F(ExtensionCompatTest, EveryActionOfTheExtensionIsServedUnderItsName)
{
    startEngine();
    const ExtensionReply reply = sendCommand(u"listActions"_s);
    ASSERT_TRUE(reply.success()) << reply.describe();
    QStringList served;
    for (const QJsonValue &action : reply[u"actions"_s].toArray())
        served.append(action.toObject().value(u"name"_s).toString());
    EXPECT_EQ(kExtensionActions.size(), 46);
    for (const QString &name : kExtensionActions)
        EXPECT_TRUE(served.contains(name)) << name.toStdString() << " is not served";
    // rewindQueue is what resetQueue did here before: back to the first prompt, prompts kept.
    EXPECT_TRUE(served.contains(u"rewindQueue"_s));
    // An unknown action is still a clear 404, on the extension's path too.
    const ExtensionReply unknown = sendCommand(u"noSuchAction"_s);
    EXPECT_EQ(unknown.status, 404) << unknown.describe();
    EXPECT_FALSE(unknown.success());
    EXPECT_TRUE(unknown.error().contains(u"noSuchAction"_s)) << unknown.describe();
}

TEST_F(ExtensionCompatTest, TheExtensionsPathStillNeedsTheToken)
{
    startEngine();
    const QByteArray body = R"({"action":"getEnabled","params":{}})";
    RawHttpReply reply = rawHttp(
        port, httpRequest("POST", "/command", port, { { "Content-Type", "application/json" } }, body));
    EXPECT_EQ(reply.status, 401) << reply.describe().toStdString();
    EXPECT_TRUE(reply.json.value(u"error"_s).toString().contains(u"debug-token"_s))
        << reply.describe().toStdString();
    // A web page's request (the extension answered those with Access-Control-Allow-Origin: *).
    reply = rawHttp(port,
                    httpRequest("POST", "/command", port,
                                { { "Content-Type", "application/json" },
                                  { "Authorization", "Bearer " + token },
                                  { "Origin", "http://evil.example" } },
                                body));
    EXPECT_EQ(reply.status, 403) << reply.describe().toStdString();
    EXPECT_TRUE(reply.header("Access-Control-Allow-Origin").isEmpty());
}

// tests/comprehensive_test.js, test by test, then the actions it did not cover.
TEST_F(ExtensionCompatTest, TheExtensionsTestSuiteRunsItsWholeListAgainstTheEngine)
{
    startEngine();
    CdpEndpoint *own = connectEndpoint();
    ASSERT_TRUE(own);
    CdpSession *chat = openPage(own, fixtureUrl(u"chat/ide.html?gen=200"_s));
    ASSERT_TRUE(chat);
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(chat->targetId()) != nullptr; }));

    // testDebugServerConnection
    ExtensionReply r = sendCommand(u"getServerStatus"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"server"_s].toObject().value(u"running"_s).toBool()) << r.describe();
    EXPECT_EQ(r[u"server"_s].toObject().value(u"port"_s).toInt(), port) << r.describe();

    // testCoreToggle: the switch flips, is saved, and reaches auto-accept.
    r = sendCommand(u"getEnabled"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    const bool initial = r[u"enabled"_s].toBool(true);
    EXPECT_FALSE(initial);
    r = sendCommand(u"toggle"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"enabled"_s].toBool());
    EXPECT_TRUE(sendCommand(u"getEnabled"_s)[u"enabled"_s].toBool());
    EXPECT_TRUE(saved(SettingKey::AutoAcceptEnabled).toBool());
    EXPECT_TRUE(engine->autoAccept()->isEnabled());
    r = sendCommand(u"toggle"_s);
    EXPECT_FALSE(r[u"enabled"_s].toBool(true)) << r.describe();
    EXPECT_FALSE(engine->autoAccept()->isEnabled());

    // testScheduleConfiguration, with its parameter names (silenceTimeout, prompts).
    r = sendCommand(u"getSchedule"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"schedule"_s].toObject().contains(u"mode"_s)) << r.describe();
    r = sendCommand(u"updateSchedule"_s,
                    { { u"enabled"_s, true },
                      { u"mode"_s, u"queue"_s },
                      { u"prompts"_s, QJsonArray { u"Test prompt 1"_s, u"Test prompt 2"_s } },
                      { u"queueMode"_s, u"consume"_s },
                      { u"silenceTimeout"_s, 45 },
                      { u"checkPromptEnabled"_s, true },
                      { u"checkPromptText"_s, u"Did you test everything?"_s } });
    ASSERT_TRUE(r.success()) << r.describe();
    r = sendCommand(u"getSchedule"_s);
    const QJsonObject schedule = r[u"schedule"_s].toObject();
    EXPECT_TRUE(schedule.value(u"enabled"_s).toBool()) << r.describe();
    EXPECT_EQ(schedule.value(u"mode"_s).toString(), u"queue"_s);
    EXPECT_EQ(schedule.value(u"prompts"_s).toArray().size(), 2);
    EXPECT_EQ(schedule.value(u"silenceTimeout"_s).toInt(), 45);
    EXPECT_TRUE(schedule.value(u"checkPromptEnabled"_s).toBool());
    EXPECT_EQ(schedule.value(u"checkPromptText"_s).toString(), u"Did you test everything?"_s);
    EXPECT_EQ(r[u"prompts"_s].toArray().size(), 2) << "getSchedule gives the queue's texts as prompts too";
    EXPECT_EQ(saved(SettingKey::ScheduleSilenceTimeoutS).toInt(), 45);
    EXPECT_EQ(engine->scheduler()->queue().items.size(), 2);
    // The schedule may not run the periodic prompt while the test drives the queue.
    ASSERT_TRUE(
        sendCommand(u"updateSchedule"_s, { { u"enabled"_s, false }, { u"checkPromptEnabled"_s, false } })
            .success());

    // testQueueControl, with a queue that really runs into the page's chat.
    r = sendCommand(u"getQueueStatus"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    QJsonObject status = r[u"status"_s].toObject();
    EXPECT_TRUE(status.contains(u"isRunningQueue"_s)) << r.describe();
    EXPECT_EQ(status.value(u"queueLength"_s).toInt(), 2);
    EXPECT_FALSE(status.value(u"isRunningQueue"_s).toBool(true));
    r = sendCommand(u"startQueue"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    ASSERT_TRUE(waitUntil([&] { return evaluate(chat, u"window.chatLog.length"_s).toInt() >= 1; }, 15s))
        << "the queue's first prompt never reached the page";
    EXPECT_EQ(evaluate(chat, u"window.chatLog[0].text"_s).toString(), u"Test prompt 1"_s);
    r = sendCommand(u"pauseQueue"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    status = sendCommand(u"getQueueStatus"_s)[u"status"_s].toObject();
    EXPECT_TRUE(status.value(u"isPaused"_s).toBool()) << "Queue paused";
    EXPECT_TRUE(status.value(u"isRunningQueue"_s).toBool());
    r = sendCommand(u"resumeQueue"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    status = sendCommand(u"getQueueStatus"_s)[u"status"_s].toObject();
    EXPECT_FALSE(status.value(u"isPaused"_s).toBool(true)) << "Queue resumed";
    r = sendCommand(u"skipPrompt"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    ASSERT_TRUE(waitUntil(
        [&] { return evaluate(chat, u"window.chatLog.some(m => m.text === 'Test prompt 2')"_s).toBool(); },
        15s))
        << "skipPrompt did not move the queue on to its second prompt";
    r = sendCommand(u"stopQueue"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Stopped);
    // resetQueue as the extension's: stopped and emptied (its prompts setting set to []).
    ASSERT_TRUE(
        sendCommand(u"updateSchedule"_s, { { u"prompts"_s, QJsonArray { u"a"_s, u"b"_s } } }).success());
    r = sendCommand(u"resetQueue"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(engine->scheduler()->queue().items.isEmpty());
    EXPECT_TRUE(
        sendCommand(u"getSchedule"_s)[u"schedule"_s].toObject().value(u"prompts"_s).toArray().isEmpty());
    status = sendCommand(u"getQueueStatus"_s)[u"status"_s].toObject();
    EXPECT_EQ(status.value(u"queueLength"_s).toInt(-1), 0);
    EXPECT_FALSE(status.value(u"isRunningQueue"_s).toBool(true));

    // sendPrompt and the docs' sendChatPrompt land in the chat and in the history.
    const int before = evaluate(chat, u"window.chatLog.length"_s).toInt();
    r = sendCommand(u"sendChatPrompt"_s, { { u"prompt"_s, u"Test message"_s } });
    ASSERT_TRUE(r.success()) << r.describe();
    r = sendCommand(u"sendPrompt"_s, { { u"prompt"_s, u"Second message"_s } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(evaluate(chat, u"window.chatLog.length"_s).toInt(), before + 2);
    EXPECT_EQ(evaluate(chat, u"window.chatLog[window.chatLog.length - 2].text"_s).toString(),
              u"Test message"_s);
    r = sendCommand(u"getPromptHistory"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(r[u"entries"_s].toArray().at(0).toObject().value(u"text"_s).toString(), u"Second message"_s);

    // getConversations and setTargetConversation {conversationId}.
    r = sendCommand(u"getConversations"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(r[u"conversations"_s].toArray().size(), 2);
    r = sendCommand(u"setTargetConversation"_s, { { u"conversationId"_s, u"Docs"_s } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(saved(SettingKey::ScheduleTargetConversation).toString(), u"Docs"_s);
    r = sendCommand(u"setTargetConversation"_s, { { u"conversationId"_s, QString() } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(saved(SettingKey::ScheduleTargetConversation).toString(), QString());

    // testBannedCommands, with the extension's parameter name `commands`.
    r = sendCommand(u"getBannedCommands"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"commands"_s].isArray()) << r.describe();
    r = sendCommand(u"updateBannedCommands"_s,
                    { { u"commands"_s, QJsonArray { u"rm -rf /"_s, u"test-banned-cmd"_s } } });
    ASSERT_TRUE(r.success()) << r.describe();
    r = sendCommand(u"getBannedCommands"_s);
    EXPECT_TRUE(r[u"commands"_s].toArray().contains(u"test-banned-cmd"_s)) << r.describe();
    EXPECT_TRUE(saved(SettingKey::SafetyBannedCommands).toStringList().contains(u"test-banned-cmd"_s));

    // testAntigravityQuota (no Antigravity on this machine: refreshed, nothing made up).
    r = sendCommand(u"getAntigravityQuota"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"enabled"_s].toBool());
    r = sendCommand(u"refreshAntigravityQuota"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"snapshot"_s].toObject().contains(u"ok"_s)) << r.describe();
    r = sendCommand(u"setResumeEnabled"_s, { { u"value"_s, false } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_FALSE(saved(SettingKey::QuotaResumeQueue).toBool());

    // testAutoContinue
    r = sendCommand(u"setAutoContinue"_s, { { u"value"_s, true } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(sendCommand(u"getAutoContinue"_s)[u"enabled"_s].toBool()) << "Auto-continue can be enabled";
    EXPECT_TRUE(saved(SettingKey::QuotaAutoContinue).toBool());
    ASSERT_TRUE(sendCommand(u"setAutoContinue"_s, { { u"value"_s, false } }).success());
    EXPECT_FALSE(sendCommand(u"getAutoContinue"_s)[u"enabled"_s].toBool(true))
        << "Auto-continue can be disabled";
    // A value of the wrong type is refused with what was wrong, and nothing changes.
    r = sendCommand(u"setAutoContinue"_s, { { u"value"_s, u"yes"_s } });
    EXPECT_EQ(r.status, 400) << r.describe();
    EXPECT_TRUE(r.error().contains(u"value"_s)) << r.describe();
    EXPECT_FALSE(saved(SettingKey::QuotaAutoContinue).toBool());

    // setFrequency {value: ms}: the poll period, within its range.
    r = sendCommand(u"setFrequency"_s, { { u"value"_s, 750 } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(saved(SettingKey::AutoAcceptPollIntervalMs).toInt(), 750);
    r = sendCommand(u"setFrequency"_s, { { u"value"_s, 50 } });
    EXPECT_EQ(r.status, 400) << r.describe();
    EXPECT_EQ(saved(SettingKey::AutoAcceptPollIntervalMs).toInt(), 750);

    // testStats
    EXPECT_TRUE(sendCommand(u"getStats"_s).success());
    r = sendCommand(u"getROIStats"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"roiStats"_s].toObject().contains(u"clicksThisWeek"_s)) << r.describe();

    // testLogs
    r = sendCommand(u"getLogs"_s, { { u"tailLines"_s, 50 } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"logs"_s].isString());
    EXPECT_GE(r[u"linesCount"_s].toInt(-1), 0);

    // testCDPConnections, and getCDPStatus.
    r = sendCommand(u"getCDPConnections"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_GE(r[u"count"_s].toInt(), 1) << r.describe();
    r = sendCommand(u"evaluateInBrowser"_s, { { u"code"_s, u"document.title"_s } });
    EXPECT_EQ(r.status, 403) << "running code in pages is off until the user allows it: " << r.describe();
    r = sendCommand(u"getCDPStatus"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    const QJsonObject cdp = r[u"cdp"_s].toObject();
    EXPECT_TRUE(cdp.value(u"connected"_s).toBool()) << r.describe();
    EXPECT_TRUE(cdp.value(u"connections"_s).toArray().contains(chat->targetId())) << r.describe();
    EXPECT_EQ(cdp.value(u"connectionCount"_s).toInt(), cdp.value(u"connections"_s).toArray().size());
    EXPECT_FALSE(cdp.value(u"isEnabled"_s).toBool(true));

    // testFullState: the extension's state object beside ours.
    r = sendCommand(u"getFullState"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    const QJsonObject state = r[u"state"_s].toObject();
    for (const QString &key : { u"enabled"_s, u"frequency"_s, u"schedule"_s, u"quota"_s, u"bannedCommands"_s,
                                u"stats"_s, u"debugMode"_s, u"antigravityStatus"_s })
        EXPECT_TRUE(state.contains(key)) << "Has " << key.toStdString() << " property: " << r.describe();
    EXPECT_EQ(state.value(u"frequency"_s).toInt(), 750);
    EXPECT_TRUE(state.value(u"bannedCommands"_s).toArray().contains(u"test-banned-cmd"_s));
    EXPECT_FALSE(state.value(u"quota"_s).toObject().value(u"resumeEnabled"_s).toBool(true));

    // testSystemInfo: the extension's script reads info.info.platform and info.info.appName.
    r = sendCommand(u"getSystemInfo"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(r[u"pid"_s].toInteger(), QCoreApplication::applicationPid());
    EXPECT_EQ(r[u"info"_s].toObject().value(u"platform"_s).toString(), u"linux"_s) << r.describe();
    EXPECT_FALSE(r[u"info"_s].toObject().value(u"appName"_s).toString().isEmpty()) << r.describe();

    // testVSCodeCommandExecution: these go through the command palette of a VS Code-family
    // window (IdeCommandsTest runs them on a real one); this browser has none: a clear refusal.
    r = sendCommand(u"listChatCommands"_s);
    EXPECT_FALSE(r.success()) << r.describe();
    EXPECT_TRUE(r.error().contains(u"VS Code-family"_s)) << r.describe();
    r = sendCommand(u"executeVSCodeCommand"_s,
                    { { u"command"_s, u"workbench.action.focusActiveEditorGroup"_s } });
    EXPECT_FALSE(r.success()) << r.describe();
    EXPECT_TRUE(r.error().contains(u"VS Code-family"_s)) << r.describe();

    // testWebViewUIBridge: no window in this engine (as --headless): a clear refusal.
    r = sendCommand(u"openSettingsPanel"_s);
    EXPECT_EQ(r.status, 503) << r.describe();
    EXPECT_TRUE(r.error().contains(u"without a window"_s)) << r.describe();
    r = sendCommand(u"getUISnapshot"_s);
    EXPECT_EQ(r.status, 503) << r.describe();
    r = sendCommand(u"openLogFile"_s);
    EXPECT_EQ(r.status, 503) << r.describe();
    EXPECT_TRUE(r.error().contains(Logging::logFilePath())) << "it says where the file is: " << r.describe();

    // getAntigravityStatus and getLockedOut answer from the live engine (both have tests of their own).
    r = sendCommand(u"getAntigravityStatus"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(r[u"status"_s].toString(), u"disconnected"_s) << r.describe();
    EXPECT_FALSE(r[u"reason"_s].toString().isEmpty()) << r.describe();
    r = sendCommand(u"getLockedOut"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_FALSE(r[u"isLockedOut"_s].toBool(true)) << r.describe();

    // clearLogs and resetAllSettings last: they take away what the steps above left.
    r = sendCommand(u"clearLogs"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_GT(r[u"bytesCleared"_s].toInteger(), 0) << r.describe();
    r = sendCommand(u"resetAllSettings"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(saved(SettingKey::AutoAcceptPollIntervalMs).toInt(), 1000);
    // The user's ban patterns stay: removing one widens what auto-accept clicks, which only the
    // person does (issue 28); the reply names what it kept.
    EXPECT_TRUE(saved(SettingKey::SafetyBannedCommands).toStringList().contains(u"test-banned-cmd"_s));
    EXPECT_TRUE(r[u"kept"_s].toArray().contains(u"safety/bannedCommands"_s)) << r.describe();
    EXPECT_TRUE(QFile::exists(r[u"backup"_s].toString())) << r.describe();
}

TEST_F(ExtensionCompatTest, GetROIStatsCountsTheWeekAndAllTimeAsTheExtensionsDashboardDid)
{
    // A history from earlier runs, written by the app's own statistics file: 1500 clicks this
    // week, 100 in an earlier one.
    {
        AutoAcceptStats earlier(configDir());
        AutoAcceptCounts week;
        week.clicks = 1500;
        week.blocked = 3;
        week.sessions = 2;
        earlier.add(week);
        AutoAcceptCounts older;
        older.clicks = 100;
        older.sessions = 1;
        earlier.add(older, QDate::currentDate().addDays(-14));
        ASSERT_TRUE(earlier.save());
    }
    startEngine();
    // This run clicks 4 buttons and blocks one command in a real page (tests/fixtures/autoaccept/panel.html).
    ASSERT_TRUE(sendCommand(u"toggle"_s)[u"enabled"_s].toBool());
    CdpEndpoint *own = connectEndpoint();
    ASSERT_TRUE(own);
    CdpSession *page = openPage(own, fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    ExtensionReply r;
    ASSERT_TRUE(waitUntil([&] {
        r = sendCommand(u"getROIStats"_s);
        return r[u"thisRun"_s].toObject().value(u"clicks"_s).toInt() == 4
            && r[u"thisRun"_s].toObject().value(u"blocked"_s).toInt() == 1;
    })) << r.describe();

    // The extension's fields: clicksThisWeek × 5 s = 7520 s = 125 minutes → "2.1 hours".
    const QJsonObject roi = r[u"roiStats"_s].toObject();
    EXPECT_EQ(roi.value(u"clicksThisWeek"_s).toInt(), 1504) << r.describe();
    EXPECT_EQ(roi.value(u"blockedThisWeek"_s).toInt(), 4);
    EXPECT_EQ(roi.value(u"sessionsThisWeek"_s).toInt(), 3);
    EXPECT_EQ(roi.value(u"timeSavedMinutes"_s).toInt(), 125);
    EXPECT_EQ(roi.value(u"timeSavedFormatted"_s).toString(), u"2.1 hours"_s);
    const QDate monday = QDate::currentDate().addDays(1 - QDate::currentDate().dayOfWeek());
    EXPECT_EQ(roi.value(u"weekStart"_s).toInteger(), QDateTime(monday, QTime(0, 0)).toMSecsSinceEpoch());
    // All time: 1604 clicks = 8020 s = 134 minutes.
    const QJsonObject allTime = r[u"allTime"_s].toObject();
    EXPECT_EQ(allTime.value(u"clicks"_s).toInt(), 1604);
    EXPECT_EQ(allTime.value(u"timeSavedS"_s).toInt(), 8020);
    EXPECT_EQ(allTime.value(u"timeSavedFormatted"_s).toString(), u"2.2 hours"_s);
    EXPECT_EQ(r[u"thisWeek"_s].toObject().value(u"clicks"_s).toInt(), 1504);
    // This run alone: 20 s, under a minute.
    EXPECT_EQ(r[u"thisRun"_s].toObject().value(u"timeSavedFormatted"_s).toString(), u"0 minutes"_s);
    EXPECT_EQ(r[u"secondsSavedPerClick"_s].toInt(), 5);
}

TEST_F(ExtensionCompatTest, GetAntigravityStatusSaysWhetherTheLanguageServerWasFoundAndWhyNot)
{
    QSslCertificate certificate;
    QSslKey key;
    QString error;
    ASSERT_TRUE(TlsTestServer::makeCertificate(tempDir(), &certificate, &key, &error)) << error.toStdString();
    FakeProcTree tree(QDir(tempDir()).filePath(u"proc"_s));
    tree.addProcess(301, { u"/usr/bin/bash"_s });
    startEngine(new AntigravityQuotaProvider(std::make_shared<ProcFsProcessFinder>(tree.root())));

    // The first reading (at start) finds no language server.
    ASSERT_TRUE(waitUntil([&] { return !engine->quota()->snapshot().error.isEmpty(); }))
        << "the quota was never read";
    ExtensionReply r = sendCommand(u"getAntigravityStatus"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(r[u"status"_s].toString(), u"disconnected"_s);
    EXPECT_FALSE(r[u"found"_s].toBool(true));
    EXPECT_TRUE(r[u"reason"_s].toString().contains(u"Antigravity is not running"_s)) << r.describe();

    // Antigravity starts: its language server answers on a loopback port.
    TlsTestServer server(certificate, key, languageServerAnswers(kCsrfToken));
    ASSERT_TRUE(server.listenOnLoopback());
    addLanguageServerProcess(tree, 200, kCsrfToken, { quint16(server.serverPort()) });

    r = sendCommand(u"refreshAntigravityQuota"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    const QJsonObject snapshot = r[u"snapshot"_s].toObject();
    EXPECT_TRUE(snapshot.value(u"ok"_s).toBool()) << r.describe();
    EXPECT_EQ(snapshot.value(u"models"_s).toArray().size(), 3) << r.describe();
    r = sendCommand(u"getAntigravityStatus"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(r[u"status"_s].toString(), u"connected"_s) << r.describe();
    EXPECT_TRUE(r[u"found"_s].toBool());
    EXPECT_EQ(r[u"languageServer"_s].toObject().value(u"pid"_s).toInt(), 200);
    EXPECT_EQ(r[u"languageServer"_s].toObject().value(u"port"_s).toInt(), server.serverPort());
    EXPECT_TRUE(r[u"reason"_s].toString().isEmpty());

    // setAntigravityQuota {value: false}: off, saved, and said so.
    r = sendCommand(u"setAntigravityQuota"_s, { { u"value"_s, false } });
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_FALSE(saved(SettingKey::QuotaEnabled).toBool());
    EXPECT_FALSE(sendCommand(u"getAntigravityQuota"_s)[u"enabled"_s].toBool(true));
    r = sendCommand(u"getAntigravityStatus"_s);
    EXPECT_EQ(r[u"status"_s].toString(), u"disabled"_s) << r.describe();
    r = sendCommand(u"refreshAntigravityQuota"_s);
    EXPECT_EQ(r.status, 409) << r.describe();
    EXPECT_TRUE(r.error().contains(u"quota/enabled"_s)) << r.describe();
}

TEST_F(ExtensionCompatTest, ClearLogsEmptiesTheFileAndTheMemoryAndSaysHowMuch)
{
    startEngine();
    for (int i = 0; i < 20; ++i)
        qCInfo(lcCompat).noquote() << u"compat marker line %1"_s.arg(i);
    const QString file = Logging::logFilePath();
    ASSERT_FALSE(file.isEmpty());
    // A rolled copy from earlier is part of the log too.
    QFile rolled(file + u".1"_s);
    ASSERT_TRUE(rolled.open(QIODevice::WriteOnly));
    rolled.write("older compat marker line\n");
    rolled.close();
    const qint64 sizeBefore = QFileInfo(file).size() + QFileInfo(rolled).size();
    ASSERT_GT(sizeBefore, 0);

    const ExtensionReply r = sendCommand(u"clearLogs"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_GE(r[u"bytesCleared"_s].toInteger(), sizeBefore) << r.describe();
    EXPECT_GE(r[u"linesCleared"_s].toInt(), 20) << r.describe();
    EXPECT_TRUE(r[u"files"_s].toArray().contains(file)) << r.describe();
    EXPECT_EQ(r[u"logFile"_s].toString(), file);

    EXPECT_FALSE(QFile::exists(file + u".1"_s));
    QFile after(file);
    ASSERT_TRUE(after.open(QIODevice::ReadOnly));
    EXPECT_FALSE(after.readAll().contains("compat marker")) << "the file still holds the old lines";
    const ExtensionReply logs = sendCommand(u"getLogs"_s, { { u"tailLines"_s, 500 } });
    EXPECT_FALSE(logs[u"logs"_s].toString().contains(u"compat marker"_s)) << logs.describe();
    // Logging goes on into the emptied file.
    qCInfo(lcCompat) << "after the clear";
    EXPECT_TRUE(waitUntil([&] {
        QFile again(file);
        return again.open(QIODevice::ReadOnly) && again.readAll().contains("after the clear");
    }));
}

TEST_F(ExtensionCompatTest, ResetAllSettingsKeepsACopyAndTheSettingsOnlyTheUserChanges)
{
    startEngine();
    ASSERT_TRUE(settings->setValue(SettingKey::DebugAllowEvaluate, true)); // the user's own choice
    ExtensionReply r = sendCommand(u"setFrequency"_s, { { u"value"_s, 400 } });
    ASSERT_TRUE(r.success()) << r.describe();
    ASSERT_TRUE(sendCommand(u"updateSchedule"_s, { { u"mode"_s, u"daily"_s }, { u"value"_s, u"09:30"_s } })
                    .success());

    r = sendCommand(u"resetAllSettings"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_EQ(saved(SettingKey::AutoAcceptPollIntervalMs).toInt(), 1000);
    EXPECT_EQ(saved(SettingKey::ScheduleMode).toString(), u"interval"_s);
    // The API cannot lower or raise its own rights: debug/* and the toolkit's rights stay.
    EXPECT_TRUE(saved(SettingKey::DebugAllowEvaluate).toBool());
    EXPECT_TRUE(r[u"kept"_s].toArray().contains(u"debug/allowEvaluate"_s)) << r.describe();
    EXPECT_TRUE(engine->debugApi()->isListening());
    // The old file, next to settings.ini, as the General page keeps it.
    const QString backup = r[u"backup"_s].toString();
    EXPECT_EQ(QFileInfo(backup).absolutePath(), QFileInfo(paths.settingsFile()).absolutePath());
    EXPECT_TRUE(QFileInfo(backup).fileName().startsWith(u"settings-before-reset-"_s)) << backup.toStdString();
    const Settings old(backup);
    EXPECT_EQ(old.intValue(SettingKey::AutoAcceptPollIntervalMs), 400);
    EXPECT_EQ(old.stringValue(SettingKey::ScheduleValue), u"09:30"_s);
    EXPECT_EQ(sendCommand(u"getFullState"_s)[u"state"_s].toObject().value(u"frequency"_s).toInt(), 1000);
}

TEST_F(ExtensionCompatTest, GetLockedOutSaysWhoHoldsTheConfigDir)
{
    startEngine();
    // This engine runs without the lock (as in the tests): nobody holds it.
    ExtensionReply r = sendCommand(u"getLockedOut"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_FALSE(r[u"isLockedOut"_s].toBool(true));
    EXPECT_TRUE(r[u"heldBy"_s].isNull()) << r.describe();

    // This process takes it, as the app does at start.
    {
        InstanceLock lock(configDir());
        ASSERT_EQ(lock.tryAcquire(), InstanceLock::Result::Acquired);
        r = sendCommand(u"getLockedOut"_s);
        EXPECT_FALSE(r[u"isLockedOut"_s].toBool(true)) << r.describe();
        EXPECT_EQ(r[u"heldBy"_s].toObject().value(u"pid"_s).toInteger(), QCoreApplication::applicationPid());
        EXPECT_TRUE(r[u"heldBy"_s].toObject().value(u"thisInstance"_s).toBool());
    }

    // Another instance of the app drives the folder.
    AppRun other({ u"--headless"_s, u"--config-dir"_s, configDir(), u"--cdp-port"_s,
                   QString::number(unusedPort()), u"--quit-after"_s, u"60"_s });
    ASSERT_TRUE(waitUntil([&] { return InstanceLock::inspect(configDir()).pid == other.pid(); }, 20s))
        << other.dump().toStdString();
    r = sendCommand(u"getLockedOut"_s);
    ASSERT_TRUE(r.success()) << r.describe();
    EXPECT_TRUE(r[u"isLockedOut"_s].toBool()) << r.describe();
    EXPECT_EQ(r[u"heldBy"_s].toObject().value(u"pid"_s).toInteger(), other.pid());
    EXPECT_FALSE(r[u"heldBy"_s].toObject().value(u"thisInstance"_s).toBool(true));
    EXPECT_TRUE(r[u"note"_s].toString().contains(QString::number(other.pid()))) << r.describe();
    // Once its engine runs (its signal handling is set up by then), it quits cleanly.
    ASSERT_TRUE(other.waitForStderr(u"looking for a browser"_s)) << other.dump().toStdString();
    other.signal(SIGTERM);
    EXPECT_EQ(other.finish(), 0) << other.dump().toStdString();
    EXPECT_FALSE(sendCommand(u"getLockedOut"_s)[u"isLockedOut"_s].toBool(true));
}

} // namespace
