// The multi-purpose-agent executable as users run it: real processes, real Chromium.
#include "AppRun.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "platform/ProcessGroup.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>

#include <gtest/gtest.h>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

QString dump(const AppRun &run)
{
    return run.dump();
}

class AppProcessTest : public ChromiumTest
{
};

TEST_F(AppProcessTest, HeadlessRunAgainstABrowserPrintsTheSummaryWithItsTargets)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    ASSERT_TRUE(openPage(endpoint, fixtureUrl(u"basic.html"_s)));

    AppRun run({ u"--headless"_s, u"--config-dir"_s, configDir(), u"--cdp-port"_s,
                 QString::number(browser().port()), u"--quit-after"_s, u"3"_s });
    ASSERT_EQ(run.finish(), 0) << dump(run).toStdString();
    const QString last = run.out().trimmed().split(u'\n').last();
    static const QRegularExpression shape(
        uR"(^\{"summary":\{"clicks":\d+,"blocked":\d+,"targets":\d+,"promptsSent":\d+,"uptimeS":\d+\}\}$)"_s);
    EXPECT_TRUE(shape.match(last).hasMatch()) << last.toStdString();
    EXPECT_GE(run.summary().value(u"targets").toInt(), 1) << dump(run).toStdString();
    EXPECT_GE(run.summary().value(u"uptimeS").toInt(), 2);
    EXPECT_TRUE(run.err().contains(u"page 'Basic fixture'"_s)) << dump(run).toStdString();
    EXPECT_TRUE(QFile::exists(QDir(configDir()).filePath(u"logs/multi-purpose-agent.log"_s)));
}

TEST_F(AppProcessTest, WithoutABrowserItKeepsRetryingAndStillExitsCleanly)
{
    const quint16 port = unusedPort();
    AppRun run({ u"--headless"_s, u"--config-dir"_s, configDir(), u"--cdp-port"_s, QString::number(port),
                 u"--quit-after"_s, u"2"_s });
    ASSERT_EQ(run.finish(), 0) << dump(run).toStdString();
    EXPECT_TRUE(run.err().contains(u"no browser answers at 127.0.0.1:%1"_s.arg(port)))
        << dump(run).toStdString();
    EXPECT_TRUE(run.err().contains(u"--remote-debugging-port=%1"_s.arg(port)));
    EXPECT_EQ(run.summary().value(u"targets").toInt(-1), 0) << dump(run).toStdString();
}

TEST_F(AppProcessTest, BadArgumentsExitWithCode2AndNameTheArgument)
{
    const QList<QPair<QStringList, QString>> cases = {
        { { u"--cdp-port"_s, u"abc"_s }, u"--cdp-port: 'abc'"_s },
        { { u"--cdp-port"_s, u"70000"_s }, u"--cdp-port: '70000'"_s },
        { { u"--bogus"_s }, u"bogus"_s },
        { { u"--quit-after"_s, u"-1"_s }, u"--quit-after"_s },
        { { u"--debug-server=http"_s }, u"--debug-server"_s },
        { { u"--headless"_s, u"stray"_s }, u"'stray'"_s },
        { { u"--config-dir"_s }, u"config-dir"_s },
        { { u"ctl"_s }, u"ctl: usage is 'ctl ACTION [JSON]'"_s },
        { { u"mcp"_s, u"extra"_s }, u"'extra'"_s },
    };
    for (const auto &[args, mention] : cases) {
        AppRun run(args);
        EXPECT_EQ(run.finish(), 2) << args.join(u' ').toStdString() << dump(run).toStdString();
        EXPECT_TRUE(run.err().contains(mention)) << args.join(u' ').toStdString() << dump(run).toStdString();
    }
}

TEST_F(AppProcessTest, VersionAndHelp)
{
    AppRun version({ u"--version"_s });
    ASSERT_EQ(version.finish(), 0);
    EXPECT_TRUE(version.out().startsWith(u"multi-purpose-agent "_s));
    AppRun help({ u"--help"_s });
    ASSERT_EQ(help.finish(), 0);
    for (const QString &option :
         { u"--headless"_s, u"--config-dir"_s, u"--cdp-host"_s, u"--cdp-port"_s, u"--auto-accept"_s,
           u"--debug-server[=PORT]"_s, u"--quit-after"_s, u"--demo"_s, u"--standby"_s })
        EXPECT_TRUE(help.out().contains(option)) << option.toStdString();
}

TEST_F(AppProcessTest, ASecondInstanceHandsOverItsArgumentsAndExitsWith3)
{
    const quint16 port = unusedPort();
    AppRun first({ u"--headless"_s, u"--config-dir"_s, configDir(), u"--cdp-port"_s, QString::number(port),
                   u"--quit-after"_s, u"60"_s });
    ASSERT_TRUE(first.waitForStderr(u"looking for a browser"_s)) << dump(first).toStdString();

    AppRun second({ u"--headless"_s, u"--config-dir"_s, configDir(), u"--show"_s });
    ASSERT_EQ(second.finish(), 3) << dump(second).toStdString();
    EXPECT_TRUE(second.err().contains(u"another instance (pid %1) already drives"_s.arg(first.pid())))
        << dump(second).toStdString();
    EXPECT_TRUE(first.waitForStderr(u"handed over its arguments: --headless --config-dir"_s))
        << dump(first).toStdString();
    EXPECT_TRUE(first.err().contains(u"--show"_s));

    // Another config dir is another, independent instance.
    AppRun other({ u"--headless"_s, u"--config-dir"_s, tempDir(), u"--cdp-port"_s, QString::number(port),
                   u"--quit-after"_s, u"1"_s });
    EXPECT_EQ(other.finish(), 0) << dump(other).toStdString();

    first.signal(SIGTERM);
    EXPECT_EQ(first.finish(), 0) << dump(first).toStdString();
    EXPECT_TRUE(first.out().contains(u"{\"summary\":"_s));
}

// Launched again from the desktop's menu while it runs: the running tray app shows its window and
// the second launch ends cleanly (not "already running", exit 3, which scripts still get).
TEST_F(AppProcessTest, APlainSecondLaunchShowsTheRunningInstancesWindow)
{
    const quint16 port = unusedPort();
    AppRun first({ u"--config-dir"_s, configDir(), u"--cdp-port"_s, QString::number(port), u"--quit-after"_s,
                   u"60"_s });
    // The tray app logs to its file.
    const QString log = QDir(configDir()).filePath(u"logs/multi-purpose-agent.log"_s);
    const auto logged = [&](const QString &text) {
        QFile file(log);
        return file.open(QIODevice::ReadOnly) && QString::fromUtf8(file.readAll()).contains(text);
    };
    ASSERT_TRUE(waitUntil([&] { return logged(u"looking for a browser"_s); })) << dump(first).toStdString();

    AppRun second({ u"--config-dir"_s, configDir() });
    ASSERT_EQ(second.finish(), 0) << dump(second).toStdString();
    EXPECT_TRUE(second.err().contains(u"the running instance (pid %1) shows its window"_s.arg(first.pid())))
        << dump(second).toStdString();
    EXPECT_TRUE(waitUntil([&] { return logged(u"handed over its arguments: --config-dir"_s); }));
    EXPECT_TRUE(logged(u"--show"_s));

    // Asking for something else (here: auto-accept for this run) is still "already running".
    AppRun other({ u"--config-dir"_s, configDir(), u"--auto-accept"_s });
    EXPECT_EQ(other.finish(), 3) << dump(other).toStdString();
    first.signal(SIGTERM);
    EXPECT_EQ(first.finish(), 0) << dump(first).toStdString();
}

TEST_F(AppProcessTest, AStandbyInstanceTakesOverAfterTheHolderIsKilled)
{
    const quint16 port = unusedPort();
    AppRun holder(
        { u"--headless"_s, u"--config-dir"_s, configDir(), u"--cdp-port"_s, QString::number(port) });
    ASSERT_TRUE(holder.waitForStderr(u"looking for a browser"_s)) << dump(holder).toStdString();
    AppRun standby({ u"--headless"_s, u"--standby"_s, u"--config-dir"_s, configDir(), u"--cdp-port"_s,
                     QString::number(port) });
    ASSERT_TRUE(standby.waitForStderr(u"standing by"_s)) << dump(standby).toStdString();
    EXPECT_FALSE(standby.err().contains(u"took over"_s));

    holder.signal(SIGKILL);
    ASSERT_EQ(holder.finish(), -1);
    ASSERT_TRUE(standby.waitForStderr(u"took over"_s, 15s)) << dump(standby).toStdString();
    EXPECT_TRUE(standby.waitForStderr(u"looking for a browser"_s)) << dump(standby).toStdString();
    standby.signal(SIGINT);
    EXPECT_EQ(standby.finish(), 0) << dump(standby).toStdString();
    EXPECT_TRUE(standby.out().contains(u"{\"summary\":"_s));
}

TEST_F(AppProcessTest, TheDemoStartsItsBrowserAttachesAndCleansUp)
{
    const QString tmp = tempDir();
    AppRun run({ u"--demo"_s, u"--headless"_s, u"--config-dir"_s, configDir(), u"--quit-after"_s, u"6"_s },
               tmp);
    ASSERT_TRUE(run.waitForStderr(u"demo: Chromium is up"_s)) << dump(run).toStdString();
    // The demo's browser keeps running its page when a window covers it (issue 34 item 21): the
    // real process was started without occlusion and background throttling.
    QByteArray browserLine;
    for (const QString &pid : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile cmdline(u"/proc/"_s + pid + u"/cmdline"_s);
        if (!cmdline.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = cmdline.readAll();
        if (line.contains(tmp.toUtf8()) && line.contains("--remote-debugging-port="))
            browserLine = line;
    }
    ASSERT_FALSE(browserLine.isEmpty()) << "the demo's browser process was not found";
    for (const char *flag : { "--disable-backgrounding-occluded-windows", "--disable-renderer-backgrounding",
                              "--disable-background-timer-throttling" })
        EXPECT_TRUE(browserLine.contains(flag)) << flag;
    EXPECT_TRUE(run.waitForStderr(u"/agent-panel.html)"_s)) << dump(run).toStdString();
    EXPECT_TRUE(run.waitForStderr(u"page 'Demo IDE — Multi Purpose Agent'"_s)) << dump(run).toStdString();
    // The demo turns auto-accept on: its agent's steps are accepted as they come.
    EXPECT_TRUE(run.waitForStderr(u"mpa.autoaccept: clicked \"accept\" (file edit) in 'Demo IDE"_s))
        << dump(run).toStdString();
    ASSERT_EQ(run.finish(), 0) << dump(run).toStdString();
    EXPECT_GE(run.summary().value(u"targets").toInt(), 1) << dump(run).toStdString();
    EXPECT_GE(run.summary().value(u"clicks").toInt(), 1) << dump(run).toStdString();

    // No process may still use the demo's browser profile (it lives under the run's TMPDIR).
    bool leftover = false;
    for (const QString &pid : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile cmdline(u"/proc/"_s + pid + u"/cmdline"_s);
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(tmp.toUtf8()))
            leftover = true;
    }
    EXPECT_FALSE(leftover) << "a demo browser process outlived the app";
}

} // namespace
