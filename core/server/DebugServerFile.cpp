#include "DebugServerFile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace mpa {

bool DebugServerFile::write(const QString &path, const Entry &entry, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    const QJsonObject object {
        { u"address"_s, entry.address },
        { u"port"_s, entry.port },
        { u"pid"_s, entry.pid },
    };
    file.write(QJsonDocument(object).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}

std::optional<DebugServerFile::Entry> DebugServerFile::read(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.exists())
        return std::nullopt;
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.read(64 * 1024), &parseError);
    const QJsonObject object = document.object();
    Entry entry;
    entry.address = object.value(u"address").toString(entry.address);
    const int port = object.value(u"port").toInt(-1);
    entry.pid = object.value(u"pid").toInteger(0);
    if (parseError.error != QJsonParseError::NoError || !document.isObject() || port < 1 || port > 65535
        || entry.pid <= 0) {
        if (error)
            *error = u"%1 is not a valid debug server file (it needs a port and a pid)"_s.arg(path);
        return std::nullopt;
    }
    entry.port = quint16(port);
    return entry;
}

void DebugServerFile::remove(const QString &path, qint64 pid)
{
    const auto entry = read(path);
    if (entry && entry->pid == pid)
        QFile::remove(path);
}

} // namespace mpa
