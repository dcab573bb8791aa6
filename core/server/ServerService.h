#pragma once
// What the debug API's and the agent server's services share: the engine's start and stop
// (nothing runs outside them), a state that follows the settings live (apply()), the error
// that keeps a wanted server off, and the server's token in a file of its own.

#include "ServerToken.h"

#include <QObject>
#include <QString>

namespace mpa {

class ServerService : public QObject
{
    Q_OBJECT
public:
    // The engine's start and stop: the server only runs between them.
    void start();
    void stop();

    // Why the server is not running although wanted (port in use, token not writable …).
    QString error() const { return m_error; }
    // The port a wanted server could not listen on (another program holds it); 0 when the
    // server runs or failed for another reason.
    quint16 busyPort() const { return m_busyPort; }

    QString tokenFilePath() const { return m_token.path(); }
    // The token, created when missing. Empty (with `error`) when it cannot be written.
    QString token(QString *error = nullptr) { return m_token.get(error); }
    // A new token; the old one is refused from now on.
    QString regenerateToken(QString *error = nullptr);
    // Takes the token from the file again (the settings window wrote a new one).
    void reloadToken();

Q_SIGNALS:
    void stateChanged();

protected:
    // `name` says which server in the log ("debug API"); `applyToken` hands the server each
    // new token.
    ServerService(QString name, const QString &tokenPath, ServerToken::Apply applyToken,
                  QObject *parent = nullptr);

    // Brings the server to what the settings and start/stop ask for.
    virtual void apply() = 0;
    bool isRunning() const { return m_running; }
    // The token for a server about to listen; when it cannot be had, the error says the
    // server stays off (logged, state changed) and the result is empty.
    QString tokenToListen();
    // Records why the server is off and says so (log and stateChanged).
    void fail(const QString &error);
    // Likewise for a server that could not listen on `port`.
    void failOnPort(quint16 port, const QString &error);
    void clearError();

    QString m_error;
    quint16 m_busyPort = 0;

private:
    QString m_name;
    ServerToken m_token;
    bool m_running = false;
};

} // namespace mpa
