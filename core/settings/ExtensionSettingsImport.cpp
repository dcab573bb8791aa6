#include "ExtensionSettingsImport.h"

#include "Settings.h"
#include "common/JsonText.h"
#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The extension's keys (package.json contributes.configuration, in its order) and ours.
const QList<QPair<QString, QString>> kKeyMap = {
    { u"auto-accept.schedule.enabled"_s, u"schedule/enabled"_s },
    { u"auto-accept.schedule.mode"_s, u"schedule/mode"_s },
    { u"auto-accept.schedule.value"_s, u"schedule/value"_s },
    { u"auto-accept.schedule.prompt"_s, u"schedule/prompt"_s },
    { u"auto-accept.schedule.queueMode"_s, u"schedule/queueMode"_s },
    { u"auto-accept.schedule.silenceTimeout"_s, u"schedule/silenceTimeoutS"_s },
    { u"auto-accept.schedule.checkPrompt.enabled"_s, u"schedule/checkPrompt/enabled"_s },
    { u"auto-accept.schedule.checkPrompt.text"_s, u"schedule/checkPrompt/text"_s },
    { u"auto-accept.antigravityQuota.enabled"_s, u"quota/enabled"_s },
    { u"auto-accept.antigravityQuota.pollInterval"_s, u"quota/pollIntervalS"_s },
    { u"auto-accept.antigravityQuota.resume.enabled"_s, u"quota/resumeQueue"_s },
    { u"auto-accept.autoContinue.enabled"_s, u"quota/autoContinue"_s },
    { u"auto-accept.cdpPort"_s, u"cdp/port"_s },
    { u"auto-accept.debugMode.enabled"_s, u"debug/enabled"_s },
};

// The IDEs and the folder each keeps its user data in (the same name on every OS).
const QList<QPair<QString, QString>> kIdes = {
    { u"Antigravity"_s, u"Antigravity"_s },
    { u"VS Code"_s, u"Code"_s },
    { u"Cursor"_s, u"Cursor"_s },
    { u"Windsurf"_s, u"Windsurf"_s },
};

const QString kPrefix = u"auto-accept"_s;

// Comments become spaces (newlines stay), and so does a comma before } or ]: the text keeps
// every offset, so a parse error points into the user's file.
QByteArray blankJsonc(QByteArray text)
{
    enum class State { Code, String, Line, Block };
    State state = State::Code;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        const char next = i + 1 < text.size() ? text.at(i + 1) : '\0';
        switch (state) {
        case State::Code:
            if (c == '"') {
                state = State::String;
            } else if (c == '/' && next == '/') {
                state = State::Line;
                text[i] = ' ';
            } else if (c == '/' && next == '*') {
                state = State::Block;
                text[i] = ' ';
                text[++i] = ' ';
            }
            break;
        case State::String:
            if (c == '\\')
                ++i;
            else if (c == '"')
                state = State::Code;
            break;
        case State::Line:
            if (c == '\n')
                state = State::Code;
            else
                text[i] = ' ';
            break;
        case State::Block:
            if (c == '*' && next == '/') {
                text[i] = ' ';
                text[++i] = ' ';
                state = State::Code;
            } else if (c != '\n') {
                text[i] = ' ';
            }
            break;
        }
    }
    // Trailing commas, now that comments are blank.
    bool inString = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == ',') {
            qsizetype j = i + 1;
            while (j < text.size() && QChar::isSpace(uchar(text.at(j))))
                ++j;
            if (j < text.size() && (text.at(j) == '}' || text.at(j) == ']'))
                text[i] = ' ';
        }
    }
    return text;
}

// The value as our setting's type takes it, or why not.
std::optional<QVariant> convert(const SettingSpec &spec, const QJsonValue &value, QString *problem)
{
    switch (spec.type) {
    case SettingSpec::Type::Bool:
        if (value.isBool())
            return QVariant(value.toBool());
        *problem = u"expected true or false, found %1"_s.arg(describeJsonValue(value));
        return std::nullopt;
    case SettingSpec::Type::Int:
        if (value.isDouble() && value.toDouble() == double(qint64(value.toDouble())))
            return QVariant(int(value.toDouble()));
        *problem = u"expected a whole number, found %1"_s.arg(describeJsonValue(value));
        return std::nullopt;
    case SettingSpec::Type::String:
    case SettingSpec::Type::Choice:
        if (value.isString())
            return QVariant(value.toString());
        *problem = u"expected a text, found %1"_s.arg(describeJsonValue(value));
        return std::nullopt;
    case SettingSpec::Type::StringList: {
        if (!value.isArray()) {
            *problem = u"expected a list of texts, found %1"_s.arg(describeJsonValue(value));
            return std::nullopt;
        }
        QStringList list;
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isString()) {
                *problem = u"entry %1 is %2, not a text"_s.arg(i + 1).arg(describeJsonValue(array.at(i)));
                return std::nullopt;
            }
            if (const QString entry = array.at(i).toString().trimmed(); !entry.isEmpty())
                list.append(entry);
        }
        return QVariant(list);
    }
    }
    *problem = u"cannot be imported"_s;
    return std::nullopt;
}

// "auto-accept.schedule": {"enabled": true} is read as "auto-accept.schedule.enabled": true.
void flatten(const QString &prefix, const QJsonObject &object, QJsonObject *out)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + u'.' + it.key();
        if (key != kPrefix && !key.startsWith(kPrefix + u'.'))
            continue;
        if (it.value().isObject() && key != QLatin1StringView(ExtensionSettingsImport::kPromptsKey))
            flatten(key, it.value().toObject(), out);
        else
            out->insert(key, it.value());
    }
}

} // namespace

QList<QPair<QString, QString>> ExtensionSettingsImport::keyMap()
{
    return kKeyMap;
}

ExtensionSettingsImport::Os ExtensionSettingsImport::currentOs()
{
    const QString product = QSysInfo::productType();
    if (product == u"windows"_s)
        return Os::Windows;
    if (product == u"macos"_s || product == u"osx"_s)
        return Os::MacOS;
    return Os::Linux;
}

QList<ExtensionSettingsImport::Source> ExtensionSettingsImport::candidates(Os os, const QString &home,
                                                                           const QString &appData,
                                                                           const QString &configHome)
{
    QString base;
    switch (os) {
    case Os::Linux:
        base = configHome.isEmpty() ? QDir(home).filePath(u".config"_s) : configHome;
        break;
    case Os::MacOS:
        base = QDir(home).filePath(u"Library/Application Support"_s);
        break;
    case Os::Windows:
        base = appData.isEmpty() ? QDir(home).filePath(u"AppData/Roaming"_s) : appData;
        break;
    }
    QList<Source> sources;
    for (const auto &[ide, folder] : kIdes) {
        const QString user = QDir::cleanPath(base + u'/' + folder + u"/User"_s);
        sources.append({ ide, user + u"/settings.json"_s, user + u"/globalStorage/state.vscdb"_s });
    }
    return sources;
}

QList<ExtensionSettingsImport::Source> ExtensionSettingsImport::candidates()
{
    return candidates(currentOs(), QDir::homePath(), qEnvironmentVariable("APPDATA"),
                      qEnvironmentVariable("XDG_CONFIG_HOME"));
}

std::optional<QJsonObject> ExtensionSettingsImport::parseJsonc(const QByteArray &text, QString *error)
{
    const QByteArray blank = blankJsonc(text);
    if (blank.trimmed().isEmpty())
        return QJsonObject(); // VS Code reads an empty settings.json as no settings
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(blank, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const QByteArray before = text.left(parseError.offset);
        const qsizetype line = before.count('\n') + 1;
        const qsizetype column = parseError.offset - (before.lastIndexOf('\n') + 1) + 1;
        *error = u"line %1, column %2: %3"_s.arg(line).arg(column).arg(parseError.errorString());
        return std::nullopt;
    }
    if (!document.isObject()) {
        *error = u"it holds a JSON list, not an object of settings"_s;
        return std::nullopt;
    }
    return document.object();
}

ExtensionSettingsImport::FileResult ExtensionSettingsImport::read(const Source &source,
                                                                  const Settings &settings)
{
    QByteArray text;
    if (QFileInfo(source.path).isFile()) {
        QFile file(source.path);
        if (!file.open(QIODevice::ReadOnly)) {
            FileResult result;
            result.source = source;
            result.exists = true;
            result.error = u"cannot be read: %1"_s.arg(file.errorString());
            return result;
        }
        text = file.readAll();
    } else if (source.stateDb.isEmpty() || !QFileInfo(source.stateDb).isFile()) {
        FileResult result;
        result.source = source;
        return result; // this IDE is not here
    }
    return readText(source, text, settings);
}

std::optional<QJsonObject> ExtensionSettingsImport::readGlobalState(const QString &stateDb, QString *error)
{
    if (!QSqlDatabase::isDriverAvailable(u"QSQLITE"_s)) {
        *error = u"Qt's SQLite driver is not installed (libqt6sql6-sqlite)"_s;
        return std::nullopt;
    }
    const QString connection = u"mpa-import-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::optional<QJsonObject> state;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connection);
        db.setDatabaseName(stateDb);
        db.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s); // the IDE's file: never written
        if (!db.open()) {
            *error = db.lastError().text();
        } else {
            QSqlQuery query(db);
            query.prepare(u"SELECT value FROM ItemTable WHERE lower(key) = ?"_s);
            query.addBindValue(QString::fromLatin1(kExtensionId));
            if (!query.exec()) {
                *error = query.lastError().text();
            } else if (!query.next()) {
                state = QJsonObject(); // the extension stored nothing here
            } else {
                const QJsonDocument document = QJsonDocument::fromJson(query.value(0).toByteArray());
                if (document.isObject())
                    state = document.object();
                else
                    *error = u"its entry for %1 is not a JSON object"_s.arg(QLatin1StringView(kExtensionId));
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(connection);
    return state;
}

ExtensionSettingsImport::FileResult
ExtensionSettingsImport::readText(const Source &source, const QByteArray &text, const Settings &settings)
{
    FileResult result;
    result.source = source;
    result.exists = true;
    QString error;
    const std::optional<QJsonObject> root = parseJsonc(text, &error);
    if (!root) {
        result.error = error;
        qCWarning(lcSettings).noquote() << "extension settings in" << source.path << "skipped:" << error;
        return result;
    }
    QJsonObject found;
    flatten({}, *root, &found);
    // The ban list lived in the extension's globalState, in the IDE's state database.
    const QString banKey = QLatin1StringView(kBannedCommandsKey);
    QString banProblem;
    if (!source.stateDb.isEmpty() && QFileInfo(source.stateDb).isFile()) {
        QString dbError;
        const std::optional<QJsonObject> state = readGlobalState(source.stateDb, &dbError);
        if (!state)
            banProblem = u"%1 could not be read: %2"_s.arg(QDir::toNativeSeparators(source.stateDb), dbError);
        else if (state->contains(banKey))
            found.insert(banKey, state->value(banKey));
    }

    for (const auto &[theirs, ours] : kKeyMap) {
        if (!found.contains(theirs))
            continue;
        Row row;
        row.extensionKey = theirs;
        row.setting = ours;
        row.imported = found.value(theirs);
        row.key = settings.keyForName(ours);
        if (!row.key) {
            row.problem = u"this app has no setting %1"_s.arg(ours);
        } else {
            row.current = settings.value(*row.key);
            row.currentIsSet = settings.isSet(*row.key);
            QString problem;
            if (const auto value = convert(settings.spec(*row.key), row.imported, &problem)) {
                if (settings.validate(*row.key, *value, &problem))
                    row.value = *value;
                else
                    row.problem = problem;
            } else {
                row.problem = problem;
            }
        }
        result.rows.append(row);
    }

    if (found.contains(banKey) || !banProblem.isEmpty()) {
        Row row;
        row.extensionKey = banKey;
        row.setting = u"safety/bannedCommands"_s;
        row.key = SettingKey::SafetyBannedCommands;
        row.imported = found.value(banKey);
        row.current = settings.value(*row.key);
        row.currentIsSet = settings.isSet(*row.key);
        row.problem = banProblem;
        if (row.problem.isEmpty()) {
            if (const auto value = convert(settings.spec(*row.key), row.imported, &row.problem)) {
                if (settings.validate(*row.key, *value, &row.problem))
                    row.value = *value;
            }
        }
        result.rows.append(row);
        found.remove(banKey);
    }

    const QString promptsKey = QLatin1StringView(kPromptsKey);
    if (found.contains(promptsKey)) {
        const QJsonValue prompts = found.value(promptsKey);
        if (!prompts.isArray()) {
            result.promptsProblem = u"expected a list of prompts, found %1"_s.arg(describeJsonValue(prompts));
        } else {
            const QJsonArray list = prompts.toArray();
            for (qsizetype i = 0; i < list.size(); ++i) {
                if (!list.at(i).isString()) {
                    result.promptsProblem
                        = u"prompt %1 is %2, not a text; no prompt was taken"_s.arg(i + 1).arg(
                            describeJsonValue(list.at(i)));
                    result.prompts.clear();
                    break;
                }
                if (const QString prompt = list.at(i).toString().trimmed(); !prompt.isEmpty())
                    result.prompts.append(prompt);
            }
        }
    }
    for (auto it = found.begin(); it != found.end(); ++it) {
        const bool known = it.key() == promptsKey
            || std::any_of(kKeyMap.cbegin(), kKeyMap.cend(),
                           [&](const auto &pair) { return pair.first == it.key(); });
        if (!known)
            result.unknownKeys.append(it.key());
    }
    return result;
}

QList<ExtensionSettingsImport::FileResult> ExtensionSettingsImport::scan(const QList<Source> &sources,
                                                                         const Settings &settings)
{
    QList<FileResult> results;
    for (const Source &source : sources) {
        FileResult result = read(source, settings);
        if (result.exists)
            results.append(result);
    }
    return results;
}

QStringList ExtensionSettingsImport::apply(const QList<Row> &rows, Settings *settings, QString *error)
{
    QStringList changed;
    for (const Row &row : rows) {
        if (!row.importable() || !row.key)
            continue;
        const QVariant before = settings->value(*row.key);
        QString refused;
        if (!settings->setValue(*row.key, row.value, &refused)) {
            if (error)
                *error = u"%1 was not imported: %2"_s.arg(row.extensionKey, refused);
            qCWarning(lcSettings).noquote() << "import of" << row.extensionKey << "refused:" << refused;
            return changed;
        }
        if (settings->value(*row.key) != before)
            changed.append(row.setting);
    }
    if (!changed.isEmpty())
        qCInfo(lcSettings).noquote() << "imported from the extension:" << changed.join(u", "_s);
    return changed;
}

QStringList ExtensionSettingsImport::mergedQueue(const QStringList &queue, const QStringList &imported)
{
    QStringList merged = queue;
    for (const QString &prompt : imported) {
        if (!merged.contains(prompt))
            merged.append(prompt);
    }
    return merged;
}

} // namespace mpa
