#include "LlmBrain.h"

#include "common/Clock.h"
#include "common/ParamsSchema.h"
#include "logging/LogCategories.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The toolkit types a run may use, with what the model is told of each.
struct ModelTool
{
    QStringView name;
    QStringView description;
};
constexpr ModelTool kBrowserTools[] {
    { u"click", u"Click an element by its ref" },
    { u"fill", u"Replace the text of a field by its ref" },
    { u"type", u"Type text key by key into a field (\\n presses Enter)" },
    { u"press", u"Press keys, e.g. Enter, Tab, Control+A (on a ref, or the focused element)" },
    { u"select", u"Choose option(s) of a select box" },
    { u"check", u"Tick a checkbox or radio button" },
    { u"uncheck", u"Untick a checkbox" },
    { u"hover", u"Move the mouse over an element" },
    { u"scroll", u"Scroll the page or an element (direction up/down/left/right)" },
    { u"open", u"Go to an address in the current tab" },
    { u"tab", u"Tabs of this run: list, new (with url), switch or close (by tab id)" },
    { u"back", u"Go back one page" },
    { u"wait", u"Wait for text, an element or some milliseconds" },
};

// With a screenshot: acting on a point of it, for what has no ref (a canvas, an icon without a name).
QJsonObject pointSchema(bool withText)
{
    QJsonObject properties {
        { u"x"_s,
          QJsonObject { { u"type"_s, u"number"_s },
                        { u"description"_s, u"Pixels from the screenshot's left edge"_s } } },
        { u"y"_s,
          QJsonObject { { u"type"_s, u"number"_s },
                        { u"description"_s, u"Pixels from the screenshot's top edge"_s } } },
    };
    QJsonArray required { u"x"_s, u"y"_s };
    if (withText) {
        properties.insert(u"text"_s,
                          QJsonObject { { u"type"_s, u"string"_s },
                                        { u"description"_s, u"The text to type (\\n presses Enter)"_s } });
        required.append(u"text"_s);
    }
    return { { u"type"_s, u"object"_s }, { u"properties"_s, properties }, { u"required"_s, required } };
}

QJsonObject withThought(QJsonObject schema)
{
    if (schema.value(u"type").toString().isEmpty())
        schema.insert(u"type"_s, u"object"_s);
    QJsonObject properties = schema.value(u"properties").toObject();
    properties.insert(u"thought"_s,
                      QJsonObject { { u"type"_s, u"string"_s },
                                    { u"description"_s, u"Why you do this, in one short sentence"_s } });
    schema.insert(u"properties"_s, properties);
    return schema;
}

QJsonObject functionTool(const QString &name, const QString &description, const QJsonObject &parameters)
{
    return { { u"type"_s, u"function"_s },
             { u"function"_s,
               QJsonObject { { u"name"_s, name },
                             { u"description"_s, description },
                             { u"parameters"_s, parameters } } } };
}

QString compactParams(const QJsonObject &params)
{
    QJsonObject shown = params;
    shown.remove(u"thought"_s);
    return JobCommand::clipped(QString::fromUtf8(QJsonDocument(shown).toJson(QJsonDocument::Compact)), 160);
}

// The first JSON object of a text: a ```json block, or the text itself.
QJsonObject jsonIn(const QString &text, QString *error)
{
    static const QRegularExpression fenced(u"```(?:json|JSON)?\\s*(\\{.*?\\})\\s*```"_s,
                                           QRegularExpression::DotMatchesEverythingOption);
    QString candidate;
    const QRegularExpressionMatch m = fenced.match(text);
    if (m.hasMatch()) {
        candidate = m.captured(1);
    } else {
        const qsizetype open = text.indexOf(u'{');
        const qsizetype close = text.lastIndexOf(u'}');
        if (open >= 0 && close > open)
            candidate = text.mid(open, close - open + 1);
    }
    if (candidate.isEmpty()) {
        *error = u"the answer holds no JSON object"_s;
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(candidate.toUtf8(), &parseError);
    if (!doc.isObject()) {
        *error = u"the JSON in the answer does not parse (%1)"_s.arg(parseError.errorString());
        return {};
    }
    return doc.object();
}

} // namespace

LlmBrain::LlmBrain(AgentJob *job, RunRecord &run, LlmClient *llm, RunLimits limits, Clock *clock)
    : m_job(job)
    , m_run(run)
    , m_llm(llm)
    , m_limits(std::move(limits))
    , m_clock(clock)
    , m_callTimer(clock)
{
    if (QString error; !m_redactor.setUserRules(m_limits.redactionRules, &error))
        qCWarning(lcAgent).noquote() << error;
}

QString LlmBrain::masked(const QString &text) const
{
    if (!m_limits.redact)
        return m_limits.secrets.hidden(text);
    QString plain = m_limits.secrets.hidden(text);
    plain.replace(u"%40"_s, u"@"_s, Qt::CaseInsensitive);
    return m_redactor.redact(plain).text;
}

LlmBrain::~LlmBrain()
{
    abortCall();
}

void LlmBrain::abortCall()
{
    if (!m_call)
        return;
    LlmCall *call = m_call;
    m_call.clear();
    disconnect(call, nullptr, this, nullptr);
    call->abort();
}

void LlmBrain::halt()
{
    abortCall();
}

void LlmBrain::fail(const QString &reason)
{
    m_job->finish(AgentJob::End::Failed, reason);
}

void LlmBrain::note(const QString &text)
{
    m_notes.append(text);
    while (m_notes.size() > 8)
        m_notes.removeFirst();
}

void LlmBrain::begin()
{
    // A question left open by an interrupted run is asked again by the run itself if needed.
    if (!m_run.questions.isEmpty() && !m_run.questions.last().answered) {
        RunQuestion &q = m_run.questions.last();
        q.answered = true;
        q.answer = u"(not answered: the run was interrupted)"_s;
        q.answeredAt = m_clock->now();
        note(u"The run was interrupted while it waited for the user; the question was not answered. Look "
             "at the page again."_s);
    }
    if (m_run.status == RunStatus::Interrupted)
        note(u"The run was interrupted and is now resumed: the page may have changed."_s);
    m_run.status = RunStatus::Running;
    m_run.reason.clear();
    m_reviewFrom = m_run.steps.size(); // a resumed run is reviewed from where it goes on
    m_job->touch();
    if (m_run.steps.isEmpty() && m_run.tab.isEmpty() && !m_run.url.isEmpty()) {
        m_job->setPhase(AgentJob::Phase::Acting);
        m_job->call(u"tab"_s, { { u"action"_s, u"new"_s }, { u"url"_s, m_run.url } },
                    [this](const CommandResult &opened) {
                        if (!opened.ok)
                            return fail(
                                u"the start page %1 could not be opened: %2"_s.arg(m_run.url, opened.error));
                        m_job->observe();
                    });
        return;
    }
    m_job->observe();
}

void LlmBrain::observed(const AgentJob::Look &look, const QList<JobCommand> &)
{
    if (!look.ok) {
        if (look.first)
            return fail(u"the page could not be read: %1"_s.arg(look.error));
        return fail(tabIsGone(look.error) ? u"the run's tab is gone: %1"_s.arg(look.error)
                                          : u"the page could not be read: %1"_s.arg(look.error));
    }
    if (m_observed && look.page.digest != m_observation.digest)
        ++m_pageChanges;
    m_observation = look.page;
    m_observed = true;
    m_tabs = look.tabs;
    m_view = look.view;
    if (!look.viewError.isEmpty())
        qCInfo(lcAgent).noquote() << u"run %1: no screenshot this step: %2"_s.arg(m_run.id, look.viewError);
    if (m_run.startSites.isEmpty()) {
        const QString site = SecurityGate::site(QUrl(m_observation.url));
        if (!site.isEmpty()) {
            // Leaving it is a risk from now on.
            m_run.startSites.append(site);
            CommandExecutor::Policy policy = m_job->executor()->policy();
            policy.startSites = m_run.startSites;
            m_job->executor()->setPolicy(policy);
        }
    }
    if (m_pendingLoopStep) {
        m_pendingLoopStep->pageAfter = m_observation.digest;
        m_loops.record(*m_pendingLoopStep);
        m_pendingLoopStep.reset();
        if (const std::optional<LoopFinding> loop = m_loops.check()) {
            if (m_warnedPatterns.contains(loop->pattern))
                return fail(u"stuck: %1 (the model was told and went on)"_s.arg(loop->description));
            m_warnedPatterns.append(loop->pattern);
            m_loops.clear();
            note(u"Warning: you are going round in circles — %1. Do something different, or finish with done "
                 "and say what blocks you."_s.arg(loop->description));
        }
    }
    if (failedAtStepLimit())
        return;
    if (m_limits.reflectEvery > 0 && m_stepsSinceReflection >= m_limits.reflectEvery)
        return reflect();
    decide();
}

void LlmBrain::commandDone(const JobCommand &command)
{
    const int number = command.key.toInt();
    if (command.decision == u"denied"_s) {
        note(u"The user denied step %1 (%2 %3). Do not try it again: find another way, or finish with done."_s
                 .arg(number)
                 .arg(command.tool, command.element));
        return;
    }
    m_stepsSinceReflection++;
    LoopStep loop;
    loop.type = command.tool;
    loop.target = !command.element.isEmpty() ? command.element : command.params.value(u"url").toString();
    loop.params = compactParams(command.params);
    loop.pageBefore = m_observation.digest;
    m_pendingLoopStep = loop;
    if (command.ok()) {
        m_badOutputs = 0;
        return;
    }
    if (tabIsGone(command.error))
        return fail(u"the run's tab is gone: %1"_s.arg(command.error));
    ++m_badOutputs;
    if (m_badOutputs >= kMaxBadOutputs)
        return fail(u"%1 steps failed in a row; the last: %2"_s.arg(m_badOutputs).arg(command.error));
    note(u"Step %1 (%2) failed: %3"_s.arg(number).arg(command.tool, command.error));
}

void LlmBrain::answered(const AgentJob::Question &question, bool approve, const QString &text)
{
    if (text.trimmed().isEmpty())
        note(u"You asked “%1”; the user gave no answer%2."_s.arg(question.text,
                                                                 approve ? QString() : u" (declined)"_s));
    else
        note(u"You asked “%1”; the user answered: %2"_s.arg(question.text, text));
    m_job->observe();
}

QJsonArray LlmBrain::modelTools() const
{
    const ToolEnvironment &tools = m_job->tools();
    QJsonArray list;
    for (const ModelTool &tool : kBrowserTools) {
        const QString name = tool.name.toString();
        list.append(functionTool(name, tool.description.toString(), withThought(tools.schemaOf(name))));
    }
    if (m_limits.allowEval) {
        list.append(functionTool(u"eval"_s, u"Run JavaScript in the page and get its result"_s,
                                 withThought(tools.schemaOf(u"eval"_s))));
    }
    if (seesPage()) {
        list.append(functionTool(u"click_xy"_s,
                                 u"Click at a point of the screenshot (its pixels), for what has no ref"_s,
                                 withThought(pointSchema(false))));
        list.append(functionTool(u"type_xy"_s,
                                 u"Click at a point of the screenshot (its pixels) and type text there"_s,
                                 withThought(pointSchema(true))));
    }
    QJsonObject doneProperties { { u"success"_s, QJsonObject { { u"type"_s, u"boolean"_s } } },
                                 { u"result"_s,
                                   QJsonObject { { u"type"_s, u"string"_s },
                                                 { u"description"_s, u"The answer or what was done"_s } } } };
    if (!m_run.schema.isEmpty()) {
        QJsonObject data = m_run.schema;
        data.remove(u"$schema"_s);
        data.remove(u"$id"_s);
        data.insert(u"description"_s, u"The data the task asks for (needed when success is true)"_s);
        doneProperties.insert(u"data"_s, data);
    }
    list.append(functionTool(u"done"_s,
                             u"Finish the task: say whether it succeeded and what the user should know"_s,
                             withThought({ { u"type"_s, u"object"_s },
                                           { u"properties"_s, doneProperties },
                                           { u"required"_s, QJsonArray { u"success"_s, u"result"_s } } })));
    list.append(functionTool(
        u"ask_user"_s,
        u"Ask the user a question (missing information, a choice only they can make) and wait"_s,
        withThought({ { u"type"_s, u"object"_s },
                      { u"properties"_s,
                        QJsonObject { { u"question"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
                      { u"required"_s, QJsonArray { u"question"_s } } })));
    return list;
}

bool LlmBrain::seesPage() const
{
    return m_view.has_value() && m_job->vision() && m_llm && m_llm->takesImages();
}

QString LlmBrain::systemPrompt() const
{
    return u"You are a careful browser agent. You complete the user's task in a web page by calling "
           "exactly one tool per answer. Each turn you get the task, your recent steps and the page as "
           "lines like `- button \"Submit\" [ref=e3]`; act on elements by their ref from the latest page "
           "only. Prefer the page's own controls over typing addresses. Never invent passwords, card "
           "numbers or personal data: ask the user with ask_user. When the task is complete, or cannot be "
           "done, call done with success and a result the user will read. Risky actions (payments, "
           "signing in, sending or publishing, deleting, files, other sites) may be held for the user's "
           "approval; if one is denied, do not try it again.\n"
           "If you cannot call tools, answer with one JSON object in a ```json block instead, like "
           "{\"tool\": \"click\", \"params\": {\"ref\": \"e3\"}, \"thought\": \"open the form\"}."_s;
}

QString LlmBrain::stepLine(const RunStep &step)
{
    QString line = u"%1. %2"_s.arg(step.number).arg(step.tool);
    if (!step.element.isEmpty())
        line += u" "_s + step.element;
    const QString params = compactParams(step.params);
    if (params != u"{}"_s)
        line += u" "_s + params;
    line += step.ok ? u" → "_s : u" → failed: "_s;
    line += JobCommand::clipped(step.result, 300);
    return line;
}

QString LlmBrain::historyText() const
{
    if (m_run.steps.isEmpty())
        return u"No steps yet."_s;
    QStringList lines;
    const int recentFrom = std::max(0, int(m_run.steps.size()) - m_limits.historySteps);
    if (recentFrom > 0) {
        QStringList older;
        for (int i = 0; i < recentFrom; ++i) {
            const RunStep &s = m_run.steps.at(i);
            older.append(s.tool
                         + (s.element.isEmpty() ? QString() : u" "_s + JobCommand::clipped(s.element, 40))
                         + (s.ok ? QString() : u" (failed)"_s));
        }
        lines.append(
            u"Steps 1–%1 in short: %2"_s.arg(recentFrom).arg(JobCommand::clipped(older.join(u"; "_s), 1200)));
    }
    for (int i = recentFrom; i < m_run.steps.size(); ++i)
        lines.append(stepLine(m_run.steps.at(i)));
    return masked(lines.join(u'\n'));
}

QString LlmBrain::userPrompt() const
{
    QString prompt;
    prompt += u"Task: %1\n"_s.arg(m_run.task);
    if (const QStringList names = JobSecrets::namesIn(m_run.task); !names.isEmpty()) {
        QStringList shown;
        for (const QString &name : names) {
            if (const JobSecrets::Secret *secret = m_limits.secrets.find(name))
                shown.append(u"%1 (on %2)"_s.arg(JobSecrets::placeholder(name), secret->site));
        }
        prompt += u"Secrets: fill or type a field with %1 as the value; the app types the real value "
                  "and you never see it.\n"_s.arg(shown.join(u", "_s));
    }
    if (!m_run.schema.isEmpty())
        prompt += u"Result: when the task is done, call done with success true and params.data matching "
                  "this JSON Schema: %1\n"_s.arg(
                      QString::fromUtf8(QJsonDocument(m_run.schema).toJson(QJsonDocument::Compact)));
    prompt += m_run.mode == RunMode::Careful
        ? u"Mode: careful (risky actions wait for the user's approval).\n"_s
        : u"Mode: autonomous.\n"_s;
    prompt += u"This is step %1 of at most %2.\n\n"_s.arg(m_run.steps.size() + 1).arg(m_run.maxSteps);
    prompt += u"Your steps so far:\n"_s + historyText() + u"\n\n"_s;
    if (!m_notes.isEmpty())
        prompt += u"Notes:\n- "_s + m_notes.join(u"\n- "_s) + u"\n\n"_s;
    if (!m_tabs.isEmpty()) {
        prompt += u"Tabs of this run:\n"_s;
        for (const QJsonValue &value : m_tabs) {
            const QJsonObject tab = value.toObject();
            prompt += u"- [tab %1] %2 — %3%4\n"_s.arg(
                tab.value(u"tab").toString(), JobCommand::clipped(masked(tab.value(u"title").toString()), 80),
                masked(QUrl::fromPercentEncoding(tab.value(u"url").toString().toUtf8())),
                tab.value(u"current").toBool() ? u" (current)"_s : QString());
        }
    }
    prompt += u"Page: %1 — %2\n"_s.arg(masked(m_observation.title),
                                       masked(QUrl::fromPercentEncoding(m_observation.url.toUtf8())));
    if (const QString scroll = m_observation.scrollText(); !scroll.isEmpty())
        prompt += u"Scroll: %1\n"_s.arg(scroll);
    prompt += u"Page content (the part in view first):\n"_s + m_observation.text + u'\n';
    if (seesPage()) {
        prompt
            += u"\nScreenshot: the view as it is now, %1 × %2 pixels, attached; each element with a ref "
               "has a box numbered with its ref. Act by ref when you can; for what has none, click_xy or "
               "type_xy take a point of the screenshot in its pixels (x from the left, y from the top).\n"_s
                   .arg(m_view->image.width())
                   .arg(m_view->image.height());
    }
    return prompt;
}

void LlmBrain::decide()
{
    if (m_job->isOver())
        return;
    if (!m_llm)
        return fail(u"no model is set up"_s);
    m_job->setPhase(AgentJob::Phase::Thinking);
    const QString system = systemPrompt();
    const QString user = userPrompt();
    m_lastPrompt = system + u"\n\n"_s + user;
    // Only this step's screenshot goes: one image per request, whatever the run's length.
    const QJsonValue content = seesPage()
        ? QJsonValue(QJsonArray { QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, user } },
                                  m_view->contentPart() })
        : QJsonValue(user);
    const QJsonArray messages { QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, system } },
                                QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, content } } };
    m_callTimer.start();
    m_call = m_llm->complete(messages, modelTools(), m_limits.stream);
    const quint64 generation = m_job->generation();
    connect(m_call, &LlmCall::textDelta, this, &LlmBrain::textDelta);
    connect(m_call, &LlmCall::finished, this, [this, generation](const LlmReply &reply) {
        if (generation != m_job->generation())
            return;
        m_call.clear();
        onDecided(reply, m_callTimer.elapsed());
    });
}

JobCommand LlmBrain::commandOf(const Decision &decision, const LlmReply &reply, qint64 modelMs)
{
    JobCommand command;
    command.key = QString::number(m_run.steps.size() + 1);
    command.at = m_clock->now();
    command.thought = decision.thought;
    command.tool = decision.tool;
    command.params = decision.params;
    m_costs.insert(command.key, { modelMs, reply.usage.promptTokens, reply.usage.completionTokens });
    return command;
}

void LlmBrain::countTokens(const LlmReply &reply)
{
    m_run.promptTokens += reply.usage.promptTokens;
    m_run.completionTokens += reply.usage.completionTokens;
    m_run.tokensEstimated = m_run.tokensEstimated || reply.usage.estimated;
}

LlmBrain::Decision LlmBrain::parse(const LlmReply &reply) const
{
    Decision decision;
    decision.thought = reply.content.trimmed();
    QJsonObject params;
    if (!reply.toolCalls.isEmpty()) {
        const LlmToolCall &call = reply.toolCalls.first();
        decision.tool = call.name;
        if (!call.parseError.isEmpty()) {
            decision.error
                = u"the arguments of %1 are not a JSON object (%2)"_s.arg(call.name, call.parseError);
            return decision;
        }
        params = call.arguments;
    } else {
        QString error;
        const QJsonObject json = jsonIn(reply.content, &error);
        if (json.isEmpty()) {
            decision.error = error + u"; call one tool"_s;
            return decision;
        }
        decision.tool = json.value(u"tool").toString(json.value(u"action").toString());
        const QJsonValue given = json.contains(u"params") ? json.value(u"params") : json.value(u"arguments");
        if (!given.isUndefined() && !given.isObject()) {
            decision.error = u"params must be a JSON object"_s;
            return decision;
        }
        params = given.toObject();
        if (json.contains(u"thought"))
            decision.thought = json.value(u"thought").toString();
        else
            decision.thought.clear();
    }
    if (params.contains(u"thought")) {
        decision.thought = params.value(u"thought").toString();
        params.remove(u"thought"_s);
    }
    decision.params = params;
    QStringList known { u"done"_s, u"ask_user"_s };
    for (const ModelTool &tool : kBrowserTools)
        known.append(tool.name.toString());
    if (m_view) // the screenshot's points stay usable after a model refused the image itself
        known << u"click_xy"_s << u"type_xy"_s;
    if (m_limits.allowEval)
        known.append(u"eval"_s);
    if (decision.tool.isEmpty())
        decision.error = u"the answer names no tool"_s;
    else if (!known.contains(decision.tool))
        decision.error = u"there is no tool “%1”; the tools are %2"_s.arg(decision.tool, known.join(u", "_s));
    else if (decision.tool == u"done"_s && !params.value(u"result").isString())
        decision.error = u"done needs params.result (a text) and params.success (true or false)"_s;
    else if (decision.tool == u"ask_user"_s && params.value(u"question").toString().trimmed().isEmpty())
        decision.error = u"ask_user needs params.question"_s;
    return decision;
}

void LlmBrain::onDecided(const LlmReply &reply, qint64 modelMs)
{
    if (m_job->isOver() || reply.outcome == LlmReply::Outcome::Aborted)
        return;
    if (reply.outcome == LlmReply::Outcome::AuthRefused)
        return fail(reply.error);
    if (!reply.ok())
        return fail(u"the model did not answer: %1"_s.arg(reply.error));
    if (!reply.usedImages) {
        // The model takes no images (agent/vision auto): the looks go on as text only.
        qCInfo(lcAgent).noquote()
            << u"run %1: the model takes no images; the run goes on without screenshots"_s.arg(m_run.id);
        m_job->setVision(false);
    }
    countTokens(reply);
    const Decision decision = parse(reply);
    if (!decision.error.isEmpty())
        return badOutput(decision.error, reply, modelMs, decision);

    if (decision.tool == u"done"_s || decision.tool == u"ask_user"_s) {
        // The brain's own steps: recorded, never run.
        JobCommand step = commandOf(decision, reply, modelMs);
        step.state = JobCommand::State::Done;
        if (decision.tool == u"done"_s) {
            if (!dataFits(decision, reply, modelMs))
                return;
            step.summary = decision.params.value(u"result").toString();
            m_job->record(step);
            m_run.hasResult = true;
            m_run.success = decision.params.value(u"success").toBool(true);
            m_run.resultText = step.summary;
            if (!m_run.schema.isEmpty() && m_run.success)
                m_run.resultData = decision.params.value(u"data");
            return m_job->finish(AgentJob::End::Done, {});
        }
        step.summary = u"asked the user"_s;
        m_job->record(step);
        return m_job->ask(decision.params.value(u"question").toString());
    }
    m_job->run({ commandOf(decision, reply, modelMs) });
}

void LlmBrain::badOutput(const QString &error, const LlmReply &reply, qint64 modelMs,
                         const Decision &decision)
{
    ++m_badOutputs;
    JobCommand step = commandOf(decision, reply, modelMs);
    if (step.tool.isEmpty())
        step.tool = u"(invalid)"_s;
    step.state = JobCommand::State::Refused;
    step.error = u"unusable answer: "_s + error;
    m_job->record(step);
    if (m_badOutputs >= kMaxBadOutputs)
        return fail(
            u"the model gave %1 unusable answers in a row; the last: %2"_s.arg(m_badOutputs).arg(error));
    askAgain(u"Your last answer could not be used: %1. Call exactly one of the tools."_s.arg(error));
}

bool LlmBrain::failedAtStepLimit()
{
    if (m_run.steps.size() < m_run.maxSteps)
        return false;
    fail(u"reached the step limit (%1) before the task was done"_s.arg(m_run.maxSteps));
    return true;
}

void LlmBrain::askAgain(const QString &why)
{
    note(why);
    if (!failedAtStepLimit())
        decide();
}

bool LlmBrain::dataFits(const Decision &decision, const LlmReply &reply, qint64 modelMs)
{
    if (m_run.schema.isEmpty() || !decision.params.value(u"success").toBool(true))
        return true;
    const QJsonValue data = decision.params.value(u"data");
    QString problem;
    if (data.isUndefined())
        problem = u"done has no data: the task asks for params.data matching the result schema"_s;
    else
        ParamsSchema::validateValue(data, m_run.schema, u"data"_s, &problem);
    if (problem.isEmpty())
        return true;
    ++m_badData;
    JobCommand step = commandOf(decision, reply, modelMs);
    step.state = JobCommand::State::Refused;
    step.error = u"the data does not match the result schema: "_s + problem;
    m_job->record(step);
    if (m_badData > kDataRetries) {
        fail(u"the model's data did not match the result schema in %1 answers; the last: %2"_s.arg(m_badData)
                 .arg(problem));
        return false;
    }
    askAgain(
        u"Your done was not accepted: %1. Call done again with data that matches the schema."_s.arg(problem));
    return false;
}

bool LlmBrain::tabIsGone(const QString &error)
{
    const QString lower = error.toLower();
    return lower.contains(u"tab was closed"_s) || lower.contains(u"page is gone"_s)
        || lower.contains(u"crashed"_s) || lower.contains(u"no such tab"_s)
        || lower.contains(u"target closed"_s);
}

void LlmBrain::reflect()
{
    m_job->setPhase(AgentJob::Phase::Reflecting);
    m_stepsSinceReflection = 0;
    const StepReview review = StepReview::of(m_run.steps, m_reviewFrom, m_pageChanges);
    m_reviewFrom = m_run.steps.size();
    m_pageChanges = 0;
    if (!m_limits.reflectWithModel) {
        return reflectedBy(review);
    }
    const QString system
        = u"You review a browser agent's progress on a task. Answer with one JSON object only: "
          "{\"rating\": \"on_track\" | \"slow\" | \"stuck\", \"reason\": \"one sentence\"}."_s;
    const QString user
        = u"Task: %1\n\nSteps:\n%2\n\nThe figures of the last steps: %3\n\nThe page now: %4 — %5"_s.arg(
            m_run.task, historyText(), review.text(), masked(m_observation.title),
            masked(QUrl::fromPercentEncoding(m_observation.url.toUtf8())));
    const QJsonArray messages { QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, system } },
                                QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, user } } };
    m_call = m_llm->complete(messages, {}, false);
    const quint64 generation = m_job->generation();
    connect(m_call, &LlmCall::finished, this, [this, generation, review](const LlmReply &reply) {
        if (generation != m_job->generation())
            return;
        m_call.clear();
        onReflected(reply, review);
    });
}

void LlmBrain::onReflected(const LlmReply &reply, const StepReview &review)
{
    if (m_job->isOver() || reply.outcome == LlmReply::Outcome::Aborted)
        return;
    if (reply.outcome == LlmReply::Outcome::AuthRefused)
        return fail(reply.error);
    if (reply.ok())
        countTokens(reply);
    QString error;
    const QJsonObject json = reply.ok() ? jsonIn(reply.content, &error) : QJsonObject();
    QString rating = json.value(u"rating").toString().toLower().replace(u' ', u'_');
    if (rating != u"on_track"_s && rating != u"slow"_s && rating != u"stuck"_s) {
        // The figures stand in for a rating the model did not give.
        qCInfo(lcAgent).noquote() << u"run %1: the model's review was not usable (%2); the figures decide"_s
                                         .arg(m_run.id, reply.ok() ? error : reply.error);
        return reflectedBy(review);
    }
    RunReflection reflection { int(m_run.steps.size()), rating, json.value(u"reason").toString(),
                               review.metrics() };
    reflected(reflection,
              u"Your own review after step %1: %2 — %3. The figures: %4"_s.arg(reflection.afterStep)
                  .arg(rating, reflection.reason, review.text()));
}

void LlmBrain::reflectedBy(const StepReview &review)
{
    RunReflection reflection { int(m_run.steps.size()), review.rating,
                               review.issues.isEmpty() ? u"progress"_s : review.issues.join(u"; "_s),
                               review.metrics() };
    reflected(reflection,
              u"Review after step %1 (from your steps): %2"_s.arg(m_run.steps.size()).arg(review.text()));
}

void LlmBrain::reflected(const RunReflection &reflection, const QString &toldAs)
{
    m_run.reflections.append(reflection);
    m_job->touch();
    m_lowRatings = reflection.rating == u"on_track"_s ? 0 : m_lowRatings + 1;
    if (m_lowRatings >= kLowRatingsToStop)
        return fail(u"stopped: progress was rated %1 twice in a row — %2"_s.arg(reflection.rating,
                                                                                reflection.reason));
    note(toldAs);
    decide();
}

} // namespace mpa
