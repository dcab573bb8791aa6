#include "Payload.h"

#include <QFile>
#include <QHash>

using namespace Qt::StringLiterals;

namespace mpa::Payload {

QString source(const QString &fileName)
{
    static QHash<QString, QString> cache;
    if (const auto it = cache.constFind(fileName); it != cache.cend())
        return *it;
    QFile file(u":/payload/"_s + fileName);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("payload script %s is not bundled", qPrintable(fileName));
    QString text = QString::fromUtf8(file.readAll());
    cache.insert(fileName, text);
    return text;
}

} // namespace mpa::Payload
