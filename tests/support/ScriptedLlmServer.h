#pragma once
// An OpenAI-compatible model for tests: a real HTTP/1.1 server on 127.0.0.1 that answers
// POST /v1/chat/completions from a script (a queue of replies, then a responder that reads the
// request), with or without streaming (server-sent events shaped like OpenAI's: content deltas,
// tool-call deltas whose arguments arrive in pieces, a last chunk with finish_reason and usage).
// It also answers GET /v1/models and GigaChat's OAuth token exchange (POST /api/v2/oauth), and
// records what it was sent and which connections the client closed.

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QStringList>
#include <QTcpServer>
#include <QUrl>

#include <chrono>
#include <functional>

class QTcpSocket;

namespace mpa::test {

class ScriptedLlmServer : public QObject
{
    Q_OBJECT
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;
    struct Reply
    {
        int status = 200;
        Headers headers = {}; // e.g. {"Retry-After", "1"}
        QByteArray body = {}; // a raw body (errors, odd output)
        QList<QByteArray> sseEvents
            = {}; // non-empty: a text/event-stream of these data payloads, then [DONE]
        int chunkDelayMs = 0; // between SSE events (real time)
        bool hang = false; // take the request and never answer
    };

    explicit ScriptedLlmServer(QObject *parent = nullptr);
    ~ScriptedLlmServer() override;

    QUrl baseUrl() const; // http://127.0.0.1:PORT/v1

    // A complete OpenAI answer: choices[0].message with a tool call (and text), or text alone.
    static Reply toolCall(const QString &name, const QJsonObject &arguments, const QString &content = {});
    static Reply text(const QString &content);
    // The same, streamed: content in `pieces` deltas; the arguments' JSON text split across events.
    static Reply streamedToolCall(const QString &name, const QJsonObject &arguments, int pieces = 4);
    static Reply streamedText(const QString &content, int pieces = 4);
    // An OpenAI-style error body {"error": {"message", "type", "code"}}.
    static Reply error(int status, const QString &message, Headers headers = {});

    void enqueue(const Reply &reply);
    // Answers when the queue is empty (else 500 "no scripted reply").
    void setResponder(std::function<Reply(const QJsonObject &request)> responder);
    int pendingReplies() const { return int(m_queue.size()); }

    QList<QJsonObject> requests() const { return m_requests; } // every chat request body, in order

    // A chat request as a model reads it: the text of every message (a plain string content, or
    // the text parts of a multimodal one), one message a line; and the images of its image_url
    // parts (a data: URL's type and decoded bytes; an http(s) URL as it is, with no bytes).
    struct Image
    {
        QString mimeType;
        QByteArray bytes;
        QString url; // when not a data: URL
    };
    static QString textOf(const QJsonObject &request);
    static QList<Image> imagesOf(const QJsonObject &request);
    QList<QByteArray> authorizations() const { return m_authorizations; } // their Authorization headers
    int connectionsClosedByClient() const { return m_closedByClient; }

    void setModels(const QStringList &ids); // GET /v1/models
    // GigaChat's token exchange: Basic <expectedKey> → {"access_token", "expires_at" (ms)}.
    void setOAuth(const QString &expectedBasicKey, std::chrono::milliseconds tokenLife);
    QUrl oauthUrl() const;
    int tokensIssued() const { return m_tokensIssued; }
    // The token a chat request must carry when OAuth is set (the last one issued).
    QString currentAccessToken() const { return m_accessToken; }
    // Makes the access tokens issued so far invalid (the next chat request gets 401).
    void revokeTokens() { m_accessToken = QStringLiteral("revoked"); }

private:
    struct Connection
    {
        QByteArray buffer;
        bool answered = false;
        bool streaming = false;
    };

    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void handle(QTcpSocket *socket, const QByteArray &method, const QByteArray &path,
                const QHash<QByteArray, QByteArray> &headers, const QByteArray &body);
    void send(QTcpSocket *socket, const Reply &reply);
    void sendEvents(QPointer<QTcpSocket> socket, QList<QByteArray> events, int delayMs);
    static void write(QTcpSocket *socket, int status, const QByteArray &contentType, const QByteArray &body,
                      const Headers &headers = {});

    QTcpServer m_server;
    QList<Reply> m_queue;
    std::function<Reply(const QJsonObject &)> m_responder;
    QList<QJsonObject> m_requests;
    QList<QByteArray> m_authorizations;
    QHash<QTcpSocket *, Connection> m_connections;
    int m_closedByClient = 0;
    QStringList m_models;
    QString m_oauthKey;
    std::chrono::milliseconds m_tokenLife { 0 };
    QString m_accessToken;
    int m_tokensIssued = 0;
};

} // namespace mpa::test
