#pragma once
// A CdpTransport for unit tests: records what the engine sends and lets the test play the
// browser (answers, events, malformed frames, a dropped socket).

#include "cdp/CdpConnection.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "cdp/CdpTransport.h"

#include <QJsonObject>
#include <QList>
#include <QPointer>

#include <functional>
#include <memory>

namespace mpa::test {

class FakeCdpTransport : public CdpTransport
{
    Q_OBJECT
public:
    explicit FakeCdpTransport(QObject *parent = nullptr);

    void open(const QUrl &url) override;
    void close() override;
    bool isOpen() const override { return m_open; }
    bool refusedForGood() const override { return refusesForGood; }
    void sendMessage(const QByteArray &utf8Json) override;

    // Browser side.
    void acceptOpen(); // completes a pending open()
    void refuseOpen(const QString &reason); // fails it
    void receive(const QJsonObject &message);
    void receiveRaw(const QByteArray &bytes);
    void respond(int id, const QJsonObject &result, const QString &sessionId = {});
    void respondError(int id, int code, const QString &message);
    void dropConnection(const QString &reason);

    QUrl openedUrl() const { return m_url; }
    QList<QJsonObject> sent() const { return m_sent; }
    QJsonObject lastSent() const { return m_sent.isEmpty() ? QJsonObject() : m_sent.last(); }
    // The last sent command with this method (empty object if none).
    QJsonObject lastSent(const QString &method) const;
    bool autoOpen = true; // open() succeeds on the next event-loop turn
    bool refusesForGood = false; // what refusedForGood() says after a refuseOpen()
    // Called with each message the engine sends, after it is recorded (a scripted browser
    // answers from here, on a later turn of the event loop).
    std::function<void(const QJsonObject &message)> onSent;

private:
    QUrl m_url;
    bool m_open = false;
    QList<QJsonObject> m_sent;
};

// Makes `endpoint` connect to a scripted browser: every transport it opens is a FakeCdpTransport
// (kept in `transports`, in order). Returns the browser's own transport once the endpoint is
// connected; nothing when it does not connect.
FakeCdpTransport *connectToFakeBrowser(CdpEndpoint &endpoint, QList<QPointer<FakeCdpTransport>> &transports);
// A target as the browser describes it (Target.TargetInfo).
QJsonObject fakeTargetInfo(const QString &targetId, const QString &type, const QString &url,
                           const QString &title = {});
// The browser's Target.attachedToTarget event for the target `info` (flattened: on the session
// `parentSession`, or the browser's own when empty).
QJsonObject attachedToTargetEvent(const QString &sessionId, const QJsonObject &info,
                                  const QString &parentSession = {});

// A connection over a FakeCdpTransport, opened, and sessions on it: the set-up of the unit tests
// that speak CDP to a scripted browser.
struct FakeCdpLink
{
    FakeCdpTransport *transport = new FakeCdpTransport; // owned by the connection
    std::unique_ptr<CdpConnection> connection = std::make_unique<CdpConnection>(transport);

    // Opens the connection; false when it did not open.
    bool open();
    // A session for a target of `type` (page, iframe) on this connection.
    std::unique_ptr<CdpSession> session(const QString &targetId, const QString &sessionId,
                                        const QString &type = QStringLiteral("page"),
                                        const QString &url = {});
};

} // namespace mpa::test
