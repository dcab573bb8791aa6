// The chat-tab bridge end to end: the engine on real headless Chromium, a fixture web chat
// (tests/fixtures/bridge/chat.html, built like ChatGPT's page) whose "assistant" is a script in
// the page that reads the bridge's messages the way a model would — the keyword, the snapshot's
// refs — and streams <tool_code> replies, and fixture target pages (the two-page sign-up of
// tests/fixtures/agent, a shop that calls its API, a counter, a card checkout). Sessions are
// started, watched and answered through the manager (the window's path) and the debug actions.
#include "EngineChromiumTest.h"
#include "FakeClock.h"
#include "HeadlessChromium.h"
#include "Leaks.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/ToolkitCommands.h"
#include "bridge/BridgeManager.h"
#include "cdp/CdpInput.h"
#include "engine/Engine.h"
#include "page/PayloadHub.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUuid>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const CommandCaller kBridgeAgent { u"mcp"_s, u"mcp-1"_s, u"Some agent"_s };

class BridgeTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        // The outline before each action costs 600 ms a step (TaskRunTest looks at it).
        ASSERT_TRUE(settings->setValue(SettingKey::AgentShowActions, false));
        startEngine();
        own = connectEndpoint();
        ASSERT_NE(own, nullptr);
    }

    void TearDown() override
    {
        harness.reset();
        closeOpenedPages();
        EngineChromiumTest::TearDown();
    }

    void startEngine()
    {
        ASSERT_TRUE(startEngineOnBrowser(
            { .beforeStart = [](Engine *built) { built->bridge()->setPollInterval(25ms); } }));
        ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->isConnected(); }, 20s));
    }

    // The chat tab (a fresh conversation) and the target tab; both also seen by the engine.
    void openTabs(const QString &scenario, const QString &targetPath, const QString &moreQuery = {})
    {
        chatUrl = fixtureUrl(u"bridge/chat.html"_s);
        chatUrl.setQuery(
            u"scenario=%1&id=%2"_s.arg(scenario, QUuid::createUuid().toString(QUuid::WithoutBraces))
            + moreQuery);
        chat = openPage(own, chatUrl);
        ASSERT_NE(chat, nullptr);
        if (!targetPath.isEmpty()) {
            target = openPage(own, fixtureUrl(targetPath));
            ASSERT_NE(target, nullptr);
        }
        ASSERT_TRUE(waitUntil([&] {
            return engine->endpoint()->sessionForTarget(chat->targetId())
                && (!target || engine->endpoint()->sessionForTarget(target->targetId()));
        }));
        // The user watches the chat (a tab in the background has its timers throttled, and the
        // fixture's "assistant" streams on timers).
        ASSERT_TRUE(sendAndWait(chat, u"Page.bringToFront"_s).ok());
    }

    QString startFromWindow(const QString &goal, bool withTarget = true)
    {
        BridgeManager::StartRequest request;
        request.agentTab = chat->targetId();
        if (withTarget && target)
            request.targetTabs = { target->targetId() };
        request.goal = goal;
        request.startedBy = u"ui"_s;
        QString id;
        QString error;
        bool answered = false;
        engine->bridge()->start(request, [&](const CommandResult &started) {
            id = started.data[u"sessionId"].toString();
            error = started.error;
            answered = true;
        });
        EXPECT_TRUE(waitUntil([&] { return answered; }));
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
        return id;
    }

    BridgeRecord record(const QString &id) { return engine->bridge()->session(id).value_or(BridgeRecord()); }

    // The session's record once it has ended, however it ended.
    BridgeRecord waitForEnd(const QString &id)
    {
        return waitForStatus(id, { BridgeStatus::Done, BridgeStatus::Failed, BridgeStatus::Stopped });
    }

    BridgeRecord waitForStatus(const QString &id, const QList<BridgeStatus> &statuses,
                               std::chrono::milliseconds timeout = 60s)
    {
        const bool reached = waitUntil([&] { return statuses.contains(record(id).status); }, timeout);
        const BridgeRecord r = record(id);
        EXPECT_TRUE(reached) << "session " << id.toStdString() << " is "
                             << bridgeStatusName(r.status).toStdString() << " (" << r.activity.toStdString()
                             << ")\n"
                             << QJsonDocument(r.toJson()).toJson().toStdString();
        return r;
    }

    // The conversation as the chat page holds it.
    QJsonArray messages()
    {
        return evaluate(chat, u"window.fixtureChat ? window.fixtureChat.messages() : []"_s).toArray();
    }
    QStringList userMessages()
    {
        QStringList out;
        for (const QJsonValue &m : messages()) {
            if (m[u"role"].toString() == u"user"_s)
                out.append(m[u"text"].toString());
        }
        return out;
    }

    static int countOf(const BridgeRecord &r, const QString &tool)
    {
        return int(std::count_if(r.commands.cbegin(), r.commands.cend(),
                                 [&](const BridgeCommand &c) { return c.tool == tool; }));
    }

    // A user profile for the fixture chat opened with `&images=1`: its file input and its
    // attachment preview, and "images": true (the chat takes images).
    void writeImagesProfile()
    {
        const QJsonObject profile {
            { u"id"_s, u"fixture-images"_s },
            { u"name"_s, u"Fixture chat with images"_s },
            { u"match"_s, QJsonObject { { u"urlPatterns"_s, QJsonArray { u"&images=1"_s } } } },
            { u"images"_s, true },
            { u"chat"_s,
              QJsonObject { { u"input"_s, u"#prompt-textarea"_s },
                            { u"sendButton"_s, u"[data-testid=\"send-button\"]"_s },
                            { u"stopButton"_s, u"[data-testid=\"stop-button\"]"_s },
                            { u"userMessage"_s, u"[data-message-author-role=\"user\"]"_s },
                            { u"reply"_s, u"[data-message-author-role=\"assistant\"]"_s },
                            { u"fileInput"_s, u"#upload"_s },
                            { u"attachment"_s, u"[data-testid=\"attachment-preview\"]"_s } } }
        };
        const QDir folder(QDir(paths.configDir).filePath(u"profiles/chats"_s));
        ASSERT_TRUE(folder.mkpath(u"."_s));
        QFile file(folder.filePath(u"fixture-images.json"_s));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(QJsonDocument(profile).toJson());
    }

    // The files the chat page got through its file input.
    QJsonArray uploads() { return evaluate(chat, u"window.fixtureChat.uploads()"_s).toArray(); }
    // The folder the bridge writes its screenshots to for the chat's file input.
    QDir uploadFolder() const { return QDir(QDir(paths.configDir).filePath(u"bridge/uploads"_s)); }

    CdpEndpoint *own = nullptr;
    CdpSession *chat = nullptr;
    CdpSession *target = nullptr;
    QUrl chatUrl;
};

TEST_F(BridgeTest, TheChatSignsUpAcrossTwoPagesAndEachCommandRunsOnce)
{
    openTabs(u"signup"_s, u"agent/signup.html"_s);
    const QString id = startFromWindow(u"Subscribe ada@example.com to the engineering blog, monthly"_s);
    const BridgeRecord done = waitForEnd(id);
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_EQ(done.doneText, u"subscribed ada@example.com, monthly"_s);

    // The goal is reached on the target.
    EXPECT_TRUE(target->targetInfo().url.contains(u"welcome.html"_s))
        << target->targetInfo().url.toStdString();
    // Six commands, each once, all done: fill, fill (the extension's form), click (a ```json
    // block, and the chat re-rendered every message right after it), check, select, click.
    QStringList tools;
    QSet<QString> keys;
    for (const BridgeCommand &c : done.commands) {
        tools.append(c.tool);
        keys.insert(c.key);
        EXPECT_EQ(c.state, BridgeCommand::State::Done)
            << c.tool.toStdString() << ": " << c.error.toStdString();
    }
    EXPECT_EQ(tools, (QStringList { u"fill"_s, u"fill"_s, u"click"_s, u"check"_s, u"select"_s, u"click"_s }));
    EXPECT_EQ(keys.size(), done.commands.size());
    EXPECT_TRUE(done.commands.value(1).params.value(u"ref").toString().startsWith(u'e'));
    EXPECT_EQ(done.commands.value(1).params.value(u"value").toString(), u"Ada"_s);

    // What the chat saw: the protocol, the goal and the keyword first; no e-mail address ever.
    const QStringList sent = userMessages();
    ASSERT_GE(sent.size(), 6);
    EXPECT_TRUE(sent.first().contains(u"GOAL: Subscribe [email] to the engineering blog"_s))
        << sent.first().toStdString();
    EXPECT_TRUE(sent.first().contains(done.keyword));
    EXPECT_TRUE(sent.first().contains(u"<tool_code>{\"tool\": \"click\""_s));
    EXPECT_TRUE(sent.first().contains(u"Join the newsletter — step 1"_s));
    // (The address is in the later pages' URLs too, percent-encoded.)
    for (const QString &message : sent) {
        EXPECT_FALSE(message.contains(u"ada@example.com"_s)) << message.toStdString();
        EXPECT_FALSE(message.contains(u"ada%40example.com"_s)) << message.toStdString();
    }
    EXPECT_GT(done.maskedTotal, 0);
    // The chat's first reply ended with the keyword.
    EXPECT_TRUE(messages().at(1)[u"text"].toString().endsWith(done.keyword));

    // The session file says the same.
    QFile file(QDir(paths.configDir).filePath(u"bridge/%1.json"_s.arg(id)));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(QJsonDocument::fromJson(file.readAll()).object().value(u"status").toString(), u"done"_s);
}

TEST_F(BridgeTest, ALineLongerThanTheSnapshotsLimitShowsTheChatNoPartOfACard)
{
    // The page's text limit (100 characters) falls inside the numbers and the address of these
    // lines: cut first and masked after, 14 of a card's 16 digits used to reach the chat.
    openTabs(u"billing"_s, u"agent/billing.html"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Read the billing details"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();

    const QStringList sent = userMessages();
    ASSERT_GE(sent.size(), 2);
    EXPECT_TRUE(sent.first().contains(u"Card on file:…"_s)) << sent.first().toStdString();
    EXPECT_TRUE(sent.first().contains(u"Backup card: [card] · receipts to [email]"_s))
        << sent.first().toStdString();
    const QString port = u":"_s + QString::number(fixtureUrl(u"agent/billing.html"_s).port());
    for (QString message : sent) {
        message.remove(done.keyword).remove(port);
        message = withoutTabIds(message);
        EXPECT_EQ(leakedDigits(message, kBillingNumbers), QStringList()) << message.toStdString();
        for (const QString &part : { u"ada.lo"_s, u"lovelace"_s, u"grace@"_s, u"example.org"_s, u"DE89"_s })
            EXPECT_FALSE(message.contains(part)) << part.toStdString() << " in " << message.toStdString();
    }
    EXPECT_GE(done.maskedTotal, 2);
}

TEST_F(BridgeTest, BadCommandsGoBackToTheChatAndNothingRuns)
{
    openTabs(u"errors"_s, u"agent/counter.html"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Show me what happens with bad commands"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    ASSERT_EQ(done.commands.size(), 5) << QJsonDocument(done.toJson()).toJson().toStdString();
    const QList<BridgeCommand> &c = done.commands;
    EXPECT_EQ(c[0].state, BridgeCommand::State::Refused);
    EXPECT_TRUE(c[0].error.contains(u"not valid JSON"_s)) << c[0].error.toStdString();
    EXPECT_EQ(c[1].state, BridgeCommand::State::Refused);
    EXPECT_TRUE(c[1].error.contains(u"unknown tool 'teleport'"_s)) << c[1].error.toStdString();
    EXPECT_EQ(c[2].state, BridgeCommand::State::Failed);
    EXPECT_TRUE(c[2].error.contains(u"ref"_s)) << c[2].error.toStdString();
    EXPECT_EQ(c[3].tool, u"reload"_s);
    EXPECT_EQ(c[3].state, BridgeCommand::State::Done);
    EXPECT_EQ(c[4].state, BridgeCommand::State::Failed);
    EXPECT_TRUE(c[4].error.contains(u"stale"_s)) << c[4].error.toStdString();

    // Each error went back to the chat, in the next message.
    const QStringList sent = userMessages();
    ASSERT_GE(sent.size(), 6);
    EXPECT_TRUE(sent[1].contains(u"not valid JSON"_s)) << sent[1].toStdString();
    EXPECT_TRUE(sent[2].contains(u"unknown tool 'teleport'"_s)) << sent[2].toStdString();
    EXPECT_TRUE(sent[3].contains(u"fill: error"_s)) << sent[3].toStdString();
    EXPECT_TRUE(sent[5].contains(u"stale"_s)) << sent[5].toStdString();
    // Nothing was clicked.
    EXPECT_EQ(evaluate(target, u"window.count"_s).toInt(-1), 0);
}

TEST_F(BridgeTest, ThePagesRequestsGoBackWithTheResult)
{
    site().addRoute(u"/api/cart/add"_s, [](const QString &, const QString &) {
        return LocalWebServer::Response { 200, "application/json", R"({"items": 1})", {} };
    });
    site().addRoute(u"/api/stock"_s, [](const QString &, const QString &) {
        return LocalWebServer::Response { 200, "application/json", R"({"left": 7})", {} };
    });
    openTabs(u"network"_s, u"bridge/shop.html"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Put the widget in the cart"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    const QStringList sent = userMessages();
    ASSERT_GE(sent.size(), 2);
    EXPECT_TRUE(sent[1].contains(u"NETWORK"_s)) << sent[1].toStdString();
    EXPECT_TRUE(sent[1].contains(u"GET /api/cart/add?item=42 → 200"_s)) << sent[1].toStdString();
    EXPECT_TRUE(sent[1].contains(u"GET /api/stock?item=42 → 200"_s)) << sent[1].toStdString();
    // The page's update after the command is in the snapshot the chat got.
    EXPECT_TRUE(sent[1].contains(u"Cart: 1 item(s), 7 left"_s)) << sent[1].toStdString();
}

TEST_F(BridgeTest, TabsTheChatOpensStopAtTheLimitOldestLetGo)
{
    openTabs(u"tabs"_s, {});
    const BridgeRecord done = waitForEnd(startFromWindow(u"Open six counters"_s, false));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_TRUE(done.chatOpensTabs);
    ASSERT_EQ(done.openedTabs.size(), 5);
    ASSERT_EQ(done.releasedTabs.size(), 1);
    // The first tab it opened was let go, not closed.
    const QString first = done.commands.first().result.section(u"opened tab "_s, 1).section(u';', 0, 0);
    EXPECT_EQ(done.releasedTabs.first(), first.isEmpty() ? done.releasedTabs.first() : first);
    EXPECT_NE(engine->endpoint()->sessionForTarget(done.releasedTabs.first()), nullptr);
    EXPECT_FALSE(done.openedTabs.contains(done.releasedTabs.first()));
    // The first prompt told the chat there was no page yet.
    EXPECT_TRUE(userMessages().first().contains(u"There is no page yet"_s));
}

TEST_F(BridgeTest, ASavedToolOpensByName)
{
    const QString counter = fixtureUrl(u"agent/counter.html?saved=1"_s).toString();
    ASSERT_TRUE(engine->bridge()->setSavedTools({ { u"Counter"_s, counter } }));
    openTabs(u"tool"_s, {});
    const BridgeRecord done = waitForEnd(startFromWindow(u"Count once with the Counter tool"_s, false));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    ASSERT_EQ(done.openedTabs.size(), 1);
    CdpSession *opened = own->sessionForTarget(done.openedTabs.first());
    ASSERT_TRUE(waitUntil([&] { return (opened = own->sessionForTarget(done.openedTabs.first())); }));
    EXPECT_EQ(evaluate(opened, u"window.count"_s).toInt(-1), 1);
    EXPECT_TRUE(userMessages().first().contains(u"saved tools: Counter"_s));
    // The list is kept.
    QFile file(QDir(paths.configDir).filePath(u"bridge/tools.json"_s));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().contains("Counter"));
}

TEST_F(BridgeTest, AReloadedChatDoesNotRunItsReplyAgain)
{
    openTabs(u"reload"_s, u"agent/counter.html"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Add one"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done)
        << done.reason.toStdString() << QJsonDocument(messages()).toJson().toStdString();
    EXPECT_EQ(countOf(done, u"click"_s), 1);
    EXPECT_EQ(evaluate(target, u"window.count"_s).toInt(-1), 1);
}

TEST_F(BridgeTest, PauseHoldsStopEndsAndTheTurnLimitStops)
{
    ASSERT_TRUE(settings->setValue(SettingKey::BridgeMaxTurns, 6));
    openTabs(u"forever"_s, u"agent/counter.html"_s);
    const QString id = startFromWindow(u"Scroll for ever"_s);
    ASSERT_TRUE(waitUntil([&] { return record(id).turn >= 2; }, 30s));
    ASSERT_TRUE(engine->bridge()->pause(id));
    waitForStatus(id, { BridgeStatus::Paused }, 30s);
    const int turn = record(id).turn;
    // Paused: no message goes to the chat however long it is left.
    EXPECT_FALSE(waitUntil([&] { return record(id).turn != turn; }, 800ms));
    bool resumed = false;
    engine->bridge()->resume(id, [&](const CommandResult &result) {
        EXPECT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_EQ(result.data[u"sessionId"].toString(), id);
        resumed = true;
    });
    ASSERT_TRUE(resumed);
    const BridgeRecord limited
        = waitForStatus(id, { BridgeStatus::Stopped, BridgeStatus::Failed, BridgeStatus::Done });
    EXPECT_EQ(limited.status, BridgeStatus::Stopped);
    EXPECT_TRUE(limited.reason.contains(u"turn limit"_s)) << limited.reason.toStdString();
    EXPECT_EQ(limited.turn, 6);

    // Stop, through the debug action, ends a session at once.
    openTabs(u"forever"_s, u"agent/counter.html"_s);
    const QString second = startFromWindow(u"Scroll again"_s);
    ASSERT_TRUE(waitUntil([&] { return record(second).turn >= 1; }, 30s));
    const CommandResult stopped = command(u"stopBridge"_s, { { u"sessionId"_s, second } });
    EXPECT_TRUE(stopped.ok) << stopped.error.toStdString();
    EXPECT_EQ(record(second).status, BridgeStatus::Stopped);
    const int at = record(second).turn;
    EXPECT_FALSE(waitUntil([&] { return record(second).turn != at; }, 800ms));
}

TEST_F(BridgeTest, ACommandRunningWhenTheAppDiedIsReportedUnknownNotRunAgainAndTheKeywordFindsTheChat)
{
    openTabs(u"slowcommand"_s, u"agent/counter.html"_s);
    const QString id = startFromWindow(u"Wait a little"_s);
    const QString path = QDir(paths.configDir).filePath(u"bridge/%1.json"_s.arg(id));
    // The file as it is while the command runs: what a killed process leaves behind.
    ASSERT_TRUE(waitUntil(
        [&] {
            const BridgeRecord r = record(id);
            return !r.commands.isEmpty() && r.commands.first().state == BridgeCommand::State::Running;
        },
        30s));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray whileRunning = file.readAll();
    file.close();
    ASSERT_TRUE(whileRunning.contains("\"running\""));
    harness->stopEngine();
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(whileRunning);
    file.close();

    // The browser lost the chat's tab meanwhile; the user opens the conversation again.
    const QString oldChat = chat->targetId();
    ASSERT_TRUE(browserCall(*own, u"Target.closeTarget"_s, { { u"targetId"_s, oldChat } }).ok());
    chat = openPage(own, chatUrl);
    ASSERT_NE(chat, nullptr);
    ASSERT_TRUE(sendAndWait(chat, u"Page.bringToFront"_s).ok());

    startEngine();
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(chat->targetId()); }));
    const BridgeRecord after = record(id);
    ASSERT_EQ(after.status, BridgeStatus::Interrupted);
    ASSERT_EQ(after.commands.size(), 1);
    EXPECT_EQ(after.commands.first().state, BridgeCommand::State::Unknown);
    const CommandResult resumed = command(u"resumeBridge"_s, { { u"sessionId"_s, id } });
    ASSERT_TRUE(resumed.ok) << resumed.error.toStdString();
    const BridgeRecord done = waitForEnd(id);
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_EQ(done.doneText, u"the wait was not repeated"_s);
    // Found again by its keyword.
    EXPECT_EQ(done.agentTab, chat->targetId());
    EXPECT_NE(done.agentTab, oldChat);
    EXPECT_EQ(countOf(done, u"wait"_s), 1);
    const QStringList sent = userMessages();
    EXPECT_TRUE(sent.last().contains(u"wait: unknown — the app stopped while it ran"_s))
        << sent.last().toStdString();
}

TEST_F(BridgeTest, TheUsersInputOnTheTargetIsHeldWhileACommandRunsAndTheChatIsNeverBlocked)
{
    // A wait of 25 s (the most a wait may ask): the user's click lands while the command surely still runs.
    openTabs(u"heldcommand"_s, u"agent/counter.html"_s);
    // The user looks at the target tab this time.
    ASSERT_TRUE(sendAndWait(target, u"Page.bringToFront"_s).ok());
    const QString id = startFromWindow(u"Wait a little"_s);
    const auto masked
        = [&] { return evaluate(target, u"!!document.querySelector('mpa-run-mask')"_s).toBool(); };
    // The chat's wait runs (the mask may also show a moment earlier, while the session looks at
    // the target for its first message). Read from the command's own state: the session's status
    // has been seen at "waiting for the chat" while a command ran (left as found, see the note).
    const auto waitRuns = [&] {
        const BridgeRecord r = record(id);
        return std::any_of(r.commands.begin(), r.commands.end(), [](const BridgeCommand &c) {
            return c.tool == u"wait"_s && c.state == BridgeCommand::State::Running;
        });
    };
    ASSERT_TRUE(waitUntil(waitRuns, 30s)) << "the chat's wait did not start";
    // The user looks at the target now (sending into the chat may have brought the chat forward;
    // the mask shows only on the tab in front).
    ASSERT_TRUE(sendAndWait(target, u"Page.bringToFront"_s).ok());
    ASSERT_TRUE(waitUntil(masked, 10s))
        << "no mask on the target while the command runs (the target is "
        << evaluate(target, u"document.visibilityState"_s).toString().toStdString() << ", the chat "
        << evaluate(chat, u"document.visibilityState"_s).toString().toStdString() << ")";
    userClick(target, u"#add"_s);
    EXPECT_EQ(evaluate(target, u"window.count"_s).toInt(-1), 0) << "the user's click went through the mask";
    EXPECT_TRUE(masked());
    EXPECT_TRUE(waitRuns());
    EXPECT_FALSE(evaluate(chat, u"!!document.querySelector('mpa-run-mask')"_s).toBool());
    // The session ends: the mask goes, and the user's clicks count again (clicked again when
    // a loaded headless Chromium loses one; the count only has to move).
    EXPECT_TRUE(engine->bridge()->stop(id));
    ASSERT_TRUE(waitUntil([&] { return !masked(); }, 30s));
    const auto counted = [&] { return evaluate(target, u"window.count"_s).toInt(-1) >= 1; };
    bool moved = false;
    for (int attempt = 0; attempt < 3 && !moved; ++attempt) {
        userClick(target, u"#add"_s);
        moved = waitUntil(counted, 3s);
    }
    EXPECT_TRUE(moved) << "the user's click after the session did not count";
}

TEST_F(BridgeTest, APaymentWaitsForTheUserNotForAnAgent)
{
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitUserTabs, u"allow"_s));
    openTabs(u"checkout"_s, u"agent/checkout.html"_s);
    const CommandResult started = command(u"startBridge"_s,
                                          { { u"agentTab"_s, chat->targetId() },
                                            { u"targetTabs"_s, QJsonArray { target->targetId() } },
                                            { u"goal"_s, u"Buy Acme Pro"_s } });
    // Through the API, a tab the user did not pick goes by toolkit/userTabs (here: allow).
    ASSERT_TRUE(started.ok) << started.error.toStdString();
    const QString id = started.data[u"sessionId"].toString();
    BridgeRecord held
        = waitForStatus(id, { BridgeStatus::WaitingUser, BridgeStatus::Done, BridgeStatus::Failed });
    ASSERT_EQ(held.status, BridgeStatus::WaitingUser);
    EXPECT_EQ(held.question.value(u"category").toString(), u"payment"_s);
    const CommandResult byAgent
        = command(u"answerBridge"_s, { { u"sessionId"_s, id }, { u"approve"_s, true } }, kBridgeAgent);
    EXPECT_EQ(byAgent.kind, ErrorKind::Refused);
    EXPECT_EQ(record(id).status, BridgeStatus::WaitingUser);
    // The user's session is not there for an agent: not listed, 404 to read, stop, pause or resume.
    for (const QString &verb : { u"getBridge"_s, u"stopBridge"_s, u"pauseBridge"_s, u"resumeBridge"_s })
        EXPECT_EQ(command(verb, { { u"sessionId"_s, id } }, kBridgeAgent).kind, ErrorKind::NotFound)
            << verb.toStdString();
    EXPECT_TRUE(
        command(u"listBridges"_s, {}, kBridgeAgent).data.toObject().value(u"sessions"_s).toArray().isEmpty());
    EXPECT_FALSE(command(u"listBridges"_s, {}).data.toObject().value(u"sessions"_s).toArray().isEmpty());
    EXPECT_EQ(record(id).status, BridgeStatus::WaitingUser);
    EXPECT_TRUE(target->targetInfo().url.contains(u"checkout.html"_s));
    const CommandResult byUser
        = command(u"answerBridge"_s, { { u"sessionId"_s, id }, { u"approve"_s, false } });
    ASSERT_TRUE(byUser.ok) << byUser.error.toStdString();
    const BridgeRecord done = waitForEnd(id);
    EXPECT_EQ(done.doneText, u"the user said no"_s);
    EXPECT_EQ(done.commands.first().state, BridgeCommand::State::Refused);
    EXPECT_EQ(done.commands.first().decision, u"denied"_s);
    EXPECT_TRUE(target->targetInfo().url.contains(u"checkout.html"_s));
}

TEST_F(BridgeTest, ObservationModeLearnsAnUnknownChatAndTheNextSessionUsesIt)
{
    // tests/fixtures/bridge/unknown-chat.html: hashed classes, a div icon for the send button.
    chat = openPage(own, fixtureUrl(u"bridge/unknown-chat.html"_s));
    target = openPage(own, fixtureUrl(u"agent/counter.html"_s));
    ASSERT_TRUE(chat && target);
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(chat->targetId()); }));
    // A chat no profile knows: the generic profile finds its box, but never sees a reply.
    const QString first = startFromWindow(u"Add one"_s);
    const BridgeRecord unseen
        = waitForStatus(first, { BridgeStatus::WaitingChat, BridgeStatus::Failed }, 30s);
    EXPECT_EQ(unseen.profile, u"generic"_s);
    EXPECT_TRUE(engine->bridge()->stop(first));

    // The user teaches it: the message box, a message, the send icon (in the tab in front).
    // In front and drawn before the user's clicks: a tab behind another gets no input events, and
    // under load the tab opened last can still be coming to the front.
    const auto toFront = [&] {
        return sendAndWait(chat, u"Page.bringToFront"_s).ok() && waitUntil([&] {
                   return evaluate(chat, u"document.visibilityState"_s).toString() == u"visible"_s;
               });
    };
    ASSERT_TRUE(toFront());
    QStringList parts;
    QString learnedId;
    QString error;
    bool finished = false;
    engine->bridge()->learnChat(
        chat->targetId(), [&](const QString &part) { parts.append(part); },
        [&](const CommandResult &learned) {
            learnedId = learned.data.toObject().value(u"profileId"_s).toString();
            error = learned.ok ? QString() : learned.error;
            finished = true;
        });
    // Armed once the learner's page script has its config (read in the app's own world).
    PayloadInjector *injector
        = engine->payloads()->injectorFor(engine->endpoint()->sessionForTarget(chat->targetId()));
    ASSERT_NE(injector, nullptr);
    const auto learnerState = [&] {
        std::optional<QJsonObject> state;
        QObject context;
        injector->evaluate(PayloadInjector::moduleCall(u"chatLearn"_s, u"state"_s), &context,
                           [&](const QJsonValue &value, const CdpError &) { state = value.toObject(); });
        return waitUntil([&] { return state.has_value(); }, 5s) ? *state : QJsonObject();
    };
    ASSERT_TRUE(waitUntil([&] { return learnerState().value(u"armed"_s).toBool(); }));
    // The user clicks again when nothing happens: on a loaded machine headless Chromium now and
    // then loses a dispatched click (1 in 8 with eight runs at once; the page was in front and
    // armed, and no event reached its listeners). The learner ignores a part it already has.
    const auto clickUntil = [&](const QString &selector, const QString &part) {
        for (int attempt = 0; attempt < 3; ++attempt) {
            if (!toFront())
                return false;
            userClick(chat, selector);
            if (waitUntil([&] { return parts.contains(part) || finished; }, 8s))
                return true;
        }
        return false;
    };
    ASSERT_TRUE(clickUntil(u"textarea"_s, u"input"_s))
        << error.toStdString()
        << " learner: " << QJsonDocument(learnerState()).toJson(QJsonDocument::Compact).toStdString();
    ASSERT_TRUE(sendAndWait(chat, u"Input.insertText"_s, { { u"text"_s, u"Hello there"_s } }).ok());
    ASSERT_TRUE(clickUntil(u"[role=\"button\"] svg"_s, u"send"_s))
        << "learner: " << QJsonDocument(learnerState()).toJson(QJsonDocument::Compact).toStdString();
    ASSERT_TRUE(waitUntil([&] { return finished; }, 30s))
        << "learner: " << QJsonDocument(learnerState()).toJson(QJsonDocument::Compact).toStdString()
        << " parts: " << parts.join(u',').toStdString();
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_TRUE(learnedId.startsWith(u"learned-127.0.0.1"_s)) << learnedId.toStdString();
    EXPECT_TRUE(QFile::exists(QDir(paths.configDir).filePath(u"profiles/chats/%1.json"_s.arg(learnedId))));

    // The next session uses the learned profile: its first prompt goes out as a message.
    const QString second = startFromWindow(u"Add one"_s);
    ASSERT_TRUE(waitUntil([&] { return record(second).turn >= 1 || record(second).isFinished(); }, 30s));
    const BridgeRecord r = record(second);
    EXPECT_EQ(r.profile, learnedId);
    EXPECT_EQ(r.turn, 1) << r.reason.toStdString();
    const QJsonArray posted = evaluate(chat, u"window.posted"_s).toArray();
    ASSERT_FALSE(posted.isEmpty());
    EXPECT_TRUE(posted.last().toString().contains(u"GOAL: Add one"_s))
        << posted.last().toString().toStdString();
    engine->bridge()->stop(second);
}

TEST_F(BridgeTest, ThePageGoesToTheChatWhenItChangedAndOtherwiseTheChatIsToldItDidNot)
{
    openTabs(u"unchanged"_s, u"agent/counter.html"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Add one, then wait"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    ASSERT_EQ(done.commands.size(), 2);
    EXPECT_EQ(done.commands.at(0).tool, u"click"_s);
    EXPECT_EQ(done.commands.at(1).tool, u"wait"_s);
    EXPECT_EQ(evaluate(target, u"window.count"_s).toInt(-1), 1);

    // After the click the page changed (the count is 1): it goes again. After the wait it did
    // not: the chat is told so instead of getting the same page twice.
    const QStringList sent = userMessages();
    ASSERT_EQ(sent.size(), 3) << sent.join(u"\n----\n"_s).toStdString();
    EXPECT_TRUE(sent[1].contains(u"THE PAGE NOW (tab “Counter”"_s)) << sent[1].toStdString();
    EXPECT_TRUE(sent[1].contains(u"Add one"_s)) << sent[1].toStdString();
    EXPECT_FALSE(sent[1].contains(u"THE PAGE did not change"_s)) << sent[1].toStdString();
    EXPECT_TRUE(sent[2].contains(u"THE PAGE did not change"_s)) << sent[2].toStdString();
    EXPECT_FALSE(sent[2].contains(u"THE PAGE NOW"_s)) << sent[2].toStdString();
    EXPECT_FALSE(sent[2].contains(u"Add one"_s)) << sent[2].toStdString();
    EXPECT_EQ(done.doneText, u"the page stood still"_s);
}

namespace {

// The marks' colour (payload/run-mask.js MARK_COLOR, #ff00aa), allowing for JPEG's blur.
int markPixelsIn(const QImage &image, QRect area)
{
    area = area.intersected(image.rect());
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            const QRgb p = image.pixel(x, y);
            count += qRed(p) > 200 && qGreen(p) < 90 && qBlue(p) > 110 && qBlue(p) < 230 ? 1 : 0;
        }
    }
    return count;
}

} // namespace

TEST_F(BridgeTest, AChatThatTakesImagesGetsTheMarkedScreenshotAndClicksACanvasButtonByItsPoint)
{
    // agent/vision is auto (the default): on, since the chat's profile says it takes images.
    ASSERT_EQ(settings->stringValue(SettingKey::AgentVision), u"auto"_s);
    writeImagesProfile();
    openTabs(u"canvas"_s, u"agent/canvas.html"_s, u"&images=1"_s);
    ASSERT_TRUE(waitUntil([&] { return evaluate(target, u"window.scrollY"_s).toInt() == 150; }));
    const double viewWidth = evaluate(target, u"document.documentElement.clientWidth"_s).toDouble();
    ASSERT_GT(viewWidth, 0);

    const QString id = startFromWindow(u"Press the GO button"_s);
    const BridgeRecord done = waitForEnd(id);
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_EQ(done.profile, u"fixture-images"_s);
    EXPECT_EQ(done.doneText, u"pressed the canvas button"_s) << done.lastImage.toStdString();

    // The chat's click_xy on a point of the screenshot landed on the drawn button.
    ASSERT_EQ(done.commands.size(), 1);
    EXPECT_EQ(done.commands.first().tool, u"click_xy"_s);
    EXPECT_EQ(done.commands.first().state, BridgeCommand::State::Done)
        << done.commands.first().error.toStdString();
    EXPECT_EQ(evaluate(target, u"document.getElementById('result').textContent"_s).toString(),
              u"Canvas button pressed"_s);

    // Each message went with its screenshot, uploaded through the chat's file input: a JPEG of
    // the target tab with the refs' marks (the Reset button's) and none on the canvas.
    const QJsonArray files = uploads();
    ASSERT_EQ(files.size(), 2) << QJsonDocument(files).toJson().toStdString().substr(0, 400);
    const QJsonObject first = files.first().toObject();
    EXPECT_EQ(first.value(u"type"_s).toString(), u"image/jpeg"_s);
    EXPECT_EQ(first.value(u"name"_s).toString(), u"%1-turn1.jpg"_s.arg(id));
    const QByteArray jpeg = QByteArray::fromBase64(first.value(u"data"_s).toString().toLatin1());
    ASSERT_TRUE(jpeg.startsWith("\xFF\xD8"));
    QImage shot;
    ASSERT_TRUE(shot.loadFromData(jpeg, "JPEG"));
    shot = shot.convertToFormat(QImage::Format_RGB32);
    EXPECT_LE(std::max(shot.width(), shot.height()), 1280);
    const double k = shot.width() / viewWidth;
    const auto toShot = [k](double docX, double docY) { return QPointF(docX * k, (docY - 150) * k); };
    // Reset is at 40, 300 (120 × 40) in the document: its box and its number above it.
    EXPECT_GT(markPixelsIn(shot, QRectF(toShot(40 - 6, 300 - 20), toShot(160 + 6, 340 + 6)).toRect()), 60);
    EXPECT_LT(markPixelsIn(shot, QRectF(toShot(60, 420), toShot(420, 580)).toRect()), 5);

    // The text says what the image is and how to act on it; the tools include the point tools.
    const QStringList sent = userMessages();
    ASSERT_EQ(sent.size(), 2);
    EXPECT_TRUE(sent.first().contains(u"- click_xy {x, y}"_s)) << sent.first().toStdString();
    for (const QString &message : sent) {
        EXPECT_TRUE(message.contains(u"SCREENSHOT (attached to this message)"_s)) << message.toStdString();
        EXPECT_TRUE(message.contains(u"numbers on the image are the refs"_s));
    }
    for (const QJsonValue &m : messages()) {
        if (m[u"role"].toString() == u"user"_s) {
            EXPECT_EQ(m[u"images"].toInt(), 1);
        }
    }
    EXPECT_TRUE(done.lastImage.startsWith(u"attached: "_s)) << done.lastImage.toStdString();
    EXPECT_TRUE(done.lastSent.contains(u"SCREENSHOT"_s));

    // The screenshots' files are gone; their folder is the owner's only.
    EXPECT_TRUE(uploadFolder().exists());
    EXPECT_TRUE(uploadFolder().entryList(QDir::Files | QDir::Hidden).isEmpty())
        << uploadFolder().entryList(QDir::Files).join(u", "_s).toStdString();
    EXPECT_EQ(QFile::permissions(uploadFolder().path())
                  & (QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther
                     | QFile::WriteOther | QFile::ExeOther),
              QFile::Permissions());
}

TEST_F(BridgeTest, TheUserSaysAChatTakesImagesAndItsNextSessionSendsScreenshots)
{
    // A chat only the generic profile fits, with a file input: no images until the user says so
    // (the Bridge page's box), which saves a profile for the chat's site.
    openTabs(u"canvas"_s, u"agent/canvas.html"_s, u"&images=2"_s);
    const auto ask = [&](std::optional<bool> set) {
        std::optional<CommandResult> answer;
        engine->bridge()->chatImages(chat->targetId(), set, [&](const CommandResult &r) { answer = r; });
        EXPECT_TRUE(waitUntil([&] { return answer.has_value(); }));
        return answer.value_or(CommandResult::failure(u"no answer"_s));
    };
    const CommandResult before = ask(std::nullopt);
    ASSERT_TRUE(before.ok) << before.error.toStdString();
    EXPECT_FALSE(before.data[u"images"].toBool());
    const QString profileId = before.data[u"profileId"].toString();
    EXPECT_TRUE(profileId.startsWith(u"learned-127.0.0.1"_s)) << profileId.toStdString();
    const QString file = QDir(paths.configDir).filePath(u"profiles/chats/%1.json"_s.arg(profileId));
    EXPECT_FALSE(QFile::exists(file)) << "reading saves nothing";
    // The site's profile would catch every later test's chat: it goes when this test ends.
    const std::shared_ptr<void> removeProfile(nullptr, [file](void *) { QFile::remove(file); });

    const CommandResult set = ask(true);
    ASSERT_TRUE(set.ok) << set.error.toStdString();
    EXPECT_EQ(set.data[u"profileId"].toString(), profileId);
    EXPECT_TRUE(ask(std::nullopt).data[u"images"].toBool());
    ASSERT_TRUE(QFile::exists(file));

    const BridgeRecord done = waitForEnd(startFromWindow(u"Press the GO button"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_EQ(done.profile, profileId);
    EXPECT_EQ(done.doneText, u"pressed the canvas button"_s) << done.lastImage.toStdString();
    EXPECT_EQ(uploads().size(), 2);
}

TEST_F(BridgeTest, AChatWithoutImagesGetsTextOnly)
{
    // The same page in a chat whose profile (generic) does not say it takes images, though it
    // has a file input: auto sends no screenshot, offers no point tools.
    openTabs(u"unchanged"_s, u"agent/counter.html"_s, u"&images=2"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Add one, then wait"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_EQ(done.profile, u"generic"_s);
    EXPECT_TRUE(uploads().isEmpty());
    EXPECT_TRUE(done.lastImage.isEmpty()) << done.lastImage.toStdString();
    for (const QString &message : userMessages()) {
        EXPECT_FALSE(message.contains(u"SCREENSHOT"_s)) << message.toStdString();
        EXPECT_FALSE(message.contains(u"click_xy"_s)) << message.toStdString();
    }
}

TEST_F(BridgeTest, APageWithTextTheMaskingHidesGoesWithoutItsScreenshot)
{
    // The chat takes images, but the billing page shows a card number, an IBAN, a phone and an
    // address: pixels cannot be masked, so no screenshot leaves, and the record says why.
    writeImagesProfile();
    openTabs(u"billing"_s, u"agent/billing.html"_s, u"&images=1"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Read the billing details"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_EQ(done.profile, u"fixture-images"_s);
    EXPECT_TRUE(uploads().isEmpty());
    EXPECT_TRUE(done.lastImage.startsWith(u"not attached: the page shows what the masking hides"_s))
        << done.lastImage.toStdString();
    for (const QString &message : userMessages())
        EXPECT_FALSE(message.contains(u"SCREENSHOT"_s)) << message.toStdString();
}

TEST_F(BridgeTest, AnUploadTheChatNeverShowsTimesOutAndTheMessageGoesAsText)
{
    // The chat's input takes the file and never shows it: after the wait the message goes as
    // text only, and the record says so.
    writeImagesProfile();
    openTabs(u"canvas"_s, u"agent/canvas.html"_s, u"&images=1&hideUploads=1"_s);
    const BridgeRecord done = waitForEnd(startFromWindow(u"Press the GO button"_s));
    ASSERT_EQ(done.status, BridgeStatus::Done) << done.reason.toStdString();
    EXPECT_EQ(done.doneText, u"no screenshot came"_s);
    EXPECT_EQ(uploads().size(), 1); // it got the file, and showed nothing
    EXPECT_TRUE(done.lastImage.startsWith(u"not attached: the chat did not show the attachment"_s))
        << done.lastImage.toStdString();
    EXPECT_FALSE(userMessages().value(0).contains(u"SCREENSHOT"_s));
    EXPECT_TRUE(uploadFolder().entryList(QDir::Files).isEmpty());
}

TEST_F(BridgeTest, ListBridgesShowsEverySessionNewestFirstToTheUserAndAnAgentOnlyItsOwn)
{
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitUserTabs, u"allow"_s));
    // The user's session, from the window, to its end.
    openTabs(u"unchanged"_s, u"agent/counter.html"_s);
    const QString mine = startFromWindow(u"Add one, then wait"_s);
    ASSERT_EQ(waitForEnd(mine).status, BridgeStatus::Done);
    // An agent's session, through the API, still going.
    openTabs(u"forever"_s, u"agent/counter.html"_s);
    const CommandResult started = command(u"startBridge"_s,
                                          { { u"agentTab"_s, chat->targetId() },
                                            { u"targetTabs"_s, QJsonArray { target->targetId() } },
                                            { u"goal"_s, u"Scroll for ever"_s } },
                                          kBridgeAgent);
    ASSERT_TRUE(started.ok) << started.error.toStdString();
    const QString agents = started.data[u"sessionId"].toString();
    ASSERT_TRUE(waitUntil([&] { return record(agents).turn >= 1; }, 30s));

    const auto listFor = [&](const CommandCaller &caller) {
        const CommandResult listed = command(u"listBridges"_s, {}, caller);
        EXPECT_TRUE(listed.ok) << listed.error.toStdString();
        return listed.data.toObject().value(u"sessions"_s).toArray();
    };
    const QJsonArray all = listFor(userCaller());
    ASSERT_EQ(all.size(), 2) << QJsonDocument(all).toJson().toStdString();
    EXPECT_EQ(all[0][u"sessionId"].toString(), agents) << "not newest first";
    EXPECT_EQ(all[1][u"sessionId"].toString(), mine);
    EXPECT_EQ(all[1][u"status"].toString(), u"done"_s);
    EXPECT_EQ(all[1][u"goal"].toString(), u"Add one, then wait"_s);
    EXPECT_EQ(all[1][u"commandCount"].toInt(), 2);
    EXPECT_EQ(all[1][u"doneText"].toString(), u"the page stood still"_s);
    EXPECT_EQ(all[0][u"goal"].toString(), u"Scroll for ever"_s);
    EXPECT_EQ(all[0][u"agentTab"].toString(), chat->targetId());
    EXPECT_EQ(all[0][u"targetTabs"].toArray(), QJsonArray { target->targetId() });
    // Each entry says what getBridge says of the session.
    for (const QJsonValue &entry : all) {
        const QJsonObject full
            = command(u"getBridge"_s, { { u"sessionId"_s, entry[u"sessionId"].toString() } }).data.toObject();
        for (const QString &key : { u"status"_s, u"goal"_s, u"agentTab"_s, u"createdAt"_s, u"turn"_s })
            EXPECT_EQ(entry[key], full.value(key)) << key.toStdString();
    }

    // The agent sees its own session only; another agent none.
    const QJsonArray its = listFor(kBridgeAgent);
    ASSERT_EQ(its.size(), 1);
    EXPECT_EQ(its[0][u"sessionId"].toString(), agents);
    const CommandCaller other { u"mcp"_s, u"mcp-2"_s, u"Another agent"_s };
    EXPECT_TRUE(listFor(other).isEmpty());

    // Stopped by its agent, it is listed as stopped.
    ASSERT_TRUE(command(u"stopBridge"_s, { { u"sessionId"_s, agents } }, kBridgeAgent).ok);
    EXPECT_EQ(listFor(kBridgeAgent)[0][u"status"].toString(), u"stopped"_s);
}

// The bridge with the engine's timers on a clock the test moves: minutes of waiting in seconds.
class BridgeOnAClockTest : public BridgeTest
{
protected:
    // Outlives the engine (BridgeTest::TearDown ends it first).
    FakeClock clock { QDateTime(QDate(2026, 11, 27), QTime(10, 0), QTimeZone::utc()) };
};

TEST_F(BridgeOnAClockTest, AChatThatNeverAnswersEndsTheSessionAtTheReplyTimeout)
{
    harness->stopEngine();
    ASSERT_TRUE(startEngineOnBrowser(
        { .beforeStart = [](Engine *built) { built->bridge()->setPollInterval(25ms); }, .clock = &clock }));
    ASSERT_TRUE(clock.runUntil([&] { return engine->endpoint()->isConnected(); }, 20s));
    openTabs(u"silent"_s, u"agent/counter.html"_s);
    BridgeManager::StartRequest request;
    request.agentTab = chat->targetId();
    request.targetTabs = { target->targetId() };
    request.goal = u"Add one"_s;
    request.startedBy = u"ui"_s;
    QString id;
    engine->bridge()->start(request, [&](const CommandResult &started) {
        EXPECT_TRUE(started.ok) << started.error.toStdString();
        id = started.data[u"sessionId"].toString();
    });
    ASSERT_TRUE(clock.runUntil([&] { return !id.isEmpty(); }, 20s));
    // The first message reached the chat, which took it and says nothing.
    ASSERT_TRUE(clock.runUntil(
        [&] { return record(id).turn == 1 && record(id).status == BridgeStatus::WaitingChat; }, 30s))
        << bridgeStatusName(record(id).status).toStdString() << ": " << record(id).activity.toStdString();
    ASSERT_TRUE(waitUntil([&] { return userMessages().size() == 1; }, 10s));
    const QDateTime sent = clock.now();

    // Still waiting a little before the ten minutes are up (ten seconds a step: the chat only
    // has to keep answering the session's looks, which it does at once).
    ASSERT_TRUE(
        clock.runUntil([&] { return sent.secsTo(clock.now()) >= 590 || record(id).isFinished(); }, 90s, 10s));
    EXPECT_EQ(record(id).status, BridgeStatus::WaitingChat) << record(id).reason.toStdString();
    // Then it gives up, saying why.
    ASSERT_TRUE(clock.runUntil([&] { return record(id).isFinished(); }, 30s));
    const BridgeRecord failed = record(id);
    EXPECT_EQ(failed.status, BridgeStatus::Failed);
    EXPECT_EQ(failed.reason, u"the chat did not answer within 10 minutes"_s);
    EXPECT_GE(sent.secsTo(clock.now()), 600);
    EXPECT_LE(sent.secsTo(clock.now()), 630);
    EXPECT_TRUE(failed.commands.isEmpty());
    EXPECT_EQ(evaluate(target, u"window.count"_s).toInt(-1), 0);
    // The session file says so, and the list too.
    QFile file(QDir(paths.configDir).filePath(u"bridge/%1.json"_s.arg(id)));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject saved = QJsonDocument::fromJson(file.readAll()).object();
    EXPECT_EQ(saved.value(u"status").toString(), u"failed"_s);
    EXPECT_EQ(saved.value(u"reason").toString(), u"the chat did not answer within 10 minutes"_s);
}

} // namespace
