#pragma once
// The seam through which the settings window offers its own widgets to the debug API
// (getUISnapshot, listUIElements, uiAction): core owns the actions and their schemas, the UI
// layer implements this interface over its widget tree and hands it to UiActions::install().
// core never sees a widget; an instance without a window (headless, standby) answers 503.

#include "CommandDispatcher.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>

namespace mpa {

class UiAutomation : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // The window as a tree: {"window": {title, visible, currentPage}, "pages": [{"id", "page",
    // "title", "current", "role": "page", "children": [element…]}]}; an element is
    // {"id", "page", "role", "label", "value"?, "enabled", "visible", "children"?, …}. Ids are
    // paths (page/objectName…), the same for the same widget on every call.
    virtual QJsonObject snapshot() const = 0;

    // One of click, setValue, getValue, getText on the element `target` (an id from the
    // snapshot); `reply` gets the extension's reply shapes ({clicked}, {set, value},
    // {target, value, exists}, {target, text}) or an error that names the element and why.
    virtual void perform(const QString &type, const QString &target, const QJsonValue &value,
                         CommandReply reply)
        = 0;
};

} // namespace mpa
