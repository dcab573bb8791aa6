#include "pages/HistoryPage.h"

#include "QtPrinters.h"
#include "UiTest.h"

#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class HistoryPageTest : public UiTest
{
};

TEST_F(HistoryPageTest, TheTableIsLaidOutAndEmptyUntilTheSchedulerIsConnected)
{
    HistoryPage page(engine.get());
    auto *table = page.findChild<QTableWidget *>(u"historyTable"_s);
    ASSERT_TRUE(table);
    QStringList headers;
    for (int i = 0; i < table->columnCount(); ++i)
        headers.append(table->horizontalHeaderItem(i)->text());
    EXPECT_EQ(headers, (QStringList { u"Time"_s, u"Page"_s, u"Prompt"_s, u"Outcome"_s }));
    EXPECT_EQ(table->rowCount(), 0);
    EXPECT_FALSE(page.findChild<QPushButton *>(u"historyResend"_s)->isEnabled());
    EXPECT_TRUE(page.findChild<QLabel *>(u"pending:history"_s));
}

} // namespace
