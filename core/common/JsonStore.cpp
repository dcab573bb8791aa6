#include "JsonStore.h"

#include "common/Refuse.h"

using namespace Qt::StringLiterals;

namespace mpa {

JsonStore::JsonStore(const QString &path, std::chrono::milliseconds delay, const QString &what,
                     const QLoggingCategory &category, QObject *parent)
    : QObject(parent)
    , m_path(path)
    , m_what(what)
    , m_category(category)
{
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(delay);
    connect(&m_saveTimer, &QTimer::timeout, this, [this] { save(); });
}

bool JsonStore::save(QString *error)
{
    m_saveTimer.stop();
    QString why;
    if (!JsonDataFile(m_path).save(toJson(), 1, &why)) {
        qCWarning(m_category).noquote() << u"cannot save %1: %2"_s.arg(m_what, why);
        return refuse(error, why);
    }
    m_dirty = false;
    return true;
}

void JsonStore::touch()
{
    m_dirty = true;
    if (!m_saveTimer.isActive())
        m_saveTimer.start();
    Q_EMIT changed();
}

void JsonStore::saveIfChanged()
{
    if (m_dirty)
        save();
}

} // namespace mpa
