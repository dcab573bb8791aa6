#include "BridgePage.h"

#include "ChoiceBox.h"
#include "EngineControls.h"
#include "EnumTexts.h"
#include "ErrorStyle.h"
#include "Widgets.h"
#include "WrappingLabel.h"
#include "common/KnownSentences.h"
#include "models/BridgeSessionsModel.h"
#include "models/TabsModel.h"
#include "settings/Settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kSessionIdRole = Qt::UserRole + 1;

constexpr EnumText<BridgeStatus> kStatusTexts[] {
    { BridgeStatus::Starting, QT_TRANSLATE_NOOP("mpa::BridgePage", "Starting") },
    { BridgeStatus::WaitingChat, QT_TRANSLATE_NOOP("mpa::BridgePage", "Waiting for the chat") },
    { BridgeStatus::Running, QT_TRANSLATE_NOOP("mpa::BridgePage", "Running a command") },
    { BridgeStatus::Sending, QT_TRANSLATE_NOOP("mpa::BridgePage", "Sending to the chat") },
    { BridgeStatus::WaitingUser, QT_TRANSLATE_NOOP("mpa::BridgePage", "Waiting for you") },
    { BridgeStatus::Paused, QT_TRANSLATE_NOOP("mpa::BridgePage", "Paused") },
    { BridgeStatus::Done, QT_TRANSLATE_NOOP("mpa::BridgePage", "Done") },
    { BridgeStatus::Stopped, QT_TRANSLATE_NOOP("mpa::BridgePage", "Stopped") },
    { BridgeStatus::Failed, QT_TRANSLATE_NOOP("mpa::BridgePage", "Failed") },
    { BridgeStatus::Interrupted, QT_TRANSLATE_NOOP("mpa::BridgePage", "Interrupted") },
};

QString statusText(BridgeStatus status)
{
    return enumText("mpa::BridgePage", kStatusTexts, status);
}

constexpr EnumText<BridgeCommand::State> kStateTexts[] {
    { BridgeCommand::State::Queued, QT_TRANSLATE_NOOP("mpa::BridgePage", "queued") },
    { BridgeCommand::State::Running, QT_TRANSLATE_NOOP("mpa::BridgePage", "running") },
    { BridgeCommand::State::Done, QT_TRANSLATE_NOOP("mpa::BridgePage", "done") },
    { BridgeCommand::State::Failed, QT_TRANSLATE_NOOP("mpa::BridgePage", "failed") },
    { BridgeCommand::State::Refused, QT_TRANSLATE_NOOP("mpa::BridgePage", "refused") },
    { BridgeCommand::State::Unknown, QT_TRANSLATE_NOOP("mpa::BridgePage", "unknown — not run again") },
};

QString stateText(BridgeCommand::State state)
{
    return enumText("mpa::BridgePage", kStateTexts, state);
}

// "click e12", "open_tab https://…", "fill e4 {"value":"…"}".
QString commandText(const BridgeCommand &command)
{
    QJsonObject params = command.params;
    QString text = command.tool;
    const QString ref = params.take(u"ref"_s).toString();
    if (!ref.isEmpty())
        text += u' ' + ref;
    if (!params.isEmpty())
        text += u' ' + QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Compact));
    return text;
}

// Sets a cell's text, reusing the item that is there.
QTableWidgetItem *setCell(QTableWidget *table, int row, int column, const QString &text)
{
    QTableWidgetItem *item = table->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        table->setItem(row, column, item);
    }
    if (item->text() != text)
        item->setText(text);
    return item;
}

// Whether a tab looks like one of the web chats the bridge knows, to pick it by default.
bool looksLikeChat(const CdpTargetInfo &info)
{
    static const QStringList hosts { u"chatgpt.com"_s, u"chat.openai.com"_s, u"claude.ai"_s,
                                     u"gemini.google.com"_s, u"aistudio.google.com"_s };
    const QString host = QUrl(info.url).host();
    for (const QString &known : hosts) {
        if (host == known || host.endsWith(u'.' + known))
            return true;
    }
    static const QStringList names { u"ChatGPT"_s, u"Claude"_s, u"Gemini"_s, u"AI Studio"_s };
    for (const QString &name : names) {
        if (info.title.contains(name))
            return true;
    }
    return false;
}

} // namespace

QString BridgePage::liveStatusLine(const BridgeRecord &record)
{
    QString line = tr("Bridge: %1")
                       .arg(record.activity.isEmpty() ? statusText(record.status)
                                                      : knownSentence(record.activity).translated());
    if (const int queued = record.queued(); queued > 0)
        line += tr(" · %n queued", nullptr, queued);
    if (const QString last = lastActionText(record); !last.isEmpty())
        line += tr(" · last: %1").arg(last);
    return line;
}

QString BridgePage::lastActionText(const BridgeRecord &record)
{
    // BridgeRecord::lastAction() in the window's language: the tool, its ref and the element are
    // names; how it went is said.
    const BridgeCommand *c = record.lastCommand();
    if (!c)
        return {};
    QString what = c->tool;
    if (const QString ref = c->params.value(u"ref").toString(); !ref.isEmpty())
        what += u' ' + ref;
    if (!c->element.isEmpty())
        what = tr("%1 on %2").arg(what, c->element);
    QString outcome = c->state == BridgeCommand::State::Done ? tr("ok") : stateText(c->state);
    if (c->state != BridgeCommand::State::Done && c->state != BridgeCommand::State::Running
        && !c->error.isEmpty()) {
        const QString why = knownSentence(c->error.simplified()).translated();
        outcome = tr("%1: %2").arg(outcome, why.size() > 80 ? why.left(79) + u'…' : why);
    }
    return tr("%1 → %2").arg(what, outcome);
}

QString BridgePage::resultText(const BridgeCommand &command)
{
    const bool bad = command.state == BridgeCommand::State::Failed
        || command.state == BridgeCommand::State::Refused || command.state == BridgeCommand::State::Unknown;
    // A cell of its own: core's clause reads as a sentence beside the capitalised results.
    if (bad && !command.error.isEmpty())
        return ErrorStyle::sentence(command.error);
    // What happened, core's clauses joined by "; " (JobCommand::summarise); a value read from the
    // page is shown as it is.
    return knownClauses(command.result);
}

QString BridgePage::reasonText(const QString &reason)
{
    return knownSentence(reason).translated();
}

BridgePage::BridgePage(BridgeSessionsModel *bridge, TabsModel *tabs, Settings *appSettings, QWidget *parent)
    : SettingsPage(
        appSettings, tr("Bridge"),
        tr("Let a web chat you already use (ChatGPT, Claude, Gemini, AI Studio …) work on your other "
           "tabs: it writes commands, the app runs them one at a time and sends back what happened. "
           "Personal data is masked before anything reaches the chat; in careful mode it asks you "
           "before anything risky."),
        parent)
    , m_bridge(bridge)
    , m_tabs(tabs)
{
    QFormLayout *form = addFormGroup(tr("New session"));
    auto *agentRow = new QHBoxLayout;
    agentRow->setSpacing(6);
    m_agent = new ChoiceBox(this, 20); // a long tab title is elided, not cut
    m_agent->setObjectName(u"bridgeAgentTab"_s);
    m_agent->setToolTip(tr("The tab with the web chat that drives the session."));
    agentRow->addWidget(m_agent, 1);
    m_refresh
        = Widgets::button(tr("Refresh"), u"bridgeRefreshTabs"_s, this, tr("Read the browser's tabs again."));
    agentRow->addWidget(m_refresh);
    m_learn = Widgets::button(
        tr("Learn This Chat…"), u"bridgeLearn"_s, this,
        tr("For a chat the app does not know yet: click its message box, then its send button, "
           "and the app remembers where they are."));
    agentRow->addWidget(m_learn);
    // While the app waits for the two clicks, the learning can be called off.
    m_cancelLearn = Widgets::button(tr("Cancel"), u"bridgeLearnCancel"_s, this,
                                    tr("Stop waiting for the clicks; nothing is learned."));
    m_cancelLearn->hide();
    agentRow->addWidget(m_cancelLearn);
    form->addRow(tr("Chat tab:"), agentRow);
    m_learnStatus = Widgets::wrappingLabel(u"bridgeLearnStatus"_s, this);
    m_learnStatus->hide();
    form->addRow(m_learnStatus);
    m_chatImages = new QCheckBox(tr("This chat takes images"), this);
    m_chatImages->setObjectName(u"bridgeChatImages"_s);
    m_chatImages->setToolTip(
        tr("With agent/vision on auto, each message then carries a screenshot of the page, uploaded "
           "through the chat's file input. Saved in the chat's profile."));
    m_chatImages->setEnabled(false);
    form->addRow(QString(), m_chatImages);

    m_targets = new QListWidget(this);
    m_targets->setObjectName(u"bridgeTargetTabs"_s);
    m_targets->setFixedHeight(96);
    m_targets->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_targets->setTextElideMode(Qt::ElideRight);
    auto *targetColumn = new QVBoxLayout;
    targetColumn->setContentsMargins(0, 0, 0, 0);
    targetColumn->addWidget(m_targets);
    targetColumn->addWidget(hint(tr("None ticked: the chat opens its own tabs."), this));
    form->addRow(tr("Tabs it may use:"), targetColumn);

    m_goal = new QPlainTextEdit(this);
    m_goal->setObjectName(u"bridgeGoal"_s);
    m_goal->setPlaceholderText(tr("e.g. Fill in the travel expense form with the receipts in my mail"));
    m_goal->setFixedHeight(70);
    form->addRow(tr("Goal:"), m_goal);
    m_mode = new QComboBox(this);
    m_mode->setObjectName(u"bridgeMode"_s);
    m_mode->addItem(tr("Careful — ask me before payments, sign-ins, sending, deleting"), u"careful"_s);
    m_mode->addItem(tr("Autonomous — ask only about payments and sign-ins"), u"autonomous"_s);
    m_mode->setToolTip(tr("The default is the bridge/mode setting."));
    form->addRow(tr("Mode:"), m_mode);
    m_start = addStartRow(form, u"bridge"_s, &m_startError);

    QVBoxLayout *current = addGroup(tr("Session"));
    m_title = Widgets::boldLabel(u"bridgeTitle"_s, this, tr("No session yet."));
    current->addWidget(m_title);
    m_status = Widgets::wrappingLabel(u"bridgeStatus"_s, this);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->hide();
    current->addWidget(m_status);
    m_turn = Widgets::wrappingLabel(u"bridgeTurn"_s, this);
    m_pause = Widgets::button(tr("Pause"), u"bridgePause"_s, this);
    m_resume = Widgets::button(tr("Resume"), u"bridgeResume"_s, this);
    m_stop = Widgets::button(tr("Stop"), u"bridgeStop"_s, this);
    for (QPushButton *button : { m_pause, m_resume, m_stop })
        button->setEnabled(false);
    current->addLayout(Widgets::row(m_turn, { m_pause, m_resume, m_stop }));

    m_questionBox = new QuestionBox(tr("The session asks you"), u"bridge"_s, false, this);
    current->addWidget(m_questionBox);

    m_commands = rowTable({ tr("Turn"), tr("Command"), tr("Element"), tr("State"), tr("Result") },
                          u"bridgeCommands"_s, this);
    sizeColumns(m_commands, { kFit, dragged(150), dragged(150), kFit, kStretch });
    m_commands->setWordWrap(false);
    m_commands->setMinimumHeight(180);
    current->addWidget(m_commands, 1);
    auto *maskedRow = new QHBoxLayout;
    m_masked = new QLabel(this);
    m_masked->setObjectName(u"bridgeMasked"_s);
    m_masked->setToolTip(
        tr("Masking is the bridge/redact setting; your own patterns are bridge/redactRules."));
    makeWrapping(m_masked);
    maskedRow->addWidget(m_masked, 1);
    m_showSent = Widgets::button(tr("Show the Text Sent…"), u"bridgeShowSent"_s, this,
                                 tr("The last message exactly as the chat received it."));
    m_showSent->setEnabled(false);
    m_showSent->hide();
    m_masked->hide();
    maskedRow->addWidget(m_showSent);
    current->addLayout(maskedRow);

    QVBoxLayout *history = addGroup(tr("Past sessions"));
    m_history = rowTable({ tr("Started"), tr("Goal"), tr("Status"), tr("Turns") }, u"bridgeHistory"_s, this);
    sizeColumns(m_history, { kFit, kStretch, kFit, kFit });
    m_history->setWordWrap(false);
    m_history->setMinimumHeight(130);
    history->addWidget(m_history);
    history->addWidget(
        hint(tr("Pick one to see its commands above. An interrupted session can be resumed."), this));

    QVBoxLayout *tools = addGroup(tr("Saved tools"));
    tools->addWidget(
        hint(tr("Addresses the chat may open by name, e.g. “Jira” — it writes open_tool with the "
                "name."),
             this));
    m_tools = rowTable({ tr("Name"), tr("Address") }, u"bridgeTools"_s, this);
    m_tools->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    sizeColumns(m_tools, { dragged(160) });
    m_tools->setMinimumHeight(110);
    m_tools->setMaximumHeight(180);
    tools->addWidget(m_tools);
    m_toolsMessage = Widgets::wrappingLabel(u"bridgeToolsMessage"_s, this);
    m_addTool = Widgets::button(tr("Add"), u"bridgeAddTool"_s, this);
    m_removeTool = Widgets::button(tr("Remove"), u"bridgeRemoveTool"_s, this);
    m_saveTools = Widgets::button(tr("Save"), u"bridgeSaveTools"_s, this);
    tools->addLayout(Widgets::row(m_toolsMessage, { m_addTool, m_removeTool, m_saveTools }));

    connect(m_start, &QPushButton::clicked, this, &BridgePage::startFromForm);
    connect(m_refresh, &QPushButton::clicked, this, &BridgePage::refreshTabs);
    connect(m_learn, &QPushButton::clicked, this, &BridgePage::learn);
    connect(m_cancelLearn, &QPushButton::clicked, this, [this] {
        m_bridge->cancelLearning();
        m_cancelLearn->hide();
        m_learn->setEnabled(true);
        ErrorStyle::setError(m_learnStatus, false);
        m_learnStatus->setText(tr("Stopped: nothing was learned."));
    });
    connect(m_agent, &QComboBox::currentIndexChanged, this, &BridgePage::refreshTargets);
    connect(m_agent, &QComboBox::currentIndexChanged, this, [this] { chatImages(std::nullopt); });
    connect(m_chatImages, &QCheckBox::clicked, this, [this](bool on) { chatImages(on); });
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (QString error; !m_bridge->pause(m_shownSession, &error))
            showError(m_status, error);
    });
    connect(m_resume, &QPushButton::clicked, this, &BridgePage::resume);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (QString error; !m_bridge->stop(m_shownSession, &error))
            showError(m_status, error);
    });
    connect(m_questionBox, &QuestionBox::answered, this, &BridgePage::answer);
    connect(m_showSent, &QPushButton::clicked, this, &BridgePage::showSent);
    connect(m_history, &QTableWidget::itemSelectionChanged, this, [this] {
        const QList<QTableWidgetItem *> selected = m_history->selectedItems();
        if (!selected.isEmpty())
            showSession(selected.first()->data(kSessionIdRole).toString());
    });
    connect(m_addTool, &QPushButton::clicked, this, [this] {
        const int row = m_tools->rowCount();
        m_tools->insertRow(row);
        setCell(m_tools, row, 0, QString());
        setCell(m_tools, row, 1, u"https://"_s);
        m_tools->setCurrentCell(row, 0);
        m_tools->editItem(m_tools->item(row, 0));
    });
    // Remove takes the selected tool; with none selected there is nothing it could take.
    m_removeTool->setEnabled(false);
    connect(m_tools, &QTableWidget::itemSelectionChanged, this,
            [this] { m_removeTool->setEnabled(m_tools->selectionModel()->hasSelection()); });
    connect(m_removeTool, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_tools->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            m_tools->removeRow(rows.first().row());
    });
    connect(m_saveTools, &QPushButton::clicked, this, &BridgePage::saveTools);

    connect(bridge, &BridgeSessionsModel::sessionChanged, this, [this](const QString &id) {
        if (!isVisible()) {
            m_stale = true;
            return;
        }
        if (m_shownSession.isEmpty() || id == m_shownSession)
            showSession(id);
        // The history row of that session: its status and turns.
        const std::optional<BridgeRecord> record = m_bridge->session(id);
        for (int row = 0; record && row < m_history->rowCount(); ++row) {
            if (m_history->item(row, 0)->data(kSessionIdRole).toString() == id) {
                setCell(m_history, row, 2, statusText(record->status));
                setCell(m_history, row, 3, QString::number(record->turn));
            }
        }
    });
    connect(bridge, &BridgeSessionsModel::questionAsked, this, [this](const QString &id, const QString &) {
        if (m_shownSession.isEmpty() || id == m_shownSession || !m_bridge->isLive(m_shownSession))
            showSession(id);
    });
    connect(bridge, &BridgeSessionsModel::listChanged, this, [this] {
        if (!isVisible()) {
            m_stale = true;
            return;
        }
        refreshHistory();
        followLiveSession();
    });
    connect(bridge, &BridgeSessionsModel::toolsChanged, this, &BridgePage::loadTools);
    connect(tabs, &TabsModel::tabAttached, this, [this] {
        if (isVisible())
            refreshTabs();
    });

    const int modeIndex = m_mode->findData(settings()->stringValue(SettingKey::BridgeMode));
    m_mode->setCurrentIndex(std::max(0, modeIndex));
    refreshTabs();
    refreshHistory();
    followLiveSession();
    loadTools();
}

void BridgePage::showEvent(QShowEvent *event)
{
    SettingsPage::showEvent(event);
    refreshTabs();
    if (m_stale) {
        m_stale = false;
        refreshHistory();
        followLiveSession();
        if (!m_shownSession.isEmpty())
            showSession(m_shownSession);
    }
}

void BridgePage::refreshTabs()
{
    const QString kept = m_agent->currentData().toString();
    {
        const QSignalBlocker quiet(m_agent);
        m_agent->clear();
        int chat = -1;
        for (const CdpTargetInfo &info : m_tabs->tabs()) {
            m_agent->addItem(EngineControls::tabLabel(info), info.targetId);
            m_agent->setItemData(m_agent->count() - 1, info.url, Qt::ToolTipRole);
            if (chat < 0 && looksLikeChat(info))
                chat = m_agent->count() - 1;
        }
        if (m_agent->count() == 0)
            m_agent->setPlaceholderText(tr("No tabs: is the browser connected?"));
        const int index = m_agent->findData(kept);
        m_agent->setCurrentIndex(index >= 0 ? index : (chat >= 0 ? chat : (m_agent->count() > 0 ? 0 : -1)));
    }
    // The signals were held back while the list was rebuilt: the "takes images" box follows the
    // chat chosen here too (it stayed greyed for a chat tab the page chose by itself).
    if (m_agent->currentData().toString() != kept || !m_chatImages->isEnabled())
        chatImages(std::nullopt);
    refreshTargets();
}

void BridgePage::refreshTargets()
{
    QStringList ticked;
    for (int i = 0; i < m_targets->count(); ++i) {
        if (m_targets->item(i)->checkState() == Qt::Checked)
            ticked.append(m_targets->item(i)->data(Qt::UserRole).toString());
    }
    const QString agent = m_agent->currentData().toString();
    m_targets->clear();
    for (const CdpTargetInfo &info : m_tabs->tabs()) {
        if (info.targetId == agent)
            continue;
        auto *item = new QListWidgetItem(EngineControls::tabLabel(info), m_targets);
        item->setData(Qt::UserRole, info.targetId);
        item->setToolTip(info.url);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(ticked.contains(info.targetId) ? Qt::Checked : Qt::Unchecked);
    }
}

void BridgePage::startFromForm()
{
    BridgeSessionsModel::StartRequest request;
    request.agentTab = m_agent->currentData().toString();
    for (int i = 0; i < m_targets->count(); ++i) {
        if (m_targets->item(i)->checkState() == Qt::Checked)
            request.targetTabs.append(m_targets->item(i)->data(Qt::UserRole).toString());
    }
    request.goal = m_goal->toPlainText();
    request.mode = m_mode->currentData().toString();
    m_startError->clear();
    m_bridge->start(request,
                    afterCall(m_start, m_startError, u"sessionId"_s, [this](const QString &sessionId) {
                        refreshHistory();
                        showSession(sessionId);
                        reveal(m_title);
                    }));
}

void BridgePage::followLiveSession()
{
    BridgeSessionsModel *bridge = m_bridge;
    if (!m_shownSession.isEmpty() && bridge->isLive(m_shownSession))
        return;
    // The newest session under way, if any; else what was shown stays.
    QString newest;
    QDateTime newestAt;
    for (const QString &id : bridge->activeSessions()) {
        const std::optional<BridgeRecord> record = bridge->session(id);
        if (record && (newest.isEmpty() || record->createdAt > newestAt)) {
            newest = id;
            newestAt = record->createdAt;
        }
    }
    if (!newest.isEmpty()) {
        showSession(newest);
    } else if (!m_shownSession.isEmpty()) {
        showSession(m_shownSession);
    } else {
        // Nothing under way: the newest past session (an interrupted one offers Resume at once).
        const QList<BridgeRecord> sessions = bridge->sessions();
        if (!sessions.isEmpty())
            showSession(sessions.first().id);
    }
    for (int row = 0; row < m_history->rowCount(); ++row) {
        if (m_history->item(row, 0)->data(kSessionIdRole).toString() == m_shownSession) {
            const QSignalBlocker quiet(m_history);
            m_history->selectRow(row);
        }
    }
}

void BridgePage::showSession(const QString &sessionId)
{
    const std::optional<BridgeRecord> record = m_bridge->session(sessionId);
    if (!record)
        return;
    if (sessionId != m_shownSession) {
        m_shownSession = sessionId;
        m_commands->setRowCount(0);
    }
    showRecord(*record);
}

void BridgePage::showRecord(const BridgeRecord &record)
{
    const bool live = m_bridge->isLive(record.id);
    m_title->setText(record.goal);
    QString status = live ? liveStatusLine(record) : statusText(record.status);
    if (!live && !record.reason.isEmpty())
        status += u" — "_s + reasonText(record.reason);
    if (record.status == BridgeStatus::Done && !record.doneText.isEmpty())
        status += u'\n' + tr("The chat says: %1").arg(record.doneText);
    ErrorStyle::setError(m_status, record.status == BridgeStatus::Failed);
    m_status->setText(status);
    m_status->show();
    QString chat = record.agentTitle.isEmpty() ? record.agentUrl : record.agentTitle;
    m_turn->setText(chat.isEmpty()
                        ? tr("Turn %1 of %2").arg(record.turn).arg(record.maxTurns)
                        : tr("Turn %1 of %2 · chat: %3").arg(record.turn).arg(record.maxTurns).arg(chat));
    m_turn->setToolTip(record.agentUrl);
    const bool paused = record.status == BridgeStatus::Paused;
    m_pause->setEnabled(live && !paused);
    m_resume->setEnabled((live && paused) || record.status == BridgeStatus::Interrupted);
    m_stop->setEnabled(live);

    const bool asking = live && record.status == BridgeStatus::WaitingUser;
    const bool newQuestion = asking && m_questionBox->isHidden();
    m_questionBox->setVisible(asking);
    if (asking) {
        m_questionBox->ask(record.question.value(u"text").toString());
    }
    // The question is the one thing the user must see; the form above may hide it.
    if (newQuestion)
        reveal(m_questionBox);

    showCommands(record);

    QStringList masked;
    for (auto it = record.lastMasked.constBegin(); it != record.lastMasked.constEnd(); ++it)
        masked.append(u"%1 %2"_s.arg(it.key()).arg(it.value().toInt()));
    m_masked->setText(
        tr("Masked in the last message: %1").arg(masked.isEmpty() ? tr("nothing") : masked.join(u", "_s)));
    m_masked->show();
    m_showSent->show();
    m_showSent->setEnabled(!record.lastSent.isEmpty());
    if (m_sentDialog && m_sentDialog->isVisible())
        m_sentText->setPlainText(record.lastSent);
}

void BridgePage::showCommands(const BridgeRecord &record)
{
    // Rows are updated in place: a command changes state far more often than one is added.
    const bool grew = record.commands.size() > m_commands->rowCount();
    m_commands->setRowCount(int(record.commands.size()));
    for (int row = 0; row < record.commands.size(); ++row) {
        const BridgeCommand &command = record.commands.at(row);
        const bool bad = command.state == BridgeCommand::State::Failed
            || command.state == BridgeCommand::State::Refused
            || command.state == BridgeCommand::State::Unknown;
        QString result = resultText(command);
        if (command.decision == u"approved"_s)
            result = tr("%1 (approved by you)").arg(result);
        else if (command.decision == u"denied"_s)
            result = tr("%1 (denied by you)").arg(result);
        const bool held = record.status == BridgeStatus::WaitingUser
            && record.question.value(u"command").toString() == command.key;
        const QStringList cells { QString::number(command.turn), commandText(command), command.element,
                                  held ? tr("waiting for you") : stateText(command.state), result };
        for (int column = 0; column < cells.size(); ++column) {
            QTableWidgetItem *item = setCell(m_commands, row, column, cells.at(column));
            item->setToolTip(column == 1 ? command.raw : cells.at(column));
            if (column == 4 || column == 3)
                item->setForeground(bad ? QBrush(ErrorStyle::errorText(palette())) : QBrush());
        }
    }
    if (grew)
        m_commands->scrollToBottom();
}

void BridgePage::refreshHistory()
{
    const QList<BridgeRecord> sessions = m_bridge->sessions();
    const QLocale locale;
    const QSignalBlocker quiet(m_history);
    m_history->setRowCount(int(sessions.size()));
    for (int row = 0; row < sessions.size(); ++row) {
        const BridgeRecord &record = sessions.at(row);
        const QStringList cells { locale.toString(record.createdAt.toLocalTime(), QLocale::ShortFormat),
                                  record.goal, statusText(record.status), QString::number(record.turn) };
        for (int column = 0; column < cells.size(); ++column) {
            QTableWidgetItem *item = setCell(m_history, row, column, cells.at(column));
            item->setData(kSessionIdRole, record.id);
            item->setToolTip(column == 2 && !record.reason.isEmpty() ? reasonText(record.reason)
                                                                     : cells.at(column));
        }
        if (record.id == m_shownSession)
            m_history->selectRow(row);
    }
}

void BridgePage::loadTools()
{
    const QList<BridgeSessionsModel::Tool> tools = m_bridge->savedTools();
    m_tools->setRowCount(int(tools.size()));
    for (int row = 0; row < tools.size(); ++row) {
        setCell(m_tools, row, 0, tools.at(row).name);
        setCell(m_tools, row, 1, tools.at(row).url);
    }
}

void BridgePage::saveTools()
{
    QList<BridgeSessionsModel::Tool> tools;
    for (int row = 0; row < m_tools->rowCount(); ++row) {
        const QTableWidgetItem *name = m_tools->item(row, 0);
        const QTableWidgetItem *url = m_tools->item(row, 1);
        BridgeSessionsModel::Tool tool { name ? name->text().trimmed() : QString(),
                                         url ? url->text().trimmed() : QString() };
        if (tool.name.isEmpty() && (tool.url.isEmpty() || tool.url == u"https://"_s))
            continue; // an empty row the user added and never filled
        tools.append(tool);
    }
    QString error;
    if (!m_bridge->setSavedTools(tools, &error)) {
        showError(m_toolsMessage, error);
        return;
    }
    ErrorStyle::setOk(m_toolsMessage);
    m_toolsMessage->setText(tr("Saved."));
}

void BridgePage::showSent()
{
    const std::optional<BridgeRecord> record = m_bridge->session(m_shownSession);
    if (!record)
        return;
    if (!m_sentDialog) {
        m_sentDialog = new QDialog(this);
        m_sentDialog->setObjectName(u"bridgeSentDialog"_s);
        m_sentDialog->setWindowTitle(tr("Text sent to the chat"));
        auto *layout = new QVBoxLayout(m_sentDialog);
        layout->addWidget(
            hint(tr("The last message exactly as the chat received it, after masking."), m_sentDialog));
        m_sentText = new QPlainTextEdit(m_sentDialog);
        m_sentText->setObjectName(u"bridgeSentText"_s);
        m_sentText->setReadOnly(true);
        m_sentText->setLineWrapMode(QPlainTextEdit::WidgetWidth);
        layout->addWidget(m_sentText, 1);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_sentDialog);
        connect(buttons, &QDialogButtonBox::rejected, m_sentDialog, &QDialog::reject);
        layout->addWidget(buttons);
        m_sentDialog->resize(720, 520);
    }
    m_sentText->setPlainText(record->lastSent);
    m_sentDialog->show();
    m_sentDialog->raise();
    m_sentDialog->activateWindow();
}

void BridgePage::learn()
{
    const QString tab = m_agent->currentData().toString();
    m_learnStatus->show();
    ErrorStyle::setError(m_learnStatus, false);
    if (tab.isEmpty()) {
        showError(m_learnStatus, tr("Pick the chat's tab first."));
        return;
    }
    m_learnStatus->setText(tr("Click the chat's message box in the browser."));
    m_cancelLearn->show();
    const QPointer<BridgePage> self(this);
    CommandReply finished
        = afterCall(m_learn, m_learnStatus, u"profileId"_s, [this](const QString &profileId) {
              ErrorStyle::setOk(m_learnStatus);
              m_learnStatus->setText(tr("Learned: saved as profile %1.").arg(profileId));
              chatImages(std::nullopt); // a file input for images found: the box says so
          });
    m_bridge->learnChat(
        tab,
        [self](const QString &part) {
            if (self && part == u"input"_s)
                self->m_learnStatus->setText(tr("Now click its send button."));
        },
        [self, finished](const CommandResult &answer) {
            if (self)
                self->m_cancelLearn->hide();
            finished(answer);
        });
}

void BridgePage::chatImages(std::optional<bool> set)
{
    const QString tab = m_agent->currentData().toString();
    m_chatImages->setEnabled(false);
    if (tab.isEmpty())
        return;
    const QPointer<BridgePage> self(this);
    m_bridge->chatImages(tab, set, [self, tab, set](const CommandResult &answer) {
        if (!self || self->m_agent->currentData().toString() != tab)
            return;
        if (!answer.ok) {
            // A chat whose profile cannot be read leaves the box greyed; a failed save says why.
            if (set)
                self->showError(self->m_learnStatus, answer.error);
            return;
        }
        const QSignalBlocker quiet(self->m_chatImages);
        self->m_chatImages->setChecked(answer.data.toObject().value(u"images"_s).toBool());
        self->m_chatImages->setEnabled(true);
    });
}

template<typename Done>
CommandReply BridgePage::afterCall(QPushButton *button, QLabel *label, const QString &idKey, Done done)
{
    button->setEnabled(false);
    return [self = QPointer<BridgePage>(this), button, label, idKey, done](const CommandResult &answer) {
        if (!self)
            return;
        button->setEnabled(true);
        if (!answer.ok) {
            self->showError(label, answer.error);
            return;
        }
        done(answer.data.toObject().value(idKey).toString());
    };
}

void BridgePage::answer(bool approve)
{
    if (m_shownSession.isEmpty())
        return;
    if (QString error; !m_bridge->answer(m_shownSession, approve, &error))
        showError(m_status, error);
}

void BridgePage::resume()
{
    const QString id = m_shownSession;
    const QPointer<BridgePage> self(this);
    m_bridge->resume(id, [self, id](const CommandResult &resumed) {
        if (!self)
            return;
        if (!resumed.ok)
            self->showError(self->m_status, resumed.error);
        else
            self->showSession(id);
    });
}

void BridgePage::reveal(QWidget *widget)
{
    // Once the layout has placed it (it may have just been shown).
    QTimer::singleShot(0, this, [this, widget] {
        if (auto *scroll = findChild<QScrollArea *>())
            scroll->ensureWidgetVisible(widget, 20, 80);
    });
}

void BridgePage::showError(QLabel *label, const QString &error)
{
    ErrorStyle::setError(label);
    label->setText(ErrorStyle::sentence(error));
    label->show();
}

} // namespace mpa
