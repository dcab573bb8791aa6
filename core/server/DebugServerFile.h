#pragma once
// <config-dir>/debug-server.json: where this config dir's running instance serves the debug
// API ({"port", "pid", "address"}), so that `multi-purpose-agent ctl` finds it whatever port
// --debug-server=PORT or the OS chose. Written when the server listens, removed when it stops;
// a file left by a crash names a process that no longer runs.

#include <QString>

#include <optional>

namespace mpa {

class DebugServerFile
{
public:
    struct Entry
    {
        QString address = QStringLiteral("127.0.0.1");
        quint16 port = 0;
        qint64 pid = 0;
    };

    static QString fileName() { return QStringLiteral("debug-server.json"); }

    static bool write(const QString &path, const Entry &entry, QString *error = nullptr);
    // nullopt when the file is missing (`error` stays empty) or unreadable (`error` says why).
    static std::optional<Entry> read(const QString &path, QString *error = nullptr);
    // Removes the file if it still names `pid`.
    static void remove(const QString &path, qint64 pid);
};

} // namespace mpa
