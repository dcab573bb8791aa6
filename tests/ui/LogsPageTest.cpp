#include "pages/LogsPage.h"

#include "DesktopUrlCatcher.h"
#include "LogFilterModel.h"
#include "QtPrinters.h"
#include "SharedPages.h"
#include "UiTest.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QUrl>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

Q_LOGGING_CATEGORY(lcElsewhere, "test.elsewhere")

namespace {

class LogsPageTest : public UiTest
{
protected:
    void SetUp() override
    {
        UiTest::SetUp();
        Logging::buffer()->clear();
        qCDebug(lcCdp) << "debug line about frames";
        qCInfo(lcCdp) << "connected to the browser";
        qCWarning(lcSafety) << "blocked rm -rf /";
        qCInfo(lcUi) << "window shown";
    }
};

TEST_F(LogsPageTest, FiltersByLevelCategoryAndText)
{
    QLoggingCategory::setFilterRules(u"mpa.cdp.debug=true"_s);
    Logging::buffer()->clear();
    qCDebug(lcCdp) << "debug line about frames";
    qCInfo(lcCdp) << "connected to the browser";
    qCWarning(lcSafety) << "blocked rm -rf /";
    QLoggingCategory::setFilterRules(QString());

    LogsPage page;
    page.show();
    EXPECT_EQ(shownLogLines(&page), (QStringList { u"connected to the browser"_s, u"blocked rm -rf /"_s }))
        << "info and above by default";
    auto *level = page.findChild<QComboBox *>(u"logLevel"_s);
    level->setCurrentIndex(0);
    EXPECT_EQ(shownLogLines(&page).size(), 3);
    level->setCurrentIndex(2);
    EXPECT_EQ(shownLogLines(&page), QStringList { u"blocked rm -rf /"_s });
    level->setCurrentIndex(0);

    auto *category = page.findChild<QComboBox *>(u"logCategory"_s);
    category->setCurrentIndex(category->findData(u"mpa.cdp"_s));
    EXPECT_EQ(shownLogLines(&page).size(), 2);
    EXPECT_EQ(page.filterModel()->rowCount(), 2);
    EXPECT_TRUE(page.findChild<QLabel *>(u"logCount"_s)->text().startsWith(u"2 of "_s));
    category->setCurrentIndex(0);

    typeInto(page.findChild<QLineEdit *>(u"logSearch"_s), u"BROWSER"_s);
    EXPECT_EQ(shownLogLines(&page), QStringList { u"connected to the browser"_s });
}

TEST_F(LogsPageTest, NewLinesArriveLiveAndClearEmptiesTheView)
{
    LogsPage page;
    page.show();
    const int before = page.filterModel()->rowCount();
    qCInfo(lcScheduler) << "prompt sent";
    EXPECT_EQ(page.filterModel()->rowCount(), before + 1);
    auto *category = page.findChild<QComboBox *>(u"logCategory"_s);
    EXPECT_GE(category->findData(u"mpa.scheduler"_s), 0);
    qCInfo(lcElsewhere) << "from elsewhere";
    EXPECT_GE(category->findData(u"test.elsewhere"_s), 0) << "categories seen are offered too";

    page.findChild<QPushButton *>(u"logClear"_s)->click();
    EXPECT_EQ(page.filterModel()->rowCount(), 0);
    EXPECT_EQ(page.findChild<QLabel *>(u"logCount"_s)->text(), u"0 lines"_s);
}

TEST_F(LogsPageTest, CopyTakesTheSelectionOrEveryVisibleLine)
{
    LogsPage page;
    page.show();
    page.findChild<QPushButton *>(u"logCopy"_s)->click();
    const QString all = QGuiApplication::clipboard()->text();
    EXPECT_TRUE(all.contains(u"connected to the browser"_s));
    EXPECT_TRUE(all.contains(u"W mpa.safety: blocked rm -rf /"_s)) << all.toStdString();
    EXPECT_FALSE(all.contains(u"debug line"_s)) << "only what is shown";

    auto *view = page.findChild<QListView *>(u"logView"_s);
    view->selectionModel()->select(page.filterModel()->index(1, 0), QItemSelectionModel::ClearAndSelect);
    page.copyLines();
    EXPECT_TRUE(QGuiApplication::clipboard()->text().endsWith(u"blocked rm -rf /\n"_s));
    EXPECT_EQ(QGuiApplication::clipboard()->text().count(u'\n'), 1);
}

TEST_F(LogsPageTest, OpensTheLogFile)
{
    const QString logDir = QDir(configDir()).filePath(u"logs"_s);
    Logging::install({ logDir, false, 5000, false });
    QList<QUrl> opened;
    {
        DesktopUrlCatcher catcher(u"file"_s);
        LogsPage page;
        auto *open = page.findChild<QPushButton *>(u"logOpenFile"_s);
        EXPECT_TRUE(open->isEnabled());
        open->click();
        opened = catcher.opened;
    }
    Logging::install({});
    ASSERT_EQ(opened.size(), 1);
    EXPECT_EQ(opened.first().toLocalFile(), QDir(logDir).filePath(u"multi-purpose-agent.log"_s));
}

} // namespace
