#pragma once
// What the Connection page shows and drives, as plain data, signals and actions: the engine's
// state and the address it uses this run, a look at what answers at an address (without
// touching the running engine), the IDEs this system has launchers for and making them start
// with debugging (rewrite or restore the launcher, start one and wait for its port), and
// restarting a running IDE with debugging. Its list of endpoints (EndpointsBox) takes
// EndpointsModel. Models (ui/models/Models.h) builds it over the engine's CdpEndpoint, its IDE
// relauncher and this system's launchers (ui/models/CdpConnectionModel.h); tests give a fake.

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace mpa {

class ConnectionModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // An IDE (or browser) the page can make start with debugging.
    struct Ide
    {
        QString id; // "vscode"
        QString name; // "VS Code"; a browser by the name its desktop launcher gives ("Chromium")
        bool dedicatedProfile = false; // started in a profile of its own (beside the user's windows)
    };
    // An IDE's launcher on this system, as the page describes it.
    struct Launcher
    {
        bool found = false; // the IDE's own launcher exists
        bool rewritten = false; // ours is in place
        quint16 port = 0; // the port ours passes
        QString originalPath; // the IDE's own launcher
        QString launcherPath; // the one the desktop uses (ours when rewritten)
        bool separate = false; // debugging is an entry of its own beside the original
        QString separatePath; // where that entry is (or would be) written
        QString separateName; // the name the desktop shows for it ("Chromium (debugging)")
    };
    // A page (target) that answered a look, and whether the engine would work on it.
    struct Target
    {
        QString title;
        QString url;
        QString type; // "page", "iframe", …
        bool attachable = false; // no other debugger holds it
        QString skipReason; // why the engine's target filter leaves it alone; empty: it attaches
    };
    // What answered at an address: a look (probe), or the end of a wait for a started IDE.
    struct ProbeResult
    {
        bool ok = false;
        QString address; // host:port
        quint16 port = 0;
        QString error; // core's English sentence: what failed and what to do
        QString browser; // "Chrome/156.0…"
        QList<Target> targets;
    };
    // A known IDE that runs now (what Restart Running IDE would restart).
    struct RunningIde
    {
        qint64 pid = 0;
        QString ideName;
        QStringList folders; // it opens again with these
    };
    // How a restart ended.
    struct RelaunchResult
    {
        bool ok = false;
        QString error; // core's English sentence
        QString ideName;
        int folders = 0;
        QString browser; // what answers on the port now
    };

    // The engine's state in the user's words ("Connected to 127.0.0.1:9222 · 1 page").
    virtual QString statusLine() const = 0;
    // The address this run uses (a --cdp-host/--cdp-port or the demo wins over the settings).
    virtual QString host() const = 0;
    virtual quint16 port() const = 0;
    virtual bool isConnected() const = 0;
    // The connected browser ("Chrome/156.0…"); empty when none.
    virtual QString browserVersion() const = 0;

    // One look at host:port (/json/version and /json/list), apart from the engine's connection;
    // probed() follows.
    virtual void probe(const QString &host, quint16 port) = 0;

    // The IDEs the page offers, in the order to show them.
    virtual QList<Ide> ides() const = 0;
    virtual Launcher launcher(const QString &ideId) const = 0;
    // Makes the launcher of `ideId` pass --remote-debugging-port=<port>; false with `error`.
    virtual bool rewriteLauncher(const QString &ideId, quint16 port, QString *error) = 0;
    // Puts back what was there before rewriteLauncher(); false with `error`.
    virtual bool restoreLauncher(const QString &ideId, QString *error) = 0;
    // Whether `ideId` can be started with debugging from here (a launcher for it was found).
    virtual bool canStartIde(const QString &ideId) const = 0;
    // Starts `ideId` with debugging on `port` (through its launcher, or with the arguments added
    // for this start), its output in the log folder's ide-start.log; its process id, or 0 with
    // `error`. startedIdeExited() says when that program ends. A previous start is let go (its
    // program runs on).
    virtual qint64 startIde(const QString &ideId, quint16 port, QString *error) = 0;
    // Whether the program startIde() started still runs, what it wrote last (its `lines` last
    // non-empty lines) and the file that holds all it wrote; empty when none was started.
    virtual bool startedIdeRunning() const = 0;
    virtual QString startedIdeOutput(int lines) const = 0;
    virtual QString startedIdeOutputFile() const = 0;
    // Asks host:port until it answers or `timeout` passes: waitAttemptFailed() per unanswered
    // attempt, then waitFinished() (ok=false after the timeout).
    virtual void waitForIde(const QString &host, quint16 port, std::chrono::milliseconds timeout) = 0;
    virtual bool isWaiting() const = 0;
    // Stops waiting (no waitFinished() follows); the started program is left alone.
    virtual void cancelWait() = 0;

    // The IDE Restart Running IDE would restart: `ideId` when it runs, else any known IDE.
    virtual std::optional<RunningIde> runningIde(const QString &ideId) const = 0;
    virtual bool isRelaunching() const = 0;
    // Quits the IDE with process `pid` and starts it again with debugging at host:port and its
    // folders; relaunchProgress() while it goes, relaunchFinished() once.
    virtual void relaunch(qint64 pid, const QString &host, quint16 port) = 0;

Q_SIGNALS:
    // The engine's state changed (started, connected, stopped).
    void statusChanged();
    void probed(const mpa::ConnectionModel::ProbeResult &result);
    void waitAttemptFailed();
    void waitFinished(const mpa::ConnectionModel::ProbeResult &result);
    // The program startIde() started ended (crashed: killed by a signal; the code means nothing).
    void startedIdeExited(int exitCode, bool crashed);
    void relaunchProgress(const QString &message); // core's English ("Waiting for … to quit…")
    void relaunchFinished(const mpa::ConnectionModel::RelaunchResult &result);
};

} // namespace mpa

Q_DECLARE_METATYPE(mpa::ConnectionModel::ProbeResult)
Q_DECLARE_METATYPE(mpa::ConnectionModel::RelaunchResult)
