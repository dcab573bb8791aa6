#pragma once
// Connection: where the IDE's debugging endpoint is, a test that lists what answers there
// (without touching the running engine), pages to leave alone, and making an IDE start with
// debugging: rewrite (or restore) its launcher, start it, and watch the port open. The browsers
// beside it (cdp/endpoints) are listed by EndpointsBox.

#include "SettingsPage.h"
#include "cdp/CdpProbe.h"
#include "platform/IdeLauncher.h"
#include "settings/AppPaths.h"

#include <QElapsedTimer>
#include <QTimer>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace mpa {

class EndpointsBox;
class ConnectionModel;
class EndpointsModel;
class StartedIde;

class ConnectionPage : public SettingsPage
{
    Q_OBJECT
public:
    ConnectionPage(ConnectionModel *model, EndpointsModel *endpoints, Settings *appSettings,
                   QWidget *parent = nullptr);
    ~ConnectionPage() override;

    // Lists what answers at the host and port in the fields (saved or not).
    void testConnection();
    CdpProbe *probe() const { return m_probe; }
    // The list of browsers (every endpoint: add, remove, test).
    EndpointsBox *endpoints() const { return m_endpoints; }

    void selectIde(const QString &id);
    QString selectedIdeId() const;
    bool rewriteLauncher();
    bool restoreLauncher();
    // Starts the selected IDE with debugging on the saved port and waits for the port to
    // answer; asks the user to close the IDE first unless `confirmed`.
    bool startIde(bool confirmed = false);
    CdpProbe *startProbe() const { return m_startProbe; }
    // Restarts the running IDE (the selected one, or any known IDE when the selected one does
    // not run) with debugging on the saved port and its folders, as the extension's Relauncher
    // did; asks the user first unless `confirmed`. False when nothing was started (why is shown).
    bool relaunchIde(bool confirmed = false);
    qint64 lastStartedPid() const { return m_lastPid; }
    StartedIde *startedIde() const { return m_started; }
    // "Start VS Code with Debugging", and whether a launcher for it was found (the welcome
    // offers the same button).
    QString startText() const;
    bool canStartIde() const;

    // Where dedicated browser profiles (Chrome's --user-data-dir) live for these paths.
    static QString profileRoot(const AppPaths &paths);
    // What a browser is called, from the desktop launcher that starts it (chromium.desktop:
    // "Chromium", google-chrome.desktop: "Google Chrome"); `fallback` when neither.
    static QString browserName(const QString &launcherPath, const QString &fallback);
    // Why Restart Running IDE has nothing to do, in the user's language.
    QString nothingToRestart() const;

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

Q_SIGNALS:
    void ideStarted(qint64 pid);
    // The selected IDE or its launcher changed (startText(), canStartIde()).
    void launcherChanged();

private:
    ConnectionModel *m_model;
    void cancelStart();
    // The started program ended with an error before its port opened: stop waiting, say why.
    void startedProgramEnded(int exitCode, bool crashed);
    void refreshAddressNotes();
    void refreshEngineState();
    void showProbeResult(const CdpProbeResult &result);
    void refreshLauncher();
    // Restart Running IDE is on only while a known IDE runs (looked for while the page shows).
    void refreshRelaunch();
    const IdeInfo *selectedIde() const;
    quint16 savedPort() const;

    SettingField *m_host;
    SettingField *m_port;
    QLabel *m_engineState;
    QPushButton *m_testButton;
    QLabel *m_testResult;
    QTreeWidget *m_targets;
    CdpProbe *m_probe;
    EndpointsBox *m_endpoints;

    std::unique_ptr<IdeLauncher> m_launcher;
    QList<IdeInfo> m_ides;
    QComboBox *m_ideCombo;
    QLabel *m_launcherState;
    QPushButton *m_rewrite;
    QPushButton *m_restore;
    QPushButton *m_start;
    QPushButton *m_cancelStart;
    StartedIde *m_started = nullptr;
    QPushButton *m_relaunch;
    QTimer m_relaunchPoll;
    QLabel *m_startState;
    CdpProbe *m_startProbe;
    QElapsedTimer m_startClock;
    qint64 m_lastPid = 0;
};

} // namespace mpa
