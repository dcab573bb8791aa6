#pragma once
// A browser reachable only through its browser-level WebSocket, as remote services offer it:
// a TCP proxy on 127.0.0.1 in front of a real Chromium's debugging port that forwards WebSocket
// upgrades (any path) byte for byte and answers every other request, /json/version and
// /json/list included, with 404.

#include <QByteArray>
#include <QObject>
#include <QTcpServer>

namespace mpa::test {

class WebSocketOnlyProxy : public QObject
{
    Q_OBJECT
public:
    explicit WebSocketOnlyProxy(quint16 upstreamPort, QObject *parent = nullptr);

    bool listen(); // on a free port
    quint16 port() const { return m_server.serverPort(); }
    int refusedRequests() const { return m_refused; } // the /json/* asked and answered 404
    int forwardedSockets() const { return m_forwarded; }

private:
    void onConnection(class QTcpSocket *client);

    QTcpServer m_server;
    quint16 m_upstreamPort;
    int m_refused = 0;
    int m_forwarded = 0;
};

} // namespace mpa::test
