#include "AgentsPage.h"

#include "ErrorStyle.h"
#include "Widgets.h"
#include "common/KnownSentences.h"
#include "models/AgentsModel.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr int kChannelRole = Qt::UserRole + 1;
constexpr int kClientRole = Qt::UserRole + 2;
constexpr int kMaxShown = 200; // activity rows in the table, newest first

} // namespace

AgentsPage::AgentsPage(AgentsModel *model, QWidget *parent)
    : SettingsPage(
        nullptr, tr("Agents"),
        tr("Outside agents driving your browser through the agent server: who is connected, the tabs "
           "each holds, and what they did."),
        parent)
    , m_model(model)
{
    QVBoxLayout *connected = addGroup(tr("Connected"));
    m_agents = rowTable(
        { tr("Agent"), tr("Connection"), tr("Protocol"), tr("Session"), tr("Since"), tr("Tabs it holds") },
        u"agentsTable"_s, this);
    m_agents->setWordWrap(false);
    sizeColumns(m_agents, { kFit, kFit, kFit, kFit, kFit });
    m_agents->setMinimumHeight(110);
    connected->addWidget(m_agents);
    m_none = Widgets::wrappingLabel(u"agentsNone"_s, this);
    m_none->setText(tr("No agent is connected. Turn on the agent server on the Servers page. Agents that "
                       "start “multi-purpose-agent mcp” themselves run in that process and are not listed "
                       "here."));
    connected->addWidget(m_none);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    m_release
        = Widgets::button(tr("Release Its Tabs"), u"agentRelease"_s, this,
                          tr("The agent no longer controls its tabs (they stay open); a tab of yours needs "
                             "your consent again"));
    m_disconnect
        = Widgets::button(tr("Disconnect"), u"agentDisconnect"_s, this,
                          tr("Ends the agent's connection (an agent in client mode is dialled again)"));
    buttons->addWidget(m_release);
    buttons->addWidget(m_disconnect);
    connected->addLayout(buttons);

    QVBoxLayout *log = addGroup(tr("Activity"));
    m_activity = rowTable({ tr("Time"), tr("Agent"), tr("Command"), tr("Tab"), tr("Result") },
                          u"agentActivity"_s, this);
    m_activity->setWordWrap(false);
    sizeColumns(m_activity, { kFit, kFit, kFit, dragged(200) });
    m_activity->setMinimumHeight(200);
    log->addWidget(m_activity, 1);

    connect(m_agents, &QTableWidget::itemSelectionChanged, this, [this] {
        const bool selected = !m_agents->selectedItems().isEmpty();
        m_disconnect->setEnabled(selected);
        m_release->setEnabled(selected);
    });
    connect(m_disconnect, &QPushButton::clicked, this, &AgentsPage::disconnectSelected);
    connect(m_release, &QPushButton::clicked, this, &AgentsPage::releaseSelected);
    connect(model, &AgentsModel::connectionsChanged, this, &AgentsPage::refreshAgents);
    connect(model, &AgentsModel::activityAdded, this, [this](const AgentActivityEntry &entry) {
        addActivity(entry);
        if (isVisible())
            refreshAgents(); // the tabs it holds may have changed
    });
    for (const AgentActivityEntry &entry : model->activity())
        addActivity(entry);
    refreshAgents();
}

void AgentsPage::showEvent(QShowEvent *event)
{
    SettingsPage::showEvent(event);
    refreshAgents();
}

void AgentsPage::refreshAgents()
{
    const QList<ToolkitConnection> connections = m_model->connections();
    const QLocale locale;
    m_agents->setRowCount(int(connections.size()));
    int row = 0;
    for (const ToolkitConnection &c : connections) {
        auto *name = new QTableWidgetItem(c.caller.displayName());
        name->setData(kChannelRole, c.caller.channel);
        name->setData(kClientRole, c.caller.clientId);
        name->setToolTip(c.peer);
        m_agents->setItem(row, 0, name);
        // How it is connected and what it speaks are core's words: in the window's language.
        m_agents->setItem(row, 1, new QTableWidgetItem(knownSentence(c.transport).translated()));
        m_agents->setItem(row, 2, new QTableWidgetItem(knownSentence(c.protocol).translated()));
        // The tab daemon's session for this connection (it names the browser window to the `tab` CLI).
        auto *session = new QTableWidgetItem(c.sessionId.isEmpty() ? tr("—") : c.sessionId.left(40));
        session->setToolTip(c.sessionId.isEmpty() ? tr("The agent assigned no session (it does not speak the "
                                                       "tab daemon's handshake)")
                                                  : c.sessionId);
        m_agents->setItem(row, 3, session);
        m_agents->setItem(row, 4,
                          new QTableWidgetItem(locale.toString(c.since.time(), QLocale::ShortFormat)));
        const QStringList tabs = m_model->tabsOf(c.caller);
        m_agents->setItem(row, 5, new QTableWidgetItem(tabs.isEmpty() ? tr("none") : tabs.join(u" · "_s)));
        ++row;
    }
    m_agents->setVisible(!connections.isEmpty());
    m_none->setVisible(connections.isEmpty());
    const bool selected = !m_agents->selectedItems().isEmpty();
    m_disconnect->setEnabled(selected);
    m_release->setEnabled(selected);
}

void AgentsPage::addActivity(const AgentActivityEntry &entry)
{
    const QLocale locale;
    m_activity->insertRow(0);
    m_activity->setItem(0, 0, new QTableWidgetItem(locale.toString(entry.time.time(), u"HH:mm:ss"_s)));
    m_activity->setItem(0, 1, new QTableWidgetItem(entry.caller.displayName()));
    m_activity->setItem(0, 2, new QTableWidgetItem(entry.type));
    m_activity->setItem(0, 3, new QTableWidgetItem(entry.tab));
    // Why it failed is core's English (the API and the log keep it so): said in the window's language.
    const QString why = knownSentence(entry.detail.simplified()).translated();
    auto *result = new QTableWidgetItem(entry.ok ? tr("done in %1 ms").arg(entry.ms) : why);
    result->setToolTip(why);
    if (!entry.ok)
        result->setForeground(ErrorStyle::errorText(palette())); // a refusal or failure stands out
    m_activity->setItem(0, 4, result);
    if (m_activity->rowCount() > kMaxShown)
        m_activity->setRowCount(kMaxShown);
}

void AgentsPage::disconnectSelected()
{
    const int row = m_agents->currentRow();
    if (row < 0)
        return;
    m_model->disconnectAgent(m_agents->item(row, 0)->data(kClientRole).toString());
    refreshAgents();
}

void AgentsPage::releaseSelected()
{
    const int row = m_agents->currentRow();
    if (row < 0)
        return;
    const QTableWidgetItem *item = m_agents->item(row, 0);
    m_model->releaseTabs({ item->data(kChannelRole).toString(), item->data(kClientRole).toString() });
    refreshAgents();
}

} // namespace mpa
