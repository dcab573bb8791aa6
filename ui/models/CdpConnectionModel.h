#pragma once
// ConnectionModel's work over the core services it stands for: CdpProbe for a look at an address
// and the wait for a started IDE, the endpoint's target filter and browser, this system's IDE
// launchers (IdeLauncher, IdeStarter, StartedIde) and the engine's IdeRelauncher. The engine's
// status line and address come from Models (ui/models/Models.cpp), which builds it.

#include "ConnectionModel.h"
#include "settings/AppPaths.h"

#include <QPointer>

#include <memory>

namespace mpa {

class CdpEndpoint;
class CdpProbe;
class IdeLauncher;
class IdeRelauncher;
class StartedIde;
struct CdpProbeResult;
struct IdeInfo;

class CdpConnectionModel : public ConnectionModel
{
    Q_OBJECT
public:
    CdpConnectionModel(CdpEndpoint *endpoint, IdeRelauncher *relauncher, AppPaths paths,
                       QObject *parent = nullptr);
    ~CdpConnectionModel() override;

    bool isConnected() const override;
    QString browserVersion() const override;
    void probe(const QString &host, quint16 port) override;
    QList<Ide> ides() const override;
    Launcher launcher(const QString &ideId) const override;
    bool rewriteLauncher(const QString &ideId, quint16 port, QString *error) override;
    bool restoreLauncher(const QString &ideId, QString *error) override;
    bool canStartIde(const QString &ideId) const override;
    qint64 startIde(const QString &ideId, quint16 port, QString *error) override;
    bool startedIdeRunning() const override;
    QString startedIdeOutput(int lines) const override;
    QString startedIdeOutputFile() const override;
    void waitForIde(const QString &host, quint16 port, std::chrono::milliseconds timeout) override;
    bool isWaiting() const override;
    void cancelWait() override;
    std::optional<RunningIde> runningIde(const QString &ideId) const override;
    bool isRelaunching() const override;
    void relaunch(qint64 pid, const QString &host, quint16 port) override;

    // Where dedicated browser profiles (Chrome's --user-data-dir) live for these paths.
    static QString profileRoot(const AppPaths &paths);
    // What a browser is called, from the desktop launcher that starts it (chromium.desktop:
    // "Chromium", google-chrome.desktop: "Google Chrome"); `fallback` when neither.
    static QString browserName(const QString &launcherPath, const QString &fallback);

private:
    // The result as the page reads it, each target with the engine's filter's verdict.
    ProbeResult plain(const CdpProbeResult &result) const;

    CdpEndpoint *m_endpoint;
    IdeRelauncher *m_relauncher;
    AppPaths m_paths;
    std::unique_ptr<IdeLauncher> m_launcher;
    CdpProbe *m_probe;
    CdpProbe *m_startProbe;
    QPointer<StartedIde> m_started;
};

} // namespace mpa
