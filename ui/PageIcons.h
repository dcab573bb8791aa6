#pragma once
// An icon for each page of the window's page list: the desktop icon theme's (freedesktop names)
// when the theme has one for every page, so the list never mixes two styles; otherwise line
// icons drawn here in the palette's text colour (and the highlighted-text colour when selected),
// so they follow light and dark. Drawn, not bundled files: this Qt has no SVG plugin to load them.

#include <QIcon>
#include <QPalette>
#include <QString>

namespace mpa::PageIcons {

// The freedesktop icon name used for a page id (dashboard, autoAccept, …); empty for an unknown id.
QString themeName(const QString &pageId);
// Whether the current icon theme has an icon for every page id in `pageIds`.
bool themeCovers(const QStringList &pageIds);
// The drawn icon of a page id, in `palette`'s colours (a generic dot for an unknown id).
QIcon drawn(const QString &pageId, const QPalette &palette);
// The page's icon: the theme's when `useTheme`, else the drawn one.
QIcon icon(const QString &pageId, const QPalette &palette, bool useTheme);

} // namespace mpa::PageIcons
