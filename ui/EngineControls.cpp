#include "EngineControls.h"

#include "EnumTexts.h"
#include "autoaccept/AutoAcceptController.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "cdp/CdpTypes.h"
#include "common/KnownSentences.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiService.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace mpa::EngineControls {

bool autoAcceptEnabled(const Engine *engine)
{
    return engine->autoAcceptEnabled();
}

void setAutoAcceptEnabled(Engine *engine, bool enabled)
{
    engine->setAutoAcceptEnabled(enabled); // the same switch as the debug API's toggle
    qCInfo(lcUi) << "auto-accept switched" << (enabled ? "on" : "off");
}

QStringList pausedPageTitles(const Engine *engine)
{
    QStringList titles;
    for (const AutoAcceptController::TargetState &t : engine->autoAccept()->targets()) {
        if (t.attached && t.paused)
            titles.append(t.title.isEmpty() ? t.url : t.title);
    }
    return titles;
}

int attachedPageCount(const Engine *engine)
{
    int count = 0;
    for (const AutoAcceptController::TargetState &t : engine->autoAccept()->targets())
        count += t.attached ? 1 : 0;
    return count;
}

QString pausedPagesText(const Engine *engine)
{
    if (engine->isPaused())
        return {};
    const QStringList titles = pausedPageTitles(engine);
    if (titles.isEmpty())
        return {};
    QStringList quoted;
    for (const QString &title : titles)
        quoted.append(QCoreApplication::translate("EngineControls", "“%1”")
                          .arg(title.size() > 40 ? title.left(39) + QChar(u'…') : title));
    const int attached = attachedPageCount(engine);
    if (titles.size() == 1 && attached <= 1)
        return QCoreApplication::translate("EngineControls", "Auto-accept paused on %1").arg(quoted.first());
    return QCoreApplication::translate("EngineControls", "Auto-accept paused on %1 of %2 pages: %3")
        .arg(titles.size())
        .arg(attached)
        .arg(quoted.join(QCoreApplication::translate("EngineControls", ", ")));
}

namespace {
// What the running queue does this moment; Idle (nothing under way) says nothing.
constexpr EnumText<Scheduler::Phase> kPhaseTexts[] {
    { Scheduler::Phase::Sending, QT_TRANSLATE_NOOP("EngineControls", "sending") },
    { Scheduler::Phase::RetryWait, QT_TRANSLATE_NOOP("EngineControls", "retrying soon") },
    { Scheduler::Phase::WaitingForSilence,
      QT_TRANSLATE_NOOP("EngineControls", "waiting for the agent to finish") },
    { Scheduler::Phase::HeldByQuota, QT_TRANSLATE_NOOP("EngineControls", "held: quota used up") },
};
} // namespace

QString withQueuePhase(const QString &status, const Engine *engine)
{
    QString phase = enumText("EngineControls", kPhaseTexts, engine->scheduler()->phase());
    if (phase.isEmpty())
        return status;
    // While it waits, how far the wait is: the silence counts from kMinimumAfterSend after the send.
    if (engine->scheduler()->phase() == Scheduler::Phase::WaitingForSilence) {
        const QJsonObject queue = engine->scheduler()->queueStatus();
        const QJsonObject silence = queue.value(u"silence").toObject();
        const QString problem = silence.value(u"problem").toString();
        const int timeout = queue.value(u"silenceTimeoutS").toInt();
        const auto sinceSend = silence.value(u"sinceSendS").toInteger();
        const auto quiet = std::min<qint64>(silence.value(u"quietForS").toInteger(), timeout);
        const qint64 minimum
            = std::chrono::duration_cast<std::chrono::seconds>(QueueRunner::kMinimumAfterSend).count();
        if (!problem.isEmpty())
            phase = QCoreApplication::translate("EngineControls", "%1 (%2)").arg(phase, problem);
        else if (sinceSend < minimum)
            phase = QCoreApplication::translate("EngineControls",
                                                "%1 · sent %2 s ago, silence counts from %3 s")
                        .arg(phase)
                        .arg(sinceSend)
                        .arg(minimum);
        else
            phase = QCoreApplication::translate("EngineControls", "%1 · silent for %2 of %3 s")
                        .arg(phase)
                        .arg(quiet)
                        .arg(timeout);
    }
    return QCoreApplication::translate("EngineControls", "%1 · %2", "the queue's status · what it does now")
        .arg(status, phase);
}

QString tabLabel(const CdpTargetInfo &info)
{
    QString label = info.title.isEmpty() ? info.url : info.title;
    if (label.size() > 70)
        label = label.left(69) + u'…';
    return label;
}

QString withEndpoint(const QString &text, const Engine *engine, const QString &targetId)
{
    const CdpEndpoint *endpoint = engine->endpoint();
    const CdpSession *session
        = endpoint->sources().size() > 1 ? endpoint->sessionForTarget(targetId) : nullptr;
    if (!session || session->endpoint().isEmpty())
        return text;
    return QCoreApplication::translate("EngineControls", "%1 — %2").arg(text, session->endpoint());
}

bool pauseOffered(const Engine *engine)
{
    const PromptQueue::State queue = engine->scheduler()->queue().state;
    return engine->isPaused() || autoAcceptEnabled(engine) || queue == PromptQueue::State::Running
        || queue == PromptQueue::State::Paused;
}

void setPaused(Engine *engine, bool paused)
{
    // The engine pauses auto-accept, the timed prompts and a running queue (Scheduler::setAppPaused).
    engine->setPaused(paused);
}

QString pauseToolTip(const Engine *engine)
{
    if (engine->isPaused())
        return QCoreApplication::translate(
            "EngineControls", "Paused: untick to let auto-accept click and the prompt queue go on");
    if (!pauseOffered(engine))
        return QCoreApplication::translate(
            "EngineControls", "Nothing to pause: auto-accept is off and the prompt queue is not running");
    return QCoreApplication::translate(
        "EngineControls", "Stop auto-accept's clicking and pause the prompt queue until you untick it");
}

QString queueStartBlocker(const Engine *engine)
{
    const PromptQueue &queue = engine->scheduler()->queue();
    if (queue.state == PromptQueue::State::Running)
        return QCoreApplication::translate("EngineControls", "The queue is running.");
    if (queue.isEmpty())
        return QCoreApplication::translate(
            "EngineControls", "The queue is empty: add prompts in Settings ▸ Prompt queue first.");
    return {}; // in another mode, startQueue() switches to Queue mode
}

bool startQueue(Engine *engine, QString *error)
{
    Scheduler *scheduler = engine->scheduler();
    Settings *settings = engine->settings();
    if (!scheduler->queue().isEmpty() && settings->stringValue(SettingKey::ScheduleMode) != u"queue") {
        qCInfo(lcUi) << "Start with prompts in the queue: schedule/mode becomes queue";
        settings->setValue(SettingKey::ScheduleMode, QStringLiteral("queue"));
    }
    return scheduler->startQueue(error);
}

QString serverProblem(const ServerService *service)
{
    if (service->error().isEmpty())
        return {};
    if (service->busyPort() != 0)
        return QCoreApplication::translate("EngineControls",
                                           "port %1 is in use by another program — choose another port")
            .arg(service->busyPort());
    return knownSentence(service->error()).translated(); // core's English, in the window's language
}

QStringList serverProblems(const Engine *engine)
{
    QStringList lines;
    if (const QString problem = serverProblem(engine->debugApi()); !problem.isEmpty())
        lines.append(QCoreApplication::translate("EngineControls", "Debug API not running: %1").arg(problem));
    if (const QString problem = serverProblem(engine->toolkitServer()); !problem.isEmpty())
        lines.append(
            QCoreApplication::translate("EngineControls", "Agent server not running: %1").arg(problem));
    return lines;
}

QString quotaAtAGlance(const Engine *engine)
{
    const QuotaSnapshot &snapshot = engine->quota()->snapshot();
    const ModelQuota *lowest = QuotaMonitor::lowestModel(snapshot);
    const std::optional<int> percent = QuotaMonitor::lowestPercent(snapshot);
    if (!lowest || !percent)
        return {};
    return QCoreApplication::translate("EngineControls", "Quota: %1% left (%2)")
        .arg(*percent)
        .arg(lowest->label);
}

} // namespace mpa::EngineControls
