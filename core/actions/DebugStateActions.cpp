#include "DebugStateActions.h"

#include "CommandDispatcher.h"
#include "CommandParams.h"
#include "DebugActionSupport.h"
#include "DebugActions.h"
#include "actions/ActionHost.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "logging/LogBuffer.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "page/PayloadHub.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QPointer>
#include <QSysInfo>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

using namespace debugactions;

namespace {

using Scope = CommandDispatcher::Scope;

QJsonObject appSection(ActionHost *host)
{
    return {
        { u"name"_s, QCoreApplication::applicationName() },
        { u"version"_s, QStringLiteral(MPA_VERSION) },
        { u"pid"_s, QCoreApplication::applicationPid() },
        { u"running"_s, host->isRunning() },
        { u"paused"_s, host->isPaused() },
        { u"status"_s, host->statusLine() },
        { u"uptimeS"_s, host->uptimeSeconds() },
        { u"configDir"_s, host->paths().configDir },
        { u"logFile"_s, Logging::logFilePath() },
        { u"summary"_s, host->summary() },
    };
}

QJsonObject autoAcceptSection(ActionHost *host)
{
    const Settings *s = host->settings();
    const bool setting = s->boolValue(SettingKey::AutoAcceptEnabled);
    return {
        { u"enabled"_s, host->autoAcceptOverride().value_or(setting) },
        { u"enabledSetting"_s, setting },
        { u"forcedByCommandLine"_s, host->autoAcceptOverride().has_value() },
        { u"pollIntervalMs"_s, settingToJson(s, SettingKey::AutoAcceptPollIntervalMs) },
        { u"acceptWords"_s, settingToJson(s, SettingKey::AutoAcceptAcceptWords) },
        { u"rejectWords"_s, settingToJson(s, SettingKey::AutoAcceptRejectWords) },
        { u"userIdleMs"_s, settingToJson(s, SettingKey::AutoAcceptUserIdleMs) },
    };
}

QJsonObject debugApiSection(ActionHost *host)
{
    QJsonObject section = host->debugApiState();
    section.insert(u"allowEvaluate"_s, host->settings()->boolValue(SettingKey::DebugAllowEvaluate));
    return section;
}

void getFullState(ActionHost *host, const CommandCaller &caller, const CommandReply &reply)
{
    struct Gathering
    {
        QJsonObject state;
        QJsonObject unavailable;
        int pending = 0;
        CommandReply reply;
    };
    auto gathering = std::make_shared<Gathering>();
    gathering->reply = reply;
    gathering->state.insert(u"app"_s, appSection(host));
    gathering->state.insert(u"autoAccept"_s, autoAcceptSection(host));
    gathering->state.insert(u"debugApi"_s, debugApiSection(host));
    gathering->state.insert(u"agentServer"_s, host->agentServerState());
    gathering->state.insert(u"settings"_s, allSettings(host->settings()));

    const auto sections = DebugActions::fullStateSections();
    gathering->pending = int(sections.size());
    for (const auto &[section, action] : sections) {
        host->commands()->dispatch(action, {}, caller, Scope::DebugApi,
                                   [gathering, section = section](const CommandResult &result) {
                                       if (result.ok) {
                                           gathering->state.insert(section, result.data);
                                       } else {
                                           gathering->state.insert(section, QJsonValue::Null);
                                           gathering->unavailable.insert(section, result.error);
                                       }
                                       if (--gathering->pending == 0) {
                                           gathering->state.insert(u"unavailable"_s, gathering->unavailable);
                                           gathering->reply(CommandResult::success(gathering->state));
                                       }
                                   });
    }
}

// `fresh`: current target infos by id (Chromium does not report title changes as they happen,
// so the sessions' own infos can hold a page's title from before it loaded).
QJsonObject cdpConnections(ActionHost *host, const QHash<QString, CdpTargetInfo> &fresh)
{
    CdpEndpoint *endpoint = host->endpoint();
    QJsonArray connections;
    const QList<CdpSession *> sessions = endpoint->sessions();
    for (CdpSession *session : sessions) {
        const CdpTargetInfo info = fresh.value(session->targetId(), session->targetInfo());
        QJsonObject connection {
            { u"targetId"_s, info.targetId },
            { u"type"_s, info.type },
            { u"title"_s, info.title },
            { u"url"_s, info.url },
            { u"attached"_s, session->isAttached() },
            { u"crashed"_s, session->hasCrashed() },
            { u"endpoint"_s, session->endpoint() },
        };
        if (CdpSession *parent = session->parentSession())
            connection.insert(u"parentTargetId"_s, parent->targetId());
        const PayloadInjector *injector = host->payloads()->injectorFor(session);
        connection.insert(u"injected"_s, injector && injector->isReady());
        connections.append(connection);
    }
    QJsonObject link = linkJson(endpoint);
    link.insert(u"host"_s, endpoint->host());
    link.insert(u"port"_s, endpoint->port());
    return {
        { u"endpoint"_s, link },
        { u"endpoints"_s, endpointsJson(endpoint) },
        { u"count"_s, connections.size() },
        { u"pages"_s, host->attachedPages() },
        { u"connections"_s, connections },
    };
}

void getCDPConnections(ActionHost *host, const CommandReply &reply)
{
    QPointer<QObject> guard(host->lifetime());
    host->endpoint()->readTargets(
        host->lifetime(), [guard, host, reply](const QHash<QString, QJsonObject> &targets) {
            if (!guard)
                return reply(CommandResult::failure(u"the engine stopped"_s, ErrorKind::Unavailable));
            QHash<QString, CdpTargetInfo> fresh;
            for (auto it = targets.cbegin(); it != targets.cend(); ++it)
                fresh.insert(it.key(), CdpTargetInfo::fromJson(it.value()));
            reply(CommandResult::success(cdpConnections(host, fresh)));
        });
}

void getLogs(const QJsonObject &params, const CommandReply &reply)
{
    LogBuffer *buffer = Logging::buffer();
    if (!buffer)
        return reply(CommandResult::failure(
            u"getLogs is not available: logging is not set up in this process"_s, ErrorKind::Unavailable));
    if (QString unknown; !onlyKnownParams(params, { u"tailLines"_s, u"level"_s, u"category"_s }, &unknown))
        return reply(CommandResult::failure(unknown));
    CommandParams p(params);
    const int tailLines = p.integer(u"tailLines"_s, 100, 1, buffer->capacity());
    const QString level = p.choice(u"level"_s, { u"debug"_s, u"info"_s, u"warning"_s, u"critical"_s });
    const QString category = p.string(u"category"_s);
    if (!p.ok())
        return reply(CommandResult::failure(p.error()));
    const QtMsgType minimum = level == u"info"_s ? QtInfoMsg
        : level == u"warning"_s                  ? QtWarningMsg
        : level == u"critical"_s                 ? QtCriticalMsg
                                                 : QtDebugMsg;

    QList<const LogEntry *> picked;
    for (int row = buffer->rowCount() - 1; row >= 0 && picked.size() < tailLines; --row) {
        const LogEntry &entry = buffer->at(row);
        if (LogBuffer::severity(entry.level) < LogBuffer::severity(minimum))
            continue;
        if (!category.isEmpty() && !entry.category.startsWith(category))
            continue;
        picked.prepend(&entry);
    }
    QJsonArray lines;
    QStringList text;
    for (const LogEntry *entry : std::as_const(picked)) {
        lines.append(QJsonObject {
            { u"time"_s, QDateTime::fromMSecsSinceEpoch(entry->msecsSinceEpoch).toString(Qt::ISODateWithMs) },
            { u"level"_s, entry->levelName() },
            { u"category"_s, entry->category },
            { u"message"_s, entry->message },
        });
        text.append(entry->format());
    }
    reply(CommandResult::success(QJsonObject {
        { u"logs"_s, text.join(u'\n') },
        { u"linesCount"_s, lines.size() },
        { u"lines"_s, lines },
        { u"logFile"_s, Logging::logFilePath() },
    }));
}

// process.platform's names: linux, darwin, win32, freebsd, …
QString nodePlatformName()
{
    QString kernel = QSysInfo::kernelType();
    if (kernel == u"winnt"_s)
        return u"win32"_s;
    return kernel;
}

// As VS Code's env.machineId: a SHA-256 in hex that names the machine without giving its id away.
QString machineId()
{
    const QByteArray id = QSysInfo::machineUniqueId();
    if (id.isEmpty())
        return {};
    return QString::fromLatin1(
        QCryptographicHash::hash(QByteArray("multi-purpose-agent:" + id), QCryptographicHash::Sha256)
            .toHex());
}

QJsonObject systemInfo(ActionHost *host)
{
    return {
        { u"name"_s, QCoreApplication::applicationName() },
        { u"version"_s, QStringLiteral(MPA_VERSION) },
        { u"appId"_s, QStringLiteral(MPA_APP_ID) },
        { u"qtVersion"_s, QString::fromLatin1(qVersion()) },
        { u"os"_s, QSysInfo::prettyProductName() },
        { u"kernel"_s, QString(QSysInfo::kernelType() + u' ' + QSysInfo::kernelVersion()) },
        { u"cpuArchitecture"_s, QSysInfo::currentCpuArchitecture() },
        { u"pid"_s, QCoreApplication::applicationPid() },
        { u"configDir"_s, host->paths().configDir },
        { u"settingsFile"_s, host->settings()->filePath() },
        { u"logFile"_s, Logging::logFilePath() },
        // The extension's reply ({success, info: {platform, nodeVersion, appName, machineId,
        // time}}, main_scripts/debug-handler.js), which its test scripts read as info.info.*:
        // platform in Node's words, the app's name where it gave the IDE's, no Node.
        { u"info"_s,
          QJsonObject {
              { u"platform"_s, nodePlatformName() },
              { u"appName"_s, u"Multi Purpose Agent"_s },
              { u"appVersion"_s, QStringLiteral(MPA_VERSION) },
              { u"machineId"_s, machineId() },
              { u"time"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) },
          } },
    };
}

} // namespace

void DebugStateActions::install(ActionHost *host)
{
    CommandDispatcher *commands = host->commands();
    // The host owns the dispatcher; handlers capture it plainly.

    add(commands, u"getFullState"_s,
        u"Everything at once: app, CDP connections, auto-accept, stats, ban list, schedule, queue, quota, "
        "settings (GET /api/state is the same)."_s,
        objectSchema(),
        [host](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            getFullState(host, caller, reply);
        });

    add(commands, u"getSystemInfo"_s, u"Version, Qt, OS, process id and the app's folders."_s, objectSchema(),
        [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            reply(CommandResult::success(systemInfo(host)));
        });

    add(commands, u"listActions"_s, u"The debug API's actions with a line on each."_s, objectSchema(),
        [commands](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            QJsonArray actions;
            for (const CommandDispatcher::Command &command : commands->commands(Scope::DebugApi))
                actions.append(
                    QJsonObject { { u"name"_s, command.name }, { u"description"_s, command.description } });
            reply(CommandResult::success(QJsonObject { { u"actions"_s, actions } }));
        });

    add(commands, u"getLogs"_s,
        u"Recent log lines: {\"tailLines\": 1-capacity (100), \"level\": debug|info|warning|critical, "
        "\"category\": prefix such as mpa.cdp}."_s,
        objectSchema({
            { u"tailLines"_s, typed(u"integer"_s, u"how many lines, newest last (default 100)"_s) },
            { u"level"_s, typed(u"string"_s, u"lowest level shown: debug, info, warning or critical"_s) },
            { u"category"_s, typed(u"string"_s, u"only categories starting with this, e.g. mpa.cdp"_s) },
        }),
        [](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            getLogs(params, reply);
        });

    add(commands, u"getCDPConnections"_s,
        u"The browser endpoint (address, state, browser version) and every attached target (type, title, URL)."_s,
        objectSchema(), [host](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            getCDPConnections(host, reply);
        });
}

} // namespace mpa
