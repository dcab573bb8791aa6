#pragma once
// The settings window's automation actions (getUISnapshot, listUIElements, uiAction), with the
// extension's names and reply shapes. They are always listed; they work while the UI layer has
// registered its DesktopUi with the engine and otherwise answer Unavailable with why (no window).

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace mpa {

class CommandDispatcher;
class ActionHost;

class UiActions
{
public:
    // Registers the three actions; each asks `host` for its DesktopUi when called.
    static void install(CommandDispatcher *commands, ActionHost *host);

    // What listUIElements filters by; empty strings match everything.
    struct Filter
    {
        QString page; // a page id (queue, general, …), exact
        QString role; // button, checkbox, spinbox, …, exact
        QString label; // a part of the label, any case
        QString text; // a part of the label, value or id, any case
        bool interactiveOnly = false; // buttons, fields and choices only (no labels, groups, tables)
    };
    // The snapshot's elements as one flat list, in window order, filtered.
    static QJsonArray flatten(const QJsonObject &snapshot, const Filter &filter);
};

} // namespace mpa
