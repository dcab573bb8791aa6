#pragma once
// An OpenAI-compatible chat-completions client: messages and function tools in, the assistant's
// text and tool calls out, streamed (server-sent events) or not. Retries 429, 5xx, network
// errors and timeouts with backoff, honouring Retry-After (timed with the injectable Clock);
// a refused key fails at once, naming the provider; a model that does not take tools is asked
// again without them (the caller then reads one JSON action from the text). abort() closes the
// connection at once. GigaChat's authorization key is exchanged for an access token, kept until
// it expires and renewed. The key never reaches the log (it is registered as a secret). One
// request is an LlmCall (LlmCall.h).

#include "LlmCall.h"
#include "common/CommandResult.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>

namespace mpa {

class Clock;
class Settings;

struct LlmConfig
{
    QString provider; // llm/provider
    QString displayName; // for messages: "Groq", or the custom address's host
    QUrl baseUrl; // …/v1: requests go to baseUrl + /chat/completions
    QString model;
    QString apiKey; // may be empty (Ollama, LM Studio)
    double temperature = 0.2;
    int timeoutS = 60;
    int maxRetries = 3;
    QUrl authUrl; // GigaChat: the OAuth endpoint; apiKey is then the authorization key
    QString authScope;

    // From the llm/* settings: the preset's address when llm/baseUrl is empty.
    static LlmConfig fromSettings(const Settings &settings, const QString &apiKey);
    // baseUrl + `path` ("/chat/completions", "/models").
    QUrl endpoint(const QString &path) const;
};

class LlmClient : public QObject
{
    Q_OBJECT
public:
    explicit LlmClient(Clock *clock, QObject *parent = nullptr);
    ~LlmClient() override;

    void setConfig(const LlmConfig &config);
    const LlmConfig &config() const { return m_config; }
    Clock *clock() const { return m_clock; }

    // messages: OpenAI chat messages; tools: OpenAI `tools` (empty: none).
    LlmCall *complete(const QJsonArray &messages, const QJsonArray &tools, bool stream = true);
    // GET {base}/models: `data` is the model ids the service offers (a JSON array), sorted;
    // Unavailable when the service (or its token) cannot be had, Refused when it refused the
    // key (HTTP 401 or 403), Upstream for another answer.
    void listModels(const CommandReply &done);
    // One tiny request: `data` is a sentence saying how it went; the error says why not (BadInput
    // no address or model, Upstream the request failed).
    void test(const CommandReply &done);
    // Whether the model took function tools (false after it refused them once).
    bool takesTools() const { return !m_toolsRefused; }
    // Whether the model takes images (false after it refused them once, or when told so); with the
    // fallback on (agent/vision auto) a request whose images are refused is sent again without
    // them and imagesRefused() says so, so the owner can remember it for the next runs.
    bool takesImages() const { return !m_imagesRefused; }
    void setTakesImages(bool takes) { m_imagesRefused = !takes; }
    bool imageFallback() const { return m_imageFallback; }
    void setImageFallback(bool on) { m_imageFallback = on; }

Q_SIGNALS:
    // A request's images were refused and taken out (the model takes none).
    void imagesRefused();

private:
    friend class LlmCall;
    // The Authorization header value for the next request (GigaChat: a fresh access token).
    void authorization(const std::function<void(const QString &header, const QString &error)> &done,
                       bool renew = false);
    void refuseImages();

    Clock *m_clock;
    QNetworkAccessManager m_network;
    LlmConfig m_config;
    bool m_toolsRefused = false;
    bool m_imagesRefused = false;
    bool m_imageFallback = true;
    QString m_accessToken;
    qint64 m_tokenExpiresMs = 0;
};

} // namespace mpa
