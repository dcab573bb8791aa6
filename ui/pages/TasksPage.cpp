#include "TasksPage.h"

#include "ChoiceBox.h"
#include "EngineControls.h"
#include "ErrorStyle.h"
#include "Widgets.h"
#include "WrappingLabel.h"
#include "common/KnownSentences.h"
#include "common/ParamsSchema.h"
#include "models/RunsModel.h"
#include "models/TabsModel.h"
#include "settings/Settings.h"

#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kRunIdRole = Qt::UserRole + 1;

QString statusText(const RunRecord &run)
{
    switch (run.status) {
    case RunStatus::Running:
        return QCoreApplication::translate("mpa::TasksPage", "Running");
    case RunStatus::WaitingUser:
        return QCoreApplication::translate("mpa::TasksPage", "Waiting for you");
    case RunStatus::Done:
        return run.success ? QCoreApplication::translate("mpa::TasksPage", "Done")
                           : QCoreApplication::translate("mpa::TasksPage", "Done, not successful");
    case RunStatus::Failed:
        return QCoreApplication::translate("mpa::TasksPage", "Failed");
    case RunStatus::Cancelled:
        return QCoreApplication::translate("mpa::TasksPage", "Stopped");
    case RunStatus::Interrupted:
        return QCoreApplication::translate("mpa::TasksPage", "Interrupted");
    }
    return {};
}

QString actionText(const RunStep &step)
{
    // done and ask_user say their piece in the Result column.
    if (step.tool == u"done"_s || step.tool == u"ask_user"_s)
        return step.tool;
    QJsonObject params = step.params;
    params.remove(u"ref"_s);
    QString text = step.tool;
    if (!params.isEmpty())
        text += u' ' + QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Compact));
    return text;
}

QString effectText(const QJsonObject &effect)
{
    QStringList parts;
    if (effect.value(u"navigated").toBool())
        parts.append(QCoreApplication::translate("mpa::TasksPage", "navigated"));
    if (!effect.value(u"newTabs").toArray().isEmpty())
        parts.append(QCoreApplication::translate("mpa::TasksPage", "new tab"));
    if (!effect.value(u"dialogs").toArray().isEmpty())
        parts.append(QCoreApplication::translate("mpa::TasksPage", "dialog"));
    return parts.join(u", "_s);
}

} // namespace

TasksPage::TasksPage(RunsModel *runs, TabsModel *tabs, Settings *appSettings, QWidget *parent)
    : SettingsPage(appSettings, tr("Tasks"),
                   tr("Give the AI agent a task in one of your browser's tabs and watch it work. It acts "
                      "only on that tab and the tabs it opens; in careful mode it asks you before anything "
                      "risky."),
                   parent)
    , m_runs(runs)
    , m_tabs(tabs)
{
    QFormLayout *form = addFormGroup(tr("New task"));
    m_task = new QPlainTextEdit(this);
    m_task->setObjectName(u"taskText"_s);
    m_task->setPlaceholderText(
        tr("e.g. Find the cheapest direct flight from Berlin to Lisbon next Friday and "
           "tell me its price"));
    m_task->setFixedHeight(70);
    form->addRow(tr("Task:"), m_task);
    m_where = new ChoiceBox(this, 24);
    m_where->setObjectName(u"taskWhere"_s);
    form->addRow(tr("Work in:"), m_where);
    m_url = new QLineEdit(this);
    m_url->setObjectName(u"taskUrl"_s);
    m_url->setPlaceholderText(u"https://"_s);
    form->addRow(tr("Start address:"), m_url);
    m_mode = new ChoiceBox(this, 24);
    m_mode->setObjectName(u"taskMode"_s);
    m_mode->addItem(tr("Careful — ask me before payments, sign-ins, sending, deleting, files, other sites"),
                    u"careful"_s);
    m_mode->addItem(tr("Autonomous — ask only about payments and sign-ins"), u"autonomous"_s);
    // Long choices (and tab titles) are elided in the closed box where the page is narrow (it
    // never scrolls sideways at 800×600) and shown whole where there is room and in the open list.
    form->addRow(tr("Mode:"), m_mode);
    // A structured result: the run must end with data of this shape (run --schema FILE).
    m_schema = new QLineEdit(this);
    m_schema->setObjectName(u"taskSchema"_s);
    m_schema->setPlaceholderText(tr("optional: a JSON Schema file the result's data must match"));
    m_schema->setClearButtonEnabled(true);
    auto *chooseSchema = Widgets::button(tr("Choose…"), u"taskSchemaChoose"_s, this);
    connect(chooseSchema, &QPushButton::clicked, this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Result shape (JSON Schema)"), m_schema->text(),
                                           tr("JSON Schema (*.json);;All files (*)"));
        if (!path.isEmpty())
            m_schema->setText(path);
    });
    form->addRow(tr("Result shape:"), Widgets::row(m_schema, { chooseSchema }));
    m_model = hint(QString(), this);
    m_model->setObjectName(u"taskModel"_s);
    form->addRow(m_model);
    m_start = addStartRow(form, u"task"_s, &m_startError);

    QVBoxLayout *current = addGroup(tr("Run"));
    m_runTitle = Widgets::boldLabel(u"runTitle"_s, this, tr("No run yet."));
    current->addWidget(m_runTitle);
    m_status = Widgets::wrappingLabel(u"runStatus"_s, this);
    m_stop = Widgets::button(tr("Stop"), u"runStop"_s, this);
    m_stop->setEnabled(false);
    current->addLayout(Widgets::row(m_status, { m_stop }));

    m_questionBox = new QuestionBox(tr("The run asks you"), u"run"_s, true, this);
    current->addWidget(m_questionBox);

    m_steps = rowTable({ tr("#"), tr("Thought"), tr("Action"), tr("Element"), tr("Result"), tr("Effect"),
                         tr("Time"), tr("Tokens") },
                       u"runSteps"_s, this);
    sizeColumns(m_steps, { kFit, dragged(170), dragged(120), dragged(150), kStretch, kFit, kFit, kFit });
    m_steps->setMinimumHeight(220);
    current->addWidget(m_steps, 1);
    m_streaming = new QLabel(this);
    m_streaming->setObjectName(u"runStreaming"_s);
    m_streaming->setForegroundRole(QPalette::PlaceholderText); // readable in light and dark
    QFont italic = m_streaming->font();
    italic.setItalic(true);
    m_streaming->setFont(italic);
    makeWrapping(m_streaming);
    current->addWidget(m_streaming);
    // The data a run with a result shape ended with, as JSON to read and copy.
    m_data = new QPlainTextEdit(this);
    m_data->setObjectName(u"runData"_s);
    m_data->setReadOnly(true);
    m_data->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_data->setMaximumHeight(180);
    m_copyData = Widgets::button(tr("Copy Data"), u"runCopyData"_s, this);
    connect(m_copyData, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_data->toPlainText()); });
    auto *dataRow = Widgets::row(m_data, { m_copyData });
    m_data->setVisible(false);
    m_copyData->setVisible(false);
    current->addLayout(dataRow);

    QVBoxLayout *history = addGroup(tr("History"));
    m_history = rowTable({ tr("Started"), tr("Task"), tr("Model"), tr("Status"), tr("Steps"), tr("Tokens") },
                         u"runHistory"_s, this);
    sizeColumns(m_history, { kFit, kStretch, kFit, kFit, kFit, kFit });
    m_history->setWordWrap(false);
    m_history->setMinimumHeight(150);
    history->addWidget(m_history);
    auto *historyButtons = new QHBoxLayout;
    historyButtons->addStretch(1);
    m_resume = Widgets::button(tr("Resume"), u"runResume"_s, this);
    m_rerun = Widgets::button(tr("Run Again"), u"runAgain"_s, this);
    historyButtons->addWidget(m_resume);
    historyButtons->addWidget(m_rerun);
    history->addLayout(historyButtons);
    m_resume->setEnabled(false);
    m_rerun->setEnabled(false);

    connect(m_start, &QPushButton::clicked, this, &TasksPage::startFromForm);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (!m_shownRun.isEmpty())
            m_runs->cancel(m_shownRun, tr("stopped from the Tasks page"), nullptr);
    });
    connect(m_questionBox, &QuestionBox::answered, this, &TasksPage::answer);
    connect(m_where, &QComboBox::currentIndexChanged, this,
            [this] { m_url->setEnabled(m_where->currentData().toString().isEmpty()); });
    connect(runs, &RunsModel::runChanged, this, [this](const QString &id) {
        if (id == m_shownRun)
            showRun(id);
        if (isVisible())
            refreshHistory(); // its status and counts
    });
    connect(runs, &RunsModel::runFinished, this, [this](const QString &id) {
        if (id == m_shownRun)
            showRun(id); // Stop goes grey, the result shows
    });
    connect(runs, &RunsModel::stepAdded, this, [this](const QString &id, const RunStep &) {
        if (id == m_shownRun)
            m_streaming->clear();
    });
    connect(runs, &RunsModel::textDelta, this, [this](const QString &id, const QString &text) {
        if (id != m_shownRun)
            return;
        QString shown = m_streaming->text() + text;
        if (shown.size() > 400)
            shown = u"…"_s + shown.right(399);
        m_streaming->setText(shown);
    });
    connect(runs, &RunsModel::questionAsked, this, [this](const QString &id, const RunQuestion &) {
        if (m_shownRun.isEmpty() || id == m_shownRun || !m_runs->isActive(m_shownRun))
            showRun(id);
    });
    connect(runs, &RunsModel::listChanged, this, &TasksPage::refreshHistory);
    connect(m_history, &QTableWidget::itemSelectionChanged, this, [this] {
        const QList<QTableWidgetItem *> selected = m_history->selectedItems();
        const QString id = selected.isEmpty() ? QString() : selected.first()->data(kRunIdRole).toString();
        m_rerun->setEnabled(!id.isEmpty());
        const std::optional<RunRecord> run = id.isEmpty() ? std::nullopt : m_runs->run(id);
        m_resume->setEnabled(run && run->status == RunStatus::Interrupted);
        if (!id.isEmpty())
            showRun(id);
    });
    connect(m_rerun, &QPushButton::clicked, this, &TasksPage::rerun);
    connect(m_resume, &QPushButton::clicked, this, &TasksPage::resume);
    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::LlmProvider || key == SettingKey::LlmModel || key == SettingKey::LlmBaseUrl) {
            m_startError->clear(); // what went wrong with the model before is no longer the news
            refreshModel();
        }
    });
    connect(tabs, &TabsModel::tabAttached, this, [this] {
        if (isVisible())
            refreshTabs();
    });
    refreshModel();
    refreshTabs();
    refreshHistory();
    const int modeIndex = m_mode->findData(settings()->stringValue(SettingKey::AgentMode));
    m_mode->setCurrentIndex(std::max(0, modeIndex));
}

void TasksPage::showEvent(QShowEvent *event)
{
    SettingsPage::showEvent(event);
    refreshTabs();
}

void TasksPage::refreshModel()
{
    const QString model = settings()->stringValue(SettingKey::LlmModel);
    const QString provider = settings()->stringValue(SettingKey::LlmProvider);
    m_model->setText(model.isEmpty()
                         ? tr("No model is set up yet: choose one on the Models page.")
                         : tr("Model: %1 (%2) — change it on the Models page.").arg(model, provider));
    refreshStart();
}

void TasksPage::refreshStart()
{
    const bool chosen = !settings()->stringValue(SettingKey::LlmModel).trimmed().isEmpty();
    m_start->setEnabled(chosen && !m_starting);
    m_start->setToolTip(chosen ? QString() : tr("Choose a model on the Models page first."));
}

void TasksPage::refreshTabs()
{
    const QString kept = m_where->currentData().toString();
    m_where->clear();
    m_where->addItem(tr("A new tab at the start address below"), QString());
    for (const CdpTargetInfo &info : m_tabs->tabs()) {
        m_where->addItem(EngineControls::tabLabel(info), info.targetId);
        m_where->setItemData(m_where->count() - 1, info.url, Qt::ToolTipRole);
    }
    const int index = m_where->findData(kept);
    m_where->setCurrentIndex(index >= 0 ? index : (m_where->count() > 1 ? 1 : 0));
    m_url->setEnabled(m_where->currentData().toString().isEmpty());
}

void TasksPage::startFromForm()
{
    RunsModel::StartRequest request;
    request.task = m_task->toPlainText();
    request.tab = m_where->currentData().toString();
    if (request.tab.isEmpty())
        request.url = m_url->text().trimmed();
    request.mode = runModeFromName(m_mode->currentData().toString());
    if (const QString schemaFile = m_schema->text().trimmed(); !schemaFile.isEmpty()) {
        QString why;
        const std::optional<QJsonObject> schema = ParamsSchema::readFile(schemaFile, &why);
        if (!schema) {
            m_startError->setText(ErrorStyle::sentence(tr("The result shape cannot be used: %1").arg(why)));
            return;
        }
        request.schema = *schema;
    }
    if (request.tab.isEmpty() && request.url.isEmpty()) {
        m_startError->setText(tr("Pick a tab, or give a start address."));
        return;
    }
    m_startError->clear();
    m_starting = true;
    refreshStart();
    m_runs->start(request, [this](const CommandResult &started) {
        m_starting = false;
        refreshStart();
        if (!started.ok) {
            m_startError->setText(ErrorStyle::sentence(started.error));
            return;
        }
        showRun(started.data[u"runId"].toString());
    });
}

void TasksPage::showRun(const QString &runId)
{
    const std::optional<RunRecord> run = m_runs->run(runId);
    if (!run)
        return;
    if (runId != m_shownRun) {
        m_shownRun = runId;
        m_steps->setRowCount(0);
        m_streaming->clear();
    }
    showRecord(*run);
}

void TasksPage::showRecord(const RunRecord &run)
{
    m_runTitle->setText(run.task);
    const bool active = m_runs->isActive(run.id);
    const QString tokens = QLocale().toString(run.promptTokens + run.completionTokens);
    QString status = tr("%1 · %n step(s) of at most %2", nullptr, int(run.steps.size()))
                         .arg(statusText(run))
                         .arg(run.maxSteps)
        + u" · "_s
        + (run.tokensEstimated ? tr("%1 tokens (estimated)").arg(tokens) : tr("%1 tokens").arg(tokens))
        + u" · "_s + run.model;
    if (run.hasResult)
        status += u"\n"_s + tr("Result: %1").arg(run.resultText);
    if (!run.reason.isEmpty())
        status += u"\n"_s + ErrorStyle::sentence(run.reason); // a line of its own reads as a sentence
    m_status->setText(status);
    const bool data = !run.resultData.isUndefined();
    m_data->setVisible(data);
    m_copyData->setVisible(data);
    if (data) {
        const QJsonDocument doc = run.resultData.isObject() ? QJsonDocument(run.resultData.toObject())
            : run.resultData.isArray()                      ? QJsonDocument(run.resultData.toArray())
                                                            : QJsonDocument(QJsonArray { run.resultData });
        QString text = QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
        if (!run.resultData.isObject() && !run.resultData.isArray())
            text = text.mid(1, text.size() - 2).trimmed(); // a bare value, not wrapped in [ ]
        if (m_data->toPlainText() != text)
            m_data->setPlainText(text);
    }
    m_stop->setEnabled(active);
    // The steps table grows with the run; rows already there stay as they are.
    for (int i = m_steps->rowCount(); i < run.steps.size(); ++i)
        appendStep(run.steps.at(i));
    const RunQuestion *question = active ? run.pendingQuestion() : nullptr;
    m_questionBox->setVisible(question != nullptr);
    if (question) {
        const bool gate = question->kind == u"gate"_s;
        m_questionBox->ask(question->question);
        m_questionBox->answerEdit()->setVisible(!gate);
        m_questionBox->approveButton()->setText(gate ? tr("Approve") : tr("Answer"));
        m_questionBox->denyButton()->setText(gate ? tr("Deny") : tr("Decline"));
        if (!gate)
            m_questionBox->answerEdit()->setFocus();
    }
}

void TasksPage::appendStep(const RunStep &step)
{
    const int row = m_steps->rowCount();
    m_steps->insertRow(row);
    // A denied step says so itself; an approved one says who let it through.
    const bool denied = step.decision == u"denied"_s;
    // What it did or why it failed is core's English (the run's file and the API keep it so).
    QString result = step.ok || denied ? knownClauses(step.result)
                                       : tr("failed: %1").arg(knownSentence(step.result).translated());
    if (step.decision == u"approved"_s)
        result = tr("%1 (approved by you)").arg(result);
    const QStringList cells { QString::number(step.number),
                              step.thought,
                              actionText(step),
                              step.element,
                              result,
                              effectText(step.effect),
                              tr("%1 ms").arg(step.durationMs + step.modelMs),
                              QString::number(step.promptTokens + step.completionTokens) };
    for (int column = 0; column < cells.size(); ++column) {
        auto *item = new QTableWidgetItem(cells.at(column));
        item->setToolTip(cells.at(column));
        if (!step.ok && column == 4)
            item->setForeground(ErrorStyle::errorText(palette()));
        m_steps->setItem(row, column, item);
    }
    m_steps->scrollToBottom();
}

void TasksPage::refreshHistory()
{
    const QList<RunRecord> runs = m_runs->runs();
    const QLocale locale;
    const QList<QTableWidgetItem *> selected = m_history->selectedItems();
    const QString keep = selected.isEmpty() ? QString() : selected.first()->data(kRunIdRole).toString();
    const QSignalBlocker quiet(m_history);
    m_history->setRowCount(int(runs.size()));
    for (int row = 0; row < runs.size(); ++row) {
        const RunRecord &run = runs.at(row);
        const QStringList cells { locale.toString(run.createdAt.toLocalTime(), QLocale::ShortFormat),
                                  run.task,
                                  run.model,
                                  statusText(run),
                                  QString::number(run.steps.size()),
                                  locale.toString(run.promptTokens + run.completionTokens) };
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            item->setData(kRunIdRole, run.id);
            item->setToolTip(column == 1 ? run.task : cells.at(column));
            m_history->setItem(row, column, item);
        }
        if (run.id == keep)
            m_history->selectRow(row);
    }
}

void TasksPage::answer(bool approve)
{
    if (m_shownRun.isEmpty())
        return;
    QLineEdit *typed = m_questionBox->answerEdit();
    if (QString error; m_runs->answer(m_shownRun, approve, typed->text().trimmed(), &error))
        typed->clear();
    else
        m_status->setText(ErrorStyle::sentence(error));
}

void TasksPage::rerun()
{
    const std::optional<RunRecord> run = m_runs->run(m_shownRun);
    if (!run)
        return;
    m_task->setPlainText(run->task);
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(runModeName(run->mode))));
    if (!run->url.isEmpty()) {
        m_where->setCurrentIndex(0);
        m_url->setText(run->url);
    } else {
        const int tab = m_where->findData(run->tab);
        if (tab >= 0)
            m_where->setCurrentIndex(tab);
    }
    startFromForm();
}

void TasksPage::resume()
{
    const QString id = m_shownRun;
    m_runs->resume(id, [this, id](const CommandResult &resumed) {
        if (!resumed.ok)
            m_status->setText(ErrorStyle::sentence(resumed.error));
        else
            showRun(id);
    });
}

} // namespace mpa
