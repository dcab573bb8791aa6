#pragma once
// The byte pipe under a CdpConnection: a WebSocket in the application, a fake in unit tests.

#include <QByteArray>
#include <QObject>
#include <QUrl>

namespace mpa {

class CdpTransport : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual void open(const QUrl &url) = 0;
    virtual void close() = 0;
    virtual bool isOpen() const = 0;
    virtual void sendMessage(const QByteArray &utf8Json) = 0;
    // The last close was a refusal that trying again cannot change (wrong credentials, an
    // untrusted certificate, no browser at that path), not a socket that was lost or not there.
    virtual bool refusedForGood() const { return false; }

Q_SIGNALS:
    void opened();
    // Emitted once per open() that does not end in close(): the connection failed or ended.
    void closed(const QString &reason);
    void messageReceived(const QByteArray &utf8Json);
};

} // namespace mpa
