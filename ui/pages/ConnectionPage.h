#pragma once
// Connection: where the IDE's debugging endpoint is, a test that lists what answers there
// (without touching the running engine), pages to leave alone, and making an IDE start with
// debugging: rewrite (or restore) its launcher, start it, and watch the port open. The browsers
// beside it (cdp/endpoints) are listed by EndpointsBox.

#include "SettingsPage.h"
#include "models/ConnectionModel.h"

#include <QElapsedTimer>
#include <QTimer>

class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace mpa {

class EndpointsBox;
class EndpointsModel;

class ConnectionPage : public SettingsPage
{
    Q_OBJECT
public:
    ConnectionPage(ConnectionModel *model, EndpointsModel *endpoints, Settings *appSettings,
                   QWidget *parent = nullptr);
    ~ConnectionPage() override;

    // Lists what answers at the host and port in the fields (saved or not).
    void testConnection();
    // The list of browsers (every endpoint: add, remove, test).
    EndpointsBox *endpoints() const { return m_endpoints; }

    void selectIde(const QString &id);
    QString selectedIdeId() const;
    bool rewriteLauncher();
    bool restoreLauncher();
    // Starts the selected IDE with debugging on the saved port and waits for the port to
    // answer; asks the user to close the IDE first unless `confirmed`.
    bool startIde(bool confirmed = false);
    // While a started IDE's port is waited for.
    bool isWaitingForIde() const;
    // Restarts the running IDE (the selected one, or any known IDE when the selected one does
    // not run) with debugging on the saved port and its folders, as the extension's Relauncher
    // did; asks the user first unless `confirmed`. False when nothing was started (why is shown).
    bool relaunchIde(bool confirmed = false);
    qint64 lastStartedPid() const { return m_lastPid; }
    // "Start VS Code with Debugging", and whether a launcher for it was found (the welcome
    // offers the same button).
    QString startText() const;
    bool canStartIde() const;

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
    void showProbeResult(const mpa::ConnectionModel::ProbeResult &result);
    void showStartResult(const mpa::ConnectionModel::ProbeResult &result);
    void refreshLauncher();
    // Restart Running IDE is on only while a known IDE runs (looked for while the page shows).
    void refreshRelaunch();
    const ConnectionModel::Ide *selectedIde() const;
    quint16 savedPort() const;

    SettingField *m_host;
    SettingField *m_port;
    QLabel *m_engineState;
    QPushButton *m_testButton;
    QLabel *m_testResult;
    QTreeWidget *m_targets;
    EndpointsBox *m_endpoints;

    QList<ConnectionModel::Ide> m_ides;
    QComboBox *m_ideCombo;
    QLabel *m_launcherState;
    QPushButton *m_rewrite;
    QPushButton *m_restore;
    QPushButton *m_start;
    QPushButton *m_cancelStart;
    QPushButton *m_relaunch;
    QTimer m_relaunchPoll;
    QLabel *m_startState;
    QElapsedTimer m_startClock;
    qint64 m_lastPid = 0;
};

} // namespace mpa
