// LLM task runs end to end: the engine on real headless Chromium, fixture pages, and a scripted
// OpenAI-compatible model (a real HTTP server on 127.0.0.1) that reads each prompt the way a
// model would — it finds the refs of the elements it wants in the page text the run sent — and
// answers with tool calls. Runs are started and answered through the same commands the debug
// API and MCP serve (startRun, getRun, answerRun, cancelRun, resumeRun).
#include "EngineChromiumTest.h"
#include "FakeSecretStore.h"
#include "HeadlessChromium.h"
#include "Leaks.h"
#include "QtPrinters.h"
#include "RunMaskProbe.h"
#include "ScopedEnv.h"
#include "ScriptedLlmServer.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "agent/RunManager.h"
#include "agent/RunStore.h"
#include "engine/Engine.h"
#include "logging/Logging.h"
#include "settings/SecretStore.h"
#include "settings/Settings.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include <functional>
#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const CommandCaller kRunAgent { u"mcp"_s, u"mcp-1"_s, u"Claude Desktop"_s };
const QString kKey = u"sk-test-9f8e7d6c5b4a39281706"_s;

// The page part of the run's prompt, and the model's own reading of it.
struct Prompt
{
    QString text;
    bool withTools = false;

    QString ref(const QString &role, const QString &namePrefix) const
    {
        const QRegularExpression line(u"- %1 \"%2[^\"]*\" \\[ref=(\\w+)\\]"_s.arg(
            QRegularExpression::escape(role), QRegularExpression::escape(namePrefix)));
        return line.match(text).captured(1);
    }
    bool has(const QString &words) const { return text.contains(words); }
    QString page() const
    {
        const QRegularExpressionMatch m = QRegularExpression(u"\\nPage: ([^\\n]*)"_s).match(text);
        return m.captured(1);
    }
};

Prompt runPromptOf(const QJsonObject &request)
{
    Prompt prompt;
    for (const QJsonValue &message : request.value(u"messages").toArray())
        prompt.text += message.toObject().value(u"content").toString() + u'\n';
    prompt.withTools = !request.value(u"tools").toArray().isEmpty();
    return prompt;
}

class TaskRunTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        ASSERT_TRUE(settings->setValue(SettingKey::LlmProvider, u"custom"_s));
        ASSERT_TRUE(settings->setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString()));
        ASSERT_TRUE(settings->setValue(SettingKey::LlmModel, u"scripted-1"_s));
        ASSERT_TRUE(settings->setValue(SettingKey::AgentReflectEvery, 0));
        // The outline before each action costs 600 ms a step; the test that looks at it turns it on.
        ASSERT_TRUE(settings->setValue(SettingKey::AgentShowActions, false));
        // The scripted models here read the page's text; screenshots are VisionRunTest's.
        ASSERT_TRUE(settings->setValue(SettingKey::AgentVision, u"off"_s));
        startEngine();
    }

    void startEngine()
    {
        ASSERT_TRUE(startEngineOnBrowser(
            { .beforeStart = [](Engine *built) { built->runs()->setStreaming(false); } }));
    }

    QString startRun(const QJsonObject &params, const CommandCaller &caller = userCaller())
    {
        const CommandResult r = command(u"startRun"_s, params, caller);
        EXPECT_TRUE(r.ok) << r.error.toStdString();
        return r.data.toObject().value(u"runId").toString();
    }

    QJsonObject getRun(const QString &id)
    {
        return command(u"getRun"_s, { { u"runId"_s, id } }).data.toObject();
    }

    // Waits until the run's status is one of `statuses`; its getRun object.
    QJsonObject waitForStatus(const QString &id, const QStringList &statuses,
                              std::chrono::milliseconds timeout = 60s)
    {
        QJsonObject run;
        const bool reached = waitUntil(
            [&] {
                const std::optional<RunRecord> record = engine->runs()->run(id);
                return record && statuses.contains(runStatusName(record->status));
            },
            timeout);
        run = getRun(id);
        EXPECT_TRUE(reached) << "run " << id.toStdString() << " never became "
                             << statuses.join(u'/').toStdString() << ": "
                             << QJsonDocument(run).toJson().toStdString();
        return run;
    }

    // Starts `task` on the fixture page `page` and waits until the run is done or failed.
    QJsonObject runToTheEnd(const QString &task, const QString &page)
    {
        return waitForStatus(startRun({ { u"task"_s, task }, { u"url"_s, fixture(page) } }),
                             { u"done"_s, u"failed"_s });
    }

    // The run failed, and its reason says `why`.
    static void expectFailedBecause(const QJsonObject &run, const QString &why)
    {
        EXPECT_EQ(run.value(u"status").toString(), u"failed"_s);
        EXPECT_TRUE(run.value(u"reason").toString().contains(why))
            << run.value(u"reason").toString().toStdString();
    }

    QString fixture(const QString &name) { return fixtureUrl(u"agent/"_s + name).toString(); }

    // The tab whose address holds `urlPart`, through our own connection (the user's view).
    CdpSession *tabWith(const QString &urlPart)
    {
        if (!own)
            own = connectEndpoint();
        for (CdpSession *s : own->pageSessions()) {
            if (s->targetInfo().url.contains(urlPart))
                return s;
        }
        return nullptr;
    }

    // The tab a run works in now (getRun's currentTab), through our own connection.
    CdpSession *runTabOf(const QString &runId)
    {
        const std::optional<RunRecord> record = engine->runs()->run(runId);
        if (!record || record->currentTab.isEmpty())
            return nullptr;
        if (!own)
            own = connectEndpoint();
        for (CdpSession *s : own->pageSessions()) {
            if (s->targetId() == record->currentTab)
                return s;
        }
        return nullptr;
    }

    // The page a run worked in, read through our own connection.
    QJsonValue evalIn(const QString &urlPart, const QString &expression)
    {
        CdpSession *tab = tabWith(urlPart);
        return tab ? evaluate(tab, expression) : QJsonValue();
    }

    // The counter's count in the tab whose address holds `urlPart` (once our connection has
    // attached that tab); -1 when the tab is not there.
    int countIn(const QString &urlPart)
    {
        int count = -1;
        waitUntil(
            [&] {
                const QJsonValue value = evalIn(urlPart, u"window.count"_s);
                count = value.isDouble() ? value.toInt() : -1;
                return count >= 0;
            },
            10s);
        return count;
    }

    ScopedEnv key { "MPA_LLM_API_KEY", kKey };
    ScriptedLlmServer model;
    CdpEndpoint *own = nullptr;
};

// The scripted model of the sign-up task: what a model does, step by step, from what it sees.
ScriptedLlmServer::Reply signUpModel(const QJsonObject &request)
{
    const Prompt p = runPromptOf(request);
    if (p.page().startsWith(u"Join the newsletter — step 1"_s)) {
        if (!p.has(u"fill textbox “Email Address"_s))
            return ScriptedLlmServer::toolCall(u"fill"_s,
                                               { { u"ref"_s, p.ref(u"textbox"_s, u"Email Address"_s) },
                                                 { u"value"_s, u"ada@example.com"_s },
                                                 { u"thought"_s, u"the email first"_s } });
        if (!p.has(u"fill textbox “First Name"_s))
            return ScriptedLlmServer::toolCall(
                u"fill"_s, { { u"ref"_s, p.ref(u"textbox"_s, u"First Name"_s) }, { u"value"_s, u"Ada"_s } });
        return ScriptedLlmServer::toolCall(u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Continue"_s) } });
    }
    if (p.page().startsWith(u"Join the newsletter — step 2"_s)) {
        if (!p.has(u"check checkbox “Engineering blog"_s))
            return ScriptedLlmServer::toolCall(u"check"_s,
                                               { { u"ref"_s, p.ref(u"checkbox"_s, u"Engineering blog"_s) } });
        if (!p.has(u"select combobox"_s))
            return ScriptedLlmServer::toolCall(
                u"select"_s,
                { { u"ref"_s, p.ref(u"combobox"_s, u"How often"_s) }, { u"value"_s, u"Monthly"_s } });
        return ScriptedLlmServer::toolCall(u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Subscribe"_s) } });
    }
    if (p.page().startsWith(u"Welcome aboard"_s))
        return ScriptedLlmServer::toolCall(
            u"done"_s, { { u"success"_s, true }, { u"result"_s, u"Subscribed ada@example.com, monthly"_s } });
    return ScriptedLlmServer::error(500, u"the scripted model does not know the page "_s + p.page());
}

// The checkout model: pays, and when it is denied says so.
ScriptedLlmServer::Reply payModel(const QJsonObject &request)
{
    const Prompt p = runPromptOf(request);
    if (p.has(u"The user denied"_s))
        return ScriptedLlmServer::toolCall(
            u"done"_s, { { u"success"_s, false }, { u"result"_s, u"The payment was not allowed"_s } });
    if (p.page().startsWith(u"Payment received"_s))
        return ScriptedLlmServer::toolCall(u"done"_s,
                                           { { u"success"_s, true }, { u"result"_s, u"Paid $20.00"_s } });
    return ScriptedLlmServer::toolCall(
        u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Pay"_s) }, { u"thought"_s, u"pay the invoice"_s } });
}

} // namespace

TEST_F(TaskRunTest, SignsUpAcrossTwoPagesAndKeepsTheKeyOutOfEveryFile)
{
    Logging::install({ QDir(configDir()).filePath(u"logs"_s), false, 5000, true });
    const QString logFile = Logging::logFilePath();
    model.setResponder(signUpModel);
    const QString id
        = startRun({ { u"task"_s, u"Sign ada@example.com (Ada) up for the engineering blog, monthly"_s },
                     { u"url"_s, fixture(u"signup.html"_s) },
                     { u"mode"_s, u"autonomous"_s } });
    ASSERT_FALSE(id.isEmpty());
    const QJsonObject run = waitForStatus(id, { u"done"_s, u"failed"_s });
    ASSERT_EQ(run.value(u"status").toString(), u"done"_s) << QJsonDocument(run).toJson().toStdString();
    EXPECT_TRUE(run.value(u"result").toObject().value(u"success").toBool());
    EXPECT_EQ(run.value(u"steps").toArray().size(), 7);
    ASSERT_TRUE(waitUntil([&] { return evalIn(u"welcome.html"_s, u"!!window.signup"_s).toBool(); }));
    const QJsonObject signup = evalIn(u"welcome.html"_s, u"window.signup"_s).toObject();
    EXPECT_EQ(signup.value(u"email").toString(), u"ada@example.com"_s);
    EXPECT_EQ(signup.value(u"fname").toString(), u"Ada"_s);
    EXPECT_EQ(signup.value(u"freq").toString(), u"monthly"_s) << QJsonDocument(run).toJson().toStdString();
    EXPECT_EQ(signup.value(u"topics").toInt(), 1);

    // Every step says what it acted on and what happened.
    const QJsonObject click = run.value(u"steps").toArray().at(2).toObject();
    EXPECT_EQ(click.value(u"tool").toString(), u"click"_s);
    EXPECT_TRUE(click.value(u"element").toString().contains(u"Continue"_s))
        << click.value(u"element").toString().toStdString();
    EXPECT_TRUE(click.value(u"effect").toObject().value(u"navigated").toBool());
    EXPECT_EQ(run.value(u"steps").toArray().at(0).toObject().value(u"thought").toString(),
              u"the email first"_s);

    // The key went to the model, and nowhere else.
    ASSERT_FALSE(model.authorizations().isEmpty());
    EXPECT_EQ(model.authorizations().first(), QByteArray("Bearer ") + kKey.toUtf8());
    const QString runFile = RunStore(QDir(paths.configDir).filePath(u"runs"_s)).pathOf(id);
    ASSERT_TRUE(QFile::exists(runFile));
    Logging::install({}); // closes the log file
    for (const QString &path : { runFile, paths.settingsFile(), logFile }) {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
        const QByteArray bytes = file.readAll();
        EXPECT_FALSE(bytes.contains(kKey.toUtf8())) << path.toStdString();
        EXPECT_FALSE(bytes.isEmpty()) << path.toStdString();
    }
}

TEST_F(TaskRunTest, ThePageReachesTheModelMaskedAndTheTaskNeverReachesTheLog)
{
    Logging::install({ QDir(configDir()).filePath(u"logs"_s), false, 5000, true });
    const QString logFile = Logging::logFilePath();
    model.setResponder([](const QJsonObject &) {
        return ScriptedLlmServer::toolCall(
            u"done"_s, { { u"success"_s, true }, { u"result"_s, u"Read the details"_s } });
    });
    const QString task = u"Read the billing details; the code word is swordfish-penguin"_s;
    const QString id = startRun(
        { { u"task"_s, task }, { u"url"_s, fixture(u"billing.html"_s) }, { u"mode"_s, u"autonomous"_s } });
    ASSERT_FALSE(id.isEmpty());
    const QJsonObject run = waitForStatus(id, { u"done"_s, u"failed"_s });
    ASSERT_EQ(run.value(u"status").toString(), u"done"_s) << QJsonDocument(run).toJson().toStdString();

    // What the model received: the page masked, and nothing of a value the page's cut split.
    ASSERT_FALSE(model.requests().isEmpty());
    const Prompt p = runPromptOf(model.requests().first());
    EXPECT_TRUE(p.has(u"Backup card: [card] · receipts to [email]"_s)) << p.text.toStdString();
    EXPECT_TRUE(p.has(u"Card on file:…"_s)) << p.text.toStdString();
    EXPECT_TRUE(p.has(task)) << "the task itself goes to the model as written";
    QString text = p.text;
    text.remove(u":"_s + QString::number(QUrl(fixture(u"billing.html"_s)).port()));
    text = withoutTabIds(text);
    EXPECT_EQ(leakedDigits(text, kBillingNumbers), QStringList()) << text.toStdString();
    for (const QString &part : { u"ada.lo"_s, u"lovelace"_s, u"grace@"_s, u"example.org"_s, u"DE89"_s })
        EXPECT_FALSE(text.contains(part)) << part.toStdString() << " in " << text.toStdString();

    // The log says the run started, with the task's length, never its text.
    Logging::install({}); // closes the log file
    QFile file(logFile);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray log = file.readAll();
    EXPECT_TRUE(log.contains(u"run %1 starts: a task of %2 characters"_s.arg(id).arg(task.size()).toUtf8()))
        << log.toStdString();
    EXPECT_FALSE(log.contains("swordfish")) << log.toStdString();
}

TEST_F(TaskRunTest, CarefulModeHoldsAPaymentUntilTheUserApproves)
{
    model.setResponder(payModel);
    // Started by an agent, which still cannot approve its own payment.
    const QString id = startRun(
        { { u"task"_s, u"Pay the Acme invoice"_s }, { u"url"_s, fixture(u"checkout.html"_s) } }, kRunAgent);
    const QJsonObject waiting = waitForStatus(id, { u"waiting_user"_s, u"failed"_s, u"done"_s });
    ASSERT_EQ(waiting.value(u"status").toString(), u"waiting_user"_s);
    const QJsonObject question = waiting.value(u"question").toObject();
    EXPECT_EQ(question.value(u"kind").toString(), u"gate"_s);
    EXPECT_EQ(question.value(u"category").toString(), u"payment"_s);
    EXPECT_FALSE(evalIn(u"checkout.html"_s, u"window.paid"_s).toBool()) << "clicked before the approval";

    // An agent cannot approve a risky step; the user can.
    EXPECT_EQ(command(u"answerRun"_s, { { u"runId"_s, id }, { u"approve"_s, true } }, kRunAgent).kind,
              ErrorKind::Refused);
    ASSERT_TRUE(command(u"answerRun"_s, { { u"runId"_s, id }, { u"approve"_s, true } }).ok);
    const QJsonObject run = waitForStatus(id, { u"done"_s, u"failed"_s });
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s);
    EXPECT_TRUE(run.value(u"result").toObject().value(u"success").toBool());
    const QJsonObject pay = run.value(u"steps").toArray().at(0).toObject();
    EXPECT_EQ(pay.value(u"decision").toString(), u"approved"_s);
    EXPECT_EQ(pay.value(u"gate").toString(), u"payment"_s);
}

TEST_F(TaskRunTest, ADeniedPaymentIsNotMadeAndTheModelIsTold)
{
    model.setResponder(payModel);
    const QString id
        = startRun({ { u"task"_s, u"Pay the Acme invoice"_s }, { u"url"_s, fixture(u"checkout.html"_s) } });
    ASSERT_EQ(waitForStatus(id, { u"waiting_user"_s, u"failed"_s }).value(u"status").toString(),
              u"waiting_user"_s);
    ASSERT_TRUE(command(u"answerRun"_s, { { u"runId"_s, id }, { u"approve"_s, false } }).ok);
    const QJsonObject run = waitForStatus(id, { u"done"_s, u"failed"_s });
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s);
    EXPECT_FALSE(run.value(u"result").toObject().value(u"success").toBool());
    EXPECT_EQ(run.value(u"steps").toArray().at(0).toObject().value(u"decision").toString(), u"denied"_s);
    EXPECT_FALSE(evalIn(u"checkout.html"_s, u"window.paid"_s).toBool());
}

TEST_F(TaskRunTest, AutonomousModeStillAsksAtTheFloorUnlessTheUserLoweredIt)
{
    model.setResponder(payModel);
    const QString id = startRun({ { u"task"_s, u"Pay the Acme invoice"_s },
                                  { u"url"_s, fixture(u"checkout.html"_s) },
                                  { u"mode"_s, u"autonomous"_s } });
    ASSERT_EQ(waitForStatus(id, { u"waiting_user"_s, u"done"_s, u"failed"_s }).value(u"status").toString(),
              u"waiting_user"_s);
    ASSERT_TRUE(command(u"cancelRun"_s, { { u"runId"_s, id } }).ok);
    EXPECT_EQ(getRun(id).value(u"status").toString(), u"cancelled"_s);

    ASSERT_TRUE(settings->setValue(SettingKey::AgentAskFloor, u"none"_s));
    const QString second = startRun({ { u"task"_s, u"Pay the Acme invoice"_s },
                                      { u"url"_s, fixture(u"checkout.html"_s) },
                                      { u"mode"_s, u"autonomous"_s } });
    const QJsonObject run = waitForStatus(second, { u"done"_s, u"failed"_s, u"waiting_user"_s });
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s);
    EXPECT_TRUE(run.value(u"result").toObject().value(u"success").toBool());
}

TEST_F(TaskRunTest, AskUserRoundTrip)
{
    model.setResponder([](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        if (p.has(u"the user answered: ada@example.com"_s))
            return ScriptedLlmServer::toolCall(u"done"_s,
                                               { { u"success"_s, true }, { u"result"_s, u"got it"_s } });
        return ScriptedLlmServer::toolCall(u"ask_user"_s,
                                           { { u"question"_s, u"Which email address should I use?"_s } });
    });
    const QString id
        = startRun({ { u"task"_s, u"Sign me up"_s }, { u"url"_s, fixture(u"signup.html"_s) } }, kRunAgent);
    const QJsonObject waiting = waitForStatus(id, { u"waiting_user"_s, u"failed"_s });
    ASSERT_EQ(waiting.value(u"question").toObject().value(u"kind").toString(), u"ask_user"_s);
    EXPECT_EQ(waiting.value(u"question").toObject().value(u"question").toString(),
              u"Which email address should I use?"_s);
    // Another agent does not see the run at all: not listed, 404 for reading, answering (the model
    // would be told "the user answered"), cancelling and resuming it (issue 31's probe).
    const CommandCaller other { u"mcp"_s, u"mcp-2"_s, u"Another client"_s };
    for (const QString &verb : { u"getRun"_s, u"cancelRun"_s, u"resumeRun"_s })
        EXPECT_EQ(command(verb, { { u"runId"_s, id } }, other).kind, ErrorKind::NotFound)
            << verb.toStdString();
    EXPECT_EQ(command(u"answerRun"_s,
                      { { u"runId"_s, id }, { u"approve"_s, true }, { u"answer"_s, u"evil@example.com"_s } },
                      other)
                  .kind,
              ErrorKind::NotFound);
    const auto listedFor = [&](const CommandCaller &caller) {
        const QJsonArray runs = command(u"listRuns"_s, {}, caller).data.toObject().value(u"runs"_s).toArray();
        return std::any_of(runs.begin(), runs.end(), [&](const QJsonValue &run) {
            return run.toObject().value(u"runId"_s).toString() == id;
        });
    };
    EXPECT_FALSE(listedFor(other));
    EXPECT_TRUE(listedFor(kRunAgent));
    EXPECT_TRUE(listedFor(userCaller()));
    EXPECT_EQ(getRun(id).value(u"status"_s).toString(), u"waiting_user"_s) << "the user sees every run";
    // The agent that started a run may answer its questions (not approve risky steps).
    ASSERT_TRUE(command(u"answerRun"_s,
                        { { u"runId"_s, id }, { u"approve"_s, true }, { u"answer"_s, u"ada@example.com"_s } },
                        kRunAgent)
                    .ok);
    EXPECT_EQ(waitForStatus(id, { u"done"_s, u"failed"_s }).value(u"status").toString(), u"done"_s);
}

TEST_F(TaskRunTest, ALoopIsToldToTheModelThenEndsTheRunAsStuck)
{
    model.setResponder([](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        return ScriptedLlmServer::toolCall(u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Next"_s) } });
    });
    const QJsonObject run = runToTheEnd(u"Go through every slide"_s, u"busy.html"_s);
    EXPECT_EQ(run.value(u"status").toString(), u"failed"_s);
    EXPECT_TRUE(run.value(u"reason").toString().startsWith(u"stuck"_s))
        << run.value(u"reason").toString().toStdString();
    bool warned = false;
    for (const QJsonObject &request : model.requests())
        warned = warned || runPromptOf(request).has(u"going round in circles"_s);
    EXPECT_TRUE(warned) << "the model was never told";
}

TEST_F(TaskRunTest, TwoLowReflectionsInARowEndTheRun)
{
    ASSERT_TRUE(settings->setValue(SettingKey::AgentReflectEvery, 2));
    ASSERT_TRUE(settings->setValue(SettingKey::AgentReflectWithModel, true));
    int n = 0;
    model.setResponder([&n](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        if (!p.withTools)
            return ScriptedLlmServer::text(
                u"{\"rating\": \"stuck\", \"reason\": \"the form never changes\"}"_s);
        const QStringList fields { u"Email Address"_s, u"First Name"_s, u"Last Name"_s };
        const QString field = fields.at(n % 3);
        return ScriptedLlmServer::toolCall(
            u"fill"_s, { { u"ref"_s, p.ref(u"textbox"_s, field) }, { u"value"_s, u"try %1"_s.arg(++n) } });
    });
    const QJsonObject run = runToTheEnd(u"Fill the form"_s, u"signup.html"_s);
    expectFailedBecause(run, u"twice in a row"_s);
    EXPECT_EQ(run.value(u"reflections").toArray().size(), 2);
}

TEST_F(TaskRunTest, BadModelOutputIsSentBackAndThreeInARowFailTheRun)
{
    model.setResponder([](const QJsonObject &) {
        return ScriptedLlmServer::toolCall(u"teleport"_s, { { u"where"_s, u"moon"_s } });
    });
    const QJsonObject run = runToTheEnd(u"Fill the form"_s, u"signup.html"_s);
    expectFailedBecause(run, u"3 unusable answers"_s);
    ASSERT_EQ(model.requests().size(), 3);
    EXPECT_TRUE(runPromptOf(model.requests().at(1)).has(u"there is no tool “teleport”"_s));
}

TEST_F(TaskRunTest, AModelWithoutToolsAnswersInAJsonBlock)
{
    model.setResponder([](const QJsonObject &request) {
        if (request.contains(u"tools"))
            return ScriptedLlmServer::error(400, u"this model does not support tools"_s);
        const Prompt p = runPromptOf(request);
        return ScriptedLlmServer::text(
            u"I am done.\n```json\n{\"tool\": \"done\", \"params\": {\"success\": true, "
            "\"result\": \"%1\"}}\n```"_s.arg(p.page().section(u" — "_s, 0, 0)));
    });
    const QJsonObject run = runToTheEnd(u"Tell me the page's title"_s, u"signup.html"_s);
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s) << run.value(u"reason").toString().toStdString();
    EXPECT_TRUE(
        run.value(u"result").toObject().value(u"text").toString().startsWith(u"Join the newsletter"_s));
}

TEST_F(TaskRunTest, ARefusedKeyFailsTheRunAtOnce)
{
    model.enqueue(ScriptedLlmServer::error(401, u"Incorrect API key provided"_s));
    const QJsonObject run = runToTheEnd(u"Fill the form"_s, u"signup.html"_s);
    expectFailedBecause(run, u"refused"_s);
    EXPECT_EQ(model.requests().size(), 1);
}

TEST_F(TaskRunTest, StopAbortsTheModelsRequestAtOnce)
{
    ScriptedLlmServer::Reply slow = ScriptedLlmServer::streamedText(u"thinking very slowly about it"_s, 8);
    slow.chunkDelayMs = 2000;
    model.enqueue(slow);
    engine->runs()->setStreaming(true);
    const QString id
        = startRun({ { u"task"_s, u"Fill the form"_s }, { u"url"_s, fixture(u"signup.html"_s) } });
    ASSERT_TRUE(waitUntil([&] { return model.requests().size() == 1; }, 30s));
    const int closedBefore = model.connectionsClosedByClient();
    QElapsedTimer stop;
    stop.start();
    ASSERT_TRUE(command(u"cancelRun"_s, { { u"runId"_s, id } }).ok);
    EXPECT_EQ(getRun(id).value(u"status").toString(), u"cancelled"_s);
    ASSERT_TRUE(waitUntil([&] { return model.connectionsClosedByClient() > closedBefore; }, 5s));
    std::printf("[ stop ] cancelRun → the model's connection closed in %lld ms\n", stop.elapsed());
    EXPECT_LT(stop.elapsed(), 1000);
}

TEST_F(TaskRunTest, ARunLeftRunningByACrashIsInterruptedAndResumes)
{
    // What a killed process leaves: the run's file says running, and no live process holds it.
    RunRecord left;
    left.id = u"20261125-120000-dead"_s;
    left.task = u"Sign ada@example.com (Ada) up for the engineering blog, monthly"_s;
    left.mode = RunMode::Autonomous;
    left.url = fixture(u"signup.html"_s);
    left.createdAt = left.updatedAt = QDateTime::currentDateTimeUtc();
    left.status = RunStatus::Running;
    RunStore store(QDir(paths.configDir).filePath(u"runs"_s));
    ASSERT_TRUE(store.save(left));
    harness->stopEngine();
    startEngine();
    EXPECT_EQ(getRun(left.id).value(u"status").toString(), u"interrupted"_s);

    model.setResponder(signUpModel);
    const CommandResult resumed = command(u"resumeRun"_s, { { u"runId"_s, left.id } });
    ASSERT_TRUE(resumed.ok) << resumed.error.toStdString();
    EXPECT_EQ(resumed.data[u"runId"].toString(), left.id);
    // The resumed run opened its start page again (it had no tab yet) and finished.
    const QJsonObject run = waitForStatus(left.id, { u"done"_s, u"failed"_s });
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s) << run.value(u"reason").toString().toStdString();
    EXPECT_EQ(command(u"resumeRun"_s, { { u"runId"_s, left.id } }).kind, ErrorKind::Conflict);
}

TEST_F(TaskRunTest, ListRunsAndBadRequestsSayWhatIsWrong)
{
    const CommandResult empty = command(u"startRun"_s, { { u"task"_s, u"  "_s } });
    EXPECT_EQ(empty.error, u"the task is empty: say what the run should do"_s);
    EXPECT_EQ(empty.kind, ErrorKind::BadInput);
    const CommandResult unknown = command(u"resumeRun"_s, { { u"runId"_s, u"20261125-120000-none"_s } });
    EXPECT_EQ(unknown.kind, ErrorKind::NotFound) << unknown.error.toStdString();
    EXPECT_EQ(unknown.error, u"there is no run 20261125-120000-none"_s);
    EXPECT_TRUE(command(u"startRun"_s, { { u"task"_s, u"x"_s }, { u"url"_s, u"ftp://example.com/"_s } })
                    .error.contains(u"not an http(s) address"_s));
    EXPECT_EQ(command(u"getRun"_s, { { u"runId"_s, u"nope"_s } }).kind, ErrorKind::NotFound);
    ASSERT_TRUE(settings->setValue(SettingKey::LlmModel, QString()));
    EXPECT_TRUE(command(u"startRun"_s, { { u"task"_s, u"x"_s } }).error.contains(u"no model chosen"_s));
    const CommandResult list = command(u"listRuns"_s, {});
    ASSERT_TRUE(list.ok);
    EXPECT_TRUE(list.data.toObject().value(u"runs").isArray());
}

TEST_F(TaskRunTest, TheMaskHoldsTheUsersClicksWhileTheRunWorksButNotTheAgents)
{
    engine->runs()->setStreaming(true);
    // The model takes its time over the first answer: the user tries to click meanwhile.
    model.setResponder([](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        if (p.has(u"click button “Add one”"_s))
            return ScriptedLlmServer::toolCall(u"done"_s,
                                               { { u"success"_s, true }, { u"result"_s, u"added"_s } });
        ScriptedLlmServer::Reply slow = ScriptedLlmServer::streamedToolCall(
            u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Add one"_s) } }, 1);
        slow.chunkDelayMs = 700;
        return slow;
    });
    const QString id = startRun({ { u"task"_s, u"Add one"_s }, { u"url"_s, fixture(u"counter.html"_s) } });
    ASSERT_TRUE(waitUntil(
        [&] { return evalIn(u"counter.html"_s, u"!!document.querySelector('mpa-run-mask')"_s).toBool(); },
        30s))
        << "no mask while the run works";
    // A click of the user's (trusted input from outside the run) does not reach the page.
    CdpSession *page = tabWith(u"counter.html"_s);
    ASSERT_TRUE(page);
    const QJsonObject box = evalIn(u"counter.html"_s,
                                   u"(() => { const r = document.getElementById('add')"
                                   ".getBoundingClientRect(); return {x: r.left + r.width / 2, "
                                   "y: r.top + r.height / 2}; })()"_s)
                                .toObject();
    const auto userClick = [&] {
        for (const QString &type : { u"mousePressed"_s, u"mouseReleased"_s }) {
            sendAndWait(page, u"Input.dispatchMouseEvent"_s,
                        { { u"type"_s, type },
                          { u"x"_s, box.value(u"x") },
                          { u"y"_s, box.value(u"y") },
                          { u"button"_s, u"left"_s },
                          { u"clickCount"_s, 1 } });
        }
    };
    userClick();
    EXPECT_EQ(evalIn(u"counter.html"_s, u"window.count"_s).toInt(), 0)
        << "the user's click went through the mask";
    // The agent's click goes through; then the run ends and the mask goes.
    const QJsonObject run = waitForStatus(id, { u"done"_s, u"failed"_s });
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s) << run.value(u"reason").toString().toStdString();
    EXPECT_EQ(evalIn(u"counter.html"_s, u"window.count"_s).toInt(), 1);
    ASSERT_TRUE(waitUntil(
        [&] { return !evalIn(u"counter.html"_s, u"!!document.querySelector('mpa-run-mask')"_s).toBool(); },
        10s));
    userClick();
    EXPECT_EQ(evalIn(u"counter.html"_s, u"window.count"_s).toInt(), 2)
        << "the user's clicks are held after the run";
}

TEST_F(TaskRunTest, TheMaskShowsOnlyWhileTheRunsTabIsTheOneInFront)
{
    ScriptedLlmServer::Reply hang;
    hang.hang = true; // the run stays at "deciding" for as long as the test looks
    model.enqueue(hang);
    const QString id = startRun({ { u"task"_s, u"Add one"_s }, { u"url"_s, fixture(u"counter.html"_s) } });
    // The run's own tab by its id: an earlier test of this browser may have left a counter page open.
    CdpSession *runTab = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        runTab = runTabOf(id);
        return runTab != nullptr;
    })) << "the run's tab never showed";
    const auto masked
        = [&] { return evaluate(runTab, u"!!document.querySelector('mpa-run-mask')"_s).toBool(); };
    ASSERT_TRUE(waitUntil(masked, 30s)) << "no mask on the run's tab in front";
    // Another tab comes to the front: the run's tab is hidden, and so is its mask.
    CdpSession *other = openPage(own, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(other);
    sendAndWait(other, u"Page.bringToFront"_s);
    EXPECT_TRUE(waitUntil([&] { return !masked(); }, 10s)) << "the mask stayed on a tab nobody sees";
    sendAndWait(runTab, u"Page.bringToFront"_s);
    EXPECT_TRUE(waitUntil(masked, 10s)) << "the mask did not come back with its tab";
    ASSERT_TRUE(command(u"cancelRun"_s, { { u"runId"_s, id } }).ok);
    EXPECT_TRUE(waitUntil([&] { return !masked(); }, 10s)) << "the mask outlived its run";
    sendAndWait(other, u"Page.close"_s);
}

// Structured results (startRun {schema}): the scripted model reads the release table of a real
// page from the run's prompt and returns it as data; its first answer gives "Yes" where the schema
// wants true or false, is sent back with the validation error, and the corrected array is what
// getRun returns as result.data. A schema with a rule the app cannot enforce is refused at start.
TEST_F(TaskRunTest, ATablePageIsExtractedIntoDataThatMatchesTheSchema)
{
    const QJsonObject schema = QJsonDocument::fromJson(R"({
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "version": {"type": "string", "minLength": 2},
                "codename": {"type": ["string", "null"]},
                "released": {"type": "string", "minLength": 10, "maxLength": 10},
                "lts": {"type": "boolean"}
            },
            "required": ["version", "codename", "released", "lts"],
            "additionalProperties": false
        }
    })")
                                   .object();
    QStringList prompts;
    model.setResponder([&](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        prompts.append(p.text);
        const bool corrected = p.has(u"must be true or false"_s);
        // Between two cells: anything but a word, or the snapshot's role words.
        const QString sep = u"(?:\\W|\\b(?:cell|gridcell|row|text|rowheader|columnheader)\\b)+"_s;
        const QRegularExpression row(
            u"\\b(v\\d+)%1(?:([A-Z][a-z]+)%1)?(\\d{4}-\\d{2}-\\d{2})%1(Yes|No)\\b"_s.arg(sep));
        QJsonArray rows;
        for (auto it = row.globalMatch(p.text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString lts = m.captured(4);
            rows.append(QJsonObject {
                { u"version"_s, m.captured(1) },
                { u"codename"_s, m.captured(2).isEmpty() ? QJsonValue() : QJsonValue(m.captured(2)) },
                { u"released"_s, m.captured(3) },
                { u"lts"_s, corrected ? QJsonValue(lts == u"Yes"_s) : QJsonValue(lts) } });
        }
        return ScriptedLlmServer::toolCall(u"done"_s,
                                           { { u"success"_s, true },
                                             { u"result"_s, u"%1 releases"_s.arg(rows.size()) },
                                             { u"data"_s, rows } });
    });
    const QString id = startRun({ { u"task"_s, u"List the Node.js releases in the table"_s },
                                  { u"url"_s, fixture(u"releases.html"_s) },
                                  { u"schema"_s, schema } });
    const QJsonObject run = waitForStatus(id, { u"done"_s, u"failed"_s });
    ASSERT_EQ(run.value(u"status").toString(), u"done"_s) << QJsonDocument(run).toJson().toStdString();
    const QJsonArray data = run[u"result"][u"data"].toArray();
    ASSERT_EQ(data.size(), 5) << prompts.value(0).toStdString();
    EXPECT_EQ(data.at(0).toObject(),
              (QJsonObject { { u"version"_s, u"v23"_s },
                             { u"codename"_s, QJsonValue() },
                             { u"released"_s, u"2024-10-16"_s },
                             { u"lts"_s, false } }));
    EXPECT_EQ(data.at(4).toObject(),
              (QJsonObject { { u"version"_s, u"v18"_s },
                             { u"codename"_s, u"Hydrogen"_s },
                             { u"released"_s, u"2022-04-19"_s },
                             { u"lts"_s, true } }));
    const QJsonArray steps = run.value(u"steps").toArray();
    ASSERT_EQ(steps.size(), 2);
    EXPECT_FALSE(steps.at(0)[u"ok"].toBool());
    EXPECT_EQ(steps.at(0)[u"result"].toString(),
              u"the data does not match the result schema: data[0].lts must be true or false, not the string "
              "\"No\""_s);
    EXPECT_EQ(run.value(u"schema").toObject(), schema);

    const CommandResult refused = command(
        u"startRun"_s,
        { { u"task"_s, u"List them"_s },
          { u"url"_s, fixture(u"releases.html"_s) },
          { u"schema"_s,
            QJsonObject { { u"type"_s, u"array"_s },
                          { u"items"_s, QJsonObject { { u"$ref"_s, u"#/$defs/release"_s } } } } } });
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.kind, ErrorKind::BadInput);
    EXPECT_TRUE(refused.error.startsWith(
        u"the result schema cannot be enforced: schema.items: '$ref' is not supported"_s))
        << refused.error.toStdString();
}

// Secrets (agent/secrets, the value in the real keychain): the task says <secret:password>, the
// model fills the password field with that placeholder, and the page gets the real value; the
// gate asks first (credentials) and the user approves. Neither the model's requests, nor the run
// file, the settings or the log hold the value, in the clear or as the next page's address
// carries it (a GET form: spaces as +, the rest percent-encoded).
TEST_F(TaskRunTest, ALoginFormIsFilledFromASecretTheModelNeverSees)
{
    const QString value = u"correct horse battery staple!"_s;
    SecretStore *store = engine->secrets();
    ASSERT_TRUE(store);
    if (!store->isAvailable()) {
        if (qEnvironmentVariableIsSet("MPA_SKIP_KEYCHAIN"))
            GTEST_SKIP() << "no keychain: " << qEnvironmentVariable("MPA_SKIP_KEYCHAIN").toStdString();
        FAIL() << "the keychain is not available: " << store->unavailableReason().toStdString();
    }
    std::optional<CommandResult> written;
    store->write(u"secret/password"_s, value, [&](const CommandResult &r) { written = r; });
    ASSERT_TRUE(waitUntil([&] { return written.has_value(); }));
    ASSERT_TRUE(written->ok) << written->error.toStdString();
    ASSERT_TRUE(settings->setValue(SettingKey::AgentSecrets, QStringList { u"password@127.0.0.1"_s }));
    Logging::install({ QDir(configDir()).filePath(u"logs"_s), false, 5000, true });
    const QString logFile = Logging::logFilePath();

    model.setResponder([](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        if (p.page().startsWith(u"Signed in"_s))
            return ScriptedLlmServer::toolCall(u"done"_s,
                                               { { u"success"_s, true }, { u"result"_s, u"signed in"_s } });
        if (!p.has(u"fill textbox “Username"_s))
            return ScriptedLlmServer::toolCall(
                u"fill"_s, { { u"ref"_s, p.ref(u"textbox"_s, u"Username"_s) }, { u"value"_s, u"ada"_s } });
        if (!p.has(u"fill textbox “Password"_s))
            return ScriptedLlmServer::toolCall(
                u"fill"_s,
                { { u"ref"_s, p.ref(u"textbox"_s, u"Password"_s) }, { u"value"_s, u"<secret:password>"_s } });
        return ScriptedLlmServer::toolCall(u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Sign in"_s) } });
    });
    const QString id = startRun({ { u"task"_s, u"Sign in as ada with the password <secret:password>"_s },
                                  { u"url"_s, fixture(u"login.html"_s) },
                                  { u"mode"_s, u"autonomous"_s } });
    ASSERT_FALSE(id.isEmpty());
    QJsonObject run;
    int approvals = 0;
    for (int i = 0; i < 6; ++i) {
        run = waitForStatus(id, { u"done"_s, u"failed"_s, u"waiting_user"_s });
        if (run.value(u"status").toString() != u"waiting_user"_s)
            break;
        EXPECT_EQ(run[u"question"][u"category"].toString(), u"credentials"_s);
        ASSERT_TRUE(command(u"answerRun"_s, { { u"runId"_s, id }, { u"approve"_s, true } }).ok);
        ++approvals;
    }
    ASSERT_EQ(run.value(u"status").toString(), u"done"_s) << QJsonDocument(run).toJson().toStdString();
    EXPECT_GE(approvals, 1) << "typing a secret was never asked about";
    ASSERT_TRUE(waitUntil([&] { return evalIn(u"signed-in.html"_s, u"!!window.signin"_s).toBool(); }));
    EXPECT_EQ(evalIn(u"signed-in.html"_s, u"window.signin.password"_s).toString(), value)
        << "the page did not get the secret";
    EXPECT_EQ(evalIn(u"signed-in.html"_s, u"window.signin.login"_s).toString(), u"ada"_s);
    const QJsonArray steps = run.value(u"steps").toArray();
    QJsonObject passwordStep;
    for (const QJsonValue &step : steps) {
        if (step[u"element"].toString().contains(u"Password"_s))
            passwordStep = step.toObject();
    }
    EXPECT_EQ(passwordStep[u"params"][u"value"].toString(), u"<secret:password>"_s);

    const QStringList forms { value, u"correct+horse+battery+staple"_s, u"correct%20horse"_s, u"battery"_s };
    for (const QJsonObject &request : model.requests()) {
        const QByteArray bytes = QJsonDocument(request).toJson(QJsonDocument::Compact);
        for (const QString &form : forms)
            EXPECT_FALSE(bytes.contains(form.toUtf8())) << "the model was sent " << form.toStdString();
    }
    const QString runFile = RunStore(QDir(paths.configDir).filePath(u"runs"_s)).pathOf(id);
    Logging::install({});
    for (const QString &path : { runFile, paths.settingsFile(), logFile }) {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
        const QByteArray bytes = file.readAll();
        for (const QString &form : forms)
            EXPECT_FALSE(bytes.contains(form.toUtf8()))
                << path.toStdString() << " holds " << form.toStdString();
    }
    std::optional<CommandResult> removed;
    store->remove(u"secret/password"_s, [&](const CommandResult &r) { removed = r; });
    EXPECT_TRUE(waitUntil([&] { return removed.has_value(); }));
}

// A task that names a secret the user has not set up does not start, and says which.
TEST_F(TaskRunTest, ATaskNamingAnUnknownSecretIsRefused)
{
    const CommandResult refused
        = command(u"startRun"_s,
                  { { u"task"_s, u"Sign in with <secret:pin>"_s }, { u"url"_s, fixture(u"login.html"_s) } });
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.kind, ErrorKind::BadInput);
    EXPECT_TRUE(refused.error.startsWith(u"the task names <secret:pin>, but there is no secret “pin”"_s))
        << refused.error.toStdString();
}

// A desktop without a keychain (the issue's "Failed to execute child process dbus-launch"): a
// provider that needs no key (Ollama) starts without asking the keychain anything; with no
// model chosen that is what is said, not the keychain; a provider that needs a key says it has
// none and why.
TEST_F(TaskRunTest, AKeylessProviderNeverTouchesTheKeychainAndAMissingModelIsSaidFirst)
{
    ScopedEnv noKey("MPA_LLM_API_KEY", QString());
    qunsetenv("MPA_LLM_API_KEY");
    auto *keychain = new FakeSecretStore(engine);
    keychain->setUnavailable(
        u"no keychain runs on this desktop (GNOME Keyring, KWallet or KeePassXC provide one)"_s);
    engine->setSecretStore(keychain);
    ASSERT_TRUE(settings->setValue(SettingKey::LlmProvider, u"ollama"_s));
    ASSERT_TRUE(settings->setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString()));
    model.setResponder([](const QJsonObject &) {
        return ScriptedLlmServer::toolCall(u"done"_s,
                                           { { u"success"_s, true }, { u"result"_s, u"nothing to do"_s } });
    });
    const QJsonObject run = runToTheEnd(u"Look at the page"_s, u"busy.html"_s);
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s) << QJsonDocument(run).toJson().toStdString();
    EXPECT_TRUE(keychain->reads().isEmpty()) << keychain->reads().join(u", "_s).toStdString();

    ASSERT_TRUE(settings->setValue(SettingKey::LlmProvider, u"groq"_s));
    ASSERT_TRUE(settings->setValue(SettingKey::LlmModel, QString()));
    CommandResult refused
        = command(u"startRun"_s, { { u"task"_s, u"Look"_s }, { u"url"_s, fixture(u"busy.html"_s) } });
    EXPECT_EQ(refused.error, u"no model chosen: set llm/model on the Models page"_s);
    EXPECT_TRUE(keychain->reads().isEmpty());

    ASSERT_TRUE(settings->setValue(SettingKey::LlmModel, u"llama-3.3-70b"_s));
    refused = command(u"startRun"_s, { { u"task"_s, u"Look"_s }, { u"url"_s, fixture(u"busy.html"_s) } });
    EXPECT_FALSE(refused.ok);
    EXPECT_TRUE(
        refused.error.startsWith(u"no API key for Groq (the keychain could not be read: no keychain runs on "
                                 "this desktop"_s))
        << refused.error.toStdString();
    EXPECT_FALSE(refused.error.contains(u"dbus"_s, Qt::CaseInsensitive));
}

// agent/showActions (on by default): before the run clicks, the button is outlined in the page's
// top layer for a moment; the outline surrounds the button, hit testing still finds the button
// under it, and the run's own click lands while it shows. A screenshot of the moment is kept.
TEST_F(TaskRunTest, TheElementAboutToBeClickedIsOutlinedWithoutTakingTheClick)
{
    ASSERT_TRUE(settings->setValue(SettingKey::AgentShowActions, true));
    model.setResponder([](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        if (p.has(u"click button “Add one”"_s))
            return ScriptedLlmServer::toolCall(u"done"_s,
                                               { { u"success"_s, true }, { u"result"_s, u"added"_s } });
        return ScriptedLlmServer::toolCall(u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Add one"_s) } });
    });
    const QString id = startRun({ { u"task"_s, u"Add one"_s }, { u"url"_s, fixture(u"counter.html"_s) } });
    CdpSession *runTab = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        runTab = runTabOf(id);
        return runTab != nullptr;
    }));
    const QString outlined = u"(() => { const o = document.querySelector('mpa-agent-outline'); return !!o && "
                             "o.matches(':popover-open'); })()"_s;
    ASSERT_TRUE(waitUntil([&] { return evaluate(runTab, outlined).toBool(); }, 30s))
        << "no outline before the click";
    const QJsonObject seen
        = evaluate(runTab,
                   u"(() => { const b = document.getElementById('add').getBoundingClientRect();"
                   " const x = b.x + b.width / 2, y = b.y + b.height / 2;"
                   " return { hit: document.elementFromPoint(x, y).id, count: window.count,"
                   " host: getComputedStyle(document.querySelector('mpa-agent-outline'))"
                   ".pointerEvents }; })()"_s)
              .toObject();
    EXPECT_EQ(seen.value(u"hit").toString(), u"add"_s) << "the outline takes the hit test";
    EXPECT_EQ(seen.value(u"count").toInt(), 0) << "the click came before the outline";
    EXPECT_EQ(seen.value(u"host").toString(), u"none"_s);
    const QJsonObject shot
        = sendAndWait(runTab, u"Page.captureScreenshot"_s, { { u"format"_s, u"png"_s } }).result;
    QFile png(screenshotDir() + u"/agent-outline.png"_s);
    if (QDir().mkpath(screenshotDir()) && png.open(QIODevice::WriteOnly))
        png.write(QByteArray::fromBase64(shot.value(u"data"_s).toString().toLatin1()));
    const QJsonObject run = waitForStatus(id, { u"done"_s, u"failed"_s });
    EXPECT_EQ(run.value(u"status").toString(), u"done"_s) << QJsonDocument(run).toJson().toStdString();
    EXPECT_EQ(evaluate(runTab, u"window.count"_s).toInt(), 1) << "the run's click did not land";
}

namespace {

// The steps the model was shown in `prompt` ("Your steps so far:" up to the blank line).
QStringList historyLines(const Prompt &prompt)
{
    const QString from = u"Your steps so far:\n"_s;
    const qsizetype start = prompt.text.indexOf(from);
    if (start < 0)
        return {};
    const qsizetype begin = start + from.size();
    return prompt.text.mid(begin, prompt.text.indexOf(u"\n\n"_s, begin) - begin).split(u'\n');
}

// The step a prompt asks for ("This is step N of at most M.").
int stepAskedFor(const Prompt &prompt)
{
    return QRegularExpression(u"This is step (\\d+) of at most"_s).match(prompt.text).captured(1).toInt();
}

// A model that never calls done: it clicks "Add one" on the counter, each click a new count
// (so the loop checks see progress, as they would for a model paging through results).
ScriptedLlmServer::Reply neverDoneModel(const QJsonObject &request)
{
    const Prompt p = runPromptOf(request);
    return ScriptedLlmServer::toolCall(u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Add one"_s) } });
}

} // namespace

TEST_F(TaskRunTest, ARunThatNeverFinishesStopsAtTheStepLimitSayingSo)
{
    // agent/maxSteps is the limit of every run; startRun's maxSteps is one run's own.
    ASSERT_TRUE(settings->setValue(SettingKey::AgentMaxSteps, 4));
    model.setResponder(neverDoneModel);
    const QJsonObject run = runToTheEnd(u"Add one for ever"_s, u"counter.html?limit=setting"_s);
    EXPECT_EQ(run.value(u"status").toString(), u"failed"_s);
    EXPECT_EQ(run.value(u"reason").toString(), u"reached the step limit (4) before the task was done"_s);
    EXPECT_EQ(run.value(u"steps").toArray().size(), 4);
    // Four questions to the model, the last one saying it is the last step; four clicks made.
    ASSERT_EQ(model.requests().size(), 4);
    EXPECT_TRUE(runPromptOf(model.requests().last()).has(u"This is step 4 of at most 4."_s))
        << runPromptOf(model.requests().last()).text.toStdString();
    EXPECT_EQ(countIn(u"limit=setting"_s), 4);

    const qsizetype before = model.requests().size();
    const QString id = startRun({ { u"task"_s, u"Add one for ever"_s },
                                  { u"url"_s, fixture(u"counter.html?limit=request"_s) },
                                  { u"maxSteps"_s, 2 } });
    const QJsonObject limited = waitForStatus(id, { u"done"_s, u"failed"_s });
    EXPECT_EQ(limited.value(u"reason").toString(), u"reached the step limit (2) before the task was done"_s);
    EXPECT_EQ(limited.value(u"steps").toArray().size(), 2);
    EXPECT_EQ(model.requests().size() - before, 2);
    EXPECT_EQ(countIn(u"limit=request"_s), 2);
    EXPECT_EQ(command(u"startRun"_s, { { u"task"_s, u"x"_s }, { u"maxSteps"_s, 501 } }).kind,
              ErrorKind::BadInput);
}

TEST_F(TaskRunTest, OlderStepsReachTheModelSummarisedAndTheLastOnesWordForWord)
{
    constexpr int kRecent = 3; // agent/historySteps
    constexpr int kClicks = 22;
    ASSERT_TRUE(settings->setValue(SettingKey::AgentHistorySteps, kRecent));
    model.setResponder([](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        if (stepAskedFor(p) > kClicks)
            return ScriptedLlmServer::toolCall(
                u"done"_s, { { u"success"_s, true }, { u"result"_s, u"added %1"_s.arg(kClicks) } });
        return ScriptedLlmServer::toolCall(
            u"click"_s, { { u"ref"_s, p.ref(u"button"_s, u"Add one"_s) }, { u"thought"_s, u"one more"_s } });
    });
    const QJsonObject run = runToTheEnd(u"Add one, 22 times"_s, u"counter.html?history=1"_s);
    ASSERT_EQ(run.value(u"status").toString(), u"done"_s) << run.value(u"reason").toString().toStdString();
    EXPECT_EQ(run.value(u"steps").toArray().size(), kClicks + 1);
    EXPECT_EQ(countIn(u"history=1"_s), kClicks);

    // Each request: the steps before the last agent/historySteps in one short line (what was done,
    // on what — no params, no results), the last ones as whole lines.
    const QList<QJsonObject> requests = model.requests();
    ASSERT_EQ(requests.size(), kClicks + 1);
    const QRegularExpression numbered(
        u"^(\\d+)\\. click button “Add one”(?: \\{\"ref\":\"e\\d+\"\\})? → \\S"_s);
    for (int done = 0; done < requests.size(); ++done) {
        const Prompt p = runPromptOf(requests.at(done));
        ASSERT_EQ(stepAskedFor(p), done + 1);
        QStringList lines = historyLines(p);
        SCOPED_TRACE(u"after %1 steps:\n%2"_s.arg(done).arg(lines.join(u'\n')).toStdString());
        if (done == 0) {
            EXPECT_EQ(lines, QStringList { u"No steps yet."_s });
            continue;
        }
        const int summarised = std::max(0, done - kRecent);
        if (summarised > 0) {
            ASSERT_FALSE(lines.isEmpty());
            const QString summary = lines.takeFirst();
            QStringList entries;
            for (int i = 0; i < summarised; ++i)
                entries.append(u"click button “Add one”"_s);
            EXPECT_EQ(summary, u"Steps 1–%1 in short: %2"_s.arg(summarised).arg(entries.join(u"; "_s)));
        }
        ASSERT_EQ(lines.size(), done - summarised);
        for (int i = 0; i < lines.size(); ++i) {
            const QRegularExpressionMatch m = numbered.match(lines.at(i));
            ASSERT_TRUE(m.hasMatch()) << lines.at(i).toStdString();
            EXPECT_EQ(m.captured(1).toInt(), summarised + i + 1);
        }
    }
    // The 22nd click's request: 18 steps in one line, 19–21 word for word (issue 33: 20+ steps).
    EXPECT_TRUE(runPromptOf(requests.at(kClicks - 1)).has(u"Steps 1–18 in short: click button “Add one”;"_s));
}

TEST_F(TaskRunTest, TwoRunsAtOnceEachKeepToItsOwnTabAndRecord)
{
    // Each answer takes a while (streamed in pieces), so the two runs' steps interleave.
    engine->runs()->setStreaming(true);
    model.setResponder([](const QJsonObject &request) {
        const Prompt p = runPromptOf(request);
        const int wanted = p.has(u"Task: Add one, twice"_s) ? 2 : 3;
        ScriptedLlmServer::Reply reply = stepAskedFor(p) > wanted
            ? ScriptedLlmServer::streamedToolCall(
                u"done"_s, { { u"success"_s, true }, { u"result"_s, u"added %1"_s.arg(wanted) } }, 3)
            : ScriptedLlmServer::streamedToolCall(u"click"_s,
                                                  { { u"ref"_s, p.ref(u"button"_s, u"Add one"_s) } }, 3);
        reply.chunkDelayMs = 60;
        return reply;
    });
    const QString a
        = startRun({ { u"task"_s, u"Add one, twice"_s }, { u"url"_s, fixture(u"counter.html?run=a"_s) } });
    const QString b = startRun(
        { { u"task"_s, u"Add one, three times"_s }, { u"url"_s, fixture(u"counter.html?run=b"_s) } });
    ASSERT_FALSE(a.isEmpty());
    ASSERT_FALSE(b.isEmpty());
    ASSERT_NE(a, b);
    const QJsonObject runA = waitForStatus(a, { u"done"_s, u"failed"_s });
    const QJsonObject runB = waitForStatus(b, { u"done"_s, u"failed"_s });
    ASSERT_EQ(runA.value(u"status").toString(), u"done"_s) << runA.value(u"reason").toString().toStdString();
    ASSERT_EQ(runB.value(u"status").toString(), u"done"_s) << runB.value(u"reason").toString().toStdString();
    EXPECT_EQ(runA.value(u"result").toObject().value(u"text").toString(), u"added 2"_s);
    EXPECT_EQ(runB.value(u"result").toObject().value(u"text").toString(), u"added 3"_s);
    EXPECT_EQ(runA.value(u"steps").toArray().size(), 3);
    EXPECT_EQ(runB.value(u"steps").toArray().size(), 4);

    // Each tab got its own run's clicks, no other.
    EXPECT_EQ(countIn(u"run=a"_s), 2);
    EXPECT_EQ(countIn(u"run=b"_s), 3);
    // They ran at once: B asked the model before A's last question. Every question of a run
    // showed that run's own page.
    int firstOfB = -1;
    int lastOfA = -1;
    const QList<QJsonObject> requests = model.requests();
    for (int i = 0; i < requests.size(); ++i) {
        const Prompt p = runPromptOf(requests.at(i));
        const bool isA = p.has(u"Task: Add one, twice"_s);
        EXPECT_TRUE(p.page().endsWith(isA ? u"?run=a"_s : u"?run=b"_s)) << p.page().toStdString();
        if (isA)
            lastOfA = i;
        else if (firstOfB < 0)
            firstOfB = i;
    }
    EXPECT_EQ(requests.size(), 7);
    EXPECT_GE(firstOfB, 0);
    EXPECT_LT(firstOfB, lastOfA) << "the second run only started once the first had ended";

    // Two records, each with its own task, tab and steps.
    RunStore store(QDir(paths.configDir).filePath(u"runs"_s));
    const std::optional<RunRecord> recordA = engine->runs()->run(a);
    const std::optional<RunRecord> recordB = engine->runs()->run(b);
    ASSERT_TRUE(recordA && recordB);
    EXPECT_EQ(recordA->task, u"Add one, twice"_s);
    EXPECT_EQ(recordB->task, u"Add one, three times"_s);
    EXPECT_EQ(recordA->currentTab, tabWith(u"run=a"_s)->targetId());
    EXPECT_EQ(recordB->currentTab, tabWith(u"run=b"_s)->targetId());
    EXPECT_NE(store.pathOf(a), store.pathOf(b));
    for (const auto &[id, steps] : { std::pair { a, 3 }, std::pair { b, 4 } }) {
        QFile file(store.pathOf(id));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << file.fileName().toStdString();
        const QJsonObject saved = QJsonDocument::fromJson(file.readAll()).object();
        EXPECT_EQ(saved.value(u"runId").toString(), id);
        EXPECT_EQ(saved.value(u"steps").toArray().size(), steps);
    }
}

TEST_F(TaskRunTest, TheMasksStopButtonEndsTheRunAndTheMaskGoes)
{
    // A step that takes long (a wait of 25 s): the user has had enough and presses Stop.
    model.setResponder([](const QJsonObject &) {
        return ScriptedLlmServer::toolCall(u"wait"_s, { { u"ms"_s, 25000 } });
    });
    const QString id = startRun({ { u"task"_s, u"Wait for the counter"_s },
                                  { u"url"_s, fixture(u"counter.html?stop=1"_s) },
                                  { u"mode"_s, u"autonomous"_s } });
    ASSERT_TRUE(waitUntil(
        [&] {
            const std::optional<RunRecord> r = engine->runs()->run(id);
            return r && !r->steps.isEmpty() && r->steps.first().state == JobCommand::State::Running;
        },
        30s))
        << QJsonDocument(getRun(id)).toJson().toStdString();
    CdpSession *page = nullptr;
    ASSERT_TRUE(waitUntil([&] { return (page = tabWith(u"stop=1"_s)) != nullptr; }, 10s));
    const auto masked
        = [&] { return evalIn(u"stop=1"_s, u"!!document.querySelector('mpa-run-mask')"_s).toBool(); };
    ASSERT_TRUE(waitUntil(masked, 10s)) << "no mask while the wait runs";
    std::optional<QPointF> stop;
    ASSERT_TRUE(waitUntil([&] { return (stop = runMaskIn(page).stop).has_value(); }, 10s))
        << "the mask shows no Stop button";

    QElapsedTimer pressed;
    pressed.start();
    userClickAt(page, *stop);
    const QJsonObject run = waitForStatus(id, { u"cancelled"_s, u"done"_s, u"failed"_s }, 10s);
    EXPECT_EQ(run.value(u"status").toString(), u"cancelled"_s);
    EXPECT_EQ(run.value(u"reason").toString(), u"stopped with the button on the page"_s);
    EXPECT_LT(pressed.elapsed(), 20000) << "the run waited its step out instead of stopping";
    EXPECT_TRUE(waitUntil([&] { return !masked(); }, 10s)) << "the mask outlived its run";
    EXPECT_EQ(model.requests().size(), 1) << "the model was asked again after Stop";
}
