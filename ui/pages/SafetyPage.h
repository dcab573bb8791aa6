#pragma once
// Safety: the ban list (commands never run, substrings or /regex/flags) with validation as
// you type, reset to defaults, a "would this be blocked?" test and the recent blocked commands.

#include "SettingsPage.h"

class QLabel;
class QTableWidget;

namespace mpa {

class SafetyPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit SafetyPage(Engine *engine, QWidget *parent = nullptr);

    SettingField *banList() const { return m_banList; }
    // Puts the default ban list back after the user confirms; returns whether it did.
    bool resetToDefaults(bool confirmed = false);

private:
    void updateCount();
    void refreshBlocked();

    SettingField *m_banList;
    QLabel *m_count;
    QTableWidget *m_blocked;
    QLabel *m_blockedEmpty;
};

} // namespace mpa
