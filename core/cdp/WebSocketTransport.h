#pragma once
// CdpTransport over QWebSocket (no Origin header is sent, so Chromium accepts it without
// --remote-allow-origins).

#include "CdpTransport.h"

#include <QWebSocket>

namespace mpa {

class WebSocketTransport : public CdpTransport
{
    Q_OBJECT
public:
    explicit WebSocketTransport(QObject *parent = nullptr);
    ~WebSocketTransport() override;

    void open(const QUrl &url) override;
    void close() override;
    bool isOpen() const override;
    void sendMessage(const QByteArray &utf8Json) override;

private:
    void finish(const QString &reason);

    QWebSocket m_socket;
    bool m_active = false; // between open() and closed()/close()
};

} // namespace mpa
