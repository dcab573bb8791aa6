#pragma once
// What a page called over the network, read through the CDP Network domain (no page patching):
// its XHR and fetch requests with method, URL, status and size, numbered in order, the last
// kMaxEntries kept. The chat-tab bridge tells the chat what a command made the page call.
// Network events are on only while a NetworkLog watches the tab.

#include "common/CommandResult.h"

#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

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

    QJsonObject toJson() const;
    // "POST /api/cart → 200, 1.2 kB" (the path and query, not the host).
    QString line() const;
};

class NetworkLog : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 100;

    explicit NetworkLog(CdpSession *session, QObject *parent = nullptr);
    ~NetworkLog() override;

    // Network.enable; `done` (may be empty) once the browser answered (404 when the tab is gone,
    // 502 when the browser refused).
    void start(CommandReply done = {});
    void stop();
    bool isWatching() const { return m_watching; }

    // The number of the newest request seen so far (a mark to read "since").
    qint64 mark() const { return m_sequence; }
    // The requests started after `mark`, the newest `limit` of them, oldest first.
    QList<NetworkEntry> since(qint64 mark, int limit = 5) const;
    // Requests after `mark` still waiting for their answer.
    int pendingSince(qint64 mark) const;

Q_SIGNALS:
    void changed(); // a request started or finished

private:
    void onEvent(const QString &method, const QJsonObject &params);
    NetworkEntry *find(const QString &requestId);

    QPointer<CdpSession> m_session;
    QList<NetworkEntry> m_entries;
    qint64 m_sequence = 0;
    bool m_watching = false;
};

} // namespace mpa
