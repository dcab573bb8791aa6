#pragma once
// The `tab` daemon's sessions, as client mode keeps them between connections (stakpak/tab's
// handshake: {"type":"register", windowId, cachedSessionId} → {"type":"session_assigned",
// sessionId}): per agent address, the window number the app registers under (chosen once, kept)
// and the session the daemon assigned last, so a reconnect reattaches to it. Kept in
// <config-dir>/agent-sessions.json, written atomically and owner-only at each change.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace mpa {

class AgentSessions
{
public:
    // Agent addresses remembered at most; the longest unused go first.
    static constexpr int kMaxAgents = 50;
    // A session id longer than this, empty or with control characters is not kept.
    static constexpr int kMaxSessionIdLength = 200;

    explicit AgentSessions(QString path);

    // The window number to register under at `url`: chosen at the first connection (a positive
    // 31-bit number, as browsers number windows) and kept.
    int windowId(const QString &url);
    // The session last assigned at `url`; empty when none.
    QString sessionId(const QString &url);
    // Keeps the session the daemon assigned; false with `error` for an id not worth keeping or
    // when the file cannot be written.
    bool setSessionId(const QString &url, const QString &sessionId, QString *error = nullptr);
    QString path() const { return m_path; }

private:
    QJsonObject entry(const QString &url);
    bool save(const QString &url, QJsonObject known, QString *error);

    QString m_path;
    QJsonObject m_agents; // url → {windowId, sessionId, assignedAt, usedAt}
    bool m_loaded = false;
};

} // namespace mpa
