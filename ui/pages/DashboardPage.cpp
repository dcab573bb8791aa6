#include "DashboardPage.h"

#include "Widgets.h"
#include "autoaccept/AutoAcceptStats.h"
#include "common/KnownSentences.h"
#include "models/StatsModel.h"
#include "plots/AutoAcceptPlots.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

DashboardPage::DashboardPage(StatsModel *model, QWidget *parent)
    : SettingsPage(nullptr, tr("Dashboard"), QString(), parent)
    , m_model(model)
{
    QVBoxLayout *now = addGroup(tr("Now"));
    m_state = Widgets::wrappingLabel(u"dashboardState"_s, this);
    m_state->setTextFormat(Qt::RichText); // with a link to the Connection page while it waits
    connect(m_state, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(u"page:"_s))
            Q_EMIT pageRequested(link.mid(5));
    });
    now->addWidget(m_state);
    m_quota = Widgets::wrappingLabel(u"dashboardQuota"_s, this);
    m_quota->setToolTip(tr("The model with the least quota left; the Quota page lists them all"));
    now->addWidget(m_quota);
    auto *controls = new QHBoxLayout;
    controls->setSpacing(6);
    m_autoAccept = new QCheckBox(tr("Auto-accept"), this);
    m_autoAccept->setObjectName(u"dashboardAutoAccept"_s);
    connect(m_autoAccept, &QCheckBox::toggled, this, [this](bool on) { m_model->setAutoAcceptEnabled(on); });
    controls->addWidget(m_autoAccept);
    // A check box like Auto-accept beside it: ticked while paused.
    m_pause = new QCheckBox(tr("Pause"), this);
    m_pause->setObjectName(u"dashboardPause"_s);
    connect(m_pause, &QCheckBox::toggled, this, [this](bool paused) {
        m_model->setPaused(paused);
        refresh();
    });
    controls->addWidget(m_pause);
    controls->addStretch(1);
    now->addLayout(controls);

    QVBoxLayout *pages = addGroup(tr("Attached pages"));
    m_targets = new QListWidget(this);
    m_targets->setObjectName(u"targetList"_s);
    m_targets->setMinimumHeight(90);
    m_targets->setMaximumHeight(160);
    pages->addWidget(m_targets);

    QVBoxLayout *overTime = addGroup(tr("Over time"));
    m_plots = new AutoAcceptPlots(this);
    m_plots->setObjectName(u"dashboardPlots"_s);
    overTime->addWidget(m_plots);

    QVBoxLayout *stats = addGroup(tr("What it did"));
    m_stats = new QTableWidget(6, 2, this);
    m_stats->setObjectName(u"statsTable"_s);
    m_stats->setHorizontalHeaderLabels({ tr("This week"), tr("All time") });
    m_stats->setVerticalHeaderLabels({ tr("Clicks"), tr("Time saved"), tr("Sessions"),
                                       tr("File edits accepted"), tr("Terminal commands run"),
                                       tr("Blocked commands") });
    m_stats->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_stats->setSelectionMode(QAbstractItemView::NoSelection);
    m_stats->setFocusPolicy(Qt::NoFocus);
    m_stats->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // Rows of one height, so the table's fixed height below fits them all.
    m_stats->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_stats->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    for (int row = 0; row < m_stats->rowCount(); ++row) {
        for (int column = 0; column < m_stats->columnCount(); ++column) {
            auto *item = new QTableWidgetItem(u"—"_s);
            item->setTextAlignment(Qt::AlignCenter);
            m_stats->setItem(row, column, item);
        }
    }
    for (int column = 0; column < 2; ++column) {
        m_stats->item(1, column)->setToolTip(
            tr("Estimated at %n second(s) a click: noticing the button, switching to the IDE "
               "and clicking it yourself",
               nullptr, int(AutoAcceptCounts::kSecondsSavedPerClick)));
        m_stats->item(2, column)->setToolTip(
            tr("Runs of the app in which auto-accept clicked at least once"));
    }
    m_stats->setFixedHeight(m_stats->horizontalHeader()->sizeHint().height()
                            + m_stats->verticalHeader()->length() + 2 * m_stats->frameWidth());
    stats->addWidget(m_stats);
    stats->addWidget(hint(tr("A click counts once the button went away. Per page, this run:"), this));
    m_pageStats
        = rowTable({ tr("Page"), tr("IDE profile"), tr("Clicks"), tr("Blocked") }, u"pageStatsTable"_s, this);
    m_pageStats->setSelectionMode(QAbstractItemView::NoSelection);
    m_pageStats->setFocusPolicy(Qt::NoFocus);
    sizeColumns(m_pageStats, { kStretch, kFit, kFit, kFit });
    m_pageStats->setMinimumHeight(90);
    m_pageStats->setMaximumHeight(160);
    stats->addWidget(m_pageStats);
    body()->addStretch(1);

    connect(model, &StatsModel::countersChanged, this, &DashboardPage::refreshStats);
    connect(model, &StatsModel::changed, this, &DashboardPage::refresh);
    refresh();
}

void DashboardPage::refresh()
{
    QString state = m_model->statusLine().toHtmlEscaped();
    if (m_model->isRunning() && !m_model->isConnected())
        state
            += u" · <a href=\"page:Connection\">"_s + tr("Connection settings…").toHtmlEscaped() + u"</a>"_s;
    if (const QString pausedPages = m_model->pausedPagesText();
        !pausedPages.isEmpty() && m_model->autoAcceptEnabled())
        state += u"<br>"_s
            + tr("%1. To resume there, tick the page again on the Auto-accept page.")
                  .arg(pausedPages)
                  .toHtmlEscaped();
    m_state->setText(state);
    const QString glance = m_model->quotaHolding() ? tr("Quota used up: %1").arg(m_model->quotaHoldReason())
                                                   : m_model->quotaAtAGlance();
    m_quota->setText(glance);
    m_quota->setVisible(!glance.isEmpty());
    {
        const QSignalBlocker blocker(m_autoAccept);
        m_autoAccept->setChecked(m_model->autoAcceptEnabled());
    }
    {
        const QSignalBlocker blocker(m_pause);
        m_pause->setChecked(m_model->isPaused());
    }
    m_pause->setEnabled(m_model->pauseOffered());
    m_pause->setToolTip(m_model->pauseToolTip());

    m_targets->clear();
    for (const StatsModel::Page &page : m_model->pages()) {
        const QString title = page.title.isEmpty() ? page.url : page.title;
        QString text = !page.profileName.isEmpty()
            ? tr("%1 — %2").arg(title, knownSentence(page.profileName).translated())
            : tr("%1 — no agent panel").arg(title);
        if (page.paused)
            text = tr("%1 — auto-accept paused here").arg(text);
        text = m_model->withEndpoint(text, page.targetId);
        auto *item = new QListWidgetItem(text, m_targets);
        item->setToolTip(page.url);
    }
    if (m_targets->count() == 0) {
        auto *item = new QListWidgetItem(m_model->isConnected() ? tr("Connected, but no page to work on yet")
                                                                : tr("No pages attached yet"),
                                         m_targets);
        item->setFlags(Qt::NoItemFlags);
    }
    refreshStats();
}

QString DashboardPage::durationText(qint64 seconds)
{
    if (seconds <= 0)
        return tr("0 min");
    if (seconds < 60)
        return tr("< 1 min");
    const qint64 minutes = (seconds + 30) / 60;
    if (minutes < 60)
        return tr("%1 min").arg(minutes);
    return tr("%1 h %2 min").arg(minutes / 60).arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

void DashboardPage::refreshStats()
{
    const AutoAcceptStats &counters = m_model->counters();
    const AutoAcceptCounts week = counters.week();
    const AutoAcceptCounts total = counters.cumulative();
    const auto put = [this](int row, qint64 thisWeek, qint64 allTime) {
        m_stats->item(row, 0)->setText(QLocale().toString(thisWeek));
        m_stats->item(row, 1)->setText(QLocale().toString(allTime));
    };
    put(0, week.clicks, total.clicks);
    m_stats->item(1, 0)->setText(durationText(week.secondsSaved()));
    m_stats->item(1, 1)->setText(durationText(total.secondsSaved()));
    put(2, week.sessions, total.sessions);
    put(3, week.fileEdits, total.fileEdits);
    put(4, week.terminalCommands, total.terminalCommands);
    put(5, week.blocked, total.blocked);
    m_plots->refresh(counters);
    m_stats->setToolTip(
        tr("Counted since %1").arg(QLocale().toString(counters.since().toLocalTime(), QLocale::ShortFormat)));

    const QList<StatsModel::PageCounts> targets = m_model->pageCounts();
    m_pageStats->setRowCount(int(targets.size()));
    for (int row = 0; row < targets.size(); ++row) {
        const StatsModel::PageCounts &t = targets.at(row);
        const QStringList cells { m_model->withEndpoint(t.title.isEmpty() ? t.url : t.title, t.targetId),
                                  !t.profileName.isEmpty() ? knownSentence(t.profileName).translated()
                                                           : tr("none"),
                                  QLocale().toString(t.clicks), QLocale().toString(t.blocked) };
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            if (column >= 2)
                item->setTextAlignment(Qt::AlignCenter);
            if (column == 0)
                item->setToolTip(t.url);
            m_pageStats->setItem(row, column, item);
        }
    }
}

} // namespace mpa
