// Renders every page of the window, the tray menu and the icon states to PNG files under
// build/<preset>/screenshots, to be looked at.
#include "MainWindow.h"
#include "QtPrinters.h"
#include "SettingsPage.h"
#include "StatusIcon.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "logging/LogCategories.h"

#include <QMenu>
#include <QMetaEnum>
#include <QPainter>
#include <QScrollArea>

#include <gtest/gtest.h>

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

TEST_F(ScreenshotTest, EveryPage)
{
    qCInfo(lcCdp) << "looking for a browser at 127.0.0.1:9004";
    qCWarning(lcCdp) << "no browser answers at 127.0.0.1:9004 (Connection refused). Start the IDE or browser "
                        "with --remote-debugging-port=9004; retrying until it appears.";
    qCInfo(lcUi) << "tray icon shown";
    engine->start();
    MainWindow window(engine.get());
    window.show();
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        const auto page = MainWindow::Page(i);
        window.showPage(page);
        screenshot(&window, u"window-"_s + fileName(page));
        // The whole page, also what scrolls out of the window.
        auto *content = window.page(page)->findChild<QWidget *>(u"pageContent"_s);
        ASSERT_TRUE(content);
        const QSize full(content->width(), qMax(content->height(), content->sizeHint().height()));
        content->resize(full);
        screenshot(content, u"page-"_s + fileName(page));
    }
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
