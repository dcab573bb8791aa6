#pragma once
// Polls a QuotaProvider (every quota/pollIntervalS; sooner when a spent model's reset time
// comes first) and says whether the queue must hold: while any model in quota/models is
// exhausted — or, with no models chosen, while every model with known quota is. Unknown
// quota never holds. A failed reading keeps the last verdict (nothing new is known).

#include "QuotaSnapshot.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

namespace mpa {

class Clock;
class ClockTimer;
class QuotaProvider;
class Settings;
enum class SettingKey;

class QuotaMonitor : public QObject
{
    Q_OBJECT
public:
    struct Verdict
    {
        bool hold = false;
        QString reason; // "Claude Sonnet 4.5 is out of quota until 14:23"
        QStringList exhausted; // the watched models that are spent
    };

    QuotaMonitor(Settings *settings, Clock *clock, QObject *parent = nullptr);
    ~QuotaMonitor() override;

    // Takes ownership.
    void setProvider(QuotaProvider *provider);
    QuotaProvider *provider() const { return m_provider; }

    void start();
    void stop();
    void refreshNow();

    const QuotaSnapshot &snapshot() const { return m_snapshot; }
    bool isHolding() const { return m_verdict.hold; }
    const Verdict &verdict() const { return m_verdict; }
    QDateTime nextPoll() const;
    // For the debug API (getQuota).
    QJsonObject toJson() const;

    static Verdict evaluate(const QuotaSnapshot &snapshot, const QStringList &watched, const QTimeZone &zone);

Q_SIGNALS:
    void snapshotChanged(const mpa::QuotaSnapshot &snapshot);
    void holdChanged(bool holding, const QString &reason);

private:
    void onFinished(const QuotaSnapshot &snapshot);
    void onSettingChanged(SettingKey key);
    void applyVerdict(const Verdict &verdict);
    void scheduleNext();

    Settings *m_settings;
    Clock *m_clock;
    QPointer<QuotaProvider> m_provider;
    ClockTimer *m_timer;
    QuotaSnapshot m_snapshot;
    Verdict m_verdict;
    QString m_lastError;
    bool m_running = false;
};

} // namespace mpa
