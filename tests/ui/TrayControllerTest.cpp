#include "TrayController.h"

#include "MainWindow.h"
#include "QtPrinters.h"
#include "StatusIcon.h"
#include "TestEnvironment.h"
#include "engine/Engine.h"
#include "logging/Logging.h"
#include "settings/Settings.h"

#include <QAction>
#include <QDir>
#include <QImage>
#include <QMenu>
#include <QPainter>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

class TrayControllerTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        Logging::install({});
        settings = std::make_unique<Settings>(QDir(test::configDir()).filePath(u"settings.ini"_s));
        engine = std::make_unique<Engine>(settings.get(), AppPaths::forConfigDir(test::configDir()));
        window = std::make_unique<MainWindow>(engine.get());
        tray = std::make_unique<TrayController>(engine.get(), window.get());
    }

    QAction *action(const QString &name) { return tray->menu()->findChild<QAction *>(name); }

    std::unique_ptr<Settings> settings;
    std::unique_ptr<Engine> engine;
    std::unique_ptr<MainWindow> window;
    std::unique_ptr<TrayController> tray;
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
    pause->trigger();
    EXPECT_TRUE(engine->isPaused());
    EXPECT_EQ(pause->text(), u"Resume"_s);
    EXPECT_EQ(tray->iconState(), StatusIconState::Paused);
    EXPECT_TRUE(tray->toolTip().contains(u"paused"_s)) << tray->toolTip().toStdString();
    pause->trigger();
    EXPECT_FALSE(engine->isPaused());
    tray->setStandby(true);
    EXPECT_EQ(tray->iconState(), StatusIconState::Standby);
    engine->stop();
}

TEST_F(TrayControllerTest, QuitIsRequestedFromTheMenu)
{
    QSignalSpy quit(tray.get(), &TrayController::quitRequested);
    action(u"quitAction"_s)->trigger();
    EXPECT_EQ(quit.count(), 1);
}

TEST_F(TrayControllerTest, EveryIconStateLooksDifferentAndTheMenuRenders)
{
    const QList<StatusIconState> states {
        StatusIconState::Off,     StatusIconState::Active,         StatusIconState::Paused,
        StatusIconState::Standby, StatusIconState::QuotaExhausted, StatusIconState::Disconnected
    };
    QList<QImage> images;
    for (StatusIconState state : states)
        images.append(statusIcon(state).pixmap(22, 22).toImage());
    for (int i = 0; i < images.size(); ++i) {
        for (int j = i + 1; j < images.size(); ++j)
            EXPECT_NE(images.at(i), images.at(j)) << statusIconName(states.at(i)).toStdString() << " vs "
                                                  << statusIconName(states.at(j)).toStdString();
    }

    // A contact sheet of the icons at two sizes, and the menu as it would drop down.
    QImage sheet(states.size() * 72, 110, QImage::Format_ARGB32);
    sheet.fill(QColor(0xf0, 0xf0, 0xf0));
    QPainter painter(&sheet);
    for (int i = 0; i < states.size(); ++i) {
        painter.drawPixmap(i * 72 + 4, 4, statusIcon(states.at(i)).pixmap(64, 64));
        painter.drawPixmap(i * 72 + 25, 74, statusIcon(states.at(i)).pixmap(22, 22));
    }
    painter.end();
    ASSERT_TRUE(sheet.save(QDir(test::screenshotDir()).filePath(u"tray-icons.png"_s)));

    engine->start();
    tray->menu()->adjustSize();
    ASSERT_TRUE(tray->menu()->grab().save(QDir(test::screenshotDir()).filePath(u"tray-menu.png"_s)));
    engine->stop();
}

} // namespace
