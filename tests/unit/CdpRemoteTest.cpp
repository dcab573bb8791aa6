// A remote browser's address (--cdp-url, --cdp-header) as the user writes it, and the endpoint on
// such an address telling a replaced browser from the same one come back.
#include "cdp/CdpRemote.h"

#include "FakeCdpTransport.h"
#include "QtPrinters.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"
#include "logging/Logging.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSignalSpy>
#include <QTimer>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

TEST(CdpRemoteTest, AWebSocketAddressIsUsedAsGivenAndItsSecretsAreKnown)
{
    QString error;
    const auto remote = CdpRemote::parse(u" ws://127.0.0.1:3000?token=sekrit-4711 "_s,
                                         u"Authorization: Bearer abcdef-123"_s, &error);
    ASSERT_TRUE(remote) << error.toStdString();
    EXPECT_TRUE(remote->isWebSocket());
    // Qt's handshake needs the root spelt out.
    EXPECT_EQ(remote->url.toString(), u"ws://127.0.0.1:3000/?token=sekrit-4711"_s);
    EXPECT_EQ(remote->display(), u"ws://127.0.0.1:3000/ (token hidden)"_s);
    EXPECT_EQ(remote->headerName, "Authorization");
    EXPECT_EQ(remote->headerValue, "Bearer abcdef-123");
    EXPECT_TRUE(remote->secrets().contains(u"sekrit-4711"_s));
    EXPECT_TRUE(remote->secrets().contains(u"Bearer abcdef-123"_s));
    EXPECT_TRUE(remote->secrets().contains(u"abcdef-123"_s));
    // /json/version on the same service with the token; a returned socket URL gets it back.
    EXPECT_EQ(remote->httpUrl(u"/json/version"_s).toString(),
              u"http://127.0.0.1:3000/json/version?token=sekrit-4711"_s);
    EXPECT_EQ(remote->withToken(QUrl(u"ws://127.0.0.1:3000"_s)).toString(),
              u"ws://127.0.0.1:3000?token=sekrit-4711"_s);
    EXPECT_EQ(remote->withToken(QUrl(u"ws://127.0.0.1:3000/?token=other"_s)).toString(),
              u"ws://127.0.0.1:3000/?token=other"_s);
}

TEST(CdpRemoteTest, TheLogNeverShowsTheTokenOrTheHeadersValue)
{
    CdpEndpoint endpoint;
    endpoint.setRemote(CdpRemote::parse(u"wss://grid.test/session/1/se/cdp?token=sekrit-4711"_s,
                                        u"Authorization: Bearer abcdef-123"_s, nullptr));
    const QString line = Logging::redact(
        u"GET wss://grid.test/session/1/se/cdp?token=sekrit-4711 with Authorization: Bearer abcdef-123"_s);
    EXPECT_FALSE(line.contains(u"sekrit-4711"_s)) << line.toStdString();
    EXPECT_FALSE(line.contains(u"abcdef-123"_s)) << line.toStdString();
    EXPECT_EQ(endpoint.address(), u"wss://grid.test/session/1/se/cdp (token hidden)"_s);
    endpoint.setRemote(std::nullopt);
    EXPECT_TRUE(Logging::redact(u"sekrit-4711"_s).contains(u"sekrit-4711"_s)) << "forgotten with the remote";
}

TEST(CdpRemoteTest, AnHttpsAddressFindsItsSocketOverTls)
{
    const auto remote = CdpRemote::parse(u"https://cloud.test/chrome?apiKey=k123456"_s, QString(), nullptr);
    ASSERT_TRUE(remote);
    EXPECT_FALSE(remote->isWebSocket());
    EXPECT_EQ(remote->httpUrl(u"/json/version"_s).toString(),
              u"https://cloud.test/chrome/json/version?apiKey=k123456"_s);
    // A service behind a TLS proxy that names its socket ws://: wss, with the key.
    EXPECT_EQ(remote->withToken(QUrl(u"ws://cloud.test/devtools/browser/1"_s)).toString(),
              u"wss://cloud.test/devtools/browser/1?apiKey=k123456"_s);
}

TEST(CdpRemoteTest, RefusalsAreSaidPlainly)
{
    EXPECT_TRUE(CdpRemote::explainStatus(401, u"Unauthorized"_s)
                    .contains(u"the token in the URL or the --cdp-header is wrong or missing"_s));
    EXPECT_TRUE(CdpRemote::explainStatus(403).contains(u"HTTP 403"_s));
    EXPECT_TRUE(CdpRemote::explainStatus(429, u"Too Many Requests"_s)
                    .startsWith(u"the service has too many sessions (HTTP 429 Too Many Requests)"_s));
    EXPECT_TRUE(CdpRemote::explainStatus(200).isEmpty());
    EXPECT_TRUE(CdpRemote::refusesForGood(401) && CdpRemote::refusesForGood(403)
                && CdpRemote::refusesForGood(404));
    EXPECT_FALSE(CdpRemote::refusesForGood(429) || CdpRemote::refusesForGood(503)
                 || CdpRemote::refusesForGood(0));
}

// A browser that answers every command at once and, when asked to auto-attach, first attaches
// the pages it has (as Chromium does), on each socket the endpoint opens.
class ScriptedRemote
{
public:
    explicit ScriptedRemote(CdpEndpoint &endpoint)
    {
        endpoint.setTransportFactory([this] {
            auto *transport = new FakeCdpTransport;
            transports.append(transport);
            transport->onSent = [this, transport](const QJsonObject &message) {
                const int id = message.value(u"id"_s).toInt();
                const bool autoAttach = message.value(u"method"_s).toString() == u"Target.setAutoAttach"_s
                    && message.value(u"sessionId"_s).toString().isEmpty();
                const QStringList targets = autoAttach ? pages : QStringList();
                QTimer::singleShot(0, transport, [transport, id, targets] {
                    for (const QString &target : targets)
                        transport->receive(attachedToTargetEvent(
                            u"S-"_s + target, fakeTargetInfo(target, u"page"_s, u"https://example.test/"_s)));
                    transport->respond(id, {});
                });
            };
            return transport;
        });
    }

    QStringList pages; // the browser's open pages, attached when asked
    QList<QPointer<FakeCdpTransport>> transports;
};

TEST(CdpRemoteEndpointTest, TheSameBrowserBackIsNoNewsAReplacedOneIsToldOnce)
{
    CdpEndpoint endpoint;
    endpoint.setRetryDelays(1ms, 1ms);
    ScriptedRemote service(endpoint);
    service.pages = { u"T1"_s };
    endpoint.setRemote(CdpRemote::parse(u"ws://svc.test:3000?token=sekrit-4711"_s, QString(), nullptr));
    QSignalSpy replaced(&endpoint, &CdpEndpoint::browserReplaced);
    endpoint.start();
    ASSERT_TRUE(waitUntil([&] { return endpoint.targetsKnown(); }));
    ASSERT_EQ(service.transports.size(), 1) << "no /json/version: the socket as given";
    EXPECT_EQ(service.transports.first()->openedUrl().toString(), u"ws://svc.test:3000/?token=sekrit-4711"_s);
    ASSERT_EQ(endpoint.pageSessions().size(), 1);

    // The socket drops and the same browser answers again, T1 still open: nothing to tell.
    service.transports.last()->dropConnection(u"idle timeout"_s);
    ASSERT_TRUE(waitUntil([&] { return service.transports.size() == 2 && endpoint.targetsKnown(); }));
    EXPECT_EQ(replaced.count(), 0);

    // Now the service restarted: a fresh browser with another page.
    service.pages = { u"T9"_s };
    service.transports.last()->dropConnection(u"the service closed the connection"_s);
    ASSERT_TRUE(waitUntil([&] { return service.transports.size() == 3 && endpoint.targetsKnown(); }));
    EXPECT_EQ(replaced.count(), 1);

    // A service that shuts down closes its pages before the socket (Browserless does, as CI's log
    // showed: "Render process gone", then the socket): still a replaced browser when it comes back.
    service.pages = { u"T7"_s };
    service.transports.last()->receive(QJsonObject {
        { u"method"_s, u"Target.detachedFromTarget"_s },
        { u"params"_s, QJsonObject { { u"sessionId"_s, u"S-T9"_s }, { u"targetId"_s, u"T9"_s } } } });
    ASSERT_TRUE(waitUntil([&] { return endpoint.pageSessions().isEmpty(); }));
    service.transports.last()->dropConnection(u"the service closed the connection"_s);
    ASSERT_TRUE(waitUntil([&] { return service.transports.size() == 4 && endpoint.targetsKnown(); }));
    EXPECT_EQ(replaced.count(), 2);
    endpoint.stop();
}

TEST(CdpRemoteEndpointTest, ARefusalForGoodStopsTheEndpointInsteadOfKnockingForever)
{
    CdpEndpoint endpoint;
    endpoint.setRetryDelays(1ms, 1ms);
    QList<QPointer<FakeCdpTransport>> transports;
    bool forGood = false;
    endpoint.setTransportFactory([&] {
        auto *transport = new FakeCdpTransport;
        transport->autoOpen = false;
        transport->refusesForGood = forGood;
        transports.append(transport);
        const QString reason
            = forGood ? CdpRemote::explainStatus(401, u"Unauthorized"_s) : u"Connection refused"_s;
        QTimer::singleShot(0, transport, [transport, reason] { transport->refuseOpen(reason); });
        return transport;
    });
    endpoint.setRemote(CdpRemote::parse(u"ws://svc.test:3000?token=wrong-0815"_s, QString(), nullptr));
    QSignalSpy refused(&endpoint, &CdpEndpoint::refused);

    // Not there yet (a service starting): tried again and again.
    endpoint.start();
    ASSERT_TRUE(waitUntil([&] { return transports.size() >= 3; }));
    EXPECT_FALSE(endpoint.refusedForGood());
    EXPECT_EQ(refused.count(), 0);

    // Then it answers, and refuses the token: once, said, stopped.
    forGood = true;
    ASSERT_TRUE(waitUntil([&] { return refused.count() == 1; }));
    const qsizetype tried = transports.size();
    EXPECT_TRUE(endpoint.refusedForGood());
    EXPECT_EQ(endpoint.state(), CdpEndpoint::State::Stopped);
    EXPECT_TRUE(
        endpoint.lastError().contains(u"the token in the URL or the --cdp-header is wrong or missing"_s))
        << endpoint.lastError().toStdString();
    EXPECT_TRUE(refused.at(0).at(0).toString().contains(u"HTTP 401"_s));
    QCoreApplication::processEvents(); // nothing is queued to try again
    EXPECT_EQ(transports.size(), tried);

    // A start is a new attempt (the user corrected the address).
    forGood = false;
    endpoint.start();
    EXPECT_FALSE(endpoint.refusedForGood());
    ASSERT_TRUE(waitUntil([&] { return transports.size() > tried; }));
    endpoint.stop();
}

} // namespace

TEST(CdpAddressTest, EntriesAreReadAsTheUserWritesThemAndSecretsAreRefused)
{
    QString error;
    std::optional<CdpAddress> address = CdpAddress::parse(u" 127.0.0.1:9222 "_s, &error);
    ASSERT_TRUE(address) << error.toStdString();
    EXPECT_FALSE(address->isRemote());
    EXPECT_EQ(address->name(), u"127.0.0.1:9222"_s);
    address = CdpAddress::parse(u"[::1]:9222"_s, &error);
    ASSERT_TRUE(address) << error.toStdString();
    EXPECT_EQ(address->host, u"::1"_s);
    EXPECT_EQ(address->name(), u"[::1]:9222"_s);
    // A service's root is spelt "/", as --cdp-url reads it: both spellings name one endpoint.
    address = CdpAddress::parse(u"ws://127.0.0.1:3000"_s, &error);
    ASSERT_TRUE(address) << error.toStdString();
    EXPECT_TRUE(address->isRemote());
    EXPECT_EQ(address->name(), u"ws://127.0.0.1:3000/"_s);

    for (const QString &bad : { u""_s, u"9222"_s, u"host:"_s, u"host:70000"_s, u"bad host:1"_s,
                                u"ftp://example.org/"_s, u"ws:///nohost"_s }) {
        error.clear();
        EXPECT_FALSE(CdpAddress::parse(bad, &error)) << bad.toStdString();
        EXPECT_FALSE(error.isEmpty()) << bad.toStdString();
    }
    for (const QString &withSecret :
         { u"wss://cloud.example/?token=t0k3n"_s, u"https://user:t0k3n@cloud.example/"_s }) {
        error.clear();
        EXPECT_FALSE(CdpAddress::parse(withSecret, &error)) << withSecret.toStdString();
        EXPECT_TRUE(error.contains(u"keychain"_s)) << error.toStdString();
        EXPECT_FALSE(error.contains(u"t0k3n"_s)) << error.toStdString();
    }
}

TEST(CdpAddressTest, TheKeychainsSecretGoesIntoTheAddressAndItsHeader)
{
    std::optional<CdpAddress> address = CdpAddress::parse(u"wss://cloud.example/cdp"_s, nullptr);
    ASSERT_TRUE(address);
    const QString secret = CdpAddress::encodeSecret(u"token=t0k3n"_s, u"Authorization: Bearer b34r3r"_s);
    ASSERT_TRUE(address->applySecret(secret));
    EXPECT_EQ(address->remote->url.query(), u"token=t0k3n"_s);
    EXPECT_EQ(address->remote->headerName, QByteArray("Authorization"));
    EXPECT_EQ(address->remote->headerValue, QByteArray("Bearer b34r3r"));
    // Named without its secrets, as before.
    EXPECT_EQ(address->name(), u"wss://cloud.example/cdp"_s);
    EXPECT_TRUE(address->remote->secrets().contains(u"t0k3n"_s));
    // A header without a value is unusable: nothing changes.
    std::optional<CdpAddress> other = CdpAddress::parse(u"wss://cloud.example/cdp"_s, nullptr);
    EXPECT_FALSE(other->applySecret(CdpAddress::encodeSecret({}, u"Authorization:"_s)));
    EXPECT_TRUE(other->remote->headerName.isEmpty());
    // A host:port endpoint takes no secret.
    std::optional<CdpAddress> local = CdpAddress::parse(u"127.0.0.1:9222"_s, nullptr);
    EXPECT_FALSE(local->applySecret(secret));
}
