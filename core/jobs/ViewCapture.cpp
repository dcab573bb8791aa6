#include "ViewCapture.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace mpa {

double ViewCapture::scale() const
{
    if (!isValid() || dpr <= 0)
        return 1;
    return double(image.width()) / (viewport.width() * dpr);
}

QJsonObject ViewCapture::contentPart() const
{
    const QString url = u"data:image/jpeg;base64,"_s + QString::fromLatin1(jpeg.toBase64());
    return { { u"type"_s, u"image_url"_s }, { u"image_url"_s, QJsonObject { { u"url"_s, url } } } };
}

bool ViewCapture::contains(QPointF point) const
{
    return point.x() >= 0 && point.y() >= 0 && point.x() < image.width() && point.y() < image.height();
}

QPointF ViewCapture::toDocument(QPointF point) const
{
    // One image pixel is (CSS viewport / image) CSS pixels: the scale and the device-pixel ratio
    // together, read from the image the browser made rather than from what was asked of it.
    const double x = image.width() > 0 ? viewport.width() / image.width() : 1;
    const double y = image.height() > 0 ? viewport.height() / image.height() : 1;
    return { point.x() * x + scroll.x(), point.y() * y + scroll.y() };
}

QPointF ViewCapture::toViewport(QPointF document, QPointF scrollNow)
{
    return document - scrollNow;
}

std::optional<ViewCapture> ViewCapture::fromReply(const QJsonObject &reply, QString *error)
{
    ViewCapture capture;
    capture.jpeg = QByteArray::fromBase64(reply.value(u"data").toString().toLatin1());
    capture.image = jpegSize(capture.jpeg);
    const QJsonObject view = reply.value(u"viewport").toObject();
    capture.viewport = QSizeF(view.value(u"width").toDouble(), view.value(u"height").toDouble());
    capture.dpr = reply.value(u"dpr").toDouble(1);
    const QJsonObject scroll = reply.value(u"scroll").toObject();
    capture.scroll = QPointF(scroll.value(u"x").toDouble(), scroll.value(u"y").toDouble());
    capture.marks = reply.value(u"marks").toInt();
    if (!capture.isValid()) {
        if (error)
            *error = capture.jpeg.isEmpty() ? u"the browser sent no image"_s
                : !capture.image.isValid()  ? u"the browser's image is not a JPEG"_s
                                            : u"the browser did not say the viewport's size"_s;
        return std::nullopt;
    }
    return capture;
}

QSize ViewCapture::jpegSize(const QByteArray &jpeg)
{
    // Markers from SOI on: the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC) holds the
    // height and width.
    const auto byte = [&jpeg](qsizetype at) { return at < jpeg.size() ? quint8(jpeg.at(at)) : 0; };
    if (jpeg.size() < 4 || byte(0) != 0xFF || byte(1) != 0xD8)
        return {};
    qsizetype at = 2;
    while (at + 4 <= jpeg.size()) {
        if (byte(at) != 0xFF)
            return {};
        const quint8 marker = byte(at + 1);
        if (marker == 0xFF) { // fill byte
            ++at;
            continue;
        }
        const int length = (byte(at + 2) << 8) | byte(at + 3);
        if (length < 2)
            return {};
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            if (at + 9 > jpeg.size())
                return {};
            const int height = (byte(at + 5) << 8) | byte(at + 6);
            const int width = (byte(at + 7) << 8) | byte(at + 8);
            return width > 0 && height > 0 ? QSize(width, height) : QSize();
        }
        at += 2 + length;
    }
    return {};
}

} // namespace mpa
