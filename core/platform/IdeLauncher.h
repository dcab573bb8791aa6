#pragma once
// Makes an IDE (or Chrome) start with remote debugging when the user opens it the usual way:
// the user's own launcher for it is created or updated to pass --remote-debugging-port=<port>,
// reversibly. One implementation per OS: a .desktop file under ~/.local/share/applications
// shadowing the system one on Linux (for a browser with a profile of its own, a separate entry
// "Chromium (debugging)" beside the desktop's own, which stays as it is), a patched Start-menu shortcut
// (.lnk) on Windows, a small launcher app in ~/Applications on macOS.

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace mpa {

struct IdeInfo
{
    QString id; // "vscode"
    QString name; // "VS Code"
    QStringList desktopIds; // Linux launcher file names, most likely first
    QStringList executables; // program names
    QStringList windowsShortcuts; // Start-menu shortcut names (without .lnk)
    QStringList macBundles; // /Applications/<bundle>.app
    bool dedicatedProfile = false; // Chrome ignores the debugging port on its default profile

    static QList<IdeInfo> known();
    static std::optional<IdeInfo> byId(const QString &id);
};

struct LauncherState
{
    bool found = false; // the IDE's own launcher exists
    bool rewritten = false; // our launcher is in place
    quint16 port = 0; // the port our launcher passes
    QString originalPath; // the IDE's own launcher
    QString launcherPath; // the launcher the desktop uses (ours when rewritten)
    bool separate = false; // rewrite() writes an entry of its own beside the original
    QString separatePath; // where that entry is (or would be) written
    QString separateName; // the name the desktop shows for it ("Chromium (debugging)")
};

class IdeLauncher
{
public:
    virtual ~IdeLauncher() = default;

    virtual LauncherState state(const IdeInfo &ide) const = 0;
    // Creates or updates the launcher so the IDE starts with --remote-debugging-port=<port>.
    virtual bool rewrite(const IdeInfo &ide, quint16 port, QString *error = nullptr) = 0;
    // Puts back what was there before rewrite().
    virtual bool restore(const IdeInfo &ide, QString *error = nullptr) = 0;
    // The program and arguments that start the IDE through the current launcher.
    virtual std::optional<QStringList> launchCommand(const IdeInfo &ide) const = 0;

    // `profileRoot`: where dedicated browser profiles go (Chrome's --user-data-dir).
    static std::unique_ptr<IdeLauncher> create(const QString &profileRoot);
    // The arguments a launcher adds for `ide` at `port`.
    static QStringList debuggingArguments(const IdeInfo &ide, quint16 port, const QString &profileRoot);
};

} // namespace mpa
