#pragma once
// What the chat's page script saw in one look (ChatSurface::readState), read from its JSON.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace mpa {

struct ChatConversation
{
    QString name;
    bool active = false;
};

// What the payload saw in one look at the chat.
struct ChatState
{
    bool ok = false; // false: the look failed (`error`), nothing below is known
    QString error;
    QString frameId;
    QString title;
    QString url;
    bool visible = false; // the document is visible
    bool rootAsked = false; // the selectors name the agent panel (chat.root)
    bool rootFound = false; // … and it is on the page
    QString scope; // where the chat was looked for: panel, around-input (no panel), window
    bool inputFound = false;
    QString inputKind; // textarea, input, contenteditable, prosemirror, lexical
    QString inputText;
    QString inputRaw; // the box's exact content (value, or markup of a rich editor)
    bool inputFocused = false;
    bool inputEnabled = false;
    bool sendFound = false;
    bool sendEnabled = false;
    bool generating = false;
    int replyCount = 0;
    qint64 replyLength = 0;
    QString replyDigest;
    QString replyText; // only when asked for
    int userCount = 0;
    QStringList recentUserMessages; // the last five, oldest first
    QList<ChatConversation> conversations; // only when asked for
    QStringList problems; // invalid selectors

    static ChatState fromJson(const QJsonObject &json, const QString &frameId);
};

// The conversations as the debug API and the window read them:
// {"conversations": [{"name": …, "active": …}, …], "active": the active one's name or ""}.
QJsonObject conversationsJson(const QList<ChatConversation> &conversations);
QList<ChatConversation> conversationsFromJson(const QJsonObject &json);

} // namespace mpa
