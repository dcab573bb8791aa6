#pragma once
// One debugging endpoint (host:port of a Chromium-based app, or a remote browser service):
// CdpEndpoint holds one per address the user gave and shows them to the engine as one.
//
// Discovers the browser through /json/version, opens one browser-level connection and turns
// on Target.setDiscoverTargets and Target.setAutoAttach{flatten:true}, so that pages,
// webviews and out-of-process iframes arrive as flattened CdpSessions as they come and go.
// An endpoint without a browser-level target (some embedders) is served per target from
// /json/list instead. When the browser goes away the endpoint retries with backoff and
// reattaches when it comes back on the same port.
//
// A remote browser service (setRemote: Browserless, a Selenium Grid se:cdp socket, a cloud
// wss:// endpoint with an Authorization header) is reached through its browser-level WebSocket
// as given, on one socket for as long as the endpoint runs (such services give one fresh browser
// per connection); an http(s) address is asked /json/version first. When the socket comes back
// to a browser none of whose pages are the ones it had, browserReplaced() says so.

#include "CdpRemote.h"
#include "CdpSession.h"
#include "TargetFilter.h"

#include <QHash>
#include <QList>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QNetworkReply;

namespace mpa {

class Clock;
class ClockTimer;
class CdpConnection;
class CdpTransport;

class CdpSource : public QObject
{
    Q_OBJECT
public:
    enum class State { Stopped, Connecting, Connected, Retrying };
    Q_ENUM(State)
    using TransportFactory = std::function<CdpTransport *()>;
    // Without a browser-level target, how often /json/list is read for pages that came or went.
    static constexpr std::chrono::milliseconds kListPoll { 2000 };

    // Retries and the per-target list poll run on `clock` (tests pass a FakeClock); without
    // one, on the system's.
    explicit CdpSource(QObject *parent = nullptr, Clock *clock = nullptr);
    ~CdpSource() override;

    void setAddress(const QString &host, quint16 port);
    QString host() const { return m_host; }
    quint16 port() const { return m_port; }
    // host:port, or a remote's URL without its secrets.
    QString address() const;
    // What the endpoint is known by in settings, listings and `open {endpoint}`: host:port, or a
    // remote's URL without its query, user or password.
    QString name() const { return nameOf(m_host, m_port, m_remote); }
    // The same for an address not (yet) an endpoint's (CdpAddress, settings entries).
    static QString nameOf(const QString &host, quint16 port, const std::optional<CdpRemote> &remote);
    // The browser's own id (the last part of its /devtools/browser/<id> socket), empty when the
    // address does not say (a remote service's socket): two addresses of one browser share it.
    QString browserId() const { return m_browserId; }
    // Stops, because `other` (another address) reaches the same browser: it is attached once.
    void stopAsDuplicateOf(const QString &other);
    QString duplicateOf() const { return m_duplicateOf; }
    // The log names this endpoint in each line about a page (there are several).
    void setNamedInLog(bool named) { m_namedInLog = named; }
    // Uses a remote browser service instead of host:port (its secrets go to the log redactor);
    // nullopt goes back to host:port.
    void setRemote(const std::optional<CdpRemote> &remote);
    const std::optional<CdpRemote> &remote() const { return m_remote; }
    void setTargetFilter(const TargetFilter &filter) { m_filter = filter; }
    const TargetFilter &targetFilter() const { return m_filter; }
    void setTransportFactory(TransportFactory factory) { m_transportFactory = std::move(factory); }
    void setRetryDelays(std::chrono::milliseconds initial, std::chrono::milliseconds maximum);

    void start();
    void stop();
    // Skips HTTP discovery and opens this browser-level URL (unit tests, known endpoints).
    void connectToBrowser(const QUrl &browserWebSocketUrl);
    // Asks the address again at once instead of at the next retry (a browser was just started
    // there); nothing while connected or stopped.
    void retryNow();

    State state() const { return m_state; }
    bool isConnected() const { return m_state == State::Connected; }
    // Connected, and the targets open at that moment are attached (their sessions exist): a
    // command for "the tab" can be answered from here on.
    bool targetsKnown() const { return m_state == State::Connected && m_targetsKnown; }
    bool isBrowserLevel() const { return m_browserLevel; }
    QString browserVersion() const { return m_browserVersion; }
    QString userAgent() const { return m_userAgent; }
    QString lastError() const { return m_lastError; }
    // A remote service refused the app in a way trying again cannot change (wrong credentials, an
    // untrusted certificate, no browser at that address; lastError() says which): the endpoint
    // stopped instead of retrying until start() is called again.
    bool refusedForGood() const { return m_refusedForGood; }
    int unknownSessionEvents() const { return m_unknownSessionEvents; }

    QList<CdpSession *> sessions() const; // pages, webviews and frames
    QList<CdpSession *> pageSessions() const; // top-level pages and webviews only
    CdpSession *sessionForTarget(const QString &targetId) const;
    CdpConnection *browserConnection() const;

    // A browser-level command (Target.*, Browser.*); fails at once without a browser link.
    void sendToBrowser(const QString &method, const QJsonObject &params, QObject *context,
                       CdpCallback callback,
                       std::chrono::milliseconds timeout = std::chrono::milliseconds::zero());

Q_SIGNALS:
    void stateChanged(mpa::CdpSource::State state);
    void connected(const QString &browserVersion);
    void targetsKnownChanged(bool known); // see targetsKnown()
    void disconnected(const QString &reason);
    void sessionAttached(mpa::CdpSession *session);
    void sessionDetached(mpa::CdpSession *session); // the session is deleted afterwards
    void sessionInfoChanged(mpa::CdpSession *session);
    // A remote endpoint reconnected to another browser than the one it had (the service was
    // restarted, or gives a fresh browser per connection): the old pages are gone.
    void browserReplaced();
    // See refusedForGood(); the endpoint has stopped.
    void refused(const QString &reason);

private:
    struct Link
    {
        CdpConnection *connection = nullptr;
        bool browserLevel = false;
        QString targetId; // per-target links
        CdpTargetInfo pendingInfo; // per-target links, until the socket opens
        QHash<QString, CdpSession *> sessions;
        // Every page this link attached to, closed ones too: a service that shuts down closes its
        // pages before the socket, and which browser comes back is told by them.
        QSet<QString> pagesSeen;
    };

    void setState(State state);
    void setTargetsKnown(bool known);
    void setUserAgent(const QString &userAgent);
    void discover();
    // GETs `path` and hands the reply to `handle`, unless the endpoint stopped or began discovering
    // again meanwhile.
    void fetch(const QString &path, void (CdpSource::*handle)(QNetworkReply *));
    void onVersionReply(QNetworkReply *reply);
    void refreshTargetList();
    void onListReply(QNetworkReply *reply);
    Link *openLink(const QUrl &url, bool browserLevel, const CdpTargetInfo &info);
    void onLinkOpened(Link *link);
    void onLinkClosed(Link *link, const QString &reason);
    void onLinkEvent(Link *link, const QString &sessionId, const QString &method, const QJsonObject &params);
    void onAttached(Link *link, const QString &parentSessionId, const QJsonObject &params);
    void detachSession(Link *link, const QString &sessionId, const QString &reason);
    void registerSession(Link *link, CdpSession *session);
    void closeAllLinks(const QString &reason);
    // `forGood`: a remote's refusal that retrying cannot change (refusedForGood()).
    void connectionFailed(const QString &reason, bool forGood = false);
    void scheduleRetry();
    QUrl rewriteToAddress(const QUrl &url) const;
    Link *linkOf(CdpConnection *connection) const;
    QNetworkReply *get(const QString &path);
    // A failed /json/* request in words (a remote's 401/403/429 said plainly).
    QString describeFailure(QNetworkReply *reply) const;
    void checkReplaced();
    QString describe(const CdpTargetInfo &info) const;

    QString m_host = QStringLiteral("127.0.0.1");
    quint16 m_port = 9004;
    TargetFilter m_filter;
    TransportFactory m_transportFactory;
    QNetworkAccessManager m_network;
    std::vector<std::unique_ptr<Link>> m_links;
    State m_state = State::Stopped;
    bool m_running = false;
    bool m_browserLevel = false;
    bool m_targetsKnown = false;
    QString m_userAgent;
    bool m_perTargetMode = false;
    quint64 m_generation = 0;
    QString m_browserVersion;
    QString m_lastError;
    Clock *m_clock;
    ClockTimer *m_retryTimer;
    ClockTimer *m_listTimer; // re-armed at each poll while the list is polled
    std::chrono::milliseconds m_initialDelay { 250 };
    std::chrono::milliseconds m_maxDelay { 5000 };
    std::chrono::milliseconds m_nextDelay { 250 };
    qint64 m_lastRetryNoticeMs = 0;
    int m_failedAttempts = 0;
    int m_unknownSessionEvents = 0;
    QList<QPointer<QNetworkReply>> m_replies;
    std::optional<CdpRemote> m_remote;
    bool m_refusedForGood = false;
    // A remote's pages when its socket was lost, to tell on return a replaced browser from the
    // same one.
    QSet<QString> m_previousTargets;
    bool m_lostBrowser = false;
    QString m_browserId;
    QString m_duplicateOf;
    bool m_namedInLog = false;
};

} // namespace mpa
