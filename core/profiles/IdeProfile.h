#pragma once
// How the app recognises one IDE (or any page) and where its agent panel is: which targets it
// applies to (URL and title patterns), the agent panel's scope, extra button selectors for
// auto-accept, and the chat selectors the scheduler's ChatSurface uses. Profiles are data:
// resources/profiles/<id>.json, overridden and extended by <config-dir>/profiles/<id>.json.
//
// JSON:
//   {
//     "id": "cursor",                      required; [a-z0-9-]+
//     "name": "Cursor",                    required
//     "match": { "urlPatterns": [...], "titlePatterns": [...] }
//                                          TextPattern sources (substring or /regex/flags); a
//                                          profile without any is the fallback for every page
//     "panelSelector": "css" | ["css", ...] the agent panel(s); auto-accept looks only inside
//     "buttonSelectors": ["css", ...]      button-like elements besides button, [role=button]
//     "frameIsPanel": true                 a frame without a panel of its own counts as the
//                                          panel (webviews, cross-origin iframes); default true
//     "neverPanel": ["css", ...]           regions of the IDE's window that are never the agent
//                                          panel (editor, merge code lenses, notifications,
//                                          dialogs, other views). When the page has no known
//                                          panel, auto-accept looks at the whole window minus
//                                          these; a profile without them (a web page) at nothing
//     "steps": {                           where a command step's command lives (auto-accept
//                                          clicks a button that runs something only when the
//                                          command of its own step is read whole):
//       "step": ["css", ...]                 an agent step: the nearest one around a button is its
//                                          step (else the payload's generic rule finds it)
//       "message": ["css", ...]              a chat message or turn: a step never reaches past one
//       "command": ["css", ...]              where the step's command is shown, besides pre, code,
//                                          terminal- and command-line-like elements and fields
//                                          (a Monaco editor there is read line by line; its
//                                          lines may be aria-hidden, as Monaco's are)
//       "ignore": ["css", ...]               text of the step that is not its command (a title, a
//                                          description, a status): not read
//       "plainText": false                   the step's own text outside those is its command
//     }
//     "chat": { ... }                      ChatSelectors (see chat/ChatSelectors.h); chat.root
//                                          defaults to panelSelector
//   }

#include "common/TextPattern.h"
#include "profiles/ChatSelectors.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <optional>

namespace mpa {

// Where an IDE's agent steps keep their commands (the profile's "steps").
struct StepSelectors
{
    QStringList step;
    QStringList message;
    QStringList command;
    QStringList ignore;
    bool plainText = false;

    // Reads "steps"; an error names the key that is wrong.
    static std::optional<StepSelectors> fromJson(const QJsonValue &json, QString *error = nullptr);
    QJsonObject toJson() const;
};

struct IdeProfile
{
    QString id;
    QString name;
    QList<TextPattern> urlPatterns; // compiled once, when read
    QList<TextPattern> titlePatterns;
    QStringList panelSelectors;
    QStringList buttonSelectors;
    bool frameIsPanel = true;
    QStringList neverPanel;
    StepSelectors steps;
    std::optional<ChatSelectors> chat;
    QString origin; // where it was read from (":/profiles/x.json" or a file path)

    // Reads a profile; an error names the key that is wrong.
    static std::optional<IdeProfile> fromJson(const QJsonObject &json, QString *error = nullptr);
    QJsonObject toJson() const;

    // True for a profile without URL or title patterns: it fits any page.
    bool isFallback() const { return urlPatterns.isEmpty() && titlePatterns.isEmpty(); }
    // True when a URL pattern matches `url` or a title pattern matches `title`.
    bool matches(const QString &url, const QString &title) const;
};

} // namespace mpa
