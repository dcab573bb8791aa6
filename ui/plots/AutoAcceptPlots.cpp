#include "AutoAcceptPlots.h"

#include "BarChart.h"
#include "Histogram.h"
#include "autoaccept/AutoAcceptStats.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace mpa {

AutoAcceptPlots::AutoAcceptPlots(QWidget *parent)
    : QWidget(parent)
    , m_daily(new BarChart(this))
    , m_reactions(new Histogram(this))
    , m_reactionSummary(new QLabel(this))
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(2);
    auto *dailyTitle = new QLabel(tr("Per day, last %1 weeks").arg(kDaysShown / 7), this);
    auto *reactionTitle = new QLabel(tr("Reaction time"), this);
    reactionTitle->setToolTip(
        tr("From a button appearing to its click being verified, for up to the last %1 clicks")
            .arg(AutoAcceptStats::kReactionsKept));
    m_daily->setObjectName(u"dailyChart"_s);
    m_daily->setAccessibleName(tr("Clicks and blocked commands per day"));
    m_daily->setEmptyText(tr("No data yet: clicks and blocked commands will show here per day"));
    m_reactions->setObjectName(u"reactionChart"_s);
    m_reactions->setAccessibleName(tr("Reaction time of auto-accept"));
    m_reactions->setEmptyText(tr("No data yet: reaction times show after the first click"));
    m_reactionSummary->setObjectName(u"reactionSummary"_s);
    m_reactionSummary->setForegroundRole(QPalette::PlaceholderText);
    m_reactionSummary->setWordWrap(true);
    grid->addWidget(dailyTitle, 0, 0);
    grid->addWidget(reactionTitle, 0, 1);
    grid->addWidget(m_daily, 1, 0);
    grid->addWidget(m_reactions, 1, 1);
    grid->addWidget(m_reactionSummary, 2, 1);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
}

QList<double> AutoAcceptPlots::reactionEdges()
{
    // Roughly logarithmic: a click seen by DOM observation takes milliseconds, one found by the
    // fallback scan or held while the user typed takes up to seconds.
    return { 0, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000 };
}

QString AutoAcceptPlots::msText(double ms)
{
    const QLocale locale;
    if (ms < 1000)
        return tr("%1 ms").arg(locale.toString(ms, 'f', 0));
    return tr("%1 s").arg(locale.toString(ms / 1000, 'g', 3));
}

void AutoAcceptPlots::refresh(const AutoAcceptStats &stats, QDate today)
{
    const QLocale locale;
    QStringList labels;
    QStringList titles;
    QList<double> clicks;
    QList<double> blocked;
    for (int back = kDaysShown - 1; back >= 0; --back) {
        const QDate day = today.addDays(-back);
        const AutoAcceptCounts counts = stats.days().value(AutoAcceptStats::dayKey(day));
        labels.append(locale.toString(day, u"d MMM"_s));
        titles.append(locale.toString(day, QLocale::LongFormat));
        clicks.append(double(counts.clicks));
        blocked.append(double(counts.blocked));
    }
    m_daily->setData(labels,
                     { BarChart::Series { tr("Clicks"), clicks, false },
                       BarChart::Series { tr("Blocked commands"), blocked, true } },
                     titles);

    const QList<double> &samples = stats.reactionsMs();
    m_reactions->setSamples(samples, reactionEdges(), &AutoAcceptPlots::msText, tr("Clicks"));
    m_reactionSummary->setText(samples.isEmpty() ? QString()
                                                 : tr("Median %1 · 9 in 10 within %2")
                                                       .arg(msText(Histogram::percentile(samples, 0.5)),
                                                            msText(Histogram::percentile(samples, 0.9))));
    m_reactionSummary->setVisible(!samples.isEmpty());
}

} // namespace mpa
