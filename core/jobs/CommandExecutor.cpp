#include "CommandExecutor.h"

#include "common/Clock.h"
#include "common/ClockTimer.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The toolkit type a command is judged as (the job's own tools open an address).
QString gateType(const QString &tool)
{
    if (tool == u"click_xy"_s)
        return u"click"_s;
    if (tool == u"type_xy"_s)
        return u"type"_s;
    return CommandExecutor::jobTools().contains(tool) ? u"open"_s : tool;
}

QString pointText(const QJsonObject &params)
{
    return u"(%1, %2)"_s.arg(params.value(u"x").toDouble()).arg(params.value(u"y").toDouble());
}

} // namespace

bool CommandExecutor::isElementTool(const QString &tool)
{
    static const QStringList tools { u"click"_s, u"dblclick"_s, u"fill"_s,  u"type"_s,    u"press"_s,
                                     u"hover"_s, u"focus"_s,    u"check"_s, u"uncheck"_s, u"select"_s };
    return tools.contains(tool);
}

bool CommandExecutor::isPointTool(const QString &tool)
{
    return tool == u"click_xy"_s || tool == u"type_xy"_s;
}

CommandExecutor::CommandExecutor(ToolEnvironment tools, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_tools(std::move(tools))
    , m_clock(clock)
{
}

void CommandExecutor::setCurrentTab(const QString &tab)
{
    if (tab.isEmpty() || tab == m_tabs.current)
        return;
    m_tabs.current = tab;
    Q_EMIT tabsChanged();
}

void CommandExecutor::call(const QString &type, const QJsonObject &params, CommandReply reply)
{
    if (!m_tools.run)
        return reply(
            CommandResult::failure(u"the browser is not available to this job"_s, ErrorKind::Unavailable));
    // The toolkit may answer after the job is gone (a command still running at quit), or after
    // it paused or ended: such answers are dropped.
    const QPointer<CommandExecutor> self(this);
    const quint64 generation = m_generation;
    m_tools.run(type, params, [self, generation, reply = std::move(reply)](const CommandResult &result) {
        if (self && generation == self->m_generation)
            reply(result);
    });
}

JobCommand CommandExecutor::over(JobCommand command, JobCommand::State state, const QString &error)
{
    command.state = state;
    command.error = error;
    return command;
}

void CommandExecutor::check(JobCommand command, std::function<void(const Check &)> done)
{
    const auto judge = [this, done](JobCommand command, const QJsonObject &facts) {
        if (!facts.isEmpty()) {
            // An element without a role (a canvas under a point) goes by its tag.
            command.element = facts.value(u"role").toString();
            if (command.element.isEmpty())
                command.element = facts.value(u"tag").toString(u"element"_s);
            const QString name = facts.value(u"name").toString();
            if (!name.isEmpty())
                command.element += u" “%1”"_s.arg(JobCommand::clipped(name, 60));
        }
        QJsonObject params = command.params;
        if (command.tool == u"open_tool"_s && m_policy.savedTool)
            params.insert(u"url"_s, m_policy.savedTool(params.value(u"name").toString()));
        // Where the element is, for the outline if it runs (one command is between its check and
        // its run at a time), whether the user is asked about it first or not.
        m_outlineKey = command.key;
        m_outlineBox = facts.value(u"box").toObject();
        Check check;
        check.command = command;
        // The element's own document (a frame of another site) decides, else the page's.
        const QString where = facts.value(u"frameUrl").toString(m_pageUrl);
        if (const QString refused = m_policy.secrets.refusal(command.tool, command.params, where);
            !refused.isEmpty()) {
            check.outcome = Check::Outcome::Over;
            check.command = over(check.command, JobCommand::State::Refused, refused);
            return done(check);
        }
        const GateAction action = SecurityGate::actionFromFacts(gateType(command.tool), params, facts,
                                                                m_pageUrl, m_policy.startSites);
        GateVerdict verdict = SecurityGate::classify(action);
        if (const QStringList used = m_policy.secrets.usedIn(command.params);
            !used.isEmpty() && verdict.category != GateCategory::Payment) {
            // Typing a secret is giving credentials, whatever the field looks like.
            verdict.category = GateCategory::Credentials;
            verdict.reason = u"it types the secret %1 into %2"_s.arg(
                JobSecrets::placeholder(used.first()),
                check.command.element.isEmpty() ? u"a field"_s : check.command.element);
        }
        if (verdict.risky()) {
            check.command.gate = SecurityGate::categoryName(verdict.category);
            if (SecurityGate::mustAsk(verdict, m_policy.mode, m_policy.floor)) {
                check.outcome = Check::Outcome::Ask;
                check.reason = verdict.reason;
                return done(check);
            }
        }
        if (command.tool == u"get"_s && facts.value(u"type").toString() == u"password"_s) {
            check.outcome = Check::Outcome::Over;
            check.command = over(check.command, JobCommand::State::Refused,
                                 u"a password field's value is never read out"_s);
        }
        done(check);
    };
    if (isPointTool(command.tool))
        return checkPoint(std::move(command), judge, std::move(done));
    const QString ref = command.params.value(u"ref").toString();
    if (!isElementTool(command.tool) || ref.isEmpty())
        return judge(command, {});
    call(u"get"_s, { { u"what"_s, u"element"_s }, { u"ref"_s, ref } },
         [command, judge, done](const CommandResult &element) {
             if (!element.ok) {
                 // A stale or unknown ref: nothing runs; the brain hears why on a fresh look.
                 Check check;
                 check.outcome = Check::Outcome::Over;
                 check.command = over(command, JobCommand::State::Failed, element.error);
                 return done(check);
             }
             judge(command, element.data.toObject().value(u"value").toObject());
         });
}

QString CommandExecutor::signatureOf(const QJsonObject &facts)
{
    return QStringList { facts.value(u"tag").toString(), facts.value(u"role").toString(),
                         facts.value(u"name").toString(), facts.value(u"type").toString() }
        .join(u'\x1f');
}

void CommandExecutor::checkPoint(JobCommand command,
                                 const std::function<void(JobCommand, const QJsonObject &)> &judge,
                                 std::function<void(const Check &check)> done)
{
    const auto fail = [&command, &done](JobCommand::State state, const QString &error) {
        Check check;
        check.outcome = Check::Outcome::Over;
        check.command = over(command, state, error);
        done(check);
    };
    const QJsonObject &p = command.params;
    if (!m_view) {
        return fail(
            JobCommand::State::Failed,
            u"%1 names a point of the screenshot, and this step has none: act by ref"_s.arg(command.tool));
    }
    if (!p.value(u"x").isDouble() || !p.value(u"y").isDouble())
        return fail(JobCommand::State::Failed,
                    u"%1 needs x and y, numbers (pixels of the screenshot)"_s.arg(command.tool));
    if (command.tool == u"type_xy"_s && !p.value(u"text").isString())
        return fail(JobCommand::State::Failed, u"type_xy needs text, the text to type"_s);
    const QPointF point(p.value(u"x").toDouble(), p.value(u"y").toDouble());
    if (!m_view->contains(point)) {
        return fail(
            JobCommand::State::Failed,
            u"the point %1 is outside the screenshot, which is %2 × %3 pixels from (0, 0) at its top left"_s
                .arg(pointText(p))
                .arg(m_view->image.width())
                .arg(m_view->image.height()));
    }
    if (!m_tools.elementAt)
        return fail(JobCommand::State::Refused, u"the app cannot tell what is at a point of this page"_s);
    const QPointF document = m_view->toDocument(point);
    const QPointer<CommandExecutor> self(this);
    const quint64 generation = m_generation;
    m_tools.elementAt(m_tabs.current, document,
                      [self, generation, command, document, judge, done](const CommandResult &found) {
                          if (!self || generation != self->m_generation)
                              return;
                          Check check;
                          if (!found.ok) {
                              check.outcome = Check::Outcome::Over;
                              check.command = over(command, JobCommand::State::Failed, found.error);
                              return done(check);
                          }
                          const QJsonObject at = found.data.toObject();
                          self->m_pointKey = command.key;
                          self->m_pointDocument = document;
                          if (at.contains(u"unresolved")) {
                              // What is there cannot be judged: the user decides, in any mode.
                              self->m_pointSignature.clear();
                              self->m_outlineKey.clear();
                              check.outcome = Check::Outcome::Ask;
                              check.command = command;
                              check.command.element = u"point %1"_s.arg(pointText(command.params));
                              check.command.gate = u"unverified"_s;
                              check.reason
                                  = u"the app cannot tell what is at %1 of the screenshot (%2)"_s.arg(
                                      pointText(command.params), at.value(u"unresolved").toString());
                              return done(check);
                          }
                          const QJsonObject facts = at.value(u"facts").toObject();
                          self->m_pointSignature = signatureOf(facts);
                          judge(command, facts);
                      });
}

void CommandExecutor::actAtPoint(const JobCommand &command,
                                 const std::function<void(const JobCommand &)> &done)
{
    if (command.key != m_pointKey || !m_tools.elementAt)
        return done(over(command, JobCommand::State::Failed, u"the point was not checked: look again"_s));
    const qint64 started = m_clock ? m_clock->nowMs() : 0;
    const QString signature = m_pointSignature;
    m_pointKey.clear();
    const QPointer<CommandExecutor> self(this);
    const quint64 generation = m_generation;
    m_tools.elementAt(
        m_tabs.current, m_pointDocument,
        [this, self, generation, command, signature, started, done](const CommandResult &found) {
            if (!self || generation != m_generation)
                return;
            if (!found.ok)
                return done(over(command, JobCommand::State::Failed, found.error));
            const QJsonObject at = found.data.toObject();
            // The element judged must still be the one there (an unresolved point the user
            // approved: still unresolved, or gone).
            const QString now
                = at.contains(u"unresolved") ? QString() : signatureOf(at.value(u"facts").toObject());
            if (now != signature) {
                return done(
                    over(command, JobCommand::State::Refused,
                         u"the page changed under the point %1 since it was checked: look again"_s.arg(
                             pointText(command.params))));
            }
            const QJsonObject viewport = at.value(u"viewport").toObject();
            const QJsonObject click { { u"action"_s, u"click"_s },
                                      { u"x"_s, viewport.value(u"x") },
                                      { u"y"_s, viewport.value(u"y") } };
            call(u"mouse"_s, click, [this, command, started, done](const CommandResult &clicked) {
                if (!clicked.ok || command.tool != u"type_xy"_s)
                    return ran(command, clicked, started, done);
                call(u"type"_s, { { u"text"_s, command.params.value(u"text") } },
                     [this, command, started, done](const CommandResult &typed) {
                         ran(command, typed, started, done);
                     });
            });
        });
}

void CommandExecutor::perform(JobCommand command, std::function<void(const JobCommand &)> done)
{
    const QJsonObject box = command.key == m_outlineKey ? m_outlineBox : QJsonObject();
    m_outlineKey.clear();
    if (box.isEmpty() || m_policy.showActionMs <= 0 || !m_tools.outline || !m_clock)
        return act(command, done);
    // The element is outlined first, for a person to see what comes; then the action.
    m_tools.outline(m_tabs.current, box, m_policy.showActionMs);
    const quint64 generation = m_generation;
    ClockTimer::singleShot(
        m_clock, std::chrono::milliseconds(m_policy.showActionMs), this,
        [this, generation, command = std::move(command), done = std::move(done)]() mutable {
            if (generation == m_generation)
                act(command, done);
        });
}

void CommandExecutor::act(const JobCommand &command, const std::function<void(const JobCommand &)> &done)
{
    if (m_policy.secrets.usedIn(command.params).isEmpty())
        return actNow(command, done);
    // A secret is typed only on its site: the element's document is asked where it is now, since
    // the page may have gone elsewhere while the user was asked or the outline showed.
    call(u"get"_s, { { u"what"_s, u"element"_s }, { u"ref"_s, command.params.value(u"ref").toString() } },
         [this, command, done](const CommandResult &element) mutable {
             const QString url = element.ok
                 ? element.data.toObject().value(u"value"_s).toObject().value(u"frameUrl"_s).toString()
                 : QString();
             if (const QString refused = m_policy.secrets.refusal(command.tool, command.params, url);
                 !refused.isEmpty())
                 return done(over(command, JobCommand::State::Refused, refused));
             actNow(command, done);
         });
}

void CommandExecutor::actNow(const JobCommand &command, const std::function<void(const JobCommand &)> &done)
{
    if (isPointTool(command.tool))
        return actAtPoint(command, done);
    const QString action = command.params.value(u"action").toString();
    if (command.tool == u"open_tool"_s) {
        const QString name = command.params.value(u"name").toString();
        const QString url = m_policy.savedTool ? m_policy.savedTool(name) : QString();
        if (url.isEmpty()) {
            const QStringList names = m_policy.savedToolNames ? m_policy.savedToolNames() : QStringList();
            return done(
                over(command, JobCommand::State::Failed,
                     names.isEmpty()
                         ? u"no saved tool is named '%1' (the user has saved none)"_s.arg(name)
                         : u"no saved tool is named '%1'; saved: %2"_s.arg(name, names.join(u", "_s))));
        }
        return openTab(command, url, done);
    }
    // Every new tab counts against the limit, however it is asked for.
    const bool counted = m_policy.maxTabs > 0
        && ((command.tool == u"open"_s && command.params.value(u"newTab"_s).toBool())
            || (command.tool == u"tab"_s && action == u"new"_s));
    if (command.tool == u"open_tab"_s || counted) {
        QString url = command.params.value(u"url").toString();
        if (url.isEmpty() && command.tool == u"tab"_s)
            url = u"about:blank"_s;
        if (url.isEmpty())
            return done(over(command, JobCommand::State::Failed, u"%1 needs a url"_s.arg(command.tool)));
        return openTab(command, url, done);
    }
    if (command.tool == u"tab"_s && action == u"close"_s && m_policy.closeOwnTabsOnly) {
        const QString tab = command.params.value(u"tab").toVariant().toString();
        const QString closing = tab.isEmpty() ? m_tabs.current : tab;
        if (!m_tabs.opened.contains(closing)) {
            return done(
                over(command, JobCommand::State::Refused,
                     u"only a tab opened for this task can be closed; the user's own tabs stay open"_s));
        }
        m_tabs.opened.removeAll(closing);
        Q_EMIT tabsChanged();
    }
    const qint64 started = m_clock ? m_clock->nowMs() : 0;
    // The toolkit alone gets the secrets' values; the command keeps its placeholders.
    const QJsonObject params
        = m_policy.secrets.isEmpty() ? command.params : m_policy.secrets.filledIn(command.params);
    call(command.tool, params, [this, command, started, done](const CommandResult &result) {
        ran(command, result, started, done);
    });
}

void CommandExecutor::openTab(const JobCommand &command, const QString &url,
                              const std::function<void(const JobCommand &)> &done)
{
    const qint64 started = m_clock ? m_clock->nowMs() : 0;
    call(u"open"_s, { { u"url"_s, url }, { u"newTab"_s, true } },
         [this, command, started, done](const CommandResult &result) {
             const QString tab = result.ok ? result.data.toObject().value(u"tab").toString() : QString();
             if (!tab.isEmpty()) {
                 adopt(tab);
                 setCurrentTab(tab);
             }
             ran(command, result, started, done);
         });
}

void CommandExecutor::adopt(const QString &tab)
{
    if (!m_tabs.opened.contains(tab))
        m_tabs.opened.append(tab);
    // At the limit the oldest tab the job opened is let go (it stays open, for the user).
    while (m_policy.maxTabs > 0 && m_tabs.opened.size() > m_policy.maxTabs) {
        const QString oldest = m_tabs.opened.takeFirst();
        m_tabs.released.append(oldest);
        m_tools.release(oldest);
    }
    Q_EMIT tabsChanged();
}

void CommandExecutor::ran(JobCommand command, const CommandResult &result, qint64 started,
                          const std::function<void(const JobCommand &)> &done)
{
    command.durationMs = m_clock ? m_clock->nowMs() - started : 0;
    command.state = result.ok ? JobCommand::State::Done : JobCommand::State::Failed;
    command.data = m_policy.secrets.hidden(result.data);
    command.summary = result.ok ? JobCommand::summarise(command.tool, command.data) : QString();
    command.error = result.ok ? QString() : m_policy.secrets.hidden(result.error);
    command.effect = result.ok ? JobCommand::effectOf(command.data) : QJsonObject();
    if (!result.ok)
        return done(command);
    if (command.tool == u"tab"_s)
        setCurrentTab(m_tools.toolkitTab());
    // A link that opened a tab: the job goes on there (the toolkit is told, so its current tab
    // is the same).
    const QJsonArray newTabs = command.effect.value(u"newTabs").toArray();
    const QString opened = newTabs.isEmpty() ? QString() : newTabs.last().toObject().value(u"tab").toString();
    if (opened.isEmpty())
        return done(command);
    adopt(opened);
    setCurrentTab(opened);
    call(u"tab"_s, { { u"action"_s, u"switch"_s }, { u"tab"_s, opened } },
         [command, done](const CommandResult &) { done(command); });
}

} // namespace mpa
