#include "DebugApiService.h"

#include "DebugApiServer.h"
#include "DebugServerFile.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace mpa {

DebugApiService::DebugApiService(Settings *settings, CommandDispatcher *commands, Clock *clock,
                                 const AppPaths &paths, QObject *parent)
    : ServerService(
        u"debug API"_s, paths.file(u"debug-token"_s),
        [this](const QString &token) { m_server->setToken(token); }, parent)
    , m_settings(settings)
    , m_paths(paths)
    , m_server(new DebugApiServer(commands, clock, this))
{
    connect(m_settings, &Settings::changed, this, [this](SettingKey key) {
        if (key != SettingKey::DebugEnabled && key != SettingKey::DebugPort)
            return;
        if (key == SettingKey::DebugEnabled && m_forced && !m_settings->boolValue(key))
            qCInfo(lcServer)
                << "debug/enabled was turned off; the debug API stays on for this run (--debug-server)";
        if (key == SettingKey::DebugPort && m_portOverride)
            qCInfo(lcServer).noquote()
                << u"debug/port changed; this run keeps port %1 from --debug-server"_s.arg(*m_portOverride);
        apply();
    });
}

DebugApiService::~DebugApiService()
{
    shutDown();
}

void DebugApiService::setCommandLine(bool enabled, std::optional<quint16> port)
{
    m_forced = enabled;
    m_portOverride = port;
    apply();
}

bool DebugApiService::isWanted() const
{
    return m_forced || m_settings->boolValue(SettingKey::DebugEnabled);
}

bool DebugApiService::isListening() const
{
    return m_server->isListening();
}

quint16 DebugApiService::port() const
{
    return m_server->port();
}

quint16 DebugApiService::configuredPort() const
{
    return m_portOverride.value_or(quint16(m_settings->intValue(SettingKey::DebugPort)));
}

QString DebugApiService::instanceFilePath() const
{
    return m_paths.file(DebugServerFile::fileName());
}

void DebugApiService::apply()
{
    const bool wanted = isRunning() && isWanted();
    const quint16 port = configuredPort();
    if (!wanted) {
        const bool wasListening = m_server->isListening();
        shutDown();
        if (wasListening)
            qCInfo(lcServer) << "debug API stopped";
        if (wasListening || !m_error.isEmpty()) {
            clearError();
            Q_EMIT stateChanged();
        }
        return;
    }
    if (m_server->isListening() && (port == 0 || m_server->port() == port))
        return;

    shutDown();
    if (tokenToListen().isEmpty())
        return;
    QString error;
    if (!m_server->start(port, &error)) {
        failOnPort(port,
                   error
                       + u"; choose another port (setting debug/port, or --debug-server=PORT; 0 picks a "
                         "free one)"_s);
        return;
    }
    clearError();
    DebugServerFile::Entry entry;
    entry.port = m_server->port();
    entry.pid = QCoreApplication::applicationPid();
    if (!DebugServerFile::write(instanceFilePath(), entry, &error))
        qCWarning(lcServer).noquote() << "debug API: 'ctl' will not find this instance:" << error;
    qCInfo(lcServer).noquote() << u"debug API listening on http://127.0.0.1:%1 (token in %2)"_s
                                      .arg(m_server->port())
                                      .arg(tokenFilePath());
    Q_EMIT stateChanged();
}

void DebugApiService::shutDown()
{
    if (!m_server->isListening())
        return;
    m_server->stop();
    DebugServerFile::remove(instanceFilePath(), QCoreApplication::applicationPid());
}

} // namespace mpa
