#include "PageIcons.h"

#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QtMath>

using namespace Qt::StringLiterals;

namespace mpa::PageIcons {

namespace {

const QHash<QString, QString> &themeNames()
{
    static const QHash<QString, QString> names {
        { u"dashboard"_s, u"utilities-system-monitor"_s },
        { u"autoAccept"_s, u"object-select"_s },
        { u"queue"_s, u"view-list"_s },
        { u"history"_s, u"document-open-recent"_s },
        { u"quota"_s, u"battery"_s },
        { u"safety"_s, u"security-high"_s },
        { u"connection"_s, u"network-wired"_s },
        { u"servers"_s, u"network-server"_s },
        { u"agents"_s, u"system-users"_s },
        { u"tasks"_s, u"system-run"_s },
        { u"bridge"_s, u"insert-link"_s },
        { u"models"_s, u"applications-science"_s },
        { u"logs"_s, u"text-x-generic"_s },
        { u"general"_s, u"preferences-system"_s },
    };
    return names;
}

// Draws the glyph of `id` on a 24×24 grid (the painter is scaled to the pixmap), in the pen's colour.
void drawGlyph(QPainter &p, const QString &id)
{
    const QColor ink = p.pen().color();
    const auto dot = [&p, &ink](QPointF at, qreal r) {
        p.save();
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        p.drawEllipse(at, r, r);
        p.restore();
    };
    if (id == u"dashboard"_s) { // a gauge
        p.drawArc(QRectF(3, 5, 18, 18), 0 * 16, 180 * 16);
        p.drawLine(QPointF(3, 14), QPointF(21, 14));
        p.drawLine(QPointF(12, 14), QPointF(17, 8.5));
        dot(QPointF(12, 14), 1.8);
    } else if (id == u"autoAccept"_s) { // a tick in a circle
        p.drawEllipse(QRectF(3, 3, 18, 18));
        p.drawPolyline(QPolygonF({ QPointF(7.5, 12.5), QPointF(10.5, 15.5), QPointF(16.5, 8.5) }));
    } else if (id == u"queue"_s) { // a list
        for (const qreal y : { 6.0, 12.0, 18.0 }) {
            dot(QPointF(5, y), 1.5);
            p.drawLine(QPointF(9, y), QPointF(20, y));
        }
    } else if (id == u"history"_s) { // a clock
        p.drawEllipse(QRectF(3, 3, 18, 18));
        p.drawPolyline(QPolygonF({ QPointF(12, 7), QPointF(12, 12), QPointF(15.5, 14) }));
    } else if (id == u"quota"_s) { // a pie: part used
        p.drawEllipse(QRectF(3, 3, 18, 18));
        p.save();
        p.setBrush(ink);
        p.drawPie(QRectF(3, 3, 18, 18), 90 * 16, -120 * 16);
        p.restore();
    } else if (id == u"safety"_s) { // a shield
        QPainterPath shield;
        shield.moveTo(12, 2.5);
        shield.lineTo(20, 5.5);
        shield.cubicTo(20, 13, 17, 18.5, 12, 21.5);
        shield.cubicTo(7, 18.5, 4, 13, 4, 5.5);
        shield.closeSubpath();
        p.drawPath(shield);
    } else if (id == u"connection"_s) { // a plug
        p.drawRoundedRect(QRectF(6.5, 7, 11, 8), 2, 2);
        p.drawLine(QPointF(9.5, 3), QPointF(9.5, 7));
        p.drawLine(QPointF(14.5, 3), QPointF(14.5, 7));
        p.drawLine(QPointF(12, 15), QPointF(12, 21));
    } else if (id == u"servers"_s) { // two server units
        for (const qreal y : { 4.0, 13.0 }) {
            p.drawRoundedRect(QRectF(3.5, y, 17, 7), 1.5, 1.5);
            dot(QPointF(7.5, y + 3.5), 1.3);
        }
    } else if (id == u"agents"_s) { // a robot's head
        p.drawRoundedRect(QRectF(4, 8, 16, 12), 3, 3);
        p.drawLine(QPointF(12, 4.5), QPointF(12, 8));
        dot(QPointF(12, 4), 1.5);
        dot(QPointF(9, 13.5), 1.6);
        dot(QPointF(15, 13.5), 1.6);
    } else if (id == u"tasks"_s) { // a spark: a task run
        QPainterPath star;
        star.moveTo(12, 2.5);
        star.quadTo(13, 11, 21.5, 12);
        star.quadTo(13, 13, 12, 21.5);
        star.quadTo(11, 13, 2.5, 12);
        star.quadTo(11, 11, 12, 2.5);
        p.drawPath(star);
    } else if (id == u"bridge"_s) { // an arch bridge
        p.drawLine(QPointF(2, 9), QPointF(22, 9));
        p.drawArc(QRectF(5, 9, 14, 16), 0, 180 * 16);
        p.drawLine(QPointF(5, 9), QPointF(5, 20));
        p.drawLine(QPointF(19, 9), QPointF(19, 20));
    } else if (id == u"models"_s) { // a chip
        p.drawRoundedRect(QRectF(6, 6, 12, 12), 1.5, 1.5);
        for (const qreal t : { 9.5, 14.5 }) {
            p.drawLine(QPointF(t, 2.5), QPointF(t, 6));
            p.drawLine(QPointF(t, 18), QPointF(t, 21.5));
            p.drawLine(QPointF(2.5, t), QPointF(6, t));
            p.drawLine(QPointF(18, t), QPointF(21.5, t));
        }
    } else if (id == u"logs"_s) { // a page of text
        QPainterPath page;
        page.moveTo(5, 2.5);
        page.lineTo(14.5, 2.5);
        page.lineTo(19, 7);
        page.lineTo(19, 21.5);
        page.lineTo(5, 21.5);
        page.closeSubpath();
        p.drawPath(page);
        for (const qreal y : { 11.0, 14.5, 18.0 })
            p.drawLine(QPointF(8, y), QPointF(16, y));
    } else if (id == u"general"_s) { // a gear
        p.save();
        p.translate(12, 12);
        for (int i = 0; i < 8; ++i) {
            p.drawLine(QPointF(0, -6.5), QPointF(0, -9.5));
            p.rotate(45);
        }
        p.restore();
        p.drawEllipse(QPointF(12, 12), 6.5, 6.5);
        p.drawEllipse(QPointF(12, 12), 2.5, 2.5);
    } else {
        dot(QPointF(12, 12), 4);
    }
}

QPixmap render(const QString &id, const QColor &ink, int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.scale(size / 24.0, size / 24.0);
    QPen pen(ink, size <= 16 ? 2.0 : 1.8);
    pen.setCapStyle(Qt::RoundCap);
    pen.setJoinStyle(Qt::RoundJoin);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    drawGlyph(p, id);
    return pixmap;
}

} // namespace

QString themeName(const QString &pageId)
{
    return themeNames().value(pageId);
}

bool themeCovers(const QStringList &pageIds)
{
    if (QIcon::themeName().isEmpty())
        return false;
    for (const QString &id : pageIds) {
        const QString name = themeName(id);
        if (name.isEmpty() || !QIcon::hasThemeIcon(name))
            return false;
    }
    return true;
}

QIcon drawn(const QString &pageId, const QPalette &palette)
{
    QIcon icon;
    const QColor normal = palette.color(QPalette::Active, QPalette::WindowText);
    const QColor selected = palette.color(QPalette::Active, QPalette::HighlightedText);
    const QColor disabled = palette.color(QPalette::Disabled, QPalette::WindowText);
    for (const int size : { 16, 20, 24, 32, 40, 48 }) {
        icon.addPixmap(render(pageId, normal, size), QIcon::Normal);
        icon.addPixmap(render(pageId, selected, size), QIcon::Selected);
        icon.addPixmap(render(pageId, disabled, size), QIcon::Disabled);
    }
    return icon;
}

QIcon icon(const QString &pageId, const QPalette &palette, bool useTheme)
{
    if (useTheme) {
        const QIcon themed = QIcon::fromTheme(themeName(pageId));
        if (!themed.isNull())
            return themed;
    }
    return drawn(pageId, palette);
}

} // namespace mpa::PageIcons
