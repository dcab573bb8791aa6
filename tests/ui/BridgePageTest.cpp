// The Bridge page: the start form's errors, a session file left by a dead process (listed as
// interrupted, its commands and what was masked shown, Resume offered, the exact text sent), a
// resumed session whose command the gate holds (the question box, Deny, the tray's tooltip line
// and message), the saved tools written to <config-dir>/bridge/tools.json, Learn with and without
// a learner, and the wheel over its choices. The browser side is a fixed checkout page given
// through the manager's environment factory, so the page works without Chromium.
#include "pages/BridgePage.h"

#include "CheckoutPage.h"
#include "FakeModels.h"
#include "HeadlessChromium.h"
#include "MainWindow.h"
#include "Notifier.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "bridge/BridgeManager.h"
#include "common/JsonDataFile.h"
#include "common/LocalWebServer.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QWheelEvent>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QString kSessionId = u"bridge-20261120-101010-abcd"_s;
const QString kSent
    = u"Result of turn 3:\n- click e3 → ok\nWrite to [email] or call [phone].\n\n  (indented line)"_s;

// A session a dead process left: three turns in, one command done, one that was running.
BridgeRecord interruptedSession()
{
    BridgeRecord record;
    record.id = kSessionId;
    record.goal = u"Fill in the expense form"_s;
    record.keyword = u"quokka"_s;
    record.agentTab = u"CHAT"_s;
    record.agentTitle = u"ChatGPT"_s;
    record.targetTabs = { u"T1"_s };
    record.currentTab = u"T1"_s;
    record.status = BridgeStatus::Running;
    record.phase = BridgePhase::Execute;
    record.turn = 3;
    record.maxTurns = 40;
    record.lastSent = kSent;
    record.lastMasked = QJsonObject { { u"email"_s, 2 }, { u"phone"_s, 1 } };
    record.maskedTotal = 3;
    record.createdAt = QDateTime::currentDateTimeUtc().addSecs(-600);
    record.updatedAt = record.createdAt.addSecs(60);
    BridgeCommand next;
    next.key = u"t2-0-aaaa"_s;
    next.turn = 2;
    next.tool = u"click"_s;
    next.params = QJsonObject { { u"ref"_s, u"e3"_s } };
    next.raw = u"<tool_code>{\"tool\": \"click\", \"params\": {\"ref\": \"e3\"}}</tool_code>"_s;
    next.state = BridgeCommand::State::Done;
    next.element = u"button “Next”"_s;
    next.result = u"clicked; the page changed"_s;
    next.tab = u"T1"_s;
    BridgeCommand pay;
    pay.key = u"t3-0-bbbb"_s;
    pay.turn = 3;
    pay.tool = u"click"_s;
    pay.params = QJsonObject { { u"ref"_s, u"e2"_s } };
    pay.state = BridgeCommand::State::Running;
    pay.tab = u"T1"_s;
    record.commands = { next, pay };
    return record;
}

// The session's environment on the checkout page.
BridgeEnvironment checkoutPage(int *clicks)
{
    BridgeEnvironment environment;
    environment.profile = u"generic"_s;
    environment.toolNames = { u"click"_s, u"get"_s, u"snapshot"_s };
    environment.currentTab = [] { return u"T1"_s; };
    environment.run
        = [clicks](const QString &type, const QJsonObject &params, BridgeEnvironment::Reply reply) {
              answerAsCheckoutPage(type, params, reply, clicks);
          };
    return environment;
}

class BridgePageTest : public UiTest
{
protected:
    void writeSession(const BridgeRecord &record)
    {
        QDir().mkpath(engine->bridge()->folder());
        QString error;
        ASSERT_TRUE(JsonDataFile(QDir(engine->bridge()->folder()).filePath(record.id + u".json"_s))
                        .save(record.toJson(), 1, &error))
            << error.toStdString();
        engine->bridge()->load();
    }

    int historyRow(const QTableWidget *table, const QString &goal)
    {
        for (int row = 0; row < table->rowCount(); ++row) {
            if (table->item(row, 1) && table->item(row, 1)->text() == goal)
                return row;
        }
        return -1;
    }
};

} // namespace

TEST_F(BridgePageTest, AStartWithoutAGoalSaysSoAndStartsNothing)
{
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.show();
    page.goalEdit()->clear();
    page.startButton()->click();
    EXPECT_TRUE(page.startError()->text().startsWith(u"The goal is empty"_s))
        << page.startError()->text().toStdString();
    EXPECT_TRUE(page.startError()->text().endsWith(u'.'));
    EXPECT_TRUE(page.startError()->isVisible());
    EXPECT_TRUE(engine->bridge()->sessions().isEmpty());
    EXPECT_TRUE(engine->bridge()->activeSessions().isEmpty());
    // Without a browser there is no tab to pick, and the page says what an empty target list means.
    EXPECT_EQ(page.agentBox()->count(), 0);
    EXPECT_EQ(page.targetList()->count(), 0);
    typeInto(page.goalEdit(), u"Book the flight"_s);
    page.startFromForm();
    EXPECT_TRUE(page.startError()->text().startsWith(u"No agent tab"_s))
        << page.startError()->text().toStdString();
    EXPECT_TRUE(engine->bridge()->sessions().isEmpty());
}

TEST_F(BridgePageTest, AnInterruptedSessionIsListedWithItsCommandsAndWhatWasMasked)
{
    writeSession(interruptedSession());
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.resize(900, 1000);
    page.show();
    QTableWidget *history = page.historyTable();
    const int row = historyRow(history, u"Fill in the expense form"_s);
    ASSERT_GE(row, 0);
    EXPECT_EQ(history->item(row, 2)->text(), u"Interrupted"_s);
    EXPECT_EQ(history->item(row, 3)->text(), u"3"_s);

    history->selectRow(row);
    EXPECT_EQ(page.shownSession(), kSessionId);
    QTableWidget *commands = page.commandsTable();
    ASSERT_EQ(commands->rowCount(), 2);
    EXPECT_EQ(commands->item(0, 0)->text(), u"2"_s);
    EXPECT_EQ(commands->item(0, 1)->text(), u"click e3"_s);
    EXPECT_EQ(commands->item(0, 2)->text(), u"button “Next”"_s);
    EXPECT_EQ(commands->item(0, 3)->text(), u"done"_s);
    EXPECT_EQ(commands->item(0, 4)->text(), u"clicked; the page changed"_s);
    // What was running when the app died is unknown and never run again (load() says so).
    EXPECT_EQ(commands->item(1, 1)->text(), u"click e2"_s);
    EXPECT_EQ(commands->item(1, 3)->text(), u"unknown — not run again"_s);
    EXPECT_TRUE(commands->item(1, 4)->text().contains(u"unknown"_s))
        << commands->item(1, 4)->text().toStdString();

    EXPECT_EQ(page.maskedLabel()->text(), u"Masked in the last message: email 2, phone 1"_s);
    EXPECT_TRUE(page.statusLabel()->text().startsWith(u"Interrupted"_s))
        << page.statusLabel()->text().toStdString();
    EXPECT_TRUE(page.turnLabel()->text().startsWith(u"Turn 3 of 40"_s))
        << page.turnLabel()->text().toStdString();
    EXPECT_TRUE(page.resumeButton()->isEnabled());
    EXPECT_FALSE(page.pauseButton()->isEnabled());
    EXPECT_FALSE(page.stopButton()->isEnabled());
    EXPECT_FALSE(page.questionBox()->isVisible());
    screenshot(&page, u"bridge-interrupted"_s);

    ASSERT_TRUE(page.showSentButton()->isEnabled());
    page.showSentButton()->click();
    ASSERT_TRUE(page.sentDialog());
    EXPECT_TRUE(page.sentDialog()->isVisible());
    auto *text = page.sentDialog()->findChild<QPlainTextEdit *>(u"bridgeSentText"_s);
    ASSERT_TRUE(text);
    EXPECT_TRUE(text->isReadOnly());
    EXPECT_EQ(text->toPlainText(), kSent);
    screenshot(page.sentDialog(), u"bridge-sent-text"_s);
}

TEST_F(BridgePageTest, ASessionWithNothingMaskedSaysNothing)
{
    BridgeRecord record = interruptedSession();
    record.lastMasked = {};
    record.lastSent.clear();
    writeSession(record);
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.show();
    page.historyTable()->selectRow(0);
    EXPECT_EQ(page.maskedLabel()->text(), u"Masked in the last message: nothing"_s);
    EXPECT_FALSE(page.showSentButton()->isEnabled());
}

TEST_F(BridgePageTest, AResumedSessionAsksInThePageAndTheTrayAndDenyKeepsTheClickFromHappening)
{
    BridgeRecord record = interruptedSession();
    record.commands[1].state = BridgeCommand::State::Queued; // the chat's next command, not run yet
    record.status = BridgeStatus::Interrupted;
    writeSession(record);
    int clicks = 0;
    engine->bridge()->setEnvironmentFactory(
        [&clicks](const BridgeRecord &) { return checkoutPage(&clicks); });
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    QSignalSpy notified(tray.notifier(), &Notifier::notified);
    window.show();
    window.showPage(MainWindow::Page::Bridge);
    auto *page = window.page<BridgePage>();
    ASSERT_TRUE(page);
    const int row = historyRow(page->historyTable(), record.goal);
    ASSERT_GE(row, 0);
    page->historyTable()->selectRow(row);
    ASSERT_TRUE(page->resumeButton()->isEnabled());
    window.showPage(MainWindow::Page::Dashboard);

    page->resumeButton()->click();
    ASSERT_TRUE(waitUntil([&] { return engine->bridge()->live(kSessionId) != nullptr; }));
    ASSERT_TRUE(waitUntil([&] { return window.currentPage() == MainWindow::Page::Bridge; }))
        << "the window did not turn to the question";
    ASSERT_TRUE(waitUntil([&] { return page->questionBox()->isVisible(); }))
        << page->statusLabel()->text().toStdString();
    const auto *question = page->questionBox()->findChild<QLabel *>(u"bridgeQuestionText"_s);
    ASSERT_TRUE(question);
    EXPECT_TRUE(question->text().contains(u"Pay now"_s)) << question->text().toStdString();
    EXPECT_TRUE(page->statusLabel()->text().startsWith(u"Bridge: "_s))
        << page->statusLabel()->text().toStdString();
    EXPECT_EQ(page->commandsTable()->item(1, 3)->text(), u"waiting for you"_s);
    EXPECT_EQ(page->commandsTable()->item(1, 2)->text(), u"button “Pay now”"_s);
    EXPECT_TRUE(page->stopButton()->isEnabled());
    EXPECT_TRUE(page->pauseButton()->isEnabled());
    EXPECT_FALSE(page->resumeButton()->isEnabled());
    EXPECT_TRUE(tray.toolTip().contains(u"Bridge: "_s)) << tray.toolTip().toStdString();
    EXPECT_TRUE(tray.toolTip().contains(u"Pay now"_s)) << tray.toolTip().toStdString();
    ASSERT_EQ(notified.count(), 1);
    const auto message = notified.at(0).at(0).value<Notifier::Notification>();
    EXPECT_EQ(message.kind, Notifier::Kind::BridgeQuestion);
    EXPECT_TRUE(message.message.startsWith(u"Fill in the expense form — "_s))
        << message.message.toStdString();
    // The question is scrolled into view (the start form above fills the window).
    auto *scroll = page->findChild<QScrollArea *>();
    ASSERT_TRUE(scroll);
    EXPECT_TRUE(waitUntil([&] { return scroll->verticalScrollBar()->value() > 0; }));
    screenshot(&window, u"bridge-question-window"_s);

    page->denyButton()->click();
    ASSERT_TRUE(waitUntil([&] { return !page->questionBox()->isVisible(); }));
    EXPECT_EQ(clicks, 0) << "the payment was made after Deny";
    ASSERT_EQ(page->commandsTable()->rowCount(), 2);
    EXPECT_EQ(page->commandsTable()->item(1, 3)->text(), u"refused"_s);
    EXPECT_TRUE(page->commandsTable()->item(1, 4)->text().contains(u"denied by you"_s))
        << page->commandsTable()->item(1, 4)->text().toStdString();
    // The chat is no tab here, so the session ends; the tooltip drops its line.
    ASSERT_TRUE(waitUntil([&] { return engine->bridge()->live(kSessionId) == nullptr; }));
    EXPECT_FALSE(tray.toolTip().contains(u"Bridge: "_s)) << tray.toolTip().toStdString();

    // Clicking the tray's message opens the Bridge page.
    window.showPage(MainWindow::Page::Dashboard);
    window.hide();
    tray.openNotification(Notifier::Kind::BridgeQuestion);
    EXPECT_EQ(window.currentPage(), MainWindow::Page::Bridge);
    EXPECT_TRUE(window.isVisible());
}

TEST_F(BridgePageTest, SavedToolsAreWrittenAndADuplicateNameIsRefused)
{
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.resize(900, 1000);
    page.show();
    QTableWidget *tools = page.toolsTable();
    ASSERT_EQ(tools->rowCount(), 0);
    page.addToolButton()->click();
    tools->item(0, 0)->setText(u"Jira"_s);
    tools->item(0, 1)->setText(u"https://jira.example.com/"_s);
    page.addToolButton()->click();
    tools->item(1, 0)->setText(u"Wiki"_s);
    tools->item(1, 1)->setText(u"https://wiki.example.com/start"_s);
    page.addToolButton()->click(); // left empty: not saved
    page.saveToolsButton()->click();
    EXPECT_EQ(page.toolsMessage()->text(), u"Saved."_s);

    const QList<SavedTool> saved = engine->bridge()->savedTools();
    ASSERT_EQ(saved.size(), 2);
    EXPECT_EQ(saved.at(0).name, u"Jira"_s);
    EXPECT_EQ(saved.at(1).url, u"https://wiki.example.com/start"_s);
    QFile file(QDir(engine->bridge()->folder()).filePath(u"tools.json"_s));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonArray onDisk = QJsonDocument::fromJson(file.readAll()).object().value(u"tools").toArray();
    ASSERT_EQ(onDisk.size(), 2);
    EXPECT_EQ(onDisk.at(0).toObject().value(u"name").toString(), u"Jira"_s);
    EXPECT_EQ(onDisk.at(1).toObject().value(u"url").toString(), u"https://wiki.example.com/start"_s);
    EXPECT_EQ(tools->rowCount(), 2) << "the table shows what was saved";

    page.addToolButton()->click();
    tools->item(2, 0)->setText(u"jira"_s);
    tools->item(2, 1)->setText(u"https://other.example.com/"_s);
    page.saveToolsButton()->click();
    EXPECT_EQ(page.toolsMessage()->text(), u"Two saved tools are named 'jira'."_s);
    EXPECT_EQ(engine->bridge()->savedTools().size(), 2);
    screenshot(&page, u"bridge-tools-error"_s);

    // A page opened later reads them back.
    BridgePage again(models()->bridge(), models()->tabs(), settings.get());
    ASSERT_EQ(again.toolsTable()->rowCount(), 2);
    EXPECT_EQ(again.toolsTable()->item(1, 0)->text(), u"Wiki"_s);
}

TEST_F(BridgePageTest, RemoveIsOnlyOfferedWithASavedToolSelected)
{
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.resize(900, 1000);
    page.show();
    QTableWidget *tools = page.toolsTable();
    auto *remove = page.findChild<QPushButton *>(u"bridgeRemoveTool"_s);
    ASSERT_TRUE(remove);
    EXPECT_FALSE(remove->isEnabled()) << "nothing to remove";
    page.addToolButton()->click();
    tools->item(0, 0)->setText(u"Jira"_s);
    page.addToolButton()->click();
    tools->item(1, 0)->setText(u"Wiki"_s);
    EXPECT_TRUE(remove->isEnabled()) << "the row just added is selected";
    tools->clearSelection();
    EXPECT_FALSE(remove->isEnabled()) << "two rows, none selected";
    tools->selectRow(0);
    EXPECT_TRUE(remove->isEnabled());
    remove->click();
    ASSERT_EQ(tools->rowCount(), 1);
    EXPECT_EQ(tools->item(0, 0)->text(), u"Wiki"_s) << "the selected row went, not another";
}

TEST_F(BridgePageTest, LearnOnATabThatIsGoneShowsWhy)
{
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.show();
    // No tab to learn from: the page says so first.
    page.learnButton()->click();
    EXPECT_EQ(page.learnStatus()->text(), u"Pick the chat's tab first."_s);
    // With a tab chosen that the browser does not have (no browser here), the learner says so.
    page.agentBox()->addItem(u"Some chat"_s, u"CHAT"_s);
    page.agentBox()->setCurrentIndex(0);
    page.learnButton()->click();
    EXPECT_EQ(page.learnStatus()->text(), u"There is no tab CHAT in the browser."_s);
    EXPECT_TRUE(page.learnButton()->isEnabled());
}

TEST_F(BridgePageTest, LearnSaysWhatToClickNext)
{
    std::function<void(const QString &)> progress;
    CommandReply done;
    engine->bridge()->setLearner([&](const QString &tab, auto p, auto d) {
        EXPECT_EQ(tab, u"CHAT"_s);
        progress = p;
        done = d;
    });
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.show();
    page.agentBox()->addItem(u"Some chat"_s, u"CHAT"_s);
    page.agentBox()->setCurrentIndex(0);
    page.learnButton()->click();
    EXPECT_EQ(page.learnStatus()->text(), u"Click the chat's message box in the browser."_s);
    EXPECT_FALSE(page.learnButton()->isEnabled());
    ASSERT_TRUE(progress);
    progress(u"input"_s);
    EXPECT_EQ(page.learnStatus()->text(), u"Now click its send button."_s);
    done(CommandResult::success(QJsonObject { { u"profileId"_s, u"learned-chat-example-com"_s } }));
    EXPECT_EQ(page.learnStatus()->text(), u"Learned: saved as profile learned-chat-example-com."_s);
    EXPECT_TRUE(page.learnButton()->isEnabled());
}

// The chat's profile says whether it takes images (agent/vision auto): the box shows it for the
// chosen chat and saves a change through the manager.
TEST_F(BridgePageTest, TheTakesImagesBoxReadsAndSetsTheChatsProfile)
{
    QList<std::optional<bool>> asked;
    bool images = false;
    engine->bridge()->setChatImages([&](const QString &tab, std::optional<bool> set, CommandReply done) {
        EXPECT_EQ(tab, u"CHAT"_s);
        asked.append(set);
        if (set)
            images = *set;
        done(CommandResult::success(
            QJsonObject { { u"profileId"_s, u"chatgpt"_s }, { u"images"_s, images } }));
    });
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.show();
    EXPECT_FALSE(page.chatImagesBox()->isEnabled()) << "no chat chosen";
    page.agentBox()->addItem(u"Some chat"_s, u"CHAT"_s);
    page.agentBox()->setCurrentIndex(0);
    ASSERT_EQ(asked.size(), 1);
    EXPECT_FALSE(asked.first().has_value());
    EXPECT_TRUE(page.chatImagesBox()->isEnabled());
    EXPECT_FALSE(page.chatImagesBox()->isChecked());
    page.chatImagesBox()->click();
    ASSERT_EQ(asked.size(), 2);
    EXPECT_EQ(asked.last(), std::optional<bool>(true));
    EXPECT_TRUE(images);
    EXPECT_TRUE(page.chatImagesBox()->isChecked());
    EXPECT_TRUE(page.chatImagesBox()->isEnabled());
}

// The page chooses a chat tab by itself when it builds its list (a window opened while the
// browser already has the chat): the box follows that chat too, from the chat's real profile. On a
// real X display it stayed greyed, because the list was rebuilt with its signals held back.
TEST_F(BridgePageTest, TheTakesImagesBoxFollowsTheChatThePageChoseItself)
{
    HeadlessChromium browser;
    LocalWebServer site;
    ASSERT_TRUE(startBrowser(browser));
    ASSERT_TRUE(serveFixtures(site));
    ASSERT_TRUE(startEngineOn(browser));
    const QString chat = openPage(site.url(u"/bridge/chat.html"_s));
    ASSERT_FALSE(chat.isEmpty());
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(chat) != nullptr; }));

    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.show();
    ASSERT_GE(page.agentBox()->currentIndex(), 0) << "the page chose a tab";
    EXPECT_TRUE(waitUntil([&] { return page.chatImagesBox()->isEnabled(); }))
        << "the box is read for the tab the page chose: " << page.agentBox()->currentText().toStdString();
    EXPECT_FALSE(page.chatImagesBox()->isChecked());

    // Chosen by the user, another tab is read again.
    const int other = page.agentBox()->findData(chat) == 0 ? 1 : 0;
    if (page.agentBox()->count() > 1) {
        page.agentBox()->setCurrentIndex(other);
        EXPECT_TRUE(waitUntil([&] { return page.chatImagesBox()->isEnabled(); }));
    }
    engine->stop();
    browser.stop();
}

// While the app waits for the two clicks, Cancel calls the learning off: nothing is learned, a
// late answer from the learner changes nothing, and Learn works again (issue 34 item 25).
TEST_F(BridgePageTest, LearningCanBeCancelledWhileItWaits)
{
    std::function<void(const QString &)> progress;
    CommandReply done;
    engine->bridge()->setLearner([&](const QString &, auto p, auto d) {
        progress = p;
        done = d;
    });
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.show();
    EXPECT_TRUE(page.cancelLearnButton()->isHidden()) << "nothing to cancel yet";
    page.agentBox()->addItem(u"Some chat"_s, u"CHAT"_s);
    page.agentBox()->setCurrentIndex(0);
    page.learnButton()->click();
    EXPECT_FALSE(page.learnButton()->isEnabled());
    ASSERT_TRUE(page.cancelLearnButton()->isVisible());
    EXPECT_TRUE(page.cancelLearnButton()->isEnabled());
    page.cancelLearnButton()->click();
    EXPECT_EQ(page.learnStatus()->text(), u"Stopped: nothing was learned."_s);
    EXPECT_TRUE(page.learnButton()->isEnabled());
    EXPECT_TRUE(page.cancelLearnButton()->isHidden());
    ASSERT_TRUE(progress && done);
    progress(u"input"_s);
    done(CommandResult::success(QJsonObject { { u"profileId"_s, u"late"_s } }));
    EXPECT_EQ(page.learnStatus()->text(), u"Stopped: nothing was learned."_s) << "a late answer is ignored";
}

TEST_F(BridgePageTest, TheWheelOverItsChoicesScrollsThePageAndChangesNothing)
{
    settings->setValue(SettingKey::BridgeMode, u"autonomous"_s);
    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.resize(720, 400); // shorter than the page: it scrolls
    page.show();
    QApplication::setActiveWindow(&page);
    EXPECT_EQ(page.modeBox()->currentData().toString(), u"autonomous"_s) << "the default is bridge/mode";
    page.agentBox()->addItem(u"One chat"_s, u"A"_s);
    page.agentBox()->addItem(u"Another chat"_s, u"B"_s);
    page.agentBox()->setCurrentIndex(0);
    const auto wheelDown = [](QComboBox *box) {
        const QPointF at(box->width() / 2.0, box->height() / 2.0);
        QWheelEvent event(at, box->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(box, &event);
    };
    for (QComboBox *box : { page.modeBox(), page.agentBox() }) {
        box->setCurrentIndex(0);
        for (int notch = 0; notch < 3; ++notch)
            wheelDown(box);
        EXPECT_EQ(box->currentIndex(), 0) << box->objectName().toStdString();
    }
    // Focused (clicked or tabbed into), a choice takes the wheel.
    page.agentBox()->setFocus();
    ASSERT_TRUE(page.agentBox()->hasFocus());
    wheelDown(page.agentBox());
    EXPECT_EQ(page.agentBox()->currentIndex(), 1);
}

namespace {

BridgeRecord fakeSession(const QString &id, const QString &goal, BridgeStatus status)
{
    BridgeRecord record;
    record.id = id;
    record.goal = goal;
    record.status = status;
    record.turn = 2;
    record.maxTurns = 100;
    record.agentTitle = u"ChatGPT"_s;
    record.createdAt = QDateTime::fromString(u"2026-11-20T09:00:00Z"_s, Qt::ISODate);
    return record;
}

// The page over a fake model: no engine, no browser, no chat.
class BridgePageOnModelTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(folder.isValid());
        tabs.fakeTabs.append({ u"shop"_s, u"page"_s, u"Shop"_s, u"https://shop.example/"_s, {}, {}, true });
        tabs.fakeTabs.append({ u"chat"_s, u"page"_s, u"ChatGPT"_s, u"https://chatgpt.com/"_s, {}, {}, true });
        bridge.records.append(fakeSession(u"s1"_s, u"Fill in the expense form"_s, BridgeStatus::Interrupted));
        bridge.tools.append({ u"Jira"_s, u"https://jira.example/"_s });
    }

    QTemporaryDir folder;
    Settings settings { folder.filePath(u"settings.ini"_s) };
    FakeBridgeSessionsModel bridge;
    FakeTabsModel tabs;
};

TEST_F(BridgePageOnModelTest, ShowsTheModelsSessionsAndToolsAndStartsOneWithTheFormsRequest)
{
    BridgePage page(&bridge, &tabs, &settings);
    page.show();
    ASSERT_EQ(page.historyTable()->rowCount(), 1);
    EXPECT_EQ(page.historyTable()->item(0, 1)->text(), u"Fill in the expense form"_s);
    EXPECT_EQ(page.historyTable()->item(0, 2)->text(), u"Interrupted"_s);
    EXPECT_EQ(page.shownSession(), u"s1"_s) << "the newest past session, Resume offered at once";
    EXPECT_TRUE(page.resumeButton()->isEnabled());
    ASSERT_EQ(page.toolsTable()->rowCount(), 1);
    EXPECT_EQ(page.toolsTable()->item(0, 0)->text(), u"Jira"_s);
    EXPECT_EQ(page.toolsTable()->item(0, 1)->text(), u"https://jira.example/"_s);
    EXPECT_EQ(page.agentBox()->currentData().toString(), u"chat"_s) << "the tab that looks like a chat";
    ASSERT_EQ(page.targetList()->count(), 1) << "the other tab";
    EXPECT_TRUE(page.chatImagesBox()->isEnabled()) << "the model answered for the chosen chat";

    page.targetList()->item(0)->setCheckState(Qt::Checked);
    page.goalEdit()->setPlainText(u"Order the tea"_s);
    page.modeBox()->setCurrentIndex(page.modeBox()->findData(u"autonomous"_s));
    page.startButton()->click();
    ASSERT_EQ(bridge.started.size(), 1);
    EXPECT_EQ(bridge.started.first().agentTab, u"chat"_s);
    EXPECT_EQ(bridge.started.first().targetTabs, QStringList { u"shop"_s });
    EXPECT_EQ(bridge.started.first().goal, u"Order the tea"_s);
    EXPECT_EQ(bridge.started.first().mode, u"autonomous"_s);
    EXPECT_FALSE(page.startButton()->isEnabled()) << "one start at a time";

    BridgeRecord started = fakeSession(u"s2"_s, u"Order the tea"_s, BridgeStatus::WaitingChat);
    bridge.active.append(started.id);
    bridge.update(started);
    bridge.finish(CommandResult::success(QJsonObject { { u"sessionId"_s, started.id } }));
    EXPECT_TRUE(page.startButton()->isEnabled());
    EXPECT_EQ(page.shownSession(), u"s2"_s);
    EXPECT_EQ(page.historyTable()->rowCount(), 2);
    EXPECT_EQ(page.turnLabel()->text(), u"Turn 2 of 100 · chat: ChatGPT"_s);
    EXPECT_TRUE(page.pauseButton()->isEnabled());

    // A command of the session: the table shows it as the model says.
    BridgeCommand command;
    command.key = u"t2-0-a"_s;
    command.turn = 2;
    command.tool = u"click"_s;
    command.params = QJsonObject { { u"ref"_s, u"e3"_s } };
    command.element = u"button “Add”"_s;
    command.state = BridgeCommand::State::Done;
    started.commands.append(command);
    bridge.update(started);
    ASSERT_EQ(page.commandsTable()->rowCount(), 1);
    EXPECT_EQ(page.commandsTable()->item(0, 1)->text(), u"click e3"_s);
    EXPECT_EQ(page.commandsTable()->item(0, 2)->text(), u"button “Add”"_s);
    EXPECT_EQ(page.commandsTable()->item(0, 3)->text(), u"done"_s);

    page.pauseButton()->click();
    bridge.refusal = u"The session is not running."_s;
    page.stopButton()->click();
    EXPECT_EQ(bridge.calls, (QStringList { u"pause s2"_s, u"stop s2"_s }));
    EXPECT_EQ(page.statusLabel()->text(), u"The session is not running."_s);

    // The saved tools go to the model; its refusal is shown.
    page.saveToolsButton()->click();
    EXPECT_EQ(page.toolsMessage()->text(), u"The session is not running."_s);
    bridge.refusal.clear();
    page.addToolButton()->click();
    page.toolsTable()->item(1, 0)->setText(u"Wiki"_s);
    page.toolsTable()->item(1, 1)->setText(u"https://wiki.example/"_s);
    page.saveToolsButton()->click();
    ASSERT_EQ(bridge.tools.size(), 2);
    EXPECT_EQ(bridge.tools.at(1).name, u"Wiki"_s);
    EXPECT_EQ(bridge.tools.at(1).url, u"https://wiki.example/"_s);
    EXPECT_EQ(page.toolsMessage()->text(), u"Saved."_s);
}

TEST_F(BridgePageOnModelTest, TheGateIsAnsweredAndTheChatLearnedThroughTheModel)
{
    BridgeRecord asking = fakeSession(u"s2"_s, u"Pay the invoice"_s, BridgeStatus::WaitingUser);
    asking.question = QJsonObject { { u"command"_s, u"t2-0-a"_s }, { u"text"_s, u"Pay 12 €?"_s } };
    bridge.records.prepend(asking);
    bridge.active.append(asking.id);
    BridgePage page(&bridge, &tabs, &settings);
    page.show();
    EXPECT_EQ(page.shownSession(), u"s2"_s) << "the session under way";
    ASSERT_TRUE(page.questionBox()->isVisible());
    page.denyButton()->click();
    EXPECT_EQ(bridge.calls, QStringList { u"answer s2 no"_s });

    // Resume of the interrupted one, picked in the history.
    page.historyTable()->selectRow(1);
    EXPECT_EQ(page.shownSession(), u"s1"_s);
    ASSERT_TRUE(page.resumeButton()->isEnabled());
    page.resumeButton()->click();
    EXPECT_EQ(bridge.calls.last(), u"resume s1"_s);

    // Takes images: the box sets it for the chosen chat.
    page.chatImagesBox()->click();
    EXPECT_EQ(bridge.calls.last(), u"images chat on"_s);
    EXPECT_TRUE(page.chatImagesBox()->isChecked());

    // Learn: the model's progress is said, then the profile it saved.
    page.learnButton()->click();
    EXPECT_EQ(bridge.calls.last(), u"learn chat"_s);
    EXPECT_EQ(page.learnStatus()->text(), u"Click the chat's message box in the browser."_s);
    bridge.learned(u"input"_s);
    EXPECT_EQ(page.learnStatus()->text(), u"Now click its send button."_s);
    bridge.finish(CommandResult::success(QJsonObject { { u"profileId"_s, u"learned-chatgpt"_s } }));
    EXPECT_EQ(page.learnStatus()->text(), u"Learned: saved as profile learned-chatgpt."_s);
    EXPECT_TRUE(page.learnButton()->isEnabled());

    // Cancel calls the learning off in the model.
    page.learnButton()->click();
    ASSERT_TRUE(page.cancelLearnButton()->isVisible());
    page.cancelLearnButton()->click();
    EXPECT_EQ(bridge.calls.last(), u"cancel learning"_s);
    EXPECT_EQ(page.learnStatus()->text(), u"Stopped: nothing was learned."_s);
}

} // namespace
