#include "pages/QueuePage.h"

#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "common/LocalWebServer.h"
#include "engine/Engine.h"
#include "scheduler/Scheduler.h"
#include "scheduler/SchedulerStore.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTest>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class QueuePageTest : public UiTest
{
};

TEST_F(QueuePageTest, EveryScheduleSettingLoadsAndSaves)
{
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    settings->setValue(SettingKey::ScheduleValue, u"09:30"_s);
    settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 45);
    settings->setValue(SettingKey::QuotaAutoContinue, true);
    QueuePage page(engine.get());
    page.show();

    auto *mode = editor<QComboBox>(&page, SettingKey::ScheduleMode);
    ASSERT_TRUE(mode);
    EXPECT_EQ(mode->currentText(), u"Daily at a time"_s);
    auto *value = editor<QLineEdit>(&page, SettingKey::ScheduleValue);
    ASSERT_TRUE(value);
    EXPECT_EQ(value->text(), u"09:30"_s);
    EXPECT_EQ(editor<QSpinBox>(&page, SettingKey::ScheduleSilenceTimeoutS)->value(), 45);
    EXPECT_TRUE(editor<QCheckBox>(&page, SettingKey::QuotaAutoContinue)->isChecked());
    EXPECT_TRUE(editor<QCheckBox>(&page, SettingKey::QuotaResumeQueue)->isChecked());
    EXPECT_FALSE(editor<QCheckBox>(&page, SettingKey::ScheduleEnabled)->isChecked());
    EXPECT_TRUE(editor<QPlainTextEdit>(&page, SettingKey::ScheduleCheckPromptText)
                    ->toPlainText()
                    .startsWith(u"Make sure that the previous task"_s));
    EXPECT_TRUE(editor<QPlainTextEdit>(&page, SettingKey::SchedulePrompt));
    EXPECT_TRUE(editor<QLineEdit>(&page, SettingKey::ScheduleTargetConversation));

    editor<QCheckBox>(&page, SettingKey::ScheduleEnabled)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleEnabled));
    mode->setCurrentIndex(mode->findData(u"queue"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleMode), u"queue"_s);
    auto *queueMode = editor<QComboBox>(&page, SettingKey::ScheduleQueueMode);
    queueMode->setCurrentIndex(queueMode->findData(u"loop"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleQueueMode), u"loop"_s);
    editor<QCheckBox>(&page, SettingKey::ScheduleCheckPromptEnabled)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleCheckPromptEnabled));
    auto *conversation = editor<QLineEdit>(&page, SettingKey::ScheduleTargetConversation);
    typeInto(conversation, u"Refactor the parser"_s);
    pressEnter(conversation);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleTargetConversation), u"Refactor the parser"_s);
    auto *prompt = editor<QPlainTextEdit>(&page, SettingKey::SchedulePrompt);
    typeInto(prompt, u"Status report\nplease"_s);
    ASSERT_TRUE(field(&page, SettingKey::SchedulePrompt)->commit());
    EXPECT_EQ(settings->stringValue(SettingKey::SchedulePrompt), u"Status report\nplease"_s);
}

TEST_F(QueuePageTest, ABadTimeIsRefusedAndTheHintFitsTheMode)
{
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    QueuePage page(engine.get());
    page.show();
    auto *value = editor<QLineEdit>(&page, SettingKey::ScheduleValue);
    SettingField *valueField = field(&page, SettingKey::ScheduleValue);
    EXPECT_EQ(valueField->note(), u"Daily mode needs a time of day, such as 09:00."_s) << "30 is minutes";

    typeInto(value, u"25:99"_s);
    pressEnter(value);
    EXPECT_TRUE(
        field(&page, SettingKey::ScheduleValue)->errorText().contains(u"neither a number of minutes"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"30"_s);
    typeInto(value, u"2000"_s);
    pressEnter(value);
    EXPECT_TRUE(field(&page, SettingKey::ScheduleValue)->errorText().contains(u"1 to 1440"_s));
    typeInto(value, u"07:15"_s);
    pressEnter(value);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"07:15"_s);
    EXPECT_EQ(valueField->note(), u"Time of day (HH:MM)."_s);
}

// Seen: daily mode took "30" and saved it; the scheduler then turned itself off and said so only
// in the log. Each mode's value is checked as it is typed, and again when the mode changes.
TEST_F(QueuePageTest, EachModeTakesItsOwnKindOfValue)
{
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    settings->setValue(SettingKey::ScheduleValue, u"07:15"_s);
    QueuePage page(engine.get());
    page.show();
    auto *value = editor<QLineEdit>(&page, SettingKey::ScheduleValue);
    SettingField *valueField = field(&page, SettingKey::ScheduleValue);
    typeInto(value, u"30"_s);
    pressEnter(value);
    EXPECT_TRUE(valueField->errorText().contains(u"Daily mode needs a time of day"_s))
        << valueField->errorText().toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"07:15"_s) << "never saved";

    typeInto(value, u"07:15"_s);
    pressEnter(value);
    EXPECT_TRUE(valueField->errorText().isEmpty());
    auto *mode = editor<QComboBox>(&page, SettingKey::ScheduleMode);
    mode->setCurrentIndex(mode->findData(u"interval"_s));
    EXPECT_TRUE(valueField->errorText().contains(u"Interval mode needs a number of minutes"_s))
        << valueField->errorText().toStdString();
    typeInto(value, u"45"_s);
    pressEnter(value);
    EXPECT_TRUE(valueField->errorText().isEmpty());
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"45"_s);
}

TEST_F(QueuePageTest, AnEmptyQueueOffersOnlyAdd)
{
    QueuePage page(engine.get());
    for (const QString &name :
         { u"queueStart"_s, u"queuePause"_s, u"queueSkip"_s, u"queueStop"_s, u"queueRemove"_s }) {
        auto *button = page.findChild<QPushButton *>(name);
        ASSERT_TRUE(button) << name.toStdString();
        EXPECT_FALSE(button->isEnabled()) << name.toStdString();
    }
    EXPECT_TRUE(page.findChild<QPushButton *>(u"queueAdd"_s)->isEnabled());
    auto *list = page.findChild<QListWidget *>(u"queueList"_s);
    ASSERT_TRUE(list);
    EXPECT_EQ(list->dragDropMode(), QAbstractItemView::InternalMove);
    EXPECT_EQ(list->count(), 0) << "no made-up prompts";
    EXPECT_EQ(page.findChild<QLabel *>(u"queueStatus"_s)->text(), u"Not running"_s);
    EXPECT_FALSE(page.findChild<QLabel *>(u"pending:queueState"_s)) << "the scheduler is connected";
}

TEST_F(QueuePageTest, PromptsAreEditedInPlaceAndTheQueueIsControlledFromThePage)
{
    Scheduler *scheduler = engine->scheduler();
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    QueuePage page(engine.get());
    page.resize(760, 900);
    page.show();
    auto *list = page.findChild<QListWidget *>(u"queueList"_s);
    ASSERT_EQ(list->count(), 2);
    EXPECT_EQ(list->item(0)->text(), u"write the parser"_s);
    EXPECT_TRUE(list->item(0)->flags() & Qt::ItemIsEditable);

    // Add, edit in place, remove: each change is the scheduler's queue at once.
    page.findChild<QPushButton *>(u"queueAdd"_s)->click();
    ASSERT_EQ(list->count(), 3);
    EXPECT_EQ(scheduler->queue().items.size(), 2) << "an empty new line is not a prompt yet";
    list->item(2)->setText(u"fix the failures"_s);
    ASSERT_EQ(scheduler->queue().items.size(), 3);
    EXPECT_EQ(scheduler->queue().items.at(2).text, u"fix the failures"_s);
    list->item(1)->setText(u"   "_s); // emptied: taken out
    ASSERT_EQ(scheduler->queue().items.size(), 2);
    EXPECT_EQ(scheduler->queue().items.at(1).text, u"fix the failures"_s);
    ASSERT_TRUE(waitUntil([&] { return list->count() == 2; })) << "the emptied row stays in the list";
    list->setCurrentRow(1);
    auto *remove = page.findChild<QPushButton *>(u"queueRemove"_s);
    ASSERT_TRUE(remove->isEnabled());
    remove->click();
    ASSERT_EQ(scheduler->queue().items.size(), 1);
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    ASSERT_EQ(list->count(), 2) << "the page follows the scheduler";
    EXPECT_EQ(page.findChild<QLabel *>(u"queueStatus"_s)->text(), u"Stopped · 2 prompts in the queue"_s);
    screenshot(&page, u"queue-stopped"_s);

    // Start, pause, resume, skip, stop from the page's buttons.
    auto *start = page.findChild<QPushButton *>(u"queueStart"_s);
    auto *pause = page.findChild<QPushButton *>(u"queuePause"_s);
    ASSERT_TRUE(start->isEnabled());
    start->click();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    EXPECT_TRUE(page.findChild<QLabel *>(u"queueStatus"_s)->text().startsWith(u"Running: prompt 1 of 2"_s))
        << page.findChild<QLabel *>(u"queueStatus"_s)->text().toStdString();
    EXPECT_FALSE(list->item(0)->flags() & Qt::ItemIsEditable) << "no edits while it runs";
    EXPECT_FALSE(page.findChild<QPushButton *>(u"queueAdd"_s)->isEnabled());
    EXPECT_TRUE(list->item(0)->font().bold());
    pause->click();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    EXPECT_EQ(pause->text(), u"Resume"_s);
    page.findChild<QPushButton *>(u"queueSkip"_s)->click();
    EXPECT_EQ(scheduler->queue().position, 1);
    EXPECT_TRUE(page.findChild<QLabel *>(u"queueStatus"_s)->text().startsWith(u"Paused at prompt 2 of 2"_s))
        << page.findChild<QLabel *>(u"queueStatus"_s)->text().toStdString();
    screenshot(&page, u"queue-paused"_s);
    page.findChild<QPushButton *>(u"queueStop"_s)->click();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);

    // A refusal is shown, not swallowed (a second Start within 2 s is ignored), and goes once
    // what it was about changed.
    start->click();
    auto *mode = editor<QComboBox>(&page, SettingKey::ScheduleMode);
    auto *message = page.findChild<QLabel *>(u"queueMessage"_s);
    EXPECT_TRUE(message->isVisible());
    EXPECT_TRUE(message->text().contains(u"less than 2 s ago"_s)) << message->text().toStdString();
    mode->setCurrentIndex(mode->findData(u"interval"_s));
    EXPECT_FALSE(message->isVisible()) << "stale: " << message->text().toStdString();
}

// The first-hour report (issue 34, item 5): Add, then Escape, left a literal "New prompt" in the
// queue and in queue.json, ready to be sent.
TEST_F(QueuePageTest, AddThenEscapeLeavesNoPrompt)
{
    Scheduler *scheduler = engine->scheduler();
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s }));
    QueuePage page(engine.get());
    page.resize(760, 900);
    page.show();
    page.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&page));
    auto *list = page.findChild<QListWidget *>(u"queueList"_s);
    ASSERT_TRUE(list);
    page.findChild<QPushButton *>(u"queueAdd"_s)->click();
    ASSERT_TRUE(waitUntil([&] { return qobject_cast<QLineEdit *>(QApplication::focusWidget()) != nullptr; }))
        << "Add opened no editor";
    EXPECT_TRUE(qobject_cast<QLineEdit *>(QApplication::focusWidget())->text().isEmpty())
        << "the new line starts with made-up text";
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
    EXPECT_TRUE(waitUntil([&] { return list->count() == 1; })) << "the cancelled line stays in the list";
    ASSERT_EQ(scheduler->queue().items.size(), 1);
    EXPECT_EQ(scheduler->queue().items.at(0).text, u"write the parser"_s);
    QFile saved(QDir(engine->paths().configDir).filePath(SchedulerStore::queueFileName()));
    if (saved.open(QIODevice::ReadOnly)) {
        const QByteArray json = saved.readAll();
        EXPECT_FALSE(json.contains("New prompt")) << json.toStdString();
        EXPECT_EQ(json.count("\"text\""), 1) << json.toStdString();
    }
    EXPECT_TRUE(page.isVisible());
}

TEST_F(QueuePageTest, StartIsOffWhenItCannotWorkAndSaysWhyInPlainWords)
{
    Scheduler *scheduler = engine->scheduler();
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    QueuePage page(engine.get());
    page.resize(760, 900);
    page.show();
    auto *start = page.findChild<QPushButton *>(u"queueStart"_s);
    auto *mode = editor<QComboBox>(&page, SettingKey::ScheduleMode);
    SettingField *automatic = field(&page, SettingKey::ScheduleEnabled);
    SettingField *autoStart = field(&page, SettingKey::ScheduleAutoStartQueue);
    ASSERT_TRUE(start && mode && automatic && autoStart);

    // Interval mode: Start cannot run the queue, so it is off and its tooltip says what to do.
    EXPECT_FALSE(start->isEnabled());
    EXPECT_TRUE(start->toolTip().contains(u"Queue mode only"_s)) << start->toolTip().toStdString();
    EXPECT_FALSE(start->toolTip().contains(u"schedule/mode"_s)) << "no setting names in the label";
    EXPECT_TRUE(automatic->note().contains(u"Start and the queue belong to Queue mode"_s))
        << automatic->note().toStdString();
    EXPECT_FALSE(autoStart->isVisibleTo(&page)) << "a queue-mode switch";

    // Queue mode: Start is on, and how it goes with "Send prompts automatically" is said.
    mode->setCurrentIndex(mode->findData(u"queue"_s));
    EXPECT_TRUE(start->isEnabled());
    EXPECT_TRUE(automatic->note().contains(u"Start (above, or in the tray menu) runs the queue"_s))
        << automatic->note().toStdString();
    EXPECT_TRUE(autoStart->isVisibleTo(&page));
    EXPECT_FALSE(autoStart->isEnabled()) << "it needs Send prompts automatically";
    editor<QCheckBox>(&page, SettingKey::ScheduleEnabled)->click();
    EXPECT_TRUE(autoStart->isEnabled());
    editor<QCheckBox>(&page, SettingKey::ScheduleAutoStartQueue)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleAutoStartQueue));

    // An empty queue: off again, for that reason.
    ASSERT_TRUE(scheduler->setQueue({}));
    EXPECT_FALSE(start->isEnabled());
    EXPECT_TRUE(start->toolTip().contains(u"The queue is empty"_s)) << start->toolTip().toStdString();
    screenshot(&page, u"queue-start-off"_s);
}

// A stop and then a clean quit: the next start says "stopped by the user", never that the app
// stopped while the queue ran, and offers Start; a quit while it ran offers Resume, as it says.
TEST_F(QueuePageTest, AStopAndACleanQuitLeaveNoCrashWarning)
{
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    const auto restartApp = [this] {
        engine.reset(); // the quit: the engine stops and saves the queue
        engine = std::make_unique<Engine>(settings.get(), AppPaths::forConfigDir(configDir()));
        engine->start(); // no IDE on the port: it keeps looking for one
    };
    restartApp();
    ASSERT_TRUE(engine->scheduler()->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    {
        QueuePage page(engine.get());
        page.findChild<QPushButton *>(u"queueStart"_s)->click();
        ASSERT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Running);
        page.findChild<QPushButton *>(u"queueStop"_s)->click();
        ASSERT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Stopped);
    }
    restartApp();
    {
        QueuePage page(engine.get());
        page.resize(560, 700); // narrow: every status text wraps, nothing scrolls sideways
        page.show();
        const QString status = page.findChild<QLabel *>(u"queueStatus"_s)->text();
        EXPECT_EQ(status, u"Stopped · 2 prompts in the queue — Stopped by the user."_s)
            << status.toStdString();
        EXPECT_FALSE(status.contains(u"stopped while"_s, Qt::CaseInsensitive));
        EXPECT_TRUE(page.findChild<QPushButton *>(u"queueStart"_s)->isEnabled());
        EXPECT_EQ(page.findChild<QPushButton *>(u"queuePause"_s)->text(), u"Pause"_s);
        EXPECT_FALSE(page.findChild<QPushButton *>(u"queuePause"_s)->isEnabled());
        page.findChild<QPushButton *>(u"queueStart"_s)->click();
        ASSERT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Running);
    }
    restartApp(); // quit while it runs
    QueuePage page(engine.get());
    page.resize(560, 700);
    page.show();
    QCoreApplication::processEvents();
    const QString status = page.findChild<QLabel *>(u"queueStatus"_s)->text();
    EXPECT_TRUE(status.startsWith(u"Paused at prompt 1 of 2 — The app quit while the queue was running"_s))
        << status.toStdString();
    auto *resume = page.findChild<QPushButton *>(u"queuePause"_s);
    EXPECT_EQ(resume->text(), u"Resume"_s);
    EXPECT_TRUE(resume->isEnabled()) << "the reason says resume: the button is there";
    auto *scroll = page.findChild<QScrollArea *>();
    ASSERT_TRUE(scroll);
    EXPECT_EQ(scroll->horizontalScrollBar()->maximum(), 0) << "the page scrolls sideways at " << page.width();
    screenshot(&page, u"queue-after-quit-narrow"_s);
    engine->stop();
}

TEST_F(QueuePageTest, ConversationsThatCannotBeListedSaySo)
{
    QueuePage page(engine.get());
    auto *picker = page.findChild<QComboBox *>(u"conversationPicker"_s);
    ASSERT_TRUE(picker);
    EXPECT_FALSE(picker->isEnabled());
    page.findChild<QPushButton *>(u"conversationRefresh"_s)->click();
    auto *note = page.findChild<QLabel *>(u"conversationNote"_s);
    ASSERT_TRUE(
        waitUntil([&] { return note->text().startsWith(u"Could not list the conversations"_s); }, 20s))
        << note->text().toStdString();
    EXPECT_FALSE(picker->isEnabled());
}

// While the queue waits for the agent to fall silent it says how far the wait is, and the count
// moves by itself (no queue change needed): first the time since the send, then "silent for N of
// 30 s". Real Chromium with the chat fixture IDE page (tests/fixtures/chat/ide.html, the agent
// answering at once), the engine's own scheduler.
TEST_F(QueuePageTest, WhileTheQueueWaitsItShowsHowLongTheAgentHasBeenSilent)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    LocalWebServer site;
    ASSERT_TRUE(serveFixtures(site));
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 30);
    ASSERT_TRUE(startEngineOn(browser));
    ASSERT_FALSE(openPage(site.url(u"/chat/ide.html"_s)).isEmpty());
    QueuePage page(engine.get());
    page.resize(800, 700);
    page.show();
    auto *status = page.findChild<QLabel *>(u"queueStatus"_s);
    ASSERT_TRUE(status);
    Scheduler *scheduler = engine->scheduler();
    ASSERT_TRUE(scheduler->setQueue({ u"First task"_s, u"Second task"_s }));
    QString refused;
    ASSERT_TRUE(scheduler->startQueue(&refused)) << refused.toStdString();
    ASSERT_TRUE(waitUntil([&] { return scheduler->phase() == Scheduler::Phase::WaitingForSilence; }, 30s))
        << status->text().toStdString();
    EXPECT_TRUE(waitUntil([&] { return status->text().contains(u"sent "_s); }, 5s))
        << status->text().toStdString();
    EXPECT_TRUE(status->text().contains(u"silence counts from 10 s"_s)) << status->text().toStdString();
    ASSERT_TRUE(waitUntil([&] { return status->text().contains(u"silent for 1 of 30 s"_s); }, 20s))
        << status->text().toStdString();
    EXPECT_TRUE(
        status->text().startsWith(u"Running: prompt 1 of 2 · waiting for the agent to finish · silent for"_s))
        << status->text().toStdString();
    EXPECT_TRUE(waitUntil([&] { return status->text().contains(u"silent for 3 of 30 s"_s); }, 10s))
        << "the count does not move: " << status->text().toStdString();
    screenshot(&page, u"queue-waiting-for-silence"_s);
    scheduler->stopQueue();
    engine->stop();
    browser.stop();
}

} // namespace
