#include "AutoAcceptPage.h"

#include "EngineControls.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

AutoAcceptPage::AutoAcceptPage(Engine *engine, QWidget *parent)
    : SettingsPage(
        engine, tr("Auto-accept"),
        tr("Clicks Accept, Run, Retry and similar buttons in the IDE's agent panel so the agent keeps "
           "going. Commands on the ban list are never run."),
        parent)
{
    QFormLayout *main = addFormGroup(tr("Switch"));
    m_enabled = new QCheckBox(tr("Auto-accept in every attached IDE"), this);
    m_enabled->setObjectName(u"autoAcceptEnabled"_s);
    connect(m_enabled, &QCheckBox::toggled, this,
            [this](bool on) { EngineControls::setAutoAcceptEnabled(this->engine(), on); });
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
    // Wiring: a per-target list with a pause switch each (core/autoaccept) replaces this.
    pages->addWidget(pendingNotice(u"perTargetPause"_s,
                                   tr("Pausing auto-accept for a single page shows here once the auto-accept "
                                      "engine is connected."),
                                   this));
    // Wiring: the profiles in use and the user's profile folder (core/autoaccept profiles).
    pages->addWidget(
        pendingNotice(u"profiles"_s,
                      tr("The IDE profile used for each page, and the folder for your own profiles, "
                         "show here once the auto-accept engine is connected."),
                      this));
    body()->addStretch(1);

    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::AutoAcceptEnabled)
            refresh();
    });
    connect(engine, &Engine::statusChanged, this, &AutoAcceptPage::refresh);
    refresh();
}

void AutoAcceptPage::refresh()
{
    const QSignalBlocker blocker(m_enabled);
    m_enabled->setChecked(EngineControls::autoAcceptEnabled(engine()));
    const bool overridden = engine()->overrides().autoAccept.has_value();
    m_enabledNote->setText(overridden ? tr("On for this run because of --auto-accept; switching it here "
                                           "saves your choice.")
                                      : QString());
    m_enabledNote->setVisible(overridden);
}

} // namespace mpa
