#include "Autostart.h"
#include "DesktopEntry.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// https://specifications.freedesktop.org/autostart-spec/: $XDG_CONFIG_HOME/autostart/<id>.desktop
class XdgAutostart final : public Autostart
{
public:
    XdgAutostart(QString executable, QStringList arguments)
        : Autostart(std::move(executable), std::move(arguments))
    {
    }

    QString location() const override
    {
        QString configHome = qEnvironmentVariable("XDG_CONFIG_HOME");
        if (configHome.isEmpty())
            configHome = QDir::homePath() + u"/.config"_s;
        return configHome + u"/autostart/"_s + QStringLiteral(MPA_APP_ID) + u".desktop"_s;
    }

    bool isEnabled() const override
    {
        const auto entry = DesktopEntry::load(location());
        if (!entry)
            return false;
        const QString group = QString::fromLatin1(DesktopEntry::kMainGroup);
        if (entry->value(group, u"Hidden"_s).compare(u"true"_s, Qt::CaseInsensitive) == 0)
            return false;
        if (entry->value(group, u"X-GNOME-Autostart-enabled"_s).compare(u"false"_s, Qt::CaseInsensitive) == 0)
            return false;
        return !entry->value(group, u"Exec"_s).isEmpty();
    }

    bool setEnabled(bool enabled, QString *error) override
    {
        const QString path = location();
        if (!enabled)
            return removeEntryFile(path, error);
        QDir().mkpath(QFileInfo(path).absolutePath());
        DesktopEntry entry = DesktopEntry::parse(u"[Desktop Entry]\n"_s);
        const QString group = QString::fromLatin1(DesktopEntry::kMainGroup);
        entry.setValue(group, u"Type"_s, u"Application"_s);
        entry.setValue(group, u"Name"_s, u"Multi Purpose Agent"_s);
        entry.setValue(group, u"Comment"_s, u"Keeps AI coding agents moving"_s);
        entry.setValue(group, u"Exec"_s, DesktopEntry::joinExec(QStringList { m_executable } + m_arguments));
        entry.setValue(group, u"Icon"_s, QStringLiteral(MPA_APP_ID));
        entry.setValue(group, u"Terminal"_s, u"false"_s);
        entry.setValue(group, u"X-GNOME-Autostart-enabled"_s, u"true"_s);
        return entry.save(path, error);
    }
};

} // namespace

std::unique_ptr<Autostart> Autostart::create(const QString &executable, const QStringList &arguments)
{
    return std::make_unique<XdgAutostart>(executable, arguments);
}

} // namespace mpa
