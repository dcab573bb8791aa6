#pragma once
// Starts a Chromium with remote debugging on a port of its choosing (or a given one), learns
// the port from its "DevTools listening on" line and DevToolsActivePort file, and ends it
// with its whole process group. Used by --demo and by the integration tests.

#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace mpa {

class ChromiumProcess : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString executable; // empty: findExecutable()
        QString userDataDir; // empty: a temporary profile, removed afterwards
        quint16 port = 0; // 0: let Chromium pick a free port
        bool headless = true;
        QStringList extraArguments;
        QStringList urls; // pages to open; about:blank when empty
        int readyTimeoutMs = 30000;
    };

    // MPA_CHROMIUM, then chromium, chromium-browser, google-chrome … on PATH and the usual
    // install locations. Empty when none is found.
    static QString findExecutable();
    // The flags every automated start uses (no first-run UI, no background traffic, …).
    static QStringList baseArguments(bool headless);

    explicit ChromiumProcess(QObject *parent = nullptr);
    ~ChromiumProcess() override;

    // Starts the browser; ready() or failed() follows.
    bool start(const Options &options, QString *error = nullptr);
    bool isRunning() const;
    bool isReady() const { return m_port != 0; }
    quint16 port() const { return m_port; }
    QUrl browserWebSocketUrl() const { return m_browserUrl; }
    QString userDataDir() const { return m_userDataDir; }
    qint64 pid() const { return m_pid; }
    QString recentOutput() const { return m_recentOutput.join(u'\n'); }

    // Ends the browser and its helpers (SIGTERM, then SIGKILL after `graceMs`); returns when
    // they are gone.
    void stop(int graceMs = 3000);
    // SIGKILL to the whole group at once (simulates a crash); returns when it is gone.
    void kill();

Q_SIGNALS:
    void ready(quint16 port);
    void failed(const QString &reason);
    void exited(int exitCode);

private:
    void onOutput();
    void readActivePortFile();
    void fail(const QString &reason);
    void waitForGroupToEnd(int timeoutMs);

    QProcess m_process;
    std::unique_ptr<QTemporaryDir> m_tempProfile;
    QString m_userDataDir;
    QStringList m_recentOutput;
    QByteArray m_partialLine;
    QTimer m_readyTimer;
    quint16 m_port = 0;
    QUrl m_browserUrl;
    qint64 m_pid = 0;
    bool m_failed = false;
};

} // namespace mpa
