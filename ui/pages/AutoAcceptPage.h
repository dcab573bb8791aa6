#pragma once
// Auto-accept: the master switch, how it scans, which button words it clicks and which it
// never clicks; per-page pause and the IDE profiles in use.

#include "SettingsPage.h"

class QCheckBox;
class QListWidget;
class QListWidgetItem;

namespace mpa {

class AutoAcceptPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit AutoAcceptPage(Engine *engine, QWidget *parent = nullptr);

private:
    void refresh();
    void refreshTargets();
    void refreshProfiles();
    void onTargetToggled(QListWidgetItem *item);

    QCheckBox *m_enabled;
    QLabel *m_enabledNote;
    QListWidget *m_targets;
    QListWidget *m_profiles;
    QLabel *m_profileErrors;
};

} // namespace mpa
