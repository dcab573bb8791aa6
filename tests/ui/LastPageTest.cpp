// "Settings…" and the window open the page the user last looked at, also after a restart: the
// page's id is kept in ui/lastPage.
#include "QtPrinters.h"
#include "TrayAppTest.h"
#include "logging/LogBuffer.h"
#include "logging/Logging.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QSettings>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class LastPageTest : public TrayAppTest
{
protected:
    QString settingsFile() const { return QDir(configDir()).filePath(u"settings.ini"_s); }

    // As after a quit and a new start: the window, the engine and the settings made again from
    // the file on disk.
    void restart()
    {
        tray.reset();
        window.reset();
        engine.reset();
        settings.reset();
        settings = std::make_unique<Settings>(settingsFile());
        engine = std::make_unique<Engine>(settings.get(), AppPaths::forConfigDir(configDir()));
        makeWindowAndTray();
    }
    void settingsFromTheTray() { action(u"settingsAction"_s)->trigger(); }
};

TEST_F(LastPageTest, TheTraysSettingsOpensThePageLastUsedAfterARestart)
{
    restart();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Dashboard) << "a first start opens the Dashboard";
    window->show();
    // The user picks Prompt queue in the page list, then closes the window and quits.
    auto *nav = window->findChild<QListWidget *>(u"pageList"_s);
    ASSERT_TRUE(nav);
    nav->setCurrentRow(int(MainWindow::Page::Queue));
    window->close();
    EXPECT_EQ(settings->stringValue(SettingKey::UiLastPage), u"queue"_s) << "by id, not by position";
    EXPECT_EQ(QSettings(settingsFile(), QSettings::IniFormat).value(u"ui/lastPage"_s).toString(), u"queue"_s);

    restart();
    EXPECT_FALSE(window->isVisible());
    settingsFromTheTray();
    EXPECT_TRUE(window->isVisible());
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Queue);
}

TEST_F(LastPageTest, SettingsComesBackFromAnotherPageToTheLastOne)
{
    restart();
    window->showPage(MainWindow::Page::Quota);
    // A notification or another menu entry shows its own page; the user moves on from there.
    window->showPage(MainWindow::Page::Servers);
    window->hide();
    settingsFromTheTray();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Servers);
}

TEST_F(LastPageTest, LogsIsNotWhereSettingsReturns)
{
    restart();
    window->showPage(MainWindow::Page::Safety);
    tray->menu()->findChild<QAction *>(u"logsAction"_s)->trigger();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Logs);
    window->hide();
    settingsFromTheTray();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Safety) << "Logs… has its own entry";
    restart();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Safety);
}

// Clicking a summary in the tray (or a bubble one only clicks away) brings the window back on the
// page the user left, not on the Dashboard; only a question opens the page that asks it.
TEST_F(LastPageTest, ReopeningFromATrayMessageKeepsThePageTheUserLeft)
{
    restart();
    window->show();
    window->findChild<QListWidget *>(u"pageList"_s)->setCurrentRow(int(MainWindow::Page::Safety));
    window->close();
    ASSERT_EQ(settings->stringValue(SettingKey::UiLastPage), u"safety"_s);
    for (const Notifier::Kind kind : { Notifier::Kind::WhileAway, Notifier::Kind::SessionSummary,
                                       Notifier::Kind::WeeklySummary, Notifier::Kind::CommandBlocked }) {
        SCOPED_TRACE(int(kind));
        window->hide();
        tray->openNotification(kind);
        EXPECT_TRUE(window->isVisible());
        EXPECT_EQ(window->currentPage(), MainWindow::Page::Safety);
        EXPECT_EQ(settings->stringValue(SettingKey::UiLastPage), u"safety"_s);
    }
    // After a restart too, by the page kept in the file.
    restart();
    tray->openNotification(Notifier::Kind::WhileAway);
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Safety);
    // A question still opens the page that asks it.
    window->hide();
    tray->openNotification(Notifier::Kind::RunQuestion);
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Tasks);
}

TEST_F(LastPageTest, APageIdInAnotherCaseIsStillThatPage)
{
    {
        QSettings file(settingsFile(), QSettings::IniFormat);
        file.setValue(u"ui/lastPage"_s, u"AutoAccept"_s);
    }
    restart();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::AutoAccept);
}

TEST_F(LastPageTest, AnUnknownPageInTheFileOpensTheDashboardAndSaysWhy)
{
    {
        QSettings file(settingsFile(), QSettings::IniFormat);
        file.setValue(u"ui/lastPage"_s, u"plots"_s);
    }
    restart();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Dashboard);
    bool said = false;
    for (const LogEntry &entry : Logging::buffer()->tail(50, QtWarningMsg))
        said = said || (entry.message.contains(u"ui/lastPage"_s) && entry.message.contains(u"plots"_s));
    EXPECT_TRUE(said) << "the log names the setting and the value it could not use";
}

} // namespace
