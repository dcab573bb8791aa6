#include "ProfileJson.h"

#include "common/Refuse.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace mpa {

std::optional<QStringList> profileStringList(const QJsonValue &value, const QString &key, QString *error)
{
    QStringList list;
    if (value.isUndefined() || value.isNull())
        return list;
    if (value.isString()) {
        list.append(value.toString());
    } else if (value.isArray()) {
        for (const QJsonValue &entry : value.toArray()) {
            if (!entry.isString()) {
                if (error)
                    *error = u"%1 must hold strings"_s.arg(key);
                return std::nullopt;
            }
            list.append(entry.toString());
        }
    } else {
        if (error)
            *error = u"%1 must be a string or a list of strings"_s.arg(key);
        return std::nullopt;
    }
    list.removeIf([](const QString &s) { return s.trimmed().isEmpty(); });
    return list;
}

bool profileKeysKnown(const QJsonObject &json, const QStringList &known, const QString &kind, QString *error)
{
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (!known.contains(it.key()))
            return refuse(error,
                          u"'%1' is not a %2 key (known: %3)"_s.arg(it.key(), kind, known.join(u", "_s)));
    }
    return true;
}

bool profileIdAndName(const QJsonObject &json, const QRegularExpression &idShape, const QString &idWording,
                      QString *id, QString *name, QString *error)
{
    *id = json.value(u"id").toString();
    if (!idShape.match(*id).hasMatch())
        return refuse(error, u"'id' must be a lower-case name of %1 (got '%2')"_s.arg(idWording, *id));
    *name = json.value(u"name").toString();
    if (name->trimmed().isEmpty())
        return refuse(error, u"'name' is required"_s);
    return true;
}

bool profileFlag(const QJsonObject &json, const QString &key, bool fallback, bool *value, QString *error)
{
    const QJsonValue flag = json.value(key);
    if (!flag.isUndefined() && !flag.isBool())
        return refuse(error, u"'%1' must be true or false"_s.arg(key));
    *value = flag.toBool(fallback);
    return true;
}

std::optional<QList<TextPattern>> profilePatterns(const QStringList &sources, const QString &key,
                                                  QString *error)
{
    QList<TextPattern> patterns;
    for (const QString &source : sources) {
        TextPattern pattern(source);
        if (!pattern.isValid()) {
            refuse(error, u"%1: '%2' is not a valid pattern: %3"_s.arg(key, source, pattern.errorString()));
            return std::nullopt;
        }
        patterns.append(std::move(pattern));
    }
    return patterns;
}

std::optional<ProfileMatch> profileMatch(const QJsonValue &match, QString *error)
{
    if (!match.isUndefined() && !match.isObject()) {
        if (error)
            *error = u"'match' must be an object with urlPatterns and titlePatterns"_s;
        return std::nullopt;
    }
    const QJsonObject object = match.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() != u"urlPatterns"_s && it.key() != u"titlePatterns"_s) {
            if (error)
                *error = u"match.%1 is not known (known: urlPatterns, titlePatterns)"_s.arg(it.key());
            return std::nullopt;
        }
    }
    const auto urls = profileStringList(object.value(u"urlPatterns"), u"match.urlPatterns"_s, error);
    const auto titles = urls
        ? profileStringList(object.value(u"titlePatterns"), u"match.titlePatterns"_s, error)
        : std::nullopt;
    if (!urls || !titles)
        return std::nullopt;
    return ProfileMatch { *urls, *titles };
}

QJsonObject profileJson(const QString &id, const QString &name, const QStringList &urlPatterns,
                        const QStringList &titlePatterns)
{
    return { { u"id"_s, id },
             { u"name"_s, name },
             { u"match"_s,
               QJsonObject { { u"urlPatterns"_s, QJsonArray::fromStringList(urlPatterns) },
                             { u"titlePatterns"_s, QJsonArray::fromStringList(titlePatterns) } } } };
}

QList<ProfileFile> readProfileFolder(const QString &folder, const QString &kind, QStringList *errors)
{
    QList<ProfileFile> out;
    const QDir dir(folder);
    const QStringList files = dir.entryList({ u"*.json"_s }, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &fileName : files) {
        const QString path = dir.filePath(fileName);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            errors->append(
                u"%1 %2 was skipped: it cannot be read (%3)"_s.arg(kind, path, file.errorString()));
            continue;
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            errors->append(
                u"%1 %2 was skipped: it is not a JSON object (%3 at offset %4); fix or remove the file"_s.arg(
                    kind, path,
                    parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                 : u"not an object"_s,
                    QString::number(parseError.offset)));
            continue;
        }
        out.append({ path, document.object() });
    }
    return out;
}

} // namespace mpa
