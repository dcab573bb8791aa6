#include "DebugServerFile.h"

#include "common/JsonDataFile.h"

#include <QFile>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace mpa {

bool DebugServerFile::write(const QString &path, const Entry &entry, QString *error)
{
    const QJsonObject object {
        { u"address"_s, entry.address },
        { u"port"_s, entry.port },
        { u"pid"_s, entry.pid },
    };
    return JsonDataFile(path).save(object, 0, error, true);
}

std::optional<DebugServerFile::Entry> DebugServerFile::read(const QString &path, QString *error)
{
    // The running instance's file: a reader (ctl) reports a bad one and leaves it alone.
    const JsonDataFile::Loaded loaded = JsonDataFile(path).load(1, JsonDataFile::OnBadFile::Leave);
    if (!loaded.existed)
        return std::nullopt;
    const QJsonObject &object = loaded.object;
    Entry entry;
    entry.address = object.value(u"address").toString(entry.address);
    const int port = object.value(u"port").toInt(-1);
    entry.pid = object.value(u"pid").toInteger(0);
    if (!loaded.warning.isEmpty() || port < 1 || port > 65535 || entry.pid <= 0) {
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
