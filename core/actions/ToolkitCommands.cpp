#include "ToolkitCommands.h"

#include "cdp/CdpEndpoint.h"
#include "logging/LogCategories.h"
#include "page/PageController.h"
#include "page/PayloadHub.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QTimer>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kTabAttachMs = 10000;

QJsonObject prop(const QString &type, const QString &description)
{
    return { { u"type"_s, type }, { u"description"_s, description } };
}

QJsonObject choiceProp(const QStringList &values, const QString &description)
{
    return { { u"type"_s, u"string"_s },
             { u"enum"_s, QJsonArray::fromStringList(values) },
             { u"description"_s, description } };
}

QJsonObject intProp(int minimum, int maximum, const QString &description)
{
    return { { u"type"_s, u"integer"_s },
             { u"minimum"_s, minimum },
             { u"maximum"_s, maximum },
             { u"description"_s, description } };
}

QJsonObject refProp(const QString &description = u"An element's ref from the last snapshot (e3, f1e3)"_s)
{
    return { { u"type"_s, u"string"_s },
             { u"pattern"_s, u"^(f\\d+)?e\\d+$"_s },
             { u"description"_s, description } };
}

QJsonObject objectSchema(QJsonObject properties, const QStringList &required = {})
{
    properties.insert(
        u"tab"_s,
        prop(u"string"_s, u"The tab to act on (its id from tab list); default: your current tab"_s));
    QJsonObject schema { { u"type"_s, u"object"_s },
                         { u"properties"_s, properties },
                         { u"additionalProperties"_s, false } };
    if (!required.isEmpty())
        schema.insert(u"required"_s, QJsonArray::fromStringList(required));
    return schema;
}

// The failure of a tab action: errors about the page's state are conflicts, not bad requests.
CommandResult actionFailure(const QString &error)
{
    return CommandResult::failure(error, 409);
}

PageController::Done toReply(CommandReply reply)
{
    return [reply = std::move(reply)](const QJsonObject &data, const QString &error) {
        reply(error.isEmpty() ? CommandResult::success(data) : actionFailure(error));
    };
}

} // namespace

ToolkitCommands::ToolkitCommands(CdpEndpoint *endpoint, PayloadHub *hub, Settings *settings,
                                 CommandDispatcher *commands, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_hub(hub)
    , m_settings(settings)
    , m_commands(commands)
{
    // Installed on demand only: a tab gets the script when a command first reaches it.
    m_hub->addScript(PageController::payloadScript(), [](CdpSession *) { return false; });
    connect(endpoint, &CdpEndpoint::sessionAttached, this, [this](CdpSession *session) {
        if (session->isPage())
            onPageAttached(session);
    });
    connect(endpoint, &CdpEndpoint::sessionDetached, this, &ToolkitCommands::onSessionDetached);
    connect(settings, &Settings::changed, this, [this](SettingKey key) {
        if (key != SettingKey::ToolkitDialogs)
            return;
        const bool accept = m_settings->stringValue(SettingKey::ToolkitDialogs) != u"dismiss"_s;
        for (PageController *controller : std::as_const(m_controllers))
            controller->setAcceptDialogs(accept);
    });
    registerCommands();
}

ToolkitCommands::~ToolkitCommands()
{
    if (!m_commands)
        return;
    for (const QString &type : types())
        m_commands->remove(type);
}

QStringList ToolkitCommands::types()
{
    return { u"snapshot"_s, u"click"_s, u"dblclick"_s,   u"fill"_s,    u"type"_s,   u"press"_s,
             u"hover"_s,    u"focus"_s, u"check"_s,      u"uncheck"_s, u"select"_s, u"scroll"_s,
             u"get"_s,      u"is"_s,    u"open"_s,       u"tab"_s,     u"back"_s,   u"forward"_s,
             u"reload"_s,   u"wait"_s,  u"screenshot"_s, u"eval"_s };
}

QJsonObject ToolkitCommands::schema(const QString &type)
{
    if (type == u"snapshot"_s) {
        return objectSchema({
            { u"interactiveOnly"_s, prop(u"boolean"_s, u"Only elements you can act on, no context text"_s) },
            { u"scope"_s, prop(u"string"_s, u"Only inside this element: a ref or a CSS selector"_s) },
            { u"maxElements"_s, intProp(1, 1000000, u"At most this many lines (default 1000)"_s) },
            { u"maxChars"_s, intProp(100, 10000000, u"At most this many characters (default 40000)"_s) },
        });
    }
    if (type == u"click"_s) {
        return objectSchema(
            { { u"ref"_s, refProp() },
              { u"button"_s, choiceProp({ u"left"_s, u"right"_s, u"middle"_s }, u"Default left"_s) } },
            { u"ref"_s });
    }
    if (type == u"dblclick"_s || type == u"hover"_s || type == u"focus"_s || type == u"check"_s
        || type == u"uncheck"_s)
        return objectSchema({ { u"ref"_s, refProp() } }, { u"ref"_s });
    if (type == u"fill"_s) {
        return objectSchema({ { u"ref"_s, refProp() },
                              { u"value"_s, prop(u"string"_s, u"The text the field holds afterwards"_s) } },
                            { u"ref"_s, u"value"_s });
    }
    if (type == u"type"_s) {
        return objectSchema(
            { { u"ref"_s,
                refProp(u"The field to type into (at the end of its text); default: the focused element"_s) },
              { u"text"_s, prop(u"string"_s, u"Typed key by key; \\n presses Enter"_s) } },
            { u"text"_s });
    }
    if (type == u"press"_s) {
        return objectSchema(
            { { u"key"_s,
                prop(u"string"_s,
                     u"A key or chord: Enter, Tab, Escape, ArrowDown, a, Control+A, Shift+Tab"_s) },
              { u"ref"_s, refProp(u"Focus this element first; default: the focused element"_s) } },
            { u"key"_s });
    }
    if (type == u"select"_s) {
        return objectSchema(
            { { u"ref"_s, refProp() },
              { u"value"_s,
                QJsonObject {
                    { u"anyOf"_s,
                      QJsonArray {
                          QJsonObject { { u"type"_s, u"string"_s } },
                          QJsonObject { { u"type"_s, u"array"_s },
                                        { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } } } } },
                    { u"description"_s,
                      u"An option's value or label (an array for a multiple select)"_s } } } },
            { u"ref"_s, u"value"_s });
    }
    if (type == u"scroll"_s) {
        return objectSchema({
            { u"ref"_s, refProp(u"Scroll inside this element; default: the page"_s) },
            { u"direction"_s,
              choiceProp({ u"up"_s, u"down"_s, u"left"_s, u"right"_s },
                         u"With amount (pages by default)"_s) },
            { u"amount"_s, prop(u"number"_s, u"How far in direction (default 1)"_s) },
            { u"x"_s, prop(u"number"_s, u"Horizontal distance (negative: left)"_s) },
            { u"y"_s, prop(u"number"_s, u"Vertical distance (negative: up)"_s) },
            { u"unit"_s, choiceProp({ u"pixels"_s, u"pages"_s }, u"Unit of amount, x and y"_s) },
        });
    }
    if (type == u"get"_s) {
        return objectSchema(
            { { u"what"_s,
                choiceProp({ u"text"_s, u"value"_s, u"attribute"_s, u"url"_s, u"title"_s, u"html"_s },
                           u"What to read"_s) },
              { u"ref"_s, refProp(u"The element (text and html default to the whole page)"_s) },
              { u"name"_s, prop(u"string"_s, u"The attribute's name (what = attribute)"_s) },
              { u"maxChars"_s,
                intProp(1, 10000000, u"Cut the value after this many characters (default 100000)"_s) } },
            { u"what"_s });
    }
    if (type == u"is"_s) {
        return objectSchema({ { u"what"_s,
                                choiceProp({ u"visible"_s, u"enabled"_s, u"checked"_s, u"focused"_s },
                                           u"The state to test"_s) },
                              { u"ref"_s, refProp() } },
                            { u"what"_s, u"ref"_s });
    }
    if (type == u"open"_s) {
        return objectSchema({ { u"url"_s, prop(u"string"_s, u"An http(s), file or about: address"_s) },
                              { u"newTab"_s, prop(u"boolean"_s, u"Open it in a new tab"_s) } },
                            { u"url"_s });
    }
    if (type == u"tab"_s) {
        return objectSchema(
            { { u"action"_s,
                choiceProp({ u"list"_s, u"new"_s, u"close"_s, u"switch"_s }, u"Default list"_s) },
              { u"url"_s, prop(u"string"_s, u"The address of a new tab"_s) } });
    }
    if (type == u"wait"_s) {
        return objectSchema({
            { u"ref"_s, refProp(u"Wait until this element is visible (or hidden)"_s) },
            { u"text"_s, prop(u"string"_s, u"Wait until the page shows (or no longer shows) this text"_s) },
            { u"navigation"_s, prop(u"boolean"_s, u"Wait for the next navigation"_s) },
            { u"state"_s, choiceProp({ u"visible"_s, u"hidden"_s }, u"For ref and text; default visible"_s) },
            { u"ms"_s, intProp(1, 30000, u"Just wait this long"_s) },
            { u"timeoutMs"_s, intProp(100, 25000, u"Give up after this long (default 5000)"_s) },
        });
    }
    if (type == u"screenshot"_s) {
        return objectSchema(
            { { u"ref"_s, refProp(u"Only this element"_s) },
              { u"fullPage"_s, prop(u"boolean"_s, u"The whole page, not only the viewport"_s) } });
    }
    if (type == u"eval"_s) {
        return objectSchema({ { u"expression"_s,
                                prop(u"string"_s, u"JavaScript run in the page; its value is returned"_s) } },
                            { u"expression"_s });
    }
    return objectSchema({}); // back, forward, reload
}

bool ToolkitCommands::isUnrestricted(const CommandCaller &caller)
{
    return caller.channel == u"debug-api"_s || caller.channel == u"ctl"_s || caller.channel == u"ui"_s;
}

QString ToolkitCommands::keyOf(const CommandCaller &caller)
{
    return caller.channel + u'\x1f' + caller.clientId;
}

int ToolkitCommands::maxTabs() const
{
    return m_settings->intValue(SettingKey::ToolkitMaxTabs);
}

bool ToolkitCommands::owns(const CommandCaller &caller, const QString &targetId) const
{
    return isUnrestricted(caller) || m_agents.value(keyOf(caller)).tabs.contains(targetId);
}

void ToolkitCommands::handTab(const CommandCaller &caller, const QString &targetId)
{
    Agent &agent = m_agents[keyOf(caller)];
    if (!agent.tabs.contains(targetId))
        agent.tabs.append(targetId);
    agent.current = targetId;
}

QStringList ToolkitCommands::tabsOf(const CommandCaller &caller) const
{
    if (!isUnrestricted(caller))
        return m_agents.value(keyOf(caller)).tabs;
    QStringList all;
    for (CdpSession *page : m_endpoint->pageSessions())
        all.append(page->targetId());
    return all;
}

void ToolkitCommands::releaseCaller(const CommandCaller &caller)
{
    m_agents.remove(keyOf(caller));
}

PageController *ToolkitCommands::controllerFor(const QString &targetId)
{
    if (PageController *existing = m_controllers.value(targetId))
        return existing;
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    if (!session || !session->isPage() || !session->isAttached())
        return nullptr;
    auto *controller = new PageController(session, m_endpoint, m_hub, this, m_refMarks);
    controller->setAcceptDialogs(m_settings->stringValue(SettingKey::ToolkitDialogs) != u"dismiss"_s);
    m_controllers.insert(targetId, controller);
    return controller;
}

void ToolkitCommands::onPageAttached(CdpSession *session)
{
    // A tab opened by a tab in use (target=_blank, window.open) belongs to whoever owns that one.
    PageController *opener = m_controllers.value(session->targetInfo().openerId);
    if (!opener) {
        for (PageController *c : std::as_const(m_controllers)) {
            if (c->expectsNewTab()) {
                opener = c;
                break;
            }
        }
    }
    if (!opener)
        return;
    opener->noteNewTab(session);
    controllerFor(session->targetId());
    for (auto it = m_agents.begin(); it != m_agents.end(); ++it) {
        if (it->tabs.contains(opener->targetId()) && !it->tabs.contains(session->targetId())
            && it->tabs.size() < maxTabs())
            it->tabs.append(session->targetId());
    }
}

void ToolkitCommands::onSessionDetached(CdpSession *session)
{
    const QString id = session->targetId();
    if (PageController *controller = m_controllers.take(id))
        delete controller; // answers what is still pending: the tab is gone
    for (auto it = m_agents.begin(); it != m_agents.end(); ++it) {
        it->tabs.removeAll(id);
        if (it->current == id)
            it->current = it->tabs.isEmpty() ? QString() : it->tabs.constLast();
    }
}

PageController *ToolkitCommands::resolveTab(const CommandCaller &caller, const QString &tab,
                                            CommandResult *failure)
{
    const bool free = isUnrestricted(caller);
    Agent &agent = m_agents[keyOf(caller)];
    QString id = tab;
    if (id.isEmpty()) {
        id = agent.current;
        if (id.isEmpty() || !m_endpoint->sessionForTarget(id)) {
            id.clear();
            if (free) {
                const QList<CdpSession *> pages = m_endpoint->pageSessions();
                if (!pages.isEmpty())
                    id = pages.constFirst()->targetId();
            } else if (!agent.tabs.isEmpty()) {
                id = agent.tabs.constLast();
            }
        }
        if (id.isEmpty()) {
            *failure = free
                ? CommandResult::failure(tr("no browser tab is attached: is the browser running with "
                                            "remote debugging on %1?")
                                             .arg(m_endpoint->address()),
                                         503)
                : CommandResult::failure(tr("you have no tab yet: open a page with open {\"url\": …} "
                                            "or tab {\"action\": \"new\"}"),
                                         409);
            return nullptr;
        }
    }
    CdpSession *session = m_endpoint->sessionForTarget(id);
    if (!session || !session->isPage()) {
        *failure
            = CommandResult::failure(tr("no tab “%1” (tab {\"action\": \"list\"} shows yours)").arg(id), 404);
        return nullptr;
    }
    if (!free && !agent.tabs.contains(id)) {
        // The title is filled in by refuse().
        *failure = CommandResult::failure(
            tr("the tab “%1” is not yours: an agent controls only the tabs it opened "
               "(open, tab new) or was handed")
                .arg(u"\x01"_s + id + u"\x01"_s),
            403);
        return nullptr;
    }
    if (agent.current.isEmpty() && !free)
        agent.current = id;
    PageController *controller = controllerFor(id);
    if (!controller)
        *failure = CommandResult::failure(tr("the tab “%1” is not attached").arg(id), 503);
    return controller;
}

QJsonObject ToolkitCommands::describeTab(CdpSession *session, const CommandCaller &caller) const
{
    const Agent agent = m_agents.value(keyOf(caller));
    return { { u"tab"_s, session->targetId() },
             { u"title"_s, session->targetInfo().title },
             { u"url"_s, session->targetInfo().url },
             { u"current"_s, agent.current == session->targetId() } };
}

// ---- registration -------------------------------------------------------------------------

void ToolkitCommands::add(const QString &type, const QString &description, Handler handler)
{
    const QJsonObject inputSchema = schema(type);
    const QJsonObject properties = inputSchema.value(u"properties").toObject();
    m_commands->add({ type, CommandDispatcher::Scope::Toolkit | CommandDispatcher::Scope::DebugApi,
                      description, inputSchema,
                      [type, properties, handler](const QJsonObject &raw, const CommandCaller &caller,
                                                  CommandReply reply) {
                          for (auto it = raw.begin(); it != raw.end(); ++it) {
                              if (!properties.contains(it.key())) {
                                  QStringList known = properties.keys();
                                  return reply(CommandResult::failure(
                                      tr("params.%1 is not a parameter of %2 (it takes %3)")
                                          .arg(it.key(), type, known.join(u", "_s))));
                              }
                          }
                          CommandParams params(raw);
                          handler(params, caller, std::move(reply));
                      } });
}

void ToolkitCommands::addTabCommand(const QString &type, const QString &description, TabHandler handler)
{
    add(type, description,
        [this, handler](CommandParams &params, const CommandCaller &caller, CommandReply reply) {
            const QString tab = params.string(u"tab"_s);
            if (!params.ok())
                return reply(CommandResult::failure(params.error()));
            CommandResult failure;
            PageController *controller = resolveTab(caller, tab, &failure);
            if (!controller)
                return refuse(failure, std::move(reply));
            handler(params, controller, caller, std::move(reply));
        });
}

void ToolkitCommands::refuse(const CommandResult &failure, CommandReply reply)
{
    // A tab's title as the browser has it now (target info events can lag behind the page).
    static const QString marker = u"\x01"_s;
    if (failure.status != 403 || !failure.error.contains(marker))
        return reply(failure);
    const QString id = failure.error.section(marker, 1, 1);
    m_endpoint->sendToBrowser(u"Target.getTargetInfo"_s, { { u"targetId"_s, id } }, this,
                              [failure, id, reply](const CdpResult &result) {
                                  const QJsonObject info = result.result.value(u"targetInfo").toObject();
                                  QString title = info.value(u"title").toString();
                                  if (title.isEmpty())
                                      title = info.value(u"url").toString();
                                  if (title.isEmpty())
                                      title = id;
                                  CommandResult out = failure;
                                  out.error = failure.error.section(marker, 0, 0) + title
                                      + failure.error.section(marker, 2);
                                  reply(out);
                              });
}

namespace {

// Reads params.ref (required or not) and checks its form; false after answering.
bool readRef(CommandParams &params, bool required, QString *ref, const CommandReply &reply)
{
    *ref = required ? params.requiredString(u"ref"_s) : params.string(u"ref"_s);
    if (!params.ok()) {
        reply(CommandResult::failure(params.error()));
        return false;
    }
    if (!ref->isEmpty() && !PageController::parseRef(*ref)) {
        reply(CommandResult::failure(
            QObject::tr(
                "params.ref “%1” is not a ref: refs look like e3 (or f1e3 inside a frame), as a snapshot "
                "lists them")
                .arg(*ref)));
        return false;
    }
    return true;
}

bool paramsOk(CommandParams &params, const CommandReply &reply)
{
    if (params.ok())
        return true;
    reply(CommandResult::failure(params.error()));
    return false;
}

} // namespace

void ToolkitCommands::registerCommands()
{
    addTabCommand(
        u"snapshot"_s,
        tr("The page as lines like `- button \"Submit\" [ref=e3]` (interactable elements, their state and "
           "some context text); use the refs in the other commands"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            PageController::SnapshotOptions options;
            options.interactiveOnly = p.boolean(u"interactiveOnly"_s, false);
            options.scope = p.string(u"scope"_s);
            options.maxElements = p.integer(u"maxElements"_s, 1000, 1, 1000000);
            options.maxChars = p.integer(u"maxChars"_s, 40000, 100, 10000000);
            if (!paramsOk(p, reply))
                return;
            tab->snapshot(options, toReply(std::move(reply)));
        });

    addTabCommand(u"click"_s,
                  tr("Clicks an element (trusted mouse input) after scrolling it into view; refused when "
                     "something covers it"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (!readRef(p, true, &ref, reply))
                          return;
                      const QString button = p.choice(u"button"_s, { u"left"_s, u"right"_s, u"middle"_s });
                      if (!paramsOk(p, reply))
                          return;
                      tab->click(ref, 1, button, toReply(std::move(reply)));
                  });
    addTabCommand(u"dblclick"_s, tr("Double-clicks an element"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (readRef(p, true, &ref, reply))
                          tab->click(ref, 2, u"left"_s, toReply(std::move(reply)));
                  });
    addTabCommand(u"hover"_s, tr("Moves the mouse over an element"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (readRef(p, true, &ref, reply))
                          tab->hover(ref, toReply(std::move(reply)));
                  });
    addTabCommand(u"focus"_s, tr("Gives an element the keyboard focus"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (readRef(p, true, &ref, reply))
                          tab->focus(ref, toReply(std::move(reply)));
                  });
    addTabCommand(u"fill"_s,
                  tr("Replaces the text of an input, textarea or editable box (works with React forms)"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (!readRef(p, true, &ref, reply))
                          return;
                      const QString value = p.requiredString(u"value"_s); // "" clears the field
                      if (!paramsOk(p, reply))
                          return;
                      tab->fill(ref, value, toReply(std::move(reply)));
                  });
    addTabCommand(u"type"_s, tr("Types text key by key at the end of a field (or into the focused element)"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (!readRef(p, false, &ref, reply))
                          return;
                      const QString text = p.requiredString(u"text"_s);
                      if (!paramsOk(p, reply))
                          return;
                      tab->type(ref, text, toReply(std::move(reply)));
                  });
    addTabCommand(u"press"_s,
                  tr("Presses a key or chord (Enter, Tab, Escape, ArrowDown, Control+A, Shift+Tab)"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (!readRef(p, false, &ref, reply))
                          return;
                      const QString key = p.requiredString(u"key"_s);
                      if (!paramsOk(p, reply))
                          return;
                      if (const QString problem = PageController::checkKeys(key); !problem.isEmpty())
                          return reply(CommandResult::failure(u"params.key: "_s + problem));
                      tab->press(ref, key, toReply(std::move(reply)));
                  });
    for (const bool checked : { true, false }) {
        addTabCommand(
            checked ? u"check"_s : u"uncheck"_s,
            checked ? tr("Checks a checkbox, radio button or switch (and verifies it)")
                    : tr("Unchecks a checkbox or switch (and verifies it)"),
            [checked](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                QString ref;
                if (readRef(p, true, &ref, reply))
                    tab->setChecked(ref, checked, toReply(std::move(reply)));
            });
    }
    addTabCommand(
        u"select"_s, tr("Chooses the options of a select box, by value or label"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            QString ref;
            if (!readRef(p, true, &ref, reply))
                return;
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
            tab->select(ref, values, toReply(std::move(reply)));
        });
    addTabCommand(
        u"scroll"_s, tr("Scrolls the page or an element: a direction by pages, or x/y by pixels"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            QString ref;
            if (!readRef(p, false, &ref, reply))
                return;
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
            tab->scroll(ref, x, y, unit == u"pages"_s, toReply(std::move(reply)));
        });
    addTabCommand(u"get"_s,
                  tr("Reads the text, value, an attribute or the html of an element, or the page's url or "
                     "title"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (!readRef(p, false, &ref, reply))
                          return;
                      const QString what = p.string(u"what"_s);
                      const QStringList whats { u"text"_s, u"value"_s, u"attribute"_s,
                                                u"url"_s,  u"title"_s, u"html"_s };
                      if (what.isEmpty() || !whats.contains(what)) {
                          return reply(CommandResult::failure(
                              tr("params.what must be one of %1").arg(whats.join(u", "_s))));
                      }
                      const QString name = p.string(u"name"_s);
                      const int maxChars = p.integer(u"maxChars"_s, 100000, 1, 10000000);
                      if (!paramsOk(p, reply))
                          return;
                      if ((what == u"value"_s || what == u"attribute"_s) && ref.isEmpty())
                          return reply(CommandResult::failure(tr("get %1 needs params.ref").arg(what)));
                      if (what == u"attribute"_s && name.isEmpty())
                          return reply(CommandResult::failure(tr("get attribute needs params.name")));
                      tab->get(what, ref, name, maxChars, toReply(std::move(reply)));
                  });
    addTabCommand(u"is"_s, tr("Tells whether an element is visible, enabled, checked or focused"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (!readRef(p, true, &ref, reply))
                          return;
                      const QString what = p.string(u"what"_s);
                      const QStringList whats { u"visible"_s, u"enabled"_s, u"checked"_s, u"focused"_s };
                      if (!whats.contains(what)) {
                          return reply(CommandResult::failure(
                              tr("params.what must be one of %1").arg(whats.join(u", "_s))));
                      }
                      if (!paramsOk(p, reply))
                          return;
                      tab->is(what, ref, toReply(std::move(reply)));
                  });

    add(u"open"_s,
        tr("Opens an address in your current tab (or a new one with newTab, or when you have none)"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            const QString address = p.requiredString(u"url"_s);
            const bool newTab = p.boolean(u"newTab"_s, false);
            const QString tab = p.string(u"tab"_s);
            if (!paramsOk(p, reply))
                return;
            const QUrl url(address, QUrl::StrictMode);
            const QStringList schemes { u"http"_s, u"https"_s, u"file"_s, u"about"_s };
            if (!url.isValid() || !schemes.contains(url.scheme())) {
                return reply(CommandResult::failure(
                    tr("params.url “%1” is not an http(s), file or about: address").arg(address)));
            }
            // Without a tab of its own (a current tab, for the debug API) a caller gets a new
            // one: open never takes over a tab the user is working in.
            const Agent agent = m_agents.value(keyOf(caller));
            const bool hasTab = isUnrestricted(caller)
                ? !agent.current.isEmpty() && m_endpoint->sessionForTarget(agent.current)
                : !agent.tabs.isEmpty();
            if (newTab || (!hasTab && tab.isEmpty()))
                return createTab(caller, url, std::move(reply));
            CommandResult failure;
            PageController *controller = resolveTab(caller, tab, &failure);
            if (!controller)
                return refuse(failure, std::move(reply));
            controller->navigate(url, toReply(std::move(reply)));
        });
    add(u"tab"_s, tr("Tabs: list yours, open a new one (with url), close or switch to one (by tab id)"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            tabCommand(p, caller, reply);
        });
    addTabCommand(u"back"_s, tr("Goes back in the tab's history"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->history(-1, toReply(std::move(reply)));
                  });
    addTabCommand(u"forward"_s, tr("Goes forward in the tab's history"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->history(1, toReply(std::move(reply)));
                  });
    addTabCommand(u"reload"_s, tr("Reloads the tab"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->reload(toReply(std::move(reply)));
                  });
    addTabCommand(
        u"wait"_s,
        tr("Waits (at most timeoutMs) for an element or text to appear or go, for a navigation, "
           "or a number of ms"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            PageController::WaitOptions options;
            if (!readRef(p, false, &options.ref, reply))
                return;
            options.text = p.string(u"text"_s);
            options.navigation = p.boolean(u"navigation"_s, false);
            options.hidden = p.choice(u"state"_s, { u"visible"_s, u"hidden"_s }) == u"hidden"_s;
            options.ms = p.integer(u"ms"_s, 0, 1, 30000);
            options.timeoutMs = p.integer(u"timeoutMs"_s, 5000, 100, 25000);
            if (!paramsOk(p, reply))
                return;
            const int given = int(!options.ref.isEmpty()) + int(p.has(u"text"_s)) + int(options.navigation)
                + int(options.ms > 0);
            if (given != 1) {
                return reply(CommandResult::failure(tr(
                    "wait for exactly one thing: params.ref, params.text, params.navigation or params.ms")));
            }
            tab->wait(options, toReply(std::move(reply)));
        });
    addTabCommand(u"screenshot"_s,
                  tr("A PNG screenshot (base64) of the viewport, the whole page or an element"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      QString ref;
                      if (!readRef(p, false, &ref, reply))
                          return;
                      const bool fullPage = p.boolean(u"fullPage"_s, false);
                      if (!paramsOk(p, reply))
                          return;
                      tab->screenshot(ref, fullPage, toReply(std::move(reply)));
                  });
    addTabCommand(
        u"eval"_s, tr("Runs JavaScript in the page and returns its value (off unless toolkit/allowEval)"),
        [this](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            const QString expression = p.requiredString(u"expression"_s);
            if (!paramsOk(p, reply))
                return;
            if (!m_settings->boolValue(SettingKey::ToolkitAllowEval)) {
                return reply(CommandResult::failure(
                    tr("eval is off: turn on toolkit/allowEval in the settings to let agents run JavaScript"),
                    403));
            }
            tab->evaluate(expression, toReply(std::move(reply)));
        });
}

void ToolkitCommands::tabCommand(CommandParams &p, const CommandCaller &caller, CommandReply reply)
{
    const QString action = p.choice(u"action"_s, { u"list"_s, u"new"_s, u"close"_s, u"switch"_s });
    const QString tab = p.string(u"tab"_s);
    const QString address = p.string(u"url"_s);
    if (!paramsOk(p, reply))
        return;
    if (action == u"list"_s) {
        m_endpoint->sendToBrowser(
            u"Target.getTargets"_s, {}, this, [this, caller, reply](const CdpResult &result) {
                QHash<QString, QJsonObject> fresh;
                for (const QJsonValue &info : result.result.value(u"targetInfos").toArray())
                    fresh.insert(info.toObject().value(u"targetId").toString(), info.toObject());
                QJsonArray tabs;
                for (const QString &id : tabsOf(caller)) {
                    CdpSession *session = m_endpoint->sessionForTarget(id);
                    if (!session)
                        continue;
                    QJsonObject tab = describeTab(session, caller);
                    if (fresh.contains(id)) {
                        tab.insert(u"title"_s, fresh.value(id).value(u"title"));
                        tab.insert(u"url"_s, fresh.value(id).value(u"url"));
                    }
                    tabs.append(tab);
                }
                reply(CommandResult::success(QJsonObject { { u"tabs"_s, tabs } }));
            });
        return;
    }
    if (action == u"new"_s) {
        QUrl url(address.isEmpty() ? u"about:blank"_s : address, QUrl::StrictMode);
        const QStringList schemes { u"http"_s, u"https"_s, u"file"_s, u"about"_s };
        if (!url.isValid() || !schemes.contains(url.scheme()))
            return reply(CommandResult::failure(
                tr("params.url “%1” is not an http(s), file or about: address").arg(address)));
        return createTab(caller, url, std::move(reply));
    }
    if (tab.isEmpty())
        return reply(CommandResult::failure(tr("tab %1 needs params.tab (an id from tab list)").arg(action)));
    CommandResult failure;
    PageController *controller = resolveTab(caller, tab, &failure);
    if (!controller)
        return refuse(failure, std::move(reply));
    CdpSession *session = controller->session();
    if (action == u"switch"_s) {
        m_agents[keyOf(caller)].current = tab;
        session->send(
            u"Page.bringToFront"_s, {}, this,
            [this, session = QPointer<CdpSession>(session), caller, reply](const CdpResult &result) {
                if (!result.ok())
                    return reply(CommandResult::failure(result.error.toString(), 500));
                if (!session)
                    return reply(CommandResult::failure(tr("the tab closed"), 409));
                reply(CommandResult::success(describeTab(session, caller)));
            });
        return;
    }
    // close
    m_endpoint->sendToBrowser(u"Target.closeTarget"_s, { { u"targetId"_s, tab } }, this,
                              [this, tab, reply](const CdpResult &result) {
                                  if (!result.ok())
                                      return reply(CommandResult::failure(result.error.toString(), 500));
                                  for (auto it = m_agents.begin(); it != m_agents.end(); ++it) {
                                      it->tabs.removeAll(tab);
                                      if (it->current == tab)
                                          it->current = it->tabs.isEmpty() ? QString() : it->tabs.constLast();
                                  }
                                  reply(CommandResult::success(QJsonObject { { u"closed"_s, tab } }));
                              });
}

void ToolkitCommands::createTab(const CommandCaller &caller, const QUrl &url, CommandReply reply)
{
    const QString key = keyOf(caller);
    if (!isUnrestricted(caller)) {
        const qsizetype count = m_agents.value(key).tabs.size();
        if (count >= maxTabs()) {
            return reply(CommandResult::failure(tr("you already have %1 tabs (toolkit/maxTabs is %2): close "
                                                   "one with tab {\"action\": \"close\"} first")
                                                    .arg(count)
                                                    .arg(maxTabs()),
                                                409));
        }
    }
    m_endpoint->sendToBrowser(
        u"Target.createTarget"_s, { { u"url"_s, u"about:blank"_s } }, this,
        [this, caller, key, url, reply](const CdpResult &result) {
            if (!result.ok())
                return reply(
                    CommandResult::failure(tr("cannot open a tab: %1").arg(result.error.toString()), 503));
            const QString id = result.result.value(u"targetId").toString();
            auto deadline = std::make_shared<QDeadlineTimer>(kTabAttachMs);
            auto *timer = new QTimer(this);
            timer->setInterval(10);
            const auto attempt = [this, timer, deadline, caller, id, url, reply] {
                CdpSession *session = m_endpoint->sessionForTarget(id);
                if (!session && !deadline->hasExpired())
                    return;
                timer->stop();
                timer->deleteLater();
                if (!session)
                    return reply(CommandResult::failure(tr("the new tab did not attach in time"), 503));
                handTab(caller, id);
                PageController *controller = controllerFor(id);
                if (!controller)
                    return reply(CommandResult::failure(tr("the new tab went away"), 503));
                if (url.toString() == u"about:blank"_s) {
                    return reply(CommandResult::success(QJsonObject {
                        { u"tab"_s, id }, { u"url"_s, url.toString() }, { u"newTab"_s, true } }));
                }
                controller->navigate(url, [reply, id](const QJsonObject &data, const QString &error) {
                    if (!error.isEmpty())
                        return reply(actionFailure(error));
                    QJsonObject out = data;
                    out.insert(u"tab"_s, id);
                    out.insert(u"newTab"_s, true);
                    reply(CommandResult::success(out));
                });
            };
            connect(timer, &QTimer::timeout, this, attempt);
            timer->start();
        });
}

} // namespace mpa
