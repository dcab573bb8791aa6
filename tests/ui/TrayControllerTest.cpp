// The tray: icon states, tooltip, and a menu whose every entry does what it says.
#include "TrayController.h"

#include "EngineControls.h"
#include "HeadlessChromium.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "StatusIcon.h"
#include "TrayAppTest.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "common/LocalWebServer.h"
#include "logging/LogBuffer.h"
#include "logging/Logging.h"
#include "pages/DashboardPage.h"
#include "scheduler/Scheduler.h"

#include <QAction>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class TrayControllerTest : public TrayAppTest
{
protected:
    void SetUp() override
    {
        TrayAppTest::SetUp();
        makeWindowAndTray();
    }

    QAction *queueAction(const QString &name) { return tray->queueMenu()->findChild<QAction *>(name); }
};

TEST_F(TrayControllerTest, WithoutATrayTheWindowOpensInstead)
{
    // The offscreen platform has no tray, like a bare X server.
    EXPECT_FALSE(tray->start());
    EXPECT_TRUE(window->isVisible());
    EXPECT_TRUE(window->closeMinimizes());
    EXPECT_FALSE(tray->isTrayVisible());
}

TEST_F(TrayControllerTest, PauseResumeDrivesTheEngineAndTheIconFollows)
{
    engine->start();
    EXPECT_EQ(tray->iconState(), StatusIconState::Disconnected);
    QAction *pause = action(u"pauseAction"_s);
    ASSERT_TRUE(pause);
    EXPECT_EQ(pause->text(), u"Pause"_s);
    // A switch with a tick, like Auto-accept and Send Prompts Automatically beside it.
    EXPECT_TRUE(pause->isCheckable());
    EXPECT_FALSE(pause->isChecked());
    // Nothing runs: nothing to pause.
    EXPECT_FALSE(pause->isEnabled());
    EXPECT_TRUE(pause->toolTip().startsWith(u"Nothing to pause"_s)) << pause->toolTip().toStdString();
    action(u"autoAcceptAction"_s)->trigger();
    EXPECT_TRUE(pause->isEnabled());
    pause->trigger();
    EXPECT_TRUE(engine->isPaused());
    EXPECT_TRUE(pause->isChecked());
    EXPECT_EQ(pause->text(), u"Pause"_s);
    // No IDE is still what the icon says: the pause does not hide the red behind orange.
    EXPECT_EQ(tray->iconState(), StatusIconState::Disconnected);
    EXPECT_TRUE(tray->toolTip().contains(u"paused"_s)) << tray->toolTip().toStdString();
    // Paused, it stays offered (to resume) even with auto-accept switched off meanwhile.
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    EXPECT_TRUE(pause->isEnabled());
    pause->trigger();
    EXPECT_FALSE(engine->isPaused());
    EXPECT_FALSE(pause->isChecked());
    EXPECT_FALSE(pause->isEnabled());
    tray->setStandby(true);
    EXPECT_EQ(tray->iconState(), StatusIconState::Standby);
    engine->stop();
    tray->setStandby(false);
    EXPECT_EQ(tray->iconState(), StatusIconState::Off);
}

// Pause stops what the user expects to stop: auto-accept and a running prompt queue (which keeps
// its place); Resume lets both go on. A queue alone is enough for Pause to be offered.
TEST_F(TrayControllerTest, PausePausesTheRunningQueueTooAndResumeGoesOn)
{
    QAction *pause = action(u"pauseAction"_s);
    ASSERT_TRUE(pause);
    Scheduler *scheduler = engine->scheduler();
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    ASSERT_TRUE(scheduler->setQueue({ u"one"_s, u"two"_s }));
    EXPECT_FALSE(pause->isEnabled()) << "a queue that does not run is nothing to pause";
    QString refused;
    ASSERT_TRUE(scheduler->startQueue(&refused)) << refused.toStdString();
    EXPECT_TRUE(pause->isEnabled());
    pause->trigger();
    EXPECT_TRUE(engine->isPaused());
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    EXPECT_EQ(scheduler->queue().position, 0) << "the queue keeps its place";
    pause->trigger();
    EXPECT_FALSE(engine->isPaused());
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    ASSERT_TRUE(scheduler->stopQueue(&refused)) << refused.toStdString();
    EXPECT_FALSE(pause->isEnabled());
}

TEST_F(TrayControllerTest, AutoAcceptSwitchIsTheSettingAndWinsOverTheCommandLine)
{
    QAction *autoAccept = action(u"autoAcceptAction"_s);
    ASSERT_TRUE(autoAccept);
    EXPECT_TRUE(autoAccept->isCheckable());
    EXPECT_FALSE(autoAccept->isChecked());
    autoAccept->trigger();
    EXPECT_TRUE(settings->boolValue(SettingKey::AutoAcceptEnabled));
    EXPECT_TRUE(tray->toolTip().contains(u"Auto-accept on"_s)) << tray->toolTip().toStdString();
    settings->setValue(SettingKey::AutoAcceptEnabled, false); // from the window or the debug API
    EXPECT_FALSE(autoAccept->isChecked());

    Engine::Overrides overrides;
    overrides.autoAccept = true; // --auto-accept
    engine->setOverrides(overrides);
    Q_EMIT engine->statusChanged();
    EXPECT_TRUE(autoAccept->isChecked());
    autoAccept->trigger(); // off: the user's choice wins from now on
    EXPECT_FALSE(autoAccept->isChecked());
    EXPECT_FALSE(engine->overrides().autoAccept.has_value());
    EXPECT_FALSE(settings->boolValue(SettingKey::AutoAcceptEnabled));
}

TEST_F(TrayControllerTest, ConnectedWithNothingSwitchedOnIsOffAndActiveOtherwise)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    ASSERT_TRUE(startEngineOn(browser));
    EXPECT_EQ(tray->iconState(), StatusIconState::Off);
    action(u"autoAcceptAction"_s)->trigger();
    EXPECT_EQ(tray->iconState(), StatusIconState::Active);
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    settings->setValue(SettingKey::ScheduleEnabled, true);
    EXPECT_EQ(tray->iconState(), StatusIconState::Active);
    EXPECT_TRUE(tray->toolTip().contains(u"Connected to"_s)) << tray->toolTip().toStdString();
    // The first-hour report (issue 34, item 11): a running prompt queue is work going on, with
    // auto-accept and the schedule off; the icon said "off".
    settings->setValue(SettingKey::ScheduleEnabled, false);
    EXPECT_EQ(tray->iconState(), StatusIconState::Off);
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    Scheduler *scheduler = engine->scheduler();
    ASSERT_TRUE(scheduler->setQueue({ u"one"_s, u"two"_s }));
    QString refused;
    ASSERT_TRUE(scheduler->startQueue(&refused)) << refused.toStdString();
    EXPECT_EQ(tray->iconState(), StatusIconState::Active);
    ASSERT_TRUE(scheduler->stopQueue(&refused)) << refused.toStdString();
    EXPECT_EQ(tray->iconState(), StatusIconState::Off);
    engine->stop();
    browser.stop();
}

TEST_F(TrayControllerTest, QueueEntriesFollowTheQueueAndControlIt)
{
    // An empty queue: nothing to start, and the entry says why.
    QAction *start = queueAction(u"queueStartAction"_s);
    QAction *pause = queueAction(u"queuePauseAction"_s);
    QAction *skip = queueAction(u"queueSkipAction"_s);
    QAction *stop = queueAction(u"queueStopAction"_s);
    for (QAction *entry : { start, pause, skip, stop }) {
        ASSERT_TRUE(entry);
        EXPECT_FALSE(entry->isEnabled()) << entry->objectName().toStdString();
    }
    EXPECT_TRUE(start->toolTip().contains(u"The queue is empty"_s)) << start->toolTip().toStdString();
    QAction *sendNow = action(u"sendNowAction"_s);
    ASSERT_TRUE(sendNow);
    EXPECT_EQ(sendNow->text(), u"Send Prompt Now…"_s);
    EXPECT_FALSE(sendNow->isEnabled()) << "the engine is not running";
    EXPECT_TRUE(tray->menu()->toolTipsVisible());

    // With prompts in queue mode the queue starts from the menu (no chat here: the send fails
    // later, the queue state is what the menu shows now).
    Scheduler *scheduler = engine->scheduler();
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    EXPECT_FALSE(start->isEnabled());
    EXPECT_TRUE(start->toolTip().contains(u"The queue is empty"_s)) << start->toolTip().toStdString();
    ASSERT_TRUE(scheduler->setQueue({ u"one"_s, u"two"_s }));
    EXPECT_TRUE(start->isEnabled());
    start->trigger();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    EXPECT_FALSE(start->isEnabled());
    EXPECT_TRUE(pause->isEnabled());
    EXPECT_TRUE(stop->isEnabled());
    EXPECT_TRUE(tray->toolTip().contains(u"Queue: prompt 1 of 2"_s)) << tray->toolTip().toStdString();
    pause->trigger();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    EXPECT_EQ(pause->text(), u"Resume"_s);
    EXPECT_TRUE(tray->toolTip().contains(u"Queue paused at prompt 1 of 2"_s))
        << tray->toolTip().toStdString();
    skip->trigger();
    EXPECT_EQ(scheduler->queue().position, 1);
    stop->trigger();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    EXPECT_FALSE(stop->isEnabled());
}

TEST_F(TrayControllerTest, SettingsAndLogsOpenTheWindowOnTheirPage)
{
    action(u"logsAction"_s)->trigger();
    EXPECT_TRUE(window->isVisible());
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Logs);
    window->hide();
    action(u"settingsAction"_s)->trigger();
    EXPECT_TRUE(window->isVisible());
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Dashboard);
    window->showPage(MainWindow::Page::Safety);
    window->hide();
    action(u"settingsAction"_s)->trigger();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Safety) << "Settings reopens where the user was";
}

TEST_F(TrayControllerTest, NewTaskAndBridgeOpenTheirPages)
{
    action(u"newTaskAction"_s)->trigger();
    EXPECT_TRUE(window->isVisible());
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Tasks);
    window->hide();
    action(u"bridgeAction"_s)->trigger();
    EXPECT_TRUE(window->isVisible());
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Bridge);
}

TEST_F(TrayControllerTest, QuitIsRequestedFromTheMenu)
{
    QSignalSpy quit(tray.get(), &TrayController::quitRequested);
    action(u"quitAction"_s)->trigger();
    EXPECT_EQ(quit.count(), 1);
}

// Pausing auto-accept on one page shows beyond the Auto-accept page: in the tooltip, on the
// Dashboard (its state and its page list) and, once every page is paused, in the icon; the log
// names the page by its title.
TEST_F(TrayControllerTest, APageThatIsPausedOnItsOwnShowsEverywhere)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    LocalWebServer site;
    ASSERT_TRUE(serveFixtures(site));
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    ASSERT_TRUE(startEngineOn(browser));
    const QString targetId = openPage(site.url(u"/autoaccept/panel.html"_s));
    ASSERT_FALSE(targetId.isEmpty());
    AutoAcceptController *autoAccept = engine->autoAccept();
    ASSERT_TRUE(waitUntil([&] {
        for (const AutoAcceptController::TargetState &t : autoAccept->targets()) {
            if (t.targetId == targetId && t.attached && t.title == u"Auto-accept fixture"_s)
                return true;
        }
        return false;
    }));
    EXPECT_EQ(tray->iconState(), StatusIconState::Active);
    EXPECT_FALSE(tray->toolTip().contains(u"paused"_s)) << tray->toolTip().toStdString();
    // The fixture's panel has a banned command: the menu names the last one blocked, and opens
    // the Safety page from it.
    ASSERT_TRUE(waitUntil([&] { return !autoAccept->recentBlocked().isEmpty(); }));
    Q_EMIT tray->menu()->aboutToShow();
    QAction *lastBlocked = action(u"lastBlockedAction"_s);
    EXPECT_TRUE(lastBlocked->isVisible());
    EXPECT_TRUE(
        lastBlocked->text().startsWith(u"Last blocked: rm -rf / --no-preserve-root (Auto-accept fixture, "_s))
        << lastBlocked->text().toStdString();
    lastBlocked->trigger();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Safety);
    // Today's counts come with the next collection of the page's counters.
    EXPECT_TRUE(waitUntil([&] {
        Q_EMIT tray->menu()->aboutToShow();
        return action(u"todayAction"_s)->text().endsWith(u" · 1 blocked"_s);
    })) << action(u"todayAction"_s)->text().toStdString();

    autoAccept->setTargetPaused(targetId, true);
    const int attached = EngineControls::attachedPageCount(engine.get());
    const QString tip = tray->toolTip();
    EXPECT_TRUE(tip.contains(u"Auto-accept on"_s)) << tip.toStdString();
    EXPECT_TRUE(tip.contains(u"Auto-accept paused on"_s) && tip.contains(u"“Auto-accept fixture”"_s))
        << tip.toStdString();
    EXPECT_FALSE(tip.contains(targetId)) << "pages by title, never by id";
    auto *dashboard = window->page<DashboardPage>();
    ASSERT_TRUE(dashboard);
    const QString state = dashboard->findChild<QLabel *>(u"dashboardState"_s)->text();
    EXPECT_TRUE(state.contains(u"Auto-accept paused on"_s) && state.contains(u"“Auto-accept fixture”"_s))
        << state.toStdString();
    auto *pages = dashboard->findChild<QListWidget *>(u"targetList"_s);
    bool listed = false;
    for (int row = 0; row < pages->count(); ++row)
        listed
            |= pages->item(row)->text().startsWith(u"Auto-accept fixture — Generic agent panel — auto-accept "
                                                   "paused here"_s);
    EXPECT_TRUE(listed);
    bool logged = false;
    const LogBuffer *log = Logging::buffer();
    for (int row = 0; log && row < log->rowCount(); ++row) {
        const QString message = log->at(row).message;
        logged |= message == u"auto-accept paused on the page “Auto-accept fixture”"_s;
        EXPECT_FALSE(message.contains(targetId)) << message.toStdString();
    }
    EXPECT_TRUE(logged) << "the log names the page by its title";
    EXPECT_EQ(tray->iconState(), attached == 1 ? StatusIconState::Paused : StatusIconState::Active);

    // Every page paused on its own, with nothing else switched on: the icon says paused.
    for (const AutoAcceptController::TargetState &t : autoAccept->targets())
        autoAccept->setTargetPaused(t.targetId, true);
    EXPECT_EQ(tray->iconState(), StatusIconState::Paused);
    const QImage paused = statusIcon(StatusIconState::Paused).pixmap(20, 20).toImage();
    EXPECT_EQ(window->findChild<QLabel *>(u"statusIcon"_s)->pixmap().toImage(), paused)
        << "the window's icon too";
    window->resize(800, 600);
    window->showPage(MainWindow::Page::Dashboard);
    window->show();
    screenshot(window.get(), u"dashboard-page-paused"_s);
    for (const AutoAcceptController::TargetState &t : autoAccept->targets())
        autoAccept->setTargetPaused(t.targetId, false);
    EXPECT_EQ(tray->iconState(), StatusIconState::Active);
    EXPECT_FALSE(tray->toolTip().contains(u"paused"_s)) << tray->toolTip().toStdString();
    engine->stop();
    browser.stop();
}

// The menu at a glance: today's clicks and blocks, the queue's progress, the last blocked
// command (which opens the Safety page), and the schedule's switch.
TEST_F(TrayControllerTest, TheMenuShowsTodayTheQueueAndTheLastBlockAtAGlance)
{
    QAction *today = action(u"todayAction"_s);
    QAction *progress = action(u"queueProgressAction"_s);
    QAction *lastBlocked = action(u"lastBlockedAction"_s);
    QAction *schedule = action(u"scheduleAction"_s);
    ASSERT_TRUE(today && progress && lastBlocked && schedule);
    Q_EMIT tray->menu()->aboutToShow();
    EXPECT_EQ(today->text(), u"Today: 0 clicks · 0 blocked"_s);
    EXPECT_FALSE(progress->isVisible()) << "no queue under way";
    EXPECT_FALSE(lastBlocked->isVisible()) << "nothing blocked";

    AutoAcceptCounts earlier;
    earlier.clicks = 9;
    engine->autoAccept()->stats()->add(earlier, QDate::currentDate().addDays(-1));
    AutoAcceptCounts counts;
    counts.clicks = 3;
    counts.blocked = 1;
    engine->autoAccept()->stats()->add(counts);
    Q_EMIT tray->menu()->aboutToShow();
    EXPECT_EQ(today->text(), u"Today: 3 clicks · 1 blocked"_s) << "today's, not yesterday's";

    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    ASSERT_TRUE(engine->scheduler()->setQueue({ u"one"_s, u"two"_s }));
    ASSERT_TRUE(engine->scheduler()->startQueue());
    ASSERT_TRUE(engine->scheduler()->pauseQueue());
    Q_EMIT tray->menu()->aboutToShow();
    EXPECT_TRUE(progress->isVisible());
    EXPECT_EQ(progress->text(), u"Queue paused at prompt 1 of 2"_s);
    EXPECT_FALSE(progress->isEnabled()) << "information, not a command";

    EXPECT_FALSE(schedule->isChecked());
    schedule->trigger();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleEnabled));
    settings->setValue(SettingKey::ScheduleEnabled, false);
    EXPECT_FALSE(schedule->isChecked()) << "follows the setting";
    ASSERT_TRUE(engine->scheduler()->stopQueue());
}

TEST_F(TrayControllerTest, EveryIconStateLooksDifferent)
{
    const QList<StatusIconState> states {
        StatusIconState::Off,     StatusIconState::Active,         StatusIconState::Paused,
        StatusIconState::Standby, StatusIconState::QuotaExhausted, StatusIconState::Disconnected
    };
    for (int size : { 16, 22, 32 }) {
        QList<QImage> images;
        for (StatusIconState state : states)
            images.append(statusIcon(state).pixmap(size, size).toImage());
        for (int i = 0; i < images.size(); ++i) {
            for (int j = i + 1; j < images.size(); ++j)
                EXPECT_NE(images.at(i), images.at(j))
                    << size << "px: " << statusIconName(states.at(i)).toStdString() << " vs "
                    << statusIconName(states.at(j)).toStdString();
        }
    }
}

} // namespace
