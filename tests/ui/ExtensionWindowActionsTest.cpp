// The extension's window actions against the real window, offscreen: openSettingsPanel raises
// it on a page, openLogFile hands the log file to the desktop's handler. Core asks through the
// DesktopUi seam the window fills; the same actions without a window are refused
// (ExtensionCompatTest).
#include "DesktopUrlCatcher.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "logging/Logging.h"

#include <QDir>
#include <QJsonArray>
#include <QUrl>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class ExtensionWindowActionsTest : public UiTest
{
protected:
    CommandResult call(const QString &action, const QJsonObject &params = {})
    {
        std::optional<CommandResult> answer;
        engine->commands()->dispatch(action, params, { u"debug-api"_s, u"test"_s },
                                     CommandDispatcher::Scope::DebugApi,
                                     [&answer](const CommandResult &result) { answer = result; });
        EXPECT_TRUE(waitUntil([&] { return answer.has_value(); }))
            << action.toStdString() << " never answered";
        return answer.value_or(CommandResult::failure(u"no answer"_s, ErrorKind::Timeout));
    }
};

TEST_F(ExtensionWindowActionsTest, OpenSettingsPanelRaisesTheWindowOnThePageAsked)
{
    {
        MainWindow window(engine.get());
        EXPECT_FALSE(window.isVisible());

        CommandResult result = call(u"openSettingsPanel"_s, { { u"page"_s, u"Quota"_s } });
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_TRUE(window.isVisible());
        EXPECT_EQ(window.currentPage(), MainWindow::Page::Quota);
        const QJsonArray pages = result.data.toObject().value(u"pages"_s).toArray();
        EXPECT_EQ(pages.size(), MainWindow::kPageCount);
        EXPECT_TRUE(pages.contains(u"autoAccept"_s));

        // A page that does not exist: said so, with the pages there are, and nothing moves.
        result = call(u"openSettingsPanel"_s, { { u"page"_s, u"nowhere"_s } });
        EXPECT_FALSE(result.ok);
        EXPECT_EQ(result.kind, ErrorKind::BadInput);
        EXPECT_TRUE(result.error.contains(u"nowhere"_s) && result.error.contains(u"general"_s))
            << result.error.toStdString();
        EXPECT_EQ(window.currentPage(), MainWindow::Page::Quota);

        // Hidden to the tray, it comes back on the page it was on.
        window.hide();
        result = call(u"openSettingsPanel"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_TRUE(window.isVisible());
        EXPECT_EQ(window.currentPage(), MainWindow::Page::Quota);
        EXPECT_EQ(call(u"openSettingsPanel"_s, { { u"page"_s, 3 } }).kind, ErrorKind::BadInput);
    }
    // The window is gone: the engine no longer asks it.
    const CommandResult after = call(u"openSettingsPanel"_s);
    EXPECT_EQ(after.kind, ErrorKind::Unavailable);
    EXPECT_TRUE(after.error.contains(u"without a window"_s)) << after.error.toStdString();
}

TEST_F(ExtensionWindowActionsTest, OpenLogFileHandsTheLogToTheDesktop)
{
    const QString logDir = QDir(configDir()).filePath(u"logs"_s);
    Logging::install({ logDir, false, 5000, false });
    MainWindow window(engine.get());
    QList<QUrl> opened;
    CommandResult result;
    {
        DesktopUrlCatcher catcher(u"file"_s);
        result = call(u"openLogFile"_s);
        opened = catcher.opened;
    }
    Logging::install({});
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    const QString file = QDir(logDir).filePath(u"multi-purpose-agent.log"_s);
    ASSERT_EQ(opened.size(), 1);
    EXPECT_EQ(opened.first().toLocalFile(), file);
    EXPECT_EQ(result.data.toObject().value(u"opened"_s).toString(), file);

    // No log file in this run (logging to stderr only): said so.
    const CommandResult none = call(u"openLogFile"_s);
    EXPECT_EQ(none.kind, ErrorKind::NotFound);
    EXPECT_TRUE(none.error.contains(u"no log file"_s)) << none.error.toStdString();
}

} // namespace
