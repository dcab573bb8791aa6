#pragma once
// A screenshot of the viewport as a job's model sees it (agent/vision): a JPEG of at most
// kMaxSide pixels on its longest side, with each ref in view boxed and numbered on it
// (set-of-marks), and the geometry that maps a point of the image back to the page: the image
// is the CSS viewport × the device-pixel ratio × a scale that makes it fit, taken at a scroll
// position. A model's click_xy / type_xy names a point of the image; toDocument() turns it into
// CSS pixels of the document, and the page turns that into the viewport's point at the moment
// of the action (so a page that scrolled in between is still hit where the model looked).

#include <QByteArray>
#include <QJsonObject>
#include <QPointF>
#include <QSize>
#include <QSizeF>
#include <QString>

#include <optional>

namespace mpa {

struct ViewCapture
{
    static constexpr int kMaxSide = 1280;
    static constexpr int kQuality = 70;

    QByteArray jpeg; // the image's bytes
    QSize image; // its pixels, read from the JPEG itself
    QSizeF viewport; // the CSS viewport it shows
    double dpr = 1; // device pixels per CSS pixel
    QPointF scroll; // the document's scroll position when it was taken (CSS pixels)
    int marks = 0; // refs boxed and numbered on it
    qint64 ms = 0; // our own time: marks, capture, encoding

    bool isValid() const
    {
        return !jpeg.isEmpty() && image.width() > 0 && image.height() > 0 && viewport.width() > 0
            && viewport.height() > 0;
    }
    // The factor the device pixels were scaled by to fit kMaxSide (1: not scaled).
    double scale() const;
    // The image as an OpenAI-compatible content part: {"type": "image_url", "image_url": {"url":
    // "data:image/jpeg;base64,…"}}.
    QJsonObject contentPart() const;
    // Whether `point` (pixels of the image) lies on the image.
    bool contains(QPointF point) const;
    // A point of the image → CSS pixels of the document (through the scale, the device-pixel
    // ratio and the scroll position at the capture).
    QPointF toDocument(QPointF point) const;
    // A point of the document → the viewport's, with the document scrolled to `scrollNow`.
    static QPointF toViewport(QPointF document, QPointF scrollNow);

    // From the browser's answer {data (base64 JPEG), viewport {width, height}, dpr, scroll {x, y},
    // marks}; nullopt with `error` when it is not a usable JPEG.
    static std::optional<ViewCapture> fromReply(const QJsonObject &reply, QString *error = nullptr);
    // The width and height a JPEG's frame header gives (an invalid size when it is not a JPEG).
    static QSize jpegSize(const QByteArray &jpeg);
};

} // namespace mpa
