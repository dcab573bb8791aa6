#pragma once
// Reading the profiles' JSON (IDE profiles, web chat profiles and their chat selectors) with one
// wording of what is wrong in it, and one way of reading a folder of them.

#include "common/TextPattern.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <optional>

namespace mpa {

// A string or an array of strings, blank entries dropped; missing or null is an empty list.
// Anything else is nullopt, and `error` names `key` ("match.urlPatterns must hold strings").
std::optional<QStringList> profileStringList(const QJsonValue &value, const QString &key, QString *error);

// False with `error` naming the first key of `json` that is not in `known` ("'x' is not a
// <kind> key (known: …)").
bool profileKeysKnown(const QJsonObject &json, const QStringList &known, const QString &kind, QString *error);

// A profile's required "id" (of `idShape`, which `idWording` describes: "letters, digits and
// dashes") and "name" (not blank) into `id` and `name`; false with `error` when either is wrong.
bool profileIdAndName(const QJsonObject &json, const QRegularExpression &idShape, const QString &idWording,
                      QString *id, QString *name, QString *error);

// The optional flag `key` of `json` into `value` (`fallback` when missing); false with `error`
// when it is not true or false.
bool profileFlag(const QJsonObject &json, const QString &key, bool fallback, bool *value, QString *error);

// `sources` compiled as TextPatterns; nullopt with `error` naming `key` and the first that is
// not valid.
std::optional<QList<TextPattern>> profilePatterns(const QStringList &sources, const QString &key,
                                                  QString *error);

// A profile's "match" object: {urlPatterns, titlePatterns}, each a string or a list (TextPattern
// entries, not compiled here). Missing: both empty. Other keys or types: nullopt and `error`.
struct ProfileMatch
{
    QStringList urlPatterns;
    QStringList titlePatterns;
};
std::optional<ProfileMatch> profileMatch(const QJsonValue &match, QString *error);

// The keys every profile writes: {"id", "name", "match": {"urlPatterns", "titlePatterns"}}.
QJsonObject profileJson(const QString &id, const QString &name, const QStringList &urlPatterns,
                        const QStringList &titlePatterns);

// One *.json file of a profiles folder, read as a JSON object.
struct ProfileFile
{
    QString path;
    QJsonObject object;
};

// Every *.json file of `folder` (a directory or a ":/…" resource prefix) in name order; a file
// that cannot be read or is not a JSON object adds a sentence to `errors` naming it ("<kind>
// <path> was skipped: …; fix or remove the file") and is left out.
QList<ProfileFile> readProfileFolder(const QString &folder, const QString &kind, QStringList *errors);

// Reads each file of `folder` with `Profile::fromJson` into `profiles`: a profile whose id is
// there already replaces it (a user's file over a bundled one), others are added; `user` says
// so in the log.
template<typename Profile>
void loadProfileFolder(QList<Profile> &profiles, const QString &folder, const QString &kind, bool user,
                       QStringList *errors, const QLoggingCategory &category)
{
    for (const ProfileFile &file : readProfileFolder(folder, kind, errors)) {
        QString error;
        std::optional<Profile> profile = Profile::fromJson(file.object, &error);
        if (!profile) {
            errors->append(QStringLiteral("%1 %2 was skipped: %3").arg(kind, file.path, error));
            continue;
        }
        profile->origin = file.path;
        const auto existing = std::find_if(profiles.begin(), profiles.end(),
                                           [&](const Profile &p) { return p.id == profile->id; });
        if (user) {
            qCInfo(category).noquote()
                << QStringLiteral("%1 '%2' %3 %4")
                       .arg(kind, profile->id,
                            existing != profiles.end() ? QStringLiteral("overridden by")
                                                       : QStringLiteral("added from"),
                            file.path);
        }
        if (existing != profiles.end())
            *existing = *profile;
        else
            profiles.append(*profile);
    }
}

} // namespace mpa
