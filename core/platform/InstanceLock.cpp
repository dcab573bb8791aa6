#include "InstanceLock.h"

#include "logging/LogCategories.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString serverNameFor(const QString &configDir)
{
    const QByteArray hash
        = QCryptographicHash::hash(QDir(configDir).canonicalPath().toUtf8(), QCryptographicHash::Sha256)
              .toHex()
              .left(20);
#ifdef Q_OS_UNIX
    // A socket in the config dir follows the folder (independent of TMPDIR); Unix socket
    // paths are limited to about 100 bytes, so long paths fall back to /tmp.
    QString inDir = QDir(configDir).filePath(u"instance.sock"_s);
    if (inDir.toLocal8Bit().size() < 100)
        return inDir;
    return u"/tmp/mpa-"_s + QString::fromLatin1(hash) + u".sock"_s;
#else
    return u"mpa-"_s + QString::fromLatin1(hash);
#endif
}

QByteArray encode(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

InstanceLock::InstanceLock(const QString &configDir, QObject *parent)
    : QObject(parent)
    , m_configDir(configDir)
    , m_lockPath(QDir(configDir).filePath(u"instance.lock"_s))
{
    QDir().mkpath(configDir);
    m_serverName = serverNameFor(configDir);
    m_lock = std::make_unique<QLockFile>(m_lockPath);
    // A lock whose holder still runs is never stale, however old; a dead holder's lock is.
    m_lock->setStaleLockTime(0);
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    connect(&m_server, &QLocalServer::newConnection, this, &InstanceLock::onNewConnection);
    m_takeoverTimer.setInterval(1000);
    connect(&m_takeoverTimer, &QTimer::timeout, this, [this] {
        tryTakeover();
        if (!m_held && (!m_watch || m_watch->state() == QLocalSocket::UnconnectedState))
            watchHolder();
    });
}

InstanceLock::~InstanceLock()
{
    m_server.close();
    if (m_held)
        m_lock->unlock();
}

InstanceLock::Result InstanceLock::tryAcquire(QString *error)
{
    if (m_held)
        return Result::Acquired;
    if (!m_lock->tryLock(0)) {
        if (m_lock->error() == QLockFile::LockFailedError)
            return Result::HeldByOther;
        if (error)
            *error = u"cannot create the lock file %1 (%2)"_s.arg(
                m_lockPath,
                m_lock->error() == QLockFile::PermissionError ? u"permission denied"_s : u"unknown error"_s);
        return Result::Failed;
    }
    m_held = true;
    if (!startServer(error)) {
        // The lock alone still keeps a second engine away; forwarding just will not work.
        qCWarning(lcPlatform).noquote() << "instance lock held, but other launches cannot reach this one:"
                                        << (error ? *error : QString());
    }
    return Result::Acquired;
}

InstanceLock::Holder InstanceLock::inspect(const QString &configDir)
{
    Holder holder;
    holder.lockFile = QDir(configDir).filePath(u"instance.lock"_s);
    QLockFile file(holder.lockFile);
    holder.locked = file.getLockInfo(&holder.pid, &holder.hostName, &holder.appName);
    return holder;
}

qint64 InstanceLock::holderPid() const
{
    qint64 pid = 0;
    QString host, app;
    if (m_lock->getLockInfo(&pid, &host, &app))
        return pid;
    return 0;
}

bool InstanceLock::startServer(QString *error)
{
    // We hold the lock, so a socket file left here is a dead holder's.
    QLocalServer::removeServer(m_serverName);
    if (!m_server.listen(m_serverName)) {
        if (error)
            *error = u"cannot listen on %1: %2"_s.arg(m_serverName, m_server.errorString());
        return false;
    }
    return true;
}

void InstanceLock::onNewConnection()
{
    while (QLocalSocket *socket = m_server.nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
            while (socket->canReadLine()) {
                const QJsonObject request = QJsonDocument::fromJson(socket->readLine()).object();
                if (request.contains(u"args"_s)) {
                    QStringList args;
                    for (const QJsonValue &v : request.value(u"args"_s).toArray())
                        args.append(v.toString());
                    socket->write(
                        encode({ { u"ok"_s, true }, { u"pid"_s, QCoreApplication::applicationPid() } }));
                    socket->flush();
                    Q_EMIT argumentsReceived(args);
                } else if (request.value(u"standby"_s).toBool()) {
                    // Keep the socket open: its closing tells the standby instance we are gone.
                    socket->write(encode({ { u"ok"_s, true } }));
                    socket->flush();
                }
            }
        });
    }
}

bool InstanceLock::forwardArguments(const QStringList &arguments, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(m_serverName);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    socket.write(encode({ { u"args"_s, QJsonArray::fromStringList(arguments) } }));
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    while (!socket.canReadLine()) {
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    }
    return QJsonDocument::fromJson(socket.readLine()).object().value(u"ok"_s).toBool();
}

void InstanceLock::waitForTakeover()
{
    watchHolder();
    m_takeoverTimer.start(); // also covers a holder that never opened its socket
}

void InstanceLock::watchHolder()
{
    if (m_watch)
        m_watch->deleteLater();
    m_watch = new QLocalSocket(this);
    QLocalSocket *watch = m_watch;
    connect(watch, &QLocalSocket::connected, watch, [watch] {
        watch->write(encode({ { u"standby"_s, true } }));
    });
    connect(watch, &QLocalSocket::disconnected, this, [this, watch] {
        if (watch == m_watch)
            tryTakeover();
    });
    connect(watch, &QLocalSocket::errorOccurred, this, [this, watch](QLocalSocket::LocalSocketError) {
        if (watch == m_watch && watch->state() != QLocalSocket::ConnectedState)
            tryTakeover();
    });
    watch->connectToServer(m_serverName);
}

void InstanceLock::tryTakeover()
{
    if (m_held)
        return;
    QString error;
    switch (tryAcquire(&error)) {
    case Result::Acquired:
        m_takeoverTimer.stop();
        if (m_watch) {
            m_watch->disconnect(this);
            m_watch->deleteLater();
            m_watch = nullptr;
        }
        Q_EMIT acquired();
        return;
    case Result::HeldByOther:
        return; // still held: the timer looks again and re-watches the holder

    case Result::Failed:
        qCWarning(lcPlatform).noquote() << "standby: cannot take the lock:" << error;
        return;
    }
}

} // namespace mpa
