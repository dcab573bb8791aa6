// The Tasks page: a run started from the form, its steps appearing as they happen, the question
// box when the gate holds a payment (Deny), the history. The model is the scripted
// OpenAI-compatible server (a real socket); the browser is a fixed shop page given through the
// run's browser seam (BrowserTools), so the page works without Chromium.
#include "pages/TasksPage.h"

#include "CheckoutPage.h"
#include "FakeModels.h"
#include "ScriptedLlmServer.h"
#include "UiTest.h"
#include "Wait.h"
#include "agent/RunManager.h"

#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// The run's browser tools on the checkout page.
BrowserTools shopPage(int *clicks)
{
    BrowserTools tools;
    tools.run = [clicks](const QString &type, const QJsonObject &params, BrowserTools::Reply reply) {
        answerAsCheckoutPage(type, params, reply, clicks);
    };
    tools.schema = [](const QString &) { return QJsonObject { { u"type"_s, u"object"_s } }; };
    return tools;
}

class TasksPageTest : public UiTest
{
protected:
    void SetUp() override
    {
        UiTest::SetUp();
        settings->setValue(SettingKey::LlmProvider, u"custom"_s);
        settings->setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString());
        settings->setValue(SettingKey::LlmModel, u"scripted-1"_s);
        settings->setValue(SettingKey::AgentReflectEvery, 0);
        engine->runs()->setStreaming(false);
        engine->runs()->setToolsFactory([this](const RunRecord &) { return shopPage(&clicks); });
    }

    ScopedEnv key { "MPA_LLM_API_KEY", u"sk-ui-test"_s };
    ScriptedLlmServer model;
    int clicks = 0;
};

} // namespace

TEST_F(TasksPageTest, ARiskyStepWaitsInTheQuestionBoxAndDenyKeepsItFromHappening)
{
    model.setResponder([](const QJsonObject &request) {
        const QString prompt
            = request.value(u"messages").toArray().at(1).toObject().value(u"content").toString();
        if (prompt.contains(u"The user denied"_s))
            return ScriptedLlmServer::toolCall(
                u"done"_s, { { u"success"_s, false }, { u"result"_s, u"You did not allow the payment."_s } });
        return ScriptedLlmServer::toolCall(u"click"_s,
                                           { { u"ref"_s, u"e2"_s }, { u"thought"_s, u"Pay the order"_s } });
    });
    TasksPage page(models()->runs(), models()->tabs(), settings.get());
    page.resize(900, 900);
    page.show();
    typeInto(page.taskEdit(), u"Pay for my order"_s);
    page.whereBox()->setCurrentIndex(0);
    typeInto(page.urlEdit(), u"https://shop.example/checkout"_s);
    page.modeBox()->setCurrentIndex(page.modeBox()->findData(u"careful"_s));
    page.startFromForm();
    ASSERT_TRUE(waitUntil([&] { return page.questionBox()->isVisible(); }, 20s))
        << page.statusLabel()->text().toStdString();
    const QLabel *question = page.questionBox()->findChild<QLabel *>(u"runQuestionText"_s);
    ASSERT_TRUE(question);
    EXPECT_TRUE(question->text().contains(u"Pay now"_s)) << question->text().toStdString();
    EXPECT_EQ(page.approveButton()->text(), u"Approve"_s);
    EXPECT_TRUE(page.statusLabel()->text().startsWith(u"Waiting for you"_s))
        << page.statusLabel()->text().toStdString();
    screenshot(&page, u"tasks-question"_s);

    page.denyButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.statusLabel()->text().startsWith(u"Done"_s); }, 20s))
        << page.statusLabel()->text().toStdString();
    EXPECT_FALSE(page.questionBox()->isVisible());
    EXPECT_EQ(clicks, 0) << "the payment was made after Deny";
    ASSERT_EQ(page.stepsTable()->rowCount(), 2);
    EXPECT_TRUE(page.stepsTable()->item(0, 4)->text().contains(u"denied"_s))
        << page.stepsTable()->item(0, 4)->text().toStdString();
    EXPECT_EQ(page.stepsTable()->item(0, 1)->text(), u"Pay the order"_s);
    EXPECT_TRUE(page.statusLabel()->text().contains(u"You did not allow the payment."_s));
    ASSERT_EQ(page.historyTable()->rowCount(), 1);
    EXPECT_EQ(page.historyTable()->item(0, 1)->text(), u"Pay for my order"_s);
    screenshot(&page, u"tasks-done"_s);
}

TEST_F(TasksPageTest, TheFormSaysWhatIsMissing)
{
    TasksPage page(models()->runs(), models()->tabs(), settings.get());
    page.show();
    typeInto(page.taskEdit(), u"Do it"_s);
    page.whereBox()->setCurrentIndex(0);
    page.urlEdit()->clear();
    page.startFromForm();
    const QLabel *error = page.findChild<QLabel *>(u"taskStartError"_s);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->text(), u"Pick a tab, or give a start address."_s);
    // Without a model nothing could start: Start is off and says where to choose one (a call
    // that starts anyway, as the debug API's, is still refused by the run manager).
    const auto *start = page.findChild<QPushButton *>(u"taskStart"_s);
    ASSERT_TRUE(start);
    EXPECT_TRUE(start->isEnabled());
    settings->setValue(SettingKey::LlmModel, QString());
    EXPECT_FALSE(start->isEnabled());
    EXPECT_EQ(start->toolTip(), u"Choose a model on the Models page first."_s);
    typeInto(page.urlEdit(), u"https://example.com/"_s);
    page.startFromForm();
    // Core's clause ("no model chosen: …") shown alone reads as a sentence, like the page's own.
    ASSERT_TRUE(waitUntil([&] { return !error->text().isEmpty(); }));
    EXPECT_EQ(error->text(), u"No model chosen: set llm/model on the Models page."_s);
    EXPECT_FALSE(start->isEnabled()) << "a refused start turned Start back on without a model";
    const QLabel *modelLine = page.findChild<QLabel *>(u"taskModel"_s);
    ASSERT_TRUE(modelLine);
    EXPECT_TRUE(modelLine->text().contains(u"Models page"_s));
    settings->setValue(SettingKey::LlmModel, u"scripted-1"_s);
    EXPECT_TRUE(error->text().isEmpty()) << "the old failure stays beside a model now chosen";
    EXPECT_TRUE(start->isEnabled());
    EXPECT_TRUE(start->toolTip().isEmpty());
}

// A start error of several lines (the keychain's is three at 800 px) is shown whole beside Start,
// not cut to the one line's height the row had.
TEST_F(TasksPageTest, AStartErrorOfSeveralLinesIsShownWhole)
{
    TasksPage page(models()->runs(), models()->tabs(), settings.get());
    page.resize(800, 600);
    page.show();
    auto *error = page.findChild<QLabel *>(u"taskStartError"_s);
    ASSERT_TRUE(error);
    error->setText(
        u"The keychain is not available: the Secret Service did not answer on the session bus, so "
        "the key cannot be read. Start a keyring (gnome-keyring or KeePassXC's Secret Service), or "
        "give the key in MPA_LLM_API_KEY, and press Start again."_s);
    const int line = error->fontMetrics().lineSpacing();
    ASSERT_TRUE(waitUntil([&] { return error->height() >= error->heightForWidth(error->width()); }))
        << "the label is " << error->height() << " px high, its text needs "
        << error->heightForWidth(error->width()) << " px at " << error->width() << " px";
    EXPECT_GE(error->heightForWidth(error->width()), 2 * line)
        << "the text fits one line: no test of wrapping";
    // And nothing covers it: the Start button stays beside it, not over it.
    const auto *start = page.findChild<QPushButton *>(u"taskStart"_s);
    ASSERT_TRUE(start);
    EXPECT_LE(error->geometry().right(), start->geometry().left());
    screenshot(&page, u"tasks-start-error"_s);
}

// A run given a result shape (a JSON Schema file) ends with data of that shape, shown on the page
// as JSON to read and copy; a shape file that is not JSON, or asks what the app cannot enforce,
// is said beside Start and nothing starts.
TEST_F(TasksPageTest, AResultShapeGivesDataToReadAndCopy)
{
    QTemporaryDir dir;
    const QString schemaPath = dir.filePath(u"order.schema.json"_s);
    QFile schemaFile(schemaPath);
    ASSERT_TRUE(schemaFile.open(QIODevice::WriteOnly));
    schemaFile.write(
        R"({"type": "object", "properties": {"total": {"type": "number"}, "items": {"type": "array",
        "items": {"type": "string"}}}, "required": ["total", "items"]})");
    schemaFile.close();
    model.setResponder([](const QJsonObject &) {
        return ScriptedLlmServer::toolCall(
            u"done"_s,
            { { u"success"_s, true },
              { u"result"_s, u"The order totals 42.5."_s },
              { u"data"_s,
                QJsonObject { { u"total"_s, 42.5 }, { u"items"_s, QJsonArray { u"tea"_s, u"cups"_s } } } } });
    });
    TasksPage page(models()->runs(), models()->tabs(), settings.get());
    page.resize(900, 900);
    page.show();
    typeInto(page.taskEdit(), u"Read my order"_s);
    page.whereBox()->setCurrentIndex(0);
    typeInto(page.urlEdit(), u"https://shop.example/checkout"_s);
    EXPECT_FALSE(page.dataView()->isVisible());

    // Not JSON: said, and no run.
    const QString broken = dir.filePath(u"broken.json"_s);
    QFile brokenFile(broken);
    ASSERT_TRUE(brokenFile.open(QIODevice::WriteOnly));
    brokenFile.write("{ \"type\": ");
    brokenFile.close();
    typeInto(page.schemaEdit(), broken);
    page.startFromForm();
    const QLabel *error = page.findChild<QLabel *>(u"taskStartError"_s);
    ASSERT_TRUE(error);
    EXPECT_TRUE(error->text().contains(u"broken.json: not JSON"_s)) << error->text().toStdString();
    EXPECT_EQ(page.historyTable()->rowCount(), 0);

    page.schemaEdit()->clear();
    typeInto(page.schemaEdit(), schemaPath);
    page.startFromForm();
    ASSERT_TRUE(waitUntil([&] { return page.dataView()->isVisible(); }, 20s))
        << page.statusLabel()->text().toStdString();
    const QJsonObject shown = QJsonDocument::fromJson(page.dataView()->toPlainText().toUtf8()).object();
    EXPECT_EQ(shown.value(u"total"_s).toDouble(), 42.5) << page.dataView()->toPlainText().toStdString();
    EXPECT_EQ(shown.value(u"items"_s).toArray(), (QJsonArray { u"tea"_s, u"cups"_s }));
    page.copyDataButton()->click();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), page.dataView()->toPlainText());
    screenshot(&page, u"tasks-result-data"_s);
}

namespace {

RunRecord fakeRun(const QString &id, const QString &task, RunStatus status)
{
    RunRecord run;
    run.id = id;
    run.task = task;
    run.status = status;
    run.success = status == RunStatus::Done;
    run.model = u"scripted-1"_s;
    run.createdAt = QDateTime::fromString(u"2026-11-20T09:00:00Z"_s, Qt::ISODate);
    run.promptTokens = 100;
    run.completionTokens = 20;
    return run;
}

// The page over a fake model: no engine, no browser, no LLM.
class TasksPageOnModelTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(folder.isValid());
        settings.setValue(SettingKey::LlmProvider, u"custom"_s);
        settings.setValue(SettingKey::LlmModel, u"scripted-1"_s);
        tabs.fakeTabs.append({ u"tab-1"_s, u"page"_s, u"Shop"_s, u"https://shop.example/"_s, {}, {}, true });
        runs.records.append(fakeRun(u"run-2"_s, u"find the receipt"_s, RunStatus::Interrupted));
        runs.records.append(fakeRun(u"run-1"_s, u"compare the prices"_s, RunStatus::Done));
    }

    QTemporaryDir folder;
    Settings settings { folder.filePath(u"settings.ini"_s) };
    FakeRunsModel runs;
    FakeTabsModel tabs;
};

TEST_F(TasksPageOnModelTest, ShowsTheModelsRunsAndStartsOneWithTheFormsRequest)
{
    TasksPage page(&runs, &tabs, &settings);
    QTableWidget *history = page.historyTable();
    ASSERT_EQ(history->rowCount(), 2);
    EXPECT_EQ(history->item(0, 1)->text(), u"find the receipt"_s) << "the model's order, newest first";
    EXPECT_EQ(history->item(0, 3)->text(), u"Interrupted"_s);
    EXPECT_EQ(history->item(1, 1)->text(), u"compare the prices"_s);
    EXPECT_EQ(history->item(1, 2)->text(), u"scripted-1"_s);
    EXPECT_EQ(history->item(1, 3)->text(), u"Done"_s);
    ASSERT_EQ(page.whereBox()->count(), 2) << "a new tab, and the model's one tab";
    EXPECT_EQ(page.whereBox()->itemData(1).toString(), u"tab-1"_s);
    page.whereBox()->setCurrentIndex(1);

    page.taskEdit()->setPlainText(u"buy the cheapest tea"_s);
    page.modeBox()->setCurrentIndex(page.modeBox()->findData(u"autonomous"_s));
    auto *start = page.findChild<QPushButton *>(u"taskStart"_s);
    ASSERT_TRUE(start);
    start->click();
    ASSERT_EQ(runs.started.size(), 1);
    EXPECT_EQ(runs.started.first().task, u"buy the cheapest tea"_s);
    EXPECT_EQ(runs.started.first().tab, u"tab-1"_s);
    EXPECT_TRUE(runs.started.first().url.isEmpty()) << "a tab was chosen";
    EXPECT_TRUE(runs.started.first().mode == RunMode::Autonomous);
    EXPECT_FALSE(start->isEnabled()) << "one start at a time";

    RunRecord started = fakeRun(u"run-3"_s, u"buy the cheapest tea"_s, RunStatus::Running);
    runs.active.append(started.id);
    runs.update(started);
    runs.finish(CommandResult::success(QJsonObject { { u"runId"_s, started.id } }));
    EXPECT_TRUE(start->isEnabled());
    EXPECT_EQ(page.shownRun(), u"run-3"_s);
    EXPECT_EQ(page.findChild<QLabel *>(u"runTitle"_s)->text(), u"buy the cheapest tea"_s);
    EXPECT_EQ(history->rowCount(), 3);
    EXPECT_EQ(history->item(0, 3)->text(), u"Running"_s);

    // The model says a step was taken: the steps table shows it.
    RunStep step;
    step.number = 1;
    step.thought = u"The tea is in the list"_s;
    step.tool = u"click"_s;
    step.element = u"button “Add”"_s;
    step.result = u"clicked"_s;
    started.steps.append(step);
    runs.update(started);
    ASSERT_EQ(page.stepsTable()->rowCount(), 1);
    EXPECT_EQ(page.stepsTable()->item(0, 1)->text(), u"The tea is in the list"_s);
    EXPECT_EQ(page.stepsTable()->item(0, 2)->text(), u"click"_s);
    EXPECT_EQ(page.stepsTable()->item(0, 3)->text(), u"button “Add”"_s);

    auto *stop = page.findChild<QPushButton *>(u"runStop"_s);
    ASSERT_TRUE(stop && stop->isEnabled());
    stop->click();
    EXPECT_EQ(runs.calls, QStringList { u"cancel run-3"_s });
}

TEST_F(TasksPageOnModelTest, TheQuestionIsAnsweredAndAnInterruptedRunResumedThroughTheModel)
{
    RunRecord waiting = fakeRun(u"run-3"_s, u"pay the invoice"_s, RunStatus::WaitingUser);
    RunQuestion question;
    question.kind = u"gate"_s;
    question.question = u"Pay 12 € to the shop?"_s;
    waiting.questions.append(question);
    runs.records.prepend(waiting);
    runs.active.append(waiting.id);
    TasksPage page(&runs, &tabs, &settings);
    EXPECT_TRUE(page.shownRun().isEmpty());

    Q_EMIT runs.questionAsked(waiting.id, question);
    EXPECT_EQ(page.shownRun(), u"run-3"_s) << "the run that asks comes to the front";
    EXPECT_TRUE(page.questionBox()->isVisibleTo(&page));
    EXPECT_EQ(page.approveButton()->text(), u"Approve"_s);
    page.approveButton()->click();
    EXPECT_EQ(runs.calls, QStringList { u"answer run-3 yes"_s });

    runs.refusal = u"The run is not waiting for an answer."_s;
    page.denyButton()->click();
    EXPECT_EQ(runs.calls.last(), u"answer run-3 no"_s);
    EXPECT_EQ(page.statusLabel()->text(), u"The run is not waiting for an answer."_s);

    // The interrupted run: selected in the history, Resume asks the model to go on with it.
    auto *resume = page.findChild<QPushButton *>(u"runResume"_s);
    ASSERT_TRUE(resume);
    page.historyTable()->selectRow(1);
    EXPECT_EQ(page.shownRun(), u"run-2"_s);
    ASSERT_TRUE(resume->isEnabled());
    resume->click();
    EXPECT_EQ(runs.calls.last(), u"resume run-2"_s);
    runs.finish(CommandResult::failure(u"The tab is gone."_s, ErrorKind::Conflict));
    EXPECT_EQ(page.statusLabel()->text(), u"The tab is gone."_s);
}

} // namespace
