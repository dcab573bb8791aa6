#pragma once
// What a page called over the network, read through the CDP Network domain (no page patching):
// its XHR and fetch requests (or, for the toolkit's `network` command, every request) with
// method, URL, status, size, timing and headers, numbered in order, the last `maxEntries` kept.
// The chat-tab bridge tells the chat what a command made the page call. Network events are on
// only while a NetworkLog watches the tab (counted per tab: the last one to stop turns them off).

#include "common/CommandResult.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <chrono>
#include <functional>
#include <optional>

namespace mpa {

class CdpSession;

struct NetworkEntry
{
    qint64 sequence = 0; // 1, 2, … in the order the requests started
    QString requestId;
    QString method;
    QString url;
    QString type; // XHR, Fetch
    int status = 0; // 0: no answer yet (or failed)
    qint64 bytes = -1; // encoded size on the wire; -1 until it finished
    bool finished = false;
    QString error; // failed: net::ERR_…
    QString mimeType;
    double startedMs = 0; // wall time, ms since the epoch
    double tookMs = -1; // from the request to its last byte; -1 until it finished
    QJsonObject requestHeaders;
    QJsonObject responseHeaders;
    // The response said its headers as sent on the wire come apart (hasExtraInfo: Set-Cookie is
    // only there), and whether they came; the browser sends them before or after the response.
    bool responseExtraExpected = false;
    bool responseExtraSeen = false;

    QJsonObject toJson() const;
    // "POST /api/cart → 200, 1.2 kB" (the path and query, not the host).
    QString line() const;
};

class NetworkLog : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 100;

    // Which requests are kept: the page's own calls (XHR and fetch), or every request (documents,
    // scripts, images … too).
    enum class Scope { Calls, All };

    explicit NetworkLog(CdpSession *session, QObject *parent = nullptr, Scope scope = Scope::Calls,
                        int maxEntries = kMaxEntries);
    ~NetworkLog() override;

    // Network.enable; `done` (may be empty) once the browser answered (NotFound when the tab is
    // gone, Upstream when the browser refused).
    void start(const CommandReply &done = {});
    void stop();
    bool isWatching() const { return m_watching; }

    // The number of the newest request seen so far (a mark to read "since").
    qint64 mark() const { return m_sequence; }
    // The mark just before the request of the tab's current document (its main frame's last
    // navigation request): what `network` lists by default, as the peers list the current page's.
    qint64 documentMark() const { return m_documentMark; }
    // The requests started after `mark`, the newest `limit` of them, oldest first.
    QList<NetworkEntry> since(qint64 mark, int limit = 5) const;
    // Requests after `mark` still waiting for their answer.
    int pendingSince(qint64 mark) const;
    // The request numbered `sequence`, when it is still kept.
    std::optional<NetworkEntry> entry(qint64 sequence) const;
    // How many requests were dropped from the front (the log is full).
    qint64 dropped() const { return m_dropped; }
    // The response body of a finished request (Network.getResponseBody): text, or base64 when
    // `base64`; `error` says why there is none (still loading, not kept by the browser, gone).
    void body(const QString &requestId,
              const std::function<void(const QString &body, bool base64, const QString &error)> &done);
    // Runs `then` once request `sequence`'s response headers are whole: at once, or when the
    // browser's extra info comes, at most `wait` later (it may never come for a cached answer).
    void whenHeadersWhole(qint64 sequence, std::chrono::milliseconds wait, const std::function<void()> &then);

Q_SIGNALS:
    void changed(); // a request started or finished
    void responseExtraArrived(); // a response's headers as sent on the wire came

private:
    void onEvent(const QString &method, const QJsonObject &params);
    NetworkEntry *find(const QString &requestId);

    QPointer<CdpSession> m_session;
    Scope m_scope;
    int m_maxEntries;
    QList<NetworkEntry> m_entries;
    qint64 m_sequence = 0;
    qint64 m_dropped = 0;
    qint64 m_documentMark = 0;
    QHash<QString, double> m_started; // requestId → monotonic start (s), while it loads
    QHash<QString, QJsonObject> m_earlyRequestHeaders; // extra info that came before its request
    QHash<QString, QJsonObject> m_earlyResponseHeaders; // a response's too
    bool m_watching = false;
};

} // namespace mpa
