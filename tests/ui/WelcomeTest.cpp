// The first start (issue 20, item 5): the window opens with a welcome that says what the app
// needs, offers the Connection page's one-click start and says how to try the demo; "Got It"
// puts it away for good; the Dashboard's "Waiting for a browser" links to the Connection page.
#include "MainWindow.h"
#include "QtPrinters.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "WelcomePanel.h"
#include "pages/ConnectionPage.h"
#include "pages/DashboardPage.h"
#include "platform/DesktopEntry.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>

#include <gtest/gtest.h>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace mpa;
using namespace mpa::test;

namespace {

class WelcomeTest : public UiTest
{
};

TEST_F(WelcomeTest, TheFirstStartOpensTheWindowWithAWelcomeUntilItIsPutAway)
{
    auto window = std::make_unique<MainWindow>(engine.get());
    TrayController tray(engine.get(), window.get());
    tray.start();
    EXPECT_TRUE(window->isVisible()) << "a first start shows the window";
    ASSERT_TRUE(window->isWelcoming());
    WelcomePanel *welcome = window->welcome();
    EXPECT_TRUE(welcome->isVisibleTo(window.get()));
    const QString text = welcome->findChild<QLabel *>(u"welcomeText"_s)->text();
    EXPECT_TRUE(
        text.contains(u"Chrome started with debugging on port 9004; nothing answers at 127.0.0.1:9004 yet"_s))
        << text.toStdString();
    EXPECT_FALSE(text.contains(u"--demo"_s)) << "no command to type: " << text.toStdString();
    auto *start = welcome->findChild<QPushButton *>(u"welcomeStart"_s);
    ASSERT_TRUE(start);
    auto *connection = window->page<ConnectionPage>();
    EXPECT_EQ(start->text(), connection->startText()) << "the Connection page's own button";
    EXPECT_EQ(start->isEnabled(), connection->canStartIde());
    window->resize(800, 600);
    screenshot(window.get(), u"welcome-first-start"_s);

    welcome->findChild<QPushButton *>(u"welcomeConnection"_s)->click();
    EXPECT_EQ(window->currentPage(), MainWindow::Page::Connection);
    welcome->findChild<QPushButton *>(u"welcomeDone"_s)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::UiWelcomed));
    EXPECT_FALSE(welcome->isVisibleTo(window.get()));
    EXPECT_FALSE(window->isWelcoming());

    // The next start: no welcome.
    MainWindow next(engine.get());
    EXPECT_FALSE(next.isWelcoming());
    EXPECT_FALSE(next.welcome()->isVisibleTo(&next));
}

TEST_F(WelcomeTest, TryTheDemoIsAButtonThatRestartsInTheDemo)
{
    MainWindow window(engine.get());
    window.show();
    auto *demo = window.welcome()->findChild<QPushButton *>(u"welcomeDemo"_s);
    auto *helpDemo = window.findChild<QAction *>(u"tryDemoAction"_s);
    ASSERT_TRUE(demo && helpDemo);
    EXPECT_FALSE(demo->isVisibleTo(&window)) << "nothing to start it with yet";
    int started = 0;
    window.setDemoStarter([&started](QString *) {
        ++started;
        return true;
    });
    EXPECT_TRUE(demo->isVisibleTo(&window));
    EXPECT_EQ(demo->text(), u"Try the Demo…"_s);
    EXPECT_TRUE(helpDemo->isVisible());
    const QString text = window.welcome()->findChild<QLabel *>(u"welcomeText"_s)->text();
    EXPECT_TRUE(text.contains(u"choose Try the Demo"_s)) << text.toStdString();
    window.resize(800, 600);
    screenshot(&window, u"welcome-try-the-demo"_s);

    const QString asked = clickAndAnswer(demo, u"Cancel"_s);
    EXPECT_TRUE(asked.contains(u"Restart Multi Purpose Agent in the demo?"_s)) << asked.toStdString();
    EXPECT_EQ(started, 0) << "cancelled";
    clickAndAnswer(demo, u"Restart in the Demo"_s);
    EXPECT_EQ(started, 1);
}

TEST_F(WelcomeTest, TheDemoOffersNoDemo)
{
    MainWindow window(engine.get());
    window.setDemoStarter([](QString *) { return true; }, true);
    window.show();
    EXPECT_FALSE(window.welcome()->findChild<QPushButton *>(u"welcomeDemo"_s)->isVisibleTo(&window));
    EXPECT_FALSE(window.findChild<QAction *>(u"tryDemoAction"_s)->isVisible());
    EXPECT_FALSE(window.tryDemo(true));
    const QString text = window.welcome()->findChild<QLabel *>(u"welcomeText"_s)->text();
    EXPECT_TRUE(text.startsWith(u"This is the demo"_s)) << text.toStdString();
    EXPECT_FALSE(text.contains(u"Try the Demo"_s));
    window.resize(800, 600);
    screenshot(&window, u"welcome-in-the-demo"_s);
}

TEST_F(WelcomeTest, ItsStartButtonStartsTheIdeAsTheConnectionPageDoes)
{
    // A VS Code launcher (in the test's own XDG data folder) whose program never opens the port.
    const QString desktop = xdgDataDirs + u"/applications/code.desktop"_s;
    QDir().mkpath(QFileInfo(desktop).absolutePath());
    QFile file(desktop);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(u"[Desktop Entry]\nType=Application\nName=Visual Studio Code\nExec=%1 %F\nIcon=vscode\n"_s
                   .arg(DesktopEntry::joinExec({ u"sh"_s, u"-c"_s, u"exec sleep 300"_s, u"sh"_s }))
                   .toUtf8());
    file.close();
    settings->setValue(SettingKey::CdpPort, freePort());
    MainWindow window(engine.get());
    window.show();
    auto *start = window.welcome()->findChild<QPushButton *>(u"welcomeStart"_s);
    ASSERT_TRUE(start);
    EXPECT_EQ(start->text(), u"Start VS Code with Debugging"_s) << "the IDE this system has";
    ASSERT_TRUE(start->isEnabled());
    const QString asked = clickAndAnswer(start, u"Start VS Code"_s);
    EXPECT_TRUE(asked.contains(u"Close every VS Code window first"_s)) << asked.toStdString();
    EXPECT_EQ(window.currentPage(), MainWindow::Page::Connection) << "where the wait shows";
    auto *connection = window.page<ConnectionPage>();
    ASSERT_GT(connection->lastStartedPid(), 0);
    EXPECT_TRUE(connection->isWaitingForIde());
    connection->findChild<QPushButton *>(u"ideStartCancel"_s)->click();
    ::kill(pid_t(connection->lastStartedPid()), SIGTERM);
}

TEST_F(WelcomeTest, TheDashboardLinksAWaitForABrowserToTheConnectionPage)
{
    settings->setValue(SettingKey::UiWelcomed, true);
    engine->setCdpAddressOverride(u"127.0.0.1"_s, freePort()); // nothing answers there
    engine->start();
    MainWindow window(engine.get());
    window.show();
    auto *state = window.page<DashboardPage>()->findChild<QLabel *>(u"dashboardState"_s);
    ASSERT_TRUE(state);
    ASSERT_TRUE(waitUntil([&] { return state->text().contains(u"href=\"page:Connection\""_s); }))
        << state->text().toStdString();
    Q_EMIT state->linkActivated(u"page:Connection"_s);
    EXPECT_EQ(window.currentPage(), MainWindow::Page::Connection);
    engine->stop();
}

} // namespace
