#pragma once
// Tasks: give the LLM agent a task in a tab of the connected browser (or at a start address),
// careful or autonomous, and watch it work — each step's thought, action, element, result and
// effect, time and tokens as they happen, the model's text as it streams. When the run asks
// (a risky step held by the gate, or the model's question) the question box offers Approve /
// Deny / a typed answer. Stop ends it. The history lists past runs with their step logs; an
// interrupted run can be resumed, any run re-run.

#include "QuestionBox.h"
#include "SettingsPage.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace mpa {

class RunsModel;
class TabsModel;

struct RunRecord;
struct RunStep;

class TasksPage : public SettingsPage
{
    Q_OBJECT
public:
    TasksPage(RunsModel *runs, TabsModel *tabs, Settings *appSettings, QWidget *parent = nullptr);

    // Starts a run from the form (the Start button); for tests.
    void startFromForm();
    QString shownRun() const { return m_shownRun; }
    QTableWidget *stepsTable() const { return m_steps; }
    QTableWidget *historyTable() const { return m_history; }
    QuestionBox *questionBox() const { return m_questionBox; }
    QLabel *statusLabel() const { return m_status; }
    QPlainTextEdit *taskEdit() const { return m_task; }
    QComboBox *whereBox() const { return m_where; }
    QLineEdit *urlEdit() const { return m_url; }
    QComboBox *modeBox() const { return m_mode; }
    QLineEdit *schemaEdit() const { return m_schema; }
    QPlainTextEdit *dataView() const { return m_data; }
    QPushButton *copyDataButton() const { return m_copyData; }
    QPushButton *approveButton() const { return m_questionBox->approveButton(); }
    QPushButton *denyButton() const { return m_questionBox->denyButton(); }

    // The tab list (the browser's page tabs) is read again.
    void refreshTabs();

protected:
    void showEvent(QShowEvent *event) override;

private:
    RunsModel *m_runs;
    TabsModel *m_tabs;
    void showRun(const QString &runId);
    void showRecord(const RunRecord &run);
    void appendStep(const RunStep &step);
    void refreshHistory();
    void refreshModel();
    // Start is on when a model is chosen and no start is under way; its tooltip says why not.
    void refreshStart();
    void answer(bool approve);
    void rerun();
    void resume();

    QPlainTextEdit *m_task;
    QComboBox *m_where;
    QLineEdit *m_url;
    QComboBox *m_mode;
    QLineEdit *m_schema; // the result's JSON Schema file (optional)
    QLabel *m_model;
    QPushButton *m_start;
    QLabel *m_startError;

    QLabel *m_runTitle;
    QLabel *m_status;
    QLabel *m_streaming;
    QPlainTextEdit *m_data; // the run's structured result (result.data), when it has one
    QPushButton *m_copyData;
    QTableWidget *m_steps;
    QPushButton *m_stop;
    QuestionBox *m_questionBox;

    QTableWidget *m_history;
    QPushButton *m_rerun;
    QPushButton *m_resume;

    QString m_shownRun;
    bool m_starting = false;
};

} // namespace mpa
