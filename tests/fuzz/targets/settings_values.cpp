// Fuzz target: settings values from outside (core/settings Settings). The input's first byte
// chooses how they arrive: even — the rest is <config-dir>/settings.ini as found at start
// (checked, moved aside when unreadable, migrated, every value read through its spec); odd —
// the rest is a JSON object {"key": value, …} as the debug API's setting actions get it, each
// value validated against its key's spec.
#include "FuzzSupport.h"
#include "common/JsonText.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const QByteArray rest = fuzz::bytes(data + 1, size - 1);
    static QTemporaryDir scratch;
    static Settings reference(scratch.filePath(QStringLiteral("reference/settings.ini")));
    if (data[0] % 2 == 0) {
        const QDir folder(scratch.filePath(QStringLiteral("config")));
        QDir(folder).removeRecursively();
        QDir().mkpath(folder.path());
        QFile file(folder.filePath(QStringLiteral("settings.ini")));
        if (!file.open(QIODevice::WriteOnly) || file.write(rest) != rest.size())
            return 0;
        file.close();
        const Settings settings(file.fileName());
        for (const SettingSpec &spec : settings.table()) {
            const QVariant value = settings.value(spec.key);
            // What is read back is always a value its own spec accepts.
            if (!settings.validate(spec.key, value))
                __builtin_trap();
        }
        (void)settings.toVariantMap();
        return 0;
    }
    if (!jsonNestingError(rest, 64, QStringLiteral("the settings")).isEmpty())
        return 0;
    const QJsonObject values = QJsonDocument::fromJson(rest).object();
    for (auto it = values.begin(); it != values.end(); ++it) {
        const std::optional<SettingKey> key = reference.keyForName(it.key());
        if (key)
            (void)reference.validate(*key, it.value().toVariant());
    }
    return 0;
}
