#include "server/TokenFile.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "logging/Logging.h"
#include "platform/ThisProcess.h"
#include "server/ServerToken.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

int posixMode(const QString &path)
{
    struct stat info
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return -1;
    return int(info.st_mode & 0777);
}

TEST(TokenFileTest, CreatesAPrivateRandomTokenOnceAndKeepsIt)
{
    const QString path = QDir(test::configDir()).filePath(u"debug-token"_s);
    TokenFile file(path);
    EXPECT_TRUE(file.read().isEmpty());
    const QString token = file.ensure();
    ASSERT_EQ(token.size(), 43);
    EXPECT_EQ(posixMode(path), 0600);
    EXPECT_EQ(file.ensure(), token);
    EXPECT_EQ(TokenFile(path).read(), token);
    const QString next = file.regenerate();
    EXPECT_NE(next, token);
    EXPECT_EQ(file.read(), next);
    EXPECT_NE(TokenFile::generate(), TokenFile::generate());
}

TEST(TokenFileTest, ATokenOthersCouldReadIsReplacedAndTheReasonSaid)
{
    const QString path = QDir(test::configDir()).filePath(u"agent-token"_s);
    TokenFile file(path);
    const QString token = file.ensure();
    EXPECT_TRUE(file.trusted());
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
    QString why;
    EXPECT_FALSE(file.trusted(&why));
    EXPECT_TRUE(why.contains(u"other users could read"_s)) << why.toStdString();
    why.clear();
    const QString next = file.ensure(nullptr, &why);
    EXPECT_NE(next, token) << "a token others could read may have leaked";
    EXPECT_TRUE(why.contains(u"other users could read"_s)) << why.toStdString();
    EXPECT_EQ(posixMode(path), 0600);
    EXPECT_EQ(file.ensure(), next) << "a sound token is kept";
}

TEST(TokenFileTest, AShortTokenIsReplaced)
{
    const QString path = QDir(test::configDir()).filePath(u"short-token"_s);
    test::writeFile(path, "x\n");
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QString why;
    const QString token = TokenFile(path).ensure(nullptr, &why);
    EXPECT_EQ(token.size(), 43);
    EXPECT_TRUE(why.contains(u"too short"_s)) << why.toStdString();
}

TEST(TokenFileTest, ATokenFileThatIsALinkIsReplacedByAFileAndItsTargetLeftAlone)
{
    const QString target = QDir(test::configDir()).filePath(u"elsewhere.txt"_s);
    test::writeFile(target, "the user's own file\n");
    const QString path = QDir(test::configDir()).filePath(u"linked-token"_s);
    ASSERT_TRUE(QFile::link(target, path));
    QString why;
    const QString token = TokenFile(path).ensure(nullptr, &why);
    EXPECT_EQ(token.size(), 43);
    EXPECT_TRUE(why.contains(u"is a link"_s)) << why.toStdString();
    EXPECT_FALSE(QFileInfo(path).isSymLink());
    QFile other(target);
    ASSERT_TRUE(other.open(QIODevice::ReadOnly));
    EXPECT_EQ(other.readAll(), QByteArray("the user's own file\n"));
}

// The log says what happened. A token file that cannot be replaced (for root, a file of sysfs,
// where nothing can be made; for others, a folder they may not write) leaves no token and the
// log says so — never "a new token was made".
TEST(TokenFileTest, WhenNoNewTokenCanBeMadeTheLogSaysSoAndNoTokenIsUsed)
{
    Logging::install({});
    Logging::buffer()->clear();
    QString path;
    QString folder;
    if (ThisProcess::runsAsRoot()) {
        path = u"/sys/kernel/uevent_seqnum"_s; // mode 0444: others could read it
        if (!QFileInfo::exists(path))
            GTEST_SKIP() << "no sysfs here";
    } else {
        folder = QDir(test::configDir()).filePath(u"read-only"_s);
        QDir().mkpath(folder);
        path = QDir(folder).filePath(u"agent-token"_s);
        test::writeFile(path, QByteArray(43, 'a') + '\n');
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner);
    }
    QString error;
    QString why;
    const QString token = TokenFile(path).ensure(&error, &why);
    if (!folder.isEmpty())
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    EXPECT_TRUE(token.isEmpty());
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(why.isEmpty());
    const QList<LogEntry> warnings = Logging::buffer()->tail(10, QtWarningMsg);
    ASSERT_FALSE(warnings.isEmpty());
    const QString said = warnings.last().message;
    EXPECT_TRUE(said.contains(u"no new token could be made"_s)) << said.toStdString();
    for (const LogEntry &entry : warnings)
        EXPECT_FALSE(entry.message.contains(u"a new token was made"_s)) << entry.message.toStdString();
}

// As root, a token file of another user's is replaced by one of the app's own, and then the log
// may say so.
TEST(TokenFileTest, AFileOfAnotherUsersIsReplacedByOneOfOursWhereThatIsPossible)
{
    if (!ThisProcess::runsAsRoot())
        GTEST_SKIP() << "only root can give a file to another user; the refusal is tested above";
    Logging::install({});
    Logging::buffer()->clear();
    const QString path = QDir(test::configDir()).filePath(u"foreign-token"_s);
    test::writeFile(path, QByteArray(43, 'b') + '\n');
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    ASSERT_EQ(::chown(QFile::encodeName(path).constData(), 65534, 65534), 0);
    QString why;
    const QString token = TokenFile(path).ensure(nullptr, &why);
    EXPECT_EQ(token.size(), 43);
    EXPECT_NE(token, QString(43, u'b'));
    EXPECT_TRUE(why.contains(u"belongs to another user"_s)) << why.toStdString();
    EXPECT_EQ(QFileInfo(path).ownerId(), 0u);
    EXPECT_TRUE(
        Logging::buffer()->tail(1, QtWarningMsg).value(0).message.contains(u"a new token was made"_s));
}

TEST(TokenFileTest, ComparisonNeedsTheWholeToken)
{
    EXPECT_TRUE(TokenFile::matches(u"abcdef"_s, u"abcdef"_s));
    EXPECT_FALSE(TokenFile::matches(u"abcdef"_s, u"abcdeg"_s));
    EXPECT_FALSE(TokenFile::matches(u"abcdef"_s, u"abcde"_s));
    EXPECT_FALSE(TokenFile::matches(u"abcdef"_s, u"abcdefg"_s));
    EXPECT_FALSE(TokenFile::matches(QString(), QString()));
}

TEST(TokenFileTest, AServerTokenReachesItsServerAtEveryChange)
{
    const QString path = QDir(test::configDir()).filePath(u"debug-token"_s);
    QStringList applied;
    ServerToken token(path, [&](const QString &value) { applied.append(value); });
    const QString first = token.get();
    ASSERT_EQ(first.size(), 43);
    EXPECT_EQ(token.get(), first) << "read once, then kept";
    EXPECT_EQ(applied, QStringList { first });
    EXPECT_FALSE(token.reload()) << "the file still holds the same token";

    const QString second = TokenFile(path).regenerate(); // e.g. the settings window
    EXPECT_TRUE(token.reload());
    EXPECT_EQ(token.get(), second);

    const QString third = token.regenerate();
    EXPECT_NE(third, second);
    EXPECT_EQ(TokenFile(path).read(), third);
    EXPECT_EQ(applied, (QStringList { first, second, third }));
}

} // namespace
