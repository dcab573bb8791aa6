#include "RemoteBrowserNotice.h"

#include "CommandDispatcher.h"
#include "cdp/CdpEndpoint.h"

#include <QJsonObject>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace mpa {

RemoteBrowserNotice::RemoteBrowserNotice(CdpEndpoint *endpoint, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
{
    connect(endpoint, &CdpEndpoint::browserReplaced, this, [this] { m_pending = true; });
}

RemoteBrowserNotice *RemoteBrowserNotice::install(CommandDispatcher *commands, CdpEndpoint *endpoint,
                                                  QObject *parent)
{
    auto *notice = new RemoteBrowserNotice(endpoint, parent);
    const QPointer<RemoteBrowserNotice> guard(notice);
    for (CommandDispatcher::Command command : commands->commands(CommandDispatcher::Scope::Toolkit)) {
        const CommandDispatcher::Handler inner = command.handler;
        command.handler = [guard, inner](const QJsonObject &params, const CommandCaller &caller,
                                         CommandReply reply) {
            if (!guard)
                return inner(params, caller, std::move(reply));
            if (guard->m_endpoint->remote() && guard->m_endpoint->state() == CdpEndpoint::State::Retrying)
                guard->m_endpoint->retryNow(); // the call reconnects; the toolkit waits for it
            inner(params, caller, [guard, reply = std::move(reply)](const CommandResult &result) {
                if (!guard || !guard->m_pending)
                    return reply(result);
                guard->m_pending = false;
                const QString said = QString::fromLatin1(kReplaced)
                    + u" (the service restarted or gave a fresh browser); open a new tab with open"_s;
                if (!result.ok)
                    return reply(CommandResult::failure(u"%1. This call failed: %2"_s.arg(said, result.error),
                                                        ErrorKind::Conflict));
                CommandResult answered = result;
                QJsonObject data = result.data.isObject() ? result.data.toObject() : QJsonObject();
                if (!result.data.isObject() && !result.data.isUndefined() && !result.data.isNull())
                    data.insert(u"result"_s, result.data);
                data.insert(u"notice"_s, said);
                answered.data = data;
                reply(answered);
            });
        };
        commands->add(std::move(command));
    }
    return notice;
}

} // namespace mpa
