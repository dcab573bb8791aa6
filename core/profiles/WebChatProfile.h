#pragma once
// How the app recognises one web chat (ChatGPT, Claude, Gemini, AI Studio, …) and where its
// parts are: the chat-tab bridge's "brain" tab is driven through ChatSurface with these
// selectors. Profiles are data: resources/profiles/chats/<id>.json, overridden and extended by
// <config-dir>/profiles/chats/<id>.json; observation mode (ChatLearner) writes learned ones
// there too, as `learned-<host>`.
//
// JSON:
//   {
//     "id": "chatgpt",                     required; [a-z0-9][a-z0-9.-]*
//     "name": "ChatGPT",                   required
//     "description": "…",                  optional
//     "match": { "urlPatterns": [...], "titlePatterns": [...] }
//                                          TextPattern sources (substring or /regex/flags); a
//                                          profile without any is the fallback (generic)
//     "chat": { ... }                      ChatSelectors (see profiles/ChatSelectors.h); required,
//                                          with at least chat.input
//     "images": true,                      the chat takes images (through chat.fileInput): with
//                                          agent/vision auto the bridge attaches its screenshot;
//                                          optional, false when absent (older profiles)
//     "learned": true,                     written by observation mode
//     "learnedAt": "2026-11-25T10:00:00Z"
//   }

#include "common/TextPattern.h"
#include "profiles/ChatSelectors.h"

#include <QDateTime>
#include <QJsonObject>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace mpa {

struct WebChatProfile
{
    QString id;
    QString name;
    QString description;
    QString origin; // the file it came from (":/profiles/chats/x.json" or a path)
    QStringList urlPatterns; // TextPattern sources
    QStringList titlePatterns;
    ChatSelectors chat;
    bool images = false; // the chat takes images through its file input
    bool learned = false; // written by observation mode
    QDateTime learnedAt;

    // Reads a profile; an error names the key that is wrong.
    static std::optional<WebChatProfile> fromJson(const QJsonObject &json, QString *error = nullptr);
    QJsonObject toJson() const;

    // True for a profile without URL or title patterns (the generic one).
    bool isFallback() const { return urlPatterns.isEmpty() && titlePatterns.isEmpty(); }
    // True when a URL pattern matches `url` or a title pattern matches `title`; false for the
    // fallback, which has none.
    bool matches(const QString &url, const QString &title) const;

    // The id a learned profile of the chat at `url` gets: "learned-<host>".
    static QString learnedId(const QUrl &url);
    // A URL pattern matching every page of `url`'s host (scheme and port included).
    static QString hostPattern(const QUrl &url);
    // The profile observation mode saves for the chat at `url`: id learnedId(url), matching
    // that host's pages, learned at `when`; it takes images when a file input for them was
    // found by the message box (chat.fileInput).
    static WebChatProfile learnedFor(const QUrl &url, const ChatSelectors &chat, const QDateTime &when);
};

} // namespace mpa
