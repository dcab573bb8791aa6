#include "LineChart.h"

#include <QLocale>
#include <QPainter>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <iterator>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr qint64 kMinute = 60;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
constexpr qint64 kSteps[] = { 15 * kMinute, 30 * kMinute, kHour, 2 * kHour, 3 * kHour,
                              6 * kHour,    12 * kHour,   kDay,  2 * kDay,  7 * kDay };
constexpr qreal kMarkReach = 4; // px either side of a mark that its tooltip answers
} // namespace

LineChart::LineChart(QWidget *parent)
    : PlotWidget(parent)
    , m_markName(tr("reset"))
{
}

void LineChart::setValueRange(double min, double max, const QString &unit)
{
    m_min = min;
    m_max = max > min ? max : min + 1;
    m_unit = unit;
    update();
}

void LineChart::setData(const QList<Series> &series, const QDateTime &from, const QDateTime &to)
{
    m_series = series;
    m_from = from;
    m_to = to;
    QStringList now;
    for (const Series &s : std::as_const(m_series)) {
        if (!s.points.isEmpty())
            now.append(tr("%1: %2 at the last reading").arg(s.name, valueText(s.points.last().value)));
    }
    setAccessibleDescription(now.join(QLatin1String("; ")));
    update();
}

bool LineChart::hasData() const
{
    for (const Series &s : m_series) {
        if (!s.points.isEmpty())
            return true;
    }
    return false;
}

QDateTime LineChart::from() const
{
    if (m_from.isValid())
        return m_from;
    QDateTime first;
    for (const Series &s : m_series) {
        if (!s.points.isEmpty() && (!first.isValid() || s.points.first().at < first))
            first = s.points.first().at;
    }
    const QDateTime last = m_to.isValid() ? m_to : to();
    // One reading alone still gets a span to stand in.
    return first.isValid() && first >= last.addSecs(-kMinute) ? last.addSecs(-kHour) : first;
}

QDateTime LineChart::to() const
{
    if (m_to.isValid())
        return m_to;
    QDateTime last;
    for (const Series &s : m_series) {
        if (!s.points.isEmpty() && (!last.isValid() || s.points.last().at > last))
            last = s.points.last().at;
    }
    return last;
}

QString LineChart::valueText(double value) const
{
    return QLocale().toString(value, 'f', 0) + m_unit;
}

std::optional<double> LineChart::valueAt(const Series &series, const QDateTime &at)
{
    if (series.points.isEmpty() || at < series.points.first().at || at > series.points.last().at)
        return std::nullopt;
    double value = series.points.first().value;
    for (const Point &point : series.points) {
        if (point.at > at)
            break;
        value = point.value;
    }
    return value;
}

QList<PlotWidget::LegendEntry> LineChart::legendEntries() const
{
    QList<LegendEntry> entries;
    bool anyMark = false;
    for (int i = 0; i < m_series.size(); ++i) {
        entries.append({ m_series.at(i).name, seriesColor(i) });
        anyMark = anyMark || !m_series.at(i).marks.isEmpty();
    }
    if (anyMark)
        entries.append({ m_markName, axisTextColor(), true });
    return entries;
}

LineChart::Geometry LineChart::geometry() const
{
    Geometry g;
    const QRectF all = area();
    const QFontMetricsF metrics(font());
    g.legend = legendRects(legendEntries(), all.topLeft(), all.width());
    const qreal legend = legendHeight(g.legend, all.topLeft());
    const qreal axisWidth = metrics.horizontalAdvance(valueText(m_max));
    g.plot = QRectF(QPointF(all.left() + axisWidth + 6, all.top() + legend + 6 + metrics.height() / 2),
                    QPointF(all.right() - 4, all.bottom() - metrics.height() - 4));
    if (g.plot.height() < 10)
        g.plot.setBottom(g.plot.top() + 10);

    const int valueSteps = g.plot.height() >= 5 * metrics.height() * 1.3 ? 4 : 2;
    for (int i = 0; i <= valueSteps; ++i)
        g.valueTicks.append(m_min + (m_max - m_min) * i / valueSteps);

    const QDateTime start = from();
    const QDateTime end = to();
    const qint64 span = std::max<qint64>(1, start.secsTo(end));
    const auto xOf
        = [&](const QDateTime &t) { return g.plot.left() + g.plot.width() * start.secsTo(t) / span; };
    const auto yOf = [&](double v) {
        return g.plot.bottom() - g.plot.height() * std::clamp((v - m_min) / (m_max - m_min), 0.0, 1.0);
    };
    for (const Series &s : m_series) {
        QPolygonF line;
        for (const Point &p : s.points) {
            if (p.at >= start && p.at <= end)
                line.append(QPointF(xOf(p.at), yOf(p.value)));
        }
        g.lines.append(line);
        QList<qreal> marks;
        for (const QDateTime &mark : s.marks) {
            if (mark >= start && mark <= end)
                marks.append(xOf(mark));
        }
        g.marks.append(marks);
    }

    // Time ticks: the smallest step whose labels fit, on local-time boundaries.
    const QLocale locale;
    const qreal labelWidth
        = std::max(metrics.horizontalAdvance(u"00:00"_s),
                   metrics.horizontalAdvance(locale.toString(start.toLocalTime(), u"ddd d"_s)))
        + metrics.averageCharWidth() * 2;
    qint64 step = kSteps[std::size(kSteps) - 1];
    for (qint64 candidate : kSteps) {
        if (double(span) / candidate * labelWidth <= g.plot.width()) {
            step = candidate;
            break;
        }
    }
    const QDateTime localStart = start.toLocalTime();
    QDateTime tick(localStart.date(), QTime(0, 0), localStart.timeZone());
    if (step >= kDay) {
        while (tick < localStart)
            tick = tick.addDays(1);
    } else {
        while (tick < localStart)
            tick = tick.addSecs(step);
    }
    for (int guard = 0; tick <= end && guard < 1000; ++guard) {
        const bool midnight = tick.time() == QTime(0, 0);
        g.timeTicks.append(
            { xOf(tick), midnight ? locale.toString(tick, u"ddd d"_s) : locale.toString(tick, u"HH:mm"_s) });
        if (step >= kDay) {
            tick = tick.addDays(step / kDay);
        } else {
            const QDateTime next = tick.addSecs(step);
            // A step that does not divide a day starts again at midnight.
            tick = next.date() != tick.date() ? QDateTime(next.date(), QTime(0, 0), next.timeZone()) : next;
        }
    }
    return g;
}

QString LineChart::textAt(const QPointF &pos) const
{
    const Geometry g = geometry();
    if (pos.x() < g.plot.left() - kMarkReach || pos.x() > g.plot.right() + kMarkReach
        || pos.y() < g.plot.top() - 8 || pos.y() > g.plot.bottom() + 8)
        return {};
    const QDateTime start = from();
    const qint64 span = std::max<qint64>(1, start.secsTo(to()));
    const double share = std::clamp((pos.x() - g.plot.left()) / g.plot.width(), 0.0, 1.0);
    const QDateTime at = start.addSecs(qint64(std::llround(share * span)));
    const QLocale locale;
    QStringList lines { locale.toString(at.toLocalTime(), QLocale::ShortFormat) };
    for (const Series &s : m_series) {
        if (const std::optional<double> value = valueAt(s, at))
            lines.append(tr("%1: %2").arg(s.name, valueText(*value)));
    }
    for (qsizetype i = 0; i < g.marks.size(); ++i) {
        const Series &s = m_series.at(i);
        qsizetype k = 0;
        for (const QDateTime &mark : s.marks) {
            if (mark < start || mark > to())
                continue;
            if (std::abs(g.marks.at(i).value(k) - pos.x()) <= kMarkReach)
                lines.append(
                    tr("%1: %2 at %3")
                        .arg(s.name, m_markName, locale.toString(mark.toLocalTime(), QLocale::ShortFormat)));
            ++k;
        }
    }
    return lines.size() > 1 ? lines.join(QLatin1Char('\n')) : QString();
}

QString LineChart::toolTipAt(const QPoint &pos) const
{
    return textAt(pos);
}

void LineChart::paintPlot(QPainter &painter)
{
    const Geometry g = geometry();
    paintLegend(painter, legendEntries(), g.legend);
    const QFontMetricsF metrics(font());

    painter.setRenderHint(QPainter::Antialiasing, false);
    for (double tick : g.valueTicks) {
        const qreal y
            = std::round(g.plot.bottom() - g.plot.height() * (tick - m_min) / (m_max - m_min)) + 0.5;
        painter.setPen(tick == m_min ? axisTextColor() : gridColor());
        painter.drawLine(QPointF(g.plot.left(), y), QPointF(g.plot.right(), y));
        painter.setPen(axisTextColor());
        painter.drawText(QRectF(area().left(), y - metrics.height() / 2, g.plot.left() - area().left() - 6,
                                metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, valueText(tick));
    }
    qreal lastRight = -1e9;
    for (const auto &[x, label] : g.timeTicks) {
        painter.setPen(gridColor());
        painter.drawLine(QPointF(std::round(x) + 0.5, g.plot.top()),
                         QPointF(std::round(x) + 0.5, g.plot.bottom()));
        const qreal w = metrics.horizontalAdvance(label) + 2;
        QRectF box(x - w / 2, g.plot.bottom() + 3, w, metrics.height());
        if (box.right() > area().right())
            box.moveRight(area().right());
        if (box.left() < lastRight + 4)
            continue; // would overlap the previous label
        painter.setPen(axisTextColor());
        painter.drawText(box, Qt::AlignCenter, label);
        lastRight = box.right();
    }

    painter.setRenderHint(QPainter::Antialiasing, true);
    for (qsizetype i = 0; i < g.marks.size(); ++i) {
        QPen pen(seriesColor(int(i)), 1.5);
        pen.setDashPattern({ 2, 1.5 });
        painter.setPen(pen);
        for (qreal x : g.marks.at(i))
            painter.drawLine(QPointF(x, g.plot.top()), QPointF(x, g.plot.bottom()));
    }
    for (qsizetype i = 0; i < g.lines.size(); ++i) {
        const QPolygonF &line = g.lines.at(i);
        if (line.isEmpty())
            continue;
        const QColor color = seriesColor(int(i));
        painter.setPen(QPen(color, 2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.drawPolyline(line);
        // The latest reading as a dot (also what shows of a series with one reading).
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawEllipse(line.last(), 3, 3);
        painter.setBrush(Qt::NoBrush);
    }
}

} // namespace mpa
