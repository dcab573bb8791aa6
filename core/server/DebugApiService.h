#pragma once
// Runs the debug API while it is wanted: when --debug-server was given or the setting
// debug/enabled is on. Follows debug/enabled and debug/port live (starts, stops and moves the
// server), keeps the token in <config-dir>/debug-token (mode 0600, created on first start,
// masked in every log line) and tells `ctl` where to call through <config-dir>/debug-server.json.

#include "ServerService.h"
#include "settings/AppPaths.h"

#include <QObject>
#include <QString>

#include <optional>

namespace mpa {

class Clock;
class CommandDispatcher;
class DebugApiServer;
class Settings;

class DebugApiService : public ServerService
{
    Q_OBJECT
public:
    DebugApiService(Settings *settings, CommandDispatcher *commands, Clock *clock, const AppPaths &paths,
                    QObject *parent = nullptr);
    ~DebugApiService() override;

    // --debug-server[=PORT]: on for this run whatever debug/enabled says; a port (0: any free
    // one) wins over debug/port.
    void setCommandLine(bool enabled, std::optional<quint16> port);

    bool isWanted() const;
    bool isListening() const;
    quint16 port() const; // the port listened on; 0 when not listening
    quint16 configuredPort() const; // what the command line or debug/port asks for
    QString instanceFilePath() const;

    DebugApiServer *server() const { return m_server; }

private:
    void apply() override;
    void shutDown();

    Settings *m_settings;
    AppPaths m_paths;
    DebugApiServer *m_server;
    bool m_forced = false;
    std::optional<quint16> m_portOverride;
};

} // namespace mpa
