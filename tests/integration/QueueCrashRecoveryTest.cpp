// The queue inside the real app (`multi-purpose-agent --headless`) against the fixture IDE
// page, killed with SIGKILL mid-queue and started again: the queue comes back paused at the
// same prompt, marked "sent, unconfirmed", and nothing is sent twice.
//
// The first two tests fill the queue by writing queue.json before the start (with
// schedule/autoStartQueue on); the last drives the whole run through the debug API the way a
// user's script would: updateSchedule, startQueue, a kill, a restart and resumeQueue.
#include "AppRun.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "common/JsonDataFile.h"
#include "scheduler/PromptQueue.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiClient.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class QueueCrashRecoveryTest : public ChromiumTest
{
protected:
    void SetUp() override
    {
        ChromiumTest::SetUp();
        endpoint = connectEndpoint();
        ASSERT_TRUE(endpoint);
    }

    // The settings and the queue file a user (or the debug API) would have left.
    void prepare(const QStringList &prompts)
    {
        Settings settings(QDir(configDir()).filePath(u"settings.ini"_s));
        settings.setValue(SettingKey::ScheduleEnabled, true);
        settings.setValue(SettingKey::ScheduleMode, u"queue"_s);
        settings.setValue(SettingKey::ScheduleAutoStartQueue, true);
        settings.setValue(SettingKey::ScheduleSilenceTimeoutS, 10);
        settings.setValue(SettingKey::QuotaEnabled, false);
        PromptQueue queue;
        queue.replace(prompts);
        QString error;
        ASSERT_TRUE(JsonDataFile(file(Scheduler::queueFileName())).save(queue.toJson(), 1, &error))
            << error.toStdString();
    }

    QStringList appArguments() const
    {
        return { u"--headless"_s, u"--config-dir"_s, configDir(), u"--cdp-port"_s,
                 QString::number(browser().port()) };
    }

    static QString file(const QString &name) { return QDir(configDir()).filePath(name); }

    // Read as the app left it (atomically replaced, so always whole).
    static QJsonObject saved(const QString &name)
    {
        QFile f(file(name));
        return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    }

    static QJsonObject currentItem()
    {
        const QJsonObject queue = saved(Scheduler::queueFileName());
        return queue.value(u"items"_s).toArray().at(queue.value(u"position"_s).toInt()).toObject();
    }

    static QJsonArray chatLog(CdpSession *page) { return evaluate(page, u"window.chatLog"_s).toArray(); }

    CdpEndpoint *endpoint = nullptr;
};

TEST_F(QueueCrashRecoveryTest, AKillWhileTheAgentWorksLeavesTheQueuePausedAtThatPrompt)
{
    CdpSession *ide = openPage(endpoint, fixtureUrl(u"chat/ide.html?gen=1000"_s));
    ASSERT_TRUE(ide);
    const QStringList prompts
        = { u"Task one: add the parser"_s, u"Task two: add the tests"_s, u"Task three: update the docs"_s };
    prepare(prompts);

    AppRun first(appArguments());
    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 1; }, 40s)) << first.dump().toStdString();
    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 2; }, 40s)) << first.dump().toStdString();
    const QJsonArray log = chatLog(ide);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), prompts.at(0));
    EXPECT_EQ(log.at(1).toObject().value(u"text"_s).toString(), prompts.at(1));
    // 10 s to settle, then 10 s of silence before the next prompt.
    EXPECT_GE(log.at(1).toObject().value(u"at"_s).toDouble() - log.at(0).toObject().value(u"at"_s).toDouble(),
              20000.0);

    // The chat took task two; the agent is on it. Kill the app now.
    ASSERT_TRUE(waitUntil([&] {
        const QJsonObject item = currentItem();
        return item.value(u"text"_s).toString() == prompts.at(1)
            && item.value(u"status"_s).toString() == u"sent"_s;
    }));
    first.signal(SIGKILL);
    ASSERT_EQ(first.finish(), -1);
    EXPECT_EQ(saved(Scheduler::queueFileName()).value(u"state"_s).toString(), u"running"_s);

    AppRun second(appArguments() + QStringList { u"--quit-after"_s, u"5"_s });
    ASSERT_EQ(second.finish(), 0) << second.dump().toStdString();
    EXPECT_TRUE(second.err().contains(u"is marked “sent, unconfirmed”"_s)) << second.dump().toStdString();
    const QJsonObject queue = saved(Scheduler::queueFileName());
    EXPECT_EQ(queue.value(u"state"_s).toString(), u"paused"_s);
    const QJsonArray items = queue.value(u"items"_s).toArray();
    ASSERT_EQ(items.size(), 2) << "task one was done and consumed; two and three remain";
    EXPECT_EQ(queue.value(u"position"_s).toInt(), 0);
    EXPECT_EQ(items.at(0).toObject().value(u"text"_s).toString(), prompts.at(1));
    EXPECT_EQ(items.at(0).toObject().value(u"status"_s).toString(), u"sent, unconfirmed"_s);
    EXPECT_TRUE(items.at(0).toObject().value(u"delivered"_s).toBool());
    EXPECT_EQ(items.at(1).toObject().value(u"status"_s).toString(), u"pending"_s);
    EXPECT_TRUE(queue.value(u"reason"_s).toString().contains(u"Resume"_s));

    const QJsonArray history = saved(Scheduler::historyFileName()).value(u"entries"_s).toArray();
    ASSERT_EQ(history.size(), 3) << QJsonDocument(history).toJson().toStdString()
                                 << second.dump().toStdString();
    EXPECT_EQ(history.at(0).toObject().value(u"text"_s).toString(), prompts.at(0));
    EXPECT_EQ(history.at(0).toObject().value(u"outcome"_s).toString(), u"sent"_s);
    EXPECT_EQ(history.at(0).toObject().value(u"target"_s).toString(), u"Fixture IDE"_s);
    EXPECT_EQ(history.at(1).toObject().value(u"outcome"_s).toString(), u"sent"_s);
    EXPECT_EQ(history.at(2).toObject().value(u"text"_s).toString(), prompts.at(1));
    EXPECT_EQ(history.at(2).toObject().value(u"outcome"_s).toString(), u"sent, unconfirmed"_s);
    EXPECT_EQ(saved(Scheduler::statsFileName()).value(u"promptsSent"_s).toInt(), 2);

    // Nothing was sent again without the user's word, and task three waits.
    EXPECT_EQ(chatLog(ide).size(), 2);
    EXPECT_EQ(second.summary().value(u"promptsSent"_s).toInt(-1), 0);
}

TEST_F(QueueCrashRecoveryTest, AKillBeforeTheChatConfirmedThePromptLeavesItUnconfirmedAndUnsent)
{
    CdpSession *ide = openPage(endpoint, fixtureUrl(u"chat/ide.html?gen=500"_s));
    ASSERT_TRUE(ide);
    // The fixture agent never takes a prompt marked [refuse]: its send stays under way for seconds.
    const QStringList prompts = { u"Task one"_s, u"[refuse] Task two"_s, u"Task three"_s };
    prepare(prompts);

    AppRun first(appArguments());
    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 1; }, 40s)) << first.dump().toStdString();
    ASSERT_TRUE(waitUntil(
        [&] {
            const QJsonObject item = currentItem();
            return item.value(u"text"_s).toString() == prompts.at(1)
                && item.value(u"status"_s).toString() == u"sending"_s;
        },
        40s))
        << first.dump().toStdString();
    first.signal(SIGKILL);
    ASSERT_EQ(first.finish(), -1);

    AppRun second(appArguments() + QStringList { u"--quit-after"_s, u"4"_s });
    ASSERT_EQ(second.finish(), 0) << second.dump().toStdString();
    const QJsonObject queue = saved(Scheduler::queueFileName());
    EXPECT_EQ(queue.value(u"state"_s).toString(), u"paused"_s);
    const QJsonObject item = queue.value(u"items"_s).toArray().at(0).toObject();
    EXPECT_EQ(item.value(u"text"_s).toString(), prompts.at(1));
    EXPECT_EQ(item.value(u"status"_s).toString(), u"sent, unconfirmed"_s);
    EXPECT_FALSE(item.value(u"delivered"_s).toBool());
    EXPECT_EQ(chatLog(ide).size(), 1);
}

TEST_F(QueueCrashRecoveryTest, AQueueFilledAndRunThroughTheDebugApiSurvivesAKillAndResumes)
{
    CdpSession *ide = openPage(endpoint, fixtureUrl(u"chat/ide.html?gen=1500"_s));
    ASSERT_TRUE(ide);
    {
        Settings settings(QDir(configDir()).filePath(u"settings.ini"_s));
        settings.setValue(SettingKey::QuotaEnabled, false);
    }
    const QStringList args = appArguments() + QStringList { u"--debug-server=0"_s };
    auto api = [](AppRun &app) -> std::unique_ptr<DebugApiClient> {
        if (!app.waitForStderr(u"debug API listening on http://127.0.0.1:"_s))
            return nullptr;
        QString problem;
        const auto found = DebugApiClient::locate(configDir(), &problem);
        return found ? std::make_unique<DebugApiClient>(*found) : nullptr;
    };
    const QStringList prompts
        = { u"Task one: add the parser"_s, u"Task two: add the tests"_s, u"Task three: update the docs"_s };

    AppRun first(args);
    std::unique_ptr<DebugApiClient> client = api(first);
    ASSERT_TRUE(client) << first.dump().toStdString();
    QJsonArray list;
    for (const QString &prompt : prompts)
        list.append(prompt);
    DebugApiClient::Reply reply = client->callAndWait(
        u"updateSchedule"_s,
        { { u"mode"_s, u"queue"_s }, { u"silenceTimeoutS"_s, 10 }, { u"prompts"_s, list } });
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString();
    reply = client->callAndWait(u"startQueue"_s, {});
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString() << first.dump().toStdString();

    // In order, each only after the agent fell silent (10 s after the send, then 10 s quiet).
    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 2; }, 60s)) << first.dump().toStdString();
    QJsonArray log = chatLog(ide);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), prompts.at(0));
    EXPECT_EQ(log.at(1).toObject().value(u"text"_s).toString(), prompts.at(1));
    EXPECT_GE(log.at(1).toObject().value(u"at"_s).toDouble() - log.at(0).toObject().value(u"at"_s).toDouble(),
              20000.0);
    reply = client->callAndWait(u"getQueueStatus"_s, {});
    ASSERT_TRUE(reply.ok());
    EXPECT_EQ(reply.body.value(u"data"_s).toObject().value(u"state"_s).toString(), u"running"_s);

    // Killed while the agent works on task two.
    ASSERT_TRUE(waitUntil([&] { return currentItem().value(u"status"_s).toString() == u"sent"_s; }));
    first.signal(SIGKILL);
    ASSERT_EQ(first.finish(), -1);
    client.reset();

    // The restart: paused at task two, "sent, unconfirmed", nothing sent again.
    AppRun second(args);
    client = api(second);
    ASSERT_TRUE(client) << second.dump().toStdString();
    reply = client->callAndWait(u"getQueueStatus"_s, {});
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString();
    QJsonObject status = reply.body.value(u"data"_s).toObject();
    EXPECT_EQ(status.value(u"state"_s).toString(), u"paused"_s);
    EXPECT_EQ(status.value(u"current"_s).toObject().value(u"text"_s).toString(), prompts.at(1));
    EXPECT_EQ(status.value(u"current"_s).toObject().value(u"status"_s).toString(), u"sent, unconfirmed"_s);
    EXPECT_EQ(chatLog(ide).size(), 2);

    // The user's word: resume. Task two was delivered, so it is not sent again; task three
    // follows once the agent is quiet, and the queue finishes.
    reply = client->callAndWait(u"resumeQueue"_s, {});
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString();
    ASSERT_TRUE(waitUntil([&] { return chatLog(ide).size() == 3; }, 60s)) << second.dump().toStdString();
    log = chatLog(ide);
    EXPECT_EQ(log.at(2).toObject().value(u"text"_s).toString(), prompts.at(2));
    ASSERT_TRUE(waitUntil(
        [&] {
            const DebugApiClient::Reply r = client->callAndWait(u"getQueueStatus"_s, {});
            return r.ok() && r.body.value(u"data"_s).toObject().value(u"state"_s).toString() == u"stopped"_s;
        },
        60s))
        << second.dump().toStdString();
    EXPECT_EQ(chatLog(ide).size(), 3) << "nothing was sent twice";
    reply = client->callAndWait(u"getPromptHistory"_s, {});
    ASSERT_TRUE(reply.ok());
    const QJsonArray history = reply.body.value(u"data"_s).toObject().value(u"entries"_s).toArray();
    ASSERT_GE(history.size(), 3);
    EXPECT_EQ(history.at(0).toObject().value(u"text"_s).toString(), prompts.at(2));
    second.signal(SIGINT);
    EXPECT_EQ(second.finish(), 0) << second.dump().toStdString();
}

} // namespace
