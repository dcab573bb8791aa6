#pragma once
// Safety: which commands auto-accept may run — the policy (rules, or an allow list) with the
// allow list's editor, the user's ban patterns (each checked as it is typed; a bad one is not
// saved and never holds back the others), a "would this be blocked?" test that runs the very
// verdict auto-accept's page script runs, and the commands recently blocked or left waiting.

#include "SettingsPage.h"
#include "safety/BanList.h"

class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableWidget;

namespace mpa {

class AutoAcceptController;

class SafetyPage : public SettingsPage
{
    Q_OBJECT
public:
    SafetyPage(Settings *appSettings, AutoAcceptController *autoAccept, QWidget *parent = nullptr);

    SettingField *banList() const { return m_banList; }
    SettingField *allowList() const { return m_allowList; }
    // Puts the default ban list back after the user confirms; returns whether it did.
    bool resetToDefaults(bool confirmed = false);
    // Puts the allow list's first entries back after the user confirms; returns whether it did.
    bool restoreAllowList(bool confirmed = false);

    // The verdict "Would this be blocked?" shows: the user's saved patterns under the saved
    // policy (SafetySettings::banList), the same inputs auto-accept hands the page script.
    BanVerdict verdictFor(const QString &command) const;

private:
    AutoAcceptController *m_autoAccept;
    void showPolicy();
    void showVerdict();
    void updateCount();
    void updateAllowCount();
    void refreshBlocked();

    QRadioButton *m_rules;
    QRadioButton *m_allowlist;
    QGroupBox *m_allowBox = nullptr;
    SettingField *m_allowList;
    QLabel *m_allowCount;
    QLabel *m_allowSkipped;
    SettingField *m_banList;
    QLabel *m_banSkipped;
    QLabel *m_count;
    QPushButton *m_reset;
    QLineEdit *m_probe;
    QLabel *m_verdict;
    QFormLayout *m_verdictDetails;
    QLabel *m_decidedBy;
    QLabel *m_reason;
    QLabel *m_parsed;
    QTableWidget *m_blocked;
    QLabel *m_blockedEmpty;
};

} // namespace mpa
