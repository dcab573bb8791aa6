#include "MainWindow.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "settings/Settings.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

class MainWindowTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        Logging::install({});
        settings = std::make_unique<Settings>(QDir(test::configDir()).filePath(u"settings.ini"_s));
        engine = std::make_unique<Engine>(settings.get(), AppPaths::forConfigDir(test::configDir()));
    }

    std::unique_ptr<Settings> settings;
    std::unique_ptr<Engine> engine;
};

TEST_F(MainWindowTest, ShowsStatusPagesAndTheLiveLog)
{
    MainWindow window(engine.get());
    window.show();
    auto *status = window.findChild<QLabel *>(u"statusLine"_s);
    ASSERT_TRUE(status);
    EXPECT_EQ(status->text(), u"Stopped"_s);
    engine->start();
    EXPECT_TRUE(status->text().contains(u"127.0.0.1:9004"_s)) << status->text().toStdString();
    auto *targets = window.findChild<QListWidget *>(u"targetList"_s);
    ASSERT_TRUE(targets);
    EXPECT_EQ(targets->item(0)->text(), u"No pages attached yet"_s);

    qCInfo(lcApp) << "a line for the log view";
    auto *log = window.findChild<QListView *>(u"logView"_s);
    ASSERT_TRUE(log && log->model());
    const QModelIndex last = log->model()->index(log->model()->rowCount() - 1, 0);
    EXPECT_TRUE(last.data().toString().contains(u"a line for the log view"_s));

    const QString file = QDir(test::screenshotDir()).filePath(u"main-window.png"_s);
    ASSERT_TRUE(window.grab().save(file));
    engine->stop();
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
    ASSERT_TRUE(window.grab().save(QDir(test::screenshotDir()).filePath(u"main-window-no-tray.png"_s)));

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
