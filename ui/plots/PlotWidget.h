#pragma once
// The frame the Dashboard's and the Quota page's plots share: a QPainter widget that takes every
// colour from its palette (so it follows a light or a dark theme), says "No data yet" when
// it has nothing to show, wraps a legend, and answers a hover with the exact numbers under the
// mouse as a tooltip. Subclasses lay out and paint the data; their geometry is public so tests
// can check what is drawn without comparing pixels.

#include <QColor>
#include <QList>
#include <QRectF>
#include <QWidget>

namespace mpa {

class PlotWidget : public QWidget
{
    Q_OBJECT
public:
    struct LegendEntry
    {
        QString name;
        QColor color;
        bool dashed = false; // drawn as a dashed line (a mark), not a filled square
    };

    explicit PlotWidget(QWidget *parent = nullptr);

    virtual bool hasData() const = 0;
    void setEmptyText(const QString &text);
    QString emptyText() const { return m_emptyText; }

    // The colours painted, all from the palette (Base, Text, Highlight) or, for the second and
    // later data series, a fixed hue adjusted to the palette's lightness.
    QColor backgroundColor() const;
    QColor textColor() const;
    QColor axisTextColor() const;
    QColor gridColor() const;
    QColor frameColor() const;
    QColor seriesColor(int index) const;
    static QColor blend(const QColor &from, const QColor &to, double amount);
    bool isDark() const;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    // Paints the data inside contentsRect() on the background already filled.
    virtual void paintPlot(QPainter &painter) = 0;
    // The tooltip for a point of the widget; empty: none.
    virtual QString toolTipAt(const QPoint &pos) const = 0;

    // The plot's drawing area: the widget less a small margin.
    QRectF area() const;
    // Lays `entries` out in rows across `width` from `topLeft`; returns each entry's rect.
    QList<QRectF> legendRects(const QList<LegendEntry> &entries, const QPointF &topLeft, qreal width) const;
    void paintLegend(QPainter &painter, const QList<LegendEntry> &entries, const QList<QRectF> &rects) const;
    qreal legendHeight(const QList<QRectF> &rects, const QPointF &topLeft) const;

private:
    QString m_emptyText;
};

} // namespace mpa
