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

} // namespace
