#pragma once
// The engine's browsers: the first endpoint (cdp/host:cdp/port, or --cdp-url) and any more the
// user listed (cdp/endpoints), each a CdpSource discovered, attached, re-injected and reconnected
// on its own with its own backoff and status; one endpoint down never delays another.
//
// To the rest of the app they are one set of pages: sessions(), pageSessions() and the session
// signals cover every endpoint, each session naming its own (CdpSession::endpoint()). What the
// app asks of "the browser" goes where it belongs: a browser-level command naming a target or a
// browser context goes to the endpoint holding it, others (a new tab) to the default endpoint.
// Two addresses that reach the same browser (127.0.0.1:9222 and localhost:9222) attach it once.
//
// The single-endpoint calls (setAddress, setRemote, host, port, remote, lastError…) are the first
// endpoint's; state(), isConnected() and targetsKnown() are the set's (connected: at least one).

#include "CdpRemote.h"
#include "CdpSource.h"

#include <QList>
#include <QObject>
#include <QSet>

#include <memory>
#include <optional>
#include <vector>

namespace mpa {

class Clock;
struct EndpointEntry;

// One entry of cdp/endpoints: host:port, or a remote service's ws(s):// / http(s):// address
// (its secrets, a token or a header, come from the keychain, never from the entry).
struct CdpAddress
{
    QString host;
    quint16 port = 0;
    std::optional<CdpRemote> remote;

    bool operator==(const CdpAddress &) const = default;
    // host:port, or the remote's URL without query, user or password (CdpSource::name()).
    QString name() const;
    bool isRemote() const { return remote.has_value(); }
    // Reads one entry; nullopt with a sentence in `error` naming what is wrong. An entry that
    // carries a secret (a query, a password) is refused: secrets belong in the keychain.
    static std::optional<CdpAddress> parse(const QString &entry, QString *error);
    static CdpAddress fromEntry(const EndpointEntry &entry);

    // The keychain entry holding a remote endpoint's secret ("cdp/<name>").
    static QString secretKey(const QString &name) { return QStringLiteral("cdp/") + name; }
    // The secret as the keychain holds it: {"query": "token=…", "header": "Authorization: …"}.
    static QString encodeSecret(const QString &query, const QString &header);
    // Adds a secret read back from the keychain to a remote address (its query to the URL, its
    // header line to every request); false, and nothing changed, when it cannot be read.
    bool applySecret(const QString &encoded);
};

class CdpEndpoint : public QObject
{
    Q_OBJECT
public:
    using State = CdpSource::State;
    using TransportFactory = CdpSource::TransportFactory;
    static constexpr std::chrono::milliseconds kListPoll = CdpSource::kListPoll;

    explicit CdpEndpoint(QObject *parent = nullptr, Clock *clock = nullptr);
    ~CdpEndpoint() override;

    // The first endpoint.
    CdpSource *primary() const { return m_sources.front(); }
    void setAddress(const QString &host, quint16 port) { primary()->setAddress(host, port); }
    QString host() const { return primary()->host(); }
    quint16 port() const { return primary()->port(); }
    QString address() const { return primary()->address(); }
    void setRemote(const std::optional<CdpRemote> &remote) { primary()->setRemote(remote); }
    const std::optional<CdpRemote> &remote() const { return primary()->remote(); }
    QString lastError() const { return primary()->lastError(); }
    QString browserVersion() const;
    QString userAgent() const;
    bool isBrowserLevel() const;
    void connectToBrowser(const QUrl &browserWebSocketUrl)
    {
        primary()->connectToBrowser(browserWebSocketUrl);
    }

    // For every endpoint.
    void setTargetFilter(const TargetFilter &filter);
    const TargetFilter &targetFilter() const { return m_filter; }
    void setTransportFactory(TransportFactory factory);
    void setRetryDelays(std::chrono::milliseconds initial, std::chrono::milliseconds maximum);
    void start();
    void stop();
    void retryNow();

    // The endpoints after the first, as cdp/endpoints lists them (and their secrets, filled in by
    // the engine). One already running at an unchanged address keeps its pages; one gone stops.
    void setMoreEndpoints(const QList<CdpAddress> &more);
    // Every endpoint, the first one first.
    QList<CdpSource *> sources() const;
    CdpSource *source(const QString &name) const;
    CdpSource *sourceOf(const CdpSession *session) const;
    // toolkit/defaultEndpoint: where new tabs open; empty or unknown: the first endpoint while it
    // is connected, else the first connected one.
    void setDefaultEndpoint(const QString &name) { m_defaultName = name; }
    CdpSource *defaultSource() const;

    // The set: Connected while at least one endpoint is, else the most hopeful of theirs.
    State state() const { return m_state; }
    bool isConnected() const { return m_state == State::Connected; }
    // At least one endpoint is connected and every connected one knows its targets.
    bool targetsKnown() const { return m_targetsKnown; }
    // Every endpoint was refused by its remote service for good (nothing left to wait for).
    bool refusedForGood() const;
    int unknownSessionEvents() const;

    QList<CdpSession *> sessions() const; // pages, webviews and frames of every endpoint
    QList<CdpSession *> pageSessions() const; // top-level pages and webviews only
    CdpSession *sessionForTarget(const QString &targetId) const;
    // The default endpoint's browser-level connection.
    CdpConnection *browserConnection() const;

    // A browser-level command: to the endpoint holding params' targetId or browserContextId,
    // else to the default endpoint.
    void sendToBrowser(const QString &method, const QJsonObject &params, QObject *context,
                       CdpCallback callback,
                       std::chrono::milliseconds timeout = std::chrono::milliseconds::zero());
    // A browser-level command to one endpoint (`open {endpoint}`).
    void sendToBrowserAt(CdpSource *source, const QString &method, const QJsonObject &params,
                         QObject *context, CdpCallback callback,
                         std::chrono::milliseconds timeout = std::chrono::milliseconds::zero());

    // Target.getTargets of every connected browser-level endpoint, by target id (an endpoint that
    // does not answer within 5 s adds nothing); `done` runs once, in `context`.
    void readTargets(QObject *context, std::function<void(const QHash<QString, QJsonObject> &targets)> done);

Q_SIGNALS:
    void stateChanged(mpa::CdpSource::State state);
    void connected(const QString &browserVersion); // an endpoint connected
    void targetsKnownChanged(bool known);
    void disconnected(const QString &reason); // an endpoint lost its browser
    void sessionAttached(mpa::CdpSession *session);
    void sessionDetached(mpa::CdpSession *session); // the session is deleted afterwards
    void sessionInfoChanged(mpa::CdpSession *session);
    void browserReplaced(); // a remote endpoint came back to another browser
    void refused(const QString &reason); // every endpoint refused for good; see refusedForGood()
    // An endpoint's own state changed, or one was added or removed.
    void endpointsChanged();

private:
    CdpSource *addSource();
    void removeSource(CdpSource *source);
    void updateState();
    // Whether `session` is one the set shows (not of an endpoint that turned out to be another's
    // duplicate).
    bool shown(const CdpSession *session) const { return m_shown.contains(session); }
    CdpSource *duplicateTarget(CdpSource *source, const CdpSession *session) const;

    Clock *m_clock;
    std::vector<CdpSource *> m_sources; // the first endpoint first; children of this
    QSet<const CdpSession *> m_shown;
    TargetFilter m_filter;
    TransportFactory m_transportFactory;
    std::chrono::milliseconds m_initialDelay { 250 };
    std::chrono::milliseconds m_maxDelay { 5000 };
    bool m_customDelays = false;
    bool m_running = false;
    State m_state = State::Stopped;
    bool m_targetsKnown = false;
    bool m_refused = false;
    QString m_defaultName;
};

} // namespace mpa
