#pragma once
// The one place the window's models are built from the engine (Syncthing Tray's connector →
// model → widgets): the pages take these models, never the engine, so a page can be shown and
// tested over a fake model. Only Models.cpp includes engine/Engine.h.

#include <QObject>
#include <QString>

namespace mpa {

class AgentsModel;
class AutoAcceptController;
class BridgeSessionsModel;
class ConnectionModel;
class RunsModel;
class TabsModel;
class Engine;
class EndpointsModel;
class HistoryModel;
class QueueModel;
class Settings;
class StatsModel;

class Models : public QObject
{
    Q_OBJECT
public:
    explicit Models(Engine *engine, QObject *parent = nullptr);
    ~Models() override;

    Settings *settings() const { return m_settings; }
    HistoryModel *history() const { return m_history; }
    QueueModel *queue() const { return m_queue; }
    EndpointsModel *endpoints() const { return m_endpoints; }
    StatsModel *stats() const { return m_stats; }
    AgentsModel *agents() const { return m_agents; }
    TabsModel *tabs() const { return m_tabs; }
    ConnectionModel *connection() const { return m_connection; }
    RunsModel *runs() const { return m_runs; }
    BridgeSessionsModel *bridge() const { return m_bridge; }
    // Core services a page takes as they are (it needs nothing else of the engine).
    AutoAcceptController *autoAccept() const { return m_autoAccept; }
    QString configDir() const { return m_configDir; }

private:
    Settings *m_settings;
    HistoryModel *m_history;
    QueueModel *m_queue;
    EndpointsModel *m_endpoints;
    StatsModel *m_stats;
    AgentsModel *m_agents;
    TabsModel *m_tabs;
    ConnectionModel *m_connection;
    RunsModel *m_runs;
    BridgeSessionsModel *m_bridge;
    AutoAcceptController *m_autoAccept;
    QString m_configDir;
};

} // namespace mpa
