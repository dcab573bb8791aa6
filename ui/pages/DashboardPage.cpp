#include "DashboardPage.h"

#include "EngineControls.h"
#include "WrappingLabel.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

DashboardPage::DashboardPage(Engine *engine, QWidget *parent)
    : SettingsPage(engine, tr("Dashboard"), QString(), parent)
{
    QVBoxLayout *now = addGroup(tr("Now"));
    m_state = new QLabel(this);
    m_state->setObjectName(u"dashboardState"_s);
    makeWrapping(m_state);
    now->addWidget(m_state);
    auto *controls = new QHBoxLayout;
    controls->setSpacing(6);
    m_autoAccept = new QCheckBox(tr("Auto-accept"), this);
    m_autoAccept->setObjectName(u"dashboardAutoAccept"_s);
    connect(m_autoAccept, &QCheckBox::toggled, this,
            [this](bool on) { EngineControls::setAutoAcceptEnabled(this->engine(), on); });
    controls->addWidget(m_autoAccept);
    m_pause = new QPushButton(this);
    m_pause->setObjectName(u"dashboardPause"_s);
    connect(m_pause, &QPushButton::clicked, this,
            [this] { this->engine()->setPaused(!this->engine()->isPaused()); });
    controls->addWidget(m_pause);
    controls->addStretch(1);
    now->addLayout(controls);

    QVBoxLayout *pages = addGroup(tr("Attached pages"));
    m_targets = new QListWidget(this);
    m_targets->setObjectName(u"targetList"_s);
    m_targets->setMinimumHeight(90);
    m_targets->setMaximumHeight(160);
    pages->addWidget(m_targets);
    // Wiring: each page's IDE profile (core/autoaccept) goes in a second column here.
    pages->addWidget(
        pendingNotice(u"targetProfiles"_s,
                      tr("The IDE profile of each page shows here once the auto-accept engine is "
                         "connected."),
                      this));

    QVBoxLayout *stats = addGroup(tr("What it did"));
    m_stats = new QTableWidget(4, 2, this);
    m_stats->setObjectName(u"statsTable"_s);
    m_stats->setHorizontalHeaderLabels({ tr("This week"), tr("All time") });
    m_stats->setVerticalHeaderLabels(
        { tr("Clicks"), tr("Time saved"), tr("Sessions"), tr("Blocked commands") });
    m_stats->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_stats->setSelectionMode(QAbstractItemView::NoSelection);
    m_stats->setFocusPolicy(Qt::NoFocus);
    m_stats->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_stats->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int row = 0; row < m_stats->rowCount(); ++row) {
        for (int column = 0; column < m_stats->columnCount(); ++column) {
            auto *item = new QTableWidgetItem(u"—"_s);
            item->setTextAlignment(Qt::AlignCenter);
            m_stats->setItem(row, column, item);
        }
    }
    m_stats->setFixedHeight(m_stats->horizontalHeader()->sizeHint().height()
                            + 4 * m_stats->verticalHeader()->sectionSize(0) + 2 * m_stats->frameWidth());
    stats->addWidget(m_stats);
    // Wiring: fill statsTable from core/autoaccept's totals, and add the per-page breakdown.
    stats->addWidget(
        pendingNotice(u"stats"_s,
                      tr("Clicks, time saved, sessions and blocked commands — this week, all time "
                         "and per page — show here once the auto-accept statistics are connected."),
                      this));
    body()->addStretch(1);

    connect(engine, &Engine::statusChanged, this, &DashboardPage::refresh);
    connect(engine->endpoint(), &CdpEndpoint::sessionInfoChanged, this, &DashboardPage::refresh);
    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::AutoAcceptEnabled)
            refresh();
    });
    refresh();
}

void DashboardPage::refresh()
{
    m_state->setText(engine()->statusLine());
    {
        const QSignalBlocker blocker(m_autoAccept);
        m_autoAccept->setChecked(EngineControls::autoAcceptEnabled(engine()));
    }
    m_pause->setText(engine()->isPaused() ? tr("Resume") : tr("Pause"));
    m_pause->setToolTip(engine()->isPaused() ? tr("Go on clicking and sending prompts")
                                             : tr("Stop clicking and sending prompts until you resume"));

    m_targets->clear();
    for (CdpSession *session : engine()->endpoint()->pageSessions()) {
        const CdpTargetInfo &info = session->targetInfo();
        auto *item = new QListWidgetItem(info.title.isEmpty() ? info.url : info.title, m_targets);
        item->setToolTip(info.url);
    }
    if (m_targets->count() == 0) {
        auto *item = new QListWidgetItem(engine()->endpoint()->isConnected()
                                             ? tr("Connected, but no page to work on yet")
                                             : tr("No pages attached yet"),
                                         m_targets);
        item->setFlags(Qt::NoItemFlags);
    }
}

} // namespace mpa
