// Every debug API action end to end: the engine attached to real headless Chromium, its debug
// API on a real loopback port, called over HTTP the way `ctl` calls it.
#include "EngineChromiumTest.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "RawHttp.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/DebugActions.h"
#include "autoaccept/AutoAcceptController.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiClient.h"
#include "server/DebugApiService.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

Q_LOGGING_CATEGORY(lcTest, "mpa.debugapitest")

class DebugApiTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        Logging::install({});
        ASSERT_TRUE(startEngineOnBrowser({ .debugApi = true }));
        client = harness->client();
        token = harness->token();

        // A page of our own, seen by the test's endpoint and the engine's alike.
        CdpEndpoint *own = connectEndpoint();
        ASSERT_TRUE(own);
        page = openPage(own, fixtureUrl(u"basic.html"_s));
        ASSERT_TRUE(page);
        pageTarget = page->targetId();
        ASSERT_TRUE(waitUntil([&] {
            CdpSession *seen = engine->endpoint()->sessionForTarget(pageTarget);
            return seen && seen->targetInfo().url == fixtureUrl(u"basic.html"_s).toString();
        })) << "the engine never attached to the fixture page: "
            << engine->statusLine().toStdString() << " " << engine->endpoint()->lastError().toStdString()
            << " sessions " << engine->endpoint()->sessions().size() << " target " << pageTarget.toStdString()
            << " " <<
            [&] {
                QString all;
                for (CdpSession *s : engine->endpoint()->sessions())
                    all += s->targetId() + u' ' + s->targetInfo().title + u' ' + s->targetInfo().url + u'\n';
                return all.toStdString();
            }();
    }

    DebugApiClient::Reply call(const QString &action, const QJsonObject &params = {})
    {
        return client->callAndWait(action, params);
    }

    static QString describe(const DebugApiClient::Reply &reply)
    {
        return u"HTTP %1: %2"_s.arg(reply.status)
            .arg(QString::fromUtf8(QJsonDocument(reply.body).toJson(QJsonDocument::Compact).left(1500)));
    }

    static QJsonObject data(const DebugApiClient::Reply &reply)
    {
        return reply.body.value(u"data"_s).toObject();
    }

    static QJsonObject connectionFor(const QJsonObject &connections, const QString &targetId)
    {
        for (const QJsonValue &c : connections.value(u"connections"_s).toArray()) {
            if (c.toObject().value(u"targetId"_s).toString() == targetId)
                return c.toObject();
        }
        return {};
    }

    // The settings file as another process would read it.
    QVariant saved(SettingKey key) const { return harness->saved(key); }

    DebugApiClient *client = nullptr;
    QByteArray token;
    CdpSession *page = nullptr;
    QString pageTarget;
};

TEST_F(DebugApiTest, GetCDPConnectionsListsTheEndpointAndItsTargets)
{
    // An out-of-process iframe shows up as its own target under its page.
    CdpEndpoint *own = connectEndpoint();
    CdpSession *host = openPage(
        own,
        fixtureUrl(u"iframe-host.html?src="_s
                   + QString::fromUtf8(QUrl::toPercentEncoding(crossSiteUrl(u"frame.html"_s).toString()))));
    ASSERT_TRUE(host);
    ASSERT_TRUE(waitUntil([&] {
        for (CdpSession *s : engine->endpoint()->sessions()) {
            if (s->targetInfo().type == u"iframe"_s && s->targetInfo().url.contains(u"frame.html"_s))
                return true;
        }
        return false;
    })) << "no OOPIF target";

    const DebugApiClient::Reply reply = call(u"getCDPConnections"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    const QJsonObject d = data(reply);
    const QJsonObject endpoint = d.value(u"endpoint"_s).toObject();
    EXPECT_EQ(endpoint.value(u"state"_s).toString(), u"connected"_s);
    EXPECT_TRUE(endpoint.value(u"connected"_s).toBool());
    EXPECT_EQ(endpoint.value(u"port"_s).toInt(), browser().port());
    EXPECT_TRUE(endpoint.value(u"browserVersion"_s).toString().contains(u"Chrome/"_s))
        << describe(reply).toStdString();
    EXPECT_EQ(d.value(u"count"_s).toInt(), d.value(u"connections"_s).toArray().size());
    EXPECT_GE(d.value(u"pages"_s).toInt(), 2);

    const QJsonObject fixture = connectionFor(d, pageTarget);
    EXPECT_EQ(fixture.value(u"type"_s).toString(), u"page"_s);
    EXPECT_EQ(fixture.value(u"title"_s).toString(), u"Basic fixture"_s);
    EXPECT_EQ(fixture.value(u"url"_s).toString(), fixtureUrl(u"basic.html"_s).toString());
    EXPECT_TRUE(fixture.value(u"attached"_s).toBool());

    bool sawFrame = false;
    for (const QJsonValue &c : d.value(u"connections"_s).toArray()) {
        const QJsonObject o = c.toObject();
        if (o.value(u"type"_s).toString() == u"iframe"_s) {
            sawFrame = true;
            EXPECT_EQ(o.value(u"parentTargetId"_s).toString(), host->targetId());
            EXPECT_TRUE(o.value(u"url"_s).toString().startsWith(u"http://localhost:"_s));
        }
    }
    EXPECT_TRUE(sawFrame) << describe(reply).toStdString();
}

TEST_F(DebugApiTest, GetFullStateGathersEverySectionAndSaysWhatIsNotAvailable)
{
    const DebugApiClient::Reply reply = call(u"getFullState"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    const QJsonObject state = data(reply);
    for (const QString &key :
         { u"app"_s, u"autoAccept"_s, u"debugApi"_s, u"settings"_s, u"cdp"_s, u"stats"_s, u"bannedCommands"_s,
           u"schedule"_s, u"queue"_s, u"quota"_s, u"unavailable"_s })
        EXPECT_TRUE(state.contains(key))
            << key.toStdString() << " missing: " << describe(reply).toStdString();

    const QJsonObject app = state.value(u"app"_s).toObject();
    EXPECT_EQ(app.value(u"pid"_s).toInteger(), QCoreApplication::applicationPid());
    EXPECT_TRUE(app.value(u"running"_s).toBool());
    EXPECT_EQ(app.value(u"configDir"_s).toString(), paths.configDir);
    EXPECT_TRUE(app.value(u"summary"_s).toObject().contains(u"targets"_s));
    EXPECT_EQ(state.value(u"debugApi"_s).toObject().value(u"port"_s).toInt(), engine->debugApi()->port());
    EXPECT_FALSE(state.value(u"debugApi"_s).toObject().value(u"allowEvaluate"_s).toBool());
    EXPECT_TRUE(connectionFor(state.value(u"cdp"_s).toObject(), pageTarget).contains(u"title"_s));
    EXPECT_EQ(state.value(u"bannedCommands"_s).toObject().value(u"bannedCommands"_s).toArray().size(),
              settings->listValue(SettingKey::SafetyBannedCommands).size());
    EXPECT_EQ(state.value(u"schedule"_s).toObject().value(u"mode"_s).toString(), u"interval"_s);
    EXPECT_EQ(state.value(u"settings"_s).toObject().value(u"cdp/port"_s).toInt(), 9004);
    EXPECT_FALSE(state.value(u"autoAccept"_s).toObject().value(u"enabled"_s).toBool());

    // Parts not built yet: null, with the reason, never made-up numbers.
    const QJsonObject unavailable = state.value(u"unavailable"_s).toObject();
    for (const QString &section : { u"stats"_s, u"queue"_s, u"quota"_s }) {
        if (!unavailable.contains(section))
            continue; // the part has landed
        EXPECT_TRUE(state.value(section).isNull()) << section.toStdString();
        EXPECT_TRUE(unavailable.value(section).toString().contains(u"not available yet"_s))
            << section.toStdString();
    }

    // GET /api/state is the same object.
    const RawHttpReply shortcut = rawHttp(engine->debugApi()->port(),
                                          httpRequest("GET", "/api/state", engine->debugApi()->port(),
                                                      { { "Authorization", "Bearer " + token } }));
    ASSERT_EQ(shortcut.status, 200) << shortcut.describe().toStdString();
    const QJsonObject again = shortcut.json.value(u"data"_s).toObject();
    EXPECT_EQ(again.keys(), state.keys());
    EXPECT_EQ(again.value(u"settings"_s), state.value(u"settings"_s));
}

TEST_F(DebugApiTest, GetLogsTailsFiltersByLevelAndCategory)
{
    // The engine logs as it goes; a category of the test's own keeps the expectations exact.
    qCInfo(lcTest) << "debug-api-test: an info line";
    qCWarning(lcTest) << "debug-api-test: a warning line";
    qCInfo(lcTest) << "debug-api-test: the last line";

    DebugApiClient::Reply reply
        = call(u"getLogs"_s, { { u"tailLines"_s, 2 }, { u"category"_s, u"mpa.debugapitest"_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    QJsonObject d = data(reply);
    EXPECT_EQ(d.value(u"linesCount"_s).toInt(), 2);
    const QJsonArray lines = d.value(u"lines"_s).toArray();
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines.first().toObject().value(u"message"_s).toString(), u"debug-api-test: a warning line"_s);
    EXPECT_EQ(lines.first().toObject().value(u"level"_s).toString(), u"warning"_s);
    EXPECT_EQ(lines.last().toObject().value(u"message"_s).toString(), u"debug-api-test: the last line"_s);
    EXPECT_EQ(lines.last().toObject().value(u"category"_s).toString(), u"mpa.debugapitest"_s);
    EXPECT_TRUE(
        d.value(u"logs"_s).toString().endsWith(u"I mpa.debugapitest: debug-api-test: the last line"_s))
        << d.value(u"logs"_s).toString().toStdString();

    reply = call(
        u"getLogs"_s,
        { { u"tailLines"_s, 50 }, { u"level"_s, u"warning"_s }, { u"category"_s, u"mpa.debugapitest"_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    d = data(reply);
    EXPECT_EQ(d.value(u"linesCount"_s).toInt(), 1) << describe(reply).toStdString();
    EXPECT_TRUE(d.value(u"logs"_s).toString().contains(u"a warning line"_s));

    reply = call(u"getLogs"_s, { { u"tailLines"_s, 1 } });
    EXPECT_EQ(data(reply).value(u"linesCount"_s).toInt(), 1) << describe(reply).toStdString();
    reply = call(u"getLogs"_s, { { u"level"_s, u"warning"_s }, { u"tailLines"_s, 500 } });
    for (const QJsonValue &line : data(reply).value(u"lines"_s).toArray())
        EXPECT_NE(line.toObject().value(u"level"_s).toString(), u"info"_s);

    reply = call(u"getLogs"_s, { { u"category"_s, u"mpa.cdp"_s }, { u"tailLines"_s, 500 } });
    d = data(reply);
    EXPECT_FALSE(d.value(u"logs"_s).toString().contains(u"debug-api-test"_s));
    for (const QJsonValue &line : d.value(u"lines"_s).toArray())
        EXPECT_TRUE(line.toObject().value(u"category"_s).toString().startsWith(u"mpa.cdp"_s));

    // The token is masked in the log like any secret.
    qCInfo(lcTest).noquote() << "debug-api-test: token" << QString::fromUtf8(token);
    reply = call(u"getLogs"_s, { { u"tailLines"_s, 1 }, { u"category"_s, u"mpa.debugapitest"_s } });
    EXPECT_TRUE(data(reply).value(u"logs"_s).toString().contains(u"debug-api-test: token «redacted»"_s))
        << describe(reply).toStdString();
    EXPECT_FALSE(data(reply).value(u"logs"_s).toString().contains(QString::fromUtf8(token)));

    for (const QJsonObject &bad :
         { QJsonObject { { u"tailLines"_s, 0 } }, QJsonObject { { u"tailLines"_s, u"5"_s } },
           QJsonObject { { u"level"_s, u"loud"_s } }, QJsonObject { { u"lines"_s, 5 } } }) {
        reply = call(u"getLogs"_s, bad);
        EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
        EXPECT_TRUE(reply.error.contains(u"params."_s) || reply.error.contains(u"parameter"_s))
            << reply.error.toStdString();
    }
}

TEST_F(DebugApiTest, TheBanListIsReadAndReplacedThroughTheSettingsRegistry)
{
    DebugApiClient::Reply reply = call(u"getBannedCommands"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_TRUE(data(reply).value(u"isDefault"_s).toBool());
    EXPECT_TRUE(data(reply).value(u"bannedCommands"_s).toArray().isEmpty());
    QStringList rules;
    for (const QJsonValue &rule : data(reply).value(u"rules"_s).toArray())
        rules.append(rule.toObject().value(u"id"_s).toString());
    EXPECT_TRUE(rules.contains(u"recursive-delete"_s) && rules.contains(u"fork-bomb"_s))
        << rules.join(u' ').toStdString();

    const QStringList list = { u"git push --force"_s, u"/drop\\s+table/i"_s };
    reply = call(u"updateBannedCommands"_s, { { u"bannedCommands"_s, QJsonArray::fromStringList(list) } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_FALSE(data(reply).value(u"isDefault"_s).toBool());
    EXPECT_EQ(saved(SettingKey::SafetyBannedCommands).toStringList(), list);

    // An invalid regular expression: refused with the reason, nothing saved.
    reply = call(u"updateBannedCommands"_s,
                 { { u"bannedCommands"_s, QJsonArray { u"fine"_s, u"/([unclosed/"_s } } });
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"not a valid regular expression"_s)) << reply.error.toStdString();
    EXPECT_EQ(saved(SettingKey::SafetyBannedCommands).toStringList(), list);
    for (const QJsonObject &bad : { QJsonObject(), QJsonObject { { u"bannedCommands"_s, u"rm"_s } },
                                    QJsonObject { { u"bannedCommands"_s, QJsonArray { 1 } } },
                                    QJsonObject { { u"bannedCommands"_s, QJsonArray { u" "_s } } },
                                    QJsonObject { { u"patterns"_s, QJsonArray() } } }) {
        reply = call(u"updateBannedCommands"_s, bad);
        EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    }
    EXPECT_EQ(saved(SettingKey::SafetyBannedCommands).toStringList(), list);

    // The extension's name for the list.
    const QStringList more = list + QStringList { u"npm publish"_s };
    reply = call(u"updateBannedCommands"_s, { { u"commands"_s, QJsonArray::fromStringList(more) } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::SafetyBannedCommands).toStringList(), more);

    // A reset removes the user's patterns: theirs to do, in the window (403 here); with none of
    // theirs left it changes nothing and is fine.
    reply = call(u"updateBannedCommands"_s, { { u"reset"_s, true } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::SafetyBannedCommands).toStringList(), more);
    settings->reset(SettingKey::SafetyBannedCommands); // the person, in the window
    reply = call(u"updateBannedCommands"_s, { { u"reset"_s, true } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_TRUE(data(reply).value(u"isDefault"_s).toBool());
    EXPECT_FALSE(Settings(paths.settingsFile()).isSet(SettingKey::SafetyBannedCommands));
}

TEST_F(DebugApiTest, TheScheduleIsReadAndChangedAllOrNothing)
{
    DebugApiClient::Reply reply = call(u"getSchedule"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(
        data(reply),
        (QJsonObject {
            { u"enabled"_s, false },
            { u"mode"_s, u"interval"_s },
            { u"value"_s, u"30"_s },
            { u"prompt"_s, u"Status report please"_s },
            { u"queueMode"_s, u"consume"_s },
            { u"silenceTimeoutS"_s, 30 },
            { u"checkPrompt"_s,
              QJsonObject { { u"enabled"_s, false },
                            { u"text"_s, settings->stringValue(SettingKey::ScheduleCheckPromptText) } } },
            { u"targetConversation"_s, QString() },
            { u"prompts"_s, QJsonArray() },
            // The same in the VS Code extension's shape, for its scripts.
            { u"schedule"_s,
              QJsonObject { { u"enabled"_s, false },
                            { u"mode"_s, u"interval"_s },
                            { u"value"_s, u"30"_s },
                            { u"prompt"_s, u"Status report please"_s },
                            { u"prompts"_s, QJsonArray() },
                            { u"queueMode"_s, u"consume"_s },
                            { u"silenceTimeout"_s, 30 },
                            { u"checkPromptEnabled"_s, false },
                            { u"checkPromptText"_s,
                              settings->stringValue(SettingKey::ScheduleCheckPromptText) } } } }));

    reply = call(u"updateSchedule"_s,
                 { { u"enabled"_s, true },
                   { u"mode"_s, u"daily"_s },
                   { u"value"_s, u"09:30"_s },
                   { u"checkPrompt"_s, QJsonObject { { u"enabled"_s, true } } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"mode"_s).toString(), u"daily"_s);
    EXPECT_EQ(data(reply).value(u"changed"_s).toArray().size(), 4);
    EXPECT_EQ(saved(SettingKey::ScheduleMode).toString(), u"daily"_s);
    EXPECT_EQ(saved(SettingKey::ScheduleValue).toString(), u"09:30"_s);
    EXPECT_TRUE(saved(SettingKey::ScheduleCheckPromptEnabled).toBool());

    // The VS Code extension's names for the same fields.
    reply = call(u"updateSchedule"_s,
                 { { u"silenceTimeout"_s, 45 },
                   { u"checkPromptEnabled"_s, false },
                   { u"checkPromptText"_s, u"Check your work."_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::ScheduleSilenceTimeoutS).toInt(), 45);
    EXPECT_FALSE(saved(SettingKey::ScheduleCheckPromptEnabled).toBool());
    EXPECT_EQ(saved(SettingKey::ScheduleCheckPromptText).toString(), u"Check your work."_s);
    reply = call(u"updateSchedule"_s, { { u"silenceTimeout"_s, 60 }, { u"silenceTimeoutS"_s, 90 } });
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"give one"_s)) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::ScheduleSilenceTimeoutS).toInt(), 45);

    // One bad field refuses the whole change.
    reply = call(u"updateSchedule"_s, { { u"prompt"_s, u"changed?"_s }, { u"silenceTimeoutS"_s, 5 } });
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"schedule/silenceTimeoutS"_s)) << reply.error.toStdString();
    EXPECT_TRUE(reply.error.contains(u"nothing was changed"_s)) << reply.error.toStdString();
    EXPECT_EQ(saved(SettingKey::SchedulePrompt).toString(), u"Status report please"_s);

    for (const QJsonObject &bad :
         { QJsonObject { { u"mode"_s, u"hourly"_s } }, QJsonObject { { u"value"_s, u"25:99"_s } },
           QJsonObject { { u"enabled"_s, u"yes"_s } }, QJsonObject { { u"interval"_s, 5 } }, QJsonObject(),
           QJsonObject { { u"checkPrompt"_s, QJsonObject { { u"txt"_s, u"x"_s } } } } }) {
        reply = call(u"updateSchedule"_s, bad);
        EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    }
    // A number of minutes may come as a number.
    reply = call(u"updateSchedule"_s, { { u"mode"_s, u"interval"_s }, { u"value"_s, 45 } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::ScheduleValue).toString(), u"45"_s);

    // The queue's prompts are not settings: the scheduler owns them; a bad list changes nothing.
    reply = call(u"updateSchedule"_s,
                 { { u"prompts"_s, QJsonArray { u"one"_s, 2 } }, { u"mode"_s, u"queue"_s } });
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"params.prompts must hold strings"_s)) << reply.error.toStdString();
    EXPECT_EQ(saved(SettingKey::ScheduleMode).toString(), u"interval"_s);
    reply
        = call(u"updateSchedule"_s, { { u"prompts"_s, QJsonArray { u"one"_s } }, { u"mode"_s, u"queue"_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::ScheduleMode).toString(), u"queue"_s);
    EXPECT_EQ(engine->scheduler()->queue().items.size(), 1);
    EXPECT_EQ(data(reply).value(u"prompts"_s).toArray(), QJsonArray { u"one"_s });
}

TEST_F(DebugApiTest, QueuePromptsHistoryAndConversationsDriveTheRealChat)
{
    CdpEndpoint *own = connectEndpoint();
    ASSERT_TRUE(own);
    CdpSession *chat = openPage(own, fixtureUrl(u"chat/ide.html?gen=200"_s));
    ASSERT_TRUE(chat);

    // The conversations the agent panel shows.
    DebugApiClient::Reply reply = call(u"getConversations"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"active"_s).toString(), u"Build the parser"_s);
    EXPECT_EQ(data(reply).value(u"conversations"_s).toArray().size(), 2);

    // A prompt sent now lands in the page and in the history.
    reply = call(u"sendPrompt"_s, { { u"prompt"_s, u"explain the lexer"_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_TRUE(data(reply).value(u"sent"_s).toBool());
    const QJsonArray log = evaluate(chat, u"window.chatLog"_s).toArray();
    ASSERT_EQ(log.size(), 1);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"explain the lexer"_s);
    reply = call(u"getPromptHistory"_s, { { u"limit"_s, 5 } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    const QJsonArray entries = data(reply).value(u"entries"_s).toArray();
    ASSERT_EQ(entries.size(), 1);
    EXPECT_EQ(entries.at(0).toObject().value(u"text"_s).toString(), u"explain the lexer"_s);
    EXPECT_EQ(call(u"getPromptHistory"_s, { { u"limit"_s, 0 } }).status, 400);
    EXPECT_EQ(call(u"sendPrompt"_s, { { u"prompt"_s, u"  "_s } }).status, 400);
    EXPECT_EQ(call(u"sendPrompt"_s, {}).status, 400);

    // The queue: refused while the mode is not "queue", then run, paused, stopped.
    reply
        = call(u"updateSchedule"_s, { { u"prompts"_s, QJsonArray { u"write the tests"_s, u"fix them"_s } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    reply = call(u"startQueue"_s);
    EXPECT_EQ(reply.status, 409) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"queue"_s)) << reply.error.toStdString();
    ASSERT_TRUE(call(u"updateSchedule"_s, { { u"mode"_s, u"queue"_s } }).ok());
    reply = call(u"getQueueStatus"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"total"_s).toInt(), 2);
    EXPECT_EQ(data(reply).value(u"state"_s).toString(), u"stopped"_s);

    reply = call(u"startQueue"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"state"_s).toString(), u"running"_s);
    ASSERT_TRUE(waitUntil([&] { return evaluate(chat, u"window.chatLog.length"_s).toInt() == 2; }, 15s))
        << "the queue's first prompt never reached the page";
    EXPECT_EQ(evaluate(chat, u"window.chatLog[1].text"_s).toString(), u"write the tests"_s);
    // Changing the prompts of a running queue is refused and changes nothing.
    reply = call(u"updateSchedule"_s, { { u"prompts"_s, QJsonArray { u"other"_s } } });
    EXPECT_EQ(reply.status, 409) << describe(reply).toStdString();
    EXPECT_EQ(engine->scheduler()->queue().items.size(), 2);

    reply = call(u"pauseQueue"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"state"_s).toString(), u"paused"_s);
    EXPECT_EQ(call(u"pauseQueue"_s).status, 409);
    reply = call(u"stopQueue"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"state"_s).toString(), u"stopped"_s);
    reply = call(u"rewindQueue"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"position"_s).toInt(), 0);
    EXPECT_EQ(engine->scheduler()->queue().items.size(), 2) << "a rewind keeps the prompts";

    // The quota as the monitor sees it (no Antigravity here: not ok, and nothing held).
    reply = call(u"getQuota"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_TRUE(data(reply).contains(u"watchedModels"_s));
    EXPECT_FALSE(data(reply).value(u"holding"_s).toBool(true));
    EXPECT_EQ(call(u"getQuota"_s, { { u"refresh"_s, u"yes"_s } }).status, 400);
}

TEST_F(DebugApiTest, SettingsAreReadAndChangedThroughTheRegistry)
{
    DebugApiClient::Reply reply = call(u"getSettings"_s, { { u"keys"_s, QJsonArray { u"cdp/port"_s } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"settings"_s).toObject(), (QJsonObject { { u"cdp/port"_s, 9004 } }));
    reply = call(u"getSettings"_s);
    EXPECT_EQ(data(reply).value(u"settings"_s).toObject().size(), int(settings->table().size()));

    reply = call(u"updateSettings"_s,
                 { { u"settings"_s,
                     QJsonObject { { u"autoAccept/pollIntervalMs"_s, 500 },
                                   { u"quota/models"_s, QJsonArray { u"Gemini 3 Pro"_s } } } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::AutoAcceptPollIntervalMs).toInt(), 500);
    EXPECT_EQ(saved(SettingKey::QuotaModels).toStringList(), QStringList { u"Gemini 3 Pro"_s });
    // What auto-accept clicks is widened only by the person (issue 28): the API gets 403.
    for (const QString &key : { u"autoAccept/acceptWords"_s, u"autoAccept/rejectWords"_s,
                                u"safety/commandPolicy"_s, u"safety/allowedCommands"_s }) {
        const QJsonValue value = key == u"safety/commandPolicy"_s ? QJsonValue(u"allowlist"_s)
                                                                  : QJsonValue(QJsonArray { u"accept"_s });
        reply = call(u"updateSettings"_s, { { u"settings"_s, QJsonObject { { key, value } } } });
        EXPECT_EQ(reply.status, 403) << key.toStdString() << ": " << describe(reply).toStdString();
    }
    EXPECT_FALSE(settings->isSet(SettingKey::AutoAcceptAcceptWords));

    reply = call(u"updateSettings"_s,
                 { { u"settings"_s,
                     QJsonObject { { u"autoAccept/userIdleMs"_s, 10 },
                                   { u"autoAccept/pollIntervalMs"_s, 99999 } } } });
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"autoAccept/pollIntervalMs"_s)) << reply.error.toStdString();
    EXPECT_EQ(saved(SettingKey::AutoAcceptUserIdleMs).toInt(), 2000) << "all or nothing";

    reply = call(u"updateSettings"_s,
                 { { u"settings"_s, QJsonObject { { u"debug/allowEvaluate"_s, true } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_FALSE(saved(SettingKey::DebugAllowEvaluate).toBool());
    // Nor can it give agents the user's tabs.
    reply = call(u"updateSettings"_s,
                 { { u"settings"_s, QJsonObject { { u"toolkit/userTabs"_s, u"allow"_s } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    reply = call(u"updateSettings"_s,
                 { { u"settings"_s,
                     QJsonObject { { u"toolkit/allowedSites"_s, QJsonArray { u"example.com"_s } } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_EQ(saved(SettingKey::ToolkitUserTabs).toString(), u"ask"_s);
    reply = call(u"updateSettings"_s,
                 { { u"settings"_s, QJsonObject { { u"toolkit/allowFileUrls"_s, true } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    // Nor open a folder for agents' uploads (the home folder would hand them every file).
    reply
        = call(u"updateSettings"_s,
               { { u"settings"_s, QJsonObject { { u"toolkit/uploadDirs"_s, QJsonArray { u"/root"_s } } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_TRUE(saved(SettingKey::ToolkitUploadDirs).toStringList().isEmpty());
    // The browser and the agent connection stay on this machine unless the window says otherwise.
    reply = call(u"updateSettings"_s,
                 { { u"settings"_s, QJsonObject { { u"cdp/host"_s, u"example.com"_s } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"example.com is not a loopback address"_s))
        << reply.error.toStdString();
    reply = call(u"updateSettings"_s,
                 { { u"settings"_s, QJsonObject { { u"agentServer/url"_s, u"ws://192.0.2.7:8080"_s } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    reply = call(u"updateSettings"_s,
                 { { u"settings"_s, QJsonObject { { u"agentServer/url"_s, u"ws://localhost:8081"_s } } } });
    EXPECT_EQ(reply.status, 200) << describe(reply).toStdString();
    reply = call(u"updateSettings"_s, { { u"settings"_s, QJsonObject { { u"no/such"_s, 1 } } } });
    EXPECT_EQ(reply.status, 404) << describe(reply).toStdString();
}

// What would let more happen than the user chose is the person's to change: the mode of the
// user's own runs, handing the browser to a tokenless listener, the pages kept out of reach, a
// browser started unasked, a new door (MCP over HTTP) into the browser.
TEST_F(DebugApiTest, SettingsThatWouldLetMoreHappenThanTheUserChoseArePersonOnly)
{
    DebugApiClient::Reply reply;
    for (const auto &[name, value] :
         { std::pair(u"agent/mode"_s, QJsonValue(u"autonomous"_s)),
           std::pair(u"agentServer/mode"_s, QJsonValue(u"client"_s)),
           std::pair(u"cdp/ignoreTargets"_s, QJsonValue(QJsonArray { u"devtools://*"_s })),
           std::pair(u"toolkit/launchBrowser"_s, QJsonValue(true)),
           std::pair(u"toolkit/mcpHttpPort"_s, QJsonValue(8931)) }) {
        const QVariant before = settings->value(*settings->keyForName(name));
        reply = call(u"updateSettings"_s, { { u"settings"_s, QJsonObject { { name, value } } } });
        EXPECT_EQ(reply.status, 403) << name.toStdString() << ": " << describe(reply).toStdString();
        EXPECT_TRUE(reply.error.startsWith(name + u" is changed only by the user"_s))
            << reply.error.toStdString();
        EXPECT_EQ(settings->value(*settings->keyForName(name)), before) << name.toStdString();
        EXPECT_FALSE(settings->isSet(*settings->keyForName(name))) << name.toStdString();
    }
}

// Only a person widens what auto-accept clicks (issue 28): the button words, the command policy
// and the allow list are refused whatever the value, all or nothing, with the reason; the ban
// list may grow through the API but not lose a pattern, by replacing it or by reset.
TEST_F(DebugApiTest, WhatWidensAutoAcceptIsRefusedWith403)
{
    const QList<QPair<QString, QJsonValue>> widening {
        { u"autoAccept/acceptWords"_s,
          QJsonArray { u"accept"_s, u"run"_s, u"Delete"_s, u"Trust"_s, u"Always run"_s } },
        { u"autoAccept/rejectWords"_s, QJsonArray { u"cancel"_s } },
        { u"safety/commandPolicy"_s, u"allowlist"_s },
        { u"safety/commandPolicy"_s, u"rules"_s }, // even the value it has: the key is the user's
        { u"safety/allowedCommands"_s, QJsonArray { u"rm *"_s } },
    };
    for (const auto &[name, value] : widening) {
        const DebugApiClient::Reply reply = call(
            u"updateSettings"_s,
            { { u"settings"_s, QJsonObject { { u"autoAccept/userIdleMs"_s, 10 }, { name, value } } } });
        EXPECT_EQ(reply.status, 403) << name.toStdString() << ": " << describe(reply).toStdString();
        EXPECT_TRUE(reply.error.startsWith(name + u" is changed only by the user"_s))
            << reply.error.toStdString();
        EXPECT_TRUE(reply.error.contains(u"widen what auto-accept clicks"_s)) << reply.error.toStdString();
        EXPECT_TRUE(reply.error.endsWith(u"Nothing was changed"_s)) << reply.error.toStdString();
    }
    EXPECT_EQ(saved(SettingKey::AutoAcceptUserIdleMs).toInt(), 2000) << "all or nothing";
    for (const SettingKey key : { SettingKey::AutoAcceptAcceptWords, SettingKey::AutoAcceptRejectWords,
                                  SettingKey::SafetyCommandPolicy, SettingKey::SafetyAllowedCommands })
        EXPECT_FALSE(settings->isSet(key)) << settings->spec(key).name;
    // listActions says so.
    DebugApiClient::Reply reply = call(u"listActions"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    QString updateSettings, updateBanned;
    for (const QJsonValue &action : data(reply).value(u"actions"_s).toArray()) {
        if (action[u"name"_s] == u"updateSettings"_s)
            updateSettings = action[u"description"_s].toString();
        if (action[u"name"_s] == u"updateBannedCommands"_s)
            updateBanned = action[u"description"_s].toString();
    }
    for (const QString &name :
         { u"autoAccept/acceptWords"_s, u"autoAccept/rejectWords"_s, u"safety/commandPolicy"_s,
           u"safety/allowedCommands"_s, u"toolkit/allowEval"_s, u"debug/allowEvaluate"_s })
        EXPECT_TRUE(updateSettings.contains(name))
            << name.toStdString() << " in " << updateSettings.toStdString();
    EXPECT_TRUE(updateBanned.contains(u"removing one"_s)) << updateBanned.toStdString();

    // Ban patterns: adding is open…
    reply = call(u"updateBannedCommands"_s, { { u"bannedCommands"_s, QJsonArray { u"npm publish"_s } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    reply = call(u"updateBannedCommands"_s,
                 { { u"bannedCommands"_s, QJsonArray { u"npm publish"_s, u"/drop\\s+table/i"_s } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    reply = call(
        u"updateSettings"_s,
        { { u"settings"_s,
            QJsonObject { { u"safety/bannedCommands"_s,
                            QJsonArray { u"/drop\\s+table/i"_s, u"npm publish"_s, u"git push -f"_s } } } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    const QStringList three { u"/drop\\s+table/i"_s, u"npm publish"_s, u"git push -f"_s };
    EXPECT_EQ(saved(SettingKey::SafetyBannedCommands).toStringList(), three);
    // …removing one is not, by any of the API's ways.
    reply = call(u"updateBannedCommands"_s,
                 { { u"bannedCommands"_s, QJsonArray { u"npm publish"_s, u"git push -f"_s, u"curl"_s } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_EQ(reply.error,
              u"safety/bannedCommands: it would remove /drop\\s+table/i from the ban patterns: only "
              "the user removes a pattern, in the settings window (adding patterns is fine). Nothing "
              "was changed"_s);
    reply = call(u"updateBannedCommands"_s, { { u"commands"_s, QJsonArray() } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    reply = call(u"updateBannedCommands"_s, { { u"reset"_s, true } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"/drop\\s+table/i, git push -f, npm publish"_s))
        << reply.error.toStdString();
    reply = call(u"updateSettings"_s,
                 { { u"settings"_s,
                     QJsonObject { { u"safety/bannedCommands"_s, QJsonArray { u"npm publish"_s } } } } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    reply = call(u"resetAllSettings"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_TRUE(data(reply).value(u"kept"_s).toArray().contains(u"safety/commandPolicy"_s));
    EXPECT_EQ(saved(SettingKey::SafetyBannedCommands).toStringList(), three)
        << "a reset of all keeps them too";
}

TEST_F(DebugApiTest, EvaluateInBrowserIsRefusedUntilAllowedThenRunsInAPage)
{
    DebugApiClient::Reply reply = call(u"evaluateInBrowser"_s, { { u"code"_s, u"document.title"_s } });
    EXPECT_EQ(reply.status, 403) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"debug/allowEvaluate"_s)) << reply.error.toStdString();

    // The user turns it on (settings window or settings.ini).
    ASSERT_TRUE(settings->setValue(SettingKey::DebugAllowEvaluate, true));
    reply
        = call(u"evaluateInBrowser"_s, { { u"code"_s, u"document.title"_s }, { u"targetId"_s, pageTarget } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"result"_s).toString(), u"Basic fixture"_s);
    EXPECT_EQ(data(reply).value(u"targetId"_s).toString(), pageTarget);
    EXPECT_EQ(data(reply).value(u"url"_s).toString(), fixtureUrl(u"basic.html"_s).toString());

    // It runs in the page's own world: the page's globals are visible.
    evaluate(page, u"window.fromThePage = 41"_s);
    reply = call(u"evaluateInBrowser"_s,
                 { { u"code"_s, u"new Promise(r => setTimeout(() => r(window.fromThePage + 1), 10))"_s },
                   { u"targetId"_s, pageTarget } });
    EXPECT_EQ(data(reply).value(u"result"_s).toInt(), 42) << describe(reply).toStdString();

    // Without a target: the first page.
    reply = call(u"evaluateInBrowser"_s, { { u"code"_s, u"location.href"_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"targetId"_s).toString(),
              engine->endpoint()->pageSessions().first()->targetId());

    reply
        = call(u"evaluateInBrowser"_s,
               { { u"code"_s, u"(() => { throw new Error('boom') })()"_s }, { u"targetId"_s, pageTarget } });
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"boom"_s)) << reply.error.toStdString();
    reply = call(u"evaluateInBrowser"_s,
                 { { u"code"_s, u"new Promise(() => {})"_s },
                   { u"targetId"_s, pageTarget },
                   { u"timeoutMs"_s, 300 } });
    EXPECT_EQ(reply.status, 504) << describe(reply).toStdString();
    reply = call(u"evaluateInBrowser"_s, { { u"code"_s, u"1"_s }, { u"targetId"_s, u"NO-SUCH-TARGET"_s } });
    EXPECT_EQ(reply.status, 404) << describe(reply).toStdString();
    reply = call(u"evaluateInBrowser"_s, {});
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"params.code is required"_s)) << reply.error.toStdString();
}

TEST_F(DebugApiTest, GetStatsCountsAutoAcceptAndTargetsPauseOneByOne)
{
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    ASSERT_TRUE(navigate(page, fixtureUrl(u"autoaccept/panel.html"_s)));
    QJsonObject stats;
    ASSERT_TRUE(waitUntil([&] {
        stats = data(call(u"getStats"_s));
        const QJsonObject run = stats.value(u"thisRun"_s).toObject();
        return run.value(u"clicks"_s).toInt() == 4 && run.value(u"blocked"_s).toInt() == 1
            && run.value(u"failedVerifications"_s).toInt() == 1;
    })) << QJsonDocument(stats).toJson().toStdString();
    EXPECT_TRUE(stats.value(u"enabled"_s).toBool());
    EXPECT_EQ(stats.value(u"totals"_s).toObject().value(u"clicks"_s).toInt(), 4);
    EXPECT_EQ(stats.value(u"thisWeek"_s).toObject().value(u"terminalCommands"_s).toInt(), 2);
    EXPECT_EQ(stats.value(u"clicks"_s).toInt(), 4);
    const QJsonArray blocked = stats.value(u"recentBlocked"_s).toArray();
    ASSERT_EQ(blocked.size(), 1);
    EXPECT_EQ(blocked.at(0).toObject().value(u"pattern"_s).toString(), u"recursive-delete"_s);
    EXPECT_EQ(blocked.at(0).toObject().value(u"targetId"_s).toString(), pageTarget);
    EXPECT_TRUE(blocked.at(0).toObject().value(u"command"_s).toString().contains(u"--no-preserve-root"_s));
    EXPECT_FALSE(blocked.at(0).toObject().value(u"time"_s).toString().isEmpty());
    QJsonObject target;
    for (const QJsonValue &t : stats.value(u"targets"_s).toArray()) {
        if (t.toObject().value(u"targetId"_s).toString() == pageTarget)
            target = t.toObject();
    }
    EXPECT_EQ(target.value(u"profile"_s).toString(), u"generic"_s);
    EXPECT_EQ(target.value(u"clicks"_s).toInt(), 4);
    EXPECT_EQ(target.value(u"title"_s).toString(), u"Auto-accept fixture"_s);
    EXPECT_EQ(stats.value(u"profiles"_s).toArray().size(), 5);
    EXPECT_EQ(engine->summary().value(u"clicks"_s).toInt(), 4);
    EXPECT_EQ(engine->summary().value(u"blocked"_s).toInt(), 1);

    DebugApiClient::Reply reply = call(u"pauseTarget"_s, { { u"targetId"_s, pageTarget } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_TRUE(data(reply).value(u"paused"_s).toBool());
    EXPECT_TRUE(engine->autoAccept()->isTargetPaused(pageTarget));
    reply = call(u"resumeTarget"_s, { { u"targetId"_s, pageTarget } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_FALSE(engine->autoAccept()->isTargetPaused(pageTarget));
    reply = call(u"pauseTarget"_s, { { u"targetId"_s, u"NO-SUCH-TARGET"_s } });
    EXPECT_EQ(reply.status, 404) << describe(reply).toStdString();
    reply = call(u"pauseTarget"_s, {});
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"targetId"_s)) << reply.error.toStdString();
    reply = call(u"getStats"_s, { { u"verbose"_s, true } });
    EXPECT_EQ(reply.status, 400) << describe(reply).toStdString();
}

TEST_F(DebugApiTest, EveryActionOfTheDesignIsServed)
{
    const DebugApiClient::Reply reply = call(u"listActions"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    QStringList names;
    for (const QJsonValue &action : data(reply).value(u"actions"_s).toArray())
        names.append(action.toObject().value(u"name"_s).toString());
    for (const QString &name :
         { u"getFullState"_s,   u"getStats"_s,         u"getLogs"_s,           u"getCDPConnections"_s,
           u"getQueueStatus"_s, u"startQueue"_s,       u"pauseQueue"_s,        u"resumeQueue"_s,
           u"stopQueue"_s,      u"skipPrompt"_s,       u"rewindQueue"_s,       u"sendPrompt"_s,
           u"getSchedule"_s,    u"updateSchedule"_s,   u"getBannedCommands"_s, u"updateBannedCommands"_s,
           u"getQuota"_s,       u"getConversations"_s, u"getPromptHistory"_s,  u"evaluateInBrowser"_s })
        EXPECT_TRUE(names.contains(name)) << name.toStdString();

    // The VS Code extension's names: an alias, and the two that go through the command palette
    // of a VS Code-family window (none here: refused, saying so).
    EXPECT_TRUE(names.contains(u"sendChatPrompt"_s));
    const DebugApiClient::Reply alias = call(u"sendChatPrompt"_s, { { u"prompt"_s, u"hello"_s } });
    EXPECT_FALSE(alias.ok());
    EXPECT_TRUE(alias.error.startsWith(u"the prompt was not sent"_s)) << describe(alias).toStdString();
    const DebugApiClient::Reply vscode = call(u"executeVSCodeCommand"_s);
    EXPECT_EQ(vscode.status, 400) << describe(vscode).toStdString(); // no command
    EXPECT_TRUE(vscode.error.contains(u"command"_s)) << describe(vscode).toStdString();
    const DebugApiClient::Reply list = call(u"listChatCommands"_s);
    EXPECT_FALSE(list.ok()) << describe(list).toStdString();
    EXPECT_TRUE(list.status == 404 || list.status == 503) << describe(list).toStdString();

    const DebugApiClient::Reply info = call(u"getSystemInfo"_s);
    ASSERT_TRUE(info.ok()) << describe(info).toStdString();
    EXPECT_EQ(data(info).value(u"version"_s).toString(), QStringLiteral(MPA_VERSION));
    EXPECT_EQ(data(info).value(u"settingsFile"_s).toString(), paths.settingsFile());
    // The extension's own `info` (main_scripts/debug-handler.js), which its test scripts read as
    // info.info.platform and info.info.appName on POST /command, where data's fields are at the top.
    const RawHttpReply command = rawHttp(
        engine->debugApi()->port(),
        httpRequest("POST", "/command", engine->debugApi()->port(),
                    { { "Authorization", "Bearer " + token }, { "Content-Type", "application/json" } },
                    R"({"action":"getSystemInfo"})"));
    ASSERT_EQ(command.status, 200) << command.describe().toStdString();
    const QJsonObject extensionInfo = command.json.value(u"info"_s).toObject();
    EXPECT_EQ(extensionInfo.value(u"platform"_s).toString(), u"linux"_s);
    EXPECT_EQ(extensionInfo.value(u"appName"_s).toString(), u"Multi Purpose Agent"_s);
    EXPECT_EQ(extensionInfo.value(u"machineId"_s).toString().size(), 64);
    EXPECT_TRUE(
        QDateTime::fromString(extensionInfo.value(u"time"_s).toString(), Qt::ISODateWithMs).isValid());

    // getFullState's state.debugMode is read from the server, not written as true.
    const DebugApiClient::Reply full = call(u"getFullState"_s);
    ASSERT_TRUE(full.ok()) << describe(full).toStdString();
    EXPECT_TRUE(data(full).value(u"state"_s).toObject().value(u"debugMode"_s).toBool());
    EXPECT_EQ(data(full).value(u"state"_s).toObject().value(u"debugMode"_s).toBool(),
              engine->debugApi()->isListening());
}

// A write the API reports as done has been saved; one that could not be saved is a 500 with the
// reason, and nothing changed in memory either. The files are made unwritable the way that holds
// for root too: a folder in their place.
TEST_F(DebugApiTest, AWriteThatCannotBeSavedIsA500AndChangesNothing)
{
    const QString ini = paths.settingsFile();
    const bool before = engine->autoAcceptEnabled();
    QFile::remove(ini);
    ASSERT_TRUE(QDir().mkpath(ini));
    DebugApiClient::Reply reply = call(u"toggle"_s);
    EXPECT_EQ(reply.status, 500) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"could not be saved"_s)) << reply.error.toStdString();
    EXPECT_EQ(engine->autoAcceptEnabled(), before);
    reply = call(u"getEnabled"_s);
    EXPECT_EQ(data(reply).value(u"enabled"_s).toBool(), before) << describe(reply).toStdString();
    ASSERT_TRUE(QDir(ini).removeRecursively());
    reply = call(u"toggle"_s);
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    EXPECT_EQ(data(reply).value(u"enabled"_s).toBool(), !before);
    EXPECT_EQ(saved(SettingKey::AutoAcceptEnabled).toBool(), !before);

    const QString queueFile = QDir(paths.configDir).filePath(u"queue.json"_s);
    reply = call(u"updateSchedule"_s, { { u"prompts"_s, QJsonArray { u"first"_s } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    QFile::remove(queueFile);
    ASSERT_TRUE(QDir().mkpath(queueFile));
    reply = call(u"updateSchedule"_s, { { u"prompts"_s, QJsonArray { u"second"_s, u"third"_s } } });
    EXPECT_EQ(reply.status, 500) << describe(reply).toStdString();
    EXPECT_TRUE(reply.error.contains(u"not changed"_s)) << reply.error.toStdString();
    EXPECT_TRUE(reply.error.contains(u"queue.json"_s)) << reply.error.toStdString();
    reply = call(u"getQueueStatus"_s);
    const QJsonArray items = data(reply).value(u"items"_s).toArray();
    ASSERT_EQ(items.size(), 1) << describe(reply).toStdString();
    EXPECT_EQ(items.first().toObject().value(u"text"_s).toString(), u"first"_s);
    ASSERT_TRUE(QDir(queueFile).removeRecursively());
    reply = call(u"updateSchedule"_s, { { u"prompts"_s, QJsonArray { u"second"_s, u"third"_s } } });
    ASSERT_TRUE(reply.ok()) << describe(reply).toStdString();
    QFile saved(queueFile);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    EXPECT_TRUE(saved.readAll().contains("third"));
}

// A name the caller sent is echoed cut to 64 characters: a megabyte of it does not come back.
TEST_F(DebugApiTest, AnUnknownActionsNameIsEchoedShort)
{
    const QString name = QString(1000 * 1000, u'x');
    const RawHttpReply reply = rawHttp(
        engine->debugApi()->port(),
        httpRequest("POST", "/api/action", engine->debugApi()->port(),
                    { { "Authorization", "Bearer " + token }, { "Content-Type", "application/json" } },
                    "{\"action\":\"" + name.toUtf8() + "\"}"));
    EXPECT_EQ(reply.status, 404) << reply.describe().left(300).toStdString();
    EXPECT_LT(reply.body.size(), 300) << "the reply repeated the name";
    const QString error = reply.json.value(u"error"_s).toString();
    EXPECT_TRUE(error.startsWith(u"unknown action '"_s + QString(64, u'x') + u"… (1000000 characters)'"_s))
        << error.toStdString();
}

} // namespace
