// When the debug API runs: --debug-server, the settings followed live, the token file and the
// file through which `ctl` finds the instance.
#include "server/DebugApiService.h"

#include "AppRun.h"
#include "FakeClock.h"
#include "QtPrinters.h"
#include "RawHttp.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "logging/Logging.h"
#include "server/DebugApiClient.h"
#include "server/DebugApiServer.h"
#include "server/DebugServerFile.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>

#include <gtest/gtest.h>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class DebugApiServiceTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        paths = AppPaths::forConfigDir(configDir());
        settings = std::make_unique<Settings>(paths.settingsFile());
        commands.add({ u"ping"_s,
                       CommandDispatcher::Scope::DebugApi,
                       u"pong"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           reply(CommandResult::success(u"pong"_s));
                       } });
        service = std::make_unique<DebugApiService>(settings.get(), &commands, &clock, paths);
    }

    // Calls ping through the server the way ctl does; the HTTP status, or 0 when unreachable.
    int ping(quint16 port, const QString &token)
    {
        DebugApiClient client({ port, QCoreApplication::applicationPid(), token });
        return client.callAndWait(u"ping"_s, {}).status;
    }

    AppPaths paths;
    std::unique_ptr<Settings> settings;
    CommandDispatcher commands;
    FakeClock clock { QDateTime(QDate(2026, 3, 2), QTime(9, 0), QTimeZone::utc()) };
    std::unique_ptr<DebugApiService> service;
};

TEST_F(DebugApiServiceTest, IsOffByDefaultAndCreatesNothing)
{
    service->start();
    EXPECT_FALSE(service->isWanted());
    EXPECT_FALSE(service->isListening());
    EXPECT_FALSE(QFile::exists(service->tokenFilePath()));
    EXPECT_FALSE(QFile::exists(service->instanceFilePath()));
}

TEST_F(DebugApiServiceTest, OnFirstStartTheTokenFileIsCreatedWithMode0600)
{
    service->setCommandLine(true, 0);
    EXPECT_FALSE(service->isListening()) << "nothing runs before the engine starts";
    service->start();
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();

    struct stat info
    {
    };
    ASSERT_EQ(::stat(QFile::encodeName(service->tokenFilePath()).constData(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    const QString token = service->token();
    EXPECT_EQ(token.size(), 43);
    EXPECT_EQ(QString::fromUtf8([&] {
                  QFile f(service->tokenFilePath());
                  f.open(QIODevice::ReadOnly);
                  return f.readAll();
              }())
                  .trimmed(),
              token);
    // The token never reaches a log line.
    EXPECT_FALSE(Logging::redact(u"Authorization: Bearer "_s + token).contains(token));

    // ctl's way to the instance.
    const auto entry = DebugServerFile::read(service->instanceFilePath());
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->port, service->port());
    EXPECT_EQ(entry->pid, QCoreApplication::applicationPid());
    QString problem;
    const auto endpoint = DebugApiClient::locate(paths.configDir, &problem);
    ASSERT_TRUE(endpoint) << problem.toStdString();
    EXPECT_EQ(endpoint->token, token);
    EXPECT_EQ(ping(endpoint->port, endpoint->token), 200);

    // A second start keeps the same token.
    service->stop();
    EXPECT_FALSE(QFile::exists(service->instanceFilePath())) << "removed when the server stops";
    service->start();
    EXPECT_EQ(service->token(), token);
    EXPECT_EQ(ping(service->port(), token), 200);
}

TEST_F(DebugApiServiceTest, FollowsTheSettingsLive)
{
    const quint16 first = unusedPort();
    quint16 second = unusedPort();
    while (second == first)
        second = unusedPort();
    settings->setValue(SettingKey::DebugPort, first);
    service->start();
    EXPECT_FALSE(service->isListening());

    QSignalSpy changed(service.get(), &DebugApiService::stateChanged);
    settings->setValue(SettingKey::DebugEnabled, true);
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();
    EXPECT_EQ(service->port(), first);
    EXPECT_GE(changed.count(), 1);
    const QString token = service->token();
    EXPECT_EQ(ping(first, token), 200);

    // Moving the port moves the server; ctl's file follows.
    settings->setValue(SettingKey::DebugPort, second);
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();
    EXPECT_EQ(service->port(), second);
    EXPECT_EQ(DebugServerFile::read(service->instanceFilePath())->port, second);
    EXPECT_EQ(ping(second, token), 200);
    EXPECT_EQ(ping(first, token), 0) << "the old port is closed";

    settings->setValue(SettingKey::DebugEnabled, false);
    EXPECT_FALSE(service->isListening());
    EXPECT_EQ(ping(second, token), 0);
    EXPECT_FALSE(QFile::exists(service->instanceFilePath()));
}

TEST_F(DebugApiServiceTest, TheCommandLineWinsForThisRun)
{
    const quint16 port = unusedPort();
    service->setCommandLine(true, port);
    service->start();
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();
    EXPECT_EQ(service->port(), port);
    settings->setValue(SettingKey::DebugEnabled, true);
    settings->setValue(SettingKey::DebugEnabled, false);
    settings->setValue(SettingKey::DebugPort, 1234);
    EXPECT_TRUE(service->isListening());
    EXPECT_EQ(service->port(), port);
    EXPECT_FALSE(settings->boolValue(SettingKey::DebugEnabled)) << "--debug-server is never saved";
}

TEST_F(DebugApiServiceTest, APortInUseIsReportedAndAnotherPortRecovers)
{
    QTcpServer squatter;
    ASSERT_TRUE(squatter.listen(QHostAddress::LocalHost, 0));
    settings->setValue(SettingKey::DebugPort, squatter.serverPort());
    settings->setValue(SettingKey::DebugEnabled, true);
    service->start();
    EXPECT_FALSE(service->isListening());
    EXPECT_TRUE(service->error().contains(u"cannot listen on 127.0.0.1:%1"_s.arg(squatter.serverPort())))
        << service->error().toStdString();
    EXPECT_TRUE(service->error().contains(u"choose another port"_s)) << service->error().toStdString();
    EXPECT_FALSE(QFile::exists(service->instanceFilePath()));

    settings->setValue(SettingKey::DebugPort, unusedPort());
    EXPECT_TRUE(service->isListening()) << service->error().toStdString();
    EXPECT_TRUE(service->error().isEmpty());
}

TEST_F(DebugApiServiceTest, ARegeneratedTokenReplacesTheOldOneAtOnce)
{
    service->setCommandLine(true, 0);
    service->start();
    ASSERT_TRUE(service->isListening());
    const QString before = service->token();
    const QString after = service->regenerateToken();
    ASSERT_FALSE(after.isEmpty());
    EXPECT_NE(before, after);
    EXPECT_EQ(ping(service->port(), before), 401);
    EXPECT_EQ(ping(service->port(), after), 200);
    EXPECT_EQ(DebugApiClient::locate(paths.configDir, nullptr)->token, after);
}

TEST_F(DebugApiServiceTest, CtlLocateExplainsWhyNoInstanceCanBeReached)
{
    QString problem;
    EXPECT_FALSE(DebugApiClient::locate(paths.configDir, &problem));
    EXPECT_TRUE(problem.contains(u"no running instance serves the debug API"_s)) << problem.toStdString();
    EXPECT_TRUE(problem.contains(u"--debug-server"_s)) << problem.toStdString();

    // A file left behind by a process that is gone.
    QProcess gone;
    gone.start(u"true"_s, {});
    ASSERT_TRUE(gone.waitForFinished(10000));
    DebugServerFile::Entry entry;
    entry.port = 54321;
    entry.pid = gone.processId() > 0 ? gone.processId() : 999999;
    ASSERT_TRUE(DebugServerFile::write(paths.file(DebugServerFile::fileName()), entry));
    EXPECT_FALSE(DebugApiClient::locate(paths.configDir, &problem));
    EXPECT_TRUE(problem.contains(u"is no longer running"_s)) << problem.toStdString();

    // A live process but nobody listening.
    entry.pid = QCoreApplication::applicationPid();
    entry.port = unusedPort();
    ASSERT_TRUE(DebugServerFile::write(paths.file(DebugServerFile::fileName()), entry));
    QFile token(paths.file(u"debug-token"_s));
    ASSERT_TRUE(token.open(QIODevice::WriteOnly));
    token.write("some-token-value\n");
    token.close();
    const auto endpoint = DebugApiClient::locate(paths.configDir, &problem);
    ASSERT_TRUE(endpoint) << problem.toStdString();
    DebugApiClient client(*endpoint);
    const DebugApiClient::Reply reply = client.callAndWait(u"ping"_s, {});
    EXPECT_FALSE(reply.reached);
    EXPECT_TRUE(reply.error.contains(u"connection refused"_s)) << reply.error.toStdString();

    // A broken file.
    QFile broken(paths.file(DebugServerFile::fileName()));
    ASSERT_TRUE(broken.open(QIODevice::WriteOnly));
    broken.write("{\"port\": \"x\"}");
    broken.close();
    EXPECT_FALSE(DebugApiClient::locate(paths.configDir, &problem));
    EXPECT_TRUE(problem.contains(u"not a valid debug server file"_s)) << problem.toStdString();
}

} // namespace
