#include "AutoAcceptPage.h"

#include "Widgets.h"
#include "autoaccept/AutoAcceptController.h"
#include "common/KnownSentences.h"
#include "models/StatsModel.h"
#include "settings/Settings.h"

#include <QCheckBox>
#include <QDir>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

AutoAcceptPage::AutoAcceptPage(AutoAcceptController *autoAccept, StatsModel *stats, Settings *appSettings,
                               const QString &configDir, QWidget *parent)
    : SettingsPage(
        appSettings, tr("Auto-accept"),
        tr("Clicks Accept, Run, Retry and similar buttons in the IDE's agent panel so the agent keeps "
           "going. Commands on the ban list are never run."),
        parent)
    , m_autoAccept(autoAccept)
    , m_stats(stats)
{
    QFormLayout *main = addFormGroup(tr("Switch"));
    m_enabled = new QCheckBox(tr("Auto-accept in every attached IDE"), this);
    m_enabled->setObjectName(u"autoAcceptEnabled"_s);
    connect(m_enabled, &QCheckBox::toggled, this, [this](bool on) { m_stats->setAutoAcceptEnabled(on); });
    main->addRow(m_enabled);
    m_enabledNote = hint(QString(), this);
    m_enabledNote->setObjectName(u"autoAcceptOverride"_s);
    main->addRow(m_enabledNote);

    QFormLayout *timing = addFormGroup(tr("Timing"));
    addField(timing, tr("Fallback scan every:"), SettingKey::AutoAcceptPollIntervalMs,
             SettingField::Options().withSuffix(tr(" ms")));
    timing->addRow(hint(tr("Buttons are normally seen the moment they appear; this scan only catches what "
                           "slipped through."),
                        this));
    addField(timing, tr("Hold off after typing:"), SettingKey::AutoAcceptUserIdleMs,
             SettingField::Options().withSuffix(tr(" ms")));
    timing->addRow(hint(tr("No click while you typed in the page within this time."), this));

    QGroupBox *wordsBox = nullptr;
    QVBoxLayout *words = addGroup(tr("Button words"), &wordsBox);
    words->addWidget(
        hint(tr("One per line; case does not matter. Buttons labelled with a word on the left are "
                "clicked; a word on the right keeps a button from being clicked."),
             this));
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(14);
    grid->addWidget(new QLabel(tr("Click buttons labelled:"), wordsBox), 0, 0);
    grid->addWidget(new QLabel(tr("Never click buttons labelled:"), wordsBox), 0, 1);
    grid->addWidget(new SettingField(settings(), SettingKey::AutoAcceptAcceptWords,
                                     SettingField::Options().withLines(8), wordsBox),
                    1, 0);
    grid->addWidget(new SettingField(settings(), SettingKey::AutoAcceptRejectWords,
                                     SettingField::Options().withLines(8), wordsBox),
                    1, 1);
    words->addLayout(grid);

    QVBoxLayout *pages = addGroup(tr("Pages and profiles"));
    pages->addWidget(hint(tr("Untick a page to pause auto-accept there only (until you tick it again or "
                             "the app restarts)."),
                          this));
    m_targets = new QListWidget(this);
    m_targets->setObjectName(u"targetPauseList"_s);
    m_targets->setMinimumHeight(80);
    m_targets->setMaximumHeight(150);
    connect(m_targets, &QListWidget::itemChanged, this, &AutoAcceptPage::onTargetToggled);
    pages->addWidget(m_targets);

    const QString folder = QDir(configDir).filePath(IdeProfiles::folderName());
    auto *folderNote = hint(tr("IDE profiles say how a page is recognised and where its agent panel is. A "
                               "JSON file in %1 replaces the bundled profile of the same name or adds one.")
                                .arg(QDir::toNativeSeparators(folder)),
                            this);
    folderNote->setObjectName(u"profileFolder"_s);
    folderNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pages->addWidget(folderNote);
    m_profiles = new QListWidget(this);
    m_profiles->setObjectName(u"profileList"_s);
    m_profiles->setSelectionMode(QAbstractItemView::NoSelection);
    m_profiles->setFocusPolicy(Qt::NoFocus);
    m_profiles->setMaximumHeight(130);
    pages->addWidget(m_profiles);
    m_profileErrors = Widgets::errorLabel(u"profileErrors"_s, this);
    pages->addWidget(m_profileErrors);
    auto *reloadRow = new QHBoxLayout;
    auto *reload
        = Widgets::button(tr("Reload profiles"), u"reloadProfiles"_s, this,
                          tr("Read the bundled profiles and your folder again and apply them to every page"));
    connect(reload, &QPushButton::clicked, this, [this] { m_autoAccept->reloadProfiles(); });
    reloadRow->addWidget(reload);
    reloadRow->addStretch(1);
    pages->addLayout(reloadRow);
    body()->addStretch(1);

    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::AutoAcceptEnabled)
            refresh();
    });
    connect(stats, &StatsModel::statusChanged, this, &AutoAcceptPage::refresh);
    connect(autoAccept, &AutoAcceptController::targetsChanged, this, [this] {
        refreshTargets();
        refreshProfiles();
    });
    refresh();
}

void AutoAcceptPage::refreshTargets()
{
    const QSignalBlocker blocker(m_targets);
    m_targets->clear();
    for (const AutoAcceptController::TargetState &t : m_autoAccept->targets()) {
        if (!t.attached || !t.agentPanel)
            continue; // a blank tab is no page to work on, as on the Dashboard
        const IdeProfile *profile = m_autoAccept->profiles().find(t.profileId);
        auto *item = new QListWidgetItem(
            tr("%1 — %2").arg(t.title.isEmpty() ? t.url : t.title,
                              profile ? knownSentence(profile->name).translated() : tr("no IDE profile")),
            m_targets);
        item->setData(Qt::UserRole, t.targetId);
        item->setToolTip(t.url);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(t.paused ? Qt::Unchecked : Qt::Checked);
    }
    if (m_targets->count() == 0) {
        auto *item = new QListWidgetItem(tr("No page to work on yet"), m_targets);
        item->setFlags(Qt::NoItemFlags);
    }
}

void AutoAcceptPage::onTargetToggled(QListWidgetItem *item)
{
    const QString targetId = item->data(Qt::UserRole).toString();
    if (!targetId.isEmpty())
        m_autoAccept->setTargetPaused(targetId, item->checkState() != Qt::Checked);
}

void AutoAcceptPage::refreshProfiles()
{
    m_profiles->clear();
    const IdeProfiles &profiles = m_autoAccept->profiles();
    for (const IdeProfile &p : profiles.profiles()) {
        const bool bundled = p.origin.startsWith(u":/"_s);
        auto *item = new QListWidgetItem(
            bundled ? tr("%1 (%2) — bundled").arg(knownSentence(p.name).translated(), p.id)
                    : tr("%1 (%2) — from your folder").arg(p.name, p.id),
            m_profiles);
        item->setToolTip(bundled ? p.origin : QDir::toNativeSeparators(p.origin));
    }
    m_profileErrors->setText(profiles.errors().join(u'\n'));
    m_profileErrors->setVisible(!profiles.errors().isEmpty());
}

void AutoAcceptPage::refresh()
{
    const QSignalBlocker blocker(m_enabled);
    m_enabled->setChecked(m_stats->autoAcceptEnabled());
    const bool overridden = m_stats->autoAcceptOverridden();
    m_enabledNote->setText(overridden ? tr("On for this run because of --auto-accept; switching it here "
                                           "saves your choice.")
                                      : QString());
    m_enabledNote->setVisible(overridden);
    refreshTargets();
    refreshProfiles();
}

} // namespace mpa
