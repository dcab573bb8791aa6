#pragma once
// Where a chat's parts are, as CSS selectors: what ChatSurface needs to drive an IDE agent
// panel or a web chat. Each field is a list of selectors tried in order: the first with a
// match that counts wins (a prompt box counts when it is visible and big enough to type
// into; a button or tab when it is visible). In JSON each may be a string or an array.
//
// Everything is looked for inside `root` (the agent panel; an IDE profile's panelSelector
// when its chat object names none). On a page without it, the payload looks in the window
// minus the parts of an IDE workbench that are never the chat (editors and their tabs, the
// find / replace widget, quick input, the search viewlet, terminals, notifications, bars),
// then in the panel around the prompt box it found there. Monaco's input textareas and IME
// overlays are never a prompt box (see payload/chat.js).
//
// JSON (the "chat" object of an IDE profile, resources/profiles/<ide>.json):
//   {
//     "root":                  the agent panel; default: the document
//     "input":                 the prompt box: textarea, input, contenteditable / ProseMirror (required)
//     "sendButton":            the send button
//     "stopButton":            the stop button, shown while the agent generates
//     "generating":            other signs of generation (spinner, "Generating…")
//     "userMessage":           the user's messages in the transcript (the text of each)
//     "reply":                 the agent's replies; the last match is the last reply
//     "conversationTab":       the conversation tabs (their text, without an age such as
//                              "3m", is the conversation's name)
//     "activeConversationTab": the active tab; default: aria-selected / aria-current /
//                              data-state="active" / .active
//     "fileInput":             the chat's <input type=file> for attachments (the bridge uploads
//                              its screenshot there); default: one accepting images, near the box
//     "attachment":            what the chat shows for an attached file (a preview, a chip);
//                              default: common preview markup (ChatSurface::attachFile)
//   }

#include <QJsonObject>
#include <QStringList>

namespace mpa {

struct ChatSelectors
{
    QStringList root;
    QStringList input;
    QStringList sendButton;
    QStringList stopButton;
    QStringList generating;
    QStringList userMessage;
    QStringList reply;
    QStringList conversationTab;
    QStringList activeConversationTab;
    QStringList fileInput;
    QStringList attachment;

    // Reads a "chat" object. Unknown keys and wrong types are errors that name the key.
    static ChatSelectors fromJson(const QJsonObject &chat, QString *error = nullptr);
    // Reads profile["chat"] of an IDE profile.
    static ChatSelectors fromProfile(const QJsonObject &profile, QString *error = nullptr);
    // Selectors that fit common agent panels and web chats, used until a profile says better.
    static ChatSelectors generic();

    QJsonObject toJson() const;
    bool isUsable(QString *why = nullptr) const; // has at least an input selector
    bool operator==(const ChatSelectors &other) const = default;

    static QStringList jsonKeys();
};

} // namespace mpa
