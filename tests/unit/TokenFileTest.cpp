#include "server/TokenFile.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <gtest/gtest.h>

#include <sys/stat.h>

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

TEST(TokenFileTest, ALoosenedFileIsTightenedAgain)
{
    const QString path = QDir(test::configDir()).filePath(u"agent-token"_s);
    TokenFile file(path);
    const QString token = file.ensure();
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
    EXPECT_EQ(file.ensure(), token);
    EXPECT_EQ(posixMode(path), 0600);
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
