// `multi-purpose-agent run "TASK"` as a user or a script runs it: a process of its own on the
// real browser, the model of the settings (the scripted OpenAI-compatible server, a real socket)
// and the key from MPA_LLM_API_KEY. A line per step, a JSON result, the documented exit codes.
#include "AppRun.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "RawHttp.h"
#include "ScopedEnv.h"
#include "ScriptedLlmServer.h"
#include "TestEnvironment.h"
#include "WebSocketOnlyProxy.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class RunCommandTest : public ChromiumTest
{
protected:
    void SetUp() override
    {
        ChromiumTest::SetUp();
        dir = configDir();
        Settings settings(AppPaths::forConfigDir(dir).settingsFile());
        settings.setValue(SettingKey::LlmProvider, u"custom"_s);
        settings.setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString());
        settings.setValue(SettingKey::LlmModel, u"scripted-1"_s);
        settings.setValue(SettingKey::AgentReflectEvery, 0);
        settings.setValue(SettingKey::AgentShowActions, false); // 600 ms a step
        settings.setValue(SettingKey::AgentVision, u"off"_s); // the scripted model reads text
    }

    QStringList args(const QString &task, const QStringList &more) const
    {
        return QStringList { u"run"_s,          task,
                             u"--config-dir"_s, dir,
                             u"--cdp-port"_s,   QString::number(browser().port()) }
        + more;
    }

    static QJsonObject lastJson(const QString &out)
    {
        const QStringList lines = out.trimmed().split(u'\n');
        return QJsonDocument::fromJson(lines.value(lines.size() - 1).toUtf8()).object();
    }

    QString dir;
    ScopedEnv key { "MPA_LLM_API_KEY", u"sk-run-command-test-key"_s };
    ScriptedLlmServer model;
};

QString promptOf(const QJsonObject &request)
{
    return request.value(u"messages").toArray().at(1).toObject().value(u"content").toString();
}

QString refInPrompt(const QString &prompt, const QString &line)
{
    return QRegularExpression(QRegularExpression::escape(line) + u" \\[ref=(\\w+)\\]"_s)
        .match(prompt)
        .captured(1);
}

// The model of a sign-up task: fill in the email, click Continue, done on the next page.
ScriptedLlmServer::Reply fillInTheEmailAndContinue(const QJsonObject &request)
{
    const QString prompt = promptOf(request);
    if (prompt.contains(u"Page: Welcome"_s) || prompt.contains(u"→ navigated"_s))
        return ScriptedLlmServer::toolCall(
            u"done"_s, { { u"success"_s, true }, { u"result"_s, u"on the next page"_s } });
    if (!prompt.contains(u"fill textbox"_s))
        return ScriptedLlmServer::toolCall(
            u"fill"_s,
            { { u"ref"_s, refInPrompt(prompt, u"- textbox \"Email Address *\""_s) },
              { u"value"_s, u"ada@example.com"_s } });
    return ScriptedLlmServer::toolCall(u"click"_s,
                                       { { u"ref"_s, refInPrompt(prompt, u"- button \"Continue\""_s) } });
}

} // namespace

TEST_F(RunCommandTest, PrintsEachStepAndTheResultAndExitsZeroWhenDone)
{
    model.setResponder(fillInTheEmailAndContinue);
    AppRun run(
        args(u"Put ada@example.com in and go on"_s,
             { u"--url"_s, fixtureUrl(u"agent/signup.html"_s).toString(), u"--mode"_s, u"autonomous"_s }));
    ASSERT_EQ(run.finish(60s), 0) << run.dump().toStdString();
    std::printf("%s", qPrintable(run.out())); // what a user sees (the README shows it)
    const QStringList lines = run.out().trimmed().split(u'\n');
    ASSERT_EQ(lines.size(), 4) << run.out().toStdString();
    EXPECT_TRUE(lines.at(0).startsWith(u"1. fill textbox “Email Address *”"_s)) << lines.at(0).toStdString();
    EXPECT_TRUE(lines.at(1).startsWith(u"2. click button “Continue” → navigated to "_s))
        << lines.at(1).toStdString();
    const QJsonObject result = lastJson(run.out());
    EXPECT_EQ(result.value(u"status"_s).toString(), u"done"_s);
    EXPECT_EQ(result.value(u"result"_s).toObject().value(u"text"_s).toString(), u"on the next page"_s);
    EXPECT_FALSE(run.err().contains(u"sk-run-command-test-key"_s));
    EXPECT_FALSE(run.out().contains(u"sk-run-command-test-key"_s));
}

TEST_F(RunCommandTest, ARiskyStepWithNobodyToAskExitsFour)
{
    model.setResponder([](const QJsonObject &request) {
        return ScriptedLlmServer::toolCall(
            u"click"_s, { { u"ref"_s, refInPrompt(promptOf(request), u"- button \"Pay $20.00\""_s) } });
    });
    AppRun run(args(u"Pay the invoice"_s,
                    { u"--url"_s, fixtureUrl(u"agent/checkout.html"_s).toString(), u"--json"_s }));
    ASSERT_EQ(run.finish(60s), 4) << run.dump().toStdString();
    const QJsonObject result = lastJson(run.out());
    EXPECT_EQ(result.value(u"status"_s).toString(), u"failed"_s);
    EXPECT_TRUE(result.value(u"reason"_s).toString().contains(u"nobody could answer"_s))
        << result.value(u"reason"_s).toString().toStdString();
}

TEST_F(RunCommandTest, BadArgumentsAndAMissingModelExitTwoSayingWhy)
{
    AppRun both(args(u"x"_s, { u"--url"_s, u"https://example.com/"_s, u"--tab"_s, u"1"_s }));
    EXPECT_EQ(both.finish(), 2);
    EXPECT_TRUE(both.err().contains(u"--tab and --url: give one"_s)) << both.err().toStdString();
    AppRun mode(args(u"x"_s, { u"--mode"_s, u"reckless"_s }));
    EXPECT_EQ(mode.finish(), 2);
    EXPECT_TRUE(mode.err().contains(u"--mode: 'reckless' is neither careful nor autonomous"_s))
        << mode.err().toStdString();
    AppRun misplaced({ u"--json"_s });
    EXPECT_EQ(misplaced.finish(), 2);

    Settings(AppPaths::forConfigDir(dir).settingsFile()).setValue(SettingKey::LlmModel, QString());
    AppRun noModel(args(u"Sign up"_s, { u"--url"_s, fixtureUrl(u"agent/signup.html"_s).toString() }));
    EXPECT_EQ(noModel.finish(60s), 2) << noModel.dump().toStdString();
    EXPECT_TRUE(noModel.err().contains(u"no model chosen"_s)) << noModel.err().toStdString();
}

// `run --schema FILE`: the result line carries result.data matching the schema in FILE; a file
// that is missing, not JSON, or holds a rule the app cannot enforce exits 2 saying which.
TEST_F(RunCommandTest, ASchemaFileMakesTheResultLineCarryTheData)
{
    const QString schemaFile = dir + u"/releases.schema.json"_s;
    QFile file(schemaFile);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                  "properties": {"newest": {"type": "string"}, "lts": {"type": "array", "items": {"type": "string"}}},
                  "required": ["newest", "lts"], "additionalProperties": false})");
    file.close();
    model.setResponder([](const QJsonObject &request) {
        const QString prompt = promptOf(request);
        QJsonArray lts;
        for (const QString &codename : { u"Jod"_s, u"Iron"_s, u"Hydrogen"_s }) {
            if (prompt.contains(codename))
                lts.append(codename);
        }
        return ScriptedLlmServer::toolCall(
            u"done"_s,
            { { u"success"_s, true },
              { u"result"_s, u"read the table"_s },
              { u"data"_s,
                QJsonObject { { u"newest"_s, prompt.contains(u"v23"_s) ? u"v23"_s : u"?"_s },
                              { u"lts"_s, lts } } } });
    });
    AppRun run(args(u"Which Node.js release is newest, and which are LTS?"_s,
                    { u"--url"_s, fixtureUrl(u"agent/releases.html"_s).toString(), u"--schema"_s, schemaFile,
                      u"--json"_s }));
    ASSERT_EQ(run.finish(60s), 0) << run.dump().toStdString();
    const QJsonObject result = lastJson(run.out());
    EXPECT_EQ(result[u"result"][u"data"].toObject(),
              (QJsonObject { { u"newest"_s, u"v23"_s },
                             { u"lts"_s, QJsonArray { u"Jod"_s, u"Iron"_s, u"Hydrogen"_s } } }))
        << run.out().toStdString();

    AppRun missing(args(u"x"_s, { u"--schema"_s, dir + u"/nothing.json"_s }));
    EXPECT_EQ(missing.finish(), 2);
    EXPECT_TRUE(missing.err().contains(u"/nothing.json: the file cannot be read"_s))
        << missing.err().toStdString();
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"type\": \"object\",");
    file.close();
    AppRun broken(args(u"x"_s, { u"--schema"_s, schemaFile }));
    EXPECT_EQ(broken.finish(), 2);
    EXPECT_TRUE(broken.err().contains(u"releases.schema.json: not JSON"_s)) << broken.err().toStdString();
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"type": "string", "format": "date"})");
    file.close();
    AppRun unenforced(args(
        u"x"_s, { u"--url"_s, fixtureUrl(u"agent/releases.html"_s).toString(), u"--schema"_s, schemaFile }));
    EXPECT_EQ(unenforced.finish(60s), 2);
    EXPECT_TRUE(unenforced.err().contains(
        u"the result schema cannot be enforced: schema: 'format' is not supported"_s))
        << unenforced.err().toStdString();
}

TEST_F(RunCommandTest, MaxStepsEndsARunThatNeverFinishesAtNStepsAndExitsOne)
{
    // agent/maxSteps says 40; --max-steps 3 is this run's own limit. The model never calls done:
    // it clicks "Add one" again and again (a new count each time, so no loop is seen).
    model.setResponder([](const QJsonObject &request) {
        return ScriptedLlmServer::toolCall(
            u"click"_s, { { u"ref"_s, refInPrompt(promptOf(request), u"- button \"Add one\""_s) } });
    });
    AppRun run(args(u"Add one for ever"_s,
                    { u"--url"_s, fixtureUrl(u"agent/counter.html?cli=1"_s).toString(), u"--mode"_s,
                      u"autonomous"_s, u"--max-steps"_s, u"3"_s }));
    ASSERT_EQ(run.finish(60s), 1) << run.dump().toStdString();
    const QStringList lines = run.out().trimmed().split(u'\n');
    ASSERT_EQ(lines.size(), 4) << run.out().toStdString();
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(lines.at(i).startsWith(u"%1. click button “Add one”"_s.arg(i + 1)))
            << lines.at(i).toStdString();
    }
    const QJsonObject result = lastJson(run.out());
    EXPECT_EQ(result.value(u"status"_s).toString(), u"failed"_s);
    EXPECT_EQ(result.value(u"reason"_s).toString(), u"reached the step limit (3) before the task was done"_s);
    EXPECT_EQ(result.value(u"steps"_s).toInt(), 3);
    EXPECT_EQ(model.requests().size(), 3);

    AppRun outOfRange(args(u"x"_s, { u"--max-steps"_s, u"0"_s }));
    EXPECT_EQ(outOfRange.finish(), 2);
    EXPECT_TRUE(outOfRange.err().contains(u"--max-steps: '0' is not a number from 1 to 500"_s))
        << outOfRange.err().toStdString();
}

// `run --cdp-url` on a browser reachable only through its browser-level WebSocket (its /json/*
// hidden behind a proxy, as remote services offer it): the task runs there as on a local port.
TEST_F(RunCommandTest, RunsOnABrowserLevelWebSocketGivenAsCdpUrl)
{
    model.setResponder(fillInTheEmailAndContinue);
    WebSocketOnlyProxy proxy(browser().port());
    ASSERT_TRUE(proxy.listen());
    const RawHttpReply version
        = rawHttp(browser().port(), httpRequest("GET", "/json/version", browser().port()));
    const QString path = QUrl(version.json.value(u"webSocketDebuggerUrl"_s).toString()).path();
    AppRun run({ u"run"_s, u"Put ada@example.com in and go on"_s, u"--config-dir"_s, dir, u"--cdp-url"_s,
                 u"ws://127.0.0.1:%1%2"_s.arg(proxy.port()).arg(path), u"--url"_s,
                 fixtureUrl(u"agent/signup.html"_s).toString(), u"--mode"_s, u"autonomous"_s });
    ASSERT_EQ(run.finish(60s), 0) << run.dump().toStdString();
    EXPECT_EQ(lastJson(run.out()).value(u"status"_s).toString(), u"done"_s) << run.out().toStdString();
    EXPECT_EQ(proxy.forwardedSockets(), 1) << run.dump().toStdString();
    EXPECT_EQ(proxy.refusedRequests(), 0) << "no /json/* asked";
}
