#pragma once
// Start the app at login, behind one interface with an implementation per OS: an XDG
// autostart entry on Linux and other freedesktop systems, the Run key on Windows, a
// LaunchAgent on macOS. The state is always read back from the OS, never remembered.

#include <QString>
#include <QStringList>

#include <memory>

namespace mpa {

class Autostart
{
public:
    virtual ~Autostart() = default;

    // Every OS we build for has a way; one without it would answer false.
    virtual bool isSupported() const { return true; }
    // True when the OS will start the app at login.
    virtual bool isEnabled() const = 0;
    virtual bool setEnabled(bool enabled, QString *error = nullptr) = 0;
    // Where the entry lives (shown to the user).
    virtual QString location() const = 0;

    // This OS's implementation, starting `executable` with `arguments` at login.
    static std::unique_ptr<Autostart> create(const QString &executable, const QStringList &arguments = {});

protected:
    Autostart(QString executable, QStringList arguments)
        : m_executable(std::move(executable))
        , m_arguments(std::move(arguments))
    {
    }

    // Disabling where the entry is a file: removes it if it is there.
    static bool removeEntryFile(const QString &path, QString *error);

    QString m_executable; // what the entry starts
    QStringList m_arguments;
};

} // namespace mpa
