// forceRelaunch end to end: the engine's debug API on a real loopback port, a fake IDE executable
// (tests/fixtures/relaunch/fake-ide.sh: records its arguments; started with
// --remote-debugging-port it becomes a real headless Chromium on that port) opened on two
// folders, no debugging. The relaunch asks it to quit, starts it again with the flag and the same
// folders, waits for the port, and the engine attaches to what answers there.
#include "EngineHarness.h"
#include "FakeIde.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "cdp/IdeRelauncher.h"
#include "engine/Engine.h"
#include "logging/Logging.h"
#include "platform/ProcessControl.h"
#include "server/DebugApiClient.h"
#include "server/DebugApiService.h"
#include "settings/Settings.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class RelaunchTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        Logging::install({});
        ide = std::make_unique<FakeIde>(QDir(tempDir()).filePath(u"fake-ide"_s));
        folders = { QDir(tempDir()).filePath(u"projects/alpha service"_s),
                    QDir(tempDir()).filePath(u"projects/beta"_s) };
        for (const QString &folder : std::as_const(folders))
            ASSERT_TRUE(QDir().mkpath(folder));

        QTcpServer probe; // a port nothing listens on
        ASSERT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
        probe.close();

        harness = std::make_unique<EngineHarness>(configDir());
        ASSERT_TRUE(harness->settings()->setValue(SettingKey::CdpPort, port));
        ASSERT_TRUE(harness->start({ .debugApi = true }));
        engine = harness->engine();
        client = harness->client();
    }

    void TearDown() override
    {
        harness.reset();
        ide.reset(); // ends every fake IDE it started
    }

    std::unique_ptr<FakeIde> ide;
    QStringList folders;
    quint16 port = 0;
    std::unique_ptr<EngineHarness> harness;
    Engine *engine = nullptr;
    DebugApiClient *client = nullptr;
};

TEST_F(RelaunchTest, TheRunningIdeQuitsAndComesBackWithDebuggingAndTheSameFolders)
{
    qint64 pid = 0;
    QString error;
    ASSERT_TRUE(ide->start(folders, &pid, &error)) << error.toStdString();
    ASSERT_TRUE(ProcessControl::isRunning(pid));
    EXPECT_FALSE(engine->endpoint()->isConnected()) << "nothing serves the port before the relaunch";

    const DebugApiClient::Reply reply = client->callAndWait(u"forceRelaunch"_s, { { u"pid"_s, pid } });
    ASSERT_EQ(reply.status, 200) << QJsonDocument(reply.body).toJson().toStdString();
    const QJsonObject data = reply.body.value(u"data"_s).toObject();
    EXPECT_TRUE(data.value(u"relaunched"_s).toBool());
    EXPECT_EQ(data.value(u"oldPid"_s).toInteger(), pid);
    EXPECT_EQ(data.value(u"folders"_s).toArray(), QJsonArray::fromStringList(folders));
    EXPECT_TRUE(data.value(u"browser"_s).toString().contains(u"Chrome"_s))
        << data.value(u"browser"_s).toString().toStdString();

    // It was asked to quit (and did), then started again: the same folders, plus the flag.
    EXPECT_TRUE(ide->hasQuit(pid));
    EXPECT_FALSE(ProcessControl::isRunning(pid));
    const QList<FakeIde::Start> all = ide->starts();
    ASSERT_EQ(all.size(), 2);
    EXPECT_EQ(all.at(0).arguments, folders);
    EXPECT_EQ(all.at(1).arguments, folders + QStringList { u"--remote-debugging-port=%1"_s.arg(port) });
    EXPECT_EQ(all.at(1).pid, data.value(u"pid"_s).toInteger());

    // The engine finds the IDE on its port.
    EXPECT_TRUE(waitUntil([&] { return engine->endpoint()->isConnected(); }, 60s))
        << engine->statusLine().toStdString();
}

TEST_F(RelaunchTest, NoIdeToRestartIsAClearErrorAndNothingStarts)
{
    const DebugApiClient::Reply reply = client->callAndWait(u"forceRelaunch"_s, { { u"pid"_s, 999999999 } });
    EXPECT_EQ(reply.status, 404);
    EXPECT_EQ(reply.body.value(u"error"_s).toString(),
              u"no process 999999999 is running; nothing was restarted"_s);
    const DebugApiClient::Reply wrong
        = client->callAndWait(u"forceRelaunch"_s, { { u"ide"_s, u"notepad"_s } });
    EXPECT_EQ(wrong.status, 400);
    EXPECT_TRUE(wrong.body.value(u"error"_s).toString().contains(u"ide"_s));
    EXPECT_TRUE(ide->starts().isEmpty());
}

} // namespace
