#include "LlmCall.h"

#include "LlmClient.h"
#include "LlmProviders.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "settings/Settings.h"

#include <QJsonDocument>
#include <QLocale>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrlQuery>
#include <QUuid>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kMaxBackoffMs = 30000;

// Retry-After as milliseconds: seconds, or an HTTP date.
std::optional<qint64> retryAfterMs(const QByteArray &value, qint64 nowMs)
{
    if (value.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double seconds = value.trimmed().toDouble(&ok);
    if (ok)
        return qint64(std::max(0.0, seconds) * 1000);
    const QDateTime when
        = QLocale::c().toDateTime(QString::fromLatin1(value.trimmed()), u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s);
    if (!when.isValid())
        return std::nullopt;
    QDateTime utc = when;
    utc.setTimeZone(QTimeZone::utc());
    return std::max<qint64>(0, utc.toMSecsSinceEpoch() - nowMs);
}

int estimateTokens(const QString &text)
{
    return int((text.size() + 3) / 4);
}

bool mentionsTools(const QByteArray &body)
{
    const QByteArray lower = body.toLower();
    return lower.contains("tool") || lower.contains("function");
}

bool mentionsImages(const QByteArray &body)
{
    const QByteArray lower = body.toLower();
    return lower.contains("image") || lower.contains("vision") || lower.contains("multimodal");
}

bool hasImages(const QJsonArray &messages)
{
    for (const QJsonValue &message : messages) {
        for (const QJsonValue &part : message.toObject().value(u"content").toArray()) {
            if (part.toObject().value(u"type").toString() == u"image_url"_s)
                return true;
        }
    }
    return false;
}

// What OpenAI counts for a 1280 × 720 image (6 tiles of 170, and 85): the estimate of an image
// part when the service reports no usage.
constexpr int kImageTokens = 1105;

} // namespace

LlmCall::LlmCall(LlmClient *client, QJsonArray messages, QJsonArray tools, bool stream)
    : QObject(client)
    , m_client(client)
    , m_messages(std::move(messages))
    , m_tools(std::move(tools))
    , m_stream(stream)
    , m_withTools(!m_tools.isEmpty() && client->takesTools())
    , m_withImages(hasImages(m_messages))
{
    m_elapsed.setClock(client->clock());
    m_elapsed.start();
}

LlmCall::~LlmCall()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void LlmCall::send()
{
    if (m_done || !m_client)
        return;
    m_client->authorization(
        [this](const QString &header, const QString &error) {
            if (m_done)
                return;
            if (!error.isEmpty())
                return finish(LlmReply::Outcome::AuthRefused, error);
            sendWithToken(header);
        },
        m_refreshedToken);
}

void LlmCall::sendWithToken(const QString &bearer)
{
    const LlmConfig &config = m_client->config();
    QJsonObject body { { u"model"_s, config.model },
                       { u"messages"_s, m_messages },
                       { u"temperature"_s, config.temperature },
                       { u"stream"_s, m_stream } };
    if (m_stream)
        body.insert(u"stream_options"_s, QJsonObject { { u"include_usage"_s, true } });
    if (m_withTools) {
        body.insert(u"tools"_s, m_tools);
        body.insert(u"tool_choice"_s, u"auto"_s);
    }
    QNetworkRequest request(config.endpoint(u"/chat/completions"_s));
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    request.setRawHeader("Accept", m_stream ? "text/event-stream" : "application/json");
    if (!bearer.isEmpty())
        request.setRawHeader("Authorization", bearer.toUtf8());
    request.setTransferTimeout(config.timeoutS * 1000);
    m_isEventStream = false;
    m_answer = LlmStream();
    m_reply = m_client->m_network.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    connect(m_reply, &QNetworkReply::readyRead, this, &LlmCall::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &LlmCall::onFinished);
}

void LlmCall::onReadyRead()
{
    if (!m_reply || m_done)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_isEventStream = status == 200
        && m_reply->header(QNetworkRequest::ContentTypeHeader).toString().startsWith(u"text/event-stream"_s);
    if (!m_isEventStream)
        return; // read whole at the end
    m_answer.feed(m_reply->readAll(), false, [this](const QString &text) { Q_EMIT textDelta(text); });
}

QString LlmCall::serviceError(const QByteArray &body) const
{
    const QJsonObject json = QJsonDocument::fromJson(body).object();
    QString message = json.value(u"error").toObject().value(u"message").toString();
    if (message.isEmpty())
        message = json.value(u"error").toString(json.value(u"message").toString());
    if (message.isEmpty())
        message = QString::fromUtf8(body.left(200)).simplified();
    return message.left(300);
}

void LlmCall::onFinished()
{
    if (!m_reply || m_done)
        return;
    QNetworkReply *reply = m_reply;
    m_reply.clear();
    reply->deleteLater();
    const LlmConfig &config = m_client->config();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_result.httpStatus = status;
    const QByteArray rest = reply->readAll();
    const QString who = config.displayName.isEmpty() ? config.baseUrl.host() : config.displayName;

    if (status == 0) {
        const bool timedOut = reply->error() == QNetworkReply::OperationCanceledError
            || reply->error() == QNetworkReply::TimeoutError;
        const QString why = timedOut ? u"%1 did not answer within %2 s"_s.arg(who).arg(config.timeoutS)
                                     : u"%1 could not be reached at %2: %3"_s.arg(
                                         who, config.baseUrl.toString(), reply->errorString());
        // Nothing listens there: trying again in a second changes nothing (a local model that is
        // not started, a wrong port), so it is said at once.
        if (reply->error() == QNetworkReply::ConnectionRefusedError)
            return finish(LlmReply::Outcome::NetworkError,
                          u"%1 refused the connection at %2: is it running, and on that port?"_s.arg(
                              who, config.baseUrl.toString()));
        return retryLater(0, why, {});
    }
    if (status == 401 || status == 403) {
        if (!config.authUrl.isEmpty() && !m_refreshedToken) {
            m_refreshedToken = true; // an expired access token: one more try with a new one
            return send();
        }
        return finish(
            LlmReply::Outcome::AuthRefused,
            u"the API key was refused by %1 (HTTP %2: %3)"_s.arg(who).arg(status).arg(serviceError(rest)));
    }
    if (status == 408 || status == 409 || status == 429 || status >= 500)
        return retryLater(status, u"%1 answered HTTP %2: %3"_s.arg(who).arg(status).arg(serviceError(rest)),
                          reply->rawHeader("Retry-After"));
    if (status >= 400) {
        if (m_withImages && (status == 400 || status == 422) && mentionsImages(rest)) {
            if (!m_client || !m_client->imageFallback()) {
                return finish(
                    LlmReply::Outcome::HttpError,
                    u"%1 answered HTTP %2: %3 (agent/vision is on: set it to auto or off for a model "
                    "that takes no images)"_s.arg(who)
                        .arg(status)
                        .arg(serviceError(rest)));
            }
            qCInfo(lcAgent).noquote()
                << u"%1 (%2) does not take images; asking again without them"_s.arg(who, config.model);
            m_messages = withoutImages(m_messages);
            m_withImages = false;
            m_result.usedImages = false;
            m_client->refuseImages();
            return send();
        }
        if (m_withTools && (status == 400 || status == 404 || status == 422) && mentionsTools(rest)) {
            qCInfo(lcAgent).noquote()
                << u"%1 (%2) does not take tools; asking again without them"_s.arg(who, config.model);
            m_withTools = false;
            m_result.usedTools = false;
            if (m_client)
                m_client->m_toolsRefused = true;
            return send();
        }
        return finish(LlmReply::Outcome::HttpError,
                      u"%1 answered HTTP %2: %3"_s.arg(who).arg(status).arg(serviceError(rest)));
    }
    if (m_isEventStream) {
        m_answer.feed(rest, true, [this](const QString &text) { Q_EMIT textDelta(text); });
        m_result.content = m_answer.content; // what came before a break, for the caller's log
        if (!m_answer.streamError.isEmpty())
            return finish(LlmReply::Outcome::HttpError,
                          u"%1 stopped its answer: %2"_s.arg(who, m_answer.streamError.left(300)));
    } else {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(rest, &error);
        if (!doc.isObject()) {
            return finish(
                LlmReply::Outcome::BadResponse,
                u"%1 answered something that is not a chat completion (%2)"_s.arg(who, error.errorString()));
        }
        m_answer.takeMessage(doc.object());
    }
    if (!m_answer.badResponse.isEmpty())
        return finish(LlmReply::Outcome::BadResponse, u"%1 sent %2"_s.arg(who, m_answer.badResponse));
    m_answer.finishToolCalls();
    m_result.content = m_answer.content;
    m_result.finishReason = m_answer.finishReason;
    m_result.toolCalls = m_answer.toolCalls;
    m_result.usage = m_answer.usage;
    finish(LlmReply::Outcome::Ok);
}

QJsonArray LlmCall::withoutImages(const QJsonArray &messages)
{
    QJsonArray out;
    for (const QJsonValue &value : messages) {
        QJsonObject message = value.toObject();
        const QJsonValue content = message.value(u"content");
        if (content.isArray()) {
            QJsonArray kept;
            for (const QJsonValue &part : content.toArray()) {
                if (part.toObject().value(u"type").toString() != u"image_url"_s)
                    kept.append(part);
            }
            if (kept.size() == 1 && kept.at(0).toObject().value(u"type").toString() == u"text"_s)
                message.insert(u"content"_s, kept.at(0).toObject().value(u"text"));
            else
                message.insert(u"content"_s, kept);
        }
        out.append(message);
    }
    return out;
}

void LlmCall::retryLater(int status, const QString &why, const QByteArray &retryAfter)
{
    const LlmConfig &config = m_client->config();
    if (m_result.attempts > config.maxRetries) {
        return finish(status == 0 ? (why.contains(u"did not answer"_s) ? LlmReply::Outcome::Timeout
                                                                       : LlmReply::Outcome::NetworkError)
                                  : LlmReply::Outcome::HttpError,
                      u"%1 (after %2 attempts)"_s.arg(why).arg(m_result.attempts));
    }
    Clock *clock = m_client->clock();
    const qint64 backoff = std::min<qint64>(kMaxBackoffMs, 1000LL << std::min(m_result.attempts - 1, 5));
    const qint64 delay = std::min<qint64>(120000, retryAfterMs(retryAfter, clock->nowMs()).value_or(backoff));
    qCInfo(lcAgent).noquote() << u"%1; trying again in %2 ms (attempt %3 of %4)"_s.arg(why)
                                     .arg(delay)
                                     .arg(m_result.attempts + 1)
                                     .arg(config.maxRetries + 1);
    ++m_result.attempts;
    if (!m_retry) {
        m_retry = new ClockTimer(clock, this);
        connect(m_retry, &ClockTimer::timeout, this, &LlmCall::send);
    }
    m_retry->start(std::chrono::milliseconds(delay));
}

void LlmCall::abort()
{
    if (m_done)
        return;
    if (m_retry)
        m_retry->stop();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply.clear();
        reply->disconnect(this);
        reply->abort(); // closes the connection now
        reply->deleteLater();
    }
    finish(LlmReply::Outcome::Aborted, u"stopped"_s);
}

void LlmCall::finish(LlmReply::Outcome outcome, const QString &error)
{
    if (m_done)
        return;
    m_done = true;
    m_result.outcome = outcome;
    m_result.error = error;
    m_result.usedTools = m_withTools;
    m_result.elapsedMs = m_elapsed.elapsed();
    if (outcome == LlmReply::Outcome::Ok && !m_answer.sawUsage) {
        QString prompt;
        int images = 0;
        for (const QJsonValue &message : std::as_const(m_messages)) {
            const QJsonValue content = message.toObject().value(u"content");
            prompt += content.toString();
            for (const QJsonValue &part : content.toArray()) {
                const QJsonObject piece = part.toObject();
                if (piece.value(u"type").toString() == u"image_url"_s)
                    ++images;
                else
                    prompt += piece.value(u"text").toString();
            }
        }
        m_result.usage.promptTokens = estimateTokens(prompt) + images * kImageTokens;
        QString completion = m_result.content;
        for (const LlmToolCall &call : std::as_const(m_result.toolCalls))
            completion += call.name + call.argumentsText;
        m_result.usage.completionTokens = estimateTokens(completion);
        m_result.usage.estimated = true;
    }
    const LlmReply result = m_result;
    Q_EMIT finished(result);
    deleteLater();
}

} // namespace mpa
