#include "LlmProviders.h"

#include "settings/SecretStore.h"

using namespace Qt::StringLiterals;

namespace mpa {

const QList<LlmProvider> &LlmProviders::all()
{
    static const QList<LlmProvider> providers {
        { u"custom"_s, u"Any OpenAI-compatible service"_s, QUrl(), true },
        { u"openai"_s, u"OpenAI"_s, QUrl(u"https://api.openai.com/v1"_s), true },
        { u"openrouter"_s, u"OpenRouter"_s, QUrl(u"https://openrouter.ai/api/v1"_s), true },
        { u"groq"_s, u"Groq"_s, QUrl(u"https://api.groq.com/openai/v1"_s), true },
        { u"gigachat"_s, u"GigaChat"_s, QUrl(u"https://gigachat.devices.sberbank.ru/api/v1"_s), true,
          QUrl(u"https://ngw.devices.sberbank.ru:9443/api/v2/oauth"_s) },
        { u"ollama"_s, u"Ollama (this machine)"_s, QUrl(u"http://127.0.0.1:11434/v1"_s), false },
        { u"lmstudio"_s, u"LM Studio (this machine)"_s, QUrl(u"http://127.0.0.1:1234/v1"_s), false },
    };
    return providers;
}

std::optional<LlmProvider> LlmProviders::find(const QString &id)
{
    for (const LlmProvider &provider : all()) {
        if (provider.id == id)
            return provider;
    }
    return std::nullopt;
}

void LlmProviders::readKey(SecretStore *store, const QString &provider, CommandReply done)
{
    const std::optional<LlmProvider> preset = find(provider);
    const bool keyless = preset && !preset->needsKey;
    readApiKey(keyless ? nullptr : store, provider, std::move(done));
}

} // namespace mpa
