// LLM task agent benchmark, with the scripted model answering at once (tests/support
// ScriptedLlmServer), on the toolkit's generated page of about 3,000 elements:
//  - the agent's own cost per step: from one step recorded to the next, less the model's time
//    (observe + prompt bookkeeping + gate + act + writing the run file), p50 / p95;
//  - the prompt per step: characters and estimated tokens, how many of the interactables in
//    view it names, against AI Web Agent's budget (6,000 characters of text + 100 elements) and
//    against a Playwright aria snapshot of the same page;
//  - Stop to aborted: from cancelRun to the model's connection closed, p50 / max;
//  - a step with and without vision (agent/vision on / off): the request's bytes, its tokens
//    estimated (text characters / 4, and 1,105 for the image as OpenAI counts a 1280 × 720 one —
//    the scripted model reports no usage), and our own work for the screenshot (marks, capture,
//    JPEG), p50.
//
// Run: build/ci/tests/bench/mpa_agent_bench [steps, default 30] [stops, default 10]
#include "BenchSupport.h"
#include "ScriptedLlmServer.h"
#include "actions/CommandDispatcher.h"
#include "agent/RunManager.h"
#include "engine/Engine.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const CommandCaller kUser { u"debug-api"_s, u"bench"_s };

std::optional<CommandResult> call(CommandDispatcher *commands, const QString &name, const QJsonObject &params)
{
    std::optional<CommandResult> result;
    commands->dispatch(name, params, kUser, CommandDispatcher::Scope::DebugApi,
                       [&](const CommandResult &r) { result = r; });
    if (!waitUntil([&] { return result.has_value(); }, 60s))
        return std::nullopt;
    return result;
}

QString promptText(const QJsonObject &request)
{
    return ScriptedLlmServer::textOf(request);
}

// The model of the bench's task: fills the quantity of item k at step k (a new element each
// time, so no loop), then says done after `steps`.
std::function<ScriptedLlmServer::Reply(const QJsonObject &)> quantityModel(int steps, QList<int> *promptChars)
{
    auto answered = std::make_shared<int>(0);
    return [steps, answered, promptChars](const QJsonObject &request) {
        static const QRegularExpression quantity(u"spinbutton \"Quantity\" \\[ref=(\\w+)\\]"_s);
        const QString text = promptText(request);
        if (promptChars)
            promptChars->append(int(text.size()));
        if (++*answered > steps)
            return ScriptedLlmServer::toolCall(u"done"_s,
                                               { { u"success"_s, true }, { u"result"_s, u"filled"_s } });
        QRegularExpressionMatchIterator it = quantity.globalMatch(text);
        QString ref;
        for (int i = 0; it.hasNext() && i < *answered; ++i)
            ref = it.next().captured(1);
        return ScriptedLlmServer::toolCall(
            u"fill"_s, { { u"ref"_s, ref }, { u"value"_s, QString::number(*answered + 1) } });
    };
}

struct StepCost
{
    QList<double> bytes; // the request's JSON
    QList<double> tokens; // estimated
    QList<double> ownMs; // the screenshot: marks, capture, JPEG
    QList<double> overheadMs; // from one step recorded to the next, less the model's time
    QString error;
};

// Starts the bench's task on `url`, autonomous: the run's id, or empty with `error` saying why.
QString startQuantityRun(Engine &engine, const QUrl &url, QString *error)
{
    const std::optional<CommandResult> started
        = call(engine.commands(), u"startRun"_s,
               { { u"task"_s, u"Set the quantity of every item, one by one"_s },
                 { u"url"_s, url.toString() },
                 { u"mode"_s, u"autonomous"_s } });
    if (!started || !started->ok) {
        *error = started ? started->error : u"no answer"_s;
        return {};
    }
    return started->data.toObject().value(u"runId").toString();
}

// `steps` steps of the bench's task with agent/vision `vision`.
StepCost stepCost(Engine &engine, Settings &settings, ScriptedLlmServer &model, const QUrl &url,
                  const QString &vision, int steps)
{
    StepCost cost;
    settings.setValue(SettingKey::AgentVision, vision);
    model.setResponder(quantityModel(steps, nullptr));
    const qsizetype before = model.requests().size();
    const QString runId = startQuantityRun(engine, url, &cost.error);
    if (runId.isEmpty())
        return cost;
    QElapsedTimer clock;
    clock.start();
    QList<qint64> stepAt;
    QList<qint64> modelMs;
    QMetaObject::Connection stepped = QObject::connect(
        engine.runs(), &RunManager::stepAdded, &engine, [&](const QString &id, const RunStep &step) {
            if (id != runId)
                return;
            stepAt.append(clock.elapsed());
            modelMs.append(step.modelMs);
            if (TaskRunner *runner = engine.runs()->runner(runId); runner && runner->lastView())
                cost.ownMs.append(double(runner->lastView()->ms));
        });
    if (!waitUntil([&] { return !engine.runs()->isActive(runId); }, 300s))
        cost.error = u"the run did not end"_s;
    QObject::disconnect(stepped);
    for (qsizetype i = 1; i < stepAt.size(); ++i)
        cost.overheadMs.append(double(stepAt.at(i) - stepAt.at(i - 1) - modelMs.at(i)));
    const QList<QJsonObject> requests = model.requests();
    for (qsizetype i = before; i < requests.size(); ++i) {
        const QJsonObject &request = requests.at(i);
        cost.bytes.append(double(QJsonDocument(request).toJson(QJsonDocument::Compact).size()));
        cost.tokens.append(double(promptText(request).size()) / 4
                           + 1105.0 * double(ScriptedLlmServer::imagesOf(request).size()));
    }
    return cost;
}

int run(BenchBrowser &browser, int steps, int stops)
{
    ScriptedLlmServer model;
    qputenv("MPA_LLM_API_KEY", "sk-bench");
    Settings &settings = browser.settings;
    settings.setValue(SettingKey::LlmProvider, u"custom"_s);
    settings.setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString());
    settings.setValue(SettingKey::LlmModel, u"scripted"_s);
    settings.setValue(SettingKey::AgentReflectEvery, 0);
    settings.setValue(SettingKey::AgentMaxSteps, steps + 5);
    const AppPaths paths = AppPaths::forConfigDir(browser.config.path());
    Engine engine(&settings, paths);
    Engine::Overrides overrides;
    overrides.cdpPort = browser.chromium.port();
    overrides.toolkitOnly = true;
    engine.setOverrides(overrides);
    engine.runs()->setStreaming(false);
    engine.start();

    // The model fills the quantity of item k at step k, then says done; it keeps what each prompt
    // looked like. The page's text only here (agent/vision off); vision is measured below.
    settings.setValue(SettingKey::AgentVision, u"off"_s);
    QList<int> promptChars;
    model.setResponder(quantityModel(steps, &promptChars));

    const QUrl url = browser.site.url(u"toolkit/bench.html?n=3000"_s);
    QElapsedTimer clock;
    clock.start();
    QList<qint64> stepAt;
    QList<qint64> modelMs;
    QString runId;
    QObject::connect(engine.runs(), &RunManager::stepAdded, &engine,
                     [&](const QString &, const RunStep &step) {
                         stepAt.append(clock.elapsed());
                         modelMs.append(step.modelMs);
                     });
    QString error;
    runId = startQuantityRun(engine, url, &error);
    if (runId.isEmpty()) {
        std::fprintf(stderr, "startRun failed: %s\n", qPrintable(error));
        return 1;
    }
    // Where a step's time goes: the time spent in each phase, summed over the run.
    QHash<int, double> phaseMs;
    QElapsedTimer phaseClock;
    phaseClock.start();
    int lastPhase = -1;
    if (TaskRunner *runner = engine.runs()->runner(runId)) {
        QObject::connect(runner, &TaskRunner::phaseChanged, &engine, [&](TaskRunner::Phase phase) {
            if (lastPhase >= 0)
                phaseMs[lastPhase] += double(phaseClock.nsecsElapsed()) / 1e6;
            phaseClock.restart();
            lastPhase = int(phase);
        });
    }
    if (!waitUntil([&] { return !engine.runs()->isActive(runId); }, 300s)) {
        std::fprintf(stderr, "the run did not end\n");
        return 1;
    }
    const RunRecord record = *engine.runs()->run(runId);
    if (record.status != RunStatus::Done)
        std::fprintf(stderr, "the run ended %s: %s\n", qPrintable(runStatusName(record.status)),
                     qPrintable(record.reason));
    QList<double> overhead;
    for (qsizetype i = 1; i < stepAt.size(); ++i)
        overhead.append(double(stepAt.at(i) - stepAt.at(i - 1) - modelMs.at(i)));
    const Observation *seen
        = engine.runs()->runner(runId) ? engine.runs()->runner(runId)->lastObservation() : nullptr;
    Q_UNUSED(seen)

    // What the model was shown of the viewport, read from one observation like the run's.
    std::optional<CommandResult> shot = call(engine.commands(), u"snapshot"_s,
                                             { { u"viewport"_s, true },
                                               { u"maxChars"_s, 200000 },
                                               { u"maxElements"_s, 5000 },
                                               { u"tab"_s, record.currentTab } });
    Observation view;
    if (shot && shot->ok)
        view = Observation::compose(shot->data.toObject(), record.task,
                                    settings.intValue(SettingKey::AgentSnapshotChars));

    // The two reads of an observation, alone.
    QList<double> snapMs;
    QList<double> listMs;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer t;
        t.start();
        call(engine.commands(), u"snapshot"_s,
             { { u"viewport"_s, true },
               { u"maxChars"_s, 96000 },
               { u"maxElements"_s, 5000 },
               { u"tab"_s, record.currentTab } });
        snapMs.append(double(t.nsecsElapsed()) / 1e6);
        t.restart();
        call(engine.commands(), u"tab"_s, { { u"action"_s, u"list"_s } });
        listMs.append(double(t.nsecsElapsed()) / 1e6);
    }

    // A step with and without a screenshot.
    const int visionSteps = std::max(3, std::min(steps, 10));
    const StepCost textOnly = stepCost(engine, settings, model, url, u"off"_s, visionSteps);
    const StepCost withVision = stepCost(engine, settings, model, url, u"on"_s, visionSteps);
    for (const StepCost *cost : { &textOnly, &withVision }) {
        if (!cost->error.isEmpty())
            std::fprintf(stderr, "a vision run failed: %s\n", qPrintable(cost->error));
    }

    // Stop to aborted.
    QList<double> stopMs;
    for (int i = 0; i < stops; ++i) {
        ScriptedLlmServer::Reply hang;
        hang.hang = true;
        model.setResponder([hang](const QJsonObject &) { return hang; });
        const int before = int(model.requests().size());
        const std::optional<CommandResult> r = call(
            engine.commands(), u"startRun"_s, { { u"task"_s, u"Wait"_s }, { u"url"_s, url.toString() } });
        if (!r || !r->ok)
            break;
        const QString id = r->data.toObject().value(u"runId").toString();
        if (!waitUntil([&] { return model.requests().size() > before; }, 60s))
            break;
        const int closed = model.connectionsClosedByClient();
        QElapsedTimer stop;
        stop.start();
        call(engine.commands(), u"cancelRun"_s, { { u"runId"_s, id } });
        if (waitUntil([&] { return model.connectionsClosedByClient() > closed; }, 10s))
            stopMs.append(double(stop.nsecsElapsed()) / 1e6);
    }

    // Playwright's aria snapshot of the same page, for size.
    const QStringList args { QDir(sourceDir()).filePath(u"tests/bench/toolkit-playwright.cjs"_s),
                             QString::number(browser.chromium.port()), u"0"_s, u"1"_s, url.toString() };
    const QJsonObject playwright = QJsonDocument::fromJson(runNode(args).value_or(QByteArray())).object();
    const int pwChars = playwright.value(u"pages"_s).toArray().at(0).toObject().value(u"chars"_s).toInt();

    QList<double> chars;
    for (int c : promptChars)
        chars.append(c);
    std::printf("\n| %-58s | %12s |\n", "measure (3k-element page, scripted model)", "value");
    std::printf("|%s|%s|\n", "------------------------------------------------------------",
                "--------------");
    std::printf("| %-58s | %12lld |\n", "steps run", qlonglong(record.steps.size()));
    std::printf("| %-58s | %12.1f |\n", "agent cost per step p50 (ms)", percentile(overhead, 50));
    std::printf("| %-58s | %12.1f |\n", "agent cost per step p95 (ms)", percentile(overhead, 95));
    const double n = std::max<qsizetype>(1, record.steps.size());
    for (const auto phase : { TaskRunner::Phase::Observing, TaskRunner::Phase::Thinking,
                              TaskRunner::Phase::Checking, TaskRunner::Phase::Acting }) {
        std::printf("| %-58s | %12.1f |\n",
                    qPrintable(u"  mean per step in %1 (ms)"_s.arg(TaskRunner::phaseName(phase))),
                    phaseMs.value(int(phase)) / n);
    }
    std::printf("| %-58s | %12.1f |\n", "  snapshot with the viewport p50 (ms)", percentile(snapMs, 50));
    std::printf("| %-58s | %12.1f |\n", "  tab list p50 (ms)", percentile(listMs, 50));
    std::printf("| %-58s | %12.0f |\n", "prompt per step p50 (chars)", percentile(chars, 50));
    std::printf("| %-58s | %12.0f |\n", "prompt per step p50 (est. tokens, chars/4)",
                percentile(chars, 50) / 4);
    std::printf("| %-58s | %12.0f |\n", "prompt per step max (chars)", percentile(chars, 100));
    std::printf("| %-58s | %5d of %4d |\n", "interactables in view named", view.refsInViewShown,
                view.refsInView);
    std::printf("| %-58s | %12d |\n", "interactables named in all", view.refsShown);
    std::printf("| %-58s | %12d |\n", "page lines left out (said in the footer)", view.linesLeftOut);
    std::printf("| %-58s | %12s |\n", "AI Web Agent budget", "6000 + 100 el.");
    std::printf("| %-58s | %12d |\n", "Playwright aria snapshot of the page (chars)", pwChars);
    std::printf("| %-58s | %12.1f |\n",
                qPrintable(u"Stop → connection closed p50 (ms, n=%1)"_s.arg(stopMs.size())),
                percentile(stopMs, 50));
    std::printf("| %-58s | %12.1f |\n", "Stop → connection closed max (ms)", percentile(stopMs, 100));

    std::printf("\n| %-40s | %12s | %12s |\n", "a step (3k-element page, scripted model)", "text only",
                "with vision");
    std::printf("|%s|%s|%s|\n", "------------------------------------------", "--------------",
                "--------------");
    std::printf("| %-40s | %12.0f | %12.0f |\n", "request bytes p50", percentile(textOnly.bytes, 50),
                percentile(withVision.bytes, 50));
    std::printf("| %-40s | %12.0f | %12.0f |\n", "prompt tokens p50 (est.: chars/4 + 1105)",
                percentile(textOnly.tokens, 50), percentile(withVision.tokens, 50));
    std::printf("| %-40s | %12s | %12.1f |\n", "screenshot: marks+capture+JPEG p50 (ms)", "-",
                percentile(withVision.ownMs, 50));
    std::printf("| %-40s | %12.1f | %12.1f |\n", "agent cost per step p50 (ms)",
                percentile(textOnly.overheadMs, 50), percentile(withVision.overheadMs, 50));
    engine.stop();
    browser.chromium.stop();
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const auto [steps, stops] = intArguments(argc, argv, { 30, 10 });
    return runWithBrowser(argc, argv, [&](BenchBrowser &browser) { return run(browser, steps, stops); });
}
