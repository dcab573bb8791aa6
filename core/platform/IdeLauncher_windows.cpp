#include "IdeLauncher.h"
#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <shlobj.h>
#include <shobjidl.h>
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

struct Shortcut
{
    QString target;
    QString arguments;
};

std::optional<Shortcut> readShortcut(const QString &path)
{
    IShellLinkW *link = nullptr;
    if (FAILED(CoCreateInstance(CLSID_ShellLink, nullptr, CLSCTX_INPROC_SERVER, IID_IShellLinkW,
                                reinterpret_cast<void **>(&link))))
        return std::nullopt;
    IPersistFile *file = nullptr;
    std::optional<Shortcut> result;
    if (SUCCEEDED(link->QueryInterface(IID_IPersistFile, reinterpret_cast<void **>(&file)))) {
        if (SUCCEEDED(
                file->Load(reinterpret_cast<LPCOLESTR>(QDir::toNativeSeparators(path).utf16()), STGM_READ))) {
            wchar_t target[MAX_PATH] = {};
            wchar_t arguments[INFOTIPSIZE] = {};
            link->GetPath(target, MAX_PATH, nullptr, 0);
            link->GetArguments(arguments, INFOTIPSIZE);
            result = Shortcut { QString::fromWCharArray(target), QString::fromWCharArray(arguments) };
        }
        file->Release();
    }
    link->Release();
    return result;
}

bool writeArguments(const QString &path, const QString &arguments)
{
    IShellLinkW *link = nullptr;
    if (FAILED(CoCreateInstance(CLSID_ShellLink, nullptr, CLSCTX_INPROC_SERVER, IID_IShellLinkW,
                                reinterpret_cast<void **>(&link))))
        return false;
    bool ok = false;
    IPersistFile *file = nullptr;
    if (SUCCEEDED(link->QueryInterface(IID_IPersistFile, reinterpret_cast<void **>(&file)))) {
        const auto native = reinterpret_cast<LPCOLESTR>(QDir::toNativeSeparators(path).utf16());
        if (SUCCEEDED(file->Load(native, STGM_READWRITE))
            && SUCCEEDED(link->SetArguments(reinterpret_cast<LPCWSTR>(arguments.utf16())))
            && SUCCEEDED(file->Save(native, TRUE)))
            ok = true;
        file->Release();
    }
    link->Release();
    return ok;
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
            const qsizetype at = shortcut->arguments.indexOf(u"--remote-debugging-port="_s);
            if (at >= 0) {
                s.rewritten = true;
                s.port = quint16(shortcut->arguments.mid(at + 24).section(u' ', 0, 0).toUInt());
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
        QStringList args = original ? QStringList { original->arguments } : QStringList();
        for (const QString &arg : debuggingArguments(ide, port, m_profileRoot))
            args.append(u'"' + arg + u'"');
        if (!writeArguments(s.launcherPath, args.join(u' ').trimmed())) {
            if (error)
                *error = u"cannot change the shortcut %1"_s.arg(s.launcherPath);
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
        return QStringList { shortcut->target } + QProcess::splitCommand(shortcut->arguments);
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
