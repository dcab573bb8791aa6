// `multi-purpose-agent run "TASK"`: one LLM task in this process, on the browser of the settings
// (or --cdp-host/--cdp-port). Prints a line per step (a JSON line with --json) and ends with the
// run's JSON result (with result.data for a run given --schema FILE). Exit 0: done and
// successful; 1: failed, cancelled or done unsuccessfully; 4: it needed the user and nobody
// could answer (careful mode without a terminal); 2: bad arguments or set-up (no model, no key,
// a schema file that cannot be read or enforced).
// With --cdp-url URL [--cdp-header H] the browser is a remote service's (see McpCommand.cpp).

#include "Subcommands.h"
#include "actions/CommandDispatcher.h"
#include "actions/RemoteBrowserNotice.h"
#include "agent/RunManager.h"
#include "common/ParamsSchema.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "platform/TerminationSignals.h"
#include "platform/ThisProcess.h"
#include "server/McpStdio.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kExitNeededUser = 4;

void printLine(const QString &line)
{
    std::fprintf(stdout, "%s\n", line.toUtf8().constData());
    std::fflush(stdout);
}

QString stepText(const RunStep &step)
{
    QString line = u"%1. %2"_s.arg(step.number).arg(step.tool);
    if (!step.element.isEmpty())
        line += u' ' + step.element;
    QJsonObject params = step.params;
    params.remove(u"ref"_s);
    if (!params.isEmpty())
        line += u' ' + QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Compact));
    line += step.ok ? u" → "_s : u" → failed: "_s;
    line += step.result;
    if (!step.decision.isEmpty())
        line += u" [%1 by the user]"_s.arg(step.decision);
    if (!step.thought.isEmpty())
        line += u"  (%1)"_s.arg(step.thought.simplified().left(160));
    return line;
}

// A tab given by its number in `tab list` becomes its id (the toolkit names tabs by id).
void resolveTab(CommandDispatcher *commands, const QString &given, std::function<void(QString, QString)> done)
{
    bool isNumber = false;
    const int number = given.toInt(&isNumber);
    if (!isNumber)
        return done(given, {});
    commands->dispatch(u"tab"_s, { { u"action"_s, u"list"_s } }, { u"cli"_s, u"run"_s },
                       CommandDispatcher::Scope::Toolkit, [done, number, given](const CommandResult &result) {
                           if (!result.ok)
                               return done({}, result.error);
                           for (const QJsonValue &tab : result.data.toObject().value(u"tabs").toArray()) {
                               if (tab.toObject().value(u"id").toInt() == number)
                                   return done(tab.toObject().value(u"tab").toString(), {});
                           }
                           done({}, u"--tab %1: no tab has that number (tab list shows them)"_s.arg(given));
                       });
}

} // namespace

int runTask(int argc, char **argv, const AppOptions &options)
{
    QCoreApplication app(argc, argv);
    const std::optional<AppPaths> prepared = prepareSubcommand(options, "run");
    if (!prepared)
        return 2;
    const AppPaths &paths = *prepared;
    QJsonObject schema;
    if (!options.runSchemaFile.isEmpty()) {
        QString error;
        const std::optional<QJsonObject> read = ParamsSchema::readFile(options.runSchemaFile, &error);
        if (!read) {
            std::fprintf(stderr, "multi-purpose-agent run: --schema %s\n", qPrintable(error));
            return 2;
        }
        schema = *read;
    }
    Settings settings(paths.settingsFile());
    Engine engine(&settings, paths);
    engine.setOverrides(toolkitOverrides(options));
    if (options.cdpRemote)
        RemoteBrowserNotice::install(engine.commands(), engine.endpoint(), &engine);
    engine.start();

    RunManager *runs = engine.runs();
    QString runId;
    int exitCode = 1;
    const bool terminal = ThisProcess::stdinIsTerminal();
    McpStdio input;
    bool inputStarted = false;
    bool nobodyToAsk = false; // the run needed the user and this command gave it up

    const auto finishWith = [&](int code) {
        exitCode = code;
        QCoreApplication::exit(code);
    };

    QObject::connect(runs, &RunManager::stepAdded, &app, [&](const QString &id, const RunStep &step) {
        if (id != runId)
            return;
        printLine(options.runJson
                      ? QString::fromUtf8(QJsonDocument(step.toJson()).toJson(QJsonDocument::Compact))
                      : stepText(step));
    });
    QObject::connect(
        runs, &RunManager::questionAsked, &app, [&](const QString &id, const RunQuestion &question) {
            if (id != runId)
                return;
            if (!terminal) {
                nobodyToAsk = true;
                runs->giveUp(id,
                             u"it needed the user (%1) and nobody could answer: run it in a terminal, in "
                             "autonomous mode, or from the Tasks page"_s.arg(question.question));
                return;
            }
            std::fprintf(stderr, "\n%s\n%s ", question.question.toUtf8().constData(),
                         question.kind == u"gate"_s ? "Allow it? [y/N]" : "Your answer (empty: decline):");
            std::fflush(stderr);
            if (!inputStarted) {
                inputStarted = true;
                input.start();
            }
        });
    QObject::connect(&input, &McpStdio::lineReceived, &app, [&](const QByteArray &raw) {
        const std::optional<RunRecord> run = runs->run(runId);
        const RunQuestion *question = run ? run->pendingQuestion() : nullptr;
        if (!question)
            return;
        const QString line = QString::fromUtf8(raw).trimmed();
        if (question->kind == u"gate"_s) {
            const bool yes = line.compare(u"y"_s, Qt::CaseInsensitive) == 0
                || line.compare(u"yes"_s, Qt::CaseInsensitive) == 0;
            runs->answer(runId, yes, {});
        } else {
            runs->answer(runId, !line.isEmpty(), line);
        }
    });
    QObject::connect(&input, &McpStdio::closed, &app, [&] {
        if (!runId.isEmpty() && runs->run(runId) && runs->run(runId)->pendingQuestion()) {
            nobodyToAsk = true;
            runs->giveUp(runId, u"it needed the user and the terminal closed"_s);
        }
    });
    QObject::connect(runs, &RunManager::runFinished, &app, [&](const QString &id) {
        if (id != runId)
            return;
        const RunRecord run = *runs->run(id);
        QJsonObject result = run.summaryJson();
        result.insert(u"questions"_s, int(run.questions.size()));
        if (run.hasResult)
            result.insert(u"result"_s, run.resultJson(true));
        printLine(QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact)));
        if (run.status == RunStatus::Done && run.success)
            finishWith(0);
        else if (run.status == RunStatus::Failed && nobodyToAsk)
            finishWith(kExitNeededUser);
        else
            finishWith(1);
    });
    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, &app, [&](const QString &name) {
        if (runId.isEmpty() || !runs->isActive(runId))
            return finishWith(1);
        runs->cancel(runId, u"stopped (%1)"_s.arg(name));
    });

    // Started from inside the event loop, so an answer that comes at once can end it.
    QTimer::singleShot(0, &app, [&] {
        resolveTab(engine.commands(), options.runTab, [&](const QString &tab, const QString &tabError) {
            if (!tabError.isEmpty()) {
                std::fprintf(stderr, "multi-purpose-agent run: %s\n", qPrintable(tabError));
                return finishWith(2);
            }
            RunManager::StartRequest request;
            request.task = options.runTask;
            request.tab = tab;
            request.url = options.runUrl;
            if (!options.runMode.isEmpty())
                request.mode = runModeFromName(options.runMode);
            request.maxSteps = options.runMaxSteps;
            request.schema = schema;
            request.startedBy = u"cli"_s;
            runs->start(request, [&](const CommandResult &started) {
                if (!started.ok) {
                    std::fprintf(stderr, "multi-purpose-agent run: %s\n", qPrintable(started.error));
                    return finishWith(2);
                }
                const QString id = started.data[u"runId"].toString();
                runId = id;
                std::fprintf(stderr, "run %s: %s\n", qPrintable(id), qPrintable(options.runTask));
            });
        });
    });

    const int code = app.exec();
    engine.stop();
    Logging::uninstall();
    return code == 0 ? exitCode : code;
}

} // namespace mpa
