#pragma once
// Polls a QuotaProvider (every quota/pollIntervalS; sooner when a spent model's reset time
// comes first) and says whether the queue must hold. The models considered are those in
// quota/models (all the IDE lists when none are chosen); quota/holdWhen says whether one spent
// model holds the queue (`any`, the default, as the extension did) or only all of them with
// known quota (`all`). Unknown quota never counts as spent. A failed reading keeps the last
// verdict (nothing new is known).

#include "QuotaSnapshot.h"
#include "common/UserText.h"

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
    enum class HoldRule { Any, All };

    struct Verdict
    {
        bool hold = false;
        // "Claude Sonnet 4.5 is out of quota until 2026-02-07 14:23": English for the API and
        // the log, translated in the window.
        UserText reason;
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

    static Verdict evaluate(const QuotaSnapshot &snapshot, const QStringList &watched, const QTimeZone &zone,
                            HoldRule rule);
    static HoldRule holdRuleFromName(const QString &name); // "all" → All, anything else → Any
    // The lowest remaining share of any model with known quota, 0–100; empty when none is known.
    static std::optional<int> lowestPercent(const QuotaSnapshot &snapshot);
    // The model with that lowest share (null when none has known quota).
    static const ModelQuota *lowestModel(const QuotaSnapshot &snapshot);

Q_SIGNALS:
    void snapshotChanged(const mpa::QuotaSnapshot &snapshot);
    void holdChanged(bool holding, const QString &reason);

private:
    void onFinished(const QuotaSnapshot &snapshot);
    void onSettingChanged(SettingKey key);
    void applyVerdict(const Verdict &verdict);
    Verdict evaluateNow() const;
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
