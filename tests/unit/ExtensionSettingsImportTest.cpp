// The extension's settings.json files (tests/fixtures/extension-settings: keys and types from
// the extension's package.json) read, compared with ours and imported.

#include "settings/ExtensionSettingsImport.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using Import = ExtensionSettingsImport;

namespace {

class ExtensionSettingsImportTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        settings = std::make_unique<Settings>(QDir(test::configDir()).filePath(u"settings.ini"_s));
    }

    Import::FileResult readFixture(const QString &name, const QString &ide = u"VS Code"_s) const
    {
        const QString path = test::fixturesDir() + u"/extension-settings/"_s + name;
        return Import::read({ ide, path }, *settings);
    }

    static const Import::Row *row(const Import::FileResult &result, const QString &setting)
    {
        for (const Import::Row &r : result.rows) {
            if (r.setting == setting)
                return &r;
        }
        return nullptr;
    }

    static void place(const QString &path, const QByteArray &content)
    {
        ASSERT_TRUE(QDir().mkpath(QFileInfo(path).absolutePath()));
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(content);
    }

    // An IDE's global state database as VS Code keeps it (ItemTable of key and JSON value),
    // with the extension's globalState under its id.
    static void makeStateDb(const QString &path, const QByteArray &extensionState)
    {
        ASSERT_TRUE(QDir().mkpath(QFileInfo(path).absolutePath()));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fixture"_s);
            db.setDatabaseName(path);
            ASSERT_TRUE(db.open());
            QSqlQuery query(db);
            ASSERT_TRUE(
                query.exec(u"CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)"_s));
            ASSERT_TRUE(query.prepare(u"INSERT INTO ItemTable (key, value) VALUES (?, ?)"_s));
            query.addBindValue(u"workbench.panel.height"_s);
            query.addBindValue(QByteArray("300"));
            ASSERT_TRUE(query.exec());
            if (!extensionState.isEmpty()) {
                query.addBindValue(u"Rodhayl.multi-purpose-agent"_s);
                query.addBindValue(extensionState);
                ASSERT_TRUE(query.exec());
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(u"fixture"_s);
    }

    std::unique_ptr<Settings> settings;
};

TEST_F(ExtensionSettingsImportTest, EveryKeyOfTheExtensionIsReadThroughCommentsAndTrailingCommas)
{
    const Import::FileResult result = readFixture(u"vscode-full.json"_s);
    ASSERT_TRUE(result.error.isEmpty()) << result.error.toStdString();
    EXPECT_EQ(result.rows.size(), Import::keyMap().size()) << "all 14 keys besides the prompts";
    for (const Import::Row &r : result.rows)
        EXPECT_TRUE(r.importable()) << r.extensionKey.toStdString() << ": " << r.problem.toStdString();
    EXPECT_EQ(row(result, u"schedule/mode"_s)->value, QVariant(u"queue"_s));
    EXPECT_EQ(row(result, u"schedule/silenceTimeoutS"_s)->value, QVariant(90));
    EXPECT_EQ(row(result, u"schedule/prompt"_s)->value,
              QVariant(u"Status report please // and the test results"_s))
        << "a // inside a string is text, not a comment";
    EXPECT_EQ(row(result, u"quota/resumeQueue"_s)->value, QVariant(false));
    EXPECT_EQ(row(result, u"cdp/port"_s)->value, QVariant(9333));
    EXPECT_EQ(row(result, u"debug/enabled"_s)->value, QVariant(true));
    EXPECT_EQ(result.prompts,
              QStringList({ u"Implement the login page"_s, u"Write tests for the login page"_s }))
        << "the empty prompt is dropped";
    EXPECT_TRUE(result.unknownKeys.isEmpty()) << "other extensions' keys are not ours to list";

    // Compared with ours: the defaults are not "set", so nothing of the user's is overwritten.
    const Import::Row *port = row(result, u"cdp/port"_s);
    EXPECT_EQ(port->current, QVariant(9004));
    EXPECT_TRUE(port->changes());
    EXPECT_FALSE(port->overwrites());
    const Import::Row *pollQuota = row(result, u"quota/enabled"_s);
    EXPECT_FALSE(pollQuota->changes()) << "true here and there";
}

TEST_F(ExtensionSettingsImportTest, AValueTheUserChoseIsMarkedAsOverwritten)
{
    settings->setValue(SettingKey::CdpPort, 9555);
    const Import::FileResult result = readFixture(u"vscode-full.json"_s);
    const Import::Row *port = row(result, u"cdp/port"_s);
    EXPECT_EQ(port->current, QVariant(9555));
    EXPECT_TRUE(port->overwrites());
}

TEST_F(ExtensionSettingsImportTest, MissingKeysStayOursAndTheNestedSpellingIsRead)
{
    const Import::FileResult result = readFixture(u"antigravity-some.json"_s, u"Antigravity"_s);
    ASSERT_TRUE(result.error.isEmpty()) << result.error.toStdString();
    ASSERT_EQ(result.rows.size(), 2);
    EXPECT_EQ(result.rows.at(0).setting, u"schedule/silenceTimeoutS"_s) << "in the extension's order";
    EXPECT_EQ(result.rows.at(0).value, QVariant(60));
    EXPECT_EQ(result.rows.at(1).value, QVariant(9222));
    EXPECT_TRUE(result.prompts.isEmpty());
    EXPECT_EQ(result.unknownKeys, QStringList { u"auto-accept.frequency"_s });

    Import::apply(result.rows, settings.get());
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9222);
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), 60);
    EXPECT_FALSE(settings->isSet(SettingKey::ScheduleMode)) << "a key the file lacks is left alone";
}

TEST_F(ExtensionSettingsImportTest, WrongTypesAndRangesAreSkippedWithTheReason)
{
    const Import::FileResult result = readFixture(u"cursor-wrong-types.json"_s, u"Cursor"_s);
    ASSERT_TRUE(result.error.isEmpty()) << result.error.toStdString();
    EXPECT_EQ(row(result, u"schedule/enabled"_s)->problem,
              u"expected true or false, found the string \"yes\""_s);
    EXPECT_EQ(row(result, u"schedule/silenceTimeoutS"_s)->problem,
              u"expected a whole number, found the string \"60\""_s);
    EXPECT_EQ(row(result, u"cdp/port"_s)->problem, u"expected a whole number, found the number 9004.5"_s);
    EXPECT_TRUE(row(result, u"schedule/mode"_s)->problem.contains(u"weekly"_s))
        << row(result, u"schedule/mode"_s)->problem.toStdString();
    EXPECT_FALSE(row(result, u"quota/pollIntervalS"_s)->importable()) << "5 s is under our 30 s";
    EXPECT_TRUE(row(result, u"quota/autoContinue"_s)->importable());
    EXPECT_TRUE(result.prompts.isEmpty());
    EXPECT_EQ(result.promptsProblem, u"prompt 2 is the number 2, not a text; no prompt was taken"_s);

    // Applying takes only what can be taken.
    settings->setValue(SettingKey::QuotaAutoContinue, true);
    QString error;
    const QStringList changed = Import::apply(result.rows, settings.get(), &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_EQ(changed, QStringList { u"quota/autoContinue"_s });
    EXPECT_FALSE(settings->boolValue(SettingKey::QuotaAutoContinue));
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), 30);
}

TEST_F(ExtensionSettingsImportTest, AMalformedFileIsNamedWithTheLineAndSkipped)
{
    const Import::FileResult result = readFixture(u"windsurf-malformed.json"_s, u"Windsurf"_s);
    EXPECT_TRUE(result.exists);
    EXPECT_TRUE(result.rows.isEmpty());
    EXPECT_TRUE(result.error.startsWith(u"line 3, column 6: unterminated object"_s))
        << result.error.toStdString();

    QString error;
    EXPECT_FALSE(Import::parseJsonc("[1, 2]", &error));
    EXPECT_EQ(error, u"it holds a JSON list, not an object of settings"_s);
    EXPECT_FALSE(Import::parseJsonc("{ /* never closed", &error));
    const auto empty = Import::parseJsonc("  // nothing yet\n", &error);
    ASSERT_TRUE(empty) << "VS Code's empty settings file";
    EXPECT_TRUE(empty->isEmpty());
    const auto tricky = Import::parseJsonc(R"({"a": "x, }", "b": "\"/*", "c": [1,],})", &error);
    ASSERT_TRUE(tricky) << error.toStdString();
    EXPECT_EQ(tricky->value(u"a"_s).toString(), u"x, }"_s);
    EXPECT_EQ(tricky->value(u"b"_s).toString(), u"\"/*"_s);
}

TEST_F(ExtensionSettingsImportTest, EachOsHasItsOwnPlaces)
{
    const auto onLinux = Import::candidates(Import::Os::Linux, u"/home/ann"_s);
    ASSERT_EQ(onLinux.size(), 4);
    EXPECT_EQ(onLinux.at(0).ide, u"Antigravity"_s);
    EXPECT_EQ(onLinux.at(0).path, u"/home/ann/.config/Antigravity/User/settings.json"_s);
    EXPECT_EQ(onLinux.at(1).path, u"/home/ann/.config/Code/User/settings.json"_s);
    EXPECT_EQ(Import::candidates(Import::Os::Linux, u"/home/ann"_s, {}, u"/xdg"_s).at(2).path,
              u"/xdg/Cursor/User/settings.json"_s);
    EXPECT_EQ(Import::candidates(Import::Os::MacOS, u"/Users/ann"_s).at(3).path,
              u"/Users/ann/Library/Application Support/Windsurf/User/settings.json"_s);
    EXPECT_EQ(Import::candidates(Import::Os::Windows, u"C:/Users/ann"_s, u"C:/Users/ann/AppData/Roaming"_s)
                  .at(1)
                  .path,
              u"C:/Users/ann/AppData/Roaming/Code/User/settings.json"_s);
}

TEST_F(ExtensionSettingsImportTest, AScanFindsTheFilesThatExistAndKeepsTheBrokenOnesToSaySo)
{
    const QString home = test::tempDir();
    place(home + u"/.config/Code/User/settings.json"_s,
          test::readFixture(u"extension-settings/vscode-full.json"_s));
    place(home + u"/.config/Windsurf/User/settings.json"_s,
          test::readFixture(u"extension-settings/windsurf-malformed.json"_s));
    const auto results = Import::scan(Import::candidates(Import::Os::Linux, home), *settings);
    ASSERT_EQ(results.size(), 2) << "Antigravity and Cursor have no file";
    EXPECT_EQ(results.at(0).source.ide, u"VS Code"_s);
    EXPECT_TRUE(results.at(0).hasSomething());
    EXPECT_EQ(results.at(1).source.ide, u"Windsurf"_s);
    EXPECT_FALSE(results.at(1).error.isEmpty());
}

TEST_F(ExtensionSettingsImportTest, ImportedPromptsJoinTheQueueWithoutDuplicates)
{
    EXPECT_EQ(Import::mergedQueue({ u"Mine"_s, u"Write tests"_s }, { u"Write tests"_s, u"Ship it"_s }),
              QStringList({ u"Mine"_s, u"Write tests"_s, u"Ship it"_s }));
}

TEST_F(ExtensionSettingsImportTest, TheBanListComesFromTheExtensionsGlobalState)
{
    // The extension kept it with globalState.update('auto-accept-banned-commands', […])
    // (main_scripts/extension-impl.js), which VS Code stores in User/globalStorage/state.vscdb.
    const QString home = test::tempDir();
    const QString user = home + u"/.config/Antigravity/User"_s;
    makeStateDb(
        user + u"/globalStorage/state.vscdb"_s,
        R"({"auto-accept-enabled-global": true, "auto-accept-banned-commands": ["rm -rf /", "git push --force", " "]})");
    const auto onlyState = Import::scan(Import::candidates(Import::Os::Linux, home), *settings);
    ASSERT_EQ(onlyState.size(), 1) << "the state database alone counts";
    ASSERT_EQ(onlyState.at(0).rows.size(), 1);
    const Import::Row &ban = onlyState.at(0).rows.at(0);
    EXPECT_EQ(ban.setting, u"safety/bannedCommands"_s);
    ASSERT_TRUE(ban.importable()) << ban.problem.toStdString();
    EXPECT_EQ(ban.value, QVariant(QStringList({ u"rm -rf /"_s, u"git push --force"_s })));
    Import::apply(onlyState.at(0).rows, settings.get());
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands),
              QStringList({ u"rm -rf /"_s, u"git push --force"_s }));

    // With settings.json beside it: both; with nothing stored by the extension: no row.
    place(user + u"/settings.json"_s, test::readFixture(u"extension-settings/antigravity-some.json"_s));
    makeStateDb(home + u"/.config/Code/User/globalStorage/state.vscdb"_s, {});
    const auto both = Import::scan(Import::candidates(Import::Os::Linux, home), *settings);
    ASSERT_EQ(both.size(), 2);
    EXPECT_EQ(both.at(0).rows.size(), 3);
    EXPECT_TRUE(both.at(1).rows.isEmpty());
    EXPECT_FALSE(both.at(1).hasSomething());
}

TEST_F(ExtensionSettingsImportTest, AStateDatabaseThatCannotBeReadIsNamed)
{
    const QString home = test::tempDir();
    place(home + u"/.config/Cursor/User/globalStorage/state.vscdb"_s, "not a database at all, just text");
    const auto results = Import::scan(Import::candidates(Import::Os::Linux, home), *settings);
    ASSERT_EQ(results.size(), 1);
    ASSERT_EQ(results.at(0).rows.size(), 1);
    EXPECT_TRUE(results.at(0).rows.at(0).problem.contains(u"state.vscdb could not be read"_s))
        << results.at(0).rows.at(0).problem.toStdString();
}

} // namespace
