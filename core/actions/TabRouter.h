#pragma once
// Which tab a toolkit command acts on, and the page controllers of the browser's tabs. An
// agent (a CommandCaller) controls the tabs it opened (or a link of its tab opened, by CDP
// openerId), at most toolkit/maxTabs, and the tabs the user let it use (TabConsent); the
// channels "debug-api", "ctl" and "ui" may use every tab. Routing, as the LLM Browser Agent
// extension's router: a command without a tab goes to the tab the agent last used, else to the
// tab in front (with consent). The tab in front is the one the app last brought there (tab
// switch, a tab it opened) while the page agrees, else the page's own visibility and focus.

#include "actions/CommandDispatcher.h"
#include "actions/TabRegistry.h"
#include "page/PageEffects.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

namespace mpa {

class CdpEndpoint;
class CdpSession;
class PageController;
class PayloadHub;
class Settings;
class TabConsent;

class TabRouter : public QObject
{
    Q_OBJECT
public:
    using TabAction = std::function<void(PageController *, CommandReply)>;
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

    TabRouter(CdpEndpoint *endpoint, PayloadHub *hub, Settings *settings, TabConsent *consent,
              QObject *parent = nullptr);

    // Who holds which tab (read-only: the changes go through the calls below).
    const TabRegistry &registry() const { return m_tabs; }
    // Gives `caller` control of a tab it did not open (and makes it its current tab).
    void hand(const CommandCaller &caller, const QString &targetId) { m_tabs.hand(caller, targetId); }
    // Makes a tab `caller`'s current one.
    void makeCurrent(const CommandCaller &caller, const QString &targetId)
    {
        m_tabs.makeCurrent(caller, targetId);
    }
    // The isolated browser context `caller`'s new tabs open in (empty: none).
    void setContext(const CommandCaller &caller, const QString &browserContextId)
    {
        m_tabs.setContext(caller, browserContextId);
    }
    // `caller` lets go of one tab (it stays open).
    // What the agent emulated on it is cleared, and a dialog held for it dismissed, once no other
    // agent holds it.
    // False when `caller` did not hold it.
    bool releaseTab(const CommandCaller &caller, const QString &targetId);
    // Forgets the tabs a disconnected agent owned; the tabs stay open, and what it emulated on
    // them (device, offline, location …) is cleared where no other agent holds them.
    // Answers the tabs it held.
    QStringList releaseCaller(const CommandCaller &caller);
    // The tabs `caller` controls (every attached tab for unrestricted callers).
    QStringList tabsOf(const CommandCaller &caller) const;
    // The controller of an attached page (created on first use); null when there is no such page.
    PageController *controllerFor(const QString &targetId);
    // The tab's title as last known (its address when it has none); the id when it is gone.
    QString tabLabel(const QString &targetId) const;
    // A tab as tab list and tab switch describe it (numbering it on first sight).
    QJsonObject describeTab(CdpSession *session, const CommandCaller &caller);
    // Target id → the number `tab list` shows as "id" (what the extension's tabId names).
    const QHash<QString, int> &tabNumbers() const { return m_tabNumbers; }
    int maxTabs() const;
    // The app brought `targetId` to the front (tab switch, a tab it opened).
    void setFrontTab(const QString &targetId) { m_frontTab = targetId; }
    // A tab the app closed: nobody holds it, and it is no longer in front.
    void forgetClosed(const QString &targetId);

    // What an agent may see: a tab that shows an address `gate` refuses for the caller (the app's
    // own folder, file: while they are off for agents) is taken back to about:blank and the
    // command refused, however the tab got there (a link, back, reload, a script).
    void setAddressGate(std::function<CommandResult(const CommandCaller &, const QUrl &)> gate)
    {
        m_gate = std::move(gate);
    }
    // Runs `act` on the tab a command names, or the one `route` picks, or answers why not.
    void withTab(const CommandCaller &caller, const QString &tab, CommandReply reply, TabAction act,
                 Route route = Route::LastUsed);
    // The tab `caller` last used while it is open (its current one, else its newest); empty if none.
    QString lastUsedTab(const CommandCaller &caller);
    // Whether `caller` may use the tab with no question to the user (its own, or one the user's
    // settings give agents: toolkit/userTabs=allow, an allowed site) and no other agent holds it.
    bool usableWithoutAsking(const CommandCaller &caller, const QString &targetId) const;
    // Runs `act` on a tab, asking for it first when it is not the caller's; it becomes current.
    void useTab(const CommandCaller &caller, const QString &targetId, CommandReply reply,
                const TabAction &act);
    // Runs `act` on an open tab, or answers that it is gone.
    void actOnTab(const QString &targetId, CommandReply reply, const TabAction &act);
    // The tab in front (frontTab()) once the pages have said what they show; empty if none.
    void whenFront(std::function<void(const QString &)> done);
    QString frontTab(const TabViews &views, const QStringList &order) const;
    // Reads every page tab's TabView (a page that does not answer within 1 s counts as hidden).
    void readTabViews(std::function<void(const TabViews &)> done);
    // The tab the user is looking at: visible in a focused window, else visible; empty if none.
    static QString activeTab(const TabViews &views, const QStringList &order);

private:
    // Asks TabConsent for a tab the caller does not control (named by its current title and
    // URL); runs `act` on it once granted.
    void askForTab(const CommandCaller &caller, const QString &targetId, CommandReply reply, TabAction act);
    // `act`, run only while the tab shows what the address gate lets `caller` see.
    TabAction guarded(const CommandCaller &caller, TabAction act) const;
    void onPageAttached(CdpSession *session);
    // Tabs no restricted caller holds any more: what an agent emulated there is cleared, a dialog
    // held for it dismissed, a trace it left running ended.
    void letGo(const QStringList &targetIds);
    PageEffects::DialogPolicy dialogPolicy() const; // from toolkit/dialogs
    void onSessionDetached(CdpSession *session);

    CdpEndpoint *m_endpoint;
    PayloadHub *m_hub;
    Settings *m_settings;
    TabConsent *m_consent;
    TabRegistry m_tabs;
    QHash<QString, int> m_tabNumbers; // target id → the number `tab list` shows as "id"
    QHash<QString, PageController *> m_controllers;
    QString m_frontTab; // the tab the app last brought to the front (tab switch, a tab it opened)
    std::shared_ptr<QHash<QString, int>> m_refMarks = std::make_shared<QHash<QString, int>>();
    std::function<CommandResult(const CommandCaller &, const QUrl &)> m_gate;
};

} // namespace mpa
