#include "QuotaHistoryPlot.h"

#include "quota/QuotaHistory.h"

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace mpa {

QuotaHistoryPlot::QuotaHistoryPlot(QWidget *parent)
    : LineChart(parent)
{
    setObjectName(u"quotaHistoryChart"_s);
    setAccessibleName(tr("Remaining quota per model over time"));
    setEmptyText(tr("No data yet: each model's quota shows here over time after the first readings"));
    setValueRange(0, 100, tr(" %"));
    setMarkName(tr("reset"));
    setMinimumHeight(12 * fontMetrics().height());
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize QuotaHistoryPlot::sizeHint() const
{
    // Tall enough to tell a few models' lines apart at a glance.
    return { 500, 18 * fontMetrics().height() };
}

void QuotaHistoryPlot::refresh(const QuotaHistory &history, const QDateTime &now)
{
    QList<Series> series;
    QDateTime first;
    QDateTime last;
    for (auto it = history.models().cbegin(); it != history.models().cend(); ++it) {
        Series s { it.key(), {}, {} };
        const QList<QuotaHistory::Point> &points = it.value();
        for (qsizetype i = 0; i < points.size(); ++i) {
            s.points.append({ points.at(i).at, points.at(i).left * 100.0 });
            if (i > 0 && points.at(i - 1).resetBefore(points.at(i))
                && !s.marks.contains(points.at(i - 1).resets))
                s.marks.append(points.at(i - 1).resets);
        }
        // The next reset, drawn when it falls inside the span shown.
        if (points.last().resets.isValid() && points.last().resets > points.last().at)
            s.marks.append(points.last().resets);
        if (!first.isValid() || it.value().first().at < first)
            first = it.value().first().at;
        if (!last.isValid() || it.value().last().at > last)
            last = it.value().last().at;
        series.append(s);
    }
    // Up to now; a little past it when a reset is close, so its mark shows ahead.
    QDateTime end = last.isValid() && now > last ? now : last;
    if (end.isValid()) {
        QDateTime nextReset;
        for (const Series &s : std::as_const(series)) {
            for (const QDateTime &mark : s.marks) {
                if (mark > end && (!nextReset.isValid() || mark < nextReset))
                    nextReset = mark;
            }
        }
        const qint64 span = std::max<qint64>(3600, first.secsTo(end));
        if (nextReset.isValid() && end.secsTo(nextReset) <= span / 4)
            end = nextReset.addSecs(span / 50);
    }
    setData(series, {}, end);
}

} // namespace mpa
