#include "Autostart.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString xmlEscape(const QString &text)
{
    return text.toHtmlEscaped();
}

// ~/Library/LaunchAgents/<app id>.plist with RunAtLoad; launchd reads it at the next login.
class MacAutostart final : public Autostart
{
public:
    MacAutostart(QString executable, QStringList arguments)
        : Autostart(std::move(executable), std::move(arguments))
    {
    }

    QString location() const override
    {
        return QDir::homePath() + u"/Library/LaunchAgents/"_s + QStringLiteral(MPA_APP_ID) + u".plist"_s;
    }

    bool isEnabled() const override
    {
        QFile file(location());
        if (!file.open(QIODevice::ReadOnly))
            return false;
        const QByteArray plist = file.readAll();
        // A LaunchAgent with Disabled set is not started.
        return !plist.contains("<key>Disabled</key>\n\t<true/>") && plist.contains("<key>RunAtLoad</key>");
    }

    bool setEnabled(bool enabled, QString *error) override
    {
        const QString path = location();
        if (!enabled)
            return removeEntryFile(path, error);
        QDir().mkpath(QDir::homePath() + u"/Library/LaunchAgents"_s);
        QString args;
        for (const QString &arg : QStringList { m_executable } + m_arguments)
            args += u"\t\t<string>"_s + xmlEscape(arg) + u"</string>\n"_s;
        const QString plist = u"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                              "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
                              "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
                              "<plist version=\"1.0\">\n<dict>\n"
                              "\t<key>Label</key>\n\t<string>%1</string>\n"
                              "\t<key>ProgramArguments</key>\n\t<array>\n%2\t</array>\n"
                              "\t<key>RunAtLoad</key>\n\t<true/>\n"
                              "</dict>\n</plist>\n"_s.arg(QStringLiteral(MPA_APP_ID), args);
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(plist.toUtf8()) < 0 || !file.commit()) {
            if (error)
                *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
            return false;
        }
        return true;
    }
};

} // namespace

std::unique_ptr<Autostart> Autostart::create(const QString &executable, const QStringList &arguments)
{
    return std::make_unique<MacAutostart>(executable, arguments);
}

} // namespace mpa
