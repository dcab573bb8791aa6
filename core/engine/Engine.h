#pragma once
// The application's behaviour in one object, shared by the tray app and --headless: the CDP
// endpoint and, as they land, auto-accept, the scheduler and the servers. The UI and the
// debug API read and drive the engine; they never talk CDP themselves.

#include "actions/ActionHost.h"
#include "cdp/CdpEndpoint.h"
#include "settings/AppPaths.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QSet>

#include <optional>

namespace mpa {

class AgentChat;
class ToolkitServerService;
class AutoAcceptController;
class Clock;
class BridgeManager;
class RunManager;
class SecretStore;
class CommandDispatcher;
class DebugApiService;
class PayloadHub;
class QuotaHistory;
class QuotaMonitor;
class IdeRelauncher;
class Scheduler;
class Settings;
class ToolkitCommands;

class Engine : public QObject, public ActionHost
{
    Q_OBJECT
public:
    // Command-line values that win over settings for this run only (never saved).
    struct Overrides
    {
        std::optional<QString> cdpHost;
        std::optional<quint16> cdpPort;
        std::optional<CdpRemote> cdpRemote; // mcp/run --cdp-url: wins over host and port
        std::optional<bool> autoAccept;
        bool debugServer = false; // --debug-server: the debug API runs whatever debug/enabled says
        std::optional<quint16> debugServerPort; // --debug-server=PORT (0: any free port)
        // `mcp`: only the browser connection runs (no scheduler, quota, debug API or agent
        // server), so it can share a config dir with a running tray app.
        bool toolkitOnly = false;
    };

    // `clock`: what every timer of the engine runs on (the system clock when null; a test's
    // FakeClock, which must outlive the engine).
    Engine(Settings *settings, const AppPaths &paths, QObject *parent = nullptr, Clock *clock = nullptr);
    ~Engine() override;

    void setOverrides(const Overrides &overrides);
    const Overrides &overrides() const { return m_overrides; }

    // ActionHost: what the debug actions read of the composition.
    QObject *lifetime() override { return this; }
    std::optional<bool> autoAcceptOverride() const override { return m_overrides.autoAccept; }
    bool autoAcceptEnabled() const override;
    bool setAutoAcceptEnabled(bool enabled, QString *error = nullptr) override;
    DesktopUi *desktopUi() const override { return m_desktopUi; }
    // The window (or another desktop UI) registers itself here while it exists.
    void setDesktopUi(DesktopUi *ui) { m_desktopUi = ui; }
    QJsonObject debugApiState() const override;
    QJsonObject agentServerState() const override;

    void start();
    void stop();
    bool isRunning() const override { return m_running; }

    Settings *settings() const override { return m_settings; }
    const AppPaths &paths() const override { return m_paths; }
    CdpEndpoint *endpoint() const override { return m_endpoint; }
    // The app's JavaScript modules in the attached targets.
    PayloadHub *payloads() const override { return m_payloads; }
    // The commands every server (debug API, agent WebSocket, MCP) answers.
    CommandDispatcher *commands() const override { return m_commands; }
    // The debug API's HTTP server, run while wanted (--debug-server, debug/enabled).
    DebugApiService *debugApi() const { return m_debugApi; }
    // The toolkit WebSocket server or client for outside agents, run as agentServer/* say.
    ToolkitServerService *toolkitServer() const { return m_toolkitServer; }
    // The time the scheduler and the quota monitor run on.
    Clock *clock() const override { return m_clock; }
    // The IDE agent's chat (the page that shows a chat input box), for sends and observation.
    AgentChat *agentChat() const override { return m_agentChat; }
    // Interval / daily / queue prompts; its queue, history and stats live in the config dir.
    Scheduler *scheduler() const override { return m_scheduler; }
    // The model quota (Antigravity's language server) and the queue's hold while it is spent.
    QuotaMonitor *quota() const override { return m_quota; }
    // Each model's quota readings of the last days, for the Quota page's plot.
    QuotaHistory *quotaHistory() const { return m_quotaHistory; }
    // Restarts the running IDE with debugging (Connection page, forceRelaunch).
    IdeRelauncher *relauncher() const { return m_relauncher; }
    // Auto-accept in every target an IDE profile fits: config, pause, stats, profiles.
    AutoAcceptController *autoAccept() const override { return m_autoAccept; }
    // The browser toolkit's commands (snapshot, click, …) and the agents' tabs.
    ToolkitCommands *toolkit() const { return m_toolkit; }
    // The LLM task runs (the `run` command, startRun, the Tasks page).
    RunManager *runs() const { return m_runs; }
    BridgeManager *bridge() const { return m_bridge; }
    // Where API keys live: the OS keychain unless replaced (tests, a session-only store).
    SecretStore *secrets() const { return m_secrets; }
    void setSecretStore(SecretStore *store);

    QString cdpHost() const;
    quint16 cdpPort() const;
    // Points the engine at another endpoint for this run (the demo's own browser).
    void setCdpAddressOverride(const QString &host, quint16 port);

    bool isPaused() const override { return m_paused; }
    void setPaused(bool paused);

    int targetsSeen() const { return int(m_targetsSeen.size()); }
    int attachedPages() const override;
    qint64 uptimeSeconds() const override;
    // The headless exit line's object: {"clicks","blocked","targets","promptsSent","uptimeS"}.
    QJsonObject summary() const override;
    // One line for the tray tooltip and the window ("Connected to Chrome/156 at … · 2 pages").
    QString statusLine() const override;
    // Milliseconds from process start to the first attached page; -1 until then.
    qint64 firstAttachMs() const { return m_firstAttachMs; }

Q_SIGNALS:
    void statusChanged();
    void pausedChanged(bool paused);

private:
    void applyAddress();
    void applyTargetFilter();
    // cdp/endpoints (with each remote service's secret from the keychain) and
    // toolkit/defaultEndpoint onto the endpoint set.
    void applyMoreEndpoints();
    void onSessionAttached(CdpSession *session);
    void describePage(CdpSession *session);

    Settings *m_settings;
    AppPaths m_paths;
    Overrides m_overrides;
    std::optional<std::pair<QString, quint16>> m_addressOverride;
    quint64 m_endpointsRead = 0; // the latest applyMoreEndpoints(); older keychain answers are dropped
    Clock *m_clock; // before the parts that run on it
    CdpEndpoint *m_endpoint;
    PayloadHub *m_payloads;
    CommandDispatcher *m_commands;
    DebugApiService *m_debugApi = nullptr;
    ToolkitServerService *m_toolkitServer = nullptr;
    AgentChat *m_agentChat;
    Scheduler *m_scheduler;
    QuotaMonitor *m_quota;
    QuotaHistory *m_quotaHistory = nullptr;
    IdeRelauncher *m_relauncher = nullptr;
    AutoAcceptController *m_autoAccept;
    ToolkitCommands *m_toolkit = nullptr;
    SecretStore *m_secrets = nullptr;
    RunManager *m_runs = nullptr;
    BridgeManager *m_bridge = nullptr;
    DesktopUi *m_desktopUi = nullptr;
    QSet<QString> m_targetsSeen;
    QHash<QString, QString> m_describedPages; // targetId → title and URL last described
    QSet<QString> m_describing; // targets with a description under way
    QElapsedTimer m_uptime;
    qint64 m_firstAttachMs = -1;
    bool m_running = false;
    bool m_paused = false;
};

} // namespace mpa
