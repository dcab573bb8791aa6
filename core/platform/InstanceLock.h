#pragma once
// One instance per config dir: a QLockFile in the folder plus a QLocalServer through which a
// second launch hands its arguments to the running instance (so `--show` opens its window),
// and through which a standby instance learns at once that the holder is gone.

#include <QLocalServer>
#include <QLockFile>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <memory>

class QLocalSocket;

namespace mpa {

class InstanceLock : public QObject
{
    Q_OBJECT
public:
    enum class Result { Acquired, HeldByOther, Failed };
    // Who holds a config dir's lock, as its lock file says (read without taking the lock).
    struct Holder
    {
        bool locked = false; // a lock file names a holder
        qint64 pid = 0;
        QString hostName;
        QString appName;
        QString lockFile;
    };
    static Holder inspect(const QString &configDir);

    explicit InstanceLock(const QString &configDir, QObject *parent = nullptr);
    ~InstanceLock() override;

    Result tryAcquire(QString *error = nullptr);
    bool isHeld() const { return m_held; }
    // The holder's process id, when another instance holds the lock.
    qint64 holderPid() const;
    QString lockFilePath() const { return m_lockPath; }
    QString serverName() const { return m_serverName; }

    // Hands `arguments` to the running instance; true once it acknowledged them.
    bool forwardArguments(const QStringList &arguments, int timeoutMs = 3000);

    // Standby: waits for the holder to go (its socket closes, or the lock turns stale) and
    // then takes the lock; acquired() follows.
    void waitForTakeover();

Q_SIGNALS:
    void acquired();
    void argumentsReceived(const QStringList &arguments);

private:
    bool startServer(QString *error);
    void onNewConnection();
    void watchHolder();
    void tryTakeover();

    QString m_configDir;
    QString m_lockPath;
    QString m_serverName;
    std::unique_ptr<QLockFile> m_lock;
    QLocalServer m_server;
    QLocalSocket *m_watch = nullptr;
    QTimer m_takeoverTimer;
    bool m_held = false;
};

} // namespace mpa
