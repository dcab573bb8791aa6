#pragma once
// One CDP socket: command ids, per-command timeouts labelled with the method, protocol errors
// kept apart from transport errors, every pending command failed when the socket closes,
// and events (with their flattened sessionId) handed to whoever listens.
//
// Callbacks always run from the event loop, never inside send(), and only while their
// context object lives.

#include "CdpTypes.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <chrono>

namespace mpa {

class CdpTransport;

class CdpConnection : public QObject
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kDefaultTimeout { 30000 };

    // Takes ownership of the transport.
    explicit CdpConnection(CdpTransport *transport, QObject *parent = nullptr);
    ~CdpConnection() override;

    void open(const QUrl &url);
    void close();
    bool isOpen() const;
    QUrl url() const { return m_url; }
    // The transport's last close was a refusal that retrying cannot change (CdpTransport).
    bool refusedForGood() const;

    void setDefaultTimeout(std::chrono::milliseconds timeout) { m_defaultTimeout = timeout; }
    std::chrono::milliseconds defaultTimeout() const { return m_defaultTimeout; }

    // Sends a command; returns its id. `callback` runs once with the result or the error.
    // A zero timeout means the default.
    int send(const QString &method, const QJsonObject &params = {}, const QString &sessionId = {},
             QObject *context = nullptr, CdpCallback callback = {},
             std::chrono::milliseconds timeout = std::chrono::milliseconds::zero());

    int pendingCount() const { return int(m_pending.size()); }
    int malformedMessageCount() const { return m_malformedMessages; }

Q_SIGNALS:
    void opened();
    void closed(const QString &reason);
    void eventReceived(const QString &sessionId, const QString &method, const QJsonObject &params);

private:
    struct Pending
    {
        QString method;
        QPointer<QObject> context;
        bool hasContext = false;
        CdpCallback callback;
        QDeadlineTimer deadline;
        int timeoutMs = 0;
    };

    void onMessage(const QByteArray &message);
    void onClosed(const QString &reason);
    void complete(const Pending &pending, const CdpResult &result);
    void deliverLater(Pending pending, const CdpResult &result);
    void armTimeoutTimer();
    void expireTimeouts();

    CdpTransport *m_transport;
    QUrl m_url;
    int m_nextId = 1;
    QHash<int, Pending> m_pending;
    QTimer m_timeoutTimer;
    std::chrono::milliseconds m_defaultTimeout = kDefaultTimeout;
    int m_malformedMessages = 0;
};

} // namespace mpa
