#pragma once
// Quota: how much of each model's quota is left and when it resets (now, and over the last
// days as a plot), plan credits, and how often the app asks.

#include "SettingsPage.h"

class QGridLayout;
class QLabel;
class QPushButton;

namespace mpa {

class QuotaHistory;
class QuotaMonitor;
class StatsModel;

class QuotaHistoryPlot;

class QuotaPage : public SettingsPage
{
    Q_OBJECT
public:
    // `stats` says whether the engine runs (Refresh needs it running).
    QuotaPage(QuotaMonitor *quota, QuotaHistory *history, StatsModel *stats, Settings *appSettings,
              QWidget *parent = nullptr);

private:
    QuotaMonitor *m_quota;
    StatsModel *m_stats;
    void refresh();

    QLabel *m_lastPoll;
    QLabel *m_plan;
    QLabel *m_problem;
    QPushButton *m_refresh;
    QWidget *m_models;
    QGridLayout *m_grid;
    QuotaHistoryPlot *m_history;
};

} // namespace mpa
