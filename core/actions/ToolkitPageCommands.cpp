// The toolkit's page commands, registered by ToolkitCommands: snapshot, the element actions
// (click, fill, type, press, check, select, scroll, get, is, screenshot), open, tab, history,
// wait and eval.

#include "AddressPolicy.h"
#include "TabCommand.h"
#include "TabRouter.h"
#include "ToolkitCommands.h"
#include "ToolkitParams.h"
#include "cdp/CdpEndpoint.h"
#include "page/PageController.h"
#include "page/SnapshotDiff.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QUrl>

#include <climits>

using namespace Qt::StringLiterals;

namespace mpa {

void ToolkitCommands::registerCommands()
{
    addTabCommand(
        u"snapshot"_s,
        tr("The page as lines like `- button \"Submit\" [ref=e3]` (interactable elements, their state and "
           "some context text); use the refs in the other commands"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, const CommandReply &reply) {
            PageController::SnapshotOptions options;
            options.interactiveOnly = p.boolean(u"interactiveOnly"_s, false);
            options.scope = p.string(u"scope"_s);
            options.maxElements = p.integer(u"maxElements"_s, 1000, 1, 1000000);
            options.maxChars = p.integer(u"maxChars"_s, 40000, 100, 10000000);
            options.viewport = p.boolean(u"viewport"_s, false);
            const bool diff = p.has(u"since"_s);
            const int since = p.integer(u"since"_s, 0, 1, INT_MAX);
            if (!paramsOk(p, reply))
                return;
            // What a diff must compare like with like: the options that shape the lines.
            const QString shape = u"%1|%2|%3|%4"_s.arg(options.interactiveOnly)
                                      .arg(options.scope)
                                      .arg(options.maxElements)
                                      .arg(options.maxChars);
            tab->snapshot(
                options,
                [tab = QPointer<PageController>(tab), diff, since, shape,
                 reply](const CommandResult &result) {
                    if (!result.ok || !tab)
                        return reply(result);
                    QJsonObject data = result.data.toObject();
                    const QString text = data.value(u"snapshot"_s).toString();
                    const QString url = tab->url();
                    const std::optional<PageController::SeenSnapshot> before
                        = diff ? tab->seenSnapshot(since) : std::nullopt;
                    data.insert(u"snapshotId"_s, tab->rememberSnapshot(text, url, shape));
                    if (!diff)
                        return reply(CommandResult::success(data));
                    QString whole;
                    if (!before) {
                        whole = tr("snapshot %1 is not kept (a tab keeps its last %2): the whole snapshot "
                                   "follows")
                                    .arg(since)
                                    .arg(PageController::kKeptSnapshots);
                    } else if (before->url != url) {
                        whole
                            = tr("the tab went to another page since snapshot %1: the whole snapshot follows")
                                  .arg(since);
                    } else if (before->options != shape) {
                        whole = tr("snapshot %1 was taken with other options (interactiveOnly, scope, "
                                   "maxElements, "
                                   "maxChars): the whole snapshot follows")
                                    .arg(since);
                    }
                    if (!whole.isEmpty()) {
                        data.insert(u"full"_s, true);
                        data.insert(u"note"_s, whole);
                        return reply(CommandResult::success(data));
                    }
                    const SnapshotDiff::Changes changes = SnapshotDiff::between(before->text, text);
                    data.insert(u"full"_s, false);
                    data.insert(u"since"_s, since);
                    data.insert(u"snapshot"_s, changes.text(since));
                    data.insert(u"changes"_s,
                                QJsonObject { { u"added"_s, changes.added.size() },
                                              { u"removed"_s, changes.removed.size() },
                                              { u"changed"_s, changes.changed.size() },
                                              { u"unchanged"_s, changes.unchanged } });
                    reply(CommandResult::success(data));
                });
        });

    addElementCommand(
        u"click"_s,
        tr("Clicks an element (trusted mouse input) after scrolling it into view; refused when "
           "something covers it"),
        RefUse::Required, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString button = p.choice(u"button"_s, { u"left"_s, u"right"_s, u"middle"_s });
            if (!paramsOk(p, reply))
                return;
            tab->click(ref, 1, button, std::move(reply));
        });
    addElementCommand(u"dblclick"_s, tr("Double-clicks an element"), RefUse::Required,
                      [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
                          tab->click(ref, 2, u"left"_s, std::move(reply));
                      });
    addElementCommand(u"hover"_s, tr("Moves the mouse over an element"), RefUse::Required,
                      [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
                          tab->hover(ref, std::move(reply));
                      });
    addElementCommand(u"focus"_s, tr("Gives an element the keyboard focus"), RefUse::Required,
                      [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
                          tab->focus(ref, std::move(reply));
                      });
    addElementCommand(
        u"fill"_s, tr("Replaces the text of an input, textarea or editable box (works with React forms)"),
        RefUse::Required, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString value = p.requiredString(u"value"_s); // "" clears the field
            if (!paramsOk(p, reply))
                return;
            tab->fill(ref, value, std::move(reply));
        });
    addElementCommand(
        u"type"_s,
        tr("Types text key by key at the end of a field (or into the focused element), with delay ms "
           "between keys"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString text = p.requiredString(u"text"_s);
            const int timeoutMs = p.integer(u"timeoutMs"_s, int(PageController::kMaxTypeTime.count()), 100,
                                            int(PageController::kMaxTypeTime.count()));
            const int delay = p.integer(u"delay"_s, 0, 0, int(PageController::kMaxTypeDelay.count()));
            if (!paramsOk(p, reply))
                return;
            tab->type(ref, text, std::move(reply), std::chrono::milliseconds(timeoutMs),
                      std::chrono::milliseconds(delay));
        });
    addElementCommand(
        u"press"_s, tr("Presses a key or chord (Enter, Tab, Escape, ArrowDown, Control+A, Shift+Tab)"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString key = p.requiredString(u"key"_s);
            if (!paramsOk(p, reply))
                return;
            if (QString problem; !PageController::checkKeys(key, &problem))
                return reply(CommandResult::failure(u"params.key: "_s + problem));
            tab->press(ref, key, std::move(reply));
        });
    for (const bool checked : { true, false }) {
        addElementCommand(checked ? u"check"_s : u"uncheck"_s,
                          checked ? tr("Checks a checkbox, radio button or switch (and verifies it)")
                                  : tr("Unchecks a checkbox or switch (and verifies it)"),
                          RefUse::Required,
                          [checked](const QString &ref, CommandParams &, PageController *tab,
                                    CommandReply reply) { tab->setChecked(ref, checked, std::move(reply)); });
    }
    addElementCommand(
        u"select"_s, tr("Chooses the options of a select box, by value or label"), RefUse::Required,
        [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QJsonValue value = p.raw().value(u"value"_s);
            QStringList values;
            if (value.isString()) {
                values = { value.toString() };
            } else if (value.isArray()) {
                for (const QJsonValue &v : value.toArray()) {
                    if (!v.isString())
                        return reply(CommandResult::failure(tr("params.value must be a string or an array "
                                                               "of strings")));
                    values.append(v.toString());
                }
            } else {
                return reply(
                    CommandResult::failure(value.isUndefined() || value.isNull()
                                               ? tr("params.value is required (an option's value or label)")
                                               : tr("params.value must be a string or an array of strings")));
            }
            if (values.isEmpty())
                return reply(CommandResult::failure(tr("params.value names no option")));
            tab->select(ref, values, std::move(reply));
        });
    addElementCommand(
        u"scroll"_s, tr("Scrolls the page or an element: a direction by pages, or x/y by pixels"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString direction = p.string(u"direction"_s);
            const bool hasDirection = !direction.isEmpty();
            const QString unit = p.choice(u"unit"_s,
                                          hasDirection ? QStringList { u"pages"_s, u"pixels"_s }
                                                       : QStringList { u"pixels"_s, u"pages"_s });
            const double amount = p.number(u"amount"_s, 1, 0, 1e6);
            double x = p.number(u"x"_s, 0, -1e7, 1e7);
            double y = p.number(u"y"_s, 0, -1e7, 1e7);
            if (!paramsOk(p, reply))
                return;
            if (hasDirection) {
                if (direction == u"down"_s)
                    y = amount;
                else if (direction == u"up"_s)
                    y = -amount;
                else if (direction == u"right"_s)
                    x = amount;
                else if (direction == u"left"_s)
                    x = -amount;
                else
                    return reply(
                        CommandResult::failure(tr("params.direction must be one of up, down, left, right")));
            } else if (!p.has(u"x"_s) && !p.has(u"y"_s)) {
                return reply(CommandResult::failure(
                    tr("say how far: params.direction (up, down, left, right) or params.x / params.y")));
            }
            tab->scroll(ref, x, y, unit == u"pages"_s, std::move(reply));
        });
    addElementCommand(
        u"get"_s,
        tr("Reads the text, value, an attribute, the html or the box of an element, what it is (element: "
           "role, name, link, the form it submits), the page's url or title, or counts a selector's matches"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString what = p.string(u"what"_s);
            const QStringList whats { u"text"_s, u"value"_s,   u"attribute"_s, u"url"_s,  u"title"_s,
                                      u"html"_s, u"element"_s, u"box"_s,       u"count"_s };
            if (what.isEmpty() || !whats.contains(what)) {
                return reply(
                    CommandResult::failure(tr("params.what must be one of %1").arg(whats.join(u", "_s))));
            }
            const QString name = p.string(u"name"_s);
            const QString selector = p.string(u"selector"_s);
            const int maxChars = p.integer(u"maxChars"_s, 100000, 1, 10000000);
            if (!paramsOk(p, reply))
                return;
            if ((what == u"value"_s || what == u"attribute"_s || what == u"element"_s || what == u"box"_s)
                && ref.isEmpty())
                return reply(CommandResult::failure(tr("get %1 needs params.ref").arg(what)));
            if (what == u"attribute"_s && name.isEmpty())
                return reply(CommandResult::failure(tr("get attribute needs params.name")));
            if ((what == u"count"_s) != !selector.isEmpty()) {
                return reply(CommandResult::failure(
                    what == u"count"_s ? tr("get count needs params.selector (a CSS selector)")
                                       : tr("params.selector is for get count only: elements are named by "
                                            "ref here (take a snapshot and use a ref such as e3)")));
            }
            tab->get(what, ref, what == u"count"_s ? selector : name, maxChars, std::move(reply));
        });
    addElementCommand(u"is"_s, tr("Tells whether an element is visible, enabled, checked or focused"),
                      RefUse::Required,
                      [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
                          const QString what = p.string(u"what"_s);
                          const QStringList whats { u"visible"_s, u"enabled"_s, u"checked"_s, u"focused"_s };
                          if (!whats.contains(what)) {
                              return reply(CommandResult::failure(
                                  tr("params.what must be one of %1").arg(whats.join(u", "_s))));
                          }
                          if (!paramsOk(p, reply))
                              return;
                          tab->is(what, ref, std::move(reply));
                      });

    add(u"open"_s,
        tr("Opens an address in the tab your commands go to (the one you last used, else the one in "
           "front), or in a new tab with newTab, or in a new tab of another browser with endpoint"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            const QString address = p.requiredString(u"url"_s);
            const bool newTab = p.boolean(u"newTab"_s, false);
            const QString tab = p.string(u"tab"_s);
            const QString endpoint = p.string(u"endpoint"_s);
            if (!paramsOk(p, reply))
                return;
            const QUrl url(address, QUrl::StrictMode);
            if (const CommandResult refused = m_addresses.check(caller, url, address); !refused.ok)
                return reply(refused);
            // A browser named: a new tab there (the tab in use may be in another browser).
            if (newTab || !endpoint.trimmed().isEmpty())
                return m_tabCommand->createTab(caller, url, std::move(reply), endpoint);
            const TabRouter::TabAction go = [url](PageController *controller, CommandReply reply) {
                controller->navigate(url, std::move(reply));
            };
            if (!tab.isEmpty())
                return m_router->withTab(caller, tab, std::move(reply), go);
            if (TabRegistry::isUnrestricted(caller)) {
                // The debug API navigates its current tab; without one it opens a tab.
                const QString current = m_router->registry().current(caller);
                if (current.isEmpty() || !m_endpoint->sessionForTarget(current))
                    return m_tabCommand->createTab(caller, url, std::move(reply));
                return m_router->withTab(caller, tab, std::move(reply), go);
            }
            // As the extension: the tab last used, else the tab in front — when the agent may use
            // it without asking; rather than ask for a tab of the user's, open a new one. An agent
            // with an isolated context stays in it: a new tab there rather than one outside.
            const QString context = m_router->registry().contextOf(caller);
            const QString last = m_router->lastUsedTab(caller);
            if (!last.isEmpty() && (context.isEmpty() || contextOfTab(last) == context))
                return m_router->actOnTab(last, std::move(reply), go);
            if (!context.isEmpty())
                return m_tabCommand->createTab(caller, url, std::move(reply));
            m_router->whenFront([this, caller, url, go, reply = std::move(reply)](const QString &front) {
                if (!front.isEmpty() && m_router->usableWithoutAsking(caller, front))
                    return m_router->useTab(caller, front, reply, go);
                m_tabCommand->createTab(caller, url, reply);
            });
        });
    add(u"tab"_s, tr("Tabs: list yours, open a new one (with url), close or switch to one (by tab id)"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            m_tabCommand->run(p, caller, std::move(reply));
        });
    addTabCommand(u"back"_s, tr("Goes back in the tab's history"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->history(-1, std::move(reply));
                  });
    addTabCommand(u"forward"_s, tr("Goes forward in the tab's history"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->history(1, std::move(reply));
                  });
    addTabCommand(u"reload"_s, tr("Reloads the tab"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->reload(std::move(reply));
                  });
    addTabCommand(
        u"wait"_s,
        tr("Waits (at most timeoutMs) for an element or text to appear or go, for an address, for a "
           "navigation, or a number of ms"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            PageController::WaitOptions options;
            if (!readRef(p, false, &options.ref, reply))
                return;
            options.text = p.string(u"text"_s);
            options.url = p.string(u"url"_s);
            options.navigation = p.boolean(u"navigation"_s, false);
            options.hidden = p.choice(u"state"_s, { u"visible"_s, u"hidden"_s }) == u"hidden"_s;
            options.ms = p.integer(u"ms"_s, 0, 1, 30000);
            options.timeoutMs = p.integer(u"timeoutMs"_s, 5000, 100, 25000);
            if (!paramsOk(p, reply))
                return;
            const int given = int(!options.ref.isEmpty()) + int(p.has(u"text"_s)) + int(p.has(u"url"_s))
                + int(options.navigation) + int(options.ms > 0);
            if (given != 1) {
                return reply(CommandResult::failure(tr("wait for exactly one thing: params.ref, params.text, "
                                                       "params.url, params.navigation or params.ms")));
            }
            if (p.has(u"url"_s) && options.url.isEmpty())
                return reply(CommandResult::failure(tr("params.url is empty: give the address to wait for")));
            tab->wait(options, std::move(reply));
        });
    addElementCommand(
        u"screenshot"_s, tr("A PNG screenshot (base64) of the viewport, the whole page or an element"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const bool fullPage = p.boolean(u"fullPage"_s, false);
            if (!paramsOk(p, reply))
                return;
            tab->screenshot(ref, fullPage, std::move(reply));
        });
    addTabCommand(
        u"eval"_s,
        tr("Runs JavaScript in the page (an expression, or a function body with return) and returns its "
           "value (off unless toolkit/allowEval)"),
        [this](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            const QString expression = p.requiredString(u"expression"_s);
            const int timeoutMs = p.integer(u"timeoutMs"_s, int(PageController::kEvalTime.count()), 100,
                                            int(PageController::kMaxEvalTime.count()));
            if (!paramsOk(p, reply))
                return;
            if (!m_settings->boolValue(SettingKey::ToolkitAllowEval)) {
                return reply(CommandResult::failure(
                    tr("eval is off: turn on toolkit/allowEval in the settings to let agents run JavaScript"),
                    ErrorKind::Refused));
            }
            tab->evaluate(expression, std::move(reply), std::chrono::milliseconds(timeoutMs));
        });
    registerLaterVerbs();
    registerDevToolsVerbs();
}

} // namespace mpa
