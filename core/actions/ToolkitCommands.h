#pragma once
// The browser toolkit's commands (snapshot, click, fill, … tab, eval) in the shared
// CommandDispatcher, scoped Toolkit and DebugApi, each with a one-line description and a JSON
// Schema of its params (the MCP server lists them as tools). One PageController per tab does
// the work. The parts, each its own file: TabRouter (which tab a command acts on), TabCommand
// (the tab command), AddressPolicy (which addresses open may load), ToolkitCompat (the LLM
// Browser Agent extension's names), ToolkitParams (shared param readers), and the commands
// themselves in ToolkitPageCommands.cpp, ToolkitLaterVerbs.cpp and ToolkitDevTools.cpp.
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

#include "actions/AddressPolicy.h"
#include "actions/CommandDispatcher.h"
#include "actions/CommandParams.h"
#include "actions/TabRegistry.h"

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
class DownloadLog;
class TabConsent;
class PageController;
class PayloadHub;
class Settings;
class TabCommand;
class TabRouter;

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
    void releaseTab(const CommandCaller &caller, const QString &targetId);
    // The tab `caller`'s commands act on when they name none (empty: none yet).
    QString currentTab(const CommandCaller &caller) const;
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
    void setProtectedFolders(const QStringList &folders);
    // Where each agent's files go (pdf, downloads): a folder per agent inside it, owner-only.
    void setDownloadsFolder(const QString &folder);
    // Where `storage save` keeps the named states (owner-only).
    void setStorageFolder(const QString &folder);
    // The files agents' tabs downloaded (the downloads verb).
    DownloadLog *downloads() const { return m_downloadLog; }

public Q_SLOTS:
    // Forgets the tabs a disconnected agent owned; the tabs stay open.
    void releaseCaller(const mpa::CommandCaller &caller);
    // The user takes a tab back from every agent that holds it (the Stop of its bar).
    void takeBack(const QString &targetId);

Q_SIGNALS:
    // `caller` no longer holds `tabs`: it let them go or disconnected, or the user took them
    // back (`byUser`).
    void tabsLetGo(const mpa::CommandCaller &caller, const QStringList &tabs, bool byUser);

public:
    // How long a command waits for the browser connection (and its open tabs) to be made
    // before it is answered with how to start a browser.
    void setBrowserWait(std::chrono::milliseconds wait) { m_browserWait = wait; }
    // The time the toolkit's waits run on.
    Clock *clock() const { return m_clock; }

private:
    using Handler
        = std::function<void(CommandParams &params, const CommandCaller &caller, CommandReply reply)>;
    using TabHandler = std::function<void(CommandParams &params, PageController *tab,
                                          const CommandCaller &caller, CommandReply reply)>;
    using ElementHandler = std::function<void(const QString &ref, CommandParams &params, PageController *tab,
                                              CommandReply reply)>;
    enum class RefUse { Required, Optional };

    // Registers a command in the dispatcher (scopes Toolkit and DebugApi, its schema from
    // ToolkitSchemas, the extension's names taken first, its replies recorded for the Agents page).
    void add(const QString &type, const QString &description, const Handler &handler);
    void noteActivity(const CommandCaller &caller, const QString &type, const CommandResult &result,
                      qint64 ms);
    // Runs `go` once the browser's open tabs are known (at once when they are, or when the
    // endpoint is not even trying); answers Unavailable with how to start one after m_browserWait.
    void whenBrowserReady(CommandReply reply, std::function<void(CommandReply)> go);
    // Why there is no browser to act on, and what to do: start one locally, check the remote
    // service, or the remote's refusal as it was said.
    QString noBrowserSentence() const;
    // Registers a type that acts on one tab (params.tab or the caller's current tab).
    void addTabCommand(const QString &type, const QString &description, const TabHandler &handler);
    // A tab command on an element: params.ref is read and checked (answered when missing where
    // `use` requires it, or not a ref) before `handler` reads the rest.
    void addElementCommand(const QString &type, const QString &description, RefUse use,
                           const ElementHandler &handler);
    // The page commands (ToolkitPageCommands.cpp) and the later verbs (ToolkitLaterVerbs.cpp).
    void registerCommands();
    void registerLaterVerbs();
    void registerDevToolsVerbs(); // ToolkitDevTools.cpp
    void registerDownloads(); // ToolkitDownloads.cpp
    void registerSiteData(); // ToolkitSiteData.cpp: context, cookies, storage
    // The browser context a tab is in (empty when unknown).
    QString contextOfTab(const QString &targetId) const;
    // The tab is in the isolated context `caller` made (context new).
    bool inOwnContext(const CommandCaller &caller, const QString &targetId) const;
    // Closes `caller`'s isolated context with its tabs (context close, and when the agent goes);
    // `done` gets {closed, tabsClosed}, or Conflict when it has none.
    void disposeContextOf(const CommandCaller &caller, CommandReply done);
    void saveState(const CommandCaller &caller, const QString &path, const QString &name,
                   const CommandReply &reply);
    void loadState(const CommandCaller &caller, const QString &path, const QString &name,
                   const CommandReply &reply);

    CdpEndpoint *m_endpoint;
    Settings *m_settings;
    QPointer<CommandDispatcher> m_commands;
    Clock *m_clock;
    TabConsent *m_consent;
    AgentActivity *m_activity;
    TabRouter *m_router;
    AddressPolicy m_addresses;
    TabCommand *m_tabCommand;
    QString m_downloads;
    QString m_storage; // storage save/load's folder
    DownloadLog *m_downloadLog;
    QStringList m_protectedFolders;
    // upload: `path` as the file it names after links are followed, when it is a readable file
    // inside a folder of toolkit/uploadDirs and outside the app's own folders; else empty, with
    // `why` saying which rule it broke.
    QString uploadable(const QString &path, QString *why) const;
    std::chrono::milliseconds m_browserWait { 10000 };
};

} // namespace mpa
