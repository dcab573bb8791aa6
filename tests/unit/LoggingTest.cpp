#include "logging/Logging.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "logging/LogCategories.h"
#include "logging/LogFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

TEST(LogBufferTest, KeepsTheNewestEntriesUpToItsCapacity)
{
    LogBuffer buffer(3);
    for (int i = 0; i < 5; ++i)
        buffer.append({ i, QtInfoMsg, u"mpa.test"_s, u"line %1"_s.arg(i) });
    ASSERT_EQ(buffer.rowCount(), 3);
    EXPECT_EQ(buffer.at(0).message, u"line 2"_s);
    EXPECT_EQ(buffer.at(2).message, u"line 4"_s);
    EXPECT_EQ(buffer.data(buffer.index(2), LogBuffer::MessageRole).toString(), u"line 4"_s);
}

TEST(LogBufferTest, TailFiltersBySeverity)
{
    LogBuffer buffer(10);
    buffer.append({ 1, QtDebugMsg, u"c"_s, u"debug"_s });
    buffer.append({ 2, QtWarningMsg, u"c"_s, u"warning"_s });
    buffer.append({ 3, QtInfoMsg, u"c"_s, u"info"_s });
    buffer.append({ 4, QtCriticalMsg, u"c"_s, u"critical"_s });
    const QList<LogEntry> warnings = buffer.tail(10, QtWarningMsg);
    ASSERT_EQ(warnings.size(), 2);
    EXPECT_EQ(warnings.at(0).message, u"warning"_s);
    EXPECT_EQ(warnings.at(1).message, u"critical"_s);
    const QList<LogEntry> lastTwo = buffer.tail(2);
    ASSERT_EQ(lastTwo.size(), 2);
    EXPECT_EQ(lastTwo.at(0).message, u"info"_s);
}

TEST(LogFileTest, RotatesBySizeAndKeepsTheConfiguredNumber)
{
    const QString path = QDir(test::tempDir()).filePath(u"app.log"_s);
    LogFile file(path, 100, 2);
    for (int i = 0; i < 20; ++i)
        file.write(u"line %1 ........................"_s.arg(i, 2, 10, QChar(u'0')));
    EXPECT_TRUE(QFile::exists(path + u".1"_s));
    EXPECT_TRUE(QFile::exists(path + u".2"_s));
    EXPECT_FALSE(QFile::exists(path + u".3"_s));
    QFile newest(path + u".1"_s);
    ASSERT_TRUE(newest.open(QIODevice::ReadOnly));
    EXPECT_TRUE(newest.readAll().contains("line 1"));
}

TEST(LogFileTest, TheLogAndItsFolderAreTheUsersAlone)
{
    const QString folder = QDir(test::tempDir()).filePath(u"private-logs"_s);
    const QString path = QDir(folder).filePath(u"app.log"_s);
    LogFile file(path, 1000, 2);
    file.write(u"sendPrompt: the user's prompt"_s);
    EXPECT_EQ(QFile::permissions(path)
                  & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
              QFile::Permissions());
    EXPECT_EQ(QFile::permissions(folder)
                  & (QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup),
              QFile::Permissions());
}

TEST(LoggingTest, MessagesReachTheBufferAndTheFileWithTheirCategory)
{
    const QString dir = test::tempDir();
    Logging::install({ dir, false, 100, false });
    Logging::buffer()->clear();
    qCWarning(lcCdp) << "cannot reach the browser";
    const QList<LogEntry> tail = Logging::buffer()->tail(1);
    ASSERT_EQ(tail.size(), 1);
    EXPECT_EQ(tail.at(0).category, u"mpa.cdp"_s);
    EXPECT_EQ(tail.at(0).level, QtWarningMsg);
    QFile file(Logging::logFilePath());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().contains("W mpa.cdp: cannot reach the browser"));
    Logging::install({}); // detach the file before the folder goes
}

TEST(LoggingTest, MessagesFromOtherThreadsArriveInTheBuffer)
{
    Logging::install({});
    Logging::buffer()->clear();
    QThread *thread = QThread::create([] { qCInfo(lcPage) << "from a worker"; });
    thread->start();
    thread->wait();
    delete thread;
    ASSERT_TRUE(test::waitUntil([] { return Logging::buffer()->rowCount() == 1; }));
    EXPECT_EQ(Logging::buffer()->at(0).message, u"from a worker"_s);
}

TEST(LoggingTest, RegisteredSecretsAreMaskedEverywhere)
{
    Logging::install({});
    Logging::buffer()->clear();
    const QString token = u"s3cr3t-t0ken-value"_s;
    Logging::addSecret(token);
    qCInfo(lcServer).noquote() << "Authorization: Bearer" << token;
    Logging::removeSecret(token);
    const QString message = Logging::buffer()->tail(1).value(0).message;
    EXPECT_FALSE(message.contains(token)) << message.toStdString();
    EXPECT_TRUE(message.contains(u"«redacted»"_s));
}

// What an attacker plants: a file of someone else's that the app must not write, chmod or empty.
struct Victim
{
    QString folder; // outside the app's folders
    QString file;
    QByteArray bytes = "not the app's\n";
};

Victim plantVictim()
{
    Victim v;
    v.folder = QDir(test::tempDir()).filePath(u"elsewhere"_s);
    QDir().mkpath(v.folder);
    QFile::setPermissions(v.folder,
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                              | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
    v.file = QDir(v.folder).filePath(u"victim.txt"_s);
    QFile f(v.file);
    if (f.open(QIODevice::WriteOnly))
        f.write(v.bytes);
    f.close();
    QFile::setPermissions(v.file, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return v;
}

// A new folder `name` in the test's temporary folder.
QString newFolder(const QString &name)
{
    const QString folder = QDir(test::tempDir()).filePath(name);
    QDir().mkpath(folder);
    return folder;
}

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList movedAside(const QString &folder, const QString &name)
{
    return QDir(folder).entryList({ name + u".corrupt-*"_s }, QDir::AllEntries | QDir::System | QDir::Hidden);
}

TEST(LogFileTest, ALogFileThatIsALinkOutOfItsFolderIsMovedAsideAtStartAndTheLogGoesOn)
{
    const Victim victim = plantVictim();
    const QString logs = newFolder(u"logs"_s);
    const QString path = QDir(logs).filePath(u"app.log"_s);
    ASSERT_TRUE(QFile::link(victim.file, path));

    LogFile file(path, 1000, 2);
    file.write(u"the user's prompt"_s);

    EXPECT_EQ(contents(victim.file), victim.bytes);
    EXPECT_TRUE(QFile::permissions(victim.file) & QFile::ReadOther) << "the victim was chmod-ed";
    EXPECT_FALSE(QFileInfo(path).isSymLink());
    EXPECT_TRUE(contents(path).contains("the user's prompt"));
    const QStringList aside = movedAside(logs, u"app.log"_s);
    ASSERT_EQ(aside.size(), 1);
    EXPECT_EQ(QFileInfo(QDir(logs).filePath(aside.first())).symLinkTarget(), victim.file);
    const QStringList notices = file.takeNotices();
    ASSERT_EQ(notices.size(), 1);
    EXPECT_TRUE(notices.first().contains(victim.file)) << notices.first().toStdString();
    EXPECT_TRUE(notices.first().contains(aside.first())) << notices.first().toStdString();
}

TEST(LogFileTest, ALogFolderThatIsALinkOutOfItsFolderIsMovedAsideAndItsTargetLeftAlone)
{
    const Victim victim = plantVictim();
    const QString data = newFolder(u"data"_s);
    const QString logs = QDir(data).filePath(u"logs"_s);
    ASSERT_TRUE(QFile::link(victim.folder, logs));

    LogFile file(QDir(logs).filePath(u"app.log"_s), 1000, 2);
    file.write(u"a line"_s);

    EXPECT_TRUE(QFile::permissions(victim.folder) & QFile::ReadOther) << "the folder was chmod-ed";
    EXPECT_EQ(QDir(victim.folder).entryList(QDir::Files), QStringList { u"victim.txt"_s });
    EXPECT_FALSE(QFileInfo(logs).isSymLink());
    EXPECT_TRUE(QFileInfo(logs).isDir());
    EXPECT_TRUE(contents(QDir(logs).filePath(u"app.log"_s)).contains("a line"));
    EXPECT_EQ(movedAside(data, u"logs"_s).size(), 1);
    EXPECT_EQ(file.takeNotices().size(), 1);
}

TEST(LogFileTest, LinksPutInPlaceWhileTheAppRunsAreNeitherEmptiedNorWrittenThrough)
{
    const Victim victim = plantVictim();
    const QString data = QDir(test::tempDir()).filePath(u"data"_s);
    const QString logs = QDir(data).filePath(u"logs"_s);
    const QString path = QDir(logs).filePath(u"app.log"_s);
    LogFile file(path, 1000, 2);
    file.write(u"before"_s);

    // The log file becomes a link; Clear Logs, then the next line.
    ASSERT_TRUE(QFile::remove(path));
    ASSERT_TRUE(QFile::link(victim.file, path));
    QStringList cleared;
    file.clear(&cleared);
    file.write(u"after the clear"_s);
    EXPECT_EQ(contents(victim.file), victim.bytes) << "truncated or appended to through the link";
    EXPECT_FALSE(cleared.contains(path)) << "the link was counted as the log";
    EXPECT_FALSE(QFileInfo(path).isSymLink());
    EXPECT_TRUE(contents(path).contains("after the clear"));
    EXPECT_EQ(file.takeNotices().size(), 1);

    // The folder becomes a link to a folder holding a file named like a rolled log.
    const QString rolledThere = QDir(victim.folder).filePath(u"app.log.1"_s);
    {
        QFile f(rolledThere);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("someone's file");
    }
    ASSERT_TRUE(QDir(logs).removeRecursively());
    ASSERT_TRUE(QFile::link(victim.folder, logs));
    file.clear();
    EXPECT_TRUE(QFile::exists(rolledThere)) << "a file in the link's target was removed";
    EXPECT_EQ(contents(victim.file), victim.bytes);
    EXPECT_TRUE(QFileInfo(logs).isDir());
    EXPECT_FALSE(QFileInfo(logs).isSymLink());
    EXPECT_EQ(movedAside(data, u"logs"_s).size(), 1);
    EXPECT_EQ(file.takeNotices().size(), 1);
}

TEST(LoggingTest, TheLogSaysWhichLinkItMovedAside)
{
    const Victim victim = plantVictim();
    const QString dir = newFolder(u"logs"_s);
    const QString path = QDir(dir).filePath(u"multi-purpose-agent.log"_s);
    ASSERT_TRUE(QFile::link(victim.file, path));
    Logging::install({ dir, false, 100, false });
    const QList<LogEntry> warnings = Logging::buffer()->tail(5, QtWarningMsg);
    ASSERT_FALSE(warnings.isEmpty());
    EXPECT_EQ(warnings.last().category, u"mpa.app"_s);
    EXPECT_TRUE(warnings.last().message.contains(victim.file)) << warnings.last().message.toStdString();
    EXPECT_TRUE(contents(path).contains(victim.file.toUtf8())) << "the file says it too";

    // Clear Logs meets a link planted while running: it says so after emptying the buffer.
    qCInfo(lcApp) << "a line";
    ASSERT_TRUE(QFile::remove(path));
    ASSERT_TRUE(QFile::link(victim.file, path));
    Logging::clear();
    EXPECT_EQ(contents(victim.file), victim.bytes);
    ASSERT_EQ(Logging::buffer()->rowCount(), 1);
    EXPECT_TRUE(Logging::buffer()->at(0).message.contains(u"moved to"_s));
    Logging::install({});
}

} // namespace
