#include "QueuePage.h"

#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTime>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
// Until core/scheduler is connected the queue controls cannot do anything.
QString schedulerMissing()
{
    return QCoreApplication::translate("mpa::QueuePage", "Available once the scheduler is connected");
}
} // namespace

QueuePage::QueuePage(Engine *engine, QWidget *parent)
    : SettingsPage(
        engine, tr("Prompt queue"),
        tr("Sends prompts to the IDE's agent on a schedule, or works through a queue of prompts, the "
           "next one as soon as the agent has finished the last."),
        parent)
{
    // Status and controls.
    QVBoxLayout *state = addGroup(tr("Status"));
    m_status = new QLabel(tr("Not running"), this);
    m_status->setObjectName(u"queueStatus"_s);
    state->addWidget(m_status);
    auto *controls = new QHBoxLayout;
    controls->setSpacing(6);
    for (const auto &[name, label] :
         { std::pair { u"queueStart"_s, tr("Start") }, std::pair { u"queuePause"_s, tr("Pause") },
           std::pair { u"queueSkip"_s, tr("Skip") }, std::pair { u"queueStop"_s, tr("Stop") } }) {
        auto *button = new QPushButton(label, this);
        button->setObjectName(name);
        button->setEnabled(false);
        button->setToolTip(schedulerMissing());
        controls->addWidget(button);
    }
    controls->addStretch(1);
    state->addLayout(controls);
    // Wiring: core/scheduler's state (running, position n of m, next send time) and the four
    // buttons above.
    state->addWidget(pendingNotice(
        u"queueState"_s, tr("Progress and the queue controls work once the scheduler is connected."), this));

    // When.
    QFormLayout *when = addFormGroup(tr("When"));
    addField(when, QString(), SettingKey::ScheduleEnabled,
             SettingField::Options().withText(tr("Send prompts automatically")));
    addField(when, tr("Mode:"), SettingKey::ScheduleMode,
             SettingField::Options().withChoices(
                 { { u"interval"_s, tr("Every few minutes") },
                   { u"daily"_s, tr("Daily at a time") },
                   { u"queue"_s, tr("Queue: next prompt when the agent falls silent") } }));
    m_value = addField(when, tr("Every / at:"), SettingKey::ScheduleValue,
                       SettingField::Options().withPlaceholder(tr("30, or 09:00")));
    addField(when, tr("Prompt:"), SettingKey::SchedulePrompt, SettingField::Options().asTextBox(3));

    // The queue.
    QGroupBox *queueBox = nullptr;
    QFormLayout *queue = addFormGroup(tr("Queue"), &queueBox);
    m_queue = new QListWidget(queueBox);
    m_queue->setObjectName(u"queueList"_s);
    m_queue->setDragDropMode(QAbstractItemView::InternalMove);
    m_queue->setDefaultDropAction(Qt::MoveAction);
    m_queue->setMinimumHeight(110);
    m_queue->setMaximumHeight(150);
    m_queue->setEnabled(false);
    queue->addRow(m_queue);
    auto *queueButtons = new QHBoxLayout;
    queueButtons->setSpacing(6);
    for (const auto &[name, label] :
         { std::pair { u"queueAdd"_s, tr("Add") }, std::pair { u"queueRemove"_s, tr("Remove") } }) {
        auto *button = new QPushButton(label, queueBox);
        button->setObjectName(name);
        button->setEnabled(false);
        button->setToolTip(schedulerMissing());
        queueButtons->addWidget(button);
    }
    queueButtons->addStretch(1);
    queue->addRow(queueButtons);
    // Wiring: the queue (core/scheduler's queue file) edited in place in queueList, reordered by
    // drag and drop, with Add and Remove.
    queue->addRow(pendingNotice(
        u"queueList"_s, tr("Editing the prompt list works once the scheduler is connected."), queueBox));
    addField(queue, tr("After sending:"), SettingKey::ScheduleQueueMode,
             SettingField::Options().withChoices({ { u"consume"_s, tr("Remove the prompt from the queue") },
                                                   { u"loop"_s, tr("Keep it and start over at the end") } }));
    SettingField *silence = addField(queue, tr("Silent for:"), SettingKey::ScheduleSilenceTimeoutS,
                                     SettingField::Options().withSuffix(tr(" s")));
    silence->setNote(
        tr("The agent counts as finished when nothing was clicked and no reply grew for this long."));

    // Where.
    QGroupBox *whereBox = nullptr;
    QFormLayout *where = addFormGroup(tr("Conversation"), &whereBox);
    addField(where, tr("Send to:"), SettingKey::ScheduleTargetConversation,
             SettingField::Options().withPlaceholder(tr("The active conversation")));
    // Wiring: a picker filled from core/chat's live conversation list.
    where->addRow(pendingNotice(u"conversations"_s,
                                tr("Picking from the IDE's open conversations works once the chat surface is "
                                   "connected; until then type the conversation's title."),
                                whereBox));

    // Check prompt.
    QFormLayout *check = addFormGroup(tr("Check prompt"));
    addField(
        check, QString(), SettingKey::ScheduleCheckPromptEnabled,
        SettingField::Options().withText(tr("After each queued prompt, ask the agent to check its work")));
    addField(check, tr("Text:"), SettingKey::ScheduleCheckPromptText, SettingField::Options().asTextBox(3));

    // Quota.
    QFormLayout *quota = addFormGroup(tr("Quota"));
    addField(quota, QString(), SettingKey::QuotaResumeQueue,
             SettingField::Options().withText(tr("Wait while the quota is used up; go on when it resets")));
    addField(quota, QString(), SettingKey::QuotaAutoContinue,
             SettingField::Options().withText(tr("Then tell the agent to continue where it stopped")));
    body()->addStretch(1);

    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::ScheduleMode || key == SettingKey::ScheduleValue)
            refreshMode();
    });
    connect(m_value, &SettingField::refused, this, &QueuePage::refreshMode);
    refreshMode();
}

void QueuePage::refreshMode()
{
    const QString mode = settings()->stringValue(SettingKey::ScheduleMode);
    const QString value = settings()->stringValue(SettingKey::ScheduleValue).trimmed();
    bool isNumber = false;
    value.toInt(&isNumber);
    QString text;
    if (mode == u"daily"_s)
        text = isNumber ? tr("Daily mode needs a time of day, such as 09:00.") : tr("Time of day (HH:MM).");
    else if (mode == u"interval"_s)
        text = isNumber ? tr("Minutes between prompts (1 to 1440).")
                        : tr("Interval mode needs a number of minutes, such as 30.");
    else
        text = tr("Not used in queue mode: the next prompt goes out when the agent falls silent.");
    m_value->setNote(text);
}

} // namespace mpa
