#include "Autostart.h"

#include <QDir>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// HKCU\Software\Microsoft\Windows\CurrentVersion\Run\<app id> = "<exe>" args
class WindowsAutostart final : public Autostart
{
public:
    WindowsAutostart(QString executable, QStringList arguments)
        : Autostart(QDir::toNativeSeparators(executable), std::move(arguments))
    {
    }

    QString location() const override { return kRunKey + u'\\' + valueName(); }

    bool isEnabled() const override
    {
        QSettings run(kRunKey, QSettings::NativeFormat);
        return !run.value(valueName()).toString().isEmpty();
    }

    bool setEnabled(bool enabled, QString *error) override
    {
        QSettings run(kRunKey, QSettings::NativeFormat);
        if (enabled) {
            QString command = u'"' + m_executable + u'"';
            for (const QString &arg : m_arguments)
                command += u" \""_s + arg + u'"';
            run.setValue(valueName(), command);
        } else {
            run.remove(valueName());
        }
        run.sync();
        if (run.status() != QSettings::NoError) {
            if (error)
                *error = u"cannot change %1"_s.arg(location());
            return false;
        }
        return true;
    }

private:
    static QString valueName() { return QStringLiteral(MPA_APP_ID); }
    inline static const QString kRunKey
        = u"HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run"_s;
};

} // namespace

std::unique_ptr<Autostart> Autostart::create(const QString &executable, const QStringList &arguments)
{
    return std::make_unique<WindowsAutostart>(executable, arguments);
}

} // namespace mpa
