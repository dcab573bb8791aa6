#pragma once
// Runs the debug API while it is wanted: when --debug-server was given or the setting
// debug/enabled is on. Follows debug/enabled and debug/port live (starts, stops and moves the
// server), keeps the token in <config-dir>/debug-token (mode 0600, created on first start,
// masked in every log line) and tells `ctl` where to call through <config-dir>/debug-server.json.

#include "TokenFile.h"
#include "settings/AppPaths.h"

#include <QObject>
#include <QString>

#include <optional>

namespace mpa {

class CommandDispatcher;
class DebugApiServer;
class Settings;

class DebugApiService : public QObject
{
    Q_OBJECT
public:
    DebugApiService(Settings *settings, CommandDispatcher *commands, const AppPaths &paths,
                    QObject *parent = nullptr);
    ~DebugApiService() override;

    // --debug-server[=PORT]: on for this run whatever debug/enabled says; a port (0: any free
    // one) wins over debug/port.
    void setCommandLine(bool enabled, std::optional<quint16> port);

    // The engine's start and stop: the server only runs between them.
    void start();
    void stop();

    bool isWanted() const;
    bool isListening() const;
    quint16 port() const; // the port listened on; 0 when not listening
    quint16 configuredPort() const; // what the command line or debug/port asks for
    // Why the server is not running although wanted (port in use, token not writable …).
    QString error() const { return m_error; }

    QString tokenFilePath() const;
    QString instanceFilePath() const;
    // The token, created when missing. Empty (with `error`) when it cannot be written.
    QString token(QString *error = nullptr);
    // A new token; the old one stops working at once.
    QString regenerateToken(QString *error = nullptr);
    // Takes the token from the file again (the settings window wrote a new one).
    void reloadToken();

    DebugApiServer *server() const { return m_server; }

Q_SIGNALS:
    void stateChanged();

private:
    void apply();
    void shutDown();

    Settings *m_settings;
    AppPaths m_paths;
    DebugApiServer *m_server;
    bool m_running = false;
    bool m_forced = false;
    std::optional<quint16> m_portOverride;
    ServerToken m_token;
    QString m_error;
};

} // namespace mpa
