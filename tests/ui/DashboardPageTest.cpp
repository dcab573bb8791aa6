#include "pages/DashboardPage.h"

#include "FakeModels.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "common/LocalWebServer.h"
#include "pages/AutoAcceptPage.h"
#include "scheduler/Scheduler.h"

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class DashboardPageTest : public UiTest
{
};

TEST_F(DashboardPageTest, ShowsTheAttachedPagesLive)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    DashboardPage page(models()->stats());
    page.show();
    auto *targets = page.findChild<QListWidget *>(u"targetList"_s);
    ASSERT_TRUE(targets);
    EXPECT_EQ(targets->item(0)->text(), u"No pages attached yet"_s);

    engine->setCdpAddressOverride(u"127.0.0.1"_s, browser.port());
    engine->start();
    ASSERT_TRUE(waitUntil([&] { return engine->attachedPages() > 0; }));
    ASSERT_TRUE(waitUntil([&] { return targets->item(0)->text() != u"No pages attached yet"_s; }));
    EXPECT_EQ(targets->count(), engine->attachedPages());
    EXPECT_TRUE(page.findChild<QLabel *>(u"dashboardState"_s)->text().startsWith(u"Connected to"_s));
    engine->stop();
    browser.stop();
}

TEST_F(DashboardPageTest, ABlankTabIsNoAgentPanel)
{
    // The browser's own about:blank tab is attached, and the fallback profile fits any page:
    // it is still no agent panel, on the Dashboard as on Auto-accept ▸ Pages.
    HeadlessChromium browser;
    LocalWebServer site;
    ASSERT_TRUE(autoAcceptOnFixtures(browser, site));
    DashboardPage dashboard(models()->stats());
    AutoAcceptPage autoAcceptPage(engine->autoAccept(), models()->stats(), settings.get(),
                                  engine->paths().configDir);
    dashboard.resize(800, 900);
    dashboard.show();
    auto *listed = dashboard.findChild<QListWidget *>(u"targetList"_s);
    auto *pauseList = autoAcceptPage.findChild<QListWidget *>(u"targetPauseList"_s);
    auto *pageStats = dashboard.findChild<QTableWidget *>(u"pageStatsTable"_s);
    ASSERT_TRUE(listed && pauseList && pageStats);
    const auto texts = [](QListWidget *list) {
        QStringList all;
        for (int row = 0; row < list->count(); ++row)
            all.append(list->item(row)->text());
        return all;
    };
    ASSERT_TRUE(startEngineOn(browser));
    ASSERT_FALSE(openPage(site.url(u"/autoaccept/panel.html"_s)).isEmpty());
    ASSERT_TRUE(waitUntil([&] {
        const QStringList all = texts(listed);
        return all.contains(u"Auto-accept fixture — Generic agent panel"_s)
            && all.contains(u"about:blank — no agent panel"_s);
    })) << texts(listed).join(u" | "_s).toStdString();
    EXPECT_FALSE(texts(listed).join(u'\n').contains(u"about:blank — Generic"_s));
    EXPECT_EQ(texts(pauseList), QStringList { u"Auto-accept fixture — Generic agent panel"_s })
        << "Auto-accept ▸ Pages lists the same panel and no blank tab";
    for (int row = 0; row < pageStats->rowCount(); ++row)
        EXPECT_NE(pageStats->item(row, 0)->text(), u"about:blank"_s) << "a blank tab has no counts to show";
    screenshot(&dashboard, u"page-dashboard-blank-tab"_s);
    engine->stop();
    browser.stop();
}

TEST_F(DashboardPageTest, TheButtonsDriveTheEngine)
{
    DashboardPage page(models()->stats());
    auto *pause = page.findChild<QCheckBox *>(u"dashboardPause"_s);
    auto *autoAccept = page.findChild<QCheckBox *>(u"dashboardAutoAccept"_s);
    ASSERT_TRUE(pause && autoAccept);
    EXPECT_EQ(pause->text(), u"Pause"_s);
    EXPECT_FALSE(pause->isEnabled()) << "nothing runs: nothing to pause";

    autoAccept->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::AutoAcceptEnabled));
    EXPECT_TRUE(pause->isEnabled());
    pause->click();
    EXPECT_TRUE(engine->isPaused());
    EXPECT_TRUE(pause->isChecked());
    EXPECT_EQ(pause->text(), u"Pause"_s);
    pause->click();
    EXPECT_FALSE(engine->isPaused());
    EXPECT_FALSE(pause->isChecked());

    // A running queue is paused with it, and goes on with it.
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    EXPECT_FALSE(autoAccept->isChecked());
    EXPECT_FALSE(pause->isEnabled());
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    ASSERT_TRUE(engine->scheduler()->setQueue({ u"one"_s }));
    ASSERT_TRUE(engine->scheduler()->startQueue());
    EXPECT_TRUE(pause->isEnabled());
    pause->click();
    EXPECT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Paused);
    pause->click();
    EXPECT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Running);
    engine->scheduler()->stopQueue();
}

TEST_F(DashboardPageTest, StatisticsComeFromTheAutoAcceptTotals)
{
    DashboardPage page(models()->stats());
    auto *stats = page.findChild<QTableWidget *>(u"statsTable"_s);
    ASSERT_TRUE(stats);
    ASSERT_EQ(stats->rowCount(), 6);
    for (int row = 0; row < stats->rowCount(); ++row) {
        for (int column = 0; column < stats->columnCount(); ++column)
            EXPECT_EQ(stats->item(row, column)->text(), row == 1 ? u"0 min"_s : u"0"_s)
                << "a fresh config dir has counted nothing";
    }
    const AutoAcceptCounts earlier {
        .clicks = 30, .blocked = 2, .fileEdits = 20, .terminalCommands = 10, .sessions = 3
    };
    engine->autoAccept()->stats()->add(earlier, QDate::currentDate().addDays(-21));
    const AutoAcceptCounts today {
        .clicks = 5, .blocked = 1, .fileEdits = 3, .terminalCommands = 2, .sessions = 1
    };
    engine->autoAccept()->stats()->add(today);
    // Time saved: 5 s a click, 25 s this week and 175 s (≈ 3 min) in all.
    const QStringList thisWeek { u"5"_s, u"< 1 min"_s, u"1"_s, u"3"_s, u"2"_s, u"1"_s };
    const QStringList allTime { u"35"_s, u"3 min"_s, u"4"_s, u"23"_s, u"12"_s, u"3"_s };
    for (int row = 0; row < 6; ++row) {
        EXPECT_EQ(stats->item(row, 0)->text(), thisWeek.at(row)) << row;
        EXPECT_EQ(stats->item(row, 1)->text(), allTime.at(row)) << row;
    }
    EXPECT_EQ(DashboardPage::durationText(3 * 3600 + 5 * 60), u"3 h 05 min"_s);
    EXPECT_FALSE(page.findChild<QLabel *>(u"pending:stats"_s));
    EXPECT_FALSE(page.findChild<QLabel *>(u"pending:targetProfiles"_s));
}

// The page over a fake model: no engine, no browser.
TEST(DashboardPageOnModelTest, ShowsTheModelsStateAndItsSwitchesDriveIt)
{
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    FakeStatsModel model(folder.path());
    model.glance = u"Quota: 20% left (Claude Sonnet 4.5)"_s;
    model.fakePages.append({ u"t1"_s, u"Editor"_s, u"http://127.0.0.1/editor"_s, u"Fixture IDE"_s, false });
    model.fakePages.append({ u"t2"_s, QString(), u"http://127.0.0.1/blank"_s, QString(), true });
    model.fakePageCounts.append(
        { u"t1"_s, u"Editor"_s, u"http://127.0.0.1/editor"_s, u"Fixture IDE"_s, 7, 2 });
    AutoAcceptCounts counts;
    counts.clicks = 12;
    counts.blocked = 1;
    model.fakeCounters.add(counts);
    DashboardPage page(&model);

    EXPECT_EQ(page.findChild<QLabel *>(u"dashboardState"_s)->text(),
              u"Connected to 127.0.0.1:9222 · 1 page"_s);
    EXPECT_EQ(page.findChild<QLabel *>(u"dashboardQuota"_s)->text(),
              u"Quota: 20% left (Claude Sonnet 4.5)"_s);
    auto *targets = page.findChild<QListWidget *>(u"targetList"_s);
    ASSERT_EQ(targets->count(), 2);
    EXPECT_EQ(targets->item(0)->text(), u"Editor — Fixture IDE"_s);
    EXPECT_EQ(targets->item(1)->text(),
              u"http://127.0.0.1/blank — no agent panel — auto-accept paused here"_s)
        << "the address stands in for a missing title";
    auto *stats = page.findChild<QTableWidget *>(u"statsTable"_s);
    EXPECT_EQ(stats->item(0, 0)->text(), u"12"_s) << "clicks this week";
    EXPECT_EQ(stats->item(1, 0)->text(), u"1 min"_s) << "12 clicks × 5 s";
    EXPECT_EQ(stats->item(5, 1)->text(), u"1"_s) << "blocked, all time";
    auto *pageStats = page.findChild<QTableWidget *>(u"pageStatsTable"_s);
    ASSERT_EQ(pageStats->rowCount(), 1);
    EXPECT_EQ(pageStats->item(0, 0)->text(), u"Editor"_s);
    EXPECT_EQ(pageStats->item(0, 2)->text(), u"7"_s);

    // The switches: Auto-accept on, then Pause (offered once auto-accept is on).
    auto *autoAccept = page.findChild<QCheckBox *>(u"dashboardAutoAccept"_s);
    auto *pause = page.findChild<QCheckBox *>(u"dashboardPause"_s);
    EXPECT_FALSE(autoAccept->isChecked());
    EXPECT_FALSE(pause->isEnabled()) << "nothing to pause";
    autoAccept->click();
    EXPECT_EQ(model.autoAcceptSet, QList<bool> { true });
    EXPECT_TRUE(pause->isEnabled());
    pause->click();
    EXPECT_EQ(model.pausedSet, QList<bool> { true });
    EXPECT_TRUE(pause->isChecked());

    // The quota used up: the reason replaces the glance.
    model.holdReason = u"the quota resets at 14:00"_s;
    Q_EMIT model.changed();
    EXPECT_EQ(page.findChild<QLabel *>(u"dashboardQuota"_s)->text(),
              u"Quota used up: the quota resets at 14:00"_s);
}

} // namespace
