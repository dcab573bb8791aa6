#include "RelaunchActions.h"

#include "CommandDispatcher.h"
#include "cdp/IdeRelauncher.h"
#include "common/ParamsSchema.h"
#include "settings/Settings.h"

#include <QPointer>

using namespace Qt::StringLiterals;

namespace mpa {

void RelaunchActions::install(CommandDispatcher *commands, IdeRelauncher *relauncher, Settings *settings)
{
    const QJsonObject schema = ParamsSchema::object(
        {
            { u"pid"_s,
              ParamsSchema::property(u"integer"_s,
                                     u"Restart this process (default: the first known IDE running)"_s) },
            { u"ide"_s,
              ParamsSchema::choice({ u"antigravity"_s, u"cursor"_s, u"vscode"_s, u"windsurf"_s },
                                   u"Restart only this IDE"_s) },
            { u"quitTimeoutS"_s,
              ParamsSchema::integer(1, 300, u"How long the IDE may take to quit (default 20)"_s) },
            { u"upTimeoutS"_s,
              ParamsSchema::integer(1, 600, u"How long to wait for the debugging port (default 60)"_s) },
        },
        {}, ParamsSchema::Extra::Allowed);
    commands->add(
        { u"forceRelaunch"_s, CommandDispatcher::Scope::DebugApi,
          u"Quit the running IDE and start it again with remote debugging on the app's port and the same folders"_s,
          schema,
          [relauncher = QPointer<IdeRelauncher>(relauncher),
           settings](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
              if (!relauncher)
                  return reply(CommandResult::failure(u"the app is shutting down"_s, ErrorKind::Unavailable));
              if (relauncher->isBusy())
                  return reply(
                      CommandResult::failure(u"a relaunch is already under way"_s, ErrorKind::Conflict));
              IdeRelauncher::Request request;
              request.pid = qint64(params.value(u"pid"_s).toDouble(0));
              request.ideId = params.value(u"ide"_s).toString();
              request.host = settings->stringValue(SettingKey::CdpHost);
              request.port = quint16(settings->intValue(SettingKey::CdpPort));
              if (params.contains(u"quitTimeoutS"_s))
                  request.quitTimeout = std::chrono::seconds(params.value(u"quitTimeoutS"_s).toInt());
              if (params.contains(u"upTimeoutS"_s))
                  request.upTimeout = std::chrono::seconds(params.value(u"upTimeoutS"_s).toInt());
              relauncher->relaunch(
                  request, relauncher, [reply = std::move(reply)](const IdeRelauncher::Result &result) {
                      if (result.ok)
                          return reply(CommandResult::success(result.toJson()));
                      reply(CommandResult::failure(result.error,
                                                   result.stage == u"find"_s ? ErrorKind::NotFound
                                                                             : ErrorKind::Internal));
                  });
          } });
}

} // namespace mpa
