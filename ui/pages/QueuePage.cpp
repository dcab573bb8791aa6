#include "QueuePage.h"

#include "ChoiceBox.h"
#include "EndpointChoice.h"
#include "ErrorStyle.h"
#include "PromptItemDelegate.h"
#include "Widgets.h"
#include "WrappingLabel.h"
#include "chat/ChatState.h"
#include "common/KnownSentences.h"
#include "common/Refuse.h"
#include "models/EndpointsModel.h"
#include "models/QueueModel.h"
#include "settings/Settings.h"

#include <QAbstractItemDelegate>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTime>
#include <QTimeEdit>
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

QueuePage::QueuePage(QueueModel *model, EndpointsModel *endpoints, Settings *appSettings, QWidget *parent)
    : SettingsPage(
        appSettings, tr("Prompt queue"),
        tr("Sends prompts to the IDE's agent on a schedule, or works through a queue of prompts, the "
           "next one as soon as the agent has finished the last."),
        parent)
    , m_model(model)
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
    connect(m_start, &QPushButton::clicked, this, [this] {
        QString refusal;
        m_model->start(&refusal);
        showMessage(refusal);
        refreshQueue();
    });
    connect(m_pause, &QPushButton::clicked, this, [this] {
        run(m_model->queue().state == PromptQueue::State::Paused ? &QueueModel::resume : &QueueModel::pause);
    });
    connect(m_skip, &QPushButton::clicked, this, [this] { run(&QueueModel::skip); });
    connect(m_stop, &QPushButton::clicked, this, [this] { run(&QueueModel::stop); });

    // When.
    QFormLayout *when = m_when = addFormGroup(tr("When"));
    m_enabled = addField(when, QString(), SettingKey::ScheduleEnabled,
                         SettingField::Options().withText(tr("Send prompts automatically")));
    SettingField *modeField
        = addField(when, tr("Mode:"), SettingKey::ScheduleMode,
                   SettingField::Options().withChoices(
                       { { u"interval"_s, tr("Every few minutes") },
                         { u"daily"_s, tr("Daily at a time") },
                         { u"queue"_s, tr("Queue: next prompt when the agent falls silent") } }));
    // Each mode takes its own kind of value, in a field that holds nothing else: a number of
    // minutes, or a time of day. One row shows, the one the mode uses.
    m_minutes = addField(when, tr("Every:"), SettingKey::ScheduleValue,
                         SettingField::Options().asNumber(1, 1440).withSuffix(tr(" min")));
    m_time = addField(when, tr("At:"), SettingKey::ScheduleValue, SettingField::Options().asTimeOfDay());
    {
        // What the other mode's field shows until it is used: 30 minutes, 09:00 (not saved).
        auto *minutes = qobject_cast<QSpinBox *>(m_minutes->editor());
        auto *time = qobject_cast<QTimeEdit *>(m_time->editor());
        bool isNumber = false;
        const QString value = settings()->stringValue(SettingKey::ScheduleValue).trimmed();
        value.toInt(&isNumber);
        const QSignalBlocker blockMinutes(minutes);
        const QSignalBlocker blockTime(time);
        if (!isNumber)
            minutes->setValue(30);
        else
            time->setTime(QTime(9, 0));
    }
    m_prompt
        = addField(when, tr("Prompt:"), SettingKey::SchedulePrompt, SettingField::Options().asTextBox(3));
    m_autoStart = addField(when, QString(), SettingKey::ScheduleAutoStartQueue,
                           SettingField::Options().withText(tr("Start the queue when the app starts")));
    // A mode picked by hand gets a value it can use at once (the field it shows, as shown),
    // never the other mode's ("30" would turn a daily schedule off).
    connect(qobject_cast<QComboBox *>(modeField->editor()), &QComboBox::activated, this, [this] {
        const QString mode = settings()->stringValue(SettingKey::ScheduleMode);
        if (mode == u"interval"_s)
            m_minutes->commit();
        else if (mode == u"daily"_s)
            m_time->commit();
    });

    // The queue.
    QGroupBox *queueBox = nullptr;
    QFormLayout *queue = addFormGroup(tr("Queue"), &queueBox);
    m_queue = new QListWidget(queueBox);
    m_queue->setObjectName(u"queueList"_s);
    m_queue->setDragDropMode(QAbstractItemView::InternalMove);
    m_queue->setDefaultDropAction(Qt::MoveAction);
    // A prompt may have many lines: the list shows its first ones, its editor grows with it.
    m_queue->setItemDelegate(new PromptItemDelegate(m_queue));
    m_queue->setMinimumHeight(140);
    m_queue->setMaximumHeight(280);
    queue->addRow(m_queue);
    auto *queueButtons = new QHBoxLayout;
    queueButtons->setSpacing(6);
    m_add = button(tr("Add"), u"queueAdd"_s, queueBox);
    m_remove = button(tr("Remove"), u"queueRemove"_s, queueBox);
    m_import
        = Widgets::button(tr("Import…"), u"queueImport"_s, queueBox,
                          tr("Add the prompts of a JSON file (a list of texts) to the end of the queue"));
    m_export = Widgets::button(tr("Export…"), u"queueExport"_s, queueBox,
                               tr("Save the queue's prompts to a JSON file (a list of texts)"));
    queueButtons->addWidget(m_add);
    queueButtons->addWidget(m_remove);
    queueButtons->addStretch(1);
    queueButtons->addWidget(m_import);
    queueButtons->addWidget(m_export);
    queue->addRow(queueButtons);
    queue->addRow(hint(tr("Double-click a prompt to edit it (Shift+Enter starts a new line, Enter keeps "
                          "it); drag prompts to reorder them. The list cannot change while the queue "
                          "runs."),
                       queueBox));
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import Prompts"), QString(),
                                                          tr("Prompt lists (*.json);;All files (*)"));
        if (!path.isEmpty())
            importPrompts(path);
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Prompts"), u"prompts.json"_s,
                                                          tr("Prompt lists (*.json)"));
        if (!path.isEmpty())
            exportPrompts(path);
    });
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
    // Which IDE, when the app watches several (schedule/endpoint): asked first, as the conversation
    // and the window below are looked for in it.
    m_endpoint = new EndpointChoice(appSettings, endpoints, SettingKey::ScheduleEndpoint,
                                    tr("The first IDE that shows a chat"), whereBox);
    m_endpoint->setObjectName(u"scheduleEndpoint"_s);
    m_endpoint->setToolTip(
        tr("Which IDE's chat the timed prompts and the queue go to (setting "
           "schedule/endpoint); a chosen IDE that is not connected is said, and nothing is "
           "sent elsewhere"));
    where->addRow(tr("IDE:"), m_endpoint);
    const auto showEndpointRow = [this, endpoints, where] {
        where->setRowVisible(m_endpoint,
                             endpoints->names().size() > 1
                                 || !settings()->stringValue(SettingKey::ScheduleEndpoint).isEmpty());
    };
    connect(endpoints, &EndpointsModel::changed, this, showEndpointRow);
    showEndpointRow();
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
    connect(model, &QueueModel::windowChanged, this, [this] { showWindow(); });
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
        if (key == SettingKey::ScheduleMode || key == SettingKey::ScheduleValue
            || key == SettingKey::ScheduleEnabled)
            refreshMode();
        if (key == SettingKey::ScheduleMode)
            refreshQueue(); // Start depends on the mode
    });
    connect(model, &QueueModel::changed, this, &QueuePage::refreshQueue);
    refreshMode();
    refreshQueue();
}

bool QueuePage::importPrompts(const QString &path)
{
    const auto fail = [this](const QString &error) {
        showMessage(error);
        return false;
    };
    if (m_model->queue().state == PromptQueue::State::Running)
        return fail(tr("Pause or stop the queue to change its prompts."));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Could not read %1: %2.").arg(QDir::toNativeSeparators(path), file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(tr("%1 is not JSON (%2 at character %3): a prompt list is a JSON list of texts, "
                       "like [\"first prompt\", \"second prompt\"].")
                        .arg(QDir::toNativeSeparators(path), parseError.errorString())
                        .arg(parseError.offset));
    // A list of texts, or an object holding one as "prompts" (getSchedule's and the extension's).
    const QJsonArray list
        = document.isArray() ? document.array() : document.object().value(u"prompts"_s).toArray();
    if (list.isEmpty())
        return fail(tr("%1 holds no prompts: a prompt list is a JSON list of texts, like [\"first prompt\", "
                       "\"second prompt\"].")
                        .arg(QDir::toNativeSeparators(path)));
    QStringList prompts;
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isString())
            return fail(tr("Entry %1 of %2 is not a text; nothing was imported.")
                            .arg(i + 1)
                            .arg(QDir::toNativeSeparators(path)));
        if (!list.at(i).toString().trimmed().isEmpty())
            prompts.append(list.at(i).toString());
    }
    QStringList queue;
    for (const QueueItem &entry : m_model->queue().items)
        queue.append(entry.text);
    QString refusal;
    if (!m_model->setQueue(queue + prompts, &refusal))
        return fail(refusal);
    showMessage(QString());
    refreshQueue();
    return true;
}

bool QueuePage::exportPrompts(const QString &path)
{
    QJsonArray list;
    for (const QueueItem &entry : m_model->queue().items)
        list.append(entry.text);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(list).toJson()) < 0 || !file.commit()) {
        showMessage(tr("Could not save %1: %2.").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    showMessage(QString());
    return true;
}

void QueuePage::run(bool (QueueModel::*act)(QString *error))
{
    QString refusal;
    (m_model->*act)(&refusal);
    showMessage(refusal);
    refreshQueue();
}

void QueuePage::showMessage(const QString &text)
{
    m_message->setText(knownSentence(text).translated()); // the queue's refusals are core's English
    m_message->setVisible(!text.isEmpty());
    // A refusal is about the queue and the mode as they are now: it goes once either changes.
    m_messageState = int(m_model->queue().state);
    m_messageMode = settings()->stringValue(SettingKey::ScheduleMode);
}

void QueuePage::dropStaleMessage()
{
    if (m_message->isHidden())
        return;
    if (m_messageState != int(m_model->queue().state)
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
    m_model->setQueue(prompts, &refusal);
    showMessage(refusal);
    refreshQueue();
}

void QueuePage::refreshQueue()
{
    const PromptQueue queue = m_model->queue();
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
            if (entry.text.count(u'\n') >= PromptItemDelegate::kShownLines)
                tip = entry.text + u"\n\n"_s + tip; // the list shows its first lines only
            if (!entry.error.isEmpty())
                tip += u"\n"_s + knownSentence(entry.error).translated();
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
        text = m_model->withPhase((queue.step == PromptQueue::Step::Check
                                       ? tr("Running: prompt %1 of %2 (check prompt)")
                                       : tr("Running: prompt %1 of %2"))
                                      .arg(queue.position + 1)
                                      .arg(total));
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
        const QDateTime next = m_model->nextScheduledSend();
        if (next.isValid())
            text = tr("%1 · next scheduled prompt at %2")
                       .arg(text, QLocale().toString(next.toLocalTime().time(), QLocale::ShortFormat));
    }
    m_status->setText(text);
    const bool waiting = running && m_model->waitingForSilence();
    if (waiting && !m_waitTicker->isActive())
        m_waitTicker->start();
    else if (!waiting)
        m_waitTicker->stop();

    dropStaleMessage();
    // What cannot work is off, and says why.
    const QString startBlocker = m_model->startBlocker();
    m_start->setEnabled(startBlocker.isEmpty());
    m_start->setToolTip(!startBlocker.isEmpty() ? startBlocker
                            : paused            ? tr("Go on from the prompt the queue stopped at")
                            : queueMode         ? tr("Send the queue's prompts one after another, each when "
                                                             "the agent has fallen silent after the last")
                                        : tr("Switch to Queue mode and send the queue's prompts one after "
                                             "another (the prompt on a schedule stops)"));
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    m_pause->setEnabled(running || paused);
    m_skip->setEnabled((running || paused) && queue.hasCurrent());
    m_stop->setEnabled(running || paused);
    m_add->setEnabled(!running);
    m_import->setEnabled(!running);
    m_export->setEnabled(total > 0);
    m_remove->setEnabled(!running && m_queue->currentRow() >= 0);
    m_queue->setToolTip(running ? tr("Pause or stop the queue to change its prompts.") : QString());
}

void QueuePage::showWindow(const QString &problem)
{
    if (const std::optional<QString> title = m_model->windowTitle())
        m_window->setText(tr("“%1”").arg(*title));
    else if (!problem.isEmpty())
        m_window->setText(tr("No window found: %1").arg(knownSentence(problem).translated()));
    else
        m_window->setText(tr("Not chosen yet: the first prompt finds the window."));
}

void QueuePage::findWindow()
{
    m_window->setText(tr("Looking…"));
    m_model->findWindow(this, [this](const CommandResult &found) { showWindow(found.error); });
}

void QueuePage::listConversations()
{
    m_conversationNote->setText(tr("Asking the IDE…"));
    m_model->listConversations(this, [this](const CommandResult &listed) {
        const QSignalBlocker blocker(m_conversations);
        m_conversations->clear();
        if (!listed.ok) {
            m_conversations->setEnabled(false);
            m_conversationNote->setText(
                tr("Could not list the conversations: %1").arg(knownSentence(listed.error).translated()));
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

void QueuePage::refreshMode()
{
    const QString mode = settings()->stringValue(SettingKey::ScheduleMode);
    const bool queueMode = mode == u"queue"_s;
    bool isNumber = false;
    settings()->stringValue(SettingKey::ScheduleValue).trimmed().toInt(&isNumber);
    // Queue mode uses neither: the row of the value kept for later shows, off.
    const bool minutes = mode == u"interval"_s || (queueMode && isNumber);
    m_when->setRowVisible(m_minutes, minutes);
    m_when->setRowVisible(m_time, !minutes);
    // The field shown is the one automation and screen readers find as schedule/value.
    m_minutes->editor()->setObjectName(minutes ? u"editor:schedule/value"_s
                                               : u"editor:schedule/value/minutes"_s);
    m_time->editor()->setObjectName(minutes ? u"editor:schedule/value/time"_s : u"editor:schedule/value"_s);
    const QString unused
        = tr("Not used in Queue mode: the next prompt goes out when the agent falls silent.");
    for (SettingField *field : { m_minutes, m_time, m_prompt }) {
        field->setEnabled(!queueMode);
        field->editor()->setToolTip(queueMode ? unused : QString());
    }
    m_minutes->setNote(queueMode ? unused : tr("Minutes between prompts (1 to 1440)."));
    m_time->setNote(queueMode ? unused : tr("Every day at this time."));
    m_prompt->setNote(queueMode ? tr("Not used in Queue mode: the queue's prompts below are sent.")
                                : QString());
    // How the switch and Start go together, for the mode chosen.
    m_enabled->setNote(
        mode == u"queue"_s
            ? tr("In Queue mode, Start (above, or in the tray menu) runs the queue whether this "
                 "is on or not; with this on, “Start the queue when the app starts” starts it "
                 "by itself.")
            : tr("Sends the prompt below on this schedule while the app runs. Start (above) runs "
                 "the queue's prompts instead, switching to Queue mode."));
    m_autoStart->setVisible(mode == u"queue"_s);
    m_autoStart->setEnabled(settings()->boolValue(SettingKey::ScheduleEnabled));
    m_autoStart->editor()->setToolTip(settings()->boolValue(SettingKey::ScheduleEnabled)
                                          ? QString()
                                          : tr("Turn on “Send prompts automatically” first"));
}

} // namespace mpa
