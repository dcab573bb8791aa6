#pragma once
// The window's colours (setting ui/theme): "system" keeps what the desktop gives Qt (its platform
// theme's palette; a GTK desktop set to a dark theme, GTK_THEME=Name:dark, counts as dark), "light"
// and "dark" use Qt's Fusion style with a light or a dark palette whatever the desktop says. Qt 6.4
// has no colour-scheme API on Linux, so these are the documented ways. Widgets take every colour
// from the palette; the few tinted ones (notices, banners) mix theirs from it here.

#include <QColor>
#include <QPalette>
#include <QString>

#include <functional>

class QWidget;

namespace mpa {
class Settings;
}

namespace mpa::Theme {

// The palette "dark" stands for: Fusion's roles in dark greys, readable text, a blue highlight.
QPalette darkPalette();
// Fusion's own light palette.
QPalette lightPalette();
bool isDark(const QPalette &palette);

// Applies ui/theme ("system", "light" or "dark") to the application. The first call remembers the
// desktop's style and palette, so "system" can bring them back later.
void apply(const QString &theme);
// Applies settings' ui/theme now and whenever it changes.
void follow(Settings *settings);

// Colours mixed from the palette, readable on both: a quiet notice (information), a warning
// banner, and the text colour of a warning (amber).
QColor noticeBase(const QPalette &palette);
QColor noticeAccent(const QPalette &palette);
QColor warningBase(const QPalette &palette);
QColor warningText(const QPalette &palette);
// `a` moved toward `b` by `amount` (0..1).
QColor mix(const QColor &a, const QColor &b, qreal amount);

// Calls `restyle` now and again whenever the application's palette or style changes (for widgets
// that set colours mixed from the palette, which would otherwise keep the old theme's).
void whenPaletteChanges(QWidget *widget, std::function<void()> restyle);

} // namespace mpa::Theme
