#pragma once
// Reads the Multi Purpose Agent VS Code extension's settings (`auto-accept.*` in an IDE's user
// settings.json: JSON with comments and trailing commas) from Antigravity, VS Code, Cursor and
// Windsurf, and lines them up against ours: each key's imported value, our current one, and why
// a value cannot be taken (wrong type, refused by our checks). Applying writes only the rows
// the user kept; the queue's prompts are handed back for the scheduler. The key names and
// types are those of the extension's package.json (contributes.configuration).

#include "SettingKey.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>

namespace mpa {

class Settings;

class ExtensionSettingsImport
{
public:
    enum class Os { Linux, MacOS, Windows };

    struct Source
    {
        QString ide; // "Antigravity", "VS Code", "Cursor", "Windsurf"
        QString path; // its user settings.json
        // Its global state database (User/globalStorage/state.vscdb, SQLite), where the
        // extension kept its ban list (globalState, not a setting); empty: not looked at.
        QString stateDb = {};
    };

    // One extension key found in a file.
    struct Row
    {
        QString extensionKey; // auto-accept.schedule.silenceTimeout
        QString setting; // ours: schedule/silenceTimeoutS
        std::optional<SettingKey> key;
        QJsonValue imported; // as written in the file
        QVariant value; // as our setting takes it (when there is no problem)
        QVariant current; // our value now
        bool currentIsSet = false; // the current value was chosen (not the default)
        QString problem; // why it is not imported; empty when it can be

        bool importable() const { return problem.isEmpty(); }
        // Importing would change our value.
        bool changes() const { return importable() && value != current; }
        // ...and the value it replaces is one the user set.
        bool overwrites() const { return changes() && currentIsSet; }
    };

    struct FileResult
    {
        Source source;
        bool exists = false;
        QString error; // unreadable or malformed: "line 4, column 3: …"; the file is skipped
        QList<Row> rows; // the extension's keys found, in the extension's order
        QStringList prompts; // auto-accept.schedule.prompts (for the queue)
        QString promptsProblem; // why the prompts cannot be taken
        QStringList unknownKeys; // auto-accept.* keys the extension does not define

        bool hasSomething() const
        {
            return !rows.isEmpty() || !prompts.isEmpty() || !promptsProblem.isEmpty();
        }
    };

    // Where each IDE keeps its user settings.json on `os`: `home` is the user's home folder,
    // `appData` Windows' %APPDATA% (Roaming), `configHome` $XDG_CONFIG_HOME (empty: ~/.config).
    static QList<Source> candidates(Os os, const QString &home, const QString &appData = {},
                                    const QString &configHome = {});
    // The same for this machine and user.
    static QList<Source> candidates();
    static Os currentOs();

    // The extension's key → our setting; the extension's own list, in its order.
    static QList<QPair<QString, QString>> keyMap();
    static constexpr auto kPromptsKey = "auto-accept.schedule.prompts";
    // The extension's id (package.json publisher.name, as VS Code keys its globalState) and
    // the globalState key of its ban list (main_scripts/extension-impl.js BANNED_COMMANDS_KEY).
    static constexpr auto kExtensionId = "rodhayl.multi-purpose-agent";
    static constexpr auto kBannedCommandsKey = "auto-accept-banned-commands";

    // The extension's globalState from an IDE's state.vscdb: its object, empty when the
    // extension never stored anything there, nullopt (and `error`) when the file cannot be read.
    static std::optional<QJsonObject> readGlobalState(const QString &stateDb, QString *error);

    // JSON with comments (// and /* */) and trailing commas, as VS Code writes and reads it.
    // Offsets and lines stay where they were, so an error names the place in the real file.
    static std::optional<QJsonObject> parseJsonc(const QByteArray &text, QString *error);

    // Reads one file and compares it with `settings`.
    static FileResult read(const Source &source, const Settings &settings);
    static FileResult readText(const Source &source, const QByteArray &text, const Settings &settings);
    // Every candidate that exists (missing files are left out; malformed ones are kept, with
    // their error, so the user is told).
    static QList<FileResult> scan(const QList<Source> &sources, const Settings &settings);

    // Writes the `rows` (only importable ones) into `settings`; returns the settings changed.
    // Stops at the first refusal with `error` naming it, leaving the ones before it applied.
    static QStringList apply(const QList<Row> &rows, Settings *settings, QString *error = nullptr);
    // The queue after import: `queue`, then the imported prompts it does not hold yet.
    static QStringList mergedQueue(const QStringList &queue, const QStringList &imported);
};

} // namespace mpa
