#pragma once
// Bridge: a web chat in one tab of the browser (the agent tab) works on other tabs (the target
// tabs) with <tool_code> commands. The page starts a session (the chat's tab, the target tabs,
// the goal, careful or autonomous), watches the one under way — its status line, its turn,
// Pause / Resume / Stop, the gate's question with Approve / Deny, the commands and what became
// of each, what was masked in the last message and its exact text — lists past sessions (an
// interrupted one can be resumed), keeps the saved tools the chat may open by name, and learns
// an unknown chat from two clicks in the browser, and says whether the chat takes images.

#include "QuestionBox.h"
#include "SettingsPage.h"
#include "common/CommandResult.h"

#include <optional>

class QCheckBox;
class QComboBox;
class QDialog;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace mpa {

class BridgeSessionsModel;
class TabsModel;
struct BridgeCommand;
struct BridgeRecord;

class BridgePage : public SettingsPage
{
    Q_OBJECT
public:
    BridgePage(BridgeSessionsModel *bridge, TabsModel *tabs, Settings *appSettings,
               QWidget *parent = nullptr);

    // A live session's line in the window's language ("Bridge: waiting for the chat's reply ·
    // last: click e3"), for this page and the tray's tooltip; BridgeManager::statusLine() is its
    // English for the API and the log.
    static QString liveStatusLine(const BridgeRecord &record);
    // Why a session ended, in the window's language (core writes it in English).
    static QString reasonText(const QString &reason);
    // The last command and how it went ("click e3 on button “Send” → ok"), in the window's language.
    static QString lastActionText(const BridgeRecord &record);
    // A command's Result cell: what it did, or why it failed or was refused, in the window's
    // language (core writes both in English for the API, the log and the chat).
    static QString resultText(const BridgeCommand &command);

    // Starts a session from the form (the Start button); for tests.
    void startFromForm();
    // Reads the browser's page tabs again (also on show and the Refresh button).
    void refreshTabs();
    QString shownSession() const { return m_shownSession; }

    QComboBox *agentBox() const { return m_agent; }
    QListWidget *targetList() const { return m_targets; }
    QPlainTextEdit *goalEdit() const { return m_goal; }
    QComboBox *modeBox() const { return m_mode; }
    QPushButton *startButton() const { return m_start; }
    QLabel *startError() const { return m_startError; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *turnLabel() const { return m_turn; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *resumeButton() const { return m_resume; }
    QPushButton *stopButton() const { return m_stop; }
    QuestionBox *questionBox() const { return m_questionBox; }
    QPushButton *approveButton() const { return m_questionBox->approveButton(); }
    QPushButton *denyButton() const { return m_questionBox->denyButton(); }
    QTableWidget *commandsTable() const { return m_commands; }
    QLabel *maskedLabel() const { return m_masked; }
    QPushButton *showSentButton() const { return m_showSent; }
    // The read-only window with the last message's exact text (null until first opened).
    QDialog *sentDialog() const { return m_sentDialog; }
    QTableWidget *historyTable() const { return m_history; }
    QTableWidget *toolsTable() const { return m_tools; }
    QPushButton *addToolButton() const { return m_addTool; }
    QPushButton *removeToolButton() const { return m_removeTool; }
    QPushButton *saveToolsButton() const { return m_saveTools; }
    QLabel *toolsMessage() const { return m_toolsMessage; }
    QPushButton *learnButton() const { return m_learn; }
    QPushButton *cancelLearnButton() const { return m_cancelLearn; }
    QLabel *learnStatus() const { return m_learnStatus; }
    QCheckBox *chatImagesBox() const { return m_chatImages; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    BridgeSessionsModel *m_bridge;
    TabsModel *m_tabs;
    void refreshTargets();
    void showSession(const QString &sessionId);
    void showRecord(const BridgeRecord &record);
    void showCommands(const BridgeRecord &record);
    void refreshHistory();
    void followLiveSession();
    void loadTools();
    void saveTools();
    void showSent();
    void learn();
    // The "takes images" box: the chosen chat's profile read (set empty) or saved with it.
    void chatImages(std::optional<bool> set);
    void answer(bool approve);
    void resume();
    void showError(QLabel *label, const QString &error);
    // The answer to a call of the manager that `button` started (greyed until then): the button
    // comes back, then the error shows in `label`, or `done` gets the new id the answer's data
    // holds under `idKey` (sessionId, profileId).
    template<typename Done>
    CommandReply afterCall(QPushButton *button, QLabel *label, const QString &idKey, Done done);
    // Scrolls the page so `widget` is in view.
    void reveal(QWidget *widget);

    QComboBox *m_agent;
    QListWidget *m_targets;
    QPlainTextEdit *m_goal;
    QComboBox *m_mode;
    QPushButton *m_refresh;
    QPushButton *m_learn;
    QPushButton *m_cancelLearn;
    QLabel *m_learnStatus;
    QCheckBox *m_chatImages;
    QPushButton *m_start;
    QLabel *m_startError;

    QLabel *m_title;
    QLabel *m_status;
    QLabel *m_turn;
    QPushButton *m_pause;
    QPushButton *m_resume;
    QPushButton *m_stop;
    QuestionBox *m_questionBox;
    QTableWidget *m_commands;
    QLabel *m_masked;
    QPushButton *m_showSent;
    QDialog *m_sentDialog = nullptr;
    QPlainTextEdit *m_sentText = nullptr;

    QTableWidget *m_history;

    QTableWidget *m_tools;
    QPushButton *m_addTool;
    QPushButton *m_removeTool;
    QPushButton *m_saveTools;
    QLabel *m_toolsMessage;

    QString m_shownSession;
    bool m_stale = false; // something changed while the page was hidden
};

} // namespace mpa
