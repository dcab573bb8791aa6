#pragma once
// One request of an LlmClient (LlmClient.h) and its reply: streamed text as it comes, then
// one LlmReply; retried with backoff on the client's Clock.

#include "LlmStream.h"
#include "common/Stopwatch.h"

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QNetworkReply;

namespace mpa {

class ClockTimer;
class LlmClient;

struct LlmReply
{
    enum class Outcome { Ok, Aborted, AuthRefused, HttpError, NetworkError, Timeout, BadResponse };
    Outcome outcome = Outcome::Ok;
    QString error; // a sentence: "the API key was refused by Groq (HTTP 401: …)"
    int httpStatus = 0;
    QString content;
    QList<LlmToolCall> toolCalls;
    QString finishReason;
    LlmUsage usage;
    int attempts = 1;
    bool usedTools = true; // false when the request went without tools
    // false when the request's images were taken out: the model refused them (LlmClient::takesImages).
    bool usedImages = true;
    qint64 elapsedMs = 0;

    bool ok() const { return outcome == Outcome::Ok; }
};

// One request in flight. finished() comes exactly once; the call deletes itself after it.
class LlmCall : public QObject
{
    Q_OBJECT
public:
    ~LlmCall() override;
    // Ends the call at once: the connection is closed and finished(Aborted) emitted before this
    // returns.
    void abort();

Q_SIGNALS:
    void textDelta(const QString &text);
    void finished(const mpa::LlmReply &reply);

private:
    friend class LlmClient;
    LlmCall(LlmClient *client, QJsonArray messages, QJsonArray tools, bool stream);

    void send();
    void sendWithToken(const QString &bearer);
    void onReadyRead();
    void onFinished();
    void retryLater(int status, const QString &why, const QByteArray &retryAfter);
    void finish(LlmReply::Outcome outcome, const QString &error = {});
    QString serviceError(const QByteArray &body) const;
    // The messages without their image parts (a text-only user message as a plain string again).
    static QJsonArray withoutImages(const QJsonArray &messages);

    QPointer<LlmClient> m_client;
    QJsonArray m_messages;
    QJsonArray m_tools;
    bool m_stream;
    bool m_withTools;
    bool m_withImages;
    bool m_done = false;
    bool m_refreshedToken = false;
    QPointer<QNetworkReply> m_reply;
    ClockTimer *m_retry = nullptr;
    bool m_isEventStream = false;
    LlmReply m_result;
    LlmStream m_answer; // the answer being read
    Stopwatch m_elapsed; // on the client's Clock
};

} // namespace mpa
