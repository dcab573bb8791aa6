#include "RunMask.h"

#include "actions/ToolkitCommands.h"
#include "cdp/CdpSession.h"
#include "common/ClockTimer.h"
#include "jobs/ViewCapture.h"
#include "page/PageController.h"
#include "page/Payload.h"
#include "page/PayloadHub.h"

#include <QPointer>

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
                for (auto it = m_tabs.cbegin(); it != m_tabs.cend(); ++it) {
                    if (it.value() == session->targetId())
                        Q_EMIT stopRequested(it.key());
                }
            });
    connect(m_lease, &ClockTimer::timeout, this, &RunMask::renew);
}

void RunMask::renew()
{
    for (auto it = m_tabs.cbegin(); it != m_tabs.cend(); ++it)
        apply(it.value(), true, m_texts.value(it.key()));
    if (!m_tabs.isEmpty())
        m_lease->start(std::chrono::milliseconds(kLeaseMs / 3));
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
    if (!m_lease->isActive())
        m_lease->start(std::chrono::milliseconds(kLeaseMs / 3));
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

void RunMask::capture(const QString &targetId, const QJsonArray &marks, int maxSide, CommandReply reply)
{
    PageController *controller = nullptr;
    PayloadInjector *injector = moduleIn(targetId, &controller);
    if (!injector)
        return reply(CommandResult::failure(u"the tab is gone, or not one the toolkit drives"_s, 404));
    const QPointer<PayloadInjector> module(injector);
    const QPointer<PageController> page(controller);
    injector->evaluate(
        PayloadInjector::moduleCall(moduleName(), u"marks"_s, QJsonObject { { u"marks"_s, marks } }), this,
        [module, page, maxSide, reply](const QJsonValue &drawn, const CdpError &error) {
            if (!page)
                return reply(CommandResult::failure(u"the tab was closed"_s, 404));
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

void RunMask::apply(const QString &targetId, bool active, const QString &text)
{
    PageController *controller = nullptr;
    PayloadInjector *injector = moduleIn(targetId, &controller);
    if (!injector)
        return;
    // The sequence makes each renewal a new config, so it reaches the page.
    injector->setConfig(moduleName(),
                        { { u"active"_s, active },
                          { u"text"_s, text },
                          { u"leaseMs"_s, kLeaseMs },
                          { u"sequence"_s, ++m_sequence } });
    if (!active) {
        controller->setInputGuard({});
        return;
    }
    if (controller->hasInputGuard())
        return;
    const QPointer<PayloadInjector> guarded(injector);
    controller->setInputGuard([guarded](bool passing, std::function<void()> go) {
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
