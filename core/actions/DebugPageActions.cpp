#include "DebugPageActions.h"

#include "CommandDispatcher.h"
#include "CommandParams.h"
#include "DebugActionSupport.h"
#include "autoaccept/AutoAcceptController.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

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
                                            403));
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
                u"no attached target '%1'; getCDPConnections lists the targets"_s.arg(targetId), 404));
    } else {
        const QList<CdpSession *> pages = endpoint->pageSessions();
        if (pages.isEmpty())
            return reply(CommandResult::failure(
                u"no page is attached (the browser endpoint %1 is %2); start the browser or IDE with "
                "--remote-debugging-port=%3"_s.arg(endpoint->address(), stateName(endpoint->state()))
                    .arg(endpoint->port()),
                503));
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
                return reply(CommandResult::failure(u"the code threw: "_s + error.message, 400));
            case CdpError::Kind::Timeout:
                return reply(CommandResult::failure(
                    u"the code did not finish within %1 ms (params.timeoutMs)"_s.arg(timeoutMs), 504));
            default:
                return reply(
                    CommandResult::failure(u"the browser did not run the code: "_s + error.toString(), 502));
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
        objectSchema(), [autoAccept](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            autoAccept->collectNow(
                autoAccept, [autoAccept, reply] { reply(CommandResult::success(autoAccept->toJson())); });
        });

    const auto pauseAction = [endpoint, autoAccept](bool paused) {
        return [endpoint, autoAccept, paused](const QJsonObject &params, const CommandCaller &,
                                          CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, { u"targetId"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const QString targetId = p.requiredString(u"targetId"_s);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            const CdpSession *page = endpoint->sessionForTarget(targetId);
            if (!page || !page->isPage())
                return reply(CommandResult::failure(
                    u"no attached page has targetId '%1' (see getCDPConnections)"_s.arg(targetId), 404));
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
        [services](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            evaluateInBrowser(services, params, reply);
        });

    installAutoAcceptActions(commands, services);
}

} // namespace mpa
