#include "UiActions.h"

#include "ActionHost.h"
#include "CommandDispatcher.h"
#include "DesktopUi.h"
#include "common/ParamsSchema.h"

#include <optional>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using Scope = CommandDispatcher::Scope;

const QStringList kInteractiveRoles = { u"button"_s,   u"checkbox"_s,  u"radio"_s,    u"spinbox"_s,
                                        u"combobox"_s, u"textfield"_s, u"textarea"_s, u"slider"_s };
const QStringList kActionTypes
    = { u"click"_s, u"setValue"_s, u"getValue"_s, u"getText"_s, u"getSnapshot"_s, u"listElements"_s };

QString noWindow(const QString &action)
{
    return u"%1 needs the settings window, and this instance has none: it runs headless (--headless, "
           "no display, or standing by for another instance). Start the tray app (multi-purpose-agent "
           "without --headless) to drive its window"_s.arg(action);
}

bool matches(const QJsonObject &element, const UiActions::Filter &filter)
{
    if (!filter.page.isEmpty() && element.value(u"page"_s).toString() != filter.page)
        return false;
    const QString role = element.value(u"role"_s).toString();
    if (!filter.role.isEmpty() && role != filter.role)
        return false;
    if (filter.interactiveOnly && !kInteractiveRoles.contains(role))
        return false;
    const QString label = element.value(u"label"_s).toString();
    if (!filter.label.isEmpty() && !label.contains(filter.label, Qt::CaseInsensitive))
        return false;
    if (!filter.text.isEmpty()) {
        const QJsonValue value = element.value(u"value"_s);
        const QString valueText = value.isString() ? value.toString()
            : value.isDouble()                     ? QString::number(value.toDouble())
                                                   : QString();
        if (!label.contains(filter.text, Qt::CaseInsensitive)
            && !valueText.contains(filter.text, Qt::CaseInsensitive)
            && !element.value(u"id"_s).toString().contains(filter.text, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

void collect(const QJsonArray &nodes, const UiActions::Filter &filter, QJsonArray *out)
{
    for (const QJsonValue &node : nodes) {
        QJsonObject element = node.toObject();
        const QJsonArray children = element.take(u"children"_s).toArray();
        if (matches(element, filter))
            out->append(element);
        collect(children, filter, out);
    }
}

QStringList pageIds(const QJsonObject &snapshot)
{
    QStringList ids;
    for (const QJsonValue &page : snapshot.value(u"pages"_s).toArray())
        ids.append(page.toObject().value(u"id"_s).toString());
    return ids;
}

// The snapshot reduced to one page; an error naming the pages when there is no such page.
std::optional<QJsonObject> onePage(const QJsonObject &snapshot, const QString &page, QString *error)
{
    if (page.isEmpty())
        return snapshot;
    for (const QJsonValue &p : snapshot.value(u"pages"_s).toArray()) {
        if (p.toObject().value(u"id"_s).toString() == page) {
            QJsonObject reduced = snapshot;
            reduced.insert(u"pages"_s, QJsonArray { p });
            return reduced;
        }
    }
    *error = u"the window has no page '%1' (its pages: %2)"_s.arg(page, pageIds(snapshot).join(u", "_s));
    return std::nullopt;
}

UiActions::Filter filterFrom(const QJsonObject &params)
{
    return { params.value(u"page"_s).toString(), params.value(u"role"_s).toString(),
             params.value(u"label"_s).toString(), params.value(u"text"_s).toString(),
             params.value(u"interactive"_s).toBool(false) };
}

QJsonObject listReply(const QJsonObject &snapshot, const QJsonObject &params, QString *error)
{
    const UiActions::Filter filter = filterFrom(params);
    if (!filter.page.isEmpty() && !pageIds(snapshot).contains(filter.page)) {
        *error = u"the window has no page '%1' (its pages: %2)"_s.arg(filter.page,
                                                                      pageIds(snapshot).join(u", "_s));
        return {};
    }
    const QJsonArray elements = UiActions::flatten(snapshot, filter);
    return { { u"elements"_s, elements },
             { u"count"_s, elements.size() },
             { u"currentPage"_s, snapshot.value(u"window"_s).toObject().value(u"currentPage"_s) } };
}

QJsonObject filterSchema()
{
    return {
        { u"page"_s, ParamsSchema::property(u"string"_s, u"only this page (its id: queue, general, …)"_s) },
        { u"role"_s,
          ParamsSchema::property(u"string"_s,
                                 u"only this role (button, checkbox, spinbox, combobox, "
                                 "textfield, textarea, label, table, list, group, page)"_s) },
        { u"label"_s, ParamsSchema::property(u"string"_s, u"only labels holding this text (any case)"_s) },
        { u"text"_s,
          ParamsSchema::property(u"string"_s, u"only elements whose label, value or id holds this"_s) },
        { u"interactive"_s, ParamsSchema::property(u"boolean"_s, u"only buttons, fields and choices"_s) },
    };
}

} // namespace

QJsonArray UiActions::flatten(const QJsonObject &snapshot, const Filter &filter)
{
    QJsonArray out;
    collect(snapshot.value(u"pages"_s).toArray(), filter, &out);
    return out;
}

void UiActions::install(CommandDispatcher *commands, ActionHost *host)
{
    commands->add(
        { u"getUISnapshot"_s, Scope::DebugApi,
          u"The settings window's widgets as a tree: pages, then groups and elements (id, role, "
          "label, value, enabled)."_s,
          ParamsSchema::object({ { u"page"_s, ParamsSchema::property(u"string"_s, u"only this page"_s) } },
                               {}, ParamsSchema::Extra::Allowed),
          [host](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
              DesktopUi *ui = host->desktopUi();
              if (!ui)
                  return reply(CommandResult::failure(noWindow(u"getUISnapshot"_s), ErrorKind::Unavailable));
              QString error;
              const auto snapshot = onePage(ui->uiSnapshot(), params.value(u"page"_s).toString(), &error);
              if (!snapshot)
                  return reply(CommandResult::failure(u"getUISnapshot: "_s + error, ErrorKind::NotFound));
              reply(CommandResult::success(*snapshot));
          } });

    commands->add(
        { u"listUIElements"_s, Scope::DebugApi,
          u"The settings window's elements as one list (id, page, role, label, value, enabled), "
          "filtered by page, role, label or text."_s,
          ParamsSchema::object(filterSchema(), {}, ParamsSchema::Extra::Allowed),
          [host](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
              DesktopUi *ui = host->desktopUi();
              if (!ui)
                  return reply(CommandResult::failure(noWindow(u"listUIElements"_s), ErrorKind::Unavailable));
              QString error;
              const QJsonObject list = listReply(ui->uiSnapshot(), params, &error);
              if (!error.isEmpty())
                  return reply(CommandResult::failure(u"listUIElements: "_s + error, ErrorKind::NotFound));
              reply(CommandResult::success(list));
          } });

    QJsonObject actionProperties = filterSchema();
    actionProperties.insert(u"type"_s,
                            ParamsSchema::choice(kActionTypes,
                                                 u"what to do (getSnapshot and listElements as the "
                                                 "actions getUISnapshot and listUIElements)"_s));
    actionProperties.insert(u"target"_s,
                            ParamsSchema::property(u"string"_s, u"the element's id (from listUIElements)"_s));
    actionProperties.insert(u"value"_s, QJsonObject { { u"description"_s, u"setValue: the new value"_s } });
    CommandDispatcher::Command uiAction {
        u"uiAction"_s,
        Scope::DebugApi,
        u"Acts on an element of the settings window as a user would: click, setValue (the setting is "
        "checked and saved as when typed), getValue, getText."_s,
        ParamsSchema::object(actionProperties, { u"type"_s }, ParamsSchema::Extra::Allowed),
        [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            DesktopUi *ui = host->desktopUi();
            if (!ui)
                return reply(CommandResult::failure(noWindow(u"uiAction"_s), ErrorKind::Unavailable));
            const QString type = params.value(u"type"_s).toString();
            if (type == u"getSnapshot"_s)
                return reply(CommandResult::success(QJsonObject { { u"snapshot"_s, ui->uiSnapshot() } }));
            if (type == u"listElements"_s) {
                QString error;
                const QJsonObject list = listReply(ui->uiSnapshot(), params, &error);
                if (!error.isEmpty())
                    return reply(CommandResult::failure(u"uiAction: "_s + error, ErrorKind::NotFound));
                return reply(CommandResult::success(list));
            }
            const QString target = params.value(u"target"_s).toString();
            if (target.isEmpty())
                return reply(CommandResult::failure(
                    u"uiAction: params.target is required for %1 (an element's id from listUIElements)"_s.arg(
                        type)));
            if (type == u"setValue"_s && !params.contains(u"value"_s))
                return reply(CommandResult::failure(u"uiAction: params.value is required for setValue"_s));
            ui->performUiAction(type, target, params.value(u"value"_s), std::move(reply));
        },
        // "id" for the element, as the snapshot calls it.
        [](QJsonObject &params, QString *error) { return takeAlias(params, u"id"_s, u"target"_s, error); },
    };
    commands->add(std::move(uiAction));
}

} // namespace mpa
