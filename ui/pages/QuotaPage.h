#pragma once
// Quota: how much of each model's quota is left and when it resets (now, and over the last
// days as a plot), plan credits, and how often the app asks.

#include "SettingsPage.h"

class QGridLayout;
class QLabel;
class QPushButton;

namespace mpa {

class QuotaHistoryPlot;

class QuotaPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit QuotaPage(Engine *engine, QWidget *parent = nullptr);

private:
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
