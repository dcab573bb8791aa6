#include "HttpRequestGate.h"

#include "logging/LogCategories.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa {

namespace {

// After a refusal the gate keeps reading (and dropping) what the client still sends for a
// moment: closing with unread data would reset the connection, and the client could lose the
// reply before reading it.
constexpr auto kLinger = 2s;
constexpr qint64 kMaxDrainBytes = qint64(16) * 1024 * 1024;
constexpr int kMaxHeaderLines = 100;

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool isToken(QByteArrayView text)
{
    if (text.isEmpty())
        return false;
    for (char c : text) {
        if (!isTokenChar(c))
            return false;
    }
    return true;
}

bool hasControlCharacters(QByteArrayView text)
{
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && c != '\t') || byte == 0x7f)
            return true;
    }
    return false;
}

QString printable(QByteArrayView text)
{
    QString result = QString::fromLatin1(text.first(qMin<qsizetype>(text.size(), 80)));
    for (QChar &c : result) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = u'?';
    }
    return result;
}

} // namespace

HttpRequestGate::HttpRequestGate(QObject *parent)
    : HttpRequestGate(Limits(), parent)
{
}

HttpRequestGate::HttpRequestGate(const Limits &limits, QObject *parent)
    : QTcpServer(parent)
    , m_limits(limits)
{
    // A flood of connections must not fill the kernel's queue of connections not yet accepted
    // (50 by default): a normal client's connection would wait for a SYN retry (1 s, then 3 s).
    setListenBacklogSize(1024);
    // QTcpServer accepts until one connection is queued here and not taken: the rest wait in
    // the kernel's queue while there is no room (admitPending()).
    setMaxPendingConnections(1);
    m_clock.start();
    m_admitTimer = new QTimer(this);
    m_admitTimer->setSingleShot(true);
    // Its firing marks a new turn of the event loop: the count of requests delivered starts again.
    connect(m_admitTimer, &QTimer::timeout, this, [this] {
        m_deliveredThisTurn = 0;
        m_readThisTurn = false;
        admitPending();
    });
    connect(this, &QTcpServer::newConnection, this, &HttpRequestGate::admitPending);
}

QByteArray HttpRequestGate::reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 202:
        return "Accepted";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 406:
        return "Not Acceptable";
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 415:
        return "Unsupported Media Type";
    case 417:
        return "Expectation Failed";
    case 422:
        return "Unprocessable Content";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Error";
    }
}

QByteArray HttpRequestGate::errorReply(int status, const QString &error)
{
    const QByteArray body = QJsonDocument(QJsonObject { { u"success"_s, false }, { u"error"_s, error } })
                                .toJson(QJsonDocument::Compact)
        + '\n';
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status)
        + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        + body;
}

HttpRequestGate::Head HttpRequestGate::inspectHead(const QByteArray &head, const Limits &limits)
{
    Head h;
    h.headBytes = head.size();
    auto refuse = [&h](int status, const QString &error) {
        h.status = status;
        h.error = error;
        return h;
    };
    if (head.size() > limits.maxHeadBytes)
        return refuse(431, u"the request head is larger than %1 bytes"_s.arg(limits.maxHeadBytes));
    if (!head.endsWith("\r\n\r\n"))
        return refuse(400, u"the request head does not end with an empty line"_s);

    const QList<QByteArray> lines = head.chopped(4).split('\n');
    QList<QByteArray> trimmed;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        // Every line but the last ended with "\r\n"; the split left the '\r' behind.
        if (i + 1 < lines.size() && !line.endsWith('\r'))
            return refuse(400, u"line %1 of the request head ends without CR LF"_s.arg(i + 1));
        trimmed.append(i + 1 < lines.size() ? line.chopped(1) : line);
    }
    if (trimmed.size() > kMaxHeaderLines + 1)
        return refuse(431, u"the request has more than %1 header lines"_s.arg(kMaxHeaderLines));

    const QList<QByteArray> requestLine = trimmed.first().split(' ');
    if (requestLine.size() != 3 || hasControlCharacters(trimmed.first()))
        return refuse(400, u"malformed request line '%1'"_s.arg(printable(trimmed.first())));
    h.method = requestLine.at(0);
    h.target = requestLine.at(1);
    const QByteArray &version = requestLine.at(2);
    if (!isToken(h.method))
        return refuse(400, u"malformed request method '%1'"_s.arg(printable(h.method)));
    if (!h.target.startsWith('/'))
        return refuse(400, u"the request target '%1' is not a path"_s.arg(printable(h.target)));
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return refuse(505, u"HTTP version '%1' is not supported; use HTTP/1.1"_s.arg(printable(version)));
    if (h.method == "CONNECT")
        return refuse(405, u"CONNECT is not supported"_s);

    bool haveLength = false;
    for (qsizetype i = 1; i < trimmed.size(); ++i) {
        const QByteArray &line = trimmed.at(i);
        if (line.startsWith(' ') || line.startsWith('\t'))
            return refuse(400, u"folded header lines are not accepted (line %1)"_s.arg(i + 1));
        const qsizetype colon = line.indexOf(':');
        const QByteArray name = colon > 0 ? line.left(colon) : QByteArray();
        if (!isToken(name))
            return refuse(400, u"malformed header line '%1'"_s.arg(printable(line)));
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (hasControlCharacters(value))
            return refuse(400, u"header %1 contains control characters"_s.arg(QString::fromLatin1(name)));
        const QByteArray key = name.toLower();
        h.headers.append({ key, value });
        if (key == "content-length") {
            bool ok = value.size() <= 18 && !value.isEmpty();
            for (char c : value)
                ok = ok && c >= '0' && c <= '9';
            if (!ok)
                return refuse(400, u"Content-Length '%1' is not a number of bytes"_s.arg(printable(value)));
            const qint64 length = value.toLongLong();
            if (haveLength && length != h.contentLength)
                return refuse(400, u"the request has conflicting Content-Length headers"_s);
            haveLength = true;
            h.contentLength = length;
        } else if (key == "transfer-encoding") {
            return refuse(
                411,
                u"Transfer-Encoding '%1' is not accepted; send the body with a Content-Length header"_s.arg(
                    printable(value)));
        } else if (key == "expect") {
            if (value.compare("100-continue", Qt::CaseInsensitive) != 0)
                return refuse(417, u"Expect '%1' is not supported"_s.arg(printable(value)));
            h.expectContinue = true;
        } else if (key == "upgrade") {
            return refuse(400, u"protocol upgrades (Upgrade: %1) are not supported"_s.arg(printable(value)));
        }
    }
    if (h.contentLength > limits.maxBodyBytes)
        return refuse(413,
                      u"the request body is %1 bytes; the limit is %2 bytes (%3 KiB)"_s.arg(h.contentLength)
                          .arg(limits.maxBodyBytes)
                          .arg(limits.maxBodyBytes / 1024));
    return h;
}

void HttpRequestGate::setDeadline(QTcpSocket *socket, std::chrono::milliseconds timeout,
                                  const std::function<void()> &onExpiry)
{
    // A QTimer child, not QTimer::singleShot: a single-shot timer outlives its context object
    // until it fires, so one per request piled up for the connection lifetime (memory and
    // throughput fell with every request until they expired).
    auto *timer = socket->findChild<QTimer *>(QString(), Qt::FindDirectChildrenOnly);
    if (!timer) {
        timer = new QTimer(socket);
        timer->setSingleShot(true);
    }
    QObject::disconnect(timer, &QTimer::timeout, nullptr, nullptr);
    QObject::connect(timer, &QTimer::timeout, socket, onExpiry);
    timer->start(timeout);
}

bool HttpRequestGate::hasRoom() const
{
    return m_waiting.size() < m_limits.maxWaitingConnections
        && m_answering.size() + m_waiting.size() < m_limits.maxConnections;
}

bool HttpRequestGate::makeRoom(std::chrono::milliseconds *retryIn)
{
    // What has arrived is served first: a read that does not block, for every waiting
    // connection (its bytes may sit in the kernel while new connections were being taken in).
    // Once a turn: between turns the event loop reads them anyway. (A socket that leaves
    // meanwhile is only deleted later: the pointers stay good here.)
    if (!std::exchange(m_readThisTurn, true)) {
        admitLater(); // marks the end of this turn (the next one reads again)
        const QList<QTcpSocket *> waiting = m_waiting.keys();
        for (QTcpSocket *socket : waiting) {
            if (m_waiting.contains(socket) && socket->state() == QAbstractSocket::ConnectedState)
                socket->waitForReadyRead(0); // emits readyRead: inspect() delivers or refuses it
        }
        if (hasRoom())
            return true;
    }
    // Then one goes: the oldest that has sent nothing for quietGrace (an idle hold), else the
    // oldest that has sent part of a request (a trickle). One that has sent nothing yet but is
    // younger may be a client of a burst whose request is on its way: it is waited for.
    const qint64 now = m_clock.elapsed();
    QTcpSocket *idle = nullptr;
    QTcpSocket *partial = nullptr;
    quint64 idleOrder = 0;
    quint64 partialOrder = 0;
    qint64 youngestQuietDue = -1;
    for (auto it = m_waiting.cbegin(); it != m_waiting.cend(); ++it) {
        if (it->sentAnything) {
            if (!partial || it->order < partialOrder) {
                partial = it.key();
                partialOrder = it->order;
            }
        } else if (now - it->admittedAtMs >= m_limits.quietGrace.count()) {
            if (!idle || it->order < idleOrder) {
                idle = it.key();
                idleOrder = it->order;
            }
        } else {
            const qint64 due = it->admittedAtMs + m_limits.quietGrace.count() - now;
            youngestQuietDue = youngestQuietDue < 0 ? due : qMin(youngestQuietDue, due);
        }
    }
    if (QTcpSocket *evicted = idle ? idle : partial) {
        refuse(
            evicted, 408,
            u"the request was not complete when newer connections needed its place; send the whole request at once"_s,
            Linger::Close);
        return true; // one out, one in
    }
    // Only connections that have just opened and sent nothing yet are waiting: they may take as
    // many places again (a burst's clients whose requests are on their way) before anyone waits.
    if (m_waiting.size() < qsizetype(2) * m_limits.maxWaitingConnections
        && m_answering.size() + m_waiting.size() < m_limits.maxConnections)
        return true;
    if (retryIn)
        *retryIn = std::chrono::milliseconds(qMax<qint64>(1, youngestQuietDue));
    return false;
}

void HttpRequestGate::incomingConnection(qintptr handle)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(handle)) {
        delete socket;
        return;
    }
    // Queued until admitPending() takes it: what it sends meanwhile is bounded like a head.
    socket->setReadBufferSize(m_limits.maxHeadBytes + 1);
    addPendingConnection(socket);
}

void HttpRequestGate::admitLater(std::chrono::milliseconds delay)
{
    if (m_admitTimer->isActive() && m_admitTimer->remainingTimeAsDuration() <= delay)
        return;
    m_admitTimer->start(delay);
}

void HttpRequestGate::admitPending()
{
    if (m_admitting)
        return; // called again from within (a refusal freed a place): the loop below goes on
    m_admitting = true;
    // QTcpServer calls here once per connection it accepts, in a loop, until one is left queued:
    // the count runs over those calls and starts again on the next turn (m_admitTimer). Only
    // requests delivered count: a burst of complete ones is taken in a part at a time, so their
    // replies go out (and their places free) in between, while trickling clients are taken in
    // and evicted as fast as they come.
    while (hasPendingConnections()) {
        if (m_deliveredThisTurn >= m_limits.admitPerTurn) {
            admitLater();
            break;
        }
        if (m_answering.size() < m_limits.maxConnections && !hasRoom()) {
            std::chrono::milliseconds retryIn {};
            if (!makeRoom(&retryIn)) {
                admitLater(retryIn);
                break;
            }
        }
        QTcpSocket *socket = nextPendingConnection();
        if (!socket)
            break;
        admit(socket);
    }
    m_admitting = false;
}

void HttpRequestGate::admit(QTcpSocket *socket)
{
    if (socket->state() != QAbstractSocket::ConnectedState) {
        socket->deleteLater(); // gone while it was queued: nobody to answer
        return;
    }
    m_open.insert(socket);
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
        const bool wasWaiting = m_waiting.remove(socket) > 0;
        m_answering.remove(socket);
        m_open.remove(socket);
        socket->deleteLater();
        if (wasWaiting && hasPendingConnections())
            admitLater();
    });
    // Only requests being answered turn a new connection away.
    if (m_answering.size() >= m_limits.maxConnections) {
        refuse(socket, 503, u"too many connections are open; try again in a moment"_s, Linger::Close);
        return;
    }
    Waiting waiting;
    waiting.order = m_nextOrder++;
    waiting.admittedAtMs = m_clock.elapsed();
    m_waiting.insert(socket, waiting);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
        if (m_waiting.contains(socket)) {
            inspect(socket);
            return;
        }
        // Delivered already: a second request, or bytes after the first, end the connection.
        QObject::disconnect(socket, &QTcpSocket::readyRead, nullptr, nullptr);
        qCDebug(lcServer) << "HTTP: bytes after the request; closing the connection";
        socket->abort();
    });
    setDeadline(socket, qMin(m_limits.headTimeout, m_limits.requestTimeout), [this, socket] {
        const auto found = m_waiting.constFind(socket);
        if (found == m_waiting.cend())
            return;
        if (found->expectedBytes < 0) {
            refuse(socket, 408,
                   u"the request head did not arrive within %1 s"_s.arg(
                       double(qMin(m_limits.headTimeout, m_limits.requestTimeout).count()) / 1000.0),
                   Linger::Close);
            return;
        }
        // The head is in: the rest of the request's time for the body.
        setDeadline(socket,
                    qMax(m_limits.requestTimeout - m_limits.headTimeout, std::chrono::milliseconds(1)),
                    [this, socket] {
                        if (m_waiting.contains(socket))
                            refuse(socket, 408,
                                   u"the request did not arrive within %1 s"_s.arg(
                                       double(m_limits.requestTimeout.count()) / 1000.0),
                                   Linger::Close);
                    });
    });
    // What arrived while it was queued (or is in the kernel now): a request sent at once is
    // delivered here, before it ever needs a place.
    if (socket->bytesAvailable() > 0)
        inspect(socket);
    if (m_waiting.contains(socket) && socket->state() == QAbstractSocket::ConnectedState)
        socket->waitForReadyRead(0); // emits readyRead: inspect()
}

void HttpRequestGate::inspect(QTcpSocket *socket)
{
    const auto found = m_waiting.find(socket);
    if (found == m_waiting.end())
        return;
    Waiting &waiting = *found;
    const qint64 available = socket->bytesAvailable();
    if (available > 0)
        waiting.sentAnything = true;
    if (waiting.expectedBytes < 0) {
        const QByteArray peeked = socket->peek(qMin<qint64>(available, m_limits.maxHeadBytes + 1));
        // Search only what is new (a client sending a byte at a time must not cost a scan of
        // the whole head each time).
        const qsizetype end = peeked.indexOf("\r\n\r\n", qMax<qsizetype>(0, waiting.scanned - 3));
        waiting.scanned = peeked.size();
        if (end < 0 || end + 4 > m_limits.maxHeadBytes) {
            if (peeked.size() > m_limits.maxHeadBytes)
                refuse(socket, 431, u"the request head is larger than %1 bytes"_s.arg(m_limits.maxHeadBytes));
            return;
        }
        const Head head = inspectHead(peeked.left(end + 4), m_limits);
        if (head.status != 0) {
            refuse(socket, head.status, head.error);
            return;
        }
        waiting.expectedBytes = head.headBytes + head.contentLength;
        waiting.head = head;
        // One byte more than the request, to notice anything sent after it.
        socket->setReadBufferSize(waiting.expectedBytes + 1);
        if (head.expectContinue && available < waiting.expectedBytes && !waiting.sentContinue) {
            waiting.sentContinue = true;
            socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
    }
    if (available > waiting.expectedBytes) {
        refuse(socket, 400,
               u"one request per connection: more bytes arrived than the request's Content-Length"_s);
        return;
    }
    if (available == waiting.expectedBytes)
        handOver(socket);
}

void HttpRequestGate::handOver(QTcpSocket *socket)
{
    const Waiting waiting = m_waiting.take(socket);
    m_answering.insert(socket);
    if (m_deliveredThisTurn++ == 0 || hasPendingConnections())
        admitLater(); // marks the end of this turn
    setDeadline(socket, m_limits.connectionLifetime, [socket] {
        qCDebug(lcServer) << "HTTP: connection lifetime over; closing it";
        socket->abort();
    });
    Request request;
    request.method = waiting.head.method;
    const qsizetype query = waiting.head.target.indexOf('?');
    request.path = query < 0 ? waiting.head.target : waiting.head.target.left(query);
    if (query >= 0)
        request.query = waiting.head.target.mid(query + 1);
    request.headers = waiting.head.headers;
    socket->skip(waiting.head.headBytes);
    request.body = socket->read(waiting.head.contentLength);
    request.peerPort = socket->peerPort();
    Q_EMIT requestReceived(request, socket);
}

QList<QByteArray> HttpRequestGate::Request::headerValues(QByteArrayView name) const
{
    QList<QByteArray> values;
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            values.append(value);
    }
    return values;
}

std::optional<QString> HttpRequestGate::Request::bearerToken() const
{
    const QList<QByteArray> authorization = headerValues("authorization");
    const QByteArray credentials = authorization.size() == 1 ? authorization.first() : QByteArray();
    if (credentials.size() <= 7 || credentials.left(7).compare("bearer ", Qt::CaseInsensitive) != 0)
        return std::nullopt;
    return QString::fromUtf8(credentials.mid(7).trimmed());
}

void HttpRequestGate::reply(QTcpSocket *socket, int status,
                            const QList<std::pair<QByteArray, QByteArray>> &headers, const QByteArray &body,
                            bool withBody)
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    for (const auto &[name, value] : headers)
        out += name + ": " + value + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n";
    if (withBody)
        out += body;
    socket->write(out);
    socket->disconnectFromHost();
    if (socket->state() != QAbstractSocket::UnconnectedState) {
        // A client that does not read its reply is not kept (with the reply) for long.
        setDeadline(socket, kReplyDrainTimeout, [socket] {
            qCDebug(lcServer) << "HTTP: the client did not read its reply; dropping the connection";
            socket->abort();
        });
    }
}

void HttpRequestGate::refuse(QTcpSocket *socket, int status, const QString &error, Linger linger)
{
    if (m_waiting.remove(socket) > 0 && hasPendingConnections())
        admitLater();
    qCDebug(lcServer).noquote() << u"HTTP request refused (%1): %2"_s.arg(status).arg(error);
    Q_EMIT refused(status, error);
    QObject::disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
    socket->setReadBufferSize(0);
    socket->write(errorReply(status, error));
    if (linger == Linger::Close) {
        // Evicted or too slow: the reply goes out, but the connection keeps nothing here.
        socket->disconnectFromHost();
        if (socket->state() != QAbstractSocket::UnconnectedState)
            setDeadline(socket, kLinger, [socket] { socket->abort(); });
        return;
    }
    auto drained = std::make_shared<qint64>(socket->skip(socket->bytesAvailable()));
    connect(socket, &QTcpSocket::readyRead, socket, [socket, drained] {
        *drained += socket->skip(socket->bytesAvailable());
        if (*drained > kMaxDrainBytes)
            socket->abort();
    });
    setDeadline(socket, kLinger, [socket] {
        socket->disconnectFromHost();
        setDeadline(socket, kReplyDrainTimeout, [socket] { socket->abort(); });
    });
    // A bounded number drain at once: the oldest is closed for a new one.
    m_lingering.removeAll(nullptr);
    m_lingering.append(socket);
    while (m_lingering.size() > m_limits.maxLingering) {
        const QPointer<QTcpSocket> oldest = m_lingering.takeFirst();
        if (oldest)
            oldest->abort();
    }
}

} // namespace mpa
