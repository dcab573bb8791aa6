#include "AgentSessions.h"

#include "common/JsonDataFile.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"

#include <QRandomGenerator>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace mpa {

AgentSessions::AgentSessions(QString path)
    : m_path(std::move(path))
{
}

QJsonObject AgentSessions::entry(const QString &url)
{
    if (!m_loaded) {
        m_loaded = true;
        const JsonDataFile::Loaded loaded = JsonDataFile(m_path).load(1);
        if (!loaded.warning.isEmpty())
            qCWarning(lcServer).noquote() << loaded.warning;
        m_agents = loaded.object.value(u"agents"_s).toObject();
    }
    return m_agents.value(url).toObject();
}

int AgentSessions::windowId(const QString &url)
{
    QJsonObject known = entry(url);
    const int id = known.value(u"windowId"_s).toInt();
    if (id > 0)
        return id;
    const int chosen = int(QRandomGenerator::global()->bounded(1, std::numeric_limits<int>::max()));
    known.insert(u"windowId"_s, chosen);
    QString error;
    if (!save(url, known, &error))
        qCWarning(lcServer).noquote() << "agent client: cannot keep the window number:" << error;
    return chosen;
}

QString AgentSessions::sessionId(const QString &url)
{
    return entry(url).value(u"sessionId"_s).toString();
}

bool AgentSessions::setSessionId(const QString &url, const QString &sessionId, QString *error)
{
    const bool printable = std::none_of(sessionId.cbegin(), sessionId.cend(),
                                        [](QChar c) { return c.category() == QChar::Other_Control; });
    if (sessionId.trimmed().isEmpty() || sessionId.size() > kMaxSessionIdLength || !printable) {
        return refuse(error,
                      u"the session id is empty, longer than %1 characters or has control characters; "
                      "it was not kept"_s.arg(kMaxSessionIdLength));
    }
    QJsonObject known = entry(url);
    if (known.value(u"sessionId"_s).toString() == sessionId)
        return true;
    known.insert(u"sessionId"_s, sessionId);
    known.insert(u"assignedAt"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    return save(url, known, error);
}

bool AgentSessions::save(const QString &url, QJsonObject known, QString *error)
{
    known.insert(u"usedAt"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    m_agents.insert(url, known);
    while (m_agents.size() > kMaxAgents) {
        QString oldest;
        QString oldestUse;
        for (auto it = m_agents.constBegin(); it != m_agents.constEnd(); ++it) {
            const QString used = it.value().toObject().value(u"usedAt"_s).toString();
            if (it.key() != url && (oldest.isEmpty() || used < oldestUse)) {
                oldest = it.key();
                oldestUse = used;
            }
        }
        m_agents.remove(oldest);
    }
    return JsonDataFile(m_path).save({ { u"agents"_s, m_agents } }, 1, error, true);
}

} // namespace mpa
