// The toolkit's downloads verb (Playwright MCP saves downloads to an output folder): list what
// the agent's tabs downloaded, wait for the next one to finish, clear them. DownloadLog does the
// work; registered by ToolkitCommands.

#include "DownloadLog.h"
#include "TabRegistry.h"
#include "ToolkitCommands.h"
#include "ToolkitParams.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

void ToolkitCommands::registerDownloads()
{
    add(u"downloads"_s,
        tr("The files your tabs downloaded (name, address, size, state, saved path in your downloads "
           "folder): list them, wait for the next to finish, or clear them (their files are deleted)"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            const QString action = p.has(u"action"_s)
                ? p.choice(u"action"_s, { u"list"_s, u"wait"_s, u"clear"_s })
                : u"list"_s;
            const int timeoutMs = p.integer(u"timeoutMs"_s, 30000, 1, 300000);
            const QString tab = p.string(u"tab"_s);
            if (!paramsOk(p, reply))
                return;
            QString why;
            const bool capturing = m_downloadLog->capture(&why);
            if (action == u"wait"_s) {
                if (!capturing)
                    return reply(CommandResult::failure(tr("downloads cannot be followed: %1").arg(why),
                                                        ErrorKind::Unavailable));
                return m_downloadLog->wait(caller, std::chrono::milliseconds(timeoutMs), std::move(reply));
            }
            QJsonObject data;
            if (action == u"clear"_s) {
                data = m_downloadLog->clear(caller);
            } else {
                QJsonArray downloads;
                for (const DownloadLog::Download &download : m_downloadLog->of(caller, tab))
                    downloads.append(download.toJson());
                data.insert(u"downloads"_s, downloads);
            }
            if (!TabRegistry::isUnrestricted(caller))
                data.insert(u"folder"_s, QString(m_downloads + u'/' + AgentFolder::nameFor(caller)));
            data.insert(u"maxBytes"_s, m_downloadLog->maxBytes());
            if (!capturing)
                data.insert(u"note"_s, tr("downloads are not followed: %1").arg(why));
            reply(CommandResult::success(data));
        });
}

} // namespace mpa
