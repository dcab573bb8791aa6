#include "pages/QueuePage.h"

#include "FakeModels.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "UiTranslator.h"
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
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeEdit>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class QueuePageTest : public UiTest
{
protected:
    // The page over the window's models, at `size`, shown.
    std::unique_ptr<QueuePage> shownPage(QSize size = { 760, 900 })
    {
        auto page = std::make_unique<QueuePage>(models()->queue(), models()->endpoints(), settings.get());
        page->resize(size);
        page->show();
        return page;
    }
};

TEST_F(QueuePageTest, EveryScheduleSettingLoadsAndSaves)
{
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    settings->setValue(SettingKey::ScheduleValue, u"09:30"_s);
    settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 45);
    settings->setValue(SettingKey::QuotaAutoContinue, true);
    QueuePage page(models()->queue(), models()->endpoints(), settings.get());
    page.show();

    auto *mode = editor<QComboBox>(&page, SettingKey::ScheduleMode);
    ASSERT_TRUE(mode);
    EXPECT_EQ(mode->currentText(), u"Daily at a time"_s);
    auto *value = page.findChild<QTimeEdit *>(u"editor:schedule/value"_s);
    ASSERT_TRUE(value);
    EXPECT_EQ(value->time(), QTime(9, 30));
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
    auto *prompt = editor<QPlainTextEdit>(&page, SettingKey::SchedulePrompt);
    typeInto(prompt, u"Status report\nplease"_s);
    ASSERT_TRUE(field(&page, SettingKey::SchedulePrompt)->commit());
    EXPECT_EQ(settings->stringValue(SettingKey::SchedulePrompt), u"Status report\nplease"_s);
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
}

// Issue 34 item 7: "Every / at" was free text. Each mode shows a field of its own kind — a
// number of minutes, a time of day — and a mode picked by hand saves a value it can use; Queue
// mode uses neither, nor the scheduled prompt, and says so with them off.
TEST_F(QueuePageTest, EachModeShowsAFieldOfItsOwnKindAndQueueModeTurnsTheUnusedOnesOff)
{
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    settings->setValue(SettingKey::ScheduleValue, u"07:15"_s);
    const std::unique_ptr<QueuePage> page = shownPage();
    auto *mode = editor<QComboBox>(page.get(), SettingKey::ScheduleMode);
    auto *time = page->findChild<QTimeEdit *>(u"editor:schedule/value"_s);
    auto *minutes = page->findChild<QSpinBox *>(u"editor:schedule/value/minutes"_s);
    auto *prompt = editor<QPlainTextEdit>(page.get(), SettingKey::SchedulePrompt);
    ASSERT_TRUE(mode && time && minutes && prompt);
    EXPECT_FALSE(page->findChild<QLineEdit *>(u"editor:schedule/value"_s)) << "no free text";
    EXPECT_TRUE(time->isVisibleTo(page.get()));
    EXPECT_FALSE(minutes->isVisibleTo(page.get()));
    EXPECT_EQ(time->time(), QTime(7, 15));
    EXPECT_EQ(time->displayFormat(), u"HH:mm"_s);
    time->setTime(QTime(8, 45));
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"08:45"_s);

    // Interval, picked by hand: the minutes field shows, and its number is saved at once (a time
    // of day would have turned the schedule off).
    const auto pick = [mode](const QString &value) {
        mode->setCurrentIndex(mode->findData(value));
        Q_EMIT mode->activated(mode->currentIndex());
    };
    pick(u"interval"_s);
    auto *shownMinutes = page->findChild<QSpinBox *>(u"editor:schedule/value"_s);
    ASSERT_EQ(shownMinutes, minutes) << "the field shown is schedule/value";
    EXPECT_TRUE(minutes->isVisibleTo(page.get()));
    EXPECT_FALSE(time->isVisibleTo(page.get()));
    EXPECT_EQ(minutes->minimum(), 1);
    EXPECT_EQ(minutes->maximum(), 1440);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), QString::number(minutes->value()));
    minutes->setValue(45);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"45"_s);
    EXPECT_TRUE(minutes->isEnabled());
    EXPECT_TRUE(prompt->isEnabled());

    // Queue mode: neither the interval nor the scheduled prompt is used: both are off, saying so.
    pick(u"queue"_s);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"45"_s) << "kept for later";
    EXPECT_TRUE(minutes->isVisibleTo(page.get()));
    EXPECT_FALSE(minutes->isEnabled());
    EXPECT_FALSE(prompt->isEnabled());
    EXPECT_TRUE(minutes->toolTip().startsWith(u"Not used in Queue mode"_s))
        << minutes->toolTip().toStdString();
    EXPECT_TRUE(
        field(page.get(), SettingKey::SchedulePrompt)->note().startsWith(u"Not used in Queue mode"_s));
    screenshot(page.get(), u"queue-mode-unused-fields-off"_s);
    pick(u"daily"_s);
    EXPECT_TRUE(time->isEnabled());
    EXPECT_TRUE(prompt->isEnabled());
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"08:45"_s) << "the time shown, saved";
}

TEST_F(QueuePageTest, AnEmptyQueueOffersOnlyAdd)
{
    QueuePage page(models()->queue(), models()->endpoints(), settings.get());
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
    const std::unique_ptr<QueuePage> page = shownPage();
    auto *list = page->findChild<QListWidget *>(u"queueList"_s);
    ASSERT_EQ(list->count(), 2);
    EXPECT_EQ(list->item(0)->text(), u"write the parser"_s);
    EXPECT_TRUE(list->item(0)->flags() & Qt::ItemIsEditable);

    // Add, edit in place, remove: each change is the scheduler's queue at once.
    page->findChild<QPushButton *>(u"queueAdd"_s)->click();
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
    auto *remove = page->findChild<QPushButton *>(u"queueRemove"_s);
    ASSERT_TRUE(remove->isEnabled());
    remove->click();
    ASSERT_EQ(scheduler->queue().items.size(), 1);
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    ASSERT_EQ(list->count(), 2) << "the page follows the scheduler";
    EXPECT_EQ(page->findChild<QLabel *>(u"queueStatus"_s)->text(), u"Stopped · 2 prompts in the queue"_s);
    screenshot(page.get(), u"queue-stopped"_s);

    // Start, pause, resume, skip, stop from the page's buttons.
    auto *start = page->findChild<QPushButton *>(u"queueStart"_s);
    auto *pause = page->findChild<QPushButton *>(u"queuePause"_s);
    ASSERT_TRUE(start->isEnabled());
    start->click();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    EXPECT_TRUE(page->findChild<QLabel *>(u"queueStatus"_s)->text().startsWith(u"Running: prompt 1 of 2"_s))
        << page->findChild<QLabel *>(u"queueStatus"_s)->text().toStdString();
    EXPECT_FALSE(list->item(0)->flags() & Qt::ItemIsEditable) << "no edits while it runs";
    EXPECT_FALSE(page->findChild<QPushButton *>(u"queueAdd"_s)->isEnabled());
    EXPECT_TRUE(list->item(0)->font().bold());
    pause->click();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    EXPECT_EQ(pause->text(), u"Resume"_s);
    page->findChild<QPushButton *>(u"queueSkip"_s)->click();
    EXPECT_EQ(scheduler->queue().position, 1);
    EXPECT_TRUE(page->findChild<QLabel *>(u"queueStatus"_s)->text().startsWith(u"Paused at prompt 2 of 2"_s))
        << page->findChild<QLabel *>(u"queueStatus"_s)->text().toStdString();
    screenshot(page.get(), u"queue-paused"_s);
    page->findChild<QPushButton *>(u"queueStop"_s)->click();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);

    // A refusal is shown, not swallowed (a second Start within 2 s is ignored), and goes once
    // what it was about changed.
    start->click();
    auto *mode = editor<QComboBox>(page.get(), SettingKey::ScheduleMode);
    auto *message = page->findChild<QLabel *>(u"queueMessage"_s);
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
    const std::unique_ptr<QueuePage> page = shownPage();
    page->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(page.get()));
    auto *list = page->findChild<QListWidget *>(u"queueList"_s);
    ASSERT_TRUE(list);
    page->findChild<QPushButton *>(u"queueAdd"_s)->click();
    ASSERT_TRUE(waitUntil([&] {
        return qobject_cast<QPlainTextEdit *>(QApplication::focusWidget()) != nullptr;
    })) << "Add opened no editor";
    EXPECT_TRUE(qobject_cast<QPlainTextEdit *>(QApplication::focusWidget())->toPlainText().isEmpty())
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
    EXPECT_TRUE(page->isVisible());
}

TEST_F(QueuePageTest, StartIsOffWhenItCannotWorkAndSaysWhyInPlainWords)
{
    Scheduler *scheduler = engine->scheduler();
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    const std::unique_ptr<QueuePage> page = shownPage();
    auto *start = page->findChild<QPushButton *>(u"queueStart"_s);
    auto *mode = editor<QComboBox>(page.get(), SettingKey::ScheduleMode);
    SettingField *automatic = field(page.get(), SettingKey::ScheduleEnabled);
    SettingField *autoStart = field(page.get(), SettingKey::ScheduleAutoStartQueue);
    ASSERT_TRUE(start && mode && automatic && autoStart);

    // Interval mode with prompts: Start is on and says it switches to Queue mode (issue 34 item 7).
    EXPECT_TRUE(start->isEnabled());
    EXPECT_TRUE(start->toolTip().startsWith(u"Switch to Queue mode"_s)) << start->toolTip().toStdString();
    EXPECT_FALSE(start->toolTip().contains(u"schedule/mode"_s)) << "no setting names in the label";
    EXPECT_TRUE(automatic->note().contains(u"runs the queue's prompts instead, switching to Queue mode"_s))
        << automatic->note().toStdString();
    EXPECT_FALSE(autoStart->isVisibleTo(page.get())) << "a queue-mode switch";

    // Queue mode: Start is on, and how it goes with "Send prompts automatically" is said.
    mode->setCurrentIndex(mode->findData(u"queue"_s));
    EXPECT_TRUE(start->isEnabled());
    EXPECT_TRUE(automatic->note().contains(u"Start (above, or in the tray menu) runs the queue"_s))
        << automatic->note().toStdString();
    EXPECT_TRUE(autoStart->isVisibleTo(page.get()));
    EXPECT_FALSE(autoStart->isEnabled()) << "it needs Send prompts automatically";
    editor<QCheckBox>(page.get(), SettingKey::ScheduleEnabled)->click();
    EXPECT_TRUE(autoStart->isEnabled());
    editor<QCheckBox>(page.get(), SettingKey::ScheduleAutoStartQueue)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleAutoStartQueue));

    // An empty queue: off again, for that reason.
    ASSERT_TRUE(scheduler->setQueue({}));
    EXPECT_FALSE(start->isEnabled());
    EXPECT_TRUE(start->toolTip().contains(u"The queue is empty"_s)) << start->toolTip().toStdString();
    screenshot(page.get(), u"queue-start-off"_s);
}

// Issue 34 item 7: with prompts in the queue, Start runs them without the user hunting for the
// Mode switch: it switches to Queue mode and starts.
TEST_F(QueuePageTest, StartWithPromptsInAnotherModeSwitchesToQueueModeAndRuns)
{
    Scheduler *scheduler = engine->scheduler();
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    settings->setValue(SettingKey::ScheduleValue, u"09:00"_s);
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    const std::unique_ptr<QueuePage> page = shownPage();
    auto *start = page->findChild<QPushButton *>(u"queueStart"_s);
    ASSERT_TRUE(start->isEnabled());
    start->click();
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleMode), u"queue"_s);
    EXPECT_EQ(editor<QComboBox>(page.get(), SettingKey::ScheduleMode)->currentData().toString(), u"queue"_s);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    EXPECT_FALSE(page->findChild<QLabel *>(u"queueMessage"_s)->isVisible()) << "no refusal";
    EXPECT_FALSE(start->isEnabled());
    EXPECT_FALSE(page->findChild<QTimeEdit *>(u"editor:schedule/value"_s)->isEnabled()) << "unused now";
    QString refused;
    ASSERT_TRUE(scheduler->stopQueue(&refused)) << refused.toStdString();
}

// Issue 34 item 6: a queued prompt may have several lines. Shift+Enter starts a new line in the
// prompt's editor (it used to end the edit and drop the rest); Enter keeps the prompt, every
// line of it, in the queue and in queue.json.
TEST_F(QueuePageTest, APromptOfSeveralLinesIsTypedWithShiftEnterAndKeptWhole)
{
    Scheduler *scheduler = engine->scheduler();
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    const std::unique_ptr<QueuePage> page = shownPage();
    page->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(page.get()));
    auto *list = page->findChild<QListWidget *>(u"queueList"_s);
    page->findChild<QPushButton *>(u"queueAdd"_s)->click();
    ASSERT_TRUE(waitUntil([&] {
        return qobject_cast<QPlainTextEdit *>(QApplication::focusWidget()) != nullptr;
    })) << "Add opened no editor";
    auto *editorBox = qobject_cast<QPlainTextEdit *>(QApplication::focusWidget());
    EXPECT_EQ(editorBox->objectName(), u"queuePromptEditor"_s);
    const int oneLine = list->visualItemRect(list->item(0)).height();
    EXPECT_GE(editorBox->height(), 3 * oneLine) << "room for several lines";
    QTest::keyClicks(editorBox, u"Refactor the parser:"_s);
    QTest::keyClick(editorBox, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClicks(editorBox, u"- keep the public API"_s);
    QTest::keyClick(editorBox, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClicks(editorBox, u"- add tests"_s);
    EXPECT_TRUE(scheduler->queue().items.isEmpty()) << "Shift+Enter ended the edit";
    QTest::keyClick(editorBox, Qt::Key_Return);
    const QString whole = u"Refactor the parser:\n- keep the public API\n- add tests"_s;
    ASSERT_TRUE(waitUntil([&] { return scheduler->queue().items.size() == 1; }));
    EXPECT_EQ(scheduler->queue().items.at(0).text, whole);
    ASSERT_TRUE(waitUntil([&] { return list->count() == 1; }));
    EXPECT_EQ(list->item(0)->text(), whole);
    EXPECT_GT(list->visualItemRect(list->item(0)).height(), 2 * oneLine) << "the list shows its lines";
    QFile saved(QDir(engine->paths().configDir).filePath(SchedulerStore::queueFileName()));
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    EXPECT_TRUE(saved.readAll().contains("Refactor the parser:\\n- keep the public API\\n- add tests"));
    screenshot(page.get(), u"queue-multi-line-prompt"_s);
}

// Issue 34 item 6: the queue's prompts go to and come from a file: a JSON list of texts (exact
// for prompts of several lines, and what getSchedule's "prompts" holds). Import adds to the end;
// a file that is no such list adds nothing and says why.
TEST_F(QueuePageTest, PromptsAreExportedToAndImportedFromAJsonList)
{
    Scheduler *scheduler = engine->scheduler();
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    const std::unique_ptr<QueuePage> page = shownPage();
    auto *exportButton = page->findChild<QPushButton *>(u"queueExport"_s);
    auto *importButton = page->findChild<QPushButton *>(u"queueImport"_s);
    ASSERT_TRUE(exportButton && importButton);
    EXPECT_FALSE(exportButton->isEnabled()) << "nothing to export";
    EXPECT_TRUE(importButton->isEnabled());
    ASSERT_TRUE(scheduler->setQueue({ u"first\nwith a second line"_s, u"second"_s }));
    EXPECT_TRUE(exportButton->isEnabled());

    const QString file = QDir(tempDir()).filePath(u"prompts.json"_s);
    ASSERT_TRUE(page->exportPrompts(file));
    QFile written(file);
    ASSERT_TRUE(written.open(QIODevice::ReadOnly));
    EXPECT_EQ(QJsonDocument::fromJson(written.readAll()).array(),
              (QJsonArray { u"first\nwith a second line"_s, u"second"_s }));

    ASSERT_TRUE(scheduler->setQueue({ u"already there"_s }));
    ASSERT_TRUE(page->importPrompts(file));
    ASSERT_EQ(scheduler->queue().items.size(), 3);
    EXPECT_EQ(scheduler->queue().items.at(0).text, u"already there"_s);
    EXPECT_EQ(scheduler->queue().items.at(1).text, u"first\nwith a second line"_s);
    EXPECT_EQ(scheduler->queue().items.at(2).text, u"second"_s);

    // getSchedule's shape is read too.
    const QString schedule = QDir(tempDir()).filePath(u"schedule.json"_s);
    writeTextFile(schedule, u"{\"prompts\": [\"from the API\"]}"_s);
    ASSERT_TRUE(page->importPrompts(schedule));
    EXPECT_EQ(scheduler->queue().items.size(), 4);

    auto *message = page->findChild<QLabel *>(u"queueMessage"_s);
    const QString bad = QDir(tempDir()).filePath(u"bad.json"_s);
    writeTextFile(bad, u"[\"fine\", 42]"_s);
    EXPECT_FALSE(page->importPrompts(bad));
    EXPECT_EQ(message->text(),
              u"Entry 2 of %1 is not a text; nothing was imported."_s.arg(QDir::toNativeSeparators(bad)));
    EXPECT_TRUE(message->isVisible());
    EXPECT_EQ(scheduler->queue().items.size(), 4) << "nothing added";
    writeTextFile(bad, u"one prompt a line"_s);
    EXPECT_FALSE(page->importPrompts(bad));
    EXPECT_TRUE(message->text().contains(u"is not JSON"_s)) << message->text().toStdString();
    EXPECT_FALSE(page->importPrompts(QDir(tempDir()).filePath(u"missing.json"_s)));
    EXPECT_TRUE(message->text().startsWith(u"Could not read"_s)) << message->text().toStdString();
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
        QueuePage page(models()->queue(), models()->endpoints(), settings.get());
        page.findChild<QPushButton *>(u"queueStart"_s)->click();
        ASSERT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Running);
        page.findChild<QPushButton *>(u"queueStop"_s)->click();
        ASSERT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Stopped);
    }
    restartApp();
    {
        QueuePage page(models()->queue(), models()->endpoints(), settings.get());
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
    const std::unique_ptr<QueuePage> page = shownPage({ 560, 700 });
    QCoreApplication::processEvents();
    const QString status = page->findChild<QLabel *>(u"queueStatus"_s)->text();
    EXPECT_TRUE(status.startsWith(u"Paused at prompt 1 of 2 — The app quit while the queue was running"_s))
        << status.toStdString();
    auto *resume = page->findChild<QPushButton *>(u"queuePause"_s);
    EXPECT_EQ(resume->text(), u"Resume"_s);
    EXPECT_TRUE(resume->isEnabled()) << "the reason says resume: the button is there";
    auto *scroll = page->findChild<QScrollArea *>();
    ASSERT_TRUE(scroll);
    EXPECT_EQ(scroll->horizontalScrollBar()->maximum(), 0)
        << "the page scrolls sideways at " << page->width();
    screenshot(page.get(), u"queue-after-quit-narrow"_s);
    engine->stop();
}

TEST_F(QueuePageTest, ConversationsThatCannotBeListedSaySo)
{
    QueuePage page(models()->queue(), models()->endpoints(), settings.get());
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
    const std::unique_ptr<QueuePage> page = shownPage({ 800, 700 });
    auto *status = page->findChild<QLabel *>(u"queueStatus"_s);
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
    screenshot(page.get(), u"queue-waiting-for-silence"_s);
    scheduler->stopQueue();
    engine->stop();
    browser.stop();
}

// The page over a fake queue model and real settings in a temporary folder: no engine, no browser.
TEST(QueuePageOnModelTest, ShowsTheModelsQueueAndItsButtonsDriveIt)
{
    UiTranslator english;
    english.load(QLocale::c()); // the plural forms ("2 prompts")
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    Settings settings(folder.filePath(u"settings.ini"_s));
    settings.setValue(SettingKey::ScheduleMode, u"queue"_s);
    FakeQueueModel model;
    model.fakeQueue.replace({ u"write the parser"_s, u"write the tests"_s });
    model.window = u"Fixture IDE"_s;
    FakeEndpointsModel endpoints;
    QueuePage page(&model, &endpoints, &settings);

    auto *list = page.findChild<QListWidget *>(u"queueList"_s);
    auto *status = page.findChild<QLabel *>(u"queueStatus"_s);
    auto *message = page.findChild<QLabel *>(u"queueMessage"_s);
    auto *start = page.findChild<QPushButton *>(u"queueStart"_s);
    auto *pause = page.findChild<QPushButton *>(u"queuePause"_s);
    auto *stop = page.findChild<QPushButton *>(u"queueStop"_s);
    ASSERT_TRUE(list && status && message && start && pause && stop);
    ASSERT_EQ(list->count(), 2);
    EXPECT_EQ(list->item(1)->text(), u"write the tests"_s);
    EXPECT_EQ(status->text(), u"Stopped · 2 prompts in the queue"_s);
    EXPECT_EQ(page.findChild<QLabel *>(u"targetWindowNow"_s)->text(), u"“Fixture IDE”"_s);
    EXPECT_TRUE(start->isEnabled());
    EXPECT_FALSE(pause->isEnabled()) << "nothing runs";

    start->click();
    EXPECT_EQ(model.calls, QStringList { u"start"_s });
    EXPECT_EQ(status->text(), u"Running: prompt 1 of 2"_s);
    EXPECT_FALSE(start->isEnabled()) << "the model's blocker: it runs";
    EXPECT_EQ(start->toolTip(), u"The queue is running."_s);
    pause->click();
    EXPECT_EQ(model.calls.last(), u"pause"_s);
    EXPECT_EQ(pause->text(), u"Resume"_s);
    EXPECT_EQ(status->text(), u"Paused at prompt 1 of 2"_s);
    pause->click();
    EXPECT_EQ(model.calls.last(), u"resume"_s) << "the same button resumes a paused queue";
    stop->click();
    EXPECT_EQ(model.calls.last(), u"stop"_s);

    // A refusal is shown in the page's words, and nothing changes.
    model.refusal = u"The queue is empty."_s;
    start->click();
    EXPECT_EQ(model.calls.last(), u"start"_s);
    EXPECT_FALSE(message->isHidden());
    EXPECT_EQ(message->text(), u"The queue is empty."_s);
    EXPECT_EQ(model.fakeQueue.state, PromptQueue::State::Stopped);
}

} // namespace
