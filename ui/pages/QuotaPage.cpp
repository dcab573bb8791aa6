#include "QuotaPage.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

QuotaPage::QuotaPage(Engine *engine, QWidget *parent)
    : SettingsPage(
        engine, tr("Quota"),
        tr("Antigravity limits how much each model may be used. The app watches the quota, pauses the "
           "prompt queue while it is used up and resumes when it resets."),
        parent)
{
    QVBoxLayout *models = addGroup(tr("Models"));
    auto *row = new QHBoxLayout;
    row->setSpacing(6);
    auto *lastPoll = new QLabel(tr("Last checked: never"), this);
    lastPoll->setObjectName(u"quotaLastPoll"_s);
    lastPoll->setForegroundRole(QPalette::PlaceholderText);
    row->addWidget(lastPoll);
    row->addStretch(1);
    auto *refresh = new QPushButton(tr("Check Now"), this);
    refresh->setObjectName(u"quotaRefresh"_s);
    refresh->setEnabled(false);
    refresh->setToolTip(tr("Available once the quota watcher is connected"));
    row->addWidget(refresh);
    models->addLayout(row);
    // Wiring: one bar per model (remaining fraction, reset time), plan credits, the last poll
    // time and "Check Now", from core/quota.
    models->addWidget(
        pendingNotice(u"quota"_s,
                      tr("Each model's remaining quota and its reset time, and the plan's credits, "
                         "show here once the quota watcher is connected."),
                      this));

    QFormLayout *watch = addFormGroup(tr("Watching"));
    addField(watch, QString(), SettingKey::QuotaEnabled,
             SettingField::Options().withText(tr("Watch the quota")));
    addField(watch, tr("Check every:"), SettingKey::QuotaPollIntervalS,
             SettingField::Options().withSuffix(tr(" s")));
    watch->addRow(
        hint(tr("What to do when the quota runs out or resets is set on the Prompt queue page."), this));
    body()->addStretch(1);
}

} // namespace mpa
