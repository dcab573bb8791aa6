#include "PlotWidget.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <iterator>

namespace mpa {

namespace {
// Okabe–Ito hues, told apart also with the common colour-vision deficiencies; the first series
// takes the palette's Highlight instead.
constexpr QRgb kHues[] = { 0xe69f00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xd55e00, 0xf0e442, 0x0072b2 };
constexpr qreal kMargin = 6;
constexpr qreal kSwatch = 10;
} // namespace

PlotWidget::PlotWidget(QWidget *parent)
    : QWidget(parent)
    , m_emptyText(tr("No data yet"))
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void PlotWidget::setEmptyText(const QString &text)
{
    m_emptyText = text;
    update();
}

bool PlotWidget::isDark() const
{
    return backgroundColor().lightness() < 128;
}

QColor PlotWidget::backgroundColor() const
{
    return palette().color(QPalette::Base);
}

QColor PlotWidget::textColor() const
{
    return palette().color(QPalette::Text);
}

QColor PlotWidget::axisTextColor() const
{
    return blend(backgroundColor(), textColor(), 0.75);
}

QColor PlotWidget::gridColor() const
{
    return blend(backgroundColor(), textColor(), 0.15);
}

QColor PlotWidget::frameColor() const
{
    return palette().color(QPalette::Mid);
}

QColor PlotWidget::seriesColor(int index) const
{
    if (index <= 0)
        return palette().color(QPalette::Highlight);
    QColor color = QColor::fromRgb(kHues[size_t(index - 1) % std::size(kHues)]);
    // Keep the hue, pull the lightness towards what reads well on the background.
    return isDark() ? color.lighter(115) : color.darker(110);
}

QColor PlotWidget::blend(const QColor &from, const QColor &to, double amount)
{
    const auto mix = [amount](float a, float b) { return a + (b - a) * float(amount); };
    return QColor::fromRgbF(mix(from.redF(), to.redF()), mix(from.greenF(), to.greenF()),
                            mix(from.blueF(), to.blueF()));
}

QSize PlotWidget::minimumSizeHint() const
{
    return { 200, 6 * fontMetrics().height() };
}

QSize PlotWidget::sizeHint() const
{
    return { 400, 13 * fontMetrics().height() };
}

QRectF PlotWidget::area() const
{
    return QRectF(rect()).adjusted(kMargin, kMargin, -kMargin, -kMargin);
}

void PlotWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), backgroundColor());
    painter.setPen(frameColor());
    painter.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    if (!hasData()) {
        painter.setPen(axisTextColor());
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
        return;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    paintPlot(painter);
}

bool PlotWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = hasData() ? toolTipAt(help->pos()) : QString();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

QList<QRectF> PlotWidget::legendRects(const QList<LegendEntry> &entries, const QPointF &topLeft,
                                      qreal width) const
{
    const QFontMetricsF metrics(font());
    const qreal rowHeight = std::max(metrics.height(), kSwatch);
    const qreal gap = metrics.horizontalAdvance(QLatin1Char('M'));
    QList<QRectF> rects;
    qreal x = topLeft.x();
    qreal y = topLeft.y();
    for (const LegendEntry &entry : entries) {
        const qreal w = kSwatch + 4 + metrics.horizontalAdvance(entry.name);
        if (x > topLeft.x() && x + w > topLeft.x() + width) {
            x = topLeft.x();
            y += rowHeight + 2;
        }
        rects.append(QRectF(x, y, std::min(w, width), rowHeight));
        x += w + gap;
    }
    return rects;
}

qreal PlotWidget::legendHeight(const QList<QRectF> &rects, const QPointF &topLeft) const
{
    return rects.isEmpty() ? 0 : rects.last().bottom() - topLeft.y();
}

void PlotWidget::paintLegend(QPainter &painter, const QList<LegendEntry> &entries,
                             const QList<QRectF> &rects) const
{
    for (qsizetype i = 0; i < entries.size() && i < rects.size(); ++i) {
        const QRectF r = rects.at(i);
        const QRectF swatch(r.left(), r.center().y() - kSwatch / 2, kSwatch, kSwatch);
        if (entries.at(i).dashed) {
            QPen pen(entries.at(i).color, 1.5);
            pen.setDashPattern({ 2, 1.5 });
            painter.setPen(pen);
            painter.drawLine(QPointF(swatch.center().x(), swatch.top()),
                             QPointF(swatch.center().x(), swatch.bottom()));
        } else {
            painter.fillRect(swatch, entries.at(i).color);
        }
        painter.setPen(textColor());
        painter.drawText(
            r.adjusted(kSwatch + 4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(font()).elidedText(entries.at(i).name, Qt::ElideRight, r.width() - kSwatch - 4));
    }
}

} // namespace mpa
