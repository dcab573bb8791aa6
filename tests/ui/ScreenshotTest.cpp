// Renders every page of the window, the tray menu and the icon states to PNG files under
// build/<preset>/screenshots, to be looked at — and checks that each page shows what it is for:
// its title, its key widgets, the state the engine is really in and a log the app really wrote.
#include "MainWindow.h"
#include "QtPrinters.h"
#include "SettingsPage.h"
#include "StatusIcon.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "TestEnvironment.h"
#include "cdp/CdpEndpoint.h"
#include "logging/LogBuffer.h"
#include "logging/Logging.h"
#include "pages/LogsPage.h"
#include "LogFilterModel.h"

#include <QDateTime>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
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

// What each page must show: its title, and the widgets a user comes to it for (by the object
// names the window's automation and `ctl uiAction` use).
struct PageShows
{
    MainWindow::Page page;
    QString title;
    QStringList widgets;
};

const QList<PageShows> kPages {
    { MainWindow::Page::Dashboard, u"Dashboard"_s, { u"dashboardState"_s, u"dashboardAutoAccept"_s, u"targetList"_s, u"statsTable"_s } },
    { MainWindow::Page::AutoAccept, u"Auto-accept"_s, { u"autoAcceptEnabled"_s, u"targetPauseList"_s, u"profileList"_s } },
    { MainWindow::Page::Queue, u"Prompt queue"_s, { u"queueStatus"_s, u"queueList"_s, u"conversationPicker"_s } },
    { MainWindow::Page::History, u"History"_s, { u"historyResend"_s } },
    { MainWindow::Page::Quota, u"Quota"_s, { u"quotaRefresh"_s } },
    { MainWindow::Page::Safety, u"Safety"_s, { u"banTestInput"_s, u"banTestVerdict"_s } },
    { MainWindow::Page::Connection, u"Connection"_s, { u"engineState"_s, u"testConnection"_s } },
    { MainWindow::Page::Servers, u"Servers"_s, { u"debugServerState"_s, u"debugToken"_s, u"agentServerState"_s, u"agentToken"_s } },
    { MainWindow::Page::Agents, u"Agents"_s, { u"agentsNone"_s } },
    { MainWindow::Page::Tasks, u"Tasks"_s, { u"taskText"_s, u"taskMode"_s } },
    { MainWindow::Page::Bridge, u"Bridge"_s, { u"bridgeAgentTab"_s, u"bridgeGoal"_s } },
    { MainWindow::Page::Models, u"Models"_s, { u"modelName"_s, u"keyEdit"_s, u"modelTest"_s } },
    { MainWindow::Page::Logs, u"Logs"_s, { u"logView"_s, u"logCount"_s, u"logClear"_s, u"logOpenFile"_s } },
    { MainWindow::Page::General, u"General"_s, { u"startAtLogin"_s, u"resetAll"_s } },
};

// The lines of a log file the app wrote ("2026-11-28 04:53:17.770 I mpa.autoaccept: auto-accept
// on"), as the Logs page's buffer holds them.
QList<LogEntry> readRecordedLog(const QByteArray &text)
{
    static const QRegularExpression line(u"^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) ([DIWCF]) ([^:]+): (.*)$"_s);
    QList<LogEntry> entries;
    for (const QByteArray &raw : text.split('\n')) {
        const QRegularExpressionMatch match = line.match(QString::fromUtf8(raw));
        if (!match.hasMatch())
            continue;
        LogEntry entry;
        entry.msecsSinceEpoch = QDateTime::fromString(match.captured(1), u"yyyy-MM-dd HH:mm:ss.zzz"_s).toMSecsSinceEpoch();
        const QChar level = match.captured(2).at(0);
        entry.level = level == u'D' ? QtDebugMsg : level == u'W' ? QtWarningMsg : level == u'C' ? QtCriticalMsg : QtInfoMsg;
        entry.category = match.captured(3);
        entry.message = match.captured(4);
        entries.append(entry);
    }
    return entries;
}

TEST_F(ScreenshotTest, EveryPage)
{
    // The Logs page shows a log the app really wrote: tests/fixtures/logs/recorded-demo-session.log,
    // recorded from `multi-purpose-agent --headless --demo --quit-after 20` (nothing made up).
    const QList<LogEntry> recorded = readRecordedLog(readFixture(u"logs/recorded-demo-session.log"_s));
    ASSERT_EQ(recorded.size(), 18);
    Logging::buffer()->clear();
    for (const LogEntry &entry : recorded)
        Logging::buffer()->append(entry);

    engine->start();
    // Nothing listens at 9004: the status settles on waiting for a browser there.
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->state() == CdpEndpoint::State::Retrying; }));
    MainWindow window(engine.get());
    window.show();
    ASSERT_EQ(kPages.size(), MainWindow::kPageCount);
    for (const PageShows &shows : kPages) {
        window.showPage(shows.page);
        SettingsPage *page = window.page(shows.page);
        ASSERT_TRUE(page);
        const auto *title = page->findChild<QLabel *>(u"pageTitle"_s);
        ASSERT_TRUE(title) << fileName(shows.page).toStdString();
        EXPECT_EQ(title->text(), shows.title);
        EXPECT_TRUE(title->isVisibleTo(&window));
        for (const QString &name : shows.widgets) {
            const auto *widget = page->findChild<QWidget *>(name);
            EXPECT_TRUE(widget) << fileName(shows.page).toStdString() << ": no " << name.toStdString();
            if (widget)
                EXPECT_TRUE(widget->isVisibleTo(&window)) << fileName(shows.page).toStdString() << ": "
                                                          << name.toStdString() << " is hidden";
        }
        screenshot(&window, u"window-"_s + fileName(shows.page));
        // The whole page, also what scrolls out of the window.
        auto *content = page->findChild<QWidget *>(u"pageContent"_s);
        ASSERT_TRUE(content);
        const QSize full(content->width(), qMax(content->height(), content->sizeHint().height()));
        content->resize(full);
        screenshot(content, u"page-"_s + fileName(shows.page));
    }

    // The texts that say how things are: the browser the app waits for, and the recorded log.
    const auto text = [&](MainWindow::Page page, const QString &name) {
        const auto *label = window.page(page)->findChild<QLabel *>(name);
        return label ? label->text() : QString();
    };
    EXPECT_TRUE(text(MainWindow::Page::Dashboard, u"dashboardState"_s).contains(u"9004"_s))
        << text(MainWindow::Page::Dashboard, u"dashboardState"_s).toStdString();
    EXPECT_TRUE(text(MainWindow::Page::Connection, u"engineState"_s).contains(u"9004"_s))
        << text(MainWindow::Page::Connection, u"engineState"_s).toStdString();
    auto *logs = static_cast<LogsPage *>(window.page(MainWindow::Page::Logs));
    QStringList shown;
    for (int row = 0; row < logs->filterModel()->rowCount(); ++row)
        shown.append(logs->filterModel()->index(row, 0).data(LogBuffer::MessageRole).toString());
    for (const LogEntry &entry : recorded)
        EXPECT_TRUE(shown.contains(entry.message)) << "not shown: " << entry.message.toStdString();
    EXPECT_TRUE(text(MainWindow::Page::Logs, u"logCount"_s).contains(QString::number(shown.size())))
        << text(MainWindow::Page::Logs, u"logCount"_s).toStdString();
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
