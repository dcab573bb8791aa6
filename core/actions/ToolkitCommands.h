#pragma once
// The browser toolkit's commands (snapshot, click, fill, … tab, eval) in the shared
// CommandDispatcher, scoped Toolkit and DebugApi, each with a one-line description and a JSON
// Schema of its params (the MCP server lists them as tools). One PageController per tab does
// the work.
//
// Tabs: an agent (a CommandCaller: channel + clientId) controls the tabs it opened (open, tab
// new, or a link of its tab that opened one, by CDP openerId), at most toolkit/maxTabs of them,
// and the tabs the user let it use (TabConsent: toolkit/userTabs, a desktop prompt); these are
// released when it disconnects. The channels "debug-api", "ctl" and "ui" may use every tab.
// Routing, as the LLM Browser Agent extension's router: a command without `tab` goes to the tab
// the agent last used, else to the tab in front (with consent); a snapshot without `tab` reads
// the tab in front whenever the agent may use it without asking the user; `open` navigates the
// tab the command goes to, or opens one rather than ask for a tab of the user's. The tab in
// front is the one the app last brought there (tab switch, a tab it opened) while the page
// agrees, else the page's own visibility and focus.

#include "actions/CommandDispatcher.h"
#include "actions/CommandParams.h"
#include "actions/TabRegistry.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

namespace mpa {

class AgentActivity;
class CdpEndpoint;
class CdpSession;
class Clock;
class TabConsent;
class PageController;
class PayloadHub;
class Settings;

class ToolkitCommands : public QObject
{
    Q_OBJECT
public:
    ToolkitCommands(CdpEndpoint *endpoint, PayloadHub *hub, Settings *settings, Clock *clock,
                    CommandDispatcher *commands, QObject *parent = nullptr);
    ~ToolkitCommands() override;

    // Gives `caller` control of a tab it did not open (and makes it its current tab).
    void handTab(const CommandCaller &caller, const QString &targetId);
    // `caller` lets go of one tab (it stays open).
    void releaseTab(const CommandCaller &caller, const QString &targetId)
    {
        m_tabs.releaseTab(caller, targetId);
    }
    // The tab `caller`'s commands act on when they name none (empty: none yet).
    QString currentTab(const CommandCaller &caller) const { return m_tabs.current(caller); }
    // The tabs `caller` controls (every attached tab for unrestricted callers).
    QStringList tabsOf(const CommandCaller &caller) const;
    // The controller of an attached page (created on first use); null when there is no such page.
    PageController *controllerFor(const QString &targetId);
    // Who decides whether an agent may use a tab it did not open (the window registers its
    // prompt here).
    TabConsent *consent() const { return m_consent; }
    // The commands agents ran (for the window's Agents page).
    AgentActivity *activity() const { return m_activity; }
    // The tab's title as last known (its address when it has none); the id when it is gone.
    QString tabLabel(const QString &targetId) const;
    // Folders no page may show (the config, data and log folders: tokens, settings).
    void setProtectedFolders(const QStringList &folders) { m_protectedFolders = folders; }

public Q_SLOTS:
    // Forgets the tabs a disconnected agent owned; the tabs stay open.
    void releaseCaller(const mpa::CommandCaller &caller);

public:
    // How long a command waits for the browser connection (and its open tabs) to be made
    // before it is answered with how to start a browser.
    void setBrowserWait(std::chrono::milliseconds wait) { m_browserWait = wait; }

private:
    using Handler
        = std::function<void(CommandParams &params, const CommandCaller &caller, CommandReply reply)>;
    using TabHandler = std::function<void(CommandParams &params, PageController *tab,
                                          const CommandCaller &caller, CommandReply reply)>;
    using TabAction = std::function<void(PageController *, CommandReply)>;
    using ElementHandler = std::function<void(const QString &ref, CommandParams &params, PageController *tab,
                                              CommandReply reply)>;
    enum class RefUse { Required, Optional };
    // Where a command without `tab` goes: the tab last used, else the one in front (LastUsed); the
    // one in front when the agent may use it without asking, else the last used (Front).
    enum class Route { LastUsed, Front };
    // Per page tab: whether the user sees it (visibilityState) and its window has the focus.
    struct TabView
    {
        bool visible = false;
        bool focused = false;
    };
    using TabViews = QHash<QString, TabView>;

    void add(const QString &type, const QString &description, Handler handler);
    // The LLM Browser Agent extension's param names (tabId, attrName, pixels, script, …) read as
    // ours; false with `error` for what has no counterpart here (CSS selectors).
    bool takeForeignNames(const QString &type, QJsonObject &params, QString *error) const;
    static CommandResult withForeignFields(const QString &type, const CommandCaller &caller,
                                           const CommandResult &result);
    void noteActivity(const CommandCaller &caller, const QString &type, const CommandResult &result,
                      qint64 ms);
    // Whether `url` may be opened by `caller`: http(s), about:, and file: where the user allows
    // it for agents and never in the app's own folders.
    CommandResult checkAddress(const CommandCaller &caller, const QUrl &url, const QString &given) const;
    // Runs `go` once the browser's open tabs are known (at once when they are, or when the
    // endpoint is not even trying); answers 503 with how to start one after m_browserWait.
    void whenBrowserReady(CommandReply reply, std::function<void(CommandReply)> go);
    // Registers a type that acts on one tab (params.tab or the caller's current tab).
    void addTabCommand(const QString &type, const QString &description, TabHandler handler);
    // A tab command on an element: params.ref is read and checked (answered when missing where
    // `use` requires it, or not a ref) before `handler` reads the rest.
    void addElementCommand(const QString &type, const QString &description, RefUse use,
                           ElementHandler handler);
    // Runs `act` on the tab a command names, or the one `route` picks, or answers why not.
    void withTab(const CommandCaller &caller, const QString &tab, CommandReply reply, TabAction act,
                 Route route = Route::LastUsed);
    // The tab `caller` last used while it is open (its current one, else its newest); empty if none.
    QString lastUsedTab(const CommandCaller &caller);
    // Whether `caller` may use the tab with no question to the user (its own, or one the user's
    // settings give agents: toolkit/userTabs=allow, an allowed site) and no other agent holds it.
    bool usableWithoutAsking(const CommandCaller &caller, const QString &targetId) const;
    // Runs `act` on a tab, asking for it first when it is not the caller's; it becomes current.
    void useTab(const CommandCaller &caller, const QString &targetId, CommandReply reply, const TabAction &act);
    // The tab in front (frontTab()) once the pages have said what they show; empty if none.
    void whenFront(std::function<void(const QString &)> done);
    QString frontTab(const TabViews &views, const QStringList &order) const;
    // Asks TabConsent for a tab the caller does not control (named by its current title and
    // URL); runs `act` on it once granted.
    void askForTab(const CommandCaller &caller, const QString &targetId, CommandReply reply, TabAction act);
    void actOnTab(const QString &targetId, CommandReply reply, const TabAction &act);
    // Reads every page tab's TabView (a page that does not answer within 1 s counts as hidden).
    void readTabViews(std::function<void(const TabViews &)> done);
    // The tab the user is looking at: visible in a focused window, else visible; empty if none.
    static QString activeTab(const TabViews &views, const QStringList &order);
    void createTab(const CommandCaller &caller, const QUrl &url, CommandReply reply);
    void tabCommand(CommandParams &params, const CommandCaller &caller, CommandReply reply);
    void switchOrClose(const QString &action, const QString &tab, PageController *controller,
                       const CommandCaller &caller, CommandReply reply);
    QJsonObject describeTab(CdpSession *session, const CommandCaller &caller);
    int maxTabs() const;
    void onPageAttached(CdpSession *session);
    void onSessionDetached(CdpSession *session);
    void registerCommands();
    void registerLaterVerbs();

    CdpEndpoint *m_endpoint;
    PayloadHub *m_hub;
    Settings *m_settings;
    QPointer<CommandDispatcher> m_commands;
    TabRegistry m_tabs;
    TabConsent *m_consent;
    AgentActivity *m_activity;
    QStringList m_protectedFolders;
    QHash<QString, int> m_tabNumbers; // target id → the number `tab list` shows as "id"
    QHash<QString, PageController *> m_controllers;
    QString m_frontTab; // the tab the app last brought to the front (tab switch, a tab it opened)
    std::chrono::milliseconds m_browserWait { 10000 };
    std::shared_ptr<QHash<QString, int>> m_refMarks = std::make_shared<QHash<QString, int>>();
};

} // namespace mpa
