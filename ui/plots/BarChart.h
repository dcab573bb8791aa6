#pragma once
// Bars per category (a day, a bucket), one bar per series side by side, on a value axis from
// 0 with round gridlines. Category labels are thinned to those that fit, counted back from the
// last (today); hovering a category shows its exact numbers.

#include "PlotWidget.h"

namespace mpa {

class BarChart : public PlotWidget
{
    Q_OBJECT
public:
    struct Series
    {
        QString name;
        QList<double> values; // one per category
        bool error = false; // drawn in the window's error colour (blocked commands), else seriesColor()
    };

    // Where everything goes at the widget's current size.
    struct Geometry
    {
        QRectF plot; // the bars' area (value 0 at its bottom)
        QList<QRectF> legend; // one per series
        QList<QRectF> slots; // one per category: the column its bars share
        QList<QList<QRectF>> bars; // [series][category]
        QList<double> ticks; // values with a gridline, 0 first
        double top = 1; // the value at the plot's top
        QList<int> labelled; // categories whose label is drawn
        QList<QRectF> labelBoxes; // where each of those labels goes
    };

    explicit BarChart(QWidget *parent = nullptr);

    // `labels` are short (drawn under the bars), `titles` long (tooltips; empty: the labels).
    void setData(const QStringList &labels, const QList<Series> &series, const QStringList &titles = {});
    const QStringList &labels() const { return m_labels; }
    // Labels under the left edge of their column (a histogram's bucket edges), not its middle.
    void setLabelsAtEdges(bool atEdges);
    const QList<Series> &series() const { return m_series; }
    bool hasData() const override;
    QColor colorOf(int series) const;

    Geometry geometry() const;
    // The category under `pos`, or -1.
    int categoryAt(const QPointF &pos) const;
    // The tooltip's text for a category: its title and each series' exact value.
    QString categoryText(int category) const;
    // A round value axis top at or above `max`, with its gridline step (1, 2 or 5 × 10ⁿ).
    static double niceTop(double max, double *step = nullptr);

protected:
    void paintPlot(QPainter &painter) override;
    QString toolTipAt(const QPoint &pos) const override;

private:
    QStringList m_labels;
    QStringList m_titles;
    QList<Series> m_series;
    bool m_labelsAtEdges = false;
};

} // namespace mpa
