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

QUrl endpoint(const QUrl &base, const QString &path)
{
    QUrl url = base;
    QString p = url.path();
    while (p.endsWith(u'/'))
        p.chop(1);
    url.setPath(p + path);
    return url;
}

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

} // namespace

LlmConfig LlmConfig::fromSettings(const Settings &settings, const QString &apiKey)
{
    LlmConfig config;
    config.provider = settings.stringValue(SettingKey::LlmProvider);
    const std::optional<LlmProvider> preset = LlmProviders::find(config.provider);
    const QString address = settings.stringValue(SettingKey::LlmBaseUrl).trimmed();
    config.baseUrl = address.isEmpty() && preset ? preset->baseUrl : QUrl(address);
    config.displayName
        = preset && config.provider != u"custom"_s ? preset->displayName : config.baseUrl.host();
    config.model = settings.stringValue(SettingKey::LlmModel).trimmed();
    config.apiKey = apiKey;
    config.temperature = settings.stringValue(SettingKey::LlmTemperature).toDouble();
    config.timeoutS = settings.intValue(SettingKey::LlmTimeoutS);
    config.maxRetries = settings.intValue(SettingKey::LlmMaxRetries);
    if (preset && !preset->authUrl.isEmpty()) {
        config.authUrl = preset->authUrl;
        config.authScope = settings.stringValue(SettingKey::LlmGigaChatScope);
    }
    return config;
}

// ---- LlmCall --------------------------------------------------------------------------------

LlmCall::LlmCall(LlmClient *client, QJsonArray messages, QJsonArray tools, bool stream)
    : QObject(client)
    , m_client(client)
    , m_messages(std::move(messages))
    , m_tools(std::move(tools))
    , m_stream(stream)
    , m_withTools(!m_tools.isEmpty() && client->takesTools())
{
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
    QNetworkRequest request(endpoint(config.baseUrl, u"/chat/completions"_s));
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
        for (const QJsonValue &message : std::as_const(m_messages))
            prompt += message.toObject().value(u"content").toString();
        m_result.usage.promptTokens = estimateTokens(prompt);
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

// ---- LlmClient ------------------------------------------------------------------------------

LlmClient::LlmClient(Clock *clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
{
}

LlmClient::~LlmClient() = default;

void LlmClient::setConfig(const LlmConfig &config)
{
    if (!config.apiKey.isEmpty())
        Logging::addSecret(config.apiKey);
    if (config.baseUrl != m_config.baseUrl || config.model != m_config.model)
        m_toolsRefused = false;
    if (config.apiKey != m_config.apiKey || config.authUrl != m_config.authUrl) {
        m_accessToken.clear();
        m_tokenExpiresMs = 0;
    }
    m_config = config;
}

LlmCall *LlmClient::complete(const QJsonArray &messages, const QJsonArray &tools, bool stream)
{
    auto *call = new LlmCall(this, messages, tools, stream);
    // Sent on the next turn, so the caller connects its signals first.
    QMetaObject::invokeMethod(call, &LlmCall::send, Qt::QueuedConnection);
    return call;
}

void LlmClient::authorization(std::function<void(const QString &, const QString &)> done, bool renew)
{
    if (m_config.authUrl.isEmpty())
        return done(m_config.apiKey.isEmpty() ? QString() : u"Bearer "_s + m_config.apiKey, {});
    const qint64 margin = 60000;
    if (!renew && !m_accessToken.isEmpty() && m_clock->nowMs() < m_tokenExpiresMs - margin)
        return done(u"Bearer "_s + m_accessToken, {});
    QNetworkRequest request(m_config.authUrl);
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/x-www-form-urlencoded"_s);
    request.setRawHeader("Accept", "application/json");
    request.setRawHeader("Authorization", "Basic " + m_config.apiKey.toUtf8());
    request.setRawHeader("RqUID", QUuid::createUuid().toString(QUuid::WithoutBraces).toUtf8());
    request.setTransferTimeout(m_config.timeoutS * 1000);
    QUrlQuery form;
    form.addQueryItem(u"scope"_s, m_config.authScope.isEmpty() ? u"GIGACHAT_API_PERS"_s : m_config.authScope);
    QNetworkReply *reply = m_network.post(request, form.toString(QUrl::FullyEncoded).toUtf8());
    const QString who = m_config.displayName;
    connect(reply, &QNetworkReply::finished, this, [this, reply, done, who] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject json = QJsonDocument::fromJson(reply->readAll()).object();
        const QString token = json.value(u"access_token").toString();
        if (status != 200 || token.isEmpty()) {
            return done(
                {},
                status == 0
                    ? u"%1's sign-in service could not be reached: %2"_s.arg(who, reply->errorString())
                    : u"the authorization key was refused by %1 (HTTP %2)"_s.arg(who).arg(status));
        }
        Logging::addSecret(token);
        m_accessToken = token;
        m_tokenExpiresMs = qint64(json.value(u"expires_at").toDouble());
        if (m_tokenExpiresMs < 1e11) // seconds, not milliseconds
            m_tokenExpiresMs *= 1000;
        done(u"Bearer "_s + m_accessToken, {});
    });
}

void LlmClient::listModels(std::function<void(const QStringList &, const QString &)> done)
{
    authorization([this, done](const QString &header, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        QNetworkRequest request(endpoint(m_config.baseUrl, u"/models"_s));
        request.setRawHeader("Accept", "application/json");
        if (!header.isEmpty())
            request.setRawHeader("Authorization", header.toUtf8());
        request.setTransferTimeout(m_config.timeoutS * 1000);
        QNetworkReply *reply = m_network.get(request);
        const QString who
            = m_config.displayName.isEmpty() ? m_config.baseUrl.toString() : m_config.displayName;
        connect(reply, &QNetworkReply::finished, this, [reply, done, who] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status == 0)
                return done({}, u"%1 could not be reached: %2"_s.arg(who, reply->errorString()));
            if (status == 401 || status == 403)
                return done({}, u"the API key was refused by %1 (HTTP %2)"_s.arg(who).arg(status));
            if (status != 200)
                return done({}, u"%1 answered HTTP %2 to the list of models"_s.arg(who).arg(status));
            QStringList ids;
            for (const QJsonValue &model :
                 QJsonDocument::fromJson(reply->readAll()).object().value(u"data").toArray())
                ids.append(model.toObject().value(u"id").toString());
            ids.removeAll(QString());
            ids.sort();
            done(ids, {});
        });
    });
}

void LlmClient::test(std::function<void(bool, const QString &)> done)
{
    if (m_config.baseUrl.isEmpty())
        return done(false, u"no address: choose a provider or give an address"_s);
    if (m_config.model.isEmpty())
        return done(false, u"no model chosen"_s);
    const QJsonArray messages { QJsonObject { { u"role"_s, u"user"_s },
                                              { u"content"_s, u"Reply with the single word OK."_s } } };
    LlmCall *call = complete(messages, {}, false);
    const QString model = m_config.model;
    connect(call, &LlmCall::finished, this, [done, model](const LlmReply &reply) {
        if (!reply.ok())
            return done(false, reply.error);
        done(true,
             u"OK: %1 answered in %2 ms (“%3”)"_s.arg(model)
                 .arg(reply.elapsedMs)
                 .arg(reply.content.simplified().left(60)));
    });
}

} // namespace mpa
