#pragma once
// History: every prompt the app sent — when, to which page, what came of it — and resending one.

#include "SettingsPage.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace mpa {

class HistoryModel;

class HistoryPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit HistoryPage(HistoryModel *model, QWidget *parent = nullptr);

private:
    void refresh();
    void resend();
    void showSelected();

    HistoryModel *m_model;
    QTableWidget *m_table;
    QPushButton *m_resend;
    QLabel *m_message;
    QLabel *m_detail; // the selected prompt's outcome in full: its page and why it failed
};

} // namespace mpa
