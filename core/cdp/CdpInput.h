#pragma once
// Trusted input as CDP sends it (Input.dispatchKeyEvent / dispatchMouseEvent / insertText): one
// key table, one way to press a chord, click a point or type text, for every part of the app
// that acts on a page (the toolkit's PageController, the chat's ChatSurface). Builders return
// the commands; send() sends them in order on a session.

#include "CdpTypes.h"

#include <QJsonObject>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace mpa {

class CdpSession;

namespace CdpInput {

// CDP's modifier bits.
enum Modifier : int { Alt = 1, Control = 2, Meta = 4, Shift = 8 };

struct Key
{
    QString key; // "Enter", "a"
    QString code; // "Enter", "KeyA"
    int keyCode = 0; // Windows virtual key code
    QString text; // what it types ("\r" for Enter), empty for none
    int modifier = 0; // for Alt, Control, Meta, Shift themselves
};

struct Command
{
    QString method;
    QJsonObject params;
};

// A key by name: Enter, Tab, Escape, ArrowDown, F5, Control, Shift, Alt, Meta (and the usual
// other spellings: ctrl, cmd, option, esc, del, up…) or a single character.
std::optional<Key> key(const QString &name);
// "Control+Shift+P" → {"Control", "Shift", "P"}; "Control++" ends with "+".
QStringList chordParts(const QString &chord);
// Modifiers held, the last key pressed and released, modifiers released: the parts must be
// known keys, every one but the last a modifier (check with key() first).
QList<Command> chord(const QString &chord);
// One key pressed and released with `modifiers` held (their own key events not sent).
QList<Command> press(const Key &key, int modifiers = 0);
// Moved to the point, then `clickCount` presses and releases of `button` (left, right, middle).
QList<Command> click(QPointF point, int clickCount = 1, const QString &button = QStringLiteral("left"));
Command mouseMove(QPointF point);
// The CDP `buttons` bit of a button name (left 1, right 2, middle 4); 0 for anything else.
int buttonBit(const QString &button);
// A move with `buttons` held (a drag: the page sees MouseEvent.buttons), a press or a release of
// `button` with `buttons` held after it, and a wheel turn at a point.
Command mouseMove(QPointF point, int buttons);
Command mouseButton(bool press, QPointF point, const QString &button, int buttons, int clickCount = 1);
Command mouseWheel(QPointF point, double deltaX, double deltaY, int buttons = 0);
// An HTML5 drag event (dragEnter, dragOver, drop, dragCancel) with the data Input.dragIntercepted
// gave, at a point.
Command dragEvent(const QString &type, QPointF point, const QJsonObject &data);
// What a US keyboard has as key presses; anything else (accents, emoji) as text input, in order.
QList<Command> typeText(const QString &text);
Command insertText(const QString &text);

// The modifier of the browser's OS for shortcuts like select-all or send: Meta when its user
// agent says macOS, Control otherwise (and when it is not known).
int primaryModifier(const QString &browserUserAgent);

// Sends `commands` back to back on `session`, in order; once all are answered `done` gets the
// first failure (or no error), once. No session: a transport error at once.
void send(CdpSession *session, const QList<Command> &commands, QObject *context,
          std::function<void(const CdpError &)> done);

} // namespace CdpInput
} // namespace mpa
