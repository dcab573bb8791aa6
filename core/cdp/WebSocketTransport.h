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

    // A header sent with the opening request (a remote service's Authorization).
    void setHeader(const QByteArray &name, const QByteArray &value);
    void open(const QUrl &url) override;
    void close() override;
    bool isOpen() const override;
    void sendMessage(const QByteArray &utf8Json) override;
    bool refusedForGood() const override { return m_refusedForGood; }

private:
    void finish(const QString &reason);

    // The error in plain words; notes whether it is a refusal for good.
    QString explain(const QString &errorString);

    QWebSocket m_socket;
    QByteArray m_headerName;
    QByteArray m_headerValue;
    QString m_tlsProblem; // why the service's certificate was refused
    bool m_refusedForGood = false; // the last close: an untrusted certificate, a 401/403/404 upgrade
    bool m_active = false; // between open() and closed()/close()
};

} // namespace mpa
