#include "RunActions.h"

#include "actions/CommandDispatcher.h"
#include "actions/RunMask.h"
#include "actions/ToolkitCommands.h"
#include "agent/RunManager.h"
#include "common/ParamsSchema.h"
#include "page/PageController.h"
#include "safety/Redactor.h"

#include <QJsonArray>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using namespace ParamsSchema::Shorthand;

constexpr auto kRunScopes
    = CommandDispatcher::Scopes(CommandDispatcher::Scope::DebugApi) | CommandDispatcher::Scope::Toolkit;

QJsonObject runIdSchema()
{
    return schema({ { u"runId"_s, prop(u"string"_s, u"The run's id (startRun's answer)"_s) } },
                  { u"runId"_s });
}

CommandCaller runCaller(const RunRecord &run)
{
    // The caller's name reaches the activity log and the logs: the task shown masked (it may hold
    // secrets), and cut only after masking.
    static const Redactor redactor;
    return { RunActions::runChannel(), run.id,
             u"Task run “%1”"_s.arg(redactor.redactThenClip(run.task.simplified(), 60).text) };
}

// A run that does not exist, or is another's (RunActions::hiddenFrom).
CommandResult noRun(const QString &id)
{
    return CommandResult::failure(u"there is no run %1"_s.arg(id), ErrorKind::NotFound);
}

QString starterName(const CommandCaller &caller)
{
    if (!caller.name.isEmpty())
        return caller.channel + u": "_s + caller.name;
    return caller.channel;
}

} // namespace

QString RunActions::runChannel()
{
    return u"task-run"_s;
}

bool RunActions::isUser(const CommandCaller &caller)
{
    return caller.channel == u"ui"_s || caller.channel == u"ctl"_s || caller.channel == u"debug-api"_s
        || caller.channel == u"cli"_s;
}

QString RunActions::ownerOf(const CommandCaller &caller)
{
    return isUser(caller) ? QString() : caller.channel + u'/' + caller.clientId;
}

bool RunActions::mayTouch(const CommandCaller &caller, const QString &owner)
{
    return isUser(caller) || (!owner.isEmpty() && owner == ownerOf(caller));
}

void RunActions::dispatchAs(const QPointer<CommandDispatcher> &dispatcher, const CommandCaller &caller,
                            const QString &type, const QJsonObject &params, CommandReply reply)
{
    if (!dispatcher)
        return reply(CommandResult::failure(u"the app is shutting down"_s, ErrorKind::Unavailable));
    dispatcher->dispatch(type, params, caller, CommandDispatcher::Scope::Toolkit, std::move(reply));
}

std::function<void(const QString &id)> RunActions::jobCleanup(ToolkitCommands *toolkit, RunMask *mask,
                                                              const QString &channel)
{
    return [tools = QPointer<ToolkitCommands>(toolkit), masks = QPointer<RunMask>(mask),
            channel](const QString &id) {
        if (masks)
            masks->hide(id);
        if (tools)
            tools->releaseCaller({ channel, id });
    };
}

std::function<void(bool on, const QString &text, const QString &tab)>
RunActions::jobMask(const QPointer<RunMask> &mask, const QString &id)
{
    return [mask, id](bool on, const QString &text, const QString &tab) {
        if (!mask)
            return;
        if (on)
            mask->show(id, tab, text);
        else
            mask->hide(id);
    };
}

std::function<void(const QString &tab, const QJsonObject &box, int ms)>
RunActions::jobOutline(const QPointer<RunMask> &mask)
{
    return [mask](const QString &tab, const QJsonObject &box, int ms) {
        if (mask)
            mask->outline(tab, box, ms);
    };
}

std::function<void(const QString &tab, const QJsonArray &marks, int maxSide, CommandReply reply)>
RunActions::jobCapture(const QPointer<RunMask> &mask)
{
    return [mask](const QString &tab, const QJsonArray &marks, int maxSide, const CommandReply &reply) {
        if (!mask)
            return reply(CommandResult::failure(u"the app is shutting down"_s, ErrorKind::Unavailable));
        mask->capture(tab, marks, maxSide, reply);
    };
}

std::function<void(const QString &tab, QPointF point, CommandReply reply)>
RunActions::jobElementAt(const QPointer<ToolkitCommands> &toolkit)
{
    return [toolkit](const QString &tab, QPointF point, CommandReply reply) {
        PageController *page = toolkit ? toolkit->controllerFor(tab) : nullptr;
        if (!page)
            return reply(CommandResult::failure(u"the tab is gone, or not one the toolkit drives"_s,
                                                ErrorKind::NotFound));
        page->elementAt(point, std::move(reply));
    };
}

void RunActions::install(CommandDispatcher *commands, RunManager *runs, ToolkitCommands *toolkit,
                         RunMask *mask)
{
    const QPointer<CommandDispatcher> dispatcher(commands);
    const QPointer<ToolkitCommands> tools(toolkit);
    const QPointer<RunMask> masks(mask);
    runs->setToolsFactory([dispatcher, tools, masks](const RunRecord &run) {
        const CommandCaller caller = runCaller(run);
        // The user picked the tab (or, resumed, the run was working there): the run may use it.
        const QString tab = run.currentTab.isEmpty() ? run.tab : run.currentTab;
        if (tools && !tab.isEmpty() && isUser({ run.startedBy.section(u':', 0, 0), {} }))
            tools->handTab(caller, tab);
        BrowserTools browser;
        browser.run = [dispatcher, caller](const QString &type, const QJsonObject &params,
                                           BrowserTools::Reply reply) {
            dispatchAs(dispatcher, caller, type, params, std::move(reply));
        };
        browser.schema = [dispatcher](const QString &type) {
            const CommandDispatcher::Command *command = dispatcher ? dispatcher->find(type) : nullptr;
            return command ? command->inputSchema : QJsonObject();
        };
        browser.mask = jobMask(masks, run.id);
        browser.outline = jobOutline(masks);
        browser.capture = jobCapture(masks);
        browser.elementAt = jobElementAt(tools);
        return browser;
    });
    wireJobs(runs, &RunManager::runFinished, runChannel(), toolkit, mask,
             [runs](const QString &runId) { runs->cancel(runId, u"stopped with the button on the page"_s); });

    const QPointer<RunManager> manager(runs);
    commands->add(
        { u"startRun"_s, kRunScopes,
          u"Start an LLM task run in the browser (the model from the app's settings); answers {runId}. Watch "
          u"it "
          "with getRun."_s,
          schema(
              { { u"task"_s, prop(u"string"_s, u"What to do, in words"_s) },
                { u"tab"_s,
                  prop(u"string"_s,
                       u"The tab to work in (an id from tab list); the user is asked "
                       "unless it is yours"_s) },
                { u"url"_s, prop(u"string"_s, u"Or a start address, opened in a new tab"_s) },
                { u"mode"_s,
                  QJsonObject { { u"type"_s, u"string"_s },
                                { u"enum"_s, QJsonArray { u"careful"_s, u"autonomous"_s } },
                                { u"description"_s,
                                  u"careful asks the user before risky steps (default: the "
                                  "app's setting)"_s } } },
                { u"maxSteps"_s,
                  QJsonObject { { u"type"_s, u"integer"_s }, { u"minimum"_s, 1 }, { u"maximum"_s, 500 } } },
                { u"schema"_s,
                  prop(u"object"_s,
                       u"A JSON Schema (type, properties, required, items, enum, additionalProperties, "
                       "minimum/maximum, minLength/maxLength) the result's data must match; getRun then "
                       "returns it as result.data"_s) } },
              { u"task"_s }),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              if (!manager)
                  return reply(CommandResult::failure(u"runs are not available"_s, ErrorKind::Unavailable));
              RunManager::StartRequest request;
              request.task = params.value(u"task").toString();
              request.tab = params.value(u"tab").toVariant().toString();
              request.url = params.value(u"url").toString();
              if (params.contains(u"mode"))
                  request.mode = runModeFromName(params.value(u"mode").toString());
              request.maxSteps = params.value(u"maxSteps").toInt(0);
              request.schema = params.value(u"schema").toObject();
              request.startedBy = starterName(caller);
              request.owner = ownerOf(caller);
              manager->start(request, reply);
          } });

    commands->add(
        { u"getRun"_s, kRunScopes, u"A run's status, steps, pending question and result"_s, runIdSchema(),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              const QString id = params.value(u"runId").toString();
              const std::optional<RunRecord> run = manager ? manager->run(id) : std::nullopt;
              // Another caller's run is not there for this one (not even its existence).
              if (!run || hiddenFrom(caller, run))
                  return reply(noRun(id));
              reply(CommandResult::success(run->toJson()));
          } });

    commands->add(
        { u"listRuns"_s, kRunScopes,
          u"The task runs, newest first (task, model, status, steps, tokens, times)"_s,
          schema({ { u"limit"_s, QJsonObject { { u"type"_s, u"integer"_s }, { u"minimum"_s, 1 } } } }, {}),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              QJsonArray list;
              const int limit = params.value(u"limit").toInt(100);
              for (const RunRecord &run : manager ? manager->runs() : QList<RunRecord>()) {
                  if (list.size() >= limit)
                      break;
                  if (mayTouch(caller, run.owner))
                      list.append(run.summaryJson());
              }
              reply(CommandResult::success(QJsonObject { { u"runs"_s, list } }));
          } });

    commands->add(
        { u"answerRun"_s, kRunScopes,
          u"Answer a run waiting for the user: approve (or deny) a held step, or answer its question"_s,
          schema({ { u"runId"_s, prop(u"string"_s, u"The run"_s) },
                   { u"approve"_s, prop(u"boolean"_s, u"Approve the held step / give the answer"_s) },
                   { u"answer"_s, prop(u"string"_s, u"The answer to the run's question"_s) } },
                 { u"runId"_s, u"approve"_s }),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              const QString id = params.value(u"runId").toString();
              const std::optional<RunRecord> run = manager ? manager->run(id) : std::nullopt;
              if (!run || hiddenFrom(caller, run))
                  return reply(noRun(id));
              const RunQuestion *question = run->pendingQuestion();
              if (question && question->kind == u"gate"_s && !isUser(caller)) {
                  return reply(CommandResult::failure(u"a risky step is approved by the user only (the Tasks "
                                                      u"page, the tray or ctl), not by an "
                                                      "agent"_s,
                                                      ErrorKind::Refused));
              }
              if (QString error; !manager->answer(id, params.value(u"approve").toBool(),
                                                  params.value(u"answer").toString(), &error))
                  return reply(CommandResult::failure(error, ErrorKind::Conflict));
              reply(CommandResult::success(QJsonObject { { u"runId"_s, id } }));
          } });

    commands->add(
        { u"cancelRun"_s, kRunScopes, u"Stop a run"_s, runIdSchema(),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              const QString id = params.value(u"runId").toString();
              if (!manager)
                  return reply(CommandResult::failure(u"runs are not available"_s, ErrorKind::NotFound));
              if (hiddenFrom(caller, manager->run(id)))
                  return reply(noRun(id));
              if (QString error; !manager->cancel(id, {}, &error))
                  return reply(CommandResult::failure(
                      error, manager->run(id) ? ErrorKind::Conflict : ErrorKind::NotFound));
              reply(CommandResult::success(QJsonObject { { u"runId"_s, id } }));
          } });

    commands->add(
        { u"resumeRun"_s, kRunScopes, u"Go on with an interrupted run (it looks at the page again first)"_s,
          runIdSchema(),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              if (!manager)
                  return reply(CommandResult::failure(u"runs are not available"_s, ErrorKind::Unavailable));
              const QString id = params.value(u"runId").toString();
              if (hiddenFrom(caller, manager->run(id)))
                  return reply(noRun(id));
              manager->resume(id, reply);
          } });
}

} // namespace mpa
