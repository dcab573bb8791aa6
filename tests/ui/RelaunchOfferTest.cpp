// The first start's offer to restart an IDE that runs without debugging, and the Connection
// page's "Restart Running IDE with Debugging", against a fake IDE executable (FakeIde: records its
// arguments, serves CDP when started with the flag) — the user's side of forceRelaunch.
#include "RelaunchOffer.h"

#include "FakeIde.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "cdp/IdeRelauncher.h"
#include "pages/ConnectionPage.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class RelaunchOfferTest : public UiTest
{
protected:
    void SetUp() override
    {
        UiTest::SetUp();
        QTcpServer probe; // a port nothing listens on
        ASSERT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
        probe.close();
        ASSERT_TRUE(settings->setValue(SettingKey::CdpPort, port));
        folder = QDir(tempDir()).filePath(u"projects/gamma"_s);
        ASSERT_TRUE(QDir().mkpath(folder));
        ide = std::make_unique<FakeIde>(QDir(tempDir()).filePath(u"fake-ide"_s));
    }

    void TearDown() override
    {
        engine->stop();
        ide.reset();
        UiTest::TearDown();
    }

    // The running fake IDE as the process table shows an installed one: its program, its folder.
    RunningIde running(qint64 pid) const
    {
        ProcessInfo process;
        process.pid = pid;
        process.name = u"antigravity"_s;
        process.arguments = { ide->program(), folder };
        return RunningIde::fromProcess(process);
    }

    quint16 port = 0;
    QString folder;
    std::unique_ptr<FakeIde> ide;
};

TEST_F(RelaunchOfferTest, TheFirstStartOffersOnceAndRestartBringsTheIdeBackWithDebugging)
{
    qint64 pid = 0;
    QString error;
    ASSERT_TRUE(ide->start({ folder }, &pid, &error)) << error.toStdString();
    engine->start();
    MainWindow window(engine.get());
    RelaunchOffer *offer = window.relaunchOffer();
    ASSERT_TRUE(offer);
    offer->setFinder([&]() -> std::optional<RunningIde> { return running(pid); });

    QSignalSpy offered(offer, &RelaunchOffer::offered);
    ASSERT_TRUE(offer->check());
    ASSERT_EQ(offered.size(), 1);
    EXPECT_EQ(offered.at(0).at(0).toString(),
              u"Antigravity is running without debugging — restart it with debugging?"_s);
    EXPECT_TRUE(settings->boolValue(SettingKey::UiRelaunchOffered));
    QMessageBox *dialog = offer->dialog();
    ASSERT_TRUE(dialog);
    screenshot(dialog, u"relaunch-offer"_s);
    EXPECT_FALSE(offer->check()) << "offered twice";

    QSignalSpy finished(engine->relauncher(), &IdeRelauncher::finished);
    dialog->findChild<QPushButton *>(u"relaunchOfferRestart"_s)->click();
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }, 90s));
    const auto result = finished.at(0).at(0).value<IdeRelauncher::Result>();
    EXPECT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_TRUE(ide->hasQuit(pid));
    ASSERT_EQ(ide->starts().size(), 2);
    EXPECT_EQ(ide->starts().at(1).arguments,
              (QStringList { folder, u"--remote-debugging-port=%1"_s.arg(port) }));
    EXPECT_TRUE(waitUntil([&] { return engine->endpoint()->isConnected(); }, 60s))
        << engine->statusLine().toStdString();

    // Next start: never again.
    MainWindow next(engine.get());
    next.relaunchOffer()->setFinder([&]() -> std::optional<RunningIde> { return running(pid); });
    EXPECT_FALSE(next.relaunchOffer()->check());
}

TEST_F(RelaunchOfferTest, NoIdeRunningMeansNoOfferAndTheConnectionPageSaysSo)
{
    engine->start();
    MainWindow window(engine.get());
    window.relaunchOffer()->setFinder([] { return std::optional<RunningIde>(); });
    EXPECT_FALSE(window.relaunchOffer()->check());
    EXPECT_FALSE(settings->boolValue(SettingKey::UiRelaunchOffered)) << "kept for a start when an IDE runs";

    // The Connection page: nothing of the kind runs on this machine.
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.selectIde(u"windsurf"_s);
    QString none;
    if (engine->relauncher()->find(0, QString(), &none).has_value())
        GTEST_SKIP() << "a real IDE runs on this machine";
    EXPECT_FALSE(page.relaunchIde());
    const QString state = page.findChild<QLabel *>(u"startState"_s)->text();
    EXPECT_EQ(state,
              u"Nothing to restart: none of %1 is running."_s.arg(QLocale().createSeparatedList(
                  { u"Antigravity"_s, u"Cursor"_s, u"VS Code"_s, u"Windsurf"_s })));
}

TEST_F(RelaunchOfferTest, RestartRunningIdeIsOnOnlyWhileAnIdeRuns)
{
    QString none;
    if (engine->relauncher()->find(0, QString(), &none).has_value())
        GTEST_SKIP() << "a real IDE runs on this machine";
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.selectIde(u"windsurf"_s);
    page.show();
    auto *restart = page.findChild<QPushButton *>(u"ideRelaunch"_s);
    ASSERT_TRUE(restart);
    EXPECT_FALSE(restart->isEnabled());
    EXPECT_EQ(restart->toolTip(),
              u"Nothing to restart: none of %1 is running."_s.arg(QLocale().createSeparatedList(
                  { u"Antigravity"_s, u"Cursor"_s, u"VS Code"_s, u"Windsurf"_s })));

    // A program the process table names as Windsurf's (a copy of sleep called "windsurf", so its
    // argv[0] ends in it as an installed one's does) turns it on while the page shows.
    const QString sleep = QStandardPaths::findExecutable(u"sleep"_s);
    if (sleep.isEmpty())
        GTEST_SKIP() << "no sleep program to stand in for an IDE";
    const QString windsurf = QDir(tempDir()).filePath(u"bin/windsurf"_s);
    ASSERT_TRUE(QDir().mkpath(QFileInfo(windsurf).path()));
    ASSERT_TRUE(QFile::copy(sleep, windsurf));
    QProcess running;
    running.start(windsurf, { u"60"_s });
    ASSERT_TRUE(running.waitForStarted());
    EXPECT_TRUE(waitUntil([&] { return restart->isEnabled(); }, 10s)) << restart->toolTip().toStdString();
    EXPECT_TRUE(restart->toolTip().contains(u"Quit Windsurf (process %1)"_s.arg(running.processId())))
        << restart->toolTip().toStdString();

    running.kill();
    running.waitForFinished();
    EXPECT_TRUE(waitUntil([&] { return !restart->isEnabled(); }, 10s)) << "the IDE is gone";
}

} // namespace
