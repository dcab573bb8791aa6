#include "RunMask.h"

#include "actions/AgentActivity.h"
#include "actions/BridgeActions.h"
#include "actions/RunActions.h"
#include "actions/TabRegistry.h"
#include "actions/ToolkitCommands.h"
#include "cdp/CdpSession.h"
#include "common/ClockTimer.h"
#include "jobs/ViewCapture.h"
#include "page/PageController.h"
#include "page/Payload.h"
#include "page/PayloadHub.h"

#include <QPointer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

RunMask::RunMask(PayloadHub *hub, ToolkitCommands *toolkit, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_hub(hub)
    , m_toolkit(toolkit)
    , m_lease(new ClockTimer(clock, this))
{
    // Installed on demand only, in the tabs runs work in.
    m_hub->addScript({ moduleName(), Payload::source(u"run-mask.js"_s) }, [](CdpSession *) { return false; });
    connect(m_hub, &PayloadHub::reportReceived, this,
            [this](CdpSession *session, const QString &module, const QString &kind, const QJsonObject &,
                   const QString &) {
                if (module != moduleName() || kind != u"stop"_s)
                    return;
                const QString target = session->targetId();
                if (!isRunTab(target)) {
                    if (m_bars.contains(target))
                        Q_EMIT barStopped(target);
                    return;
                }
                for (auto it = m_tabs.cbegin(); it != m_tabs.cend(); ++it) {
                    if (it.value() == target)
                        Q_EMIT stopRequested(it.key());
                }
            });
    connect(m_lease, &ClockTimer::timeout, this, &RunMask::renew);
}

void RunMask::renew()
{
    for (auto it = m_tabs.cbegin(); it != m_tabs.cend(); ++it)
        apply(it.value(), true, m_texts.value(it.key()));
    const bool bars = m_barsEnabled && m_barsEnabled();
    if (!bars)
        m_bars.clear(); // turned off: they lapse by themselves within the lease
    for (auto it = m_bars.cbegin(); it != m_bars.cend(); ++it) {
        if (!isRunTab(it.key()))
            apply(it.key(), true, it.value(), { .bar = true });
    }
    if (!m_tabs.isEmpty() || !m_bars.isEmpty())
        m_lease->start(std::chrono::milliseconds(kLeaseMs / 3));
}

bool RunMask::isRunTab(const QString &targetId) const
{
    return std::find(m_tabs.cbegin(), m_tabs.cend(), targetId) != m_tabs.cend();
}

void RunMask::keepRenewing()
{
    if (!m_lease->isActive())
        m_lease->start(std::chrono::milliseconds(kLeaseMs / 3));
}

void RunMask::followAgents(std::function<bool()> enabled)
{
    m_barsEnabled = std::move(enabled);
    // Task runs and bridge sessions show their mask; the bars are the outside agents'.
    const auto outside = [](const CommandCaller &caller) {
        return caller.channel != RunActions::runChannel() && caller.channel != BridgeActions::channel()
            && !TabRegistry::isUnrestricted(caller);
    };
    connect(m_toolkit->activity(), &AgentActivity::added, this,
            [this, outside](const AgentActivityEntry &entry) {
                if (entry.targetId.isEmpty() || !outside(entry.caller)
                    || !m_toolkit->tabsOf(entry.caller).contains(entry.targetId))
                    return;
                showBar(entry.targetId,
                        (entry.ok ? tr("%1 controls this tab · last: %2")
                                  : tr("%1 controls this tab · last: %2 (failed)"))
                            .arg(entry.caller.displayName(), entry.type));
            });
    connect(m_toolkit, &ToolkitCommands::tabsLetGo, this,
            [this, outside](const CommandCaller &caller, const QStringList &tabs, bool byUser) {
                if (!outside(caller))
                    return;
                for (const QString &tab : tabs) {
                    endBar(tab,
                           byUser ? tr("You took this tab back from %1").arg(caller.displayName())
                                  : tr("Released by %1").arg(caller.displayName()));
                }
            });
    connect(this, &RunMask::barStopped, m_toolkit, &ToolkitCommands::takeBack);
}

void RunMask::showBar(const QString &targetId, const QString &text)
{
    if (targetId.isEmpty() || !m_barsEnabled || !m_barsEnabled())
        return;
    // A new bar is drawn at once; a changed text waits for the next renewal (at most 2 s), so an
    // agent's commands in a row cost the page nothing more.
    const bool fresh = !m_bars.contains(targetId);
    m_bars.insert(targetId, text);
    if (fresh && !isRunTab(targetId))
        apply(targetId, true, text, { .bar = true });
    keepRenewing();
}

void RunMask::endBar(const QString &targetId, const QString &text)
{
    if (!m_bars.remove(targetId) || isRunTab(targetId))
        return;
    // Not renewed: the page lets it go when this lease runs out.
    apply(targetId, true, text, { .bar = true, .stop = false, .leaseMs = kReleasedMs });
}

void RunMask::show(const QString &runId, const QString &targetId, const QString &text)
{
    const QString previous = m_tabs.value(runId);
    if (!previous.isEmpty() && previous != targetId)
        apply(previous, false, {});
    if (targetId.isEmpty()) {
        m_tabs.remove(runId);
        return;
    }
    m_tabs.insert(runId, targetId);
    m_texts.insert(runId, text);
    apply(targetId, true, text);
    keepRenewing();
}

void RunMask::hide(const QString &runId)
{
    const QString target = m_tabs.take(runId);
    m_texts.remove(runId);
    if (!target.isEmpty())
        apply(target, false, {});
}

PayloadInjector *RunMask::moduleIn(const QString &targetId, PageController **controller) const
{
    PageController *found = m_toolkit->controllerFor(targetId);
    if (controller)
        *controller = found;
    return found && found->session() ? m_hub->ensureScript(found->session(), moduleName()) : nullptr;
}

void RunMask::outline(const QString &targetId, const QJsonObject &box, int ms)
{
    PayloadInjector *injector = moduleIn(targetId);
    if (!injector)
        return;
    QJsonObject args = box;
    args.insert(u"ms"_s, ms);
    injector->evaluate(PayloadInjector::moduleCall(moduleName(), u"outline"_s, args), this,
                       [](const QJsonValue &, const CdpError &) {});
}

void RunMask::capture(const QString &targetId, const QJsonArray &marks, int maxSide,
                      const CommandReply &reply)
{
    PageController *controller = nullptr;
    PayloadInjector *injector = moduleIn(targetId, &controller);
    if (!injector)
        return reply(
            CommandResult::failure(u"the tab is gone, or not one the toolkit drives"_s, ErrorKind::NotFound));
    const QPointer<PayloadInjector> module(injector);
    const QPointer<PageController> page(controller);
    injector->evaluate(
        PayloadInjector::moduleCall(moduleName(), u"marks"_s, QJsonObject { { u"marks"_s, marks } }), this,
        [module, page, maxSide, reply](const QJsonValue &drawn, const CdpError &error) {
            if (!page)
                return reply(CommandResult::failure(u"the tab was closed"_s, ErrorKind::NotFound));
            // Without its marks (a page that refused them) the screenshot still shows the page.
            const int shown = error.isError() ? 0 : drawn.toObject().value(u"shown"_s).toInt();
            page->captureView(
                maxSide, ViewCapture::kQuality, [module, shown, reply](const CommandResult &shot) {
                    if (module) {
                        module->evaluate(PayloadInjector::moduleCall(moduleName(), u"clearMarks"_s), module,
                                         [](const QJsonValue &, const CdpError &) {});
                    }
                    if (!shot.ok)
                        return reply(shot);
                    QJsonObject data = shot.data.toObject();
                    data.insert(u"marks"_s, shown);
                    reply(CommandResult::success(data));
                });
        });
}

void RunMask::apply(const QString &targetId, bool active, const QString &text, const RunMaskLook &look)
{
    PageController *controller = nullptr;
    PayloadInjector *injector = moduleIn(targetId, &controller);
    if (!injector)
        return;
    // The sequence makes each renewal a new config, so it reaches the page.
    injector->setConfig(moduleName(),
                        { { u"active"_s, active },
                          { u"text"_s, text },
                          { u"mode"_s, look.bar ? u"bar"_s : u"mask"_s },
                          { u"stop"_s, look.stop },
                          { u"leaseMs"_s, look.leaseMs },
                          { u"sequence"_s, ++m_sequence } });
    // An agent's bar holds nothing back: the agent's input needs no way around it.
    if (!active || look.bar) {
        controller->setInputGuard({});
        return;
    }
    if (controller->hasInputGuard())
        return;
    const QPointer<PayloadInjector> guarded(injector);
    controller->setInputGuard([guarded](bool passing, const std::function<void()> &go) {
        if (!guarded) {
            if (go)
                go();
            return;
        }
        guarded->evaluateInEveryWorld(
            PayloadInjector::moduleCall(moduleName(), u"pass"_s, QJsonObject { { u"on"_s, passing } }),
            guarded, [go](int) {
                if (go)
                    go();
            });
    });
}

} // namespace mpa
