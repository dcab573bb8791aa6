// The window in light and dark (setting ui/theme): every page takes its colours from the palette
// (no white page left in dark), the few mixed colours (banners, notices, error and log colours)
// stay readable on both, and the page list has an icon per page drawn in the text colour.
#include "Theme.h"

#include "ErrorStyle.h"
#include "LogFilterModel.h"
#include "MainWindow.h"
#include "PageIcons.h"
#include "QtPrinters.h"
#include "SettingsPage.h"
#include "UiTest.h"
#include "WindowAutomation.h"
#include "logging/LogBuffer.h"

#include <QApplication>
#include <QDateTime>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMetaEnum>
#include <QStyle>

#include <gtest/gtest.h>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

// WCAG 2 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
double luminance(const QColor &c)
{
    const auto channel
        = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The share of an image's pixels that are near white.
double whiteShare(const QImage &image)
{
    qint64 white = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (QColor(image.pixel(x, y)).lightness() >= 235)
                ++white;
        }
    }
    return double(white) / double(image.width() * image.height());
}

class ThemeTest : public UiTest
{
protected:
    void TearDown() override
    {
        Theme::apply(u"system"_s); // the next tests get the platform's look back
        UiTest::TearDown();
    }
};

TEST_F(ThemeTest, TheSettingSwitchesTheApplicationsPaletteAtOnce)
{
    Theme::follow(settings.get());
    EXPECT_EQ(settings->stringValue(SettingKey::UiTheme), u"system"_s);
    ASSERT_TRUE(settings->setValue(SettingKey::UiTheme, u"dark"_s));
    EXPECT_TRUE(Theme::isDark(QApplication::palette()));
    EXPECT_EQ(QApplication::style()->name().toLower(), u"fusion"_s);
    ASSERT_TRUE(settings->setValue(SettingKey::UiTheme, u"light"_s));
    EXPECT_FALSE(Theme::isDark(QApplication::palette()));
    QString error;
    EXPECT_FALSE(settings->setValue(SettingKey::UiTheme, u"purple"_s, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_EQ(settings->stringValue(SettingKey::UiTheme), u"light"_s) << "a refused value loses nothing";
}

TEST_F(ThemeTest, InDarkNoPageIsLeftWhite)
{
    Theme::apply(u"dark"_s);
    MainWindow window(engine.get());
    window.setTrayAvailable(false); // the banner, too
    window.resize(900, 650);
    window.show();
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        window.showPage(MainWindow::Page(i));
        const QImage shot = window.grab().toImage();
        const QString id = WindowAutomation::pageId(i);
        screenshot(&window, u"dark-"_s + id);
        // Light text on dark ground: some near-white pixels (letters), never a white page or panel.
        EXPECT_LT(whiteShare(shot), 0.06) << id.toStdString();
        const QWidget *content = window.page(MainWindow::Page(i))->findChild<QWidget *>(u"pageContent"_s);
        ASSERT_TRUE(content);
        EXPECT_LT(content->palette().color(content->backgroundRole()).lightness(), 100) << id.toStdString();
    }
    // The no-tray banner mixes its colours from the palette: dark ground, light text.
    auto *banner = window.findChild<QLabel *>(u"noTrayBanner"_s);
    ASSERT_TRUE(banner && banner->isVisible());
    const QImage bannerShot = banner->grab().toImage();
    EXPECT_LT(QColor(bannerShot.pixel(3, 3)).lightness(), 110);
    EXPECT_GT(contrast(QColor(bannerShot.pixel(3, 3)), QApplication::palette().color(QPalette::Text)), 7.0);
}

TEST_F(ThemeTest, InLightThePagesStayLight)
{
    Theme::apply(u"light"_s);
    MainWindow window(engine.get());
    window.resize(900, 650);
    window.show();
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        window.showPage(MainWindow::Page(i));
        const QWidget *content = window.page(MainWindow::Page(i))->findChild<QWidget *>(u"pageContent"_s);
        ASSERT_TRUE(content);
        EXPECT_GT(content->palette().color(content->backgroundRole()).lightness(), 180);
    }
}

TEST_F(ThemeTest, MixedColoursAreReadableOnBothPalettes)
{
    for (const QPalette &palette : { Theme::lightPalette(), Theme::darkPalette() }) {
        const bool dark = Theme::isDark(palette);
        SCOPED_TRACE(dark ? "dark" : "light");
        const QColor window = palette.color(QPalette::Window);
        const QColor base = palette.color(QPalette::Base);
        const QColor text = palette.color(QPalette::Text);
        // Errors and successes as text on the window, errors' tinted fields under ordinary text.
        EXPECT_GE(contrast(ErrorStyle::errorText(palette), window), 4.5);
        EXPECT_GE(contrast(ErrorStyle::okText(palette), window), 4.5);
        EXPECT_GE(contrast(text, ErrorStyle::errorBase(palette)), 4.5);
        // Notices and the warning banner: ordinary text on their grounds; warning text on the base.
        EXPECT_GE(contrast(text, Theme::noticeBase(palette)), 7.0);
        EXPECT_GE(contrast(text, Theme::warningBase(palette)), 7.0);
        EXPECT_GE(contrast(Theme::warningText(palette), base), 4.5);
        EXPECT_GE(contrast(palette.color(QPalette::PlaceholderText), base), 3.0);
    }
}

TEST_F(ThemeTest, TheLogsLevelColoursComeFromThePalette)
{
    LogBuffer buffer;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    buffer.append({ now, QtDebugMsg, u"mpa.cdp"_s, u"a debug line"_s });
    buffer.append({ now, QtWarningMsg, u"mpa.cdp"_s, u"a warning"_s });
    buffer.append({ now, QtCriticalMsg, u"mpa.cdp"_s, u"an error"_s });
    LogFilterModel model;
    model.setSourceModel(&buffer);
    model.setMinimumLevel(QtDebugMsg);
    ASSERT_EQ(model.rowCount(), 3);
    for (const QString &theme : { u"light"_s, u"dark"_s }) {
        Theme::apply(theme);
        SCOPED_TRACE(theme.toStdString());
        const QColor base = QApplication::palette().color(QPalette::Base);
        for (int row = 0; row < 3; ++row) {
            const QColor ink = model.index(row, 0).data(Qt::ForegroundRole).value<QBrush>().color();
            EXPECT_GE(contrast(ink, base), 3.0) << row;
        }
    }
}

TEST_F(ThemeTest, EveryPageHasItsOwnIconInTheTextColour)
{
    for (const QString &theme : { u"light"_s, u"dark"_s }) {
        Theme::apply(theme);
        SCOPED_TRACE(theme.toStdString());
        MainWindow window(engine.get());
        window.show();
        auto *nav = window.findChild<QListWidget *>(u"pageList"_s);
        ASSERT_TRUE(nav);
        ASSERT_EQ(nav->count(), MainWindow::kPageCount);
        const int text = QApplication::palette().color(QPalette::WindowText).lightness();
        QList<QImage> seen;
        for (int i = 0; i < nav->count(); ++i) {
            const QIcon icon = nav->item(i)->icon();
            ASSERT_FALSE(icon.isNull()) << i;
            const QImage image = icon.pixmap(MainWindow::kPageIconSize).toImage();
            // Its drawn strokes are in the text colour (the offscreen platform has no icon theme).
            qint64 inked = 0, lightnessSum = 0;
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x) {
                    const QColor c = image.pixelColor(x, y);
                    if (c.alpha() > 200) {
                        ++inked;
                        lightnessSum += c.lightness();
                    }
                }
            }
            ASSERT_GT(inked, 10) << i;
            EXPECT_NEAR(double(lightnessSum) / double(inked), text, 30) << i;
            EXPECT_FALSE(seen.contains(image)) << "page " << i << " has another page's icon";
            seen.append(image);
        }
    }
}

TEST_F(ThemeTest, PageIconsUseTheThemeOnlyWhenItHasOneForEveryPage)
{
    MainWindow window(engine.get());
    const QStringList ids = window.settingsPages();
    for (const QString &id : ids)
        EXPECT_FALSE(PageIcons::themeName(id).isEmpty()) << id.toStdString();
    EXPECT_FALSE(PageIcons::themeCovers(ids + QStringList { u"noSuchPage"_s }));
}

// The first-hour report (issue 34): switching Light/Dark live left the page list in the old
// colours until a restart. It follows at once, as the pages do.
TEST_F(ThemeTest, SwitchingLiveRecoloursThePageList)
{
    Theme::follow(settings.get());
    ASSERT_TRUE(settings->setValue(SettingKey::UiTheme, u"light"_s));
    MainWindow window(engine.get());
    window.resize(900, 650);
    window.show();
    auto *nav = window.findChild<QListWidget *>(u"pageList"_s);
    ASSERT_TRUE(nav);
    const auto meanLightness = [](const QImage &image) {
        qint64 sum = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x)
                sum += QColor(image.pixel(x, y)).lightness();
        }
        return double(sum) / double(image.width() * image.height());
    };
    for (const QString &theme : { u"dark"_s, u"light"_s, u"dark"_s }) {
        SCOPED_TRACE(theme.toStdString());
        ASSERT_TRUE(settings->setValue(SettingKey::UiTheme, theme));
        QCoreApplication::processEvents();
        const bool dark = theme == u"dark"_s;
        EXPECT_EQ(nav->palette().color(QPalette::Base), QApplication::palette().color(QPalette::Base))
            << "the page list kept the old colours";
        const double list = meanLightness(nav->grab().toImage());
        EXPECT_TRUE(dark ? list < 110 : list > 150) << "page list lightness " << list;
        screenshot(&window, u"theme-live-"_s + theme);
    }
    ASSERT_TRUE(settings->setValue(SettingKey::UiTheme, u"light"_s));
}

} // namespace
