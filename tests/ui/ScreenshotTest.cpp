// Renders every page of the window, the tray menu and the icon states to PNG files under
// build/<preset>/screenshots, to be looked at, and checks what each shows: the page in front is
// the one asked for, with its own heading; the picture is a rendered page, not a blank one; the
// Logs page shows the engine's real lines (nothing is made up for it).
#include "MainWindow.h"
#include "QtPrinters.h"
#include "SettingsPage.h"
#include "SharedPages.h"
#include "StatusIcon.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "pages/LogsPage.h"

#include <QCoreApplication>
#include <QLabel>
#include <QLayout>
#include <QMenu>
#include <QMetaEnum>
#include <QPainter>
#include <QScrollArea>
#include <QSet>

#include <gtest/gtest.h>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class ScreenshotTest : public UiTest
{
};

QString fileName(MainWindow::Page page)
{
    return QString::fromLatin1(QMetaEnum::fromType<MainWindow::Page>().valueToKey(int(page))).toLower();
}

// How many colours a picture holds: a page with text, fields and icons has hundreds (antialiased
// text alone gives dozens); a blank or unpainted one has one or two.
int colourCount(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    }
    return int(colours.size());
}

// The height `content` needs at its width (word-wrapped labels need more as they get narrower).
int neededHeight(QWidget *content)
{
    const int wanted = content->hasHeightForWidth() ? content->heightForWidth(content->width()) : 0;
    return qMax(wanted, content->sizeHint().height());
}

// Grows `content` until nothing of it is cut off; false when its height does not settle.
bool fitFullHeight(QWidget *content)
{
    for (int round = 0; round < 5; ++round) {
        const int needed = neededHeight(content);
        if (content->height() >= needed)
            return true;
        content->resize(content->width(), needed);
        if (content->layout())
            content->layout()->activate();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    return content->height() >= neededHeight(content);
}

TEST_F(ScreenshotTest, EveryPage)
{
    // Nothing listens at the test settings' port: the engine's own lines (looking for a browser,
    // none answers, retrying) are what the Logs page shows.
    engine->start();
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->state() == CdpEndpoint::State::Retrying; }));
    MainWindow window(engine.get());
    window.show();
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        const auto page = MainWindow::Page(i);
        window.showPage(page);
        SCOPED_TRACE(fileName(page).toStdString());
        EXPECT_EQ(window.currentPage(), page);
        SettingsPage *shown = window.page(page);
        ASSERT_TRUE(shown);
        EXPECT_TRUE(shown->isVisible());
        // Its own heading, shown.
        const auto *heading = shown->findChild<QLabel *>(u"pageTitle"_s);
        ASSERT_TRUE(heading);
        EXPECT_EQ(heading->text(), shown->title());
        EXPECT_FALSE(heading->text().isEmpty());
        EXPECT_TRUE(heading->isVisible());
        screenshot(&window, u"window-"_s + fileName(page));
        EXPECT_GT(colourCount(window.grab().toImage()), 40) << "the window looks blank";
        // The whole page, also what scrolls out of the window: its content is taken out of the
        // scroll area (which would fit it back to the window) for the picture.
        auto *scroll = shown->findChild<QScrollArea *>();
        ASSERT_TRUE(scroll);
        QWidget *content = scroll->takeWidget();
        ASSERT_TRUE(content);
        ASSERT_EQ(content->objectName(), u"pageContent"_s);
        content->resize(window.width(), content->height());
        EXPECT_TRUE(fitFullHeight(content)) << "the page's height does not settle: its picture would be cut";
        screenshot(content, u"page-"_s + fileName(page));
        scroll->setWidget(content);
    }
    auto *logs = qobject_cast<LogsPage *>(window.page(MainWindow::Page::Logs));
    ASSERT_TRUE(logs);
    const QString port = QString::number(engine->endpoint()->port());
    const QStringList lines = shownLogLines(logs);
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(),
                            [&](const QString &line) {
                                return line.contains(u"looking for a browser at"_s) && line.contains(port);
                            }))
        << "the Logs page does not show the engine's search for the browser: "
        << lines.join(u" | "_s).toStdString();
    engine->stop();
}

TEST_F(ScreenshotTest, TheTrayMenuAndIcons)
{
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    engine->start();
    // Let the status settle (nothing listens at 9004) before measuring the menu.
    waitUntil([&] { return engine->endpoint()->state() == CdpEndpoint::State::Retrying; });
    tray.menu()->adjustSize();
    screenshot(tray.menu(), u"tray-menu"_s);
    tray.queueMenu()->adjustSize();
    screenshot(tray.queueMenu(), u"tray-menu-queue"_s);
    engine->stop();

    const QList<StatusIconState> states {
        StatusIconState::Off,     StatusIconState::Active,         StatusIconState::Paused,
        StatusIconState::Standby, StatusIconState::QuotaExhausted, StatusIconState::Disconnected
    };
    // A contact sheet of the icons at three sizes on a light and a dark panel.
    QImage sheet(int(states.size()) * 110, 230, QImage::Format_ARGB32);
    sheet.fill(QColor(0xf0, 0xf0, 0xf0));
    QPainter painter(&sheet);
    painter.fillRect(0, 150, sheet.width(), 80, QColor(0x20, 0x22, 0x26));
    for (int i = 0; i < states.size(); ++i) {
        const QIcon icon = statusIcon(states.at(i));
        painter.drawPixmap(i * 110 + 23, 4, icon.pixmap(64, 64));
        painter.drawPixmap(i * 110 + 44, 76, icon.pixmap(22, 22));
        painter.drawPixmap(i * 110 + 47, 104, icon.pixmap(16, 16));
        painter.setPen(Qt::black);
        painter.drawText(QRect(i * 110, 124, 110, 20), Qt::AlignCenter, statusIconName(states.at(i)));
        painter.drawPixmap(i * 110 + 44, 160, icon.pixmap(22, 22));
        painter.drawPixmap(i * 110 + 47, 196, icon.pixmap(16, 16));
    }
    painter.end();
    ASSERT_TRUE(sheet.save(screenshotDir() + u"/tray-icons.png"_s));
}

} // namespace
