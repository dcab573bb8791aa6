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

QUrl LlmConfig::endpoint(const QString &path) const
{
    QUrl url = baseUrl;
    QString p = url.path();
    while (p.endsWith(u'/'))
        p.chop(1);
    url.setPath(p + path);
    return url;
}

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
    if (config.baseUrl != m_config.baseUrl || config.model != m_config.model) {
        m_toolsRefused = false;
        m_imagesRefused = false;
    }
    if (config.apiKey != m_config.apiKey || config.authUrl != m_config.authUrl) {
        m_accessToken.clear();
        m_tokenExpiresMs = 0;
    }
    m_config = config;
}

void LlmClient::refuseImages()
{
    if (std::exchange(m_imagesRefused, true))
        return;
    Q_EMIT imagesRefused();
}

LlmCall *LlmClient::complete(const QJsonArray &messages, const QJsonArray &tools, bool stream)
{
    auto *call = new LlmCall(this, messages, tools, stream);
    // Sent on the next turn, so the caller connects its signals first.
    QMetaObject::invokeMethod(call, &LlmCall::send, Qt::QueuedConnection);
    return call;
}

void LlmClient::authorization(const std::function<void(const QString &, const QString &)> &done, bool renew)
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
        if (m_tokenExpiresMs < 100'000'000'000) // seconds, not milliseconds
            m_tokenExpiresMs *= 1000;
        done(u"Bearer "_s + m_accessToken, {});
    });
}

void LlmClient::listModels(const CommandReply &done)
{
    authorization([this, done](const QString &header, const QString &error) {
        if (!error.isEmpty())
            return done(CommandResult::failure(error, ErrorKind::Unavailable));
        QNetworkRequest request(m_config.endpoint(u"/models"_s));
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
                return done(CommandResult::failure(
                    u"%1 could not be reached: %2"_s.arg(who, reply->errorString()), ErrorKind::Unavailable));
            if (status == 401 || status == 403)
                return done(CommandResult::failure(
                    u"the API key was refused by %1 (HTTP %2)"_s.arg(who).arg(status), ErrorKind::Refused));
            if (status != 200)
                return done(CommandResult::failure(
                    u"%1 answered HTTP %2 to the list of models"_s.arg(who).arg(status),
                    ErrorKind::Upstream));
            QStringList ids;
            for (const QJsonValue &model :
                 QJsonDocument::fromJson(reply->readAll()).object().value(u"data").toArray())
                ids.append(model.toObject().value(u"id").toString());
            ids.removeAll(QString());
            ids.sort();
            done(CommandResult::success(QJsonArray::fromStringList(ids)));
        });
    });
}

void LlmClient::test(const CommandReply &done)
{
    if (m_config.baseUrl.isEmpty())
        return done(CommandResult::failure(u"no address: choose a provider or give an address"_s));
    if (m_config.model.isEmpty())
        return done(CommandResult::failure(u"no model chosen"_s));
    const QJsonArray messages { QJsonObject { { u"role"_s, u"user"_s },
                                              { u"content"_s, u"Reply with the single word OK."_s } } };
    LlmCall *call = complete(messages, {}, false);
    const QString model = m_config.model;
    connect(call, &LlmCall::finished, this, [done, model](const LlmReply &reply) {
        if (!reply.ok())
            return done(CommandResult::failure(reply.error, ErrorKind::Upstream));
        done(CommandResult::success(u"OK: %1 answered in %2 ms (“%3”)"_s.arg(model)
                                        .arg(reply.elapsedMs)
                                        .arg(reply.content.simplified().left(60))));
    });
}

} // namespace mpa
