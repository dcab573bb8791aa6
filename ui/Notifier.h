#pragma once
// Desktop notifications, rate-limited: at most one per subject (connection, blocked commands,
// queue, quota) within a gap; what happens inside the gap is summed up when it ends ("3 more
// commands were blocked") or dropped when it changes nothing the user was told ("lost, back,
// lost" ends as "lost"). "Back" is only said after "lost" was. Turned off by ui/notifications.
// The tray shows what notified() carries; without a tray the lines still reach the log.
// The extension's summaries come too, each with its own switch: this session's when auto-accept
// is switched off (ui/sessionSummary), what was clicked while the user was away from an IDE
// window when they are back at it (ui/whileAway), and last week's once a new week has begun
// (ui/weeklySummary).

#include "autoaccept/AutoAcceptStats.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

#include <array>
#include <chrono>
#include <optional>

namespace mpa {

class Clock;
class ClockTimer;
class Engine;
class Settings;

class Notifier : public QObject
{
    Q_OBJECT
public:
    enum class Kind {
        ConnectionLost,
        ConnectionRestored,
        CommandBlocked,
        QueueFinished,
        QuotaExhausted,
        QuotaRestored,
        RunQuestion,
        RunFinished,
        BridgeQuestion,
        SessionSummary,
        WhileAway,
        WeeklySummary
    };
    Q_ENUM(Kind)
    enum class Subject { Connection, Blocked, Queue, Quota, Runs, Summary };

    struct Notification
    {
        Kind kind;
        QString title;
        QString message;
        bool warning = false;
    };

    // `clock` (the engine's) times the gaps between notifications of one subject.
    Notifier(Settings *settings, Clock *clock, QObject *parent = nullptr);

    void setMinimumGap(Subject subject, std::chrono::milliseconds gap);
    std::chrono::milliseconds minimumGap(Subject subject) const;

    // Lost / back from the engine's endpoint (ignores stops and address changes).
    void watch(Engine *engine);

    void connectionLost(const QString &address, const QString &reason);
    void connectionRestored(const QString &address, const QString &browser);
    // core/autoaccept's "command blocked" calls this (watch() connects it). Each distinct
    // command is told once a run: an agent that retries it (the looping demo does, every few
    // seconds) is not news again; the log, the counts and Safety ▸ Recently blocked keep them all.
    void commandBlocked(const QString &command, const QString &page);
    // Wiring: core/scheduler's "queue finished" calls this.
    void queueFinished(int promptsSent);
    // Wiring: core/quota's exhausted / restored call these.
    void quotaExhausted(const QString &model, const QString &resetsAt);
    void quotaRestored(const QString &model);
    // A task run waits for the user (a risky step, or the model's question); a run ended.
    void runQuestion(const QString &task, const QString &question);
    void runFinished(const QString &task, const QString &outcome, bool warning);
    // A chat-tab bridge session waits for the user (the gate holds a command of the chat's).
    void bridgeQuestion(const QString &goal, const QString &question);
    // Auto-accept was switched off: what it did since it was switched on (nothing said for none).
    void sessionSummary(qint64 clicks, qint64 blocked, qint64 secondsSaved);
    // The user is back at an IDE window in which `clicks` were made while they were away.
    void whileAway(const QString &window, int clicks);
    // A new week began: last week's totals (nothing said when nothing was clicked).
    void weeklySummary(qint64 clicks, qint64 blocked, qint64 secondsSaved);
    // Says last week's summary when the week (by the clock) changed since it last looked; the
    // first look only remembers the week. watch() looks at once and then every hour.
    void checkWeek();

    static Subject subjectOf(Kind kind);

Q_SIGNALS:
    void notified(const mpa::Notifier::Notification &notification);

private:
    struct Channel
    {
        std::optional<qint64> lastShownMs;
        std::optional<Kind> lastShownKind;
        std::optional<Notification> pending;
        int suppressed = 0;
        std::chrono::milliseconds gap { 0 };
        ClockTimer *flush = nullptr;
    };

    void post(const Notification &notification);
    void flush(Subject subject);
    void show(Channel &channel, const Notification &notification);
    bool enabled() const;
    Channel &channel(Subject subject) { return m_channels.at(std::size_t(subject)); }

    Settings *m_settings;
    Clock *m_clock;
    std::array<Channel, 6> m_channels;
    ClockTimer *m_weekTimer = nullptr;
    std::optional<AutoAcceptCounts> m_sessionStart; // totals when auto-accept was switched on
    QPointer<Engine> m_engine;
    QString m_connectedAddress;
    QSet<QString> m_blockedTold; // the blocked commands already told (simplified)
};

} // namespace mpa

Q_DECLARE_METATYPE(mpa::Notifier::Notification)
