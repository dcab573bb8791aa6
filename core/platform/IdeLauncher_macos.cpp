#include "IdeLauncher.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString shellQuote(const QString &text)
{
    QString quoted = text;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

// A small launcher app, "~/Applications/<IDE> (debugging).app", whose executable opens the
// real app with the debugging flags. Removing it restores everything.
class MacIdeLauncher final : public IdeLauncher
{
public:
    explicit MacIdeLauncher(QString profileRoot)
        : m_profileRoot(std::move(profileRoot))
    {
    }

    LauncherState state(const IdeInfo &ide) const override
    {
        LauncherState s;
        s.originalPath = findApp(ide);
        s.found = !s.originalPath.isEmpty();
        const QString launcher = launcherPath(ide);
        QFile script(launcher + u"/Contents/MacOS/launcher"_s);
        if (script.open(QIODevice::ReadOnly)) {
            const QString text = QString::fromUtf8(script.readAll());
            const qsizetype at = text.indexOf(u"--remote-debugging-port="_s);
            if (at >= 0) {
                s.rewritten = true;
                s.port = quint16(text.mid(at + 24).section(u'\'', 0, 0).toUInt());
                s.launcherPath = launcher;
            }
        }
        if (!s.rewritten)
            s.launcherPath = s.originalPath;
        return s;
    }

    bool rewrite(const IdeInfo &ide, quint16 port, QString *error) override
    {
        const QString app = findApp(ide);
        if (app.isEmpty()) {
            if (error)
                *error = u"%1 was not found in /Applications or ~/Applications"_s.arg(ide.name);
            return false;
        }
        const QString bundle = launcherPath(ide);
        QDir().mkpath(bundle + u"/Contents/MacOS"_s);
        QString command = u"exec open -n -a "_s + shellQuote(app) + u" --args"_s;
        for (const QString &arg : debuggingArguments(ide, port, m_profileRoot))
            command += u' ' + shellQuote(arg);
        const QString plist = u"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
                              "<key>CFBundleExecutable</key><string>launcher</string>"
                              "<key>CFBundleName</key><string>%1 (debugging)</string>"
                              "<key>CFBundleIdentifier</key><string>org.mpagent.launcher.%2</string>"
                              "<key>CFBundlePackageType</key><string>APPL</string></dict></plist>\n"_s.arg(
                                  ide.name.toHtmlEscaped(), ide.id);
        if (!writeFile(bundle + u"/Contents/Info.plist"_s, plist, error)
            || !writeFile(bundle + u"/Contents/MacOS/launcher"_s, u"#!/bin/sh\n"_s + command + u'\n', error))
            return false;
        QFile::setPermissions(bundle + u"/Contents/MacOS/launcher"_s,
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                  | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
        return true;
    }

    bool restore(const IdeInfo &ide, QString *error) override
    {
        QDir bundle(launcherPath(ide));
        if (bundle.exists() && !bundle.removeRecursively()) {
            if (error)
                *error = u"cannot remove %1"_s.arg(bundle.path());
            return false;
        }
        return true;
    }

    std::optional<QStringList> launchCommand(const IdeInfo &ide) const override
    {
        const LauncherState s = state(ide);
        if (!s.found)
            return std::nullopt;
        return QStringList { u"open"_s, u"-n"_s, s.launcherPath };
    }

private:
    static QString findApp(const IdeInfo &ide)
    {
        for (const QString &dir : QStringList { u"/Applications"_s, QDir::homePath() + u"/Applications"_s }) {
            for (const QString &name : ide.macBundles) {
                const QString path = dir + u'/' + name + u".app"_s;
                if (QFileInfo(path).isDir())
                    return path;
            }
        }
        return {};
    }

    static QString launcherPath(const IdeInfo &ide)
    {
        return QDir::homePath() + u"/Applications/"_s + ide.name + u" (debugging).app"_s;
    }

    static bool writeFile(const QString &path, const QString &text, QString *error)
    {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
            if (error)
                *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
            return false;
        }
        return true;
    }

    QString m_profileRoot;
};

} // namespace

std::unique_ptr<IdeLauncher> IdeLauncher::create(const QString &profileRoot)
{
    return std::make_unique<MacIdeLauncher>(profileRoot);
}

} // namespace mpa
