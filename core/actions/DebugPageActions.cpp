#include "DebugPageActions.h"

#include "CommandDispatcher.h"
#include "CommandParams.h"
#include "DebugActionSupport.h"
#include "autoaccept/AutoAcceptController.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "logging/LogCategories.h"
#include "page/CommandPalette.h"
#include "settings/Settings.h"

#include <QPointer>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

using namespace debugactions;

namespace {

using Scope = CommandDispatcher::Scope;

void evaluateInBrowser(const DebugPageActions::Services &services, const QJsonObject &params,
                       const CommandReply &reply)
{
    if (!services.settings->boolValue(SettingKey::DebugAllowEvaluate))
        return reply(CommandResult::failure(u"evaluateInBrowser is turned off: running code in pages needs "
                                            u"the setting debug/allowEvaluate=true "
                                            "(settings window or settings.ini)"_s,
                                            ErrorKind::Refused));
    if (QString unknown; !onlyKnownParams(params, { u"code"_s, u"targetId"_s, u"timeoutMs"_s }, &unknown))
        return reply(CommandResult::failure(unknown));
    CommandParams p(params);
    const QString code = p.requiredString(u"code"_s);
    const QString targetId = p.string(u"targetId"_s);
    const int timeoutMs = p.integer(u"timeoutMs"_s, 10000, 100, 120000);
    if (!p.ok())
        return reply(CommandResult::failure(p.error()));
    if (code.trimmed().isEmpty())
        return reply(CommandResult::failure(u"params.code is empty"_s));

    CdpEndpoint *endpoint = services.endpoint;
    CdpSession *session = nullptr;
    if (!targetId.isEmpty()) {
        session = endpoint->sessionForTarget(targetId);
        if (!session)
            return reply(CommandResult::failure(
                u"no attached target '%1'; getCDPConnections lists the targets"_s.arg(targetId),
                ErrorKind::NotFound));
    } else {
        const QList<CdpSession *> pages = endpoint->pageSessions();
        if (pages.isEmpty())
            return reply(CommandResult::failure(
                u"no page is attached (the browser endpoint %1 is %2); start the browser or IDE with "
                "--remote-debugging-port=%3"_s.arg(endpoint->address(), stateName(endpoint->state()))
                    .arg(endpoint->port()),
                ErrorKind::Unavailable));
        session = pages.first();
    }
    const CdpTargetInfo info = session->targetInfo();
    qCInfo(lcServer).noquote() << u"debug API: evaluating %1 characters of code in '%2' (%3)"_s
                                      .arg(code.size())
                                      .arg(info.title, info.targetId);
    session->evaluate(
        code, services.lifetime,
        [reply, info, timeoutMs](const QJsonValue &value, const CdpError &error) {
            if (!error.isError()) {
                return reply(CommandResult::success(QJsonObject {
                    { u"result"_s, value.isUndefined() ? QJsonValue() : value },
                    { u"targetId"_s, info.targetId },
                    { u"type"_s, info.type },
                    { u"url"_s, info.url },
                }));
            }
            switch (error.kind) {
            case CdpError::Kind::Script:
                return reply(
                    CommandResult::failure(u"the code threw: "_s + error.message, ErrorKind::BadInput));
            case CdpError::Kind::Timeout:
                return reply(CommandResult::failure(
                    u"the code did not finish within %1 ms (params.timeoutMs)"_s.arg(timeoutMs),
                    ErrorKind::Timeout));
            default:
                return reply(CommandResult::failure(
                    u"the browser did not run the code: "_s + error.toString(), ErrorKind::Upstream));
            }
        },
        std::chrono::milliseconds(timeoutMs));
}

void installAutoAcceptActions(CommandDispatcher *commands, const DebugPageActions::Services &services)
{
    AutoAcceptController *autoAccept = services.autoAccept;
    CdpEndpoint *endpoint = services.endpoint;
    add(commands, u"getStats"_s,
        u"Auto-accept statistics: totals since the first run, this week, weeks, this run, per target (with "
        "its IDE profile), the last blocked commands and the profiles loaded. Counters are collected from "
        "the pages first."_s,
        objectSchema(),
        [autoAccept](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            autoAccept->collectNow(
                autoAccept, [autoAccept, reply] { reply(CommandResult::success(autoAccept->toJson())); });
        });

    const auto pauseAction = [endpoint, autoAccept](bool paused) {
        return [endpoint, autoAccept, paused](const QJsonObject &params, const CommandCaller &,
                                              const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, { u"targetId"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const QString targetId = p.requiredString(u"targetId"_s);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            const CdpSession *page = endpoint->sessionForTarget(targetId);
            if (!page || !page->isPage())
                return reply(CommandResult::failure(
                    u"no attached page has targetId '%1' (see getCDPConnections)"_s.arg(targetId),
                    ErrorKind::NotFound));
            autoAccept->setTargetPaused(targetId, paused);
            reply(
                CommandResult::success(QJsonObject { { u"targetId"_s, targetId }, { u"paused"_s, paused } }));
        };
    };
    const QJsonObject targetSchema = objectSchema(
        { { u"targetId"_s, typed(u"string"_s, u"a page from getCDPConnections"_s) } }, { u"targetId"_s });
    add(commands, u"pauseTarget"_s, u"Pauses auto-accept in one page (and its frames): {\"targetId\"}."_s,
        targetSchema, pauseAction(true));
    add(commands, u"resumeTarget"_s,
        u"Resumes auto-accept in one page paused with pauseTarget: {\"targetId\"}."_s, targetSchema,
        pauseAction(false));
}

// The attached pages asked in turn whether they show a VS Code-family workbench.
struct WorkbenchSearch
{
    QList<QPointer<CdpSession>> pages;
    QObject *lifetime = nullptr;
    CommandReply reply;
    std::function<void(CdpSession *)> go;
};

void searchWorkbench(const std::shared_ptr<WorkbenchSearch> &search, int index)
{
    while (index < search->pages.size() && !search->pages.at(index))
        ++index;
    if (index >= search->pages.size())
        return search->reply(CommandResult::failure(
            u"none of the %1 attached pages is a VS Code-family window (VS Code, Cursor, Windsurf, "
            u"Antigravity): "
            "open the IDE with --remote-debugging-port, or give targetId"_s.arg(search->pages.size()),
            ErrorKind::NotFound));
    QPointer<CdpSession> page = search->pages.at(index);
    CommandPalette::probe(page, search->lifetime, [search, page, index](bool workbench) {
        if (workbench && page)
            return search->go(page);
        searchWorkbench(search, index + 1);
    });
}

// Runs `go` on the page a palette action works on: `targetId`, else the first attached page
// that shows a VS Code-family workbench; answers why not otherwise.
void withWorkbench(const DebugPageActions::Services &services, const QString &targetId,
                   const CommandReply &reply, std::function<void(CdpSession *)> go)
{
    CdpEndpoint *endpoint = services.endpoint;
    if (!targetId.isEmpty()) {
        CdpSession *page = endpoint->sessionForTarget(targetId);
        if (!page || !page->isPage())
            return reply(CommandResult::failure(
                u"no attached page has targetId '%1' (see getCDPConnections)"_s.arg(targetId),
                ErrorKind::NotFound));
        return go(page);
    }
    auto search = std::make_shared<WorkbenchSearch>();
    for (CdpSession *page : endpoint->pageSessions())
        search->pages.append(page);
    if (search->pages.isEmpty())
        return reply(CommandResult::failure(
            u"no page is attached (the browser endpoint %1 is %2): start the IDE with --remote-debugging-port=%3"_s
                .arg(endpoint->address(), stateName(endpoint->state()))
                .arg(endpoint->port()),
            ErrorKind::Unavailable));
    search->lifetime = services.lifetime;
    search->reply = reply;
    search->go = std::move(go);
    searchWorkbench(search, 0);
}

void installPaletteActions(CommandDispatcher *commands, const DebugPageActions::Services &services)
{
    add(commands, u"executeVSCodeCommand"_s,
        u"Runs an IDE command through the command palette of a VS Code-family window (VS Code, Cursor, "
        "Windsurf, Antigravity), as a person would: {\"command\": its title as the palette shows it, or its "
        "id "
        "(workbench.action.files.save), \"targetId\" (default: the first such window)}. Runs only the one "
        "entry "
        "that is exactly that command; args cannot be passed through the palette."_s,
        objectSchema(
            {
                { u"command"_s, typed(u"string"_s, u"the command's title or id"_s) },
                { u"targetId"_s, typed(u"string"_s, u"the IDE's page from getCDPConnections"_s) },
                { u"args"_s, QJsonObject { { u"type"_s, u"array"_s } } },
            },
            { u"command"_s }),
        [services](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown;
                !onlyKnownParams(params, { u"command"_s, u"targetId"_s, u"args"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const QString command = p.requiredString(u"command"_s).trimmed();
            const QString targetId = p.string(u"targetId"_s);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            if (command.isEmpty())
                return reply(CommandResult::failure(u"params.command is empty"_s));
            if (!params.value(u"args"_s).toArray().isEmpty())
                return reply(CommandResult::failure(u"params.args cannot be passed: the command runs through "
                                                    u"the command palette, which takes "
                                                    "none (nothing was run)"_s));
            withWorkbench(services, targetId, reply, [services, command, reply](CdpSession *page) {
                CommandPalette::run(page, services.clock, command,
                                    [reply, page = QPointer<CdpSession>(page)](const CommandResult &result) {
                                        if (!result.ok || !page)
                                            return reply(result);
                                        QJsonObject data = result.data.toObject();
                                        data.insert(u"targetId"_s, page->targetId());
                                        data.insert(u"title"_s, page->targetInfo().title);
                                        reply(CommandResult::success(data));
                                    });
            });
        });

    add(commands, u"listChatCommands"_s,
        u"The entries the command palette of a VS Code-family window offers for a filter: {\"filter\" "
        u"(default "
        "\"chat\"), \"targetId\"} → entries [{label, keybinding}] as executeVSCodeCommand takes them."_s,
        objectSchema({
            { u"filter"_s, typed(u"string"_s, u"what to type into the palette (default: chat)"_s) },
            { u"targetId"_s, typed(u"string"_s, u"the IDE's page from getCDPConnections"_s) },
        }),
        [services](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, { u"filter"_s, u"targetId"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            QString filter = p.string(u"filter"_s).trimmed();
            const QString targetId = p.string(u"targetId"_s);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            if (filter.isEmpty())
                filter = u"chat"_s;
            if (filter.size() > 200)
                return reply(CommandResult::failure(u"params.filter is longer than 200 characters"_s));
            withWorkbench(services, targetId, reply, [services, filter, reply](CdpSession *page) {
                CommandPalette::list(page, services.clock, filter, reply);
            });
        });
}

} // namespace

void DebugPageActions::install(CommandDispatcher *commands, const Services &services)
{
    add(commands, u"evaluateInBrowser"_s,
        u"Runs JavaScript in a page: {\"code\", \"targetId\" (default: the first page), \"timeoutMs\"}. Off "
        "unless debug/allowEvaluate."_s,
        objectSchema(
            {
                { u"code"_s, typed(u"string"_s, u"a JavaScript expression or script"_s) },
                { u"targetId"_s, typed(u"string"_s, u"a target from getCDPConnections"_s) },
                { u"timeoutMs"_s, typed(u"integer"_s, u"100-120000 (default 10000)"_s) },
            },
            { u"code"_s }),
        [services](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            evaluateInBrowser(services, params, reply);
        });

    installAutoAcceptActions(commands, services);
    installPaletteActions(commands, services);
}

} // namespace mpa
