#pragma once
// Values over time, a line per series, on a fixed value range (0–100 % by default), with
// vertical dashed marks at moments of a series (its resets). Time ticks fit the width (hours or
// days, local time); hovering shows each series' value at that moment and a mark's time.

#include "PlotWidget.h"

#include <QDateTime>
#include <QPolygonF>

#include <optional>

namespace mpa {

class LineChart : public PlotWidget
{
    Q_OBJECT
public:
    struct Point
    {
        QDateTime at;
        double value = 0;
    };
    struct Series
    {
        QString name;
        QList<Point> points; // oldest first
        QList<QDateTime> marks; // drawn as dashed verticals in the series' colour
    };

    struct Geometry
    {
        QRectF plot;
        QList<QRectF> legend; // one per series, then one for the marks when there are any
        QList<QPolygonF> lines; // one per series
        QList<QList<qreal>> marks; // [series] x of each mark inside the plot
        QList<double> valueTicks;
        QList<QPair<qreal, QString>> timeTicks; // x and label
    };

    explicit LineChart(QWidget *parent = nullptr);

    void setValueRange(double min, double max, const QString &unit);
    // The time span shown; an invalid end means "from the data".
    void setData(const QList<Series> &series, const QDateTime &from = {}, const QDateTime &to = {});
    void setMarkName(const QString &name) { m_markName = name; }
    const QList<Series> &series() const { return m_series; }
    bool hasData() const override;
    QDateTime from() const;
    QDateTime to() const;

    Geometry geometry() const;
    // The series' value at `at`: its last point at or before it, none before its first point or
    // after its last.
    static std::optional<double> valueAt(const Series &series, const QDateTime &at);
    // The tooltip for an x position inside the plot.
    QString textAt(const QPointF &pos) const;

protected:
    void paintPlot(QPainter &painter) override;
    QString toolTipAt(const QPoint &pos) const override;

private:
    QString valueText(double value) const;
    QList<LegendEntry> legendEntries() const;

    QList<Series> m_series;
    QDateTime m_from;
    QDateTime m_to;
    double m_min = 0;
    double m_max = 100;
    QString m_unit = QStringLiteral(" %");
    QString m_markName;
};

} // namespace mpa
