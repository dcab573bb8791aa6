// Fuzz target: a profile file (core/profiles: IDE profiles and web chat profiles, each with its
// chat selectors), read as the app reads <config-dir>/profiles/*.json. A profile that loads is
// matched against a URL and title, and must load again from what it writes (the learned chat
// profiles are saved with toJson and read back at the next start).
#include "FuzzSupport.h"
#include "common/JsonText.h"
#include "profiles/ChatSelectors.h"
#include "profiles/IdeProfile.h"
#include "profiles/WebChatProfile.h"

#include <QJsonDocument>

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json = fuzz::bytes(data, size);
    if (!jsonNestingError(json, 64, QStringLiteral("the profile")).isEmpty())
        return 0;
    const QJsonObject object = QJsonDocument::fromJson(json).object();
    const QString url = QStringLiteral("https://chatgpt.com/c/1?q=a%20b#x");
    const QString title = QStringLiteral("Agent Manager — Antigravity");

    QString error;
    if (const std::optional<IdeProfile> ide = IdeProfile::fromJson(object, &error)) {
        (void)ide->matches(url, title);
        QString again;
        if (!IdeProfile::fromJson(ide->toJson(), &again))
            __builtin_trap(); // what it writes, it must read
    } else if (error.isEmpty()) {
        __builtin_trap(); // a refusal says why
    }
    error.clear();
    if (const std::optional<WebChatProfile> chat = WebChatProfile::fromJson(object, &error)) {
        (void)chat->matches(url, title);
        QString again;
        if (!WebChatProfile::fromJson(chat->toJson(), &again))
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    QString selectorError;
    const ChatSelectors selectors
        = ChatSelectors::fromJson(object.value(QStringLiteral("chat")).toObject(), &selectorError);
    (void)selectors.isUsable();
    (void)ChatSelectors::fromProfile(object);
    return 0;
}
