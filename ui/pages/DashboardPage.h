#pragma once
// Dashboard: is the app connected and working, on which pages, and what it did (clicks, time
// saved, sessions, blocked commands — this week and all time, per page).

#include "SettingsPage.h"

class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace mpa {

class DashboardPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit DashboardPage(Engine *engine, QWidget *parent = nullptr);

private:
    void refresh();

    QLabel *m_state;
    QCheckBox *m_autoAccept;
    QPushButton *m_pause;
    QListWidget *m_targets;
    QTableWidget *m_stats;
};

} // namespace mpa
