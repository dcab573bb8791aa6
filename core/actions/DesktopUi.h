#pragma once
// What core may ask of the desktop UI when there is one (the tray app's window): raise the
// settings window on a page, open a file with the desktop's handler. The UI layer implements
// it and hands it to the engine; --headless has none, and the actions that need it say so.

#include <QString>
#include <QStringList>

namespace mpa {

class DesktopUi
{
public:
    virtual ~DesktopUi() = default;

    // The settings window's pages, by the names showSettings() takes.
    virtual QStringList settingsPages() const = 0;
    // Shows and raises the settings window, on `page` when not empty. False with `error` when
    // the page is unknown (then the window is left as it was).
    virtual bool showSettings(const QString &page, QString *error) = 0;
    // Opens `path` with the desktop's handler for its type. False with `error` when the
    // desktop refused it.
    virtual bool openWithDesktop(const QString &path, QString *error) = 0;
};

} // namespace mpa
