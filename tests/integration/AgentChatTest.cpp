// AgentChat finds the IDE's chat among the attached pages, and the scheduler drives it for real:
// real Chromium, the fixture IDE page and the Antigravity-shaped workbench (with the
// Antigravity profile's selectors), the system clock, the shortest silence timeout; and on a
// FakeClock (ScheduledChatTest): interval, daily, check prompts, consume and loop into the page.
#include "chat/AgentChat.h"

#include "BundledProfiles.h"
#include "FakeClock.h"
#include "PayloadTest.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "common/SystemClock.h"
#include "page/PayloadHub.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class AgentChatTest : public PayloadTest
{
protected:
    void SetUp() override
    {
        PayloadTest::SetUp();
        chat = std::make_unique<AgentChat>(endpoint, hub.get());
    }

    void TearDown() override
    {
        chat.reset();
        PayloadTest::TearDown();
    }

    ChatSendOutcome send(const QString &text, const QString &conversation = {})
    {
        std::optional<ChatSendOutcome> outcome;
        QObject context;
        chat->send(text, conversation, &context, [&](const ChatSendOutcome &o) { outcome = o; });
        EXPECT_TRUE(waitUntil([&] { return outcome.has_value(); }, 30s));
        return outcome.value_or(ChatSendOutcome {});
    }

    static QJsonArray chatLog(CdpSession *page) { return evaluate(page, u"window.chatLog"_s).toArray(); }

    std::unique_ptr<AgentChat> chat;
};

TEST_F(AgentChatTest, FindsThePageWithTheChatAmongOthers)
{
    CdpSession *other = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    CdpSession *ide = openPage(endpoint, fixtureUrl(u"chat/ide.html"_s));
    ASSERT_TRUE(other && ide);
    const ChatSendOutcome outcome = send(u"Hello agent"_s);
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(outcome.target, u"Fixture IDE"_s);
    ASSERT_TRUE(chat->currentSurface());
    EXPECT_EQ(chat->currentSurface()->session(), ide);
    EXPECT_EQ(chatLog(ide).size(), 1);

    // Watching reports the answer as it streams, then the silence.
    std::optional<ChatObservation> seen;
    QObject context;
    chat->observe(&context, [&](const ChatObservation &o) { seen = o; });
    ASSERT_TRUE(waitUntil([&] { return seen.has_value(); }));
    EXPECT_TRUE(seen->ok);
    EXPECT_EQ(seen->recentUserMessages, QStringList { u"Hello agent"_s });

    QList<ChatConversation> conversations;
    chat->conversations(
        &context, [&](const CommandResult &r) { conversations = conversationsFromJson(r.data.toObject()); });
    ASSERT_TRUE(waitUntil([&] { return !conversations.isEmpty(); }));
    EXPECT_EQ(conversations.size(), 2);
    EXPECT_EQ(send(u"Into the docs"_s, u"Docs"_s).conversation, u"Docs"_s);
    EXPECT_EQ(chatLog(ide).at(1).toObject().value(u"conversation"_s).toString(), u"Docs"_s);

    // The page goes away: the chat is looked for again, and not found.
    closeOpenedPages();
    const ChatSendOutcome gone = send(u"Anyone?"_s);
    EXPECT_FALSE(gone.ok);
    EXPECT_TRUE(gone.error.startsWith(u"no attached page shows a chat input box"_s))
        << gone.error.toStdString();
}

TEST_F(AgentChatTest, LookingAgainForAChatThatIsNotThereYetRunsOnTheClock)
{
    FakeClock clock(QDateTime(QDate(2026, 11, 27), QTime(9, 0), QTimeZone::utc()));
    AgentChat patient(endpoint, hub.get(), nullptr, &clock);
    QObject context;

    // No chat anywhere: it looks, plans the next look on the clock, and gives up when the
    // clock says its patience is over, however much real time passes.
    std::optional<CommandResult> none;
    patient.locate(
        &context, [&](const CommandResult &r) { none = r; }, 1s);
    for (int look = 0; look < 2; ++look) {
        ASSERT_TRUE(waitUntil([&] { return clock.armedTimers() == 1; })) << "no next look planned";
        EXPECT_FALSE(none.has_value()) << "gave up before its patience was over on the clock";
        clock.advance(AgentChat::kLocateRetry);
    }
    ASSERT_TRUE(waitUntil([&] { return none.has_value(); }));
    EXPECT_FALSE(none->ok);
    EXPECT_EQ(none->kind, ErrorKind::Unavailable);
    // (Which of the two depends on whether the browser's blank page is attached yet.)
    EXPECT_TRUE(none->error.startsWith(u"no attached page shows a chat input box"_s)
                || none->error.startsWith(u"no page is attached yet"_s))
        << none->error.toStdString();
    EXPECT_EQ(clock.armedTimers(), 0);

    // The chat appears while it waits: found at the next look the clock allows, not before.
    std::optional<CommandResult> found;
    patient.locate(
        &context, [&](const CommandResult &r) { found = r; }, AgentChat::kSendPatience);
    ASSERT_TRUE(waitUntil([&] { return clock.armedTimers() == 1; })) << "no next look planned";
    CdpSession *ide = openPage(endpoint, fixtureUrl(u"chat/ide.html"_s));
    ASSERT_TRUE(ide);
    EXPECT_EQ(evaluate(ide, u"document.title"_s).toString(), u"Fixture IDE"_s); // a round trip of real time
    EXPECT_FALSE(found.has_value()) << "looked again before the clock allowed it";
    ASSERT_TRUE(waitUntil([&] {
        if (!found && clock.armedTimers() == 1)
            clock.advance(AgentChat::kLocateRetry);
        return found.has_value();
    })) << "the chat that appeared was not found";
    ASSERT_TRUE(found->ok) << found->error.toStdString();
    EXPECT_EQ(found->data.toObject().value(u"target"_s).toString(), u"Fixture IDE"_s);
    ASSERT_TRUE(patient.currentSurface());
    EXPECT_EQ(patient.currentSurface()->session(), ide);
}

TEST_F(AgentChatTest, TheQueueWaitsOutALongGenerationAndThenTheSilence)
{
    // The agent answers for 12 s, longer than the 10 s silence timeout.
    CdpSession *ide = openPage(endpoint, fixtureUrl(u"chat/ide.html?gen=12000"_s));
    ASSERT_TRUE(ide);
    Settings settings(QDir(configDir()).filePath(u"settings.ini"_s));
    settings.setValue(SettingKey::ScheduleMode, u"queue"_s);
    settings.setValue(SettingKey::ScheduleSilenceTimeoutS, 10);
    SystemClock clock;
    Scheduler scheduler(&settings, chat.get(), &clock, configDir());
    scheduler.start();
    ASSERT_TRUE(scheduler.setQueue({ u"First task"_s, u"Second task"_s }));
    ASSERT_TRUE(scheduler.startQueue());

    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 2; }, 60s)) << chatLog(ide).size();
    const QJsonArray log = chatLog(ide);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"First task"_s);
    EXPECT_EQ(log.at(1).toObject().value(u"text"_s).toString(), u"Second task"_s);
    const double gap
        = log.at(1).toObject().value(u"at"_s).toDouble() - log.at(0).toObject().value(u"at"_s).toDouble();
    // 12 s of generation, then 10 s of silence. The silence counts from the last observation that
    // saw the agent generating, and the chat is observed once a second: that observation can come
    // up to a second before the answer ends (seen: 21.3 s on a loaded machine).
    EXPECT_GE(gap, 21000.0) << "the queue moved on during the answer or before the silence";
    EXPECT_LT(gap, 30000.0);
    // The chat shows the prompt a moment before ChatSurface has confirmed it.
    ASSERT_TRUE(waitUntil([&] { return scheduler.history().entries().size() == 2; }));
    EXPECT_EQ(scheduler.history().entries().first().target, u"Fixture IDE"_s);
    savePageScreenshot(ide, u"queue-second-task-sent.png"_s);
}

// The scheduler on a FakeClock, sending into the real page: interval, daily across a DST change,
// and the queue's check prompts, consume and loop (issue 35 item 2). The clock decides when;
// the prompts travel for real.
class ScheduledChatTest : public AgentChatTest
{
protected:
    static QTimeZone berlin() { return QTimeZone("Europe/Berlin"); }

    void startScheduler(const QDateTime &start, const QList<std::pair<SettingKey, QVariant>> &values)
    {
        ide = openPage(endpoint, fixtureUrl(u"chat/ide.html?gen=100"_s));
        ASSERT_TRUE(ide);
        clock = std::make_unique<FakeClock>(start, start.timeZone());
        settings = std::make_unique<Settings>(QDir(configDir()).filePath(u"settings.ini"_s));
        for (const auto &[key, value] : values) {
            QString error;
            ASSERT_TRUE(settings->setValue(key, value, &error)) << error.toStdString();
        }
        scheduler = std::make_unique<Scheduler>(settings.get(), chat.get(), clock.get(), configDir());
        scheduler->start();
    }

    void TearDown() override
    {
        if (scheduler)
            scheduler->shutdown();
        scheduler.reset();
        AgentChatTest::TearDown();
    }

    QStringList received() const
    {
        QStringList texts;
        for (const QJsonValue &entry : chatLog(ide))
            texts.append(entry.toObject().value(u"text"_s).toString());
        return texts;
    }

    // A real round trip to the page: whatever the clock set off has had its chance to arrive.
    void roundTrip() const { ASSERT_EQ(evaluate(ide, u"document.title"_s).toString(), u"Fixture IDE"_s); }

    QList<PromptRecord> sent() const
    {
        QList<PromptRecord> records;
        for (const PromptRecord &r : scheduler->history().entries()) {
            if (r.outcome == u"sent"_s)
                records.append(r);
        }
        return records;
    }

    CdpSession *ide = nullptr;
    std::unique_ptr<FakeClock> clock;
    std::unique_ptr<Settings> settings;
    std::unique_ptr<Scheduler> scheduler;
};

TEST_F(ScheduledChatTest, AnIntervalPromptGoesIntoTheRealChatWhenTheClockSaysAndNotBefore)
{
    startScheduler(QDateTime(QDate(2026, 11, 27), QTime(9, 0), QTimeZone::utc()),
                   { { SettingKey::ScheduleMode, u"interval"_s },
                     { SettingKey::ScheduleValue, u"30"_s },
                     { SettingKey::SchedulePrompt, u"Status report please"_s },
                     { SettingKey::ScheduleEnabled, true } });
    clock->advance(29min);
    roundTrip();
    EXPECT_TRUE(received().isEmpty()) << "sent before its time";
    clock->advance(1min);
    ASSERT_TRUE(waitUntil([&] { return sent().size() == 1; }, 30s)) << received().join(u" | ").toStdString();
    EXPECT_EQ(received(), QStringList { u"Status report please"_s });
    EXPECT_EQ(sent().first().source, u"interval"_s);
    EXPECT_EQ(sent().first().target, u"Fixture IDE"_s);
    EXPECT_EQ(sent().first().time.toUTC(), QDateTime(QDate(2026, 11, 27), QTime(9, 30), QTimeZone::utc()));
    clock->advance(30min);
    ASSERT_TRUE(waitUntil([&] { return sent().size() == 2; }, 30s));
    EXPECT_EQ(received().size(), 2);
}

TEST_F(ScheduledChatTest, ADailyPromptGoesIntoTheRealChatAtNineLocalTimeOnBothSidesOfTheSpringChange)
{
    // Europe/Berlin moves from CET to CEST on 2024-03-31 at 02:00.
    startScheduler(QDateTime(QDate(2024, 3, 30), QTime(8, 30), berlin()),
                   { { SettingKey::ScheduleMode, u"daily"_s },
                     { SettingKey::ScheduleValue, u"09:00"_s },
                     { SettingKey::SchedulePrompt, u"Good morning: plan the day"_s },
                     { SettingKey::ScheduleEnabled, true } });
    clock->advanceTo(QDateTime(QDate(2024, 3, 30), QTime(9, 0), berlin()));
    ASSERT_TRUE(waitUntil([&] { return sent().size() == 1; }, 30s));
    clock->advanceTo(QDateTime(QDate(2024, 3, 31), QTime(8, 59), berlin()));
    roundTrip();
    EXPECT_EQ(received().size(), 1) << "sent again before nine on the second day";
    clock->advanceTo(QDateTime(QDate(2024, 3, 31), QTime(9, 0), berlin()));
    ASSERT_TRUE(waitUntil([&] { return sent().size() == 2; }, 30s));
    EXPECT_EQ(received(), (QStringList { u"Good morning: plan the day"_s, u"Good morning: plan the day"_s }));
    EXPECT_EQ(sent().at(0).time.toUTC(), QDateTime(QDate(2024, 3, 30), QTime(8, 0), QTimeZone::utc())); // CET
    EXPECT_EQ(sent().at(1).time.toUTC(),
              QDateTime(QDate(2024, 3, 31), QTime(7, 0), QTimeZone::utc())); // CEST
    EXPECT_EQ(sent().at(1).source, u"daily"_s);
}

TEST_F(ScheduledChatTest, TheQueueSendsCheckPromptsConsumesItsTasksAndLoopsInTheRealChat)
{
    startScheduler(QDateTime(QDate(2026, 11, 27), QTime(9, 0), QTimeZone::utc()),
                   { { SettingKey::ScheduleMode, u"queue"_s },
                     { SettingKey::ScheduleSilenceTimeoutS, 10 },
                     { SettingKey::ScheduleQueueMode, u"consume"_s },
                     { SettingKey::ScheduleCheckPromptEnabled, true },
                     { SettingKey::ScheduleCheckPromptText, u"Check it."_s } });
    ASSERT_TRUE(scheduler->setQueue({ u"one"_s, u"two"_s }));
    ASSERT_TRUE(scheduler->startQueue());
    ASSERT_TRUE(clock->runUntil([&] { return scheduler->queue().state == PromptQueue::State::Stopped; }))
        << received().join(u" | ").toStdString();
    EXPECT_EQ(received(), (QStringList { u"one"_s, u"Check it."_s, u"two"_s, u"Check it."_s }));
    EXPECT_TRUE(scheduler->queue().items.isEmpty()) << "consume keeps no finished task";
    QStringList sources;
    for (const PromptRecord &r : sent())
        sources.append(r.source);
    EXPECT_EQ(sources, (QStringList { u"queue"_s, u"check"_s, u"queue"_s, u"check"_s }));

    // Loop: the same prompts again from the first, kept in the queue.
    ASSERT_TRUE(settings->setValue(SettingKey::ScheduleQueueMode, u"loop"_s));
    ASSERT_TRUE(settings->setValue(SettingKey::ScheduleCheckPromptEnabled, false));
    ASSERT_TRUE(scheduler->setQueue({ u"a"_s, u"b"_s }));
    clock->advance(Scheduler::kStartDebounce);
    ASSERT_TRUE(scheduler->startQueue());
    ASSERT_TRUE(clock->runUntil([&] { return received().size() == 7; }))
        << received().join(u" | ").toStdString();
    EXPECT_EQ(received().mid(4), (QStringList { u"a"_s, u"b"_s, u"a"_s }));
    EXPECT_EQ(scheduler->queue().items.size(), 2) << "loop keeps its prompts";
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    EXPECT_TRUE(scheduler->stopQueue());
}

class AntigravityQueueTest : public AgentChatTest
{
protected:
    void SetUp() override
    {
        AgentChatTest::SetUp();
        const std::optional<ChatSelectors> antigravity = bundledChatSelectors(u"antigravity"_s);
        ASSERT_TRUE(antigravity);
        const ChatSelectors selectors = *antigravity;
        chat->setSelectorsProvider([selectors](CdpSession *) { return selectors; });
        settings = std::make_unique<Settings>(QDir(configDir()).filePath(u"settings.ini"_s));
        settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
        settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 10);
    }

    std::unique_ptr<Settings> settings;
    SystemClock clock;
};

TEST_F(AntigravityQueueTest, AMissingConversationDoesNotStopTheQueueAndABusyEditorDoesNotHoldIt)
{
    // The editor shows a busy bar and a notification offers Cancel the whole time: outside the
    // agent panel, neither keeps the queue from falling silent.
    CdpSession *ide
        = openPage(endpoint, fixtureUrl(u"chat/antigravity-workbench.html?gen=1000&busy=editor"_s));
    ASSERT_TRUE(ide);
    settings->setValue(SettingKey::ScheduleTargetConversation, u"Refactor the lexer"_s);
    Scheduler scheduler(settings.get(), chat.get(), &clock, configDir());
    scheduler.start();
    ASSERT_TRUE(scheduler.setQueue({ u"First task"_s, u"Second task"_s }));
    ASSERT_TRUE(scheduler.startQueue());

    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 2; }, 40s)) << chatLog(ide).size();
    const QJsonArray log = chatLog(ide);
    for (const QJsonValue &entry : log)
        EXPECT_EQ(entry.toObject().value(u"conversation"_s).toString(), u"Fix the parser"_s);
    ASSERT_TRUE(waitUntil([&] { return scheduler.history().entries().size() == 2; }));
    const PromptRecord &first = scheduler.history().entries().first();
    EXPECT_EQ(first.outcome, u"sent"_s);
    EXPECT_EQ(first.conversation, u"Fix the parser"_s);
    EXPECT_TRUE(first.detail.startsWith(u"no conversation named “Refactor the lexer”"_s))
        << first.detail.toStdString();
    EXPECT_TRUE(first.detail.endsWith(u"sent to the active conversation “Fix the parser”"_s));
    EXPECT_EQ(scheduler.queue().state, PromptQueue::State::Running);
}

TEST_F(AntigravityQueueTest, AfterACrashAPromptTheTranscriptShowsIsNotSentAgain)
{
    CdpSession *ide = openPage(endpoint, fixtureUrl(u"chat/antigravity-workbench.html?gen=100"_s));
    ASSERT_TRUE(ide);
    const QString queueFile = QDir(configDir()).filePath(Scheduler::queueFileName());
    QByteArray atTheSend;
    {
        Scheduler scheduler(settings.get(), chat.get(), &clock, configDir());
        scheduler.start();
        ASSERT_TRUE(scheduler.setQueue({ u"Add error recovery to the parser"_s, u"Write the docs"_s }));
        ASSERT_TRUE(scheduler.startQueue());
        // What a kill during the send leaves: the step saved as being sent.
        QFile file(queueFile);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        atTheSend = file.readAll();
        ASSERT_TRUE(atTheSend.contains("\"sending\"")) << atTheSend.constData();
        ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 1; }, 20s));
    }
    QFile file(queueFile);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(atTheSend);
    file.close();

    Scheduler restarted(settings.get(), chat.get(), &clock, configDir());
    restarted.start();
    ASSERT_EQ(restarted.queue().state, PromptQueue::State::Paused);
    ASSERT_EQ(restarted.queue().current().status, QueueItem::Status::Unconfirmed);
    ASSERT_TRUE(restarted.resumeQueue());
    // The transcript's user bubble shows the prompt: it is confirmed, not sent a second time.
    ASSERT_TRUE(waitUntil([&] { return restarted.phase() == Scheduler::Phase::WaitingForSilence; }, 20s));
    EXPECT_EQ(restarted.queue().current().status, QueueItem::Status::Sent);
    EXPECT_EQ(chatLog(ide).size(), 1);
    // The next prompt follows once the agent has fallen silent.
    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 2; }, 30s));
    EXPECT_EQ(chatLog(ide).at(1).toObject().value(u"text"_s).toString(), u"Write the docs"_s);
}

// Several IDE windows: the chat goes where the extension sent it (cdp-handler.js, sendPrompt:
// "Prefer the Antigravity agent chat webview when present", then "If workspace preference set,
// filter targets to matching workspace" by the page title, falling back to all when none match).
class WindowChoiceTest : public AntigravityQueueTest
{
protected:
    CdpSession *window(const QString &query)
    {
        return openPage(endpoint, fixtureUrl(u"chat/antigravity-workbench.html?"_s + query));
    }
};

TEST_F(WindowChoiceTest, TheWindowWithTheAgentPanelWinsOverOneWithoutIt)
{
    // Opened first, so the first candidate: a window whose chat box is in no panel the profile knows.
    CdpSession *bare = window(u"panel=unknown&workspace=alpha"_s);
    CdpSession *panel = window(u"workspace=beta"_s);
    ASSERT_TRUE(bare && panel);
    ChatSendOutcome outcome = send(u"To the panel"_s);
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(outcome.target, u"parser.ts — beta — Antigravity"_s);
    EXPECT_EQ(chatLog(panel).size(), 1);
    EXPECT_EQ(chatLog(bare).size(), 0);
    // The title preference only chooses among windows with the panel.
    chat->setWindowPreference(u"alpha"_s);
    outcome = send(u"Still the panel"_s);
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(chatLog(panel).size(), 2);
    EXPECT_EQ(chatLog(bare).size(), 0);
}

TEST_F(WindowChoiceTest, TheWorkspaceNameInTheTitlePicksTheWindow)
{
    CdpSession *alpha = window(u"workspace=alpha-service"_s);
    CdpSession *beta = window(u"workspace=beta-app"_s);
    ASSERT_TRUE(alpha && beta);
    chat->setWindowPreference(u"beta"_s);
    ChatSendOutcome outcome = send(u"For beta"_s);
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(outcome.target, u"parser.ts — beta-app — Antigravity"_s);
    EXPECT_EQ(chatLog(beta).size(), 1);
    EXPECT_EQ(chatLog(alpha).size(), 0);
    ASSERT_TRUE(chat->currentSurface());
    EXPECT_EQ(chat->currentSurface()->session(), beta);

    // Case does not matter, and the preference wins over the window last used.
    chat->setWindowPreference(u"ALPHA"_s);
    outcome = send(u"For alpha"_s);
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(chatLog(alpha).size(), 1);
    EXPECT_EQ(chat->currentSurface()->session(), alpha);

    // No window matches: the prompt still goes out, to one of the windows with the chat.
    chat->setWindowPreference(u"gamma"_s);
    outcome = send(u"For anyone"_s);
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(chatLog(alpha).size() + chatLog(beta).size(), 3);
}

} // namespace
