#include "CdpInput.h"

#include "CdpSession.h"

#include <QHash>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa::CdpInput {

namespace {

QJsonObject keyEvent(const QString &type, const Key &k, int modifiers, bool withText)
{
    QJsonObject e { { u"type"_s, type },
                    { u"key"_s, k.key },
                    { u"code"_s, k.code },
                    { u"windowsVirtualKeyCode"_s, k.keyCode },
                    { u"nativeVirtualKeyCode"_s, k.keyCode },
                    { u"modifiers"_s, modifiers } };
    if (withText) {
        e.insert(u"text"_s, k.text);
        e.insert(u"unmodifiedText"_s, k.text);
    }
    return e;
}

Command keyCommand(const QString &type, const Key &k, int modifiers, bool withText = false)
{
    return { u"Input.dispatchKeyEvent"_s, keyEvent(type, k, modifiers, withText) };
}

} // namespace

std::optional<Key> key(const QString &name)
{
    static const QHash<QString, Key> named = [] {
        QHash<QString, Key> k;
        k.insert(u"enter"_s, { u"Enter"_s, u"Enter"_s, 13, u"\r"_s });
        k.insert(u"return"_s, k.value(u"enter"_s));
        k.insert(u"tab"_s, { u"Tab"_s, u"Tab"_s, 9, {} });
        k.insert(u"backspace"_s, { u"Backspace"_s, u"Backspace"_s, 8, {} });
        k.insert(u"delete"_s, { u"Delete"_s, u"Delete"_s, 46, {} });
        k.insert(u"del"_s, k.value(u"delete"_s));
        k.insert(u"escape"_s, { u"Escape"_s, u"Escape"_s, 27, {} });
        k.insert(u"esc"_s, k.value(u"escape"_s));
        k.insert(u"space"_s, { u" "_s, u"Space"_s, 32, u" "_s });
        k.insert(u"arrowleft"_s, { u"ArrowLeft"_s, u"ArrowLeft"_s, 37, {} });
        k.insert(u"arrowup"_s, { u"ArrowUp"_s, u"ArrowUp"_s, 38, {} });
        k.insert(u"arrowright"_s, { u"ArrowRight"_s, u"ArrowRight"_s, 39, {} });
        k.insert(u"arrowdown"_s, { u"ArrowDown"_s, u"ArrowDown"_s, 40, {} });
        k.insert(u"left"_s, k.value(u"arrowleft"_s));
        k.insert(u"up"_s, k.value(u"arrowup"_s));
        k.insert(u"right"_s, k.value(u"arrowright"_s));
        k.insert(u"down"_s, k.value(u"arrowdown"_s));
        k.insert(u"home"_s, { u"Home"_s, u"Home"_s, 36, {} });
        k.insert(u"end"_s, { u"End"_s, u"End"_s, 35, {} });
        k.insert(u"pageup"_s, { u"PageUp"_s, u"PageUp"_s, 33, {} });
        k.insert(u"pagedown"_s, { u"PageDown"_s, u"PageDown"_s, 34, {} });
        k.insert(u"insert"_s, { u"Insert"_s, u"Insert"_s, 45, {} });
        for (int i = 1; i <= 12; ++i) {
            const QString f = u"F%1"_s.arg(i);
            k.insert(f.toLower(), { f, f, 111 + i, {} });
        }
        k.insert(u"shift"_s, { u"Shift"_s, u"ShiftLeft"_s, 16, {}, Shift });
        k.insert(u"control"_s, { u"Control"_s, u"ControlLeft"_s, 17, {}, Control });
        k.insert(u"ctrl"_s, k.value(u"control"_s));
        k.insert(u"alt"_s, { u"Alt"_s, u"AltLeft"_s, 18, {}, Alt });
        k.insert(u"option"_s, k.value(u"alt"_s));
        k.insert(u"meta"_s, { u"Meta"_s, u"MetaLeft"_s, 91, {}, Meta });
        k.insert(u"cmd"_s, k.value(u"meta"_s));
        k.insert(u"command"_s, k.value(u"meta"_s));
        return k;
    }();
    if (const auto it = named.constFind(name.toLower()); it != named.cend())
        return *it;
    if (name.size() != 1)
        return std::nullopt;
    const QChar c = name.at(0);
    Key info { name, {}, 0, name };
    if (c.isLetter() && c.unicode() < 128) {
        info.code = u"Key"_s + c.toUpper();
        info.keyCode = c.toUpper().unicode();
    } else if (c.isDigit() && c.unicode() < 128) {
        info.code = u"Digit"_s + c;
        info.keyCode = c.unicode();
    }
    return info;
}

QStringList chordParts(const QString &chord)
{
    QString rest = chord.trimmed();
    QStringList parts;
    // "Control++" presses Control and "+".
    if (rest.endsWith(u"++"_s)) {
        parts = rest.left(rest.size() - 2).split(u'+');
        parts.append(u"+"_s);
    } else if (rest == u"+"_s) {
        parts = { u"+"_s };
    } else {
        parts = rest.split(u'+');
    }
    for (QString &p : parts)
        p = p.trimmed();
    return parts;
}

QList<Command> press(const Key &key, int modifiers)
{
    Key k = key;
    if (k.modifier) {
        modifiers |= k.modifier;
        return { keyCommand(u"rawKeyDown"_s, k, modifiers), keyCommand(u"keyUp"_s, k, modifiers) };
    }
    if (k.key.size() == 1 && k.key.at(0).isLetter())
        k.key = k.text = (modifiers & Shift) ? k.key.toUpper() : k.key.toLower();
    // With Control, Alt or Meta held a key is a shortcut: it types nothing.
    const bool withText = !k.text.isEmpty() && !(modifiers & (Control | Alt | Meta));
    return { keyCommand(withText ? u"keyDown"_s : u"rawKeyDown"_s, k, modifiers, withText),
             keyCommand(u"keyUp"_s, k, modifiers) };
}

QList<Command> chord(const QString &chord)
{
    const QStringList parts = chordParts(chord);
    QList<Command> commands;
    QList<Key> held;
    int modifiers = 0;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        const std::optional<Key> k = key(parts.at(i));
        if (!k)
            return {};
        modifiers |= k->modifier;
        held.append(*k);
        commands.append(keyCommand(u"rawKeyDown"_s, *k, modifiers));
    }
    const std::optional<Key> last = key(parts.value(parts.size() - 1));
    if (!last)
        return {};
    commands += press(*last, modifiers);
    for (qsizetype i = held.size() - 1; i >= 0; --i) {
        modifiers &= ~held.at(i).modifier;
        commands.append(keyCommand(u"keyUp"_s, held.at(i), modifiers));
    }
    return commands;
}

Command mouseMove(QPointF point)
{
    return { u"Input.dispatchMouseEvent"_s,
             { { u"type"_s, u"mouseMoved"_s }, { u"x"_s, point.x() }, { u"y"_s, point.y() } } };
}

int buttonBit(const QString &button)
{
    return button == u"left"_s ? 1 : button == u"right"_s ? 2 : button == u"middle"_s ? 4 : 0;
}

Command mouseMove(QPointF point, int buttons)
{
    Command move = mouseMove(point);
    move.params.insert(u"buttons"_s, buttons);
    // Chromium reads the button of a move from `button` (the one held), not only `buttons`.
    if (buttons)
        move.params.insert(u"button"_s, buttons & 1 ? u"left"_s : buttons & 2 ? u"right"_s : u"middle"_s);
    return move;
}

Command mouseButton(bool press, QPointF point, const QString &button, int buttons, int clickCount)
{
    return { u"Input.dispatchMouseEvent"_s,
             { { u"type"_s, press ? u"mousePressed"_s : u"mouseReleased"_s },
               { u"x"_s, point.x() },
               { u"y"_s, point.y() },
               { u"button"_s, button },
               { u"buttons"_s, buttons },
               { u"clickCount"_s, clickCount } } };
}

Command mouseWheel(QPointF point, double deltaX, double deltaY, int buttons)
{
    return { u"Input.dispatchMouseEvent"_s,
             { { u"type"_s, u"mouseWheel"_s },
               { u"x"_s, point.x() },
               { u"y"_s, point.y() },
               { u"deltaX"_s, deltaX },
               { u"deltaY"_s, deltaY },
               { u"buttons"_s, buttons },
               { u"pointerType"_s, u"mouse"_s } } };
}

Command dragEvent(const QString &type, QPointF point, const QJsonObject &data)
{
    return { u"Input.dispatchDragEvent"_s,
             { { u"type"_s, type }, { u"x"_s, point.x() }, { u"y"_s, point.y() }, { u"data"_s, data } } };
}

QList<Command> click(QPointF point, int clickCount, const QString &button)
{
    QList<Command> commands { mouseMove(point) };
    const int buttons = button == u"right"_s ? 2 : button == u"middle"_s ? 4 : 1;
    for (int i = 1; i <= clickCount; ++i) {
        QJsonObject pressed {
            { u"x"_s, point.x() },   { u"y"_s, point.y() },     { u"type"_s, u"mousePressed"_s },
            { u"button"_s, button }, { u"buttons"_s, buttons }, { u"clickCount"_s, i }
        };
        QJsonObject released = pressed;
        released.insert(u"type"_s, u"mouseReleased"_s);
        released.insert(u"buttons"_s, 0);
        commands.append({ u"Input.dispatchMouseEvent"_s, pressed });
        commands.append({ u"Input.dispatchMouseEvent"_s, released });
    }
    return commands;
}

Command insertText(const QString &text)
{
    return { u"Input.insertText"_s, { { u"text"_s, text } } };
}

QList<Command> typeText(const QString &text)
{
    QList<Command> commands;
    for (qsizetype i = 0; i < text.size(); ++i) {
        QString character = text.at(i);
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            character += text.at(++i);
        if (character == u"\n"_s)
            character = u"Enter"_s;
        const bool keyboard
            = character == u"Enter"_s || (character.size() == 1 && character.at(0).unicode() < 128);
        if (!keyboard) {
            commands.append(insertText(character));
            continue;
        }
        const Key k = *key(character);
        commands.append(keyCommand(u"keyDown"_s, k, 0, true));
        commands.append(keyCommand(u"keyUp"_s, k, 0));
    }
    return commands;
}

int primaryModifier(const QString &browserUserAgent)
{
    return browserUserAgent.contains(u"Macintosh"_s) || browserUserAgent.contains(u"Mac OS X"_s) ? Meta
                                                                                                 : Control;
}

void send(CdpSession *session, const QList<Command> &commands, QObject *context,
          std::function<void(const CdpError &)> done)
{
    if (!session) {
        done(CdpError::transport(commands.isEmpty() ? u"Input"_s : commands.constFirst().method,
                                 u"the page is gone"_s));
        return;
    }
    if (commands.isEmpty()) {
        done({});
        return;
    }
    // Back to back, in order; once every one is answered, the first failure (a key that went
    // down but not up is a failed press) or none.
    struct Answers
    {
        qsizetype pending = 0;
        CdpError first;
        std::function<void(const CdpError &)> done;
    };
    auto answers = std::make_shared<Answers>(Answers { commands.size(), {}, std::move(done) });
    for (const Command &command : commands) {
        session->send(command.method, command.params, context, [answers](const CdpResult &result) {
            if (result.error.isError() && !answers->first.isError())
                answers->first = result.error;
            if (--answers->pending == 0)
                answers->done(answers->first);
        });
    }
}

} // namespace mpa::CdpInput
