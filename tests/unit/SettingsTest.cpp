#include "settings/Settings.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "common/UserText.h"
#include "logging/Logging.h"
#include "platform/ThisProcess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <functional>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

QString iniPath()
{
    return QDir(test::configDir()).filePath(u"settings.ini"_s);
}

TEST(SettingsTest, EveryKeyHasItsDesignDefault)
{
    Settings settings(iniPath());
    EXPECT_EQ(settings.stringValue(SettingKey::CdpHost), u"127.0.0.1"_s);
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9004);
    EXPECT_FALSE(settings.boolValue(SettingKey::AutoAcceptEnabled));
    EXPECT_EQ(settings.intValue(SettingKey::AutoAcceptPollIntervalMs), 1000);
    EXPECT_EQ(settings.listValue(SettingKey::AutoAcceptAcceptWords),
              (QStringList { u"accept"_s, u"run"_s, u"retry"_s, u"apply"_s, u"execute"_s, u"confirm"_s,
                             u"allow once"_s, u"allow"_s }));
    EXPECT_TRUE(settings.listValue(SettingKey::AutoAcceptRejectWords).contains(u"ask every time"_s));
    EXPECT_EQ(settings.intValue(SettingKey::AutoAcceptUserIdleMs), 2000);
    // The built-in rules (safety/BanList) stand for the old default substrings.
    EXPECT_TRUE(settings.listValue(SettingKey::SafetyBannedCommands).isEmpty());
    EXPECT_EQ(settings.stringValue(SettingKey::ScheduleMode), u"interval"_s);
    EXPECT_EQ(settings.stringValue(SettingKey::ScheduleValue), u"30"_s);
    EXPECT_EQ(settings.stringValue(SettingKey::SchedulePrompt), u"Status report please"_s);
    EXPECT_EQ(settings.stringValue(SettingKey::ScheduleQueueMode), u"consume"_s);
    EXPECT_EQ(settings.intValue(SettingKey::ScheduleSilenceTimeoutS), 30);
    EXPECT_TRUE(settings.boolValue(SettingKey::QuotaEnabled));
    EXPECT_EQ(settings.intValue(SettingKey::QuotaPollIntervalS), 60);
    EXPECT_TRUE(settings.boolValue(SettingKey::QuotaResumeQueue));
    EXPECT_FALSE(settings.boolValue(SettingKey::QuotaAutoContinue));
    EXPECT_EQ(settings.stringValue(SettingKey::QuotaHoldWhen), u"any"_s);
    EXPECT_EQ(settings.intValue(SettingKey::DebugPort), 54321);
    EXPECT_FALSE(settings.boolValue(SettingKey::DebugAllowEvaluate));
    EXPECT_EQ(settings.intValue(SettingKey::AgentServerPort), 9005);
    EXPECT_FALSE(QFile::exists(iniPath()) && QFile(iniPath()).size() > 0)
        << "reading must not write defaults";
}

TEST(SettingsTest, ValuesSurviveARestartIncludingListsWithCommas)
{
    {
        Settings settings(iniPath());
        ASSERT_TRUE(settings.setValue(SettingKey::CdpPort, 9333));
        ASSERT_TRUE(settings.setValue(SettingKey::AutoAcceptEnabled, true));
        ASSERT_TRUE(settings.setValue(SettingKey::SafetyBannedCommands,
                                      QStringList { u"rm -rf /"_s, u"/curl .*\\| *(ba)?sh/i"_s, u"a, b"_s }));
        ASSERT_TRUE(settings.setValue(SettingKey::CdpIgnoreTargets, QStringList()));
        ASSERT_TRUE(settings.setValue(SettingKey::SchedulePrompt, u"Go on, please"_s));
    }
    Settings again(iniPath());
    EXPECT_EQ(again.intValue(SettingKey::CdpPort), 9333);
    EXPECT_TRUE(again.boolValue(SettingKey::AutoAcceptEnabled));
    EXPECT_EQ(again.listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"rm -rf /"_s, u"/curl .*\\| *(ba)?sh/i"_s, u"a, b"_s }));
    EXPECT_TRUE(again.listValue(SettingKey::CdpIgnoreTargets).isEmpty());
    EXPECT_EQ(again.stringValue(SettingKey::SchedulePrompt), u"Go on, please"_s);
}

TEST(SettingsTest, InvalidValuesAreRefusedWithASentenceAndNotSaved)
{
    Settings settings(iniPath());
    QString error;
    EXPECT_FALSE(settings.setValue(SettingKey::AutoAcceptPollIntervalMs, 50, &error));
    EXPECT_EQ(error, u"autoAccept/pollIntervalMs: 50 is outside 200–3000"_s);
    EXPECT_FALSE(settings.setValue(SettingKey::CdpPort, u"http"_s, &error));
    EXPECT_TRUE(error.contains(u"not a whole number"_s)) << error.toStdString();
    EXPECT_FALSE(settings.setValue(SettingKey::ScheduleMode, u"hourly"_s, &error));
    EXPECT_TRUE(error.contains(u"interval, daily, queue"_s)) << error.toStdString();
    EXPECT_FALSE(settings.setValue(SettingKey::ScheduleValue, u"25:99"_s, &error));
    EXPECT_FALSE(
        settings.setValue(SettingKey::SafetyBannedCommands, QStringList { u"/(unclosed/"_s }, &error));
    EXPECT_TRUE(error.contains(u"not a valid regular expression"_s)) << error.toStdString();
    EXPECT_FALSE(
        settings.setValue(SettingKey::AutoAcceptAcceptWords, QStringList { u"run"_s, u" "_s }, &error));
    EXPECT_FALSE(settings.setValue(SettingKey::CdpHost, u"not a host"_s, &error));
    EXPECT_EQ(settings.intValue(SettingKey::AutoAcceptPollIntervalMs), 1000);
    EXPECT_FALSE(settings.isSet(SettingKey::CdpPort));
    EXPECT_TRUE(settings.setValue(SettingKey::ScheduleValue, u"09:30"_s));
    EXPECT_TRUE(settings.setValue(SettingKey::ScheduleValue, u"45"_s));
}

TEST(SettingsTest, ChangedIsEmittedOnlyForRealChanges)
{
    Settings settings(iniPath());
    QSignalSpy changed(&settings, &Settings::changed);
    settings.setValue(SettingKey::CdpPort, 9004); // same as the default
    EXPECT_EQ(changed.count(), 0);
    settings.setValue(SettingKey::CdpPort, 9005);
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.at(0).at(0).value<SettingKey>(), SettingKey::CdpPort);
    settings.reset(SettingKey::CdpPort);
    EXPECT_EQ(changed.count(), 2);
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9004);
}

TEST(SettingsTest, HandEditedBadValuesFallBackToTheDefaultWithOneWarning)
{
    test::writeFile(iniPath(),
                    "[cdp]\nport=99999\nhost=\n[autoAccept]\nenabled=perhaps\npollIntervalMs=abc\n"
                    "[schedule]\nmode=weekly\n");
    Logging::install({});
    LogBuffer *log = Logging::buffer();
    log->clear();
    Settings settings(iniPath());
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9004);
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9004);
    EXPECT_EQ(settings.stringValue(SettingKey::CdpHost), u"127.0.0.1"_s);
    EXPECT_FALSE(settings.boolValue(SettingKey::AutoAcceptEnabled));
    EXPECT_EQ(settings.intValue(SettingKey::AutoAcceptPollIntervalMs), 1000);
    EXPECT_EQ(settings.stringValue(SettingKey::ScheduleMode), u"interval"_s);
    int portWarnings = 0;
    for (const LogEntry &e : log->tail(100)) {
        if (e.message.contains(u"cdp/port = 99999"_s)) {
            ++portWarnings;
            EXPECT_TRUE(e.message.contains(u"using the default 9004"_s)) << e.message.toStdString();
        }
    }
    EXPECT_EQ(portWarnings, 1);
}

TEST(SettingsTest, AnUnreadableFileIsMovedAsideAndTheAppStarts)
{
    test::writeFile(iniPath(), QByteArray("\x00\x01\x02garbage\x00[cdp]\nport=1\n", 24));
    Settings settings(iniPath());
    EXPECT_FALSE(settings.recoveredFrom().isEmpty());
    EXPECT_TRUE(QFile::exists(settings.recoveredFrom()));
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9004);
    EXPECT_TRUE(settings.setValue(SettingKey::CdpPort, 9100));
    Settings again(iniPath());
    EXPECT_TRUE(again.recoveredFrom().isEmpty());
    EXPECT_EQ(again.intValue(SettingKey::CdpPort), 9100);
}

// Text QSettings would skip and then save over: kept as it was, beside, and the defaults used.
TEST(SettingsTest, AFileThatIsNotIniTextIsMovedAsideWithItsBytesIntact)
{
    const QList<QByteArray> notIni {
        "{\"cdp\": {\"port\": 9100}}\n",
        "[cdp]\n<<<<<<< HEAD\nport=9100\n=======\nport=9200\n>>>>>>> theirs\n",
        "remember to change the port to 9100 tomorrow\n",
    };
    for (const QByteArray &content : notIni) {
        test::writeFile(iniPath(), content);
        Settings settings(iniPath());
        ASSERT_FALSE(settings.recoveredFrom().isEmpty()) << content.toStdString();
        QFile kept(settings.recoveredFrom());
        ASSERT_TRUE(kept.open(QIODevice::ReadOnly));
        EXPECT_EQ(kept.readAll(), content);
        EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9004);
        QFile::remove(settings.recoveredFrom());
    }
    // INI with comments, blank lines and a continued value is INI.
    test::writeFile(iniPath(), "; mine\n# also mine\n\n[cdp]\nport=9100\nignoreTargets=a, \\\n  b\n");
    Settings settings(iniPath());
    EXPECT_TRUE(settings.recoveredFrom().isEmpty());
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9100);
}

// settings.ini as a link out of the config folder: its target is never written (run as root,
// that could be a system file); the link is moved aside and the settings start afresh.
TEST(SettingsTest, ALinkOutOfTheConfigFolderIsNotWrittenThrough)
{
    QTemporaryDir outside;
    const QString target = QDir(outside.path()).filePath(u"precious.txt"_s);
    test::writeFile(target, "not yours to overwrite\n");
    QFile::remove(iniPath());
    ASSERT_TRUE(QFile::link(target, iniPath()));
    {
        Settings settings(iniPath());
        EXPECT_FALSE(settings.recoveredFrom().isEmpty());
        EXPECT_TRUE(settings.setValue(SettingKey::CdpPort, 9100));
    }
    QFile precious(target);
    ASSERT_TRUE(precious.open(QIODevice::ReadOnly));
    EXPECT_EQ(precious.readAll(), QByteArray("not yours to overwrite\n"));
    EXPECT_FALSE(QFileInfo(iniPath()).isSymLink());
    EXPECT_EQ(Settings(iniPath()).intValue(SettingKey::CdpPort), 9100);
}

// The same link put in place while the app runs: checked before every write, not only at load.
// The target is neither written, read into the settings nor copied by a reset's backup; the link
// is moved aside, and the values the app holds go on in a new settings.ini.
TEST(SettingsTest, ALinkPutInPlaceWhileTheAppRunsIsMovedAsideAtTheNextWrite)
{
    QTemporaryDir outside;
    const QString target = QDir(outside.path()).filePath(u"precious.ini"_s);
    const QByteArray precious = "[secret]\nkey=not yours to read or overwrite\n";
    test::writeFile(target, precious);
    QFile::remove(iniPath());
    Settings settings(iniPath());
    ASSERT_TRUE(settings.setValue(SettingKey::SchedulePrompt, u"Keep going"_s));

    for (const auto &write : std::initializer_list<std::function<bool(QString *)>> {
             [&](QString *error) { return settings.setValue(SettingKey::CdpPort, 9100, error); },
             [&](QString *) {
                 settings.reset(SettingKey::CdpPort);
                 return true;
             },
             [&](QString *error) {
                 QString backup;
                 const bool ok
                     = settings.resetAllWithBackup(Settings::ResetScope::ExceptPrivileged, &backup, error);
                 EXPECT_FALSE(backup.isEmpty());
                 QFile copy(backup);
                 EXPECT_TRUE(copy.open(QIODevice::ReadOnly));
                 EXPECT_FALSE(copy.readAll().contains("not yours")) << "the backup copied the link's target";
                 return ok;
             } }) {
        ASSERT_TRUE(QFile::remove(iniPath()));
        ASSERT_TRUE(QFile::link(target, iniPath()));
        QString error;
        EXPECT_TRUE(write(&error)) << error.toStdString();
        QFile file(target);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        EXPECT_EQ(file.readAll(), precious);
        EXPECT_FALSE(QFileInfo(iniPath()).isSymLink());
        EXPECT_FALSE(QSettings(iniPath(), QSettings::IniFormat).contains(u"secret/key"_s))
            << "the link's target was read into the settings";
    }
    const QStringList aside
        = QDir(test::configDir()).entryList({ u"settings.ini.corrupt-*"_s }, QDir::AllEntries | QDir::System);
    EXPECT_EQ(aside.size(), 3);
    // What the app held before the first link survived the moves (the last step reset it).
    EXPECT_EQ(Settings(iniPath()).stringValue(SettingKey::SchedulePrompt), u"Status report please"_s);
}

TEST(SettingsTest, AValueHeldBeforeALinkWasPlantedIsSavedToTheNewFile)
{
    QTemporaryDir outside;
    const QString target = QDir(outside.path()).filePath(u"precious.txt"_s);
    test::writeFile(target, "not yours\n");
    QFile::remove(iniPath());
    Settings settings(iniPath());
    ASSERT_TRUE(settings.setValue(SettingKey::SchedulePrompt, u"Keep going"_s));
    ASSERT_TRUE(QFile::remove(iniPath()));
    ASSERT_TRUE(QFile::link(target, iniPath()));
    ASSERT_TRUE(settings.setValue(SettingKey::CdpPort, 9100));
    const Settings reread(iniPath());
    EXPECT_EQ(reread.stringValue(SettingKey::SchedulePrompt), u"Keep going"_s);
    EXPECT_EQ(reread.intValue(SettingKey::CdpPort), 9100);
}

TEST(SettingsTest, FormerKeyNamesAreMigrated)
{
    const SettingSpec table[] = {
        { .key = SettingKey::CdpPort,
          .name = "cdp/port",
          .type = SettingSpec::Type::Int,
          .defaultValue = 9004,
          .minimum = 1,
          .maximum = 65535,
          .oldName = "cdpPort" },
        { .key = SettingKey::CdpHost,
          .name = "cdp/host",
          .type = SettingSpec::Type::String,
          .defaultValue = u"127.0.0.1"_s,
          .oldName = "host" },
    };
    test::writeFile(iniPath(), "[General]\ncdpPort=9555\nhost=10.0.0.2\n[cdp]\nhost=192.168.1.4\n");
    Settings settings(iniPath(), table);
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9555);
    // When both exist the new name wins, and the old one is gone either way.
    EXPECT_EQ(settings.stringValue(SettingKey::CdpHost), u"192.168.1.4"_s);
    QFile file(iniPath());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    EXPECT_FALSE(content.contains("cdpPort")) << content.toStdString();
    EXPECT_FALSE(content.contains("10.0.0.2")) << content.toStdString();
}

TEST(SettingsTest, TheOldDefaultBanSubstringsGiveWayToTheRulesAndTheUsersOwnEntriesStay)
{
    const QByteArray oldDefault
        = R"(rm -rf /", "rm -rf ~", "rm -rf *", format c:, "del /f /s /q", )"
          R"("rmdir /s /q", ":(){:|:&};:", dd if=, mkfs., > /dev/sda, "chmod -R 777 /")";
    // The old default untouched: the key goes, the (empty) default applies.
    test::writeFile(iniPath(), "[safety]\nbannedCommands=\"" + oldDefault + "\n");
    {
        Settings settings(iniPath());
        EXPECT_FALSE(settings.isSet(SettingKey::SafetyBannedCommands));
        EXPECT_TRUE(settings.listValue(SettingKey::SafetyBannedCommands).isEmpty());
    }
    // The old default plus entries of the user's own: those stay, in their order.
    test::writeFile(iniPath(),
                    "[safety]\nbannedCommands=\"" + oldDefault + ", npm publish, /git\\\\s+push/i\n");
    {
        Settings settings(iniPath());
        EXPECT_EQ(settings.listValue(SettingKey::SafetyBannedCommands),
                  (QStringList { u"npm publish"_s, u"/git\\s+push/i"_s }));
    }
    // A list the user shaped (some old entries removed): left alone, even "dd if=".
    test::writeFile(iniPath(), "[safety]\nbannedCommands=\"rm -rf /\", dd if=, npm publish\n");
    Settings settings(iniPath());
    EXPECT_EQ(settings.listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"rm -rf /"_s, u"dd if="_s, u"npm publish"_s }));
}

// One pattern a JavaScript engine would not compile, in a settings.ini written by hand or by an
// older version, used to turn every pattern of the list off (the list as a whole failed its check
// and the empty default applied): now it alone is skipped, said once, and the rest apply.
TEST(SettingsTest, ABadBanPatternInTheFileIsSkippedAndTheOthersStayInForce)
{
    test::writeFile(iniPath(), "[safety]\nbannedCommands=npm publish, /([unclosed/, \"/git\\\\s+push/i\"\n");
    Logging::install({});
    LogBuffer *log = Logging::buffer();
    log->clear();
    Settings settings(iniPath());
    EXPECT_EQ(settings.listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"npm publish"_s, u"/git\\s+push/i"_s }));
    EXPECT_EQ(settings.listValue(SettingKey::SafetyBannedCommands).size(), 2) << "asked twice, said once";
    const QList<UserText> skipped = settings.skippedEntries(SettingKey::SafetyBannedCommands);
    ASSERT_EQ(skipped.size(), 1);
    EXPECT_TRUE(skipped.first().english().contains(u"'/([unclosed/' is not a valid regular expression"_s))
        << skipped.first().english().toStdString();
    int warnings = 0;
    for (const LogEntry &e : log->tail(100)) {
        if (e.message.contains(u"safety/bannedCommands"_s)) {
            ++warnings;
            EXPECT_TRUE(e.message.contains(u"are skipped"_s)
                        && e.message.contains(u"other 2 entries apply"_s))
                << e.message.toStdString();
        }
    }
    EXPECT_EQ(warnings, 1);
    // The same goes for the allow list.
    test::writeFile(iniPath(), "[safety]\nallowedCommands=git status, \"rm -rf /; ls\", npm run *\n");
    Settings again(iniPath());
    EXPECT_EQ(again.listValue(SettingKey::SafetyAllowedCommands),
              (QStringList { u"git status"_s, u"npm run *"_s }));
    EXPECT_EQ(again.skippedEntries(SettingKey::SafetyAllowedCommands).size(), 1);
    // Saving takes only usable entries: a list with a bad one is refused whole, naming it.
    QString error;
    EXPECT_FALSE(
        again.setValue(SettingKey::SafetyAllowedCommands, QStringList { u"ls *"_s, u"* rm"_s }, &error));
    EXPECT_TRUE(error.contains(u"'* rm'"_s)) << error.toStdString();
    EXPECT_TRUE(again.setValue(SettingKey::SafetyAllowedCommands, QStringList { u"ls *"_s }));
    EXPECT_TRUE(again.skippedEntries(SettingKey::SafetyAllowedCommands).isEmpty());
}

// What only a person may change (the debug API asks): the privileged keys whatever the value,
// and removing one of the user's ban patterns, while adding patterns stays open.
TEST(SettingsTest, RemovingABanPatternAndThePrivilegedKeysArePersonOnly)
{
    Settings settings(iniPath());
    QString why;
    for (const SettingKey key : { SettingKey::AutoAcceptAcceptWords, SettingKey::AutoAcceptRejectWords,
                                  SettingKey::SafetyCommandPolicy, SettingKey::SafetyAllowedCommands,
                                  SettingKey::DebugAllowEvaluate }) {
        EXPECT_TRUE(settings.isPersonOnly(key, settings.value(key), &why)) << settings.spec(key).name;
        EXPECT_TRUE(why.startsWith(QLatin1StringView(settings.spec(key).name))) << why.toStdString();
    }
    EXPECT_FALSE(settings.isPersonOnly(SettingKey::AutoAcceptPollIntervalMs, 500));

    const SettingKey ban = SettingKey::SafetyBannedCommands;
    EXPECT_FALSE(settings.isPersonOnly(ban, QStringList { u"npm publish"_s })) << "adding to an empty list";
    ASSERT_TRUE(settings.setValue(ban, QStringList { u"npm publish"_s, u"/drop\\s+table/i"_s }));
    EXPECT_FALSE(settings.isPersonOnly(
        ban, QStringList { u" /drop\\s+table/i"_s, u"npm publish"_s, u"git push --force"_s }))
        << "reordered, spaced and one more";
    EXPECT_TRUE(settings.isPersonOnly(ban, QStringList { u"npm publish"_s }, &why));
    EXPECT_EQ(why,
              u"safety/bannedCommands: it would remove /drop\\s+table/i from the ban patterns: only the "
              "user removes a pattern, in the settings window (adding patterns is fine)"_s);
    EXPECT_TRUE(settings.isPersonOnly(ban, QStringList())) << "emptying (a reset) removes them all";
}

// The check prompt's default is the extension's text (its package.json,
// auto-accept.schedule.checkPrompt.text) ending in a plain sentence, not "ultrathink internally
// avoiding verbosity." (issue 34 item 25); a file that still holds an earlier default gets it, a
// text the user wrote stays.
TEST(SettingsTest, TheCheckPromptDefaultIsTheExtensionsWordingUnlessTheUserWroteTheirOwn)
{
    const QString extensionText
        = u"Make sure that the previous task was implemented fully as per requirements, implement all gaps, "
          "fix all bugs and test everything. Make sure that you reused existing code where possible instead "
          "of duplicating code. Think it through carefully, and keep your answer short."_s;
    const QString extensionWording
        = u"Make sure that the previous task was implemented fully as per requirements, implement all gaps, "
          "fix all bugs and test everything. Make sure that you reused existing code where possible instead "
          "of duplicating code. ultrathink internally avoiding verbosity."_s;
    const QString oldDefault
        = u"Make sure that the previous task was implemented fully as requested, that nothing is missing and "
          "that it works. If anything is missing or broken, finish it now."_s;
    QFile::remove(iniPath());
    {
        Settings settings(iniPath());
        EXPECT_EQ(settings.stringValue(SettingKey::ScheduleCheckPromptText), extensionText);
    }
    {
        QSettings raw(iniPath(), QSettings::IniFormat);
        raw.setValue(u"schedule/checkPrompt/text"_s, oldDefault);
        raw.setValue(u"schedule/checkPrompt/enabled"_s, true);
    }
    {
        Settings settings(iniPath());
        EXPECT_FALSE(settings.isSet(SettingKey::ScheduleCheckPromptText));
        EXPECT_EQ(settings.stringValue(SettingKey::ScheduleCheckPromptText), extensionText);
        EXPECT_TRUE(settings.boolValue(SettingKey::ScheduleCheckPromptEnabled)) << "nothing else is touched";
    }
    {
        QSettings raw(iniPath(), QSettings::IniFormat);
        raw.setValue(u"schedule/checkPrompt/text"_s, extensionWording);
    }
    {
        Settings settings(iniPath());
        EXPECT_FALSE(settings.isSet(SettingKey::ScheduleCheckPromptText)) << "the keyword ending is gone";
        EXPECT_FALSE(settings.stringValue(SettingKey::ScheduleCheckPromptText).contains(u"ultrathink"_s));
    }
    const QString own = oldDefault + u" Also run the linter."_s;
    {
        QSettings raw(iniPath(), QSettings::IniFormat);
        raw.setValue(u"schedule/checkPrompt/text"_s, own);
    }
    Settings settings(iniPath());
    EXPECT_EQ(settings.stringValue(SettingKey::ScheduleCheckPromptText), own);
}

TEST(SettingsTest, AnAgentServerInUseKeepsPort8080AndNewSetupsGetTheNewDefault)
{
    // Server mode on, port never set: it listened on the old default, and its agents dial that.
    test::writeFile(iniPath(), "[agentServer]\nenabled=true\n");
    {
        Settings settings(iniPath());
        EXPECT_EQ(settings.intValue(SettingKey::AgentServerPort), 8080);
        EXPECT_TRUE(settings.isSet(SettingKey::AgentServerPort));
    }
    // Off, or in client mode: the new default.
    test::writeFile(iniPath(), "[agentServer]\nenabled=true\nmode=client\n");
    {
        Settings settings(iniPath());
        EXPECT_EQ(settings.intValue(SettingKey::AgentServerPort), 9005);
    }
    test::writeFile(iniPath(), "[agentServer]\nenabled=false\n");
    Settings settings(iniPath());
    EXPECT_EQ(settings.intValue(SettingKey::AgentServerPort), 9005);
    EXPECT_FALSE(settings.isSet(SettingKey::AgentServerPort));
}

TEST(SettingsTest, KeysAreFoundByName)
{
    Settings settings(iniPath());
    EXPECT_EQ(settings.keyForName(u"schedule/silenceTimeoutS"_s), SettingKey::ScheduleSilenceTimeoutS);
    EXPECT_FALSE(settings.keyForName(u"schedule/nope"_s).has_value());
    EXPECT_EQ(settings.toVariantMap().size(), int(SettingKey::Count_));
}

} // namespace

TEST(SettingsTest, ASaveThatFailsIsAnErrorAndTheValueIsNotKept)
{
    // A folder nobody may write into: for root (who ignores modes) a sysfs folder, else one of
    // ours made read-only.
    QString folder;
    QTemporaryDir dir;
    if (ThisProcess::runsAsRoot()) {
        folder = u"/sys/kernel"_s;
        if (!QFileInfo(folder).isDir())
            GTEST_SKIP() << "no sysfs here";
    } else {
        folder = dir.path();
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner);
    }
    Settings settings(QDir(folder).filePath(u"mpa-settings-test.ini"_s));
    QSignalSpy changed(&settings, &Settings::changed);
    QString error;
    EXPECT_FALSE(settings.setValue(SettingKey::SchedulePrompt, u"Keep going"_s, &error));
    EXPECT_TRUE(settings.lastSaveFailed());
    EXPECT_TRUE(error.contains(u"could not be saved"_s)) << error.toStdString();
    EXPECT_EQ(settings.stringValue(SettingKey::SchedulePrompt), u"Status report please"_s);
    EXPECT_EQ(changed.count(), 0);
    if (!ThisProcess::runsAsRoot())
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

// QSettings keeps the first error it met for good: one save that failed (settings.ini replaced
// by a folder, which fails for root too) must not make every later save report a failure.
TEST(SettingsTest, ASaveThatFailedDoesNotMakeTheNextOnesFail)
{
    QFile::remove(iniPath());
    Settings settings(iniPath());
    ASSERT_TRUE(settings.setValue(SettingKey::SchedulePrompt, u"Keep going"_s));
    ASSERT_TRUE(QFile::remove(iniPath()));
    ASSERT_TRUE(QDir().mkpath(iniPath()));
    QString error;
    EXPECT_FALSE(settings.setValue(SettingKey::CdpPort, 9100, &error));
    EXPECT_TRUE(error.contains(u"could not be saved"_s)) << error.toStdString();
    EXPECT_EQ(settings.intValue(SettingKey::CdpPort), 9004);
    ASSERT_TRUE(QDir(iniPath()).removeRecursively());
    EXPECT_TRUE(settings.setValue(SettingKey::CdpPort, 9100, &error)) << error.toStdString();
    EXPECT_FALSE(settings.lastSaveFailed());
    const Settings reread(iniPath());
    EXPECT_EQ(reread.intValue(SettingKey::CdpPort), 9100);
    EXPECT_EQ(reread.stringValue(SettingKey::SchedulePrompt), u"Keep going"_s);
}
