#include "IdeLauncher.h"
#include "WindowsShortcut.h"
#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <windows.h>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr auto kBackupSuffix = ".mpa-backup";

// Start-menu shortcuts live per user and for all users; the user's copy wins.
QStringList startMenuDirs()
{
    return { QStandardPaths::writableLocation(QStandardPaths::ApplicationsLocation),
             qEnvironmentVariable("ProgramData") + u"/Microsoft/Windows/Start Menu/Programs"_s };
}

QString findShortcut(const IdeInfo &ide)
{
    for (const QString &dir : startMenuDirs()) {
        for (const QString &name : ide.windowsShortcuts) {
            const QStringList candidates { dir + u'/' + name + u".lnk"_s,
                                           dir + u'/' + name + u'/' + name + u".lnk"_s };
            for (const QString &candidate : candidates) {
                if (QFileInfo::exists(candidate))
                    return candidate;
            }
        }
    }
    return {};
}

std::wstring nativePath(const QString &path)
{
    return QDir::toNativeSeparators(path).toStdWString();
}

std::optional<winshortcut::Shortcut> readShortcut(const QString &path)
{
    std::wstring error;
    auto shortcut = winshortcut::read(nativePath(path), &error);
    if (!shortcut)
        qCWarning(lcPlatform).noquote() << QString::fromStdWString(error);
    return shortcut;
}

class WindowsIdeLauncher final : public IdeLauncher
{
public:
    explicit WindowsIdeLauncher(QString profileRoot)
        : m_profileRoot(std::move(profileRoot))
    {
        CoInitializeEx(nullptr, COINIT_APARTMENTTHREADED);
    }
    ~WindowsIdeLauncher() override { CoUninitialize(); }

    LauncherState state(const IdeInfo &ide) const override
    {
        LauncherState s;
        const QString path = findShortcut(ide);
        if (path.isEmpty())
            return s;
        s.found = true;
        s.launcherPath = path;
        s.originalPath = QFile::exists(path + QLatin1StringView(kBackupSuffix))
            ? path + QLatin1StringView(kBackupSuffix)
            : path;
        if (const auto shortcut = readShortcut(path)) {
            // Read as the started program reads its command line: rewrite() quotes what it adds.
            if (const unsigned port = winshortcut::debuggingPort(shortcut->arguments)) {
                s.rewritten = true;
                s.port = quint16(port);
            }
        }
        return s;
    }

    bool rewrite(const IdeInfo &ide, quint16 port, QString *error) override
    {
        const LauncherState s = state(ide);
        if (!s.found) {
            if (error)
                *error = u"no Start-menu shortcut for %1 was found"_s.arg(ide.name);
            return false;
        }
        const QString backup = s.launcherPath + QLatin1StringView(kBackupSuffix);
        if (!QFile::exists(backup) && !QFile::copy(s.launcherPath, backup)) {
            if (error)
                *error = u"cannot back up %1"_s.arg(s.launcherPath);
            return false;
        }
        const auto original = readShortcut(backup);
        std::vector<std::wstring> added;
        for (const QString &arg : debuggingArguments(ide, port, m_profileRoot))
            added.push_back(arg.toStdWString());
        const std::wstring arguments
            = winshortcut::appendArguments(original ? original->arguments : std::wstring(), added);
        std::wstring why;
        if (!winshortcut::writeArguments(nativePath(s.launcherPath), arguments, &why)) {
            if (error)
                *error = u"cannot change the shortcut %1: %2"_s.arg(s.launcherPath,
                                                                    QString::fromStdWString(why));
            return false;
        }
        return true;
    }

    bool restore(const IdeInfo &ide, QString *error) override
    {
        const LauncherState s = state(ide);
        const QString backup = s.launcherPath + QLatin1StringView(kBackupSuffix);
        if (!s.found || !QFile::exists(backup))
            return true;
        if (!QFile::remove(s.launcherPath) || !QFile::rename(backup, s.launcherPath)) {
            if (error)
                *error = u"cannot put back the shortcut %1"_s.arg(s.launcherPath);
            return false;
        }
        return true;
    }

    std::optional<QStringList> launchCommand(const IdeInfo &ide) const override
    {
        const QString path = findShortcut(ide);
        const auto shortcut = path.isEmpty() ? std::nullopt : readShortcut(path);
        if (!shortcut)
            return std::nullopt;
        QStringList command { QString::fromStdWString(shortcut->target) };
        for (const std::wstring &argument : winshortcut::splitArguments(shortcut->arguments))
            command.append(QString::fromStdWString(argument));
        return command;
    }

private:
    QString m_profileRoot;
};

} // namespace

std::unique_ptr<IdeLauncher> IdeLauncher::create(const QString &profileRoot)
{
    return std::make_unique<WindowsIdeLauncher>(profileRoot);
}

} // namespace mpa
