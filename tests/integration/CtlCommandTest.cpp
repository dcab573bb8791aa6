// `multi-purpose-agent ctl` against a running `--headless` instance: real processes, real
// Chromium, the debug API on a real port found through the config dir.
#include "AppRun.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "server/DebugServerFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSettings>

#include <gtest/gtest.h>

#include <csignal>
#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class CtlCommandTest : public ChromiumTest
{
protected:
    // Runs `ctl ACTION [JSON]` for `dir` and waits for it.
    static std::unique_ptr<AppRun> ctl(const QString &dir, const QString &action, const QString &json = {})
    {
        QStringList args { u"ctl"_s, action };
        if (!json.isEmpty())
            args.append(json);
        args += { u"--config-dir"_s, dir };
        auto run = std::make_unique<AppRun>(args);
        run->finish(60s);
        return run;
    }

    static QJsonObject replyOf(const AppRun &run)
    {
        return QJsonDocument::fromJson(run.out().toUtf8()).object();
    }
};

TEST_F(CtlCommandTest, DrivesARunningHeadlessInstance)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    ASSERT_TRUE(openPage(endpoint, fixtureUrl(u"basic.html"_s)));

    const QString dir = configDir();
    AppRun app({ u"--headless"_s, u"--config-dir"_s, dir, u"--cdp-port"_s, QString::number(browser().port()),
                 u"--debug-server=0"_s });
    ASSERT_TRUE(app.waitForStderr(u"debug API listening on http://127.0.0.1:"_s)) << app.dump().toStdString();
    ASSERT_TRUE(app.waitForStderr(u"page 'Basic fixture'"_s)) << app.dump().toStdString();

    // The token file: created on the first start, private to the user, never in the log.
    struct stat info
    {
    };
    const QString tokenPath = QDir(dir).filePath(u"debug-token"_s);
    ASSERT_EQ(::stat(QFile::encodeName(tokenPath).constData(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    QFile tokenFile(tokenPath);
    ASSERT_TRUE(tokenFile.open(QIODevice::ReadOnly));
    const QString token = QString::fromUtf8(tokenFile.readAll()).trimmed();
    EXPECT_FALSE(app.err().contains(token));
    const auto entry = DebugServerFile::read(QDir(dir).filePath(DebugServerFile::fileName()));
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->pid, app.pid());
    EXPECT_TRUE(app.err().contains(u"listening on http://127.0.0.1:%1 "_s.arg(entry->port)));

    auto run = ctl(dir, u"getCDPConnections"_s);
    ASSERT_EQ(run->finish(), 0) << run->dump().toStdString();
    QJsonObject reply = replyOf(*run);
    EXPECT_TRUE(reply.value(u"success"_s).toBool()) << run->dump().toStdString();
    bool sawFixture = false;
    for (const QJsonValue &c : reply.value(u"data"_s).toObject().value(u"connections"_s).toArray())
        sawFixture = sawFixture || c.toObject().value(u"title"_s).toString() == u"Basic fixture"_s;
    EXPECT_TRUE(sawFixture) << run->dump().toStdString();

    run = ctl(dir, u"getLogs"_s, u"{\"tailLines\": 5, \"level\": \"info\"}"_s);
    ASSERT_EQ(run->finish(), 0) << run->dump().toStdString();
    EXPECT_LE(replyOf(*run).value(u"data"_s).toObject().value(u"linesCount"_s).toInt(), 5);
    EXPECT_FALSE(run->out().contains(token));

    // Changing a setting through ctl reaches the running instance and its settings file.
    run = ctl(dir, u"updateSchedule"_s, u"{\"mode\": \"daily\", \"value\": \"07:45\"}"_s);
    ASSERT_EQ(run->finish(), 0) << run->dump().toStdString();
    EXPECT_EQ(
        QSettings(QDir(dir).filePath(u"settings.ini"_s), QSettings::IniFormat).value(u"schedule/value"_s),
        QVariant(u"07:45"_s));

    // Failures: the server's error, non-zero.
    run = ctl(dir, u"evaluateInBrowser"_s, u"{\"code\": \"1 + 1\"}"_s);
    EXPECT_EQ(run->finish(), 1) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"evaluateInBrowser failed (HTTP 403)"_s)) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"debug/allowEvaluate"_s)) << run->dump().toStdString();
    EXPECT_FALSE(replyOf(*run).value(u"success"_s).toBool(true));

    run = ctl(dir, u"noSuchAction"_s);
    EXPECT_EQ(run->finish(), 1) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"unknown action 'noSuchAction'"_s)) << run->dump().toStdString();

    run = ctl(dir, u"startQueue"_s);
    EXPECT_EQ(run->finish(), 1) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"startQueue failed (HTTP 409)"_s)) << run->dump().toStdString();

    // Bad arguments are refused before anything is sent.
    run = ctl(dir, u"getLogs"_s, u"{tailLines: 5}"_s);
    EXPECT_EQ(run->finish(), 2) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"not valid JSON"_s)) << run->dump().toStdString();
    run = ctl(dir, u"getLogs"_s, u"[5]"_s);
    EXPECT_EQ(run->finish(), 2) << run->dump().toStdString();

    // When the instance exits, the file goes and ctl says nothing runs.
    app.signal(SIGTERM);
    ASSERT_EQ(app.finish(), 0) << app.dump().toStdString();
    EXPECT_FALSE(QFile::exists(QDir(dir).filePath(DebugServerFile::fileName())));
    run = ctl(dir, u"getFullState"_s);
    EXPECT_EQ(run->finish(), 3) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"no running instance serves the debug API for %1"_s.arg(dir)))
        << run->dump().toStdString();
}

TEST_F(CtlCommandTest, TheSettingsTurnTheDebugApiOnAndChooseItsPort)
{
    const QString dir = configDir();
    const quint16 port = unusedPort();
    {
        QSettings ini(QDir(dir).filePath(u"settings.ini"_s), QSettings::IniFormat);
        ini.setValue(u"debug/enabled"_s, true);
        ini.setValue(u"debug/port"_s, port);
    }
    AppRun app(
        { u"--headless"_s, u"--config-dir"_s, dir, u"--cdp-port"_s, QString::number(browser().port()) });
    ASSERT_TRUE(app.waitForStderr(u"debug API listening on http://127.0.0.1:%1 "_s.arg(port)))
        << app.dump().toStdString();
    auto run = ctl(dir, u"getSystemInfo"_s);
    ASSERT_EQ(run->finish(), 0) << run->dump().toStdString();
    EXPECT_EQ(replyOf(*run).value(u"data"_s).toObject().value(u"pid"_s).toInteger(), app.pid());
    app.signal(SIGINT);
    EXPECT_EQ(app.finish(), 0) << app.dump().toStdString();
}

TEST_F(CtlCommandTest, SaysClearlyWhenNoInstanceCanBeReached)
{
    const QString dir = configDir();
    // Nothing ever ran here.
    auto run = ctl(dir, u"getFullState"_s);
    EXPECT_EQ(run->finish(), 3) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"no running instance serves the debug API"_s))
        << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"--debug-server"_s)) << run->dump().toStdString();
    EXPECT_TRUE(run->out().isEmpty());

    // An instance that was killed left its file behind.
    AppRun app({ u"--headless"_s, u"--config-dir"_s, dir, u"--cdp-port"_s, QString::number(unusedPort()),
                 u"--debug-server=0"_s });
    ASSERT_TRUE(app.waitForStderr(u"debug API listening on"_s)) << app.dump().toStdString();
    const qint64 pid = app.pid();
    app.signal(SIGKILL);
    ASSERT_EQ(app.finish(), -1);
    ASSERT_TRUE(QFile::exists(QDir(dir).filePath(DebugServerFile::fileName())));
    run = ctl(dir, u"getFullState"_s);
    EXPECT_EQ(run->finish(), 3) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"(pid %1) is no longer running"_s.arg(pid)))
        << run->dump().toStdString();

    // A file naming a live process with nothing on its port.
    DebugServerFile::Entry entry;
    entry.pid = QCoreApplication::applicationPid();
    entry.port = unusedPort();
    ASSERT_TRUE(DebugServerFile::write(QDir(dir).filePath(DebugServerFile::fileName()), entry));
    run = ctl(dir, u"getFullState"_s);
    EXPECT_EQ(run->finish(), 3) << run->dump().toStdString();
    EXPECT_TRUE(run->err().contains(u"connection refused"_s)) << run->dump().toStdString();
}

} // namespace
