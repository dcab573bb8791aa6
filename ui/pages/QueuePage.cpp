#include "QueuePage.h"

#include "ChoiceBox.h"
#include "EngineControls.h"
#include "ErrorStyle.h"
#include "Widgets.h"
#include "WrappingLabel.h"
#include "chat/AgentChat.h"
#include "common/Refuse.h"
#include "engine/Engine.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QAbstractItemDelegate>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTime>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
QPushButton *button(const QString &text, const QString &name, QWidget *parent)
{
    auto *result = new QPushButton(text, parent);
    result->setObjectName(name);
    return result;
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
    makeWrapping(m_status); // a long reason wraps; the page never scrolls sideways
    state->addWidget(m_status);
    m_waitTicker = new QTimer(this);
    m_waitTicker->setInterval(1000);
    connect(m_waitTicker, &QTimer::timeout, this, &QueuePage::refreshQueue);
    m_message = Widgets::wrappingLabel(u"queueMessage"_s, this);
    ErrorStyle::setError(m_message); // it shows refusals
    m_message->hide();
    state->addWidget(m_message);
    auto *controls = new QHBoxLayout;
    controls->setSpacing(6);
    m_start = button(tr("Start"), u"queueStart"_s, this);
    m_pause = button(tr("Pause"), u"queuePause"_s, this);
    m_skip = button(tr("Skip"), u"queueSkip"_s, this);
    m_stop = button(tr("Stop"), u"queueStop"_s, this);
    for (QPushButton *button : { m_start, m_pause, m_skip, m_stop })
        controls->addWidget(button);
    controls->addStretch(1);
    state->addLayout(controls);
    Scheduler *scheduler = engine->scheduler();
    connect(m_start, &QPushButton::clicked, this, [this] { run(&Scheduler::startQueue); });
    connect(m_pause, &QPushButton::clicked, this, [this, scheduler] {
        run(scheduler->queue().state == PromptQueue::State::Paused ? &Scheduler::resumeQueue
                                                                   : &Scheduler::pauseQueue);
    });
    connect(m_skip, &QPushButton::clicked, this, [this] { run(&Scheduler::skipPrompt); });
    connect(m_stop, &QPushButton::clicked, this, [this] { run(&Scheduler::stopQueue); });

    // When.
    QFormLayout *when = addFormGroup(tr("When"));
    m_enabled = addField(when, QString(), SettingKey::ScheduleEnabled,
                         SettingField::Options().withText(tr("Send prompts automatically")));
    addField(when, tr("Mode:"), SettingKey::ScheduleMode,
             SettingField::Options().withChoices(
                 { { u"interval"_s, tr("Every few minutes") },
                   { u"daily"_s, tr("Daily at a time") },
                   { u"queue"_s, tr("Queue: next prompt when the agent falls silent") } }));
    // Each mode takes its own kind of value, checked as it is typed: "30" is refused in daily
    // mode (it would turn the schedule off), "09:00" in interval mode.
    m_value = addField(when, tr("Every / at:"), SettingKey::ScheduleValue,
                       SettingField::Options()
                           .withPlaceholder(tr("30, or 09:00"))
                           .withCheck([this](const QVariant &v, QString *error) {
                               return valueFitsMode(settings()->stringValue(SettingKey::ScheduleMode),
                                                    v.toString(), error);
                           }));
    addField(when, tr("Prompt:"), SettingKey::SchedulePrompt, SettingField::Options().asTextBox(3));
    m_autoStart = addField(when, QString(), SettingKey::ScheduleAutoStartQueue,
                           SettingField::Options().withText(tr("Start the queue when the app starts")));

    // The queue.
    QGroupBox *queueBox = nullptr;
    QFormLayout *queue = addFormGroup(tr("Queue"), &queueBox);
    m_queue = new QListWidget(queueBox);
    m_queue->setObjectName(u"queueList"_s);
    m_queue->setDragDropMode(QAbstractItemView::InternalMove);
    m_queue->setDefaultDropAction(Qt::MoveAction);
    m_queue->setMinimumHeight(110);
    m_queue->setMaximumHeight(150);
    queue->addRow(m_queue);
    auto *queueButtons = new QHBoxLayout;
    queueButtons->setSpacing(6);
    m_add = button(tr("Add"), u"queueAdd"_s, queueBox);
    m_remove = button(tr("Remove"), u"queueRemove"_s, queueBox);
    queueButtons->addWidget(m_add);
    queueButtons->addWidget(m_remove);
    queueButtons->addStretch(1);
    queue->addRow(queueButtons);
    queue->addRow(hint(tr("Double-click a prompt to edit it; drag prompts to reorder them. The list "
                          "cannot change while the queue runs."),
                       queueBox));
    // A new prompt is an empty line being edited: it joins the queue when text is typed and
    // committed; Escape, or nothing typed, leaves no placeholder behind (in the list or in
    // queue.json).
    connect(m_add, &QPushButton::clicked, this, [this] {
        auto *item = new QListWidgetItem();
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        m_queue->addItem(item);
        m_newItem = item;
        m_queue->setCurrentItem(item);
        m_queue->editItem(item);
    });
    connect(m_queue->itemDelegate(), &QAbstractItemDelegate::closeEditor, this, [this] {
        if (!std::exchange(m_newItem, nullptr))
            return;
        // After the view is done with its editor: the list is the queue again (an empty line
        // is no prompt; saveQueue leaves such lines out of the queue too).
        QMetaObject::invokeMethod(
            this, [this] { refreshQueue(); }, Qt::QueuedConnection);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const QList<QListWidgetItem *> selected = m_queue->selectedItems();
        if (selected.isEmpty())
            return;
        delete selected.first();
        saveQueue();
    });
    connect(m_queue, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        if (m_filling)
            return;
        if (item == m_newItem && !item->text().trimmed().isEmpty())
            m_newItem = nullptr; // given its text: a prompt like the others
        // The item is still in the middle of setData(): rebuilding the list now would delete it.
        m_inItemChange = true;
        saveQueue();
        m_inItemChange = false;
    });
    connect(m_queue->model(), &QAbstractItemModel::rowsMoved, this, [this] {
        if (!m_filling)
            saveQueue();
    });
    connect(m_queue, &QListWidget::itemSelectionChanged, this, &QueuePage::refreshQueue);
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
    auto *pickRow = new QHBoxLayout;
    pickRow->setSpacing(6);
    m_conversations = new ChoiceBox(whereBox, 18); // a long conversation title is elided, not cut
    m_conversations->setObjectName(u"conversationPicker"_s);
    m_conversations->setPlaceholderText(tr("Open conversations…"));
    m_conversations->setEnabled(false);
    auto *refresh = Widgets::button(tr("List Conversations"), u"conversationRefresh"_s, whereBox);
    pickRow->addWidget(m_conversations, 1);
    pickRow->addWidget(refresh);
    where->addRow(tr("Pick:"), pickRow);
    m_conversationNote = hint(tr("Lists the conversations open in the IDE's agent panel."), whereBox);
    m_conversationNote->setObjectName(u"conversationNote"_s);
    where->addRow(m_conversationNote);
    connect(refresh, &QPushButton::clicked, this, &QueuePage::listConversations);
    connect(m_conversations, &QComboBox::activated, this, [this](int index) {
        const QString name = m_conversations->itemData(index).toString();
        settings()->setValue(SettingKey::ScheduleTargetConversation, name);
    });

    // Which IDE window, when several are open.
    addField(where, tr("Window:"), SettingKey::ScheduleTargetWindow,
             SettingField::Options().withPlaceholder(tr("Any window (a workspace name picks one)")));
    m_window = new QLabel(whereBox);
    m_window->setObjectName(u"targetWindowNow"_s);
    m_window->setWordWrap(true);
    m_window->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *findWindow = Widgets::button(tr("Find Window"), u"targetWindowFind"_s, whereBox);
    QHBoxLayout *windowRow = Widgets::row(m_window, { findWindow });
    windowRow->setSpacing(6);
    where->addRow(tr("Prompts go to:"), windowRow);
    where->addRow(hint(tr("With several IDE windows open, prompts go to one that shows the agent panel, then "
                          "to one whose title holds the name above."),
                       whereBox));
    connect(findWindow, &QPushButton::clicked, this, &QueuePage::findWindow);
    connect(engine->agentChat(), &AgentChat::surfaceChanged, this, [this] { showWindow(); });
    showWindow();

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
        if (key == SettingKey::ScheduleMode)
            m_value->recheck(); // the value shown may not fit the new mode
        if (key == SettingKey::ScheduleMode || key == SettingKey::ScheduleValue
            || key == SettingKey::ScheduleEnabled)
            refreshMode();
        if (key == SettingKey::ScheduleMode)
            refreshQueue(); // Start depends on the mode
    });
    connect(m_value, &SettingField::refused, this, &QueuePage::refreshMode);
    connect(scheduler, &Scheduler::queueChanged, this, &QueuePage::refreshQueue);
    connect(scheduler, &Scheduler::scheduleChanged, this, &QueuePage::refreshQueue);
    refreshMode();
    refreshQueue();
}

void QueuePage::run(bool (Scheduler::*act)(QString *error))
{
    QString refusal;
    (engine()->scheduler()->*act)(&refusal);
    showMessage(refusal);
    refreshQueue();
}

void QueuePage::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    // A refusal is about the queue and the mode as they are now: it goes once either changes.
    m_messageState = int(engine()->scheduler()->queue().state);
    m_messageMode = settings()->stringValue(SettingKey::ScheduleMode);
}

void QueuePage::dropStaleMessage()
{
    if (m_message->isHidden())
        return;
    if (m_messageState != int(engine()->scheduler()->queue().state)
        || m_messageMode != settings()->stringValue(SettingKey::ScheduleMode))
        showMessage(QString());
}

QStringList QueuePage::listedPrompts() const
{
    QStringList prompts;
    for (int row = 0; row < m_queue->count(); ++row)
        prompts.append(m_queue->item(row)->text());
    return prompts;
}

void QueuePage::saveQueue()
{
    QStringList prompts;
    for (const QString &prompt : listedPrompts()) {
        if (!prompt.trimmed().isEmpty())
            prompts.append(prompt); // an emptied prompt is taken out
    }
    QString refusal;
    engine()->scheduler()->setQueue(prompts, &refusal);
    showMessage(refusal);
    refreshQueue();
}

void QueuePage::refreshQueue()
{
    Scheduler *scheduler = engine()->scheduler();
    const PromptQueue &queue = scheduler->queue();
    const bool running = queue.state == PromptQueue::State::Running;
    const bool paused = queue.state == PromptQueue::State::Paused;
    const bool queueMode = settings()->stringValue(SettingKey::ScheduleMode) == u"queue"_s;

    // The list, unless the user is in the middle of editing it.
    // (an open editor is a child of the list's viewport holding the focus), or waiting for a new
    // line's text
    const QWidget *focus = QApplication::focusWidget();
    QStringList texts;
    for (const QueueItem &entry : queue.items)
        texts.append(entry.text);
    const bool sameTexts = texts == listedPrompts();
    if (!sameTexts && m_inItemChange) {
        QMetaObject::invokeMethod(this, &QueuePage::refreshQueue, Qt::QueuedConnection);
    } else if (!(focus && m_queue->viewport()->isAncestorOf(focus)) && !m_newItem) {
        const QSignalBlocker blocker(m_queue);
        m_filling = true;
        const int selected = m_queue->currentRow();
        if (!sameTexts)
            m_queue->clear();
        for (qsizetype i = 0; i < queue.items.size(); ++i) {
            const QueueItem &entry = queue.items.at(i);
            QListWidgetItem *item
                = sameTexts ? m_queue->item(int(i)) : new QListWidgetItem(entry.text, m_queue);
            item->setFlags(running ? (Qt::ItemIsEnabled | Qt::ItemIsSelectable)
                                   : (Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable
                                      | Qt::ItemIsDragEnabled));
            const bool current = (running || paused) && i == queue.position;
            QFont font = item->font();
            font.setBold(current);
            item->setFont(font);
            const bool finished
                = entry.status == QueueItem::Status::Done || entry.status == QueueItem::Status::Skipped;
            item->setForeground(palette().brush(finished ? QPalette::PlaceholderText : QPalette::Text));
            QString tip = tr("Status: %1").arg(QueueItem::statusName(entry.status));
            if (!entry.error.isEmpty())
                tip += u"\n"_s + entry.error;
            item->setToolTip(tip);
        }
        if (selected >= 0 && selected < m_queue->count())
            m_queue->setCurrentRow(selected);
        m_filling = false;
    }
    m_queue->setDragDropMode(running ? QAbstractItemView::NoDragDrop : QAbstractItemView::InternalMove);

    // The status line.
    const int total = int(queue.items.size());
    QString text;
    if (running) {
        text = EngineControls::withQueuePhase((queue.step == PromptQueue::Step::Check
                                                   ? tr("Running: prompt %1 of %2 (check prompt)")
                                                   : tr("Running: prompt %1 of %2"))
                                                  .arg(queue.position + 1)
                                                  .arg(total),
                                              engine());
    } else if (paused) {
        text = tr("Paused at prompt %1 of %2").arg(queue.position + 1).arg(total);
    } else if (total == 0) {
        text = queueMode ? tr("The queue is empty: add prompts below, then Start.") : tr("Not running");
    } else {
        text = tr("Stopped · %n prompt(s) in the queue", nullptr, total);
    }
    if (!queue.reason.isEmpty() && !running)
        text += u" — "_s + queue.reason.translated();
    if (!queueMode && settings()->boolValue(SettingKey::ScheduleEnabled)) {
        const QDateTime next = scheduler->nextScheduledSend();
        if (next.isValid())
            text = tr("%1 · next scheduled prompt at %2")
                       .arg(text, QLocale().toString(next.toLocalTime().time(), QLocale::ShortFormat));
    }
    m_status->setText(text);
    const bool waiting = running && scheduler->phase() == Scheduler::Phase::WaitingForSilence;
    if (waiting && !m_waitTicker->isActive())
        m_waitTicker->start();
    else if (!waiting)
        m_waitTicker->stop();

    dropStaleMessage();
    // What cannot work is off, and says why.
    const QString startBlocker = EngineControls::queueStartBlocker(engine());
    m_start->setEnabled(startBlocker.isEmpty());
    m_start->setToolTip(startBlocker.isEmpty()
                            ? (paused ? tr("Go on from the prompt the queue stopped at")
                                      : tr("Send the queue's prompts one after another, each when the agent "
                                           "has fallen silent after the last"))
                            : startBlocker);
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    m_pause->setEnabled(running || paused);
    m_skip->setEnabled((running || paused) && queue.hasCurrent());
    m_stop->setEnabled(running || paused);
    m_add->setEnabled(!running);
    m_remove->setEnabled(!running && m_queue->currentRow() >= 0);
    m_queue->setToolTip(running ? tr("Pause or stop the queue to change its prompts.") : QString());
}

void QueuePage::showWindow(const QString &problem)
{
    const ChatSurface *surface = engine()->agentChat()->currentSurface();
    if (surface)
        m_window->setText(tr("“%1”").arg(surface->title()));
    else if (!problem.isEmpty())
        m_window->setText(tr("No window found: %1").arg(problem));
    else
        m_window->setText(tr("Not chosen yet: the first prompt finds the window."));
}

void QueuePage::findWindow()
{
    m_window->setText(tr("Looking…"));
    engine()->agentChat()->locate(this, [this](const CommandResult &found) { showWindow(found.error); });
}

void QueuePage::listConversations()
{
    m_conversationNote->setText(tr("Asking the IDE…"));
    engine()->agentChat()->conversations(this, [this](const CommandResult &listed) {
        const QSignalBlocker blocker(m_conversations);
        m_conversations->clear();
        if (!listed.ok) {
            m_conversations->setEnabled(false);
            m_conversationNote->setText(tr("Could not list the conversations: %1").arg(listed.error));
            return;
        }
        m_conversations->addItem(tr("The active conversation"), QString());
        const QString chosen = settings()->stringValue(SettingKey::ScheduleTargetConversation);
        int current = 0;
        const QList<ChatConversation> list = conversationsFromJson(listed.data.toObject());
        for (const ChatConversation &conversation : list) {
            m_conversations->addItem(conversation.active ? tr("%1 (active)").arg(conversation.name)
                                                         : conversation.name,
                                     conversation.name);
            if (conversation.name == chosen)
                current = m_conversations->count() - 1;
        }
        m_conversations->setCurrentIndex(current);
        m_conversations->setEnabled(true);
        m_conversationNote->setText(
            list.isEmpty() ? tr("The agent panel shows no conversation tabs.")
                           : tr("%n conversation(s) open in the IDE.", nullptr, int(list.size())));
    });
}

bool QueuePage::valueFitsMode(const QString &mode, const QString &value, QString *error)
{
    bool isNumber = false;
    value.trimmed().toInt(&isNumber);
    if (mode == u"daily"_s && isNumber)
        return refuse(error,
                      tr("Daily mode needs a time of day (HH:MM, e.g. 09:00), not a number of minutes."));
    if (mode == u"interval"_s && !isNumber && !value.trimmed().isEmpty())
        return refuse(error, tr("Interval mode needs a number of minutes (1 to 1440), not a time of day."));
    return true;
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
    // How the switch and Start go together, for the mode chosen.
    m_enabled->setNote(
        mode == u"queue"_s
            ? tr("In Queue mode, Start (above, or in the tray menu) runs the queue whether this "
                 "is on or not; with this on, “Start the queue when the app starts” starts it "
                 "by itself.")
            : tr("Sends the prompt below on this schedule while the app runs. Start and the "
                 "queue belong to Queue mode."));
    m_autoStart->setVisible(mode == u"queue"_s);
    m_autoStart->setEnabled(settings()->boolValue(SettingKey::ScheduleEnabled));
    m_autoStart->editor()->setToolTip(settings()->boolValue(SettingKey::ScheduleEnabled)
                                          ? QString()
                                          : tr("Turn on “Send prompts automatically” first"));
}

} // namespace mpa
