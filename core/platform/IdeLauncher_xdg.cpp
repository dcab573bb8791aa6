#include "DesktopEntry.h"
#include "IdeLauncher.h"
#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr auto kPortKey = "X-MPA-Relaunch-Port";
constexpr auto kOriginalKey = "X-MPA-Original";
constexpr auto kBackupSuffix = ".mpa-backup";
// A browser with a profile of its own gets an entry of its own: the user's everyday browser
// entry must keep opening the everyday profile without a debugging port.
constexpr auto kSeparateSuffix = "-mpa-debugging.desktop";
constexpr auto kSeparateNameSuffix = " (debugging)";

QString dataHome()
{
    const QString env = qEnvironmentVariable("XDG_DATA_HOME");
    return env.isEmpty() ? QDir::homePath() + u"/.local/share"_s : env;
}

QStringList systemApplicationDirs()
{
    QStringList dirs;
    QString env = qEnvironmentVariable("XDG_DATA_DIRS");
    if (env.isEmpty())
        env = u"/usr/local/share:/usr/share"_s;
    for (const QString &dir : env.split(u':', Qt::SkipEmptyParts))
        dirs.append(dir + u"/applications"_s);
    // Flatpak and Snap export their launchers here; sessions usually list them already.
    for (const QString &dir : QStringList { dataHome() + u"/flatpak/exports/share/applications"_s,
                                            u"/var/lib/flatpak/exports/share/applications"_s,
                                            u"/var/lib/snapd/desktop/applications"_s }) {
        if (!dirs.contains(dir))
            dirs.append(dir);
    }
    return dirs;
}

bool isFieldCode(const QString &arg)
{
    return arg.size() == 2 && arg.at(0) == u'%';
}

// Rewrites one Exec value: drops earlier debugging flags and adds ours before the field codes
// (so `flatpak run app %F` and `env X=1 code %F` keep working).
std::optional<QString> patchExec(const QString &exec, const QStringList &add)
{
    auto args = DesktopEntry::splitExec(exec);
    if (!args || args->isEmpty())
        return std::nullopt;
    args->removeIf([](const QString &a) {
        return a.startsWith(u"--remote-debugging-port"_s) || a.startsWith(u"--user-data-dir="_s);
    });
    qsizetype at = args->size();
    for (qsizetype i = 1; i < args->size(); ++i) {
        if (isFieldCode(args->at(i))) {
            at = i;
            break;
        }
    }
    for (qsizetype i = 0; i < add.size(); ++i)
        args->insert(at + i, add.at(i));
    return DesktopEntry::joinExec(*args);
}

class XdgIdeLauncher final : public IdeLauncher
{
public:
    explicit XdgIdeLauncher(QString profileRoot)
        : m_profileRoot(std::move(profileRoot))
    {
    }

    LauncherState state(const IdeInfo &ide) const override
    {
        if (!ide.dedicatedProfile)
            return shadowState(ide);
        LauncherState s = shadowState(ide);
        if (!s.found)
            return s;
        s.separate = true;
        const QString base = s.rewritten ? s.originalPath : s.launcherPath;
        s.separatePath = separatePath(QFileInfo(s.launcherPath).fileName());
        s.separateName = separateName(base);
        // An entry written by an older version over the desktop's own: restore() puts it back.
        s.rewritten = false;
        s.port = 0;
        if (const auto ours = DesktopEntry::load(s.separatePath)) {
            const QString group = QString::fromLatin1(DesktopEntry::kMainGroup);
            const QString port = ours->value(group, QString::fromLatin1(kPortKey));
            if (!port.isEmpty()) {
                s.rewritten = true;
                s.port = quint16(port.toUInt());
                s.launcherPath = s.separatePath;
                s.separateName = ours->value(group, u"Name"_s, s.separateName);
            }
        }
        if (!s.rewritten)
            s.launcherPath = base;
        s.originalPath = base;
        return s;
    }

    bool rewrite(const IdeInfo &ide, quint16 port, QString *error) override
    {
        if (!ide.dedicatedProfile)
            return rewriteShadow(ide, port, error);
        if (shadowState(ide).rewritten && !restoreShadow(ide, error))
            return false;
        const LauncherState before = state(ide);
        if (!before.found)
            return rewriteShadow(ide, port, error); // says what was looked for
        auto entry = DesktopEntry::load(before.originalPath, error);
        if (!entry)
            return false;
        const QString group = QString::fromLatin1(DesktopEntry::kMainGroup);
        if (!patchAllExecs(&*entry, debuggingArguments(ide, port, m_profileRoot), before.originalPath, error))
            return false;
        // Its own visible name in every language, and never a handler for links or files: the
        // everyday entry stays the one the desktop opens web pages with.
        for (const QString &key : entry->keys(group)) {
            if (key == u"Name"_s || key.startsWith(u"Name["_s))
                entry->setValue(group, key,
                                entry->value(group, key) + QLatin1StringView(kSeparateNameSuffix));
        }
        entry->remove(group, u"MimeType"_s);
        entry->remove(group, u"DBusActivatable"_s);
        entry->remove(group, u"StartupWMClass"_s);
        entry->setValue(group, QString::fromLatin1(kPortKey), QString::number(port));
        entry->setValue(group, QString::fromLatin1(kOriginalKey), before.originalPath);
        QDir().mkpath(QFileInfo(before.separatePath).absolutePath());
        if (!entry->save(before.separatePath, error))
            return false;
        qCInfo(lcPlatform).noquote()
            << u"wrote %1 (\"%2\"): %3 with remote debugging on port %4; %5 is unchanged"_s.arg(
                   before.separatePath, entry->value(group, u"Name"_s), ide.name, QString::number(port),
                   before.originalPath);
        return true;
    }

    bool restore(const IdeInfo &ide, QString *error) override
    {
        if (!ide.dedicatedProfile)
            return restoreShadow(ide, error);
        if (!restoreShadow(ide, error))
            return false;
        const LauncherState s = state(ide);
        if (!s.rewritten)
            return true;
        if (!QFile::remove(s.separatePath)) {
            if (error)
                *error = u"cannot remove %1"_s.arg(s.separatePath);
            return false;
        }
        qCInfo(lcPlatform).noquote() << ide.name << "debugging launcher removed:" << s.separatePath;
        return true;
    }

    std::optional<QStringList> launchCommand(const IdeInfo &ide) const override
    {
        const LauncherState s = state(ide);
        if (!s.found)
            return std::nullopt;
        const auto entry = DesktopEntry::load(s.launcherPath);
        if (!entry)
            return std::nullopt;
        auto args
            = DesktopEntry::splitExec(entry->value(QString::fromLatin1(DesktopEntry::kMainGroup), u"Exec"_s));
        if (!args || args->isEmpty())
            return std::nullopt;
        args->removeIf(isFieldCode);
        return *args;
    }

private:
    LauncherState shadowState(const IdeInfo &ide) const
    {
        LauncherState s;
        for (const QString &id : ide.desktopIds) {
            const QString user = userPath(id);
            if (const auto entry = DesktopEntry::load(user)) {
                const QString group = QString::fromLatin1(DesktopEntry::kMainGroup);
                const QString port = entry->value(group, QString::fromLatin1(kPortKey));
                s.found = true;
                s.launcherPath = user;
                if (!port.isEmpty()) {
                    s.rewritten = true;
                    s.port = quint16(port.toUInt());
                    s.originalPath = entry->value(group, QString::fromLatin1(kOriginalKey));
                } else {
                    s.originalPath = user;
                }
                return s;
            }
            const QString system = systemPath(id);
            if (!system.isEmpty()) {
                s.found = true;
                s.originalPath = system;
                s.launcherPath = system;
                return s;
            }
        }
        return s;
    }

    bool rewriteShadow(const IdeInfo &ide, quint16 port, QString *error)
    {
        const LauncherState before = shadowState(ide);
        if (!before.found) {
            if (error)
                *error = u"no launcher for %1 was found (looked for %2 in %3 and %4)"_s.arg(
                    ide.name, ide.desktopIds.join(u", "_s), dataHome() + u"/applications"_s,
                    systemApplicationDirs().join(u", "_s));
            return false;
        }
        const QString id = QFileInfo(before.launcherPath).fileName();
        const QString target = userPath(id);
        QString basePath = before.originalPath;
        if (!before.rewritten && before.launcherPath == target) {
            // The user's own launcher: keep it aside, build on it, put it back on restore.
            const QString backup = target + QLatin1StringView(kBackupSuffix);
            QFile::remove(backup);
            if (!QFile::copy(target, backup)) {
                if (error)
                    *error = u"cannot back up %1"_s.arg(target);
                return false;
            }
            basePath = backup;
        } else if (before.rewritten && QFile::exists(target + QLatin1StringView(kBackupSuffix))) {
            basePath = target + QLatin1StringView(kBackupSuffix);
        }
        QString recordedOriginal = basePath;
        auto entry = DesktopEntry::load(basePath, error);
        if (!entry) {
            // The original is gone (e.g. the IDE moved): update what we wrote before.
            entry = DesktopEntry::load(target, error);
            if (!entry)
                return false;
            recordedOriginal = before.originalPath;
        }
        if (!patchAllExecs(&*entry, debuggingArguments(ide, port, m_profileRoot), basePath, error))
            return false;
        const QString group = QString::fromLatin1(DesktopEntry::kMainGroup);
        entry->setValue(group, QString::fromLatin1(kPortKey), QString::number(port));
        entry->setValue(group, QString::fromLatin1(kOriginalKey), recordedOriginal);
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!entry->save(target, error))
            return false;
        qCInfo(lcPlatform).noquote()
            << u"%1 now starts with remote debugging on port %2 (%3)"_s.arg(ide.name).arg(port).arg(target);
        return true;
    }

    bool restoreShadow(const IdeInfo &ide, QString *error)
    {
        const LauncherState s = shadowState(ide);
        if (!s.rewritten)
            return true;
        const QString backup = s.launcherPath + QLatin1StringView(kBackupSuffix);
        if (!QFile::remove(s.launcherPath)) {
            if (error)
                *error = u"cannot remove %1"_s.arg(s.launcherPath);
            return false;
        }
        if (QFile::exists(backup) && !QFile::rename(backup, s.launcherPath)) {
            if (error)
                *error = u"cannot put back %1"_s.arg(s.launcherPath);
            return false;
        }
        qCInfo(lcPlatform).noquote() << ide.name << "launcher restored:" << s.launcherPath;
        return true;
    }

    static bool patchAllExecs(DesktopEntry *entry, const QStringList &add, const QString &path,
                              QString *error)
    {
        for (const QString &group : entry->groups()) {
            if (group != QLatin1StringView(DesktopEntry::kMainGroup)
                && !group.startsWith(u"Desktop Action "_s))
                continue;
            const QString exec = entry->value(group, u"Exec"_s);
            if (exec.isEmpty())
                continue;
            const auto patched = patchExec(exec, add);
            if (!patched) {
                if (error)
                    *error = u"cannot read the Exec line of %1: %2"_s.arg(path, exec);
                return false;
            }
            entry->setValue(group, u"Exec"_s, *patched);
        }
        return true;
    }

    static QString separatePath(const QString &id)
    {
        QString stem = id;
        if (stem.endsWith(u".desktop"_s))
            stem.chop(8);
        return userPath(stem + QLatin1StringView(kSeparateSuffix));
    }

    static QString separateName(const QString &originalPath)
    {
        const auto entry = DesktopEntry::load(originalPath);
        const QString name
            = entry ? entry->value(QString::fromLatin1(DesktopEntry::kMainGroup), u"Name"_s) : QString();
        return (name.isEmpty() ? QFileInfo(originalPath).completeBaseName() : name)
            + QLatin1StringView(kSeparateNameSuffix);
    }

    static QString userPath(const QString &id) { return dataHome() + u"/applications/"_s + id; }

    static QString systemPath(const QString &id)
    {
        for (const QString &dir : systemApplicationDirs()) {
            QString path = dir + u'/' + id;
            if (QFileInfo::exists(path))
                return path;
        }
        return {};
    }

    QString m_profileRoot;
};

} // namespace

std::unique_ptr<IdeLauncher> IdeLauncher::create(const QString &profileRoot)
{
    return std::make_unique<XdgIdeLauncher>(profileRoot);
}

} // namespace mpa
