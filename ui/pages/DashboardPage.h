#pragma once
// Dashboard: is the app connected and working, on which pages (with each page's IDE profile),
// and what auto-accept did (clicks, file edits, terminal commands, blocked commands — this week
// and all time, and per page in this run), with plots of clicks per day and reaction times.

#include "SettingsPage.h"

class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace mpa {

class AutoAcceptPlots;
class StatsModel;

class DashboardPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit DashboardPage(StatsModel *model, QWidget *parent = nullptr);

    // "0 min", "< 1 min", "12 min", "2 h 05 min".
    static QString durationText(qint64 seconds);

private:
    void refresh();
    void refreshStats();

    StatsModel *m_model;
    QLabel *m_state;
    QLabel *m_quota;
    QCheckBox *m_autoAccept;
    QCheckBox *m_pause;
    QListWidget *m_targets;
    QTableWidget *m_stats;
    QTableWidget *m_pageStats;
    AutoAcceptPlots *m_plots;
};

} // namespace mpa
