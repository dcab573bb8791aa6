#include "PeriodicPrompter.h"

#include "PeriodicSchedule.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace mpa {

PeriodicPrompter::PeriodicPrompter(Settings *settings, Clock *clock, PromptSender *sender,
                                   std::function<QString()> blocked, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(clock)
    , m_sender(sender)
    , m_blocked(std::move(blocked))
    , m_scheduleTimer(new ClockTimer(clock, this))
    , m_typingTimer(new ClockTimer(clock, this))
{
    connect(m_scheduleTimer, &ClockTimer::timeout, this, &PeriodicPrompter::onDue);
    connect(m_typingTimer, &ClockTimer::timeout, this, [this] {
        if (const std::optional<Send> retry = std::exchange(m_typingRetry, std::nullopt))
            send(*retry);
    });
    connect(m_settings, &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::ScheduleEnabled || key == SettingKey::ScheduleMode
            || key == SettingKey::ScheduleValue)
            apply();
    });
}

void PeriodicPrompter::start()
{
    m_started = true;
    apply();
}

void PeriodicPrompter::stop(const QString &why)
{
    m_started = false;
    m_scheduleTimer->stop();
    dropTypingRetry(why);
}

void PeriodicPrompter::sendContinue()
{
    startSend(Source::Continue, m_settings->stringValue(SettingKey::QuotaContinuePrompt),
              tr("the quota came back and “Continue” takes its place"));
}

QJsonValue PeriodicPrompter::typingJson() const
{
    if (!m_typingRetry)
        return QJsonValue();
    return QJsonObject { { u"source"_s, PromptSender::sourceName(m_typingRetry->source) },
                         { u"nextTry"_s, m_typingRetry->attempt },
                         { u"waitingS"_s, (m_clock->nowMs() - m_typingRetry->firstTryMs) / 1000 } };
}

void PeriodicPrompter::apply()
{
    m_scheduleTimer->stop();
    m_nextScheduled = {};
    const QString mode = m_settings->stringValue(SettingKey::ScheduleMode);
    if (m_typingRetry && m_typingRetry->source != Source::Continue
        && (!m_settings->boolValue(SettingKey::ScheduleEnabled)
            || mode != PromptSender::sourceName(m_typingRetry->source)))
        dropTypingRetry(tr("the schedule was turned off while it waited for the user to stop typing"));
    if (!m_started || !m_settings->boolValue(SettingKey::ScheduleEnabled) || mode == u"queue"_s) {
        Q_EMIT scheduleChanged();
        return;
    }
    const PeriodicSchedule::Slot slot
        = PeriodicSchedule::first(mode, m_settings->stringValue(SettingKey::ScheduleValue).trimmed(),
                                  m_clock->now(), m_clock->timeZone(), m_sender->stats().lastDailyFire);
    if (!slot.at.isValid()) {
        qCWarning(lcScheduler).noquote() << slot.problem;
        Q_EMIT scheduleChanged();
        return;
    }
    m_nextScheduled = slot.at;
    m_scheduleTimer->startAt(m_nextScheduled);
    qCInfo(lcScheduler).noquote() << u"schedule: next prompt at %1"_s.arg(
        m_nextScheduled.toTimeZone(m_clock->timeZone()).toString(Qt::ISODate));
    Q_EMIT scheduleChanged();
}

void PeriodicPrompter::onDue()
{
    const QString mode = m_settings->stringValue(SettingKey::ScheduleMode);
    const QDateTime due = m_nextScheduled;
    const QString value = m_settings->stringValue(SettingKey::ScheduleValue).trimmed();
    const QString replacing = tr("the user was still typing in the chat box when the next scheduled prompt "
                                 "came; it takes its place");
    SchedulerStats &stats = m_sender->stats();
    if (mode == u"daily"_s) {
        stats.lastDailyFire = due.toTimeZone(m_clock->timeZone()).date();
        m_sender->saveStats();
        startSend(Source::Daily, m_settings->stringValue(SettingKey::SchedulePrompt), replacing);
    } else if (mode == u"interval"_s) {
        startSend(Source::Interval, m_settings->stringValue(SettingKey::SchedulePrompt), replacing);
    }
    m_nextScheduled
        = PeriodicSchedule::after(mode, value, due, m_clock->now(), m_clock->timeZone(), stats.lastDailyFire);
    if (m_nextScheduled.isValid() && m_started)
        m_scheduleTimer->startAt(m_nextScheduled);
    Q_EMIT scheduleChanged();
}

void PeriodicPrompter::startSend(Source source, const QString &text, const QString &replacing)
{
    dropTypingRetry(replacing);
    send({ source, text, 1, m_clock->nowMs(), ++m_generation });
}

void PeriodicPrompter::send(const Send &s)
{
    if (const QString blocked = m_blocked ? m_blocked() : QString(); !blocked.isEmpty()) {
        m_sender->record(s.source, s.text, ChatSendOutcome {}, u"skipped"_s, blocked);
        return;
    }
    qCInfo(lcScheduler).noquote() << u"schedule: sending the %1 prompt “%2”%3"_s.arg(
        PromptSender::sourceName(s.source), PromptSender::excerpt(s.text),
        s.attempt > 1 ? u" (try %1)"_s.arg(s.attempt) : QString());
    const auto typingNote = [this, s] {
        return s.attempt > 1 ? tr("the user was typing in the chat box; sent on try %1, %2 s late")
                                   .arg(s.attempt)
                                   .arg((m_clock->nowMs() - s.firstTryMs) / 1000)
                             : QString();
    };
    m_sender->deliver(s.source, s.text, m_sender->conversation(), typingNote,
                      [this, s](const ChatSendOutcome &outcome) { onOutcome(s, outcome); });
}

void PeriodicPrompter::onOutcome(const Send &s, const ChatSendOutcome &outcome)
{
    const qint64 now = m_clock->nowMs();
    const qint64 waitedS = (now - s.firstTryMs) / 1000;
    if (outcome.ok)
        return; // counted and recorded by the sender
    if (outcome.retryLater) {
        // The user is typing in the chat box: not a failure. Try again when they stop, within
        // bounds, unless a newer prompt outside the queue has come meanwhile.
        if (s.generation != m_generation) {
            m_sender->record(s.source, s.text, outcome, u"skipped"_s,
                             tr("the user was still typing in the chat box when the next scheduled prompt "
                                "came; it takes its place"));
            return;
        }
        const bool inTime = now + kUserTypingDelay.count() - s.firstTryMs <= kTypingRetryWindow.count();
        if (s.attempt <= kTypingRetries && inTime && m_started) {
            Send next = s;
            ++next.attempt;
            m_typingRetry = next;
            m_typingTimer->start(kUserTypingDelay);
            qCInfo(lcScheduler).noquote()
                << u"schedule: the user is typing in the chat box; the %1 prompt is tried again in %2 s"_s
                       .arg(PromptSender::sourceName(s.source),
                            QString::number(kUserTypingDelay.count() / 1000));
            Q_EMIT scheduleChanged();
            return;
        }
        qCInfo(lcScheduler).noquote() << u"schedule: the user kept typing; the %1 prompt is skipped"_s.arg(
            PromptSender::sourceName(s.source));
        m_sender->record(s.source, s.text, outcome, u"skipped"_s,
                         tr("the user kept typing in the chat box; not sent after %1 tries over %2 s")
                             .arg(s.attempt)
                             .arg(waitedS));
        return;
    }
    qCWarning(lcScheduler).noquote() << u"schedule: the prompt could not be sent: %1"_s.arg(outcome.error);
}

void PeriodicPrompter::dropTypingRetry(const QString &why)
{
    m_typingTimer->stop();
    const std::optional<Send> retry = std::exchange(m_typingRetry, std::nullopt);
    if (!retry)
        return;
    qCInfo(lcScheduler).noquote() << u"schedule: the %1 prompt that waited for the user is not sent: %2"_s
                                         .arg(PromptSender::sourceName(retry->source), why);
    m_sender->record(retry->source, retry->text, ChatSendOutcome {}, u"skipped"_s, why);
    Q_EMIT scheduleChanged();
}

} // namespace mpa
