#include "BarChart.h"

#include "ErrorStyle.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mpa {

BarChart::BarChart(QWidget *parent)
    : PlotWidget(parent)
{
}

void BarChart::setData(const QStringList &labels, const QList<Series> &series, const QStringList &titles)
{
    m_labels = labels;
    m_titles = titles;
    m_series = series;
    for (Series &s : m_series)
        s.values.resize(labels.size());
    QStringList totals;
    for (const Series &s : std::as_const(m_series)) {
        double total = 0;
        for (double v : s.values)
            total += v;
        totals.append(tr("%1: %2 in all").arg(s.name, QLocale().toString(total)));
    }
    setAccessibleDescription(totals.join(QLatin1String("; ")));
    update();
}

void BarChart::setLabelsAtEdges(bool atEdges)
{
    m_labelsAtEdges = atEdges;
    update();
}

bool BarChart::hasData() const
{
    for (const Series &s : m_series) {
        for (double v : s.values) {
            if (v > 0)
                return true;
        }
    }
    return false;
}

QColor BarChart::colorOf(int series) const
{
    if (series < m_series.size() && m_series.at(series).error)
        return ErrorStyle::errorText(palette());
    return seriesColor(series);
}

double BarChart::niceTop(double max, double *step)
{
    if (!(max > 0))
        max = 1;
    // The smallest round step (1, 2 or 5 × 10ⁿ, whole numbers: counts have no halves) that
    // needs at most five gridlines above 0; the top is the first of them at or above `max`.
    double found = 1;
    for (double magnitude = 1;; magnitude *= 10) {
        bool done = false;
        for (double factor : { 1.0, 2.0, 5.0 }) {
            if (max / (factor * magnitude) <= 5 + 1e-9) {
                found = factor * magnitude;
                done = true;
                break;
            }
        }
        if (done)
            break;
    }
    if (step)
        *step = found;
    return std::ceil(max / found - 1e-9) * found;
}

BarChart::Geometry BarChart::geometry() const
{
    Geometry g;
    const QRectF all = area();
    const QFontMetricsF metrics(font());
    QList<LegendEntry> entries;
    for (int i = 0; i < m_series.size(); ++i)
        entries.append({ m_series.at(i).name, colorOf(i) });
    // A single series is named by the group around it: no legend.
    if (m_series.size() > 1)
        g.legend = legendRects(entries, all.topLeft(), all.width());
    const qreal legend = legendHeight(g.legend, all.topLeft());

    double max = 0;
    for (const Series &s : m_series) {
        for (double v : s.values)
            max = std::max(max, v);
    }
    double step = 1;
    g.top = niceTop(max, &step);

    const qreal axisWidth = metrics.horizontalAdvance(QLocale().toString(g.top)); // the widest tick label
    g.plot = QRectF(all.left() + axisWidth + 6,
                    all.top() + legend + (legend > 0 ? 6 : 0) + metrics.height() / 2, 0, 0);
    g.plot.setRight(all.right() - 2);
    g.plot.setBottom(all.bottom() - metrics.height() - 4);
    if (g.plot.height() < 10)
        g.plot.setBottom(g.plot.top() + 10);
    // Fewer gridlines where they would crowd their labels.
    while (step < g.top && (g.top / step) * metrics.height() * 1.3 > g.plot.height())
        step *= 2;
    for (double v = 0; v <= g.top + 1e-9; v += step)
        g.ticks.append(v);

    const qsizetype n = m_labels.size();
    if (n == 0)
        return g;
    const qreal slot = g.plot.width() / n;
    const qsizetype seriesCount = std::max<qsizetype>(1, m_series.size());
    const qreal groupWidth = slot * (slot > 12 ? 0.75 : 0.9);
    const qreal barWidth = groupWidth / seriesCount;
    g.bars.resize(m_series.size());
    for (qsizetype c = 0; c < n; ++c) {
        const QRectF column(g.plot.left() + c * slot, g.plot.top(), slot, g.plot.height());
        g.slots.append(column);
        const qreal left = column.center().x() - groupWidth / 2;
        for (qsizetype s = 0; s < m_series.size(); ++s) {
            const double value = m_series.at(s).values.value(c);
            const qreal h = g.plot.height() * std::clamp(value / g.top, 0.0, 1.0);
            g.bars[s].append(QRectF(left + s * barWidth, g.plot.bottom() - h, barWidth, h));
        }
    }
    // Labels counted back from the last, as many as fit with a space between them.
    qreal widest = 0;
    for (const QString &label : m_labels)
        widest = std::max(widest, metrics.horizontalAdvance(label));
    const qsizetype every
        = std::max<qsizetype>(1, qsizetype(std::ceil((widest + metrics.averageCharWidth() * 1.5) / slot)));
    // Counted back from the last, each box kept inside the widget; one that would touch the box
    // after it (the last one pulled in from the edge) is left out.
    qreal leftEdge = std::numeric_limits<qreal>::max();
    for (qsizetype c = n - 1; c >= 0; c -= every) {
        const qreal w = metrics.horizontalAdvance(m_labels.at(c)) + 2;
        QRectF box((m_labelsAtEdges ? g.slots.at(c).left() : g.slots.at(c).center().x()) - w / 2,
                   g.plot.bottom() + 3, w, metrics.height());
        if (box.right() > area().right())
            box.moveRight(area().right());
        if (box.left() < area().left())
            box.moveLeft(area().left());
        if (box.right() + metrics.averageCharWidth() > leftEdge)
            continue;
        g.labelled.prepend(int(c));
        g.labelBoxes.prepend(box);
        leftEdge = box.left();
    }
    return g;
}

int BarChart::categoryAt(const QPointF &pos) const
{
    const Geometry g = geometry();
    for (qsizetype c = 0; c < g.slots.size(); ++c) {
        const QRectF column = g.slots.at(c);
        if (pos.x() >= column.left() && pos.x() < column.right() && pos.y() >= column.top() - 4
            && pos.y() <= column.bottom() + QFontMetricsF(font()).height() + 4)
            return int(c);
    }
    return -1;
}

QString BarChart::categoryText(int category) const
{
    if (category < 0 || category >= m_labels.size())
        return {};
    QStringList lines { m_titles.value(category, m_labels.at(category)) };
    for (const Series &s : m_series)
        lines.append(tr("%1: %2").arg(s.name, QLocale().toString(s.values.value(category))));
    return lines.join(QLatin1Char('\n'));
}

QString BarChart::toolTipAt(const QPoint &pos) const
{
    return categoryText(categoryAt(pos));
}

void BarChart::paintPlot(QPainter &painter)
{
    const Geometry g = geometry();
    QList<LegendEntry> entries;
    for (int i = 0; i < m_series.size(); ++i)
        entries.append({ m_series.at(i).name, colorOf(i) });
    paintLegend(painter, entries, g.legend);

    const QFontMetricsF metrics(font());
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (double tick : g.ticks) {
        const qreal y = std::round(g.plot.bottom() - g.plot.height() * tick / g.top) + 0.5;
        painter.setPen(tick == 0 ? axisTextColor() : gridColor());
        painter.drawLine(QPointF(g.plot.left(), y), QPointF(g.plot.right(), y));
        painter.setPen(axisTextColor());
        painter.drawText(QRectF(area().left(), y - metrics.height() / 2, g.plot.left() - area().left() - 6,
                                metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, QLocale().toString(tick));
    }
    for (qsizetype s = 0; s < g.bars.size(); ++s) {
        const QColor color = colorOf(int(s));
        for (const QRectF &bar : g.bars.at(s)) {
            if (bar.height() > 0)
                painter.fillRect(bar.adjusted(0.5, 0, -0.5, 0), color);
        }
    }
    painter.setPen(axisTextColor());
    for (qsizetype i = 0; i < g.labelled.size(); ++i)
        painter.drawText(g.labelBoxes.at(i), Qt::AlignCenter, m_labels.at(g.labelled.at(i)));
}

} // namespace mpa
