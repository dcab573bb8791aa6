#include "JsonDataFile.h"

#include "Refuse.h"
#include "logging/FileRule.h"
#include "logging/LogCategories.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace mpa {

JsonDataFile::JsonDataFile(const QString &path)
    : m_path(path)
{
}

QString JsonDataFile::moveAside(const QString &path, const QString &problem, const QString &instead,
                                QString *movedTo)
{
    return FileRule::moveAside(path, problem, instead, movedTo);
}

bool JsonDataFile::checkLink(const QString &path, QString *error)
{
    return FileRule::checkLink(path, error);
}

JsonDataFile::Loaded JsonDataFile::load(int maxVersion, OnBadFile onBad) const
{
    Loaded loaded;
    QFile file(m_path);
    QString problem;
    checkLink(m_path, &problem);
    if (!file.exists() && problem.isEmpty())
        return loaded;
    loaded.existed = true;
    if (!problem.isEmpty()) {
        // Not read at all: what it points at is none of the app's business.
    } else if (!file.open(QIODevice::ReadOnly)) {
        problem = u"it cannot be opened (%1)"_s.arg(file.errorString());
    } else {
        QJsonParseError parseError {};
        const QJsonDocument document
            = QJsonDocument::fromJson(file.read(qint64(16) * 1024 * 1024), &parseError);
        file.close();
        if (parseError.error != QJsonParseError::NoError)
            problem = u"it is not valid JSON (%1 at byte %2)"_s.arg(parseError.errorString())
                          .arg(parseError.offset);
        else if (!document.isObject())
            problem = u"it does not hold a JSON object"_s;
        else if (const int version = document.object().value(u"version").toInt(1); version > maxVersion)
            problem = u"it was written by a newer version of the app (format %1)"_s.arg(version);
        else
            loaded.object = document.object();
    }
    if (problem.isEmpty())
        return loaded;
    if (onBad == OnBadFile::Leave) {
        loaded.warning = u"%1 could not be read: %2"_s.arg(m_path, problem);
        return loaded;
    }
    loaded.warning = moveAside(m_path, problem, u"the app started without it"_s, &loaded.movedAside);
    qCWarning(lcApp).noquote() << loaded.warning;
    return loaded;
}

bool JsonDataFile::save(QJsonObject object, int version, QString *error, bool ownerOnly) const
{
    if (version > 0)
        object.insert(u"version"_s, version);
    // QSaveFile writes a link's target: refuse one that leaves the folder.
    if (QString problem; !checkLink(m_path, &problem))
        return refuse(error, u"cannot write %1: %2"_s.arg(m_path, problem));
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    if (ownerOnly)
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    file.write(QJsonDocument(object).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    return true;
}

} // namespace mpa
