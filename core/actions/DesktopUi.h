#pragma once
// What core may ask of the desktop UI when there is one (the tray app's window), through one
// seam: raise the settings window on a page, open a file with the desktop's handler, and offer
// the window's own widgets to the debug API (getUISnapshot, listUIElements, uiAction). core
// owns the actions and their schemas and never sees a widget; the UI layer implements this
// and registers it with the engine (Engine::setDesktopUi) while it exists. --headless and
// standby have none, and the actions that need it say so (Unavailable).

#include "CommandDispatcher.h"

#include <QJsonObject>
#include <QJsonValue>
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

    // The window as a tree: {"window": {title, visible, currentPage}, "pages": [{"id", "page",
    // "title", "current", "role": "page", "children": [element…]}]}; an element is
    // {"id", "page", "role", "label", "value"?, "enabled", "visible", "children"?, …}. Ids are
    // paths (page/objectName…), the same for the same widget on every call.
    virtual QJsonObject uiSnapshot() const = 0;
    // One of click, setValue, getValue, getText on the element `target` (an id from the
    // snapshot); `reply` gets the extension's reply shapes ({clicked}, {set, value},
    // {target, value, exists}, {target, text}) or an error that names the element and why.
    virtual void performUiAction(const QString &type, const QString &target, const QJsonValue &value,
                                 CommandReply reply)
        = 0;
};

} // namespace mpa
