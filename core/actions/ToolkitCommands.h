#pragma once
// The browser toolkit's commands (snapshot, click, fill, … tab, eval) in the shared
// CommandDispatcher, scoped Toolkit and DebugApi, each with a one-line description and a JSON
// Schema of its params (the MCP server lists them as tools). One PageController per tab does
// the work.
//
// Tabs: an agent (a CommandCaller: channel + clientId) controls only the tabs it opened (open,
// tab new, or a link of its tab that opened one) or was handed (handTab), at most
// toolkit/maxTabs of them; any other tab is refused by its title. The channels "debug-api",
// "ctl" and "ui" may use every tab. Each caller has a current tab, the one commands without
// `tab` act on.

#include "actions/CommandDispatcher.h"
#include "actions/TabRegistry.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

namespace mpa {

class CdpEndpoint;
class CdpSession;
class PageController;
class PayloadHub;
class Settings;

class ToolkitCommands : public QObject
{
    Q_OBJECT
public:
    ToolkitCommands(CdpEndpoint *endpoint, PayloadHub *hub, Settings *settings, CommandDispatcher *commands,
                    QObject *parent = nullptr);
    ~ToolkitCommands() override;

    // Gives `caller` control of a tab it did not open (and makes it its current tab).
    void handTab(const CommandCaller &caller, const QString &targetId);
    // The tabs `caller` controls (every attached tab for unrestricted callers).
    QStringList tabsOf(const CommandCaller &caller) const;
    // The controller of an attached page (created on first use); null when there is no such page.
    PageController *controllerFor(const QString &targetId);

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

    void add(const QString &type, const QString &description, Handler handler);
    // Runs `go` once the browser's open tabs are known (at once when they are, or when the
    // endpoint is not even trying); answers 503 with how to start one after m_browserWait.
    void whenBrowserReady(CommandReply reply, std::function<void(CommandReply)> go);
    // Registers a type that acts on one tab (params.tab or the caller's current tab).
    void addTabCommand(const QString &type, const QString &description, TabHandler handler);
    // Runs `act` on the tab a command names (or the caller's current one), or answers why not.
    void withTab(const CommandCaller &caller, const QString &tab, CommandReply reply,
                 const std::function<void(PageController *, CommandReply)> &act);
    // Refuses a tab the caller does not control, naming it by its current title.
    void refuseNotYours(const QString &targetId, CommandReply reply);
    void createTab(const CommandCaller &caller, const QUrl &url, CommandReply reply);
    void tabCommand(CommandParams &params, const CommandCaller &caller, CommandReply reply);
    void switchOrClose(const QString &action, const QString &tab, PageController *controller,
                       const CommandCaller &caller, CommandReply reply);
    QJsonObject describeTab(CdpSession *session, const CommandCaller &caller) const;
    int maxTabs() const;
    void onPageAttached(CdpSession *session);
    void onSessionDetached(CdpSession *session);
    void registerCommands();

    CdpEndpoint *m_endpoint;
    PayloadHub *m_hub;
    Settings *m_settings;
    QPointer<CommandDispatcher> m_commands;
    TabRegistry m_tabs;
    QHash<QString, PageController *> m_controllers;
    std::chrono::milliseconds m_browserWait { 10000 };
    std::shared_ptr<QHash<QString, int>> m_refMarks = std::make_shared<QHash<QString, int>>();
};

} // namespace mpa
