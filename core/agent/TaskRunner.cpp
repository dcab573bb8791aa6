#include "TaskRunner.h"

#include "common/Clock.h"
#include "common/EnumNames.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr EnumName<TaskRunner::Phase> kPhaseNames[] {
    { TaskRunner::Phase::Idle, u"idle" },         { TaskRunner::Phase::Observing, u"observing" },
    { TaskRunner::Phase::Thinking, u"thinking" }, { TaskRunner::Phase::Checking, u"checking" },
    { TaskRunner::Phase::Acting, u"acting" },     { TaskRunner::Phase::Reflecting, u"reflecting" },
    { TaskRunner::Phase::Waiting, u"waiting" },   { TaskRunner::Phase::Finished, u"finished" },
};

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

const QStringList &elementTools()
{
    static const QStringList tools { u"click"_s,  u"dblclick"_s, u"fill"_s,    u"type"_s, u"press"_s,
                                     u"select"_s, u"check"_s,    u"uncheck"_s, u"hover"_s };
    return tools;
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

// Cuts never show part of a value the redactor masks later (see Redactor::clip).
QString clipped(const QString &text, int max)
{
    return Redactor::clip(text.simplified(), max);
}

QString compactParams(const QJsonObject &params)
{
    QJsonObject shown = params;
    shown.remove(u"thought"_s);
    return clipped(QString::fromUtf8(QJsonDocument(shown).toJson(QJsonDocument::Compact)), 160);
}

// What an action did, in a few words for the model and the log.
QString describeResult(const QJsonValue &data)
{
    const QJsonObject o = data.toObject();
    QStringList parts;
    if (o.value(u"navigated").toBool())
        parts.append(u"navigated to %1"_s.arg(o.value(u"url").toString()));
    for (const QJsonValue &tab : o.value(u"newTabs").toArray())
        parts.append(u"opened a new tab %1"_s.arg(tab.toObject().value(u"url").toString()));
    for (const QJsonValue &dialog : o.value(u"dialogs").toArray()) {
        const QJsonObject d = dialog.toObject();
        parts.append(u"a %1 dialog said “%2”"_s.arg(d.value(u"type").toString(u"page"_s),
                                                    clipped(d.value(u"message").toString(), 120)));
    }
    if (o.contains(u"value"))
        parts.append(u"value: "_s + clipped(o.value(u"value").toVariant().toString(), 300));
    if (parts.isEmpty())
        parts.append(u"done"_s);
    return parts.join(u"; "_s);
}

QJsonObject effectOf(const QJsonValue &data)
{
    const QJsonObject o = data.toObject();
    QJsonObject effect;
    for (const QString &key : { u"navigated"_s, u"url"_s, u"newTabs"_s, u"dialogs"_s }) {
        if (o.contains(key))
            effect.insert(key, o.value(key));
    }
    if (!o.value(u"navigated").toBool())
        effect.remove(u"url"_s);
    return effect;
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

TaskRunner::TaskRunner(RunRecord run, LlmClient *llm, BrowserTools tools, RunLimits limits, Clock *clock,
                       QObject *parent)
    : QObject(parent)
    , m_run(std::move(run))
    , m_llm(llm)
    , m_tools(std::move(tools))
    , m_limits(limits)
    , m_clock(clock)
    , m_callTimer(clock)
{
    if (const QString error = m_redactor.setUserRules(m_limits.redactionRules); !error.isEmpty())
        qCWarning(lcAgent).noquote() << error;
    // The toolkit may answer after the runner is gone (a command still running at quit).
    if (m_tools.run) {
        const QPointer<TaskRunner> self(this);
        m_tools.run = [self, run = std::move(m_tools.run)](const QString &type, const QJsonObject &params,
                                                           BrowserTools::Reply reply) {
            run(type, params, [self, reply](const CommandResult &result) {
                if (self)
                    reply(result);
            });
        };
    }
}

TaskRunner::~TaskRunner()
{
    ++m_generation;
    if (m_call) {
        disconnect(m_call, nullptr, this, nullptr);
        m_call->abort();
    }
}

QString TaskRunner::phaseName(Phase phase)
{
    return enumName(kPhaseNames, phase);
}

void TaskRunner::setPhase(Phase phase)
{
    if (m_phase == phase)
        return;
    m_phase = phase;
    updateMask();
    Q_EMIT phaseChanged(phase);
}

void TaskRunner::updateMask()
{
    if (!m_tools.mask)
        return;
    const QString tab = m_run.currentTab.isEmpty() ? m_run.tab : m_run.currentTab;
    const int step = int(m_run.steps.size()) + 1;
    QString text;
    switch (m_phase) {
    case Phase::Observing:
        text = tr("Step %1: reading the page").arg(step);
        break;
    case Phase::Thinking:
    case Phase::Checking:
        text = tr("Step %1: deciding what to do").arg(step);
        break;
    case Phase::Acting:
        text = tr("Step %1: %2").arg(step).arg(m_acting);
        break;
    case Phase::Reflecting:
        text = tr("Reviewing progress");
        break;
    case Phase::Idle:
    case Phase::Waiting:
    case Phase::Finished:
        return m_tools.mask(false, {}, tab);
    }
    if (tab.isEmpty())
        return;
    m_tools.mask(true, tr("AI agent — %1").arg(text), tab);
}

void TaskRunner::touch()
{
    m_run.updatedAt = m_clock->now();
    Q_EMIT changed();
}

void TaskRunner::note(const QString &text)
{
    m_notes.append(text);
    while (m_notes.size() > 8)
        m_notes.removeFirst();
}

void TaskRunner::start()
{
    if (m_run.isFinished())
        return;
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
    touch();
    const quint64 generation = m_generation;
    if (m_run.steps.isEmpty() && m_run.tab.isEmpty() && !m_run.url.isEmpty()) {
        setPhase(Phase::Acting);
        m_tools.run(u"tab"_s, { { u"action"_s, u"new"_s }, { u"url"_s, m_run.url } },
                    [this, generation](const CommandResult &opened) {
                        if (generation != m_generation)
                            return;
                        if (!opened.ok)
                            return fail(
                                u"the start page %1 could not be opened: %2"_s.arg(m_run.url, opened.error));
                        observe();
                    });
        return;
    }
    observe();
}

void TaskRunner::observe()
{
    if (m_run.isFinished())
        return;
    setPhase(Phase::Observing);
    QJsonObject params { { u"viewport"_s, true },
                         { u"maxChars"_s, std::max(40000, m_limits.snapshotChars * 4) },
                         { u"maxElements"_s, 5000 } };
    const QString tab = m_run.currentTab.isEmpty() ? m_run.tab : m_run.currentTab;
    if (m_firstObservation && !tab.isEmpty())
        params.insert(u"tab"_s, tab);
    // The page and the run's tabs are read at the same time.
    const quint64 generation = m_generation;
    struct Pending
    {
        std::optional<QJsonObject> snapshot;
        std::optional<QJsonArray> tabs;
        QString error;
    };
    auto pending = std::make_shared<Pending>();
    const auto both = [this, generation, pending] {
        if (generation != m_generation || m_run.isFinished() || !pending->snapshot || !pending->tabs)
            return;
        if (!pending->error.isEmpty()) {
            const QString error = pending->error;
            if (m_firstObservation)
                return fail(u"the page could not be read: %1"_s.arg(error));
            return fail(tabIsGone(error) ? u"the run's tab is gone: %1"_s.arg(error)
                                         : u"the page could not be read: %1"_s.arg(error));
        }
        onObserved(*pending->snapshot, *pending->tabs);
    };
    m_tools.run(u"snapshot"_s, params, [pending, both](const CommandResult &snapshot) {
        pending->snapshot = snapshot.data.toObject();
        if (!snapshot.ok)
            pending->error = snapshot.error;
        both();
    });
    m_tools.run(u"tab"_s, { { u"action"_s, u"list"_s } }, [pending, both](const CommandResult &tabs) {
        pending->tabs = tabs.data.toObject().value(u"tabs").toArray();
        both();
    });
}

void TaskRunner::onObserved(const QJsonObject &snapshot, const QJsonArray &tabs)
{
    m_firstObservation = false;
    // Masked before the budget cuts lines away, so what the model sees never holds a value the
    // cut kept from the redactor.
    QJsonObject page = snapshot;
    page.insert(u"snapshot"_s, masked(snapshot.value(u"snapshot").toString()));
    m_observation = Observation::compose(page, m_run.task, m_limits.snapshotChars);
    m_observed = true;
    m_tabs = QJsonArray();
    for (const QJsonValue &tab : tabs) {
        if (!tab.toObject().value(u"yours").toBool(true))
            continue;
        m_tabs.append(tab);
        if (tab.toObject().value(u"current").toBool())
            m_run.currentTab = tab.toObject().value(u"tab").toString();
    }
    updateMask(); // the run may be in another tab now
    if (m_run.startSites.isEmpty()) {
        const QString site = SecurityGate::site(QUrl(m_observation.url));
        if (!site.isEmpty())
            m_run.startSites.append(site);
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
    if (m_run.steps.size() >= m_run.maxSteps)
        return fail(u"reached the step limit (%1) before the task was done"_s.arg(m_run.maxSteps));
    if (m_limits.reflectEvery > 0 && m_stepsSinceReflection >= m_limits.reflectEvery)
        return reflect();
    decide();
}

QJsonArray TaskRunner::modelTools() const
{
    QJsonArray tools;
    for (const ModelTool &tool : kBrowserTools) {
        const QString name = tool.name.toString();
        tools.append(functionTool(name, tool.description.toString(),
                                  withThought(m_tools.schema ? m_tools.schema(name) : QJsonObject())));
    }
    if (m_limits.allowEval) {
        tools.append(functionTool(u"eval"_s, u"Run JavaScript in the page and get its result"_s,
                                  withThought(m_tools.schema ? m_tools.schema(u"eval"_s) : QJsonObject())));
    }
    tools.append(functionTool(
        u"done"_s, u"Finish the task: say whether it succeeded and what the user should know"_s,
        withThought(
            { { u"type"_s, u"object"_s },
              { u"properties"_s,
                QJsonObject { { u"success"_s, QJsonObject { { u"type"_s, u"boolean"_s } } },
                              { u"result"_s,
                                QJsonObject { { u"type"_s, u"string"_s },
                                              { u"description"_s, u"The answer or what was done"_s } } } } },
              { u"required"_s, QJsonArray { u"success"_s, u"result"_s } } })));
    tools.append(functionTool(
        u"ask_user"_s,
        u"Ask the user a question (missing information, a choice only they can make) and wait"_s,
        withThought({ { u"type"_s, u"object"_s },
                      { u"properties"_s,
                        QJsonObject { { u"question"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
                      { u"required"_s, QJsonArray { u"question"_s } } })));
    return tools;
}

QString TaskRunner::systemPrompt() const
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

QString TaskRunner::stepLine(const RunStep &step)
{
    QString line = u"%1. %2"_s.arg(step.number).arg(step.tool);
    if (!step.element.isEmpty())
        line += u" "_s + step.element;
    const QString params = compactParams(step.params);
    if (params != u"{}"_s)
        line += u" "_s + params;
    line += step.ok ? u" → "_s : u" → failed: "_s;
    line += clipped(step.result, 300);
    return line;
}

QString TaskRunner::masked(const QString &text) const
{
    if (!m_limits.redact)
        return text;
    QString plain = text;
    plain.replace(u"%40"_s, u"@"_s, Qt::CaseInsensitive);
    return m_redactor.redact(plain).text;
}

QString TaskRunner::historyText() const
{
    if (m_run.steps.isEmpty())
        return u"No steps yet."_s;
    QStringList lines;
    const int recentFrom = std::max(0, int(m_run.steps.size()) - m_limits.historySteps);
    if (recentFrom > 0) {
        QStringList older;
        for (int i = 0; i < recentFrom; ++i) {
            const RunStep &s = m_run.steps.at(i);
            older.append(s.tool + (s.element.isEmpty() ? QString() : u" "_s + clipped(s.element, 40))
                         + (s.ok ? QString() : u" (failed)"_s));
        }
        lines.append(u"Steps 1–%1 in short: %2"_s.arg(recentFrom).arg(clipped(older.join(u"; "_s), 1200)));
    }
    for (int i = recentFrom; i < m_run.steps.size(); ++i)
        lines.append(stepLine(m_run.steps.at(i)));
    return masked(lines.join(u'\n'));
}

QString TaskRunner::userPrompt() const
{
    QString prompt;
    prompt += u"Task: %1\n"_s.arg(m_run.task);
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
                tab.value(u"tab").toString(), clipped(masked(tab.value(u"title").toString()), 80),
                masked(QUrl::fromPercentEncoding(tab.value(u"url").toString().toUtf8())),
                tab.value(u"current").toBool() ? u" (current)"_s : QString());
        }
    }
    prompt += u"Page: %1 — %2\n"_s.arg(masked(m_observation.title),
                                       masked(QUrl::fromPercentEncoding(m_observation.url.toUtf8())));
    if (const QString scroll = m_observation.scrollText(); !scroll.isEmpty())
        prompt += u"Scroll: %1\n"_s.arg(scroll);
    prompt += u"Page content (the part in view first):\n"_s + m_observation.text + u'\n';
    return prompt;
}

void TaskRunner::decide()
{
    if (m_run.isFinished())
        return;
    if (!m_llm)
        return fail(u"no model is set up"_s);
    setPhase(Phase::Thinking);
    const QString system = systemPrompt();
    const QString user = userPrompt();
    m_lastPrompt = system + u"\n\n"_s + user;
    const QJsonArray messages { QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, system } },
                                QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, user } } };
    m_callTimer.start();
    m_call = m_llm->complete(messages, modelTools(), m_limits.stream);
    const quint64 generation = m_generation;
    connect(m_call, &LlmCall::textDelta, this, &TaskRunner::textDelta);
    connect(m_call, &LlmCall::finished, this, [this, generation](const LlmReply &reply) {
        if (generation != m_generation)
            return;
        m_call.clear();
        onDecided(reply, m_callTimer.elapsed());
    });
}

RunStep TaskRunner::newStep(const Decision &decision, const LlmReply &reply, qint64 modelMs) const
{
    RunStep step;
    step.number = int(m_run.steps.size()) + 1;
    step.at = m_clock->now();
    step.thought = decision.thought;
    step.tool = decision.tool;
    step.params = decision.params;
    step.modelMs = modelMs;
    step.promptTokens = reply.usage.promptTokens;
    step.completionTokens = reply.usage.completionTokens;
    return step;
}

RunStep TaskRunner::pendingStep(const Decision &decision)
{
    const RunStep step = newStep(decision, m_pendingTokens, m_pendingModelMs);
    m_pendingTokens = {};
    return step;
}

void TaskRunner::countTokens(const LlmReply &reply)
{
    m_run.promptTokens += reply.usage.promptTokens;
    m_run.completionTokens += reply.usage.completionTokens;
    m_run.tokensEstimated = m_run.tokensEstimated || reply.usage.estimated;
}

TaskRunner::Decision TaskRunner::parse(const LlmReply &reply) const
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

void TaskRunner::onDecided(const LlmReply &reply, qint64 modelMs)
{
    if (m_run.isFinished())
        return;
    if (reply.outcome == LlmReply::Outcome::Aborted)
        return;
    if (reply.outcome == LlmReply::Outcome::AuthRefused)
        return fail(reply.error);
    if (!reply.ok())
        return fail(u"the model did not answer: %1"_s.arg(reply.error));
    countTokens(reply);
    const Decision decision = parse(reply);
    if (!decision.error.isEmpty())
        return badOutput(decision.error, reply, modelMs, decision);

    if (decision.tool == u"done"_s || decision.tool == u"ask_user"_s) {
        RunStep step = newStep(decision, reply, modelMs);
        if (decision.tool == u"done"_s) {
            step.result = decision.params.value(u"result").toString();
            m_run.steps.append(step);
            Q_EMIT stepAdded(step);
            return finish(RunStatus::Done, {}, decision.params.value(u"success").toBool(true), step.result);
        }
        step.result = u"asked the user"_s;
        m_run.steps.append(step);
        Q_EMIT stepAdded(step);
        RunQuestion question;
        question.kind = u"ask_user"_s;
        question.question = decision.params.value(u"question").toString();
        return ask(question);
    }
    m_pendingTokens = reply;
    m_pendingModelMs = modelMs;
    check(decision);
}

void TaskRunner::badOutput(const QString &error, const LlmReply &reply, qint64 modelMs,
                           const Decision &decision)
{
    ++m_badOutputs;
    RunStep step = newStep(decision, reply, modelMs);
    if (step.tool.isEmpty())
        step.tool = u"(invalid)"_s;
    step.ok = false;
    step.result = u"unusable answer: "_s + error;
    m_run.steps.append(step);
    Q_EMIT stepAdded(step);
    touch();
    if (m_badOutputs >= kMaxBadOutputs)
        return fail(
            u"the model gave %1 unusable answers in a row; the last: %2"_s.arg(m_badOutputs).arg(error));
    note(u"Your last answer could not be used: %1. Call exactly one of the tools."_s.arg(error));
    if (m_run.steps.size() >= m_run.maxSteps)
        return fail(u"reached the step limit (%1) before the task was done"_s.arg(m_run.maxSteps));
    decide();
}

bool TaskRunner::isElementTool(const QString &tool)
{
    return elementTools().contains(tool);
}

bool TaskRunner::tabIsGone(const QString &error)
{
    const QString lower = error.toLower();
    return lower.contains(u"tab was closed"_s) || lower.contains(u"page is gone"_s)
        || lower.contains(u"crashed"_s) || lower.contains(u"no such tab"_s)
        || lower.contains(u"target closed"_s);
}

GateAction TaskRunner::gateAction(const Decision &decision, const QJsonObject &facts) const
{
    return SecurityGate::actionFromFacts(decision.tool, decision.params, facts, m_observation.url,
                                         m_run.startSites);
}

void TaskRunner::check(const Decision &decision)
{
    setPhase(Phase::Checking);
    const SecurityGate::Mode mode
        = m_run.mode == RunMode::Careful ? SecurityGate::Mode::Careful : SecurityGate::Mode::Autonomous;
    const auto gateThen = [this, decision, mode](const QJsonObject &facts) {
        const GateAction action = gateAction(decision, facts);
        const GateVerdict verdict = SecurityGate::classify(action);
        QString element;
        if (!facts.isEmpty()) {
            element = facts.value(u"role").toString(u"element"_s);
            const QString name = facts.value(u"name").toString();
            if (!name.isEmpty())
                element += u" “%1”"_s.arg(clipped(name, 60));
        }
        if (verdict.risky() && SecurityGate::mustAsk(verdict, mode, m_limits.floor)) {
            m_held = decision;
            m_heldElement = element;
            RunQuestion question;
            question.kind = u"gate"_s;
            question.category = SecurityGate::categoryName(verdict.category);
            question.question = u"Allow this step? %1"_s.arg(verdict.reason);
            question.action = { { u"tool"_s, decision.tool },
                                { u"params"_s, decision.params },
                                { u"element"_s, element },
                                { u"thought"_s, decision.thought } };
            return ask(question);
        }
        act(decision, element, verdict.risky() ? SecurityGate::categoryName(verdict.category) : QString(),
            {});
    };
    const QString ref = decision.params.value(u"ref").toString();
    if (!isElementTool(decision.tool) || ref.isEmpty())
        return gateThen({});
    const quint64 generation = m_generation;
    m_tools.run(u"get"_s, { { u"what"_s, u"element"_s }, { u"ref"_s, ref } },
                [this, generation, decision, gateThen](const CommandResult &element) {
                    if (generation != m_generation || m_run.isFinished())
                        return;
                    if (!element.ok) {
                        // A stale or unknown ref: the model tries again on a fresh look.
                        return afterAction(pendingStep(decision),
                                           CommandResult::failure(element.error, element.status));
                    }
                    gateThen(element.data.toObject().value(u"value").toObject());
                });
}

void TaskRunner::act(const Decision &decision, const QString &element, const QString &gate,
                     const QString &decisionText)
{
    m_acting = element.isEmpty() ? decision.tool : decision.tool + u' ' + element;
    setPhase(Phase::Acting);
    RunStep step = pendingStep(decision);
    step.element = element;
    step.gate = gate;
    step.decision = decisionText;
    Stopwatch timer(m_clock);
    timer.start();
    const quint64 generation = m_generation;
    m_tools.run(decision.tool, decision.params,
                [this, generation, step, timer](const CommandResult &result) mutable {
                    if (generation != m_generation || m_run.isFinished())
                        return;
                    step.durationMs = timer.elapsed();
                    afterAction(step, result);
                });
}

void TaskRunner::afterAction(RunStep step, const CommandResult &result)
{
    step.ok = result.ok;
    step.result = result.ok ? describeResult(result.data) : result.error;
    step.effect = result.ok ? effectOf(result.data) : QJsonObject();
    m_run.steps.append(step);
    m_stepsSinceReflection++;
    LoopStep loop;
    loop.type = step.tool;
    loop.target = !step.element.isEmpty() ? step.element : step.params.value(u"url").toString();
    loop.params = compactParams(step.params);
    loop.pageBefore = m_observation.digest;
    m_pendingLoopStep = loop;
    Q_EMIT stepAdded(step);
    touch();
    if (!result.ok) {
        if (tabIsGone(result.error))
            return fail(u"the run's tab is gone: %1"_s.arg(result.error));
        ++m_badOutputs;
        if (m_badOutputs >= kMaxBadOutputs)
            return fail(u"%1 steps failed in a row; the last: %2"_s.arg(m_badOutputs).arg(result.error));
        note(u"Step %1 (%2) failed: %3"_s.arg(step.number).arg(step.tool, result.error));
        return observe();
    }
    m_badOutputs = 0;
    // A link that opened a tab: the run goes on there (the model sees both in the tab list).
    const QJsonArray newTabs = step.effect.value(u"newTabs").toArray();
    if (!newTabs.isEmpty()) {
        const QString tab = newTabs.last().toObject().value(u"tab").toString();
        const quint64 generation = m_generation;
        m_tools.run(u"tab"_s, { { u"action"_s, u"switch"_s }, { u"tab"_s, tab } },
                    [this, generation](const CommandResult &) {
                        if (generation == m_generation)
                            observe();
                    });
        return;
    }
    observe();
}

void TaskRunner::ask(RunQuestion question)
{
    question.afterStep = int(m_run.steps.size());
    question.askedAt = m_clock->now();
    m_run.questions.append(question);
    m_run.status = RunStatus::WaitingUser;
    setPhase(Phase::Waiting);
    touch();
    Q_EMIT questionAsked(question);
}

bool TaskRunner::answer(bool approve, const QString &text, QString *error)
{
    if (m_run.status != RunStatus::WaitingUser || m_run.questions.isEmpty()
        || m_run.questions.last().answered)
        return refuse(
            error,
            u"run %1 is not waiting for an answer (it is %2)"_s.arg(m_run.id, runStatusName(m_run.status)));
    RunQuestion &q = m_run.questions.last();
    q.answered = true;
    q.approved = approve;
    q.answer = text;
    q.answeredAt = m_clock->now();
    m_run.status = RunStatus::Running;
    const QString kind = q.kind;
    const QString category = q.category;
    const QString question = q.question;
    touch();
    if (kind == u"gate"_s && m_held) {
        const Decision held = *m_held;
        m_held.reset();
        if (approve) {
            act(held, m_heldElement, category, u"approved"_s);
            return true;
        }
        RunStep step = pendingStep(held);
        step.element = m_heldElement;
        step.ok = false;
        step.gate = category;
        step.decision = u"denied"_s;
        step.result = text.isEmpty() ? u"the user denied it"_s : u"the user denied it: "_s + text;
        m_run.steps.append(step);
        Q_EMIT stepAdded(step);
        touch();
        note(u"The user denied step %1 (%2 %3). Do not try it again: find another way, or finish with done."_s
                 .arg(step.number)
                 .arg(step.tool, step.element));
        observe();
        return true;
    }
    if (text.trimmed().isEmpty())
        note(u"You asked “%1”; the user gave no answer%2."_s.arg(question,
                                                                 approve ? QString() : u" (declined)"_s));
    else
        note(u"You asked “%1”; the user answered: %2"_s.arg(question, text));
    observe();
    return true;
}

void TaskRunner::reflect()
{
    setPhase(Phase::Reflecting);
    m_stepsSinceReflection = 0;
    const QString system
        = u"You review a browser agent's progress on a task. Answer with one JSON object only: "
          "{\"rating\": \"on_track\" | \"slow\" | \"stuck\", \"reason\": \"one sentence\"}."_s;
    const QString user = u"Task: %1\n\nSteps:\n%2\n\nThe page now: %3 — %4"_s.arg(
        m_run.task, historyText(), masked(m_observation.title),
        masked(QUrl::fromPercentEncoding(m_observation.url.toUtf8())));
    const QJsonArray messages { QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, system } },
                                QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, user } } };
    m_call = m_llm->complete(messages, {}, false);
    const quint64 generation = m_generation;
    connect(m_call, &LlmCall::finished, this, [this, generation](const LlmReply &reply) {
        if (generation != m_generation)
            return;
        m_call.clear();
        onReflected(reply);
    });
}

void TaskRunner::onReflected(const LlmReply &reply)
{
    if (m_run.isFinished() || reply.outcome == LlmReply::Outcome::Aborted)
        return;
    if (reply.outcome == LlmReply::Outcome::AuthRefused)
        return fail(reply.error);
    if (reply.ok())
        countTokens(reply);
    QString error;
    const QJsonObject json = reply.ok() ? jsonIn(reply.content, &error) : QJsonObject();
    QString rating = json.value(u"rating").toString().toLower().replace(u' ', u'_');
    if (rating != u"on_track"_s && rating != u"slow"_s && rating != u"stuck"_s) {
        qCInfo(lcAgent).noquote() << u"run %1: the reflection was not usable (%2)"_s.arg(
            m_run.id, reply.ok() ? error : reply.error);
        return decide();
    }
    RunReflection reflection { int(m_run.steps.size()), rating, json.value(u"reason").toString() };
    m_run.reflections.append(reflection);
    touch();
    m_lowRatings = rating == u"on_track"_s ? 0 : m_lowRatings + 1;
    if (m_lowRatings >= kLowRatingsToStop)
        return fail(u"stopped: progress was rated %1 twice in a row — %2"_s.arg(rating, reflection.reason));
    note(
        u"Your own review after step %1: %2 — %3"_s.arg(reflection.afterStep).arg(rating, reflection.reason));
    decide();
}

void TaskRunner::cancel(const QString &reason)
{
    if (m_run.isFinished())
        return;
    finish(RunStatus::Cancelled, reason.isEmpty() ? u"stopped by the user"_s : reason);
}

void TaskRunner::giveUp(const QString &reason)
{
    if (m_run.isFinished())
        return;
    finish(RunStatus::Failed, reason);
}

void TaskRunner::finish(RunStatus status, const QString &reason, std::optional<bool> success,
                        const QString &text)
{
    ++m_generation;
    if (m_call) {
        LlmCall *call = m_call;
        m_call.clear();
        call->abort();
    }
    m_held.reset();
    if (!m_run.questions.isEmpty() && !m_run.questions.last().answered) {
        RunQuestion &q = m_run.questions.last();
        q.answered = true;
        q.answer = u"(not answered: the run ended)"_s;
        q.answeredAt = m_clock->now();
    }
    m_run.status = status;
    m_run.reason = reason;
    if (success) {
        m_run.hasResult = true;
        m_run.success = *success;
        m_run.resultText = text;
    }
    m_run.finishedAt = m_clock->now();
    setPhase(Phase::Finished);
    qCInfo(lcAgent).noquote() << u"run %1 %2%3"_s.arg(m_run.id, runStatusName(status),
                                                      reason.isEmpty() ? QString() : u": "_s + reason);
    touch();
    Q_EMIT finished();
}

} // namespace mpa
