#pragma once
// Auto-accept: the master switch, how it scans, which button words it clicks and which it
// never clicks; per-page pause and the IDE profiles in use.

#include "SettingsPage.h"

class QCheckBox;
class QListWidget;
class QListWidgetItem;

namespace mpa {

class AutoAcceptController;
class StatsModel;

class AutoAcceptPage : public SettingsPage
{
    Q_OBJECT
public:
    // `configDir` holds the user's IDE profiles folder.
    AutoAcceptPage(AutoAcceptController *autoAccept, StatsModel *stats, Settings *appSettings,
                   const QString &configDir, QWidget *parent = nullptr);

private:
    void refresh();
    void refreshTargets();
    void refreshProfiles();
    void onTargetToggled(QListWidgetItem *item);

    AutoAcceptController *m_autoAccept;
    StatsModel *m_stats; // the Auto-accept switch, as the Dashboard's
    QCheckBox *m_enabled;
    QLabel *m_enabledNote;
    QListWidget *m_targets;
    QListWidget *m_profiles;
    QLabel *m_profileErrors;
};

} // namespace mpa
