#include "StatusIcon.h"

#include "EngineControls.h"
#include "common/EnumNames.h"
#include "engine/Engine.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QColor baseColor(StatusIconState state)
{
    switch (state) {
    case StatusIconState::Active:
        return QColor(0x2f, 0x9e, 0x6e);
    case StatusIconState::Paused:
        return QColor(0xd0, 0x8c, 0x1f);
    case StatusIconState::Standby:
        return QColor(0x3f, 0x6e, 0xb5); // blue: unlike Off's grey at a glance
    case StatusIconState::QuotaExhausted:
        return QColor(0x8a, 0x4f, 0xd6);
    case StatusIconState::Disconnected:
        return QColor(0xc8, 0x3c, 0x3c);
    case StatusIconState::Off:
        break;
    }
    return QColor(0x4b, 0x50, 0x5a);
}

QPixmap paint(StatusIconState state, int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const qreal s = size;
    const QRectF badge(s * 0.04, s * 0.04, s * 0.92, s * 0.92);
    p.setPen(Qt::NoPen);
    p.setBrush(baseColor(state));
    p.drawRoundedRect(badge, s * 0.22, s * 0.22);

    // A chevron ">" and a cursor bar: an agent at a prompt.
    QPen glyph(Qt::white, qMax(1.5, s * 0.11), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    p.setPen(glyph);
    QPainterPath chevron;
    chevron.moveTo(s * 0.26, s * 0.30);
    chevron.lineTo(s * 0.46, s * 0.50);
    chevron.lineTo(s * 0.26, s * 0.70);
    p.drawPath(chevron);
    p.drawLine(QPointF(s * 0.54, s * 0.70), QPointF(s * 0.76, s * 0.70));

    // Corner mark for states that need attention even in grey-scale trays.
    const QRectF corner(s * 0.58, s * 0.02, s * 0.40, s * 0.40);
    switch (state) {
    case StatusIconState::Paused:
        p.setPen(Qt::NoPen);
        p.setBrush(Qt::white);
        p.drawRect(QRectF(corner.x() + s * 0.08, corner.y() + s * 0.07, s * 0.08, s * 0.26));
        p.drawRect(QRectF(corner.x() + s * 0.22, corner.y() + s * 0.07, s * 0.08, s * 0.26));
        break;
    case StatusIconState::Disconnected:
        p.setPen(QPen(Qt::white, qMax(1.5, s * 0.08), Qt::SolidLine, Qt::RoundCap));
        p.drawLine(corner.topLeft() + QPointF(s * 0.08, s * 0.08),
                   corner.bottomRight() - QPointF(s * 0.08, s * 0.08));
        p.drawLine(corner.topRight() + QPointF(-s * 0.08, s * 0.08),
                   corner.bottomLeft() + QPointF(s * 0.08, -s * 0.08));
        break;
    case StatusIconState::QuotaExhausted:
        p.setPen(QPen(Qt::white, qMax(1.2, s * 0.06)));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(corner.adjusted(s * 0.06, s * 0.06, -s * 0.06, -s * 0.06));
        p.drawLine(corner.center(), corner.center() - QPointF(0, s * 0.11));
        p.drawLine(corner.center(), corner.center() + QPointF(s * 0.08, 0));
        break;
    case StatusIconState::Standby:
        p.setPen(Qt::NoPen);
        p.setBrush(Qt::white);
        for (int i = 0; i < 3; ++i)
            p.drawEllipse(QPointF(corner.x() + s * (0.09 + 0.11 * i), corner.center().y()), s * 0.035,
                          s * 0.035);
        break;
    case StatusIconState::Off:
    case StatusIconState::Active:
        break;
    }
    return pixmap;
}

} // namespace

QIcon statusIcon(StatusIconState state)
{
    QIcon icon;
    for (int size : { 16, 22, 24, 32, 48, 64, 128 })
        icon.addPixmap(paint(state, size));
    return icon;
}

StatusIconState statusIconState(const Engine *engine)
{
    if (!engine->isRunning())
        return StatusIconState::Off;
    // No IDE is the news that needs the user: a pause does not hide it behind orange.
    if (!engine->endpoint()->isConnected())
        return StatusIconState::Disconnected;
    if (engine->isPaused())
        return StatusIconState::Paused;
    if (engine->quota()->isHolding())
        return StatusIconState::QuotaExhausted;
    const bool schedule = engine->settings()->boolValue(SettingKey::ScheduleEnabled);
    const bool autoAccept = EngineControls::autoAcceptEnabled(engine);
    // Auto-accept paused on every page it works on, with nothing else to do, is a pause too.
    const int attached = EngineControls::attachedPageCount(engine);
    if (autoAccept && !schedule && attached > 0
        && EngineControls::pausedPageTitles(engine).size() == attached)
        return StatusIconState::Paused;
    // A running prompt queue is work going on too, whatever the two switches say.
    const bool queueRuns = engine->scheduler()->queue().state == PromptQueue::State::Running;
    return autoAccept || schedule || queueRuns ? StatusIconState::Active : StatusIconState::Off;
}

constexpr EnumName<StatusIconState> kIconStateNames[] {
    { StatusIconState::Off, u"off" },
    { StatusIconState::Active, u"active" },
    { StatusIconState::Paused, u"paused" },
    { StatusIconState::Standby, u"standby" },
    { StatusIconState::QuotaExhausted, u"quota-exhausted" },
    { StatusIconState::Disconnected, u"disconnected" },
};

QString statusIconName(StatusIconState state)
{
    return enumName(kIconStateNames, state);
}

} // namespace mpa
