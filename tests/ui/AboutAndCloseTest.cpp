// Help ▸ About, the usual keys that close the window, and the one-time notice that the app goes
// on in the tray.
#include "AboutDialog.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "settings/Settings.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class AboutAndCloseTest : public UiTest
{
};

TEST_F(AboutAndCloseTest, AboutSaysTheVersionQtTheLicenceAndWhereThingsLive)
{
    MainWindow window(engine.get());
    window.show();
    window.findChild<QAction *>(u"aboutAction"_s)->trigger();
    auto *about = window.findChild<AboutDialog *>(u"aboutDialog"_s);
    ASSERT_NE(about, nullptr);
    EXPECT_TRUE(about->isVisible());
    const QString text = about->text();
    EXPECT_TRUE(text.contains(QStringLiteral(MPA_VERSION)));
    EXPECT_TRUE(text.contains(u"Qt "_s + QString::fromLatin1(qVersion())));
    EXPECT_TRUE(text.contains(u"MIT licence"_s));
    EXPECT_TRUE(text.contains(engine->paths().configDir.toHtmlEscaped()));
    EXPECT_TRUE(text.contains(u"/issues"_s));
    screenshot(about, u"about"_s);
}

TEST_F(AboutAndCloseTest, CtrlWAndEscapeCloseTheWindowToTheTrayAndItSaysSoOnce)
{
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    QSignalSpy noticed(&tray, &TrayController::stillRunningNoticed);
    window.setTrayAvailable(true); // as with a tray
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier);
    EXPECT_FALSE(window.isVisible());
    EXPECT_EQ(noticed.count(), 1);
    EXPECT_FALSE(engine->settings()->boolValue(SettingKey::UiTrayNotice)) << "said once";
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_Escape);
    EXPECT_FALSE(window.isVisible());
    EXPECT_EQ(noticed.count(), 1) << "not again";
    // Turned back on (the General page's box), it is said again.
    ASSERT_TRUE(engine->settings()->setValue(SettingKey::UiTrayNotice, true));
    window.show();
    window.close();
    EXPECT_EQ(noticed.count(), 2);
}

// Escape belongs first to what is open inside the window: an open drop-down closes its list,
// and only an Escape nothing took closes the window (the first-hour report, issue 34: Escape in
// a combo box's list hid the whole window to the tray).
TEST_F(AboutAndCloseTest, EscapeInAnOpenDropDownClosesOnlyTheDropDown)
{
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    window.setTrayAvailable(true);
    window.showPage(MainWindow::Page::General);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    auto *theme = window.findChild<QComboBox *>(u"editor:ui/theme"_s);
    ASSERT_TRUE(theme);
    theme->setFocus();
    theme->showPopup();
    ASSERT_TRUE(waitUntil([] { return QApplication::activePopupWidget() != nullptr; }))
        << "the list did not open";
    QWidget *popup = QApplication::activePopupWidget();
    QWidget *list = popup->focusWidget() ? popup->focusWidget() : popup;
    QTest::keyClick(list, Qt::Key_Escape);
    EXPECT_TRUE(waitUntil([] { return QApplication::activePopupWidget() == nullptr; }))
        << "the list stayed open";
    EXPECT_TRUE(window.isVisible()) << "Escape in the list hid the window";

    // With the list closed, an Escape on the box is nobody's: the window closes to the tray.
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(theme, Qt::Key_Escape);
    EXPECT_FALSE(window.isVisible());
}

} // namespace
