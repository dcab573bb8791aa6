// The app's one way to keep a JSON file and to put a corrupt file aside (also used for
// settings.ini and debug-server.json), with real files in a temp dir.
#include "common/JsonDataFile.h"

#include "TestEnvironment.h"
#include "server/DebugServerFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

TEST(JsonDataFileTest, ACorruptFileIsMovedAsideWithASentenceAndNothingIsLost)
{
    const QString path = QDir(tempDir()).filePath(u"queue.json"_s);
    writeFile(path, "{\"items\": [ broken");
    const JsonDataFile::Loaded loaded = JsonDataFile(path).load();
    EXPECT_TRUE(loaded.existed);
    EXPECT_TRUE(loaded.object.isEmpty());
    EXPECT_FALSE(QFile::exists(path));
    ASSERT_TRUE(QFile::exists(loaded.movedAside));
    QFile aside(loaded.movedAside);
    ASSERT_TRUE(aside.open(QIODevice::ReadOnly));
    EXPECT_EQ(aside.readAll(), QByteArray("{\"items\": [ broken")) << "the bytes are kept as they were";
    EXPECT_TRUE(loaded.warning.startsWith(path + u" could not be read: it is not valid JSON"_s))
        << loaded.warning.toStdString();
    EXPECT_TRUE(loaded.warning.endsWith(
        u"It was moved to %1 and the app started without it."_s.arg(loaded.movedAside)))
        << loaded.warning.toStdString();
}

TEST(JsonDataFileTest, AFileOfANewerFormatIsNotReadAsOurs)
{
    const QString path = QDir(tempDir()).filePath(u"stats.json"_s);
    writeFile(path, "{\"version\": 7}");
    const JsonDataFile::Loaded loaded = JsonDataFile(path).load(1);
    EXPECT_TRUE(loaded.warning.contains(u"newer version of the app (format 7)"_s))
        << loaded.warning.toStdString();
}

TEST(JsonDataFileTest, LeaveReportsABadFileWithoutTouchingIt)
{
    const QString path = QDir(tempDir()).filePath(u"other.json"_s);
    writeFile(path, "[1, 2]");
    const JsonDataFile::Loaded loaded = JsonDataFile(path).load(1, JsonDataFile::OnBadFile::Leave);
    EXPECT_EQ(loaded.warning, path + u" could not be read: it does not hold a JSON object"_s);
    EXPECT_TRUE(QFile::exists(path));
    EXPECT_TRUE(loaded.movedAside.isEmpty());
}

// queue.json, history.json, runs and bridge sessions as links out of the config folder: a JSON
// file elsewhere (another app's, a system file) is neither read as ours nor written over; the
// link is moved aside, never its target. A link that stays inside the folder is fine.
TEST(JsonDataFileTest, ALinkOutOfItsFolderIsNeitherReadNorWrittenThrough)
{
    QDir root(tempDir());
    ASSERT_TRUE(root.mkpath(u"config"_s) && root.mkpath(u"elsewhere"_s));
    const QString config = root.filePath(u"config"_s);
    const QString victim = root.filePath(u"elsewhere/victim.json"_s);
    writeFile(victim, "{\"theirs\": true}");

    const QString queue = QDir(config).filePath(u"queue.json"_s);
    ASSERT_TRUE(QFile::link(victim, queue));
    const JsonDataFile::Loaded loaded = JsonDataFile(queue).load();
    EXPECT_TRUE(loaded.object.isEmpty()) << "what the link points at is not read as ours";
    EXPECT_TRUE(loaded.warning.contains(u"it is a link to %1, outside the config folder"_s.arg(victim)))
        << loaded.warning.toStdString();
    ASSERT_FALSE(loaded.movedAside.isEmpty());
    EXPECT_TRUE(QFileInfo(loaded.movedAside).isSymLink()) << "the link is moved, not its target";
    EXPECT_TRUE(JsonDataFile(queue).save({ { u"items"_s, 1 } }));
    EXPECT_FALSE(QFileInfo(queue).isSymLink());
    QFile target(victim);
    ASSERT_TRUE(target.open(QIODevice::ReadOnly));
    EXPECT_EQ(target.readAll(), QByteArray("{\"theirs\": true}")) << "the target is untouched";

    // Saving through a link, even one to a file that does not exist yet, is refused.
    const QString history = QDir(config).filePath(u"history.json"_s);
    const QString planted = root.filePath(u"elsewhere/new.json"_s);
    ASSERT_TRUE(QFile::link(planted, history));
    QString error;
    EXPECT_FALSE(JsonDataFile(history).save({ { u"entries"_s, 1 } }, 1, &error));
    EXPECT_TRUE(error.contains(u"outside the config folder"_s)) << error.toStdString();
    EXPECT_FALSE(QFile::exists(planted));

    // Inside the folder a link is followed as before.
    const QString real = QDir(config).filePath(u"real.json"_s);
    const QString stats = QDir(config).filePath(u"stats.json"_s);
    ASSERT_TRUE(JsonDataFile(real).save({ { u"clicks"_s, 3 } }));
    ASSERT_TRUE(QFile::link(real, stats));
    EXPECT_TRUE(JsonDataFile::checkLink(stats));
    EXPECT_EQ(JsonDataFile(stats).load().object.value(u"clicks"_s).toInt(), 3);
}

TEST(JsonDataFileTest, SavingWritesTheVersionUnlessToldNotToAndCanKeepOthersOut)
{
    const QString path = QDir(tempDir()).filePath(u"data.json"_s);
    ASSERT_TRUE(JsonDataFile(path).save({ { u"a"_s, 1 } }, 2));
    EXPECT_EQ(JsonDataFile(path).load(2).object.value(u"version"_s).toInt(), 2);
    ASSERT_TRUE(JsonDataFile(path).save({ { u"a"_s, 1 } }, 0, nullptr, true));
    EXPECT_FALSE(JsonDataFile(path).load().object.contains(u"version"_s));
    EXPECT_EQ(QFile::permissions(path) & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
    QString error;
    EXPECT_FALSE(JsonDataFile(u"/nonexistent-dir/x.json"_s).save({}, 1, &error));
    EXPECT_TRUE(error.startsWith(u"cannot write /nonexistent-dir/x.json"_s)) << error.toStdString();
}

TEST(JsonDataFileTest, TheDebugServerFileIsOneOfThem)
{
    const QString path = QDir(tempDir()).filePath(DebugServerFile::fileName());
    ASSERT_TRUE(DebugServerFile::write(path, { u"127.0.0.1"_s, 54321, 4242 }));
    EXPECT_EQ(QFile::permissions(path) & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
    const auto entry = DebugServerFile::read(path);
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->port, 54321);
    writeFile(path, "garbage");
    QString error;
    EXPECT_FALSE(DebugServerFile::read(path, &error));
    EXPECT_TRUE(error.contains(u"not a valid debug server file"_s)) << error.toStdString();
    EXPECT_TRUE(QFile::exists(path)) << "ctl leaves the running instance's file alone";
}

} // namespace
