#pragma once
// A widget test of the app as the user starts it: the window and its tray over the test's engine.

#include "MainWindow.h"
#include "TrayController.h"
#include "UiTest.h"

#include <QAction>
#include <QMenu>

#include <memory>

namespace mpa::test {

class TrayAppTest : public UiTest
{
protected:
    void makeWindowAndTray()
    {
        window = std::make_unique<MainWindow>(engine.get());
        tray = std::make_unique<TrayController>(engine.get(), window.get());
    }
    void TearDown() override
    {
        tray.reset();
        window.reset();
        UiTest::TearDown();
    }

    // The tray menu's entry named `name`.
    QAction *action(const QString &name) { return tray->menu()->findChild<QAction *>(name); }

    std::unique_ptr<MainWindow> window;
    std::unique_ptr<TrayController> tray;
};

} // namespace mpa::test
