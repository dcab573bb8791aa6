#pragma once
// Auto-accept across every attached target: injects payload/auto-accept.js (through the
// PayloadHub) into each page, webview and frame session that an IDE profile fits, pushes the
// settings, the profile's selectors and the pause state into it live, and gathers what the
// payload reports — verified clicks, blocked commands, failed verifications — into per-target,
// per-run and persisted totals (AutoAcceptStats).

#include "AutoAcceptStats.h"
#include "profiles/IdeProfiles.h"
#include "settings/SettingKey.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QSet>

#include <functional>
#include <optional>

namespace mpa {

class CdpEndpoint;
class Clock;
class ClockTimer;
class CdpSession;
class PayloadHub;
class PayloadInjector;
class Settings;
struct PayloadScript;

class AutoAcceptController : public QObject
{
    Q_OBJECT
public:
    static constexpr const char *kModule = "autoAccept";
    static constexpr int kRecentBlockedKept = 20;

    struct TargetState
    {
        QString targetId;
        QString title;
        QString url;
        QString profileId;
        bool paused = false; // filled in by targets() from the paused set
        bool attached = false;
        bool agentPanel = false; // filled in by targets(): see agentPanelProfile()
        AutoAcceptCounts counts;
    };

    struct BlockedCommand
    {
        QDateTime time;
        QString targetId;
        QString targetTitle;
        QString pageUrl;
        QString label;
        QString pattern;
        QString command;
        QJsonObject toJson() const;
    };

    // The stats poll, the lease renewals and the quitting wait run on `clock` (tests pass a
    // FakeClock); without one, on the system's.
    AutoAcceptController(CdpEndpoint *endpoint, PayloadHub *payloads, Settings *settings,
                         const QString &configDir, QObject *parent = nullptr, Clock *clock = nullptr);
    ~AutoAcceptController() override;

    static PayloadScript payloadScript();
    // The ban list's verdict in the page (payload/ban-check.js), installed with the module.
    static PayloadScript banCheckScript();

    // --auto-accept: on for this run whatever autoAccept/enabled says (nullopt: the setting).
    void setEnabledOverride(std::optional<bool> enabled);
    bool isEnabled() const;

    // Global pause (the engine's pause) and per target (a page and its frames).
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    void setTargetPaused(const QString &targetId, bool paused);
    bool isTargetPaused(const QString &targetId) const { return m_pausedTargets.contains(targetId); }

    const IdeProfiles &profiles() const { return m_profiles; }
    // Reloads the profiles (bundled and the config dir's) and re-applies them to every target.
    void reloadProfiles();
    // The profile for a session (an out-of-process frame follows its page); null when none fits.
    const IdeProfile *profileFor(CdpSession *session) const;
    // False on the pages of a remote browser service (a ws:// or http:// endpoint) unless the
    // user turned auto-accept on for it (autoAccept/remoteEndpoints).
    bool clicksAt(CdpSession *session) const;
    // The profile of the agent panel the page holds, or nullptr: a page an IDE profile knows,
    // or one the fallback profile fits once its script found a marked panel in it. A blank tab
    // (about:blank, a new tab, any page without a panel) is no agent panel.
    const IdeProfile *agentPanelProfile(CdpSession *session) const;

    // Counts of this run, and the persisted cumulative / weekly totals.
    AutoAcceptCounts runCounts() const { return m_run; }
    AutoAcceptStats *stats() const { return m_stats; }
    QList<TargetState> targets() const;
    QList<BlockedCommand> recentBlocked() const { return m_recentBlocked; }

    // Asks every frame's payload for its counters now; `done` runs once all answered.
    void collectNow(QObject *context, std::function<void()> done);
    // The getStats answer: totals, this week, weeks, this run, per target, recent blocks.
    QJsonObject toJson() const;

    // The config pushed into a target's payload (for tests and the debug API).
    QJsonObject configFor(CdpSession *session) const;

    static constexpr std::chrono::milliseconds kCollectInterval { 5000 };

    // The page script's lease (payload/auto-accept.js): it clicks only while the app renews it,
    // every kLeaseRenewal; kLeaseDuration after the last renewal it stops by itself, so a
    // crashed or killed app leaves nothing clicking for longer than that.
    static constexpr std::chrono::milliseconds kLeaseRenewal { 2000 };
    static constexpr std::chrono::milliseconds kLeaseDuration { 5000 };
    // For tests: another lease (renewal must be well inside the duration).
    void setLeaseTiming(std::chrono::milliseconds renewal, std::chrono::milliseconds duration);
    std::chrono::milliseconds leaseDuration() const { return m_leaseDuration; }

    // The app is quitting: every page script stops at once, without waiting for its lease to
    // lapse. `done` runs once every world answered, or after `timeout`.
    void disableEverywhere(std::chrono::milliseconds timeout, QObject *context, std::function<void()> done);

Q_SIGNALS:
    void clicked(const QString &targetId, const QString &targetTitle, const QString &label,
                 const QString &kind);
    void commandBlocked(const QString &targetTitle, const QString &pageUrl, const QString &pattern,
                        const QString &command);
    void verificationFailed(const QString &targetId, const QString &targetTitle, const QString &label);
    // The user is back at a window (it is visible and focused again) in which auto-accept
    // clicked `clicks` times while they were not.
    void userReturned(const QString &targetId, const QString &targetTitle, int clicks);
    // Any count changed: this run's, a target's or the persisted totals (a reset too).
    void statsChanged();
    void targetsChanged();
    void enabledChanged(bool enabled);

private:
    void onReport(CdpSession *session, const QString &module, const QString &kind, const QJsonObject &data,
                  const QString &frameId);
    void absorb(CdpSession *session, const QString &frameId, const QJsonObject &payloadStats);
    void onSettingChanged(SettingKey key);
    void applyAll();
    void apply(CdpSession *session);
    void renewLeases();
    // The injectors of every target that runs the module.
    QList<PayloadInjector *> injectorsWithModule() const;
    TargetState &stateFor(CdpSession *page);
    bool panelSeen(const QString &pageTargetId) const;

    CdpEndpoint *m_endpoint;
    PayloadHub *m_payloads;
    Settings *m_settings;
    IdeProfiles m_profiles;
    QString m_configDir;
    AutoAcceptStats *m_stats;
    std::optional<bool> m_enabledOverride;
    bool m_paused = false;
    QSet<QString> m_pausedTargets;
    AutoAcceptCounts m_run;
    // "While you were away": per page, whether its top document says the user is at it (unknown:
    // present), and the clicks made there while they were not.
    QHash<QString, bool> m_present;
    QHash<QString, int> m_awayClicks;
    QHash<QString, TargetState> m_targets; // page targetId → state
    QStringList m_targetOrder;
    struct PageInfo
    {
        QString title;
        QString url;
    };
    QHash<QString, PageInfo> m_pageInfo; // page targetId → title and URL its payload reported
    QHash<QString, AutoAcceptCounts> m_lastSeen; // "target|frame|doc" → the payload's counters
    QHash<QString, bool> m_panelSeen; // "page|target|frame" → its document's panel was found
    QList<BlockedCommand> m_recentBlocked;
    Clock *m_clock;
    ClockTimer *m_collectTimer; // re-armed at each firing, as are the lease renewals
    ClockTimer *m_leaseTimer;
    std::chrono::milliseconds m_leaseRenewal = kLeaseRenewal;
    std::chrono::milliseconds m_leaseDuration = kLeaseDuration;
    bool m_lastEnabled = false;
};

} // namespace mpa
