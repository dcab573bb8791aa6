#pragma once
// Prompt queue: when prompts are sent (every N minutes, daily at a time, or one after another
// as the agent falls silent), the queue itself, the target conversation, the check prompt,
// what happens around the quota, and the queue's controls.

#include "SettingsPage.h"

class QLabel;
class QListWidget;
class QPushButton;

namespace mpa {

class QueuePage : public SettingsPage
{
    Q_OBJECT
public:
    explicit QueuePage(Engine *engine, QWidget *parent = nullptr);

private:
    void refreshMode();

    SettingField *m_value;
    QListWidget *m_queue;
    QLabel *m_status;
};

} // namespace mpa
