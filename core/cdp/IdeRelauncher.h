#pragma once
// Restarts the running IDE with remote debugging, as the extension's Relauncher did ("Relaunch
// the IDE with the CDP flag explicitly", with its workspace folders): finds the IDE's main
// process (RunningIde), asks it to quit as its own Quit would — it may still ask to save —,
// waits for it to be gone, starts the same program with the same arguments (so the same
// folders) plus --remote-debugging-port=<port>, and waits until the port answers (CdpProbe).
// One relaunch at a time. Asking the user first is the caller's job (the settings window asks;
// a debug API call is the consent).

#include "CdpProbe.h"
#include "platform/RunningIde.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <functional>
#include <memory>

namespace mpa {

class IdeRelauncher : public QObject
{
    Q_OBJECT
public:
    struct Request
    {
        qint64 pid = 0; // this process; 0: the first known IDE found
        QString ideId; // only this IDE ("antigravity"); empty: any
        QString host = QStringLiteral("127.0.0.1");
        quint16 port = 9004;
        std::chrono::milliseconds quitTimeout { 20'000 };
        std::chrono::milliseconds upTimeout { 60'000 };
    };

    struct Result
    {
        bool ok = false;
        QString error; // a sentence: what failed, what was (not) done
        QString stage; // where it ended: find, quit, start, wait, done
        RunningIde before;
        qint64 pid = 0; // the new process
        QStringList arguments; // what it was started with
        QString browser; // what answers on the port
        qint64 elapsedMs = 0;

        QJsonObject toJson() const;
    };
    using Callback = std::function<void(const Result &result)>;

    // Takes ownership of `finder`.
    explicit IdeRelauncher(std::unique_ptr<ProcessFinder> finder, QObject *parent = nullptr);
    ~IdeRelauncher() override;

    // The IDE a relaunch would restart, without touching it.
    std::optional<RunningIde> find(qint64 pid, const QString &ideId, QString *error) const;
    bool isBusy() const { return m_busy; }
    // `done` is called once (not when `context` is gone first). Refused at once while busy.
    void relaunch(const Request &request, QObject *context, Callback done);

Q_SIGNALS:
    void progress(const QString &message); // "Waiting for Antigravity to quit…"
    void finished(const mpa::IdeRelauncher::Result &result);

private:
    void checkGone();
    void startAgain();
    void onProbe(const CdpProbeResult &probe);
    void finish(Result result);

    std::unique_ptr<ProcessFinder> m_finder;
    CdpProbe *m_probe;
    QTimer m_poll;
    QElapsedTimer m_elapsed;
    QDeadlineTimer m_quitDeadline;
    Request m_request;
    Result m_result;
    std::function<void(const Result &)> m_done;
    bool m_busy = false;
};

} // namespace mpa

Q_DECLARE_METATYPE(mpa::IdeRelauncher::Result)
