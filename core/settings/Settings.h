#pragma once
// Typed settings over a QSettings INI file. One table (Settings.cpp) gives every key its
// name, type, default, range and former name; reading a value that is missing, out of
// range or unreadable yields the default (with one logged warning), never a crash.

#include "SettingKey.h"
#include "common/UserText.h"

#include <QObject>
#include <QSet>
#include <QSettings>
#include <QStringList>
#include <QVariant>

#include <memory>
#include <optional>
#include <span>

namespace mpa {

struct SettingSpec
{
    enum class Type { Bool, Int, String, StringList, Choice };
    using Validator = bool (*)(const QVariant &value, UserText *why); // false: `why` says why
    using EntryCheck = bool (*)(const QString &entry, UserText *why); // false: `why` says why
    // True when only a person may change `before` into `after`; `why` says what it would widen.
    using PersonOnlyChange = bool (*)(const QVariant &before, const QVariant &after, QString *why);

    SettingKey key;
    const char *name;
    Type type;
    QVariant defaultValue;
    int minimum = 0; // Int
    int maximum = 0; // Int
    QStringList choices = {}; // Choice
    const char *oldName = nullptr; // migrated on load
    bool restartRequired = false;
    Validator validator = nullptr; // extra checks (String, StringList)
    // Only the user changes it (the settings window or settings.ini): the debug API refuses
    // it, so a token holder cannot raise the API's own rights (debug/*, running JavaScript).
    bool privileged = false;
    // StringList: the check each entry must pass. setValue() refuses a list with one that fails;
    // value() keeps the entries that pass and skips the others (named once in the log and in
    // skippedEntries()), so one bad line in an old file never turns the whole list off.
    EntryCheck entryCheck = nullptr;
    // Short of privileged: the debug API may change the key, but not this way (removing a ban
    // pattern: only a person widens what auto-accept clicks).
    PersonOnlyChange personOnlyChange = nullptr;
};

class Settings : public QObject
{
    Q_OBJECT
public:
    explicit Settings(const QString &filePath, QObject *parent = nullptr);
    // For tests: the same behaviour over another table.
    Settings(const QString &filePath, std::span<const SettingSpec> table, QObject *parent = nullptr);
    ~Settings() override;

    static std::span<const SettingSpec> defaultTable();
    const SettingSpec &spec(SettingKey key) const;
    std::optional<SettingKey> keyForName(const QString &name) const;
    std::span<const SettingSpec> table() const { return m_table; }

    QString filePath() const;
    // Non-empty when the file could not be read and was moved aside on load.
    QString recoveredFrom() const { return m_movedAside; }

    QVariant value(SettingKey key) const;
    bool boolValue(SettingKey key) const { return value(key).toBool(); }
    int intValue(SettingKey key) const { return value(key).toInt(); }
    QString stringValue(SettingKey key) const { return value(key).toString(); }
    QStringList listValue(SettingKey key) const { return value(key).toStringList(); }
    bool isSet(SettingKey key) const;

    // Validates and stores; on refusal returns false and, when given, fills `error` with a
    // sentence naming the key and what is wrong. Emits changed() when the value changed.
    // False with `error` set when the value is refused, or when settings.ini could not be
    // written (then lastSaveFailed(): the value is not kept, the log says why).
    bool setValue(SettingKey key, const QVariant &value, QString *error = nullptr);
    bool lastSaveFailed() const { return m_lastSaveFailed; }
    // Whether setValue() would take `value`; false with `error` naming the key and the fault.
    bool validate(SettingKey key, const QVariant &value, QString *error = nullptr) const;
    // The same check for the window: `why` says what is wrong without the key ("'30' is …"),
    // in English and translatable.
    bool validate(SettingKey key, const QVariant &value, UserText *why) const;
    // Whether only a person may set `key` to `value` (the window or settings.ini, never the debug
    // API): the key is privileged, or the change is one its spec keeps for a person. True with
    // `why` saying so in a sentence that names the key.
    bool isPersonOnly(SettingKey key, const QVariant &value, QString *why = nullptr) const;
    // The entries of a StringList in settings.ini that value() skips because they fail the key's
    // entry check: a sentence for each ("'/([/' is not a valid regular expression: …").
    QList<UserText> skippedEntries(SettingKey key) const;
    void reset(SettingKey key);
    void resetAll();
    // What the General page's "Reset All Settings" and the debug API's resetAllSettings do:
    // copies settings.ini to settings-before-reset-<yyyyMMdd-HHmmss>.ini next to it, then puts
    // every setting back to its default — all of them, or (the debug API) all but what only the
    // user changes (isPersonOnly: the privileged keys, the ban patterns they added). `backupPath` receives
    // the copy's path (empty when there was no file to keep). When the copy fails nothing is reset: false
    // with `error`.
    enum class ResetScope { Everything, ExceptPrivileged };
    bool resetAllWithBackup(ResetScope scope, QString *backupPath, QString *error = nullptr);
    void sync();

    // The value as JSON-friendly data (for the debug API); all keys when `keys` is empty.
    QVariantMap toVariantMap() const;

Q_SIGNALS:
    void changed(mpa::SettingKey key);

private:
    void load();
    void migrate();
    // Whether the file at `path` may be read and written as settings; false with `error` saying
    // why not (a link out of the folder, not INI text, …).
    static bool checkFile(const QString &path, QString *error);
    // Checked before every write: a settings.ini that became a link out of the config folder
    // while the app runs is moved aside (the log says so) and the values held here go on in a
    // new file. False with `error` when the link could not be moved (nothing is written).
    bool keepToTheRule(QString *error);
    // A new QSettings on the same file with the values held now (see Settings.cpp).
    void reopen();
    void migrateBanList();
    void migrateAgentServerPort(); // drops the old default substrings the built-in rules replace
    void migrateCheckPromptText(); // the old default check prompt becomes the extension's
    std::optional<QVariant> convert(const SettingSpec &spec, const QVariant &raw, UserText *why) const;

    std::span<const SettingSpec> m_table;
    std::unique_ptr<QSettings> m_settings;
    QString m_movedAside;
    mutable QSet<int> m_warned;
    bool m_lastSaveFailed = false;
};

} // namespace mpa
