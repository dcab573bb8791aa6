#pragma once
// Agents: the outside agents connected over the agent WebSocket (their names, how and since when,
// the tabs each holds), Disconnect and Release tabs, and a log of the commands they ran (time,
// agent, command, tab, result). Agents of `multi-purpose-agent mcp` run in that process and are
// not listed here.

#include "SettingsPage.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace mpa {

class AgentsModel;
struct AgentActivityEntry;

class AgentsPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit AgentsPage(AgentsModel *model, QWidget *parent = nullptr);

    QTableWidget *agentsTable() const { return m_agents; }
    QTableWidget *activityTable() const { return m_activity; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refreshAgents();
    void addActivity(const AgentActivityEntry &entry);
    void disconnectSelected();
    void releaseSelected();

    AgentsModel *m_model;
    QTableWidget *m_agents;
    QLabel *m_none;
    QPushButton *m_disconnect;
    QPushButton *m_release;
    QTableWidget *m_activity;
};

} // namespace mpa
