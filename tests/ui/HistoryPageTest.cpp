#include "pages/HistoryPage.h"

#include "FakeModels.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "engine/Engine.h"
#include "scheduler/Scheduler.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class HistoryPageTest : public UiTest
{
};

TEST_F(HistoryPageTest, TheTableIsLaidOutAndEmptyWithoutHistory)
{
    HistoryPage page(models()->history());
    auto *table = page.findChild<QTableWidget *>(u"historyTable"_s);
    ASSERT_TRUE(table);
    QStringList headers;
    for (int i = 0; i < table->columnCount(); ++i)
        headers.append(table->horizontalHeaderItem(i)->text());
    EXPECT_EQ(headers, (QStringList { u"Time"_s, u"Page"_s, u"Prompt"_s, u"Outcome"_s }));
    EXPECT_EQ(table->rowCount(), 0) << "no made-up rows";
    EXPECT_FALSE(page.findChild<QPushButton *>(u"historyResend"_s)->isEnabled());
}

TEST_F(HistoryPageTest, ShowsTheSchedulersHistoryNewestFirstAndResends)
{
    // A history file as an earlier run left it; the scheduler loads it on start.
    QJsonArray entries;
    entries.append(QJsonObject { { u"time"_s, u"2026-11-20T09:00:00.000Z"_s },
                                 { u"source"_s, u"queue"_s },
                                 { u"target"_s, u"Fixture IDE"_s },
                                 { u"conversation"_s, u"Docs"_s },
                                 { u"text"_s, u"write the docs"_s },
                                 { u"outcome"_s, u"sent"_s } });
    entries.append(QJsonObject { { u"time"_s, u"2026-11-20T10:00:00.000Z"_s },
                                 { u"source"_s, u"manual"_s },
                                 { u"target"_s, u"Fixture IDE"_s },
                                 { u"text"_s, u"fix the\nbuild"_s },
                                 { u"outcome"_s, u"failed"_s },
                                 { u"detail"_s, u"the chat is not there"_s } });
    QFile file(QDir(engine->paths().configDir).filePath(Scheduler::historyFileName()));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(QJsonObject { { u"entries"_s, entries }, { u"capacity"_s, 50 } }).toJson());
    file.close();
    engine->scheduler()->start();
    ASSERT_EQ(engine->scheduler()->history().entries().size(), 2)
        << "the fixture file's shape does not match PromptHistory";

    HistoryPage page(models()->history());
    page.resize(760, 420);
    auto *table = page.findChild<QTableWidget *>(u"historyTable"_s);
    ASSERT_EQ(table->rowCount(), 2);
    EXPECT_EQ(table->item(0, 2)->text(), u"fix the build"_s) << "newest first, on one line";
    EXPECT_EQ(table->item(0, 2)->toolTip(), u"fix the\nbuild"_s);
    EXPECT_EQ(table->item(0, 3)->text(), u"Failed: the chat is not there"_s) << "the reason in the row";
    EXPECT_EQ(table->item(0, 3)->toolTip(), u"Failed: the chat is not there"_s);
    EXPECT_EQ(table->item(1, 1)->text(), u"Fixture IDE · Docs"_s);
    EXPECT_EQ(table->item(1, 3)->text(), u"Sent"_s);
    auto *detail = page.findChild<QLabel *>(u"historyDetail"_s);
    ASSERT_TRUE(detail);
    EXPECT_FALSE(detail->isVisibleTo(&page)) << "nothing selected";
    table->selectRow(0);
    EXPECT_TRUE(detail->isVisibleTo(&page));
    EXPECT_EQ(detail->text(), u"Fixture IDE · Failed: the chat is not there"_s);
    page.show();
    screenshot(&page, u"history"_s);

    // Resending without a browser fails and says so; the attempt is recorded as a new row.
    auto *resend = page.findChild<QPushButton *>(u"historyResend"_s);
    table->selectRow(1);
    ASSERT_TRUE(resend->isEnabled());
    resend->click();
    auto *message = page.findChild<QLabel *>(u"historyMessage"_s);
    ASSERT_TRUE(waitUntil([&] { return message->text().startsWith(u"Not sent: "_s); }, 20s))
        << message->text().toStdString();
    EXPECT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->item(0, 2)->text(), u"write the docs"_s);
    // No page with a chat was found: the Page column says so, and why is in the row.
    EXPECT_EQ(table->item(0, 1)->text(), u"no page found"_s);
    EXPECT_TRUE(table->item(0, 3)->text().startsWith(u"Failed: "_s))
        << table->item(0, 3)->text().toStdString();
    EXPECT_GT(table->item(0, 3)->text().size(), 10);
    screenshot(&page, u"history-failed"_s);
    engine->scheduler()->shutdown();
}

// The page over a fake model: no engine, no browser.
TEST(HistoryPageOnModelTest, ShowsTheModelsRecordsAndResendsTheSelectedOne)
{
    FakeHistoryModel model;
    model.records.append({ QDateTime::fromString(u"2026-11-20T09:00:00Z"_s, Qt::ISODate), u"queue"_s,
                           u"Fixture IDE"_s, u"Docs"_s, u"write the docs"_s, u"sent"_s, QString() });
    model.records.append({ QDateTime::fromString(u"2026-11-20T10:00:00Z"_s, Qt::ISODate), u"manual"_s,
                           QString(), QString(), u"fix the build"_s, u"failed"_s,
                           u"the chat is not there"_s });
    HistoryPage page(&model);
    auto *table = page.findChild<QTableWidget *>(u"historyTable"_s);
    auto *resend = page.findChild<QPushButton *>(u"historyResend"_s);
    auto *message = page.findChild<QLabel *>(u"historyMessage"_s);
    ASSERT_TRUE(table && resend && message);
    ASSERT_EQ(table->rowCount(), 2);
    EXPECT_EQ(table->item(0, 2)->text(), u"fix the build"_s) << "newest first";
    EXPECT_EQ(table->item(0, 1)->text(), u"no page found"_s);
    EXPECT_EQ(table->item(0, 3)->text(), u"Failed: the chat is not there"_s);
    EXPECT_EQ(table->item(1, 1)->text(), u"Fixture IDE · Docs"_s);
    EXPECT_EQ(table->item(1, 3)->text(), u"Sent"_s);
    EXPECT_FALSE(resend->isEnabled()) << "nothing selected";

    table->selectRow(1);
    ASSERT_TRUE(resend->isEnabled());
    resend->click();
    ASSERT_EQ(model.sent.size(), 1);
    EXPECT_EQ(model.sent.first().text, u"write the docs"_s);
    EXPECT_EQ(model.sent.first().conversation, u"Docs"_s) << "to the conversation it went to before";
    EXPECT_EQ(message->text(), u"Sending…"_s);
    EXPECT_FALSE(resend->isEnabled()) << "one send at a time";
    ChatSendOutcome outcome;
    outcome.ok = true;
    outcome.target = u"Fixture IDE"_s;
    model.finishSend(outcome);
    EXPECT_EQ(message->text(), u"Sent to Fixture IDE."_s);
    EXPECT_TRUE(resend->isEnabled());

    // A new record arrives: the page follows the model's signal.
    model.records.append({ QDateTime::currentDateTimeUtc(), u"resend"_s, u"Fixture IDE"_s, u"Docs"_s,
                           u"write the docs"_s, u"sent"_s, QString() });
    Q_EMIT model.changed();
    ASSERT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->item(0, 2)->text(), u"write the docs"_s);
}

} // namespace
