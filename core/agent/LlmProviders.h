#pragma once
// The model services the Models page offers as presets: where their OpenAI-compatible API is,
// whether they need a key, and (GigaChat) where the key is exchanged for an access token.

#include "common/CommandResult.h"

#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace mpa {

struct LlmProvider
{
    QString id; // the llm/provider value
    QString displayName;
    QUrl baseUrl; // empty for custom: the user's own address
    bool needsKey = true;
    QUrl authUrl = {}; // OAuth token exchange (GigaChat), empty for the others
};

class SecretStore;

class LlmProviders
{
public:
    static const QList<LlmProvider> &all();
    static std::optional<LlmProvider> find(const QString &id);
    // The API key for `provider` (readApiKey: MPA_LLM_API_KEY, the session's, the keychain's),
    // except that a provider that needs none (Ollama, LM Studio) never asks the keychain: it gets
    // the environment's key or none.
    static void readKey(SecretStore *store, const QString &provider, CommandReply done);
};

} // namespace mpa
