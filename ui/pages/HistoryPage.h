#pragma once
// History: every prompt the app sent — when, to which page, what came of it — and resending one.

#include "SettingsPage.h"

class QTableWidget;

namespace mpa {

class HistoryPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit HistoryPage(Engine *engine, QWidget *parent = nullptr);

private:
    QTableWidget *m_table;
};

} // namespace mpa
