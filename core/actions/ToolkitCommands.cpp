#include "ToolkitCommands.h"

#include "AgentActivity.h"
#include "DownloadLog.h"
#include "TabCommand.h"
#include "TabConsent.h"
#include "TabRouter.h"
#include "ToolkitCompat.h"
#include "ToolkitParams.h"
#include "ToolkitSchemas.h"
#include "cdp/CdpEndpoint.h"
#include "common/ClockTimer.h"
#include "common/Stopwatch.h"
#include "logging/LogCategories.h"
#include "page/PageController.h"
#include "page/PayloadHub.h"
#include "settings/Settings.h"

#include <QStandardPaths>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

ToolkitCommands::ToolkitCommands(CdpEndpoint *endpoint, PayloadHub *hub, Settings *settings, Clock *clock,
                                 CommandDispatcher *commands, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_settings(settings)
    , m_commands(commands)
    , m_clock(clock)
    , m_consent(new TabConsent(settings, clock, this))
    , m_activity(new AgentActivity(this))
    , m_router(new TabRouter(endpoint, hub, settings, m_consent, this))
    , m_addresses(settings)
    , m_tabCommand(new TabCommand(m_router, endpoint, &m_addresses, clock, this))
    , m_downloadLog(new DownloadLog(endpoint, clock, this))
{
    // An agent's tab that went somewhere it may not see is taken back before any command acts.
    m_router->setAddressGate([this](const CommandCaller &caller, const QUrl &shown) {
        return m_addresses.checkShown(caller, shown);
    });
    // Installed on demand only: a tab gets the script when a command first reaches it.
    hub->addScript(PageController::payloadScript(), [](CdpSession *) { return false; });
    registerCommands();
    // Downloads of an agent's tab are its own; those of tabs no agent holds stay the user's.
    m_downloadLog->setOwnersOf(
        [this](const QString &targetId) { return m_router->registry().holdersOf(targetId); });
    m_downloadLog->setUserFolder(QStandardPaths::writableLocation(QStandardPaths::DownloadLocation));
    registerDownloads();
    registerSiteData();
}

ToolkitCommands::~ToolkitCommands()
{
    // Questions still open are refused while this object can still answer them.
    delete m_consent;
    if (!m_commands)
        return;
    for (const QString &type : ToolkitSchemas::types())
        m_commands->remove(type);
}

void ToolkitCommands::handTab(const CommandCaller &caller, const QString &targetId)
{
    m_router->hand(caller, targetId);
}

void ToolkitCommands::releaseTab(const CommandCaller &caller, const QString &targetId)
{
    if (m_router->releaseTab(caller, targetId))
        Q_EMIT tabsLetGo(caller, { targetId }, false);
}

QString ToolkitCommands::currentTab(const CommandCaller &caller) const
{
    return m_router->registry().current(caller);
}

QStringList ToolkitCommands::tabsOf(const CommandCaller &caller) const
{
    return m_router->tabsOf(caller);
}

PageController *ToolkitCommands::controllerFor(const QString &targetId)
{
    return m_router->controllerFor(targetId);
}

QString ToolkitCommands::tabLabel(const QString &targetId) const
{
    return m_router->tabLabel(targetId);
}

void ToolkitCommands::setProtectedFolders(const QStringList &folders)
{
    m_addresses.setProtectedFolders(folders);
    m_protectedFolders = folders;
}

void ToolkitCommands::setDownloadsFolder(const QString &folder)
{
    m_downloads = folder;
    m_downloadLog->setFolder(folder);
}

void ToolkitCommands::releaseCaller(const CommandCaller &caller)
{
    disposeContextOf(caller, [](const CommandResult &) {}); // its isolated context goes, with its tabs
    m_consent->forgetCaller(caller);
    if (const QStringList held = m_router->releaseCaller(caller); !held.isEmpty())
        Q_EMIT tabsLetGo(caller, held, false);
}

void ToolkitCommands::takeBack(const QString &targetId)
{
    for (const CommandCaller &holder : m_router->registry().holdersOf(targetId)) {
        m_router->releaseTab(holder, targetId);
        qCInfo(lcServer).noquote() << "agents: the user took the tab" << tabLabel(targetId) << "back from"
                                   << holder.displayName();
        Q_EMIT tabsLetGo(holder, { targetId }, true);
    }
}

void ToolkitCommands::noteActivity(const CommandCaller &caller, const QString &type,
                                   const CommandResult &result, qint64 ms)
{
    const QString tab = m_router->registry().current(caller);
    m_activity->record({ QDateTime::currentDateTime(), caller, type,
                         tab.isEmpty() ? QString() : m_router->tabLabel(tab), tab, result.ok,
                         result.ok ? QString() : result.error, ms });
}

// ---- registration -------------------------------------------------------------------------

void ToolkitCommands::add(const QString &type, const QString &description, const Handler &handler)
{
    // The dispatcher checks params against the schema (names, types, ranges) before the handler,
    // after taking the LLM Browser Agent extension's names for ours.
    m_commands->add(
        { type, CommandDispatcher::Scope::Toolkit | CommandDispatcher::Scope::DebugApi, description,
          ToolkitSchemas::schema(type),
          [this, type, handler](const QJsonObject &raw, const CommandCaller &caller, CommandReply reply) {
              Stopwatch took(m_clock);
              took.start();
              // Recorded for the Agents page while this object lives (pending commands are
              // answered "the tab is gone" as it is destroyed).
              CommandReply answer = [self = QPointer<ToolkitCommands>(this), type, caller, took,
                                     reply = std::move(reply)](const CommandResult &result) {
                  if (self && !TabRegistry::isUnrestricted(caller))
                      self->noteActivity(caller, type, result, took.elapsed());
                  reply(ToolkitCompat::withForeignFields(type, caller, result));
              };
              // The first call often comes while the connection is still being made
              // (an MCP client calls a tool right after initialize).
              whenBrowserReady(std::move(answer), [this, handler, raw, caller](CommandReply reply) {
                  // From an agent's first command on, the browser saves downloads where the
                  // downloads verb finds them (the user's own tools change nothing).
                  if (!TabRegistry::isUnrestricted(caller))
                      m_downloadLog->capture();
                  CommandParams params(raw);
                  handler(params, caller, std::move(reply));
              });
          },
          [this, type](QJsonObject &params, QString *error) {
              return ToolkitCompat::takeForeignNames(type, params, m_router->tabNumbers(), error);
          } });
}

void ToolkitCommands::whenBrowserReady(CommandReply reply, std::function<void(CommandReply)> go)
{
    if (m_endpoint->refusedForGood())
        return reply(CommandResult::failure(noBrowserSentence(), ErrorKind::Unavailable));
    if (m_endpoint->targetsKnown() || m_endpoint->state() == CdpEndpoint::State::Stopped)
        return go(std::move(reply));
    struct Wait
    {
        CommandReply reply;
        std::function<void(CommandReply)> go;
    };
    auto wait = std::make_shared<Wait>(Wait { std::move(reply), std::move(go) });
    // Dies with this object, so neither the signals nor the timer can reach a deleted one.
    auto *guard = new QObject(this);
    connect(m_endpoint, &CdpEndpoint::targetsKnownChanged, guard, [wait, guard](bool known) {
        if (!known || !wait->go)
            return;
        guard->deleteLater();
        std::exchange(wait->go, {})(std::move(wait->reply));
    });
    const auto giveUp = [this, wait, guard] {
        if (!wait->go)
            return;
        wait->go = {};
        guard->deleteLater();
        wait->reply(CommandResult::failure(noBrowserSentence(), ErrorKind::Unavailable));
    };
    // A remote service that refused for good is said at once: waiting cannot change it.
    connect(m_endpoint, &CdpEndpoint::refused, guard, giveUp);
    ClockTimer::singleShot(m_clock, m_browserWait, guard, giveUp);
}

QString ToolkitCommands::noBrowserSentence() const
{
    const QString address = m_endpoint->address();
    const QString error = m_endpoint->lastError();
    if (m_endpoint->refusedForGood())
        return tr("cannot use the remote browser at %1: %2").arg(address, error);
    const QString waited = tr("no browser answered at %1 within %2 s%3")
                               .arg(address)
                               .arg(double(m_browserWait.count()) / 1000.0)
                               .arg(error.isEmpty() ? QString() : u" ("_s + error + u')');
    if (m_endpoint->remote())
        return tr("%1. Check that the remote browser service runs at that address and takes another "
                  "session")
            .arg(waited);
    return tr("%1. Start one with remote debugging on that port, e.g. chromium --remote-debugging-port=%2 "
              "--user-data-dir=/tmp/mpa-browser, or point the app at another with --cdp-host/--cdp-port or "
              "--cdp-url")
        .arg(waited)
        .arg(m_endpoint->port());
}

void ToolkitCommands::addTabCommand(const QString &type, const QString &description,
                                    const TabHandler &handler)
{
    // As the extension's router: for the agents of its protocol (the WebSocket's) a snapshot reads
    // the tab in front; the rest go to the tab last used. The app's own runs and MCP agents stay
    // on their tab: a snapshot there never jumps to the tab the user looks at.
    const bool snapshot = type == u"snapshot"_s;
    // While a dialog is held open for the agent the page runs nothing: these do not need it.
    const bool worksWithDialogOpen
        = QStringList { u"dialog"_s, u"console"_s, u"network"_s, u"close"_s }.contains(type);
    add(type, description,
        [this, handler, snapshot, worksWithDialogOpen,
         type](CommandParams &params, const CommandCaller &caller, CommandReply reply) {
            const bool extensionAgent
                = caller.channel == u"agent-ws"_s || caller.channel == u"agent-client"_s;
            const TabRouter::Route route
                = snapshot && extensionAgent ? TabRouter::Route::Front : TabRouter::Route::LastUsed;
            // The action may run later (after the user allowed the tab): it keeps its own copies.
            m_router->withTab(
                caller, params.string(u"tab"_s), std::move(reply),
                [params, caller, handler, worksWithDialogOpen, type](PageController *controller,
                                                                     CommandReply reply) mutable {
                    if (const QJsonObject held = controller->heldDialog();
                        !held.isEmpty() && !worksWithDialogOpen) {
                        return reply(CommandResult::failure(tr("%1: a %2 dialog is open on this tab (“%3”) "
                                                               "and the page waits for it; answer it "
                                                               "first with dialog {action: accept|dismiss}")
                                                                .arg(type, held.value(u"type"_s).toString(),
                                                                     held.value(u"message"_s).toString()),
                                                            PageController::kFailureKind));
                    }
                    handler(params, controller, caller, std::move(reply));
                },
                route);
        });
}

void ToolkitCommands::addElementCommand(const QString &type, const QString &description, RefUse use,
                                        const ElementHandler &handler)
{
    addTabCommand(type, description,
                  [use, handler](CommandParams &params, PageController *tab, const CommandCaller &,
                                 CommandReply reply) {
                      QString ref;
                      if (readRef(params, use == RefUse::Required, &ref, reply))
                          handler(ref, params, tab, std::move(reply));
                  });
}

} // namespace mpa
