#include "ErrorStyle.h"

#include "common/KnownSentences.h"

#include <QLabel>
#include <QWidget>

namespace mpa::ErrorStyle {

namespace {
bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

void setTextColor(QLabel *label, const QColor &color, bool set)
{
    QPalette palette = label->palette();
    if (set) {
        palette.setColor(QPalette::WindowText, color);
        palette.setColor(QPalette::Text, color);
    } else {
        const QPalette inherited = label->parentWidget() ? label->parentWidget()->palette() : QPalette();
        palette.setColor(QPalette::WindowText, inherited.color(QPalette::WindowText));
        palette.setColor(QPalette::Text, inherited.color(QPalette::Text));
    }
    label->setPalette(palette);
}
} // namespace

QString sentence(const QString &text)
{
    // Core writes its errors in English (the API and the log get the same text): the window shows
    // a known one in its own language.
    QString s = knownSentence(text.trimmed()).translated();
    if (s.isEmpty())
        return s;
    s[0] = s.at(0).toUpper();
    if (!s.endsWith(u'.') && !s.endsWith(u'!') && !s.endsWith(u'?') && !s.endsWith(u'…'))
        s += u'.';
    return s;
}

QColor errorText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
}

QColor errorBase(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x5c, 0x1f, 0x1b) : QColor(0xfd, 0xec, 0xea);
}

QColor okText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x81, 0xc7, 0x84) : QColor(0x1b, 0x6e, 0x20);
}

void setError(QLabel *label, bool error)
{
    label->setProperty("error", error);
    setTextColor(label, errorText(label->palette()), error);
}

void setOk(QLabel *label, bool ok)
{
    label->setProperty("error", false);
    setTextColor(label, okText(label->palette()), ok);
}

void markEditor(QWidget *editor, bool problem, const QPalette &normal)
{
    QPalette palette = normal;
    if (problem)
        palette.setColor(QPalette::Base, errorBase(normal));
    editor->setPalette(palette);
    editor->setProperty("error", problem);
}

} // namespace mpa::ErrorStyle
