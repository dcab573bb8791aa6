#pragma once
// Prompt queue: when prompts are sent (every N minutes, daily at a time, or one after another
// as the agent falls silent), the queue itself, the target conversation, the check prompt,
// what happens around the quota, and the queue's controls.

#include "SettingsPage.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QTimer;
class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace mpa {

class EndpointChoice;
class EndpointsModel;
class QueueModel;

class QueuePage : public SettingsPage
{
    Q_OBJECT
public:
    QueuePage(QueueModel *model, EndpointsModel *endpoints, Settings *appSettings, QWidget *parent = nullptr);

    // Import… and Export… without their file dialogs. A prompt list is a JSON list of texts
    // (exact for prompts of several lines; an object with "prompts", as getSchedule answers, is
    // read too). Import adds the file's prompts to the end of the queue, or adds nothing and
    // says why; false when it did not.
    bool importPrompts(const QString &path);
    bool exportPrompts(const QString &path);

private:
    void refreshMode();
    void refreshQueue();
    void saveQueue();
    // Runs a queue control of the model and shows its refusal, if any.
    void run(bool (QueueModel::*act)(QString *error));
    void showMessage(const QString &text);
    // Hides a message shown for a queue state or mode that has changed since.
    void dropStaleMessage();
    void listConversations();
    // Which IDE window prompts go to (the chat AgentChat chose), or why none.
    void showWindow(const QString &problem = {});
    void findWindow();
    QStringList listedPrompts() const;

    QueueModel *m_model;
    QFormLayout *m_when;
    SettingField *m_enabled;
    SettingField *m_minutes; // schedule/value in interval mode
    SettingField *m_time; // schedule/value in daily mode
    SettingField *m_prompt;
    SettingField *m_autoStart;
    QListWidget *m_queue;
    QLabel *m_status;
    // While the queue waits for the agent to fall silent, the status line counts every second.
    QTimer *m_waitTicker;
    QLabel *m_message;
    QPushButton *m_start, *m_pause, *m_skip, *m_stop, *m_add, *m_remove, *m_import, *m_export;
    QComboBox *m_conversations;
    QLabel *m_conversationNote;
    int m_messageState = 0;
    QString m_messageMode;
    QLabel *m_window;
    EndpointChoice *m_endpoint; // schedule/endpoint, shown with several endpoints
    bool m_filling = false;
    QListWidgetItem *m_newItem = nullptr; // added by Add, not yet given its text
    bool m_inItemChange = false;
};

} // namespace mpa
