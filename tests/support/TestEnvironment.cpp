#include "TestEnvironment.h"

#include "HeadlessChromium.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTimer>

#include <gtest/gtest.h>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa::test {

namespace {

std::unique_ptr<QTemporaryDir> g_configDir;
std::vector<std::unique_ptr<QTemporaryDir>> g_tempDirs;

// A fresh config dir per test, gone after it.
class PerTestDirs : public ::testing::EmptyTestEventListener
{
    void OnTestStart(const ::testing::TestInfo &) override
    {
        g_configDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/mpa-config-XXXXXX"_s);
    }
    void OnTestEnd(const ::testing::TestInfo &) override
    {
        // Deferred deletes of the test's objects run before the folder goes.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        g_configDir.reset();
        g_tempDirs.clear();
    }
};

// Fails the run when a browser the suite started is still running at the end.
class NoBrowserLeftBehind : public ::testing::Environment
{
    void TearDown() override
    {
        const QList<qint64> alive = HeadlessChromium::survivingProcessGroups();
        EXPECT_TRUE(alive.isEmpty()) << alive.size()
                                     << " Chromium process group(s) started by the suite still run";
    }
};

} // namespace

QString configDir()
{
    if (!g_configDir)
        g_configDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/mpa-config-XXXXXX"_s);
    return g_configDir->path();
}

QString tempDir()
{
    g_tempDirs.push_back(std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/mpa-temp-XXXXXX"_s));
    return g_tempDirs.back()->path();
}

QString fixturesDir()
{
    return QStringLiteral(MPA_FIXTURES_DIR);
}

QByteArray readFixture(const QString &path)
{
    QFile file(QDir(fixturesDir()).filePath(path));
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read the fixture " << file.fileName().toStdString();
        return {};
    }
    return file.readAll();
}

void writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        ADD_FAILURE() << "cannot write " << path.toStdString() << ": " << file.errorString().toStdString();
        return;
    }
    if (file.write(content) != content.size())
        ADD_FAILURE() << "cannot write all of " << path.toStdString() << ": "
                      << file.errorString().toStdString();
}

void writeTextFile(const QString &path, const QString &text)
{
    writeFile(path, text.toUtf8());
}

quint16 freePort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        ADD_FAILURE() << "cannot find a free port: " << server.errorString().toStdString();
    return server.serverPort();
}

QJsonArray banCorpus(const QString &name)
{
    return QJsonDocument::fromJson(readFixture(name)).array();
}

QString appBinary()
{
    return QStringLiteral(MPA_APP_BINARY);
}

QString sourceDir()
{
    return QStringLiteral(MPA_SOURCE_DIR);
}

QString buildDir()
{
    return QStringLiteral(MPA_BUILD_DIR);
}

QString screenshotDir()
{
    const QString dir = QStringLiteral(MPA_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    return dir;
}

int runAllTests(QCoreApplication &app)
{
    QStandardPaths::setTestModeEnabled(true);
    ::testing::UnitTest::GetInstance()->listeners().Append(new PerTestDirs);
    ::testing::AddGlobalTestEnvironment(new NoBrowserLeftBehind);
    int result = 1;
    QTimer::singleShot(0, &app, [&result] {
        result = RUN_ALL_TESTS();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::exit(result);
    });
    app.exec();
    return result;
}

} // namespace mpa::test
