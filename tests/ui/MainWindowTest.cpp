// The window: one page per concern behind a navigation list, the status line, and the
// no-tray behaviour.
#include "MainWindow.h"

#include "QtPrinters.h"
#include "SettingsPage.h"
#include "UiTest.h"
#include "logging/LogCategories.h"
#include "pages/LogsPage.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class MainWindowTest : public UiTest
{
};

TEST_F(MainWindowTest, EveryConcernHasItsPage)
{
    MainWindow window(engine.get());
    window.show();
    auto *nav = window.findChild<QListWidget *>(u"pageList"_s);
    ASSERT_TRUE(nav);
    QStringList titles;
    for (int i = 0; i < nav->count(); ++i)
        titles.append(nav->item(i)->text());
    EXPECT_EQ(titles,
              (QStringList { u"Dashboard"_s, u"Auto-accept"_s, u"Prompt queue"_s, u"History"_s, u"Quota"_s,
                             u"Safety"_s, u"Connection"_s, u"Servers"_s, u"Agents"_s, u"Tasks"_s, u"Bridge"_s,
                             u"Models"_s, u"Logs"_s, u"General"_s }));
    EXPECT_EQ(window.currentPage(), MainWindow::Page::Dashboard);
    nav->setCurrentRow(5);
    EXPECT_EQ(window.currentPage(), MainWindow::Page::Safety);
    window.showPage(MainWindow::Page::Logs);
    EXPECT_EQ(nav->currentRow(), 12);
    EXPECT_EQ(window.page(MainWindow::Page::Logs)->title(), u"Logs"_s);
    EXPECT_TRUE(window.page(MainWindow::Page::Logs)->isVisible());
}

TEST_F(MainWindowTest, TheStatusLineFollowsTheEngine)
{
    MainWindow window(engine.get());
    auto *status = window.findChild<QLabel *>(u"statusLine"_s);
    ASSERT_TRUE(status);
    EXPECT_EQ(status->text(), u"Stopped"_s);
    engine->start();
    EXPECT_TRUE(status->text().contains(u"127.0.0.1:9004"_s)) << status->text().toStdString();
    engine->setPaused(true);
    EXPECT_TRUE(status->text().contains(u"paused"_s)) << status->text().toStdString();
    engine->stop();
}

TEST_F(MainWindowTest, TheLogsPageTailsTheLog)
{
    MainWindow window(engine.get());
    window.showPage(MainWindow::Page::Logs);
    qCInfo(lcApp) << "a line for the log view";
    auto *log = window.findChild<QListView *>(u"logView"_s);
    ASSERT_TRUE(log && log->model());
    const QModelIndex last = log->model()->index(log->model()->rowCount() - 1, 0);
    EXPECT_TRUE(last.data().toString().contains(u"a line for the log view"_s));
}

TEST_F(MainWindowTest, WithoutATrayTheWindowSaysSoAndClosingMinimises)
{
    MainWindow window(engine.get());
    window.setTrayAvailable(false);
    window.show();
    auto *banner = window.findChild<QLabel *>(u"noTrayBanner"_s);
    ASSERT_TRUE(banner);
    EXPECT_TRUE(banner->isVisible());
    EXPECT_TRUE(banner->text().contains(u"no system tray"_s));
    EXPECT_TRUE(window.closeMinimizes());
    window.close();
    EXPECT_TRUE(window.isVisible()) << "closing must not hide the only way back";
    window.showNormal();
    screenshot(&window, u"window-no-tray"_s);

    // The window offers its own way out.
    QSignalSpy quit(&window, &MainWindow::quitRequested);
    auto *quitAction = window.findChild<QAction *>(u"windowQuitAction"_s);
    ASSERT_TRUE(quitAction);
    quitAction->trigger();
    EXPECT_EQ(quit.count(), 1);

    window.setTrayAvailable(true);
    EXPECT_FALSE(banner->isVisible());
    window.close();
    EXPECT_FALSE(window.isVisible());
}

} // namespace

namespace {

TEST_F(MainWindowTest, TheDefaultSizeFitsThePageList)
{
    settings->setValue(SettingKey::UiWelcomed, true);
    MainWindow window(engine.get());
    window.show();
    auto *list = window.findChild<QListWidget *>(u"pageList"_s);
    ASSERT_TRUE(list);
    QCoreApplication::processEvents();
    const QRect screen = window.screen()->availableGeometry();
    EXPECT_LE(window.height(), screen.height()) << "never taller than the screen";
    EXPECT_LE(window.width(), screen.width());
    // The whole list, unless the screen is too small for it (then as tall as the screen lets).
    if (window.height() < screen.height() - 40) {
        EXPECT_FALSE(list->verticalScrollBar()->isVisible())
            << "the whole page list shows at " << window.width() << "×" << window.height();
        const QRect lastRow = list->visualItemRect(list->item(list->count() - 1));
        EXPECT_LE(lastRow.bottom(), list->viewport()->height()) << "General, the last page, is not cut";
    }
    screenshot(&window, u"window-default-size"_s);
}

TEST_F(MainWindowTest, SizeAndPlaceAreKeptAcrossRestarts)
{
    QRect left;
    QString file;
    {
        MainWindow window(engine.get());
        file = window.windowStateFile();
        EXPECT_EQ(file, QDir(configDir()).filePath(u"window.ini"_s));
        window.show();
        window.setGeometry(60, 50, 700, 480);
        QCoreApplication::processEvents();
        left = window.geometry();
        window.close(); // to the tray: kept now
        EXPECT_TRUE(QFile::exists(file));
    }
    EXPECT_FALSE(QSettings(file, QSettings::IniFormat).value(u"geometry"_s).toByteArray().isEmpty());
    QRect moved;
    {
        MainWindow again(engine.get()); // as after a restart: it reads the file
        again.show();
        QCoreApplication::processEvents();
        EXPECT_EQ(again.geometry(), left);
        // Moved and resized, then the app quits with the window open: kept too.
        again.setGeometry(30, 20, 640, 450);
        QCoreApplication::processEvents();
        moved = again.geometry();
    }
    MainWindow third(engine.get());
    third.show();
    QCoreApplication::processEvents();
    EXPECT_EQ(third.geometry(), moved);
}

TEST_F(MainWindowTest, AnUnreadableGeometryOpensAtTheDefaultSize)
{
    {
        QSettings state(QDir(configDir()).filePath(u"window.ini"_s), QSettings::IniFormat);
        state.setValue(u"geometry"_s, QByteArray("not a geometry"));
    }
    MainWindow window(engine.get());
    EXPECT_EQ(window.size(), window.defaultSize());
}

} // namespace
