// A screenshot's point back to the page (agent/vision's click_xy): through the scale that made
// the image fit, the device-pixel ratio and the scroll position; and the JPEG's own size.
#include "jobs/ViewCapture.h"

#include <QJsonObject>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// The start of a baseline JPEG: SOI, an APP0 (JFIF) segment, then SOF0 with the frame's size.
QByteArray jpegHeader(int width, int height)
{
    QByteArray jpeg = QByteArray::fromHex("ffd8ffe000104a46494600010100000100010000");
    jpeg += QByteArray::fromHex("ffc00011");
    jpeg += char(8);
    jpeg += char(height >> 8);
    jpeg += char(height & 0xff);
    jpeg += char(width >> 8);
    jpeg += char(width & 0xff);
    jpeg += QByteArray::fromHex("03012200021101031101");
    return jpeg;
}

ViewCapture capture(QSize image, QSizeF viewport, double dpr, QPointF scroll)
{
    ViewCapture c;
    c.jpeg = jpegHeader(image.width(), image.height());
    c.image = image;
    c.viewport = viewport;
    c.dpr = dpr;
    c.scroll = scroll;
    return c;
}

} // namespace

TEST(ViewCaptureTest, AnUnscaledImageAtRatioOneIsTheViewport)
{
    const ViewCapture c = capture({ 800, 600 }, { 800, 600 }, 1, { 0, 0 });
    EXPECT_DOUBLE_EQ(c.scale(), 1.0);
    EXPECT_EQ(c.toDocument({ 120, 45 }), QPointF(120, 45));
}

TEST(ViewCaptureTest, TheDevicePixelRatioIsDividedOut)
{
    // 1000 × 700 CSS at ratio 2 fits 1280 unscaled? No: 2000 device pixels → scale 0.64.
    const ViewCapture c = capture({ 1280, 896 }, { 1000, 700 }, 2, { 0, 0 });
    EXPECT_DOUBLE_EQ(c.scale(), 0.64);
    EXPECT_EQ(c.toDocument({ 640, 448 }), QPointF(500, 350));
    EXPECT_EQ(c.toDocument({ 0, 0 }), QPointF(0, 0));
    // A small view at ratio 2 that fits: the image has twice the CSS pixels.
    const ViewCapture retina = capture({ 800, 600 }, { 400, 300 }, 2, { 0, 0 });
    EXPECT_DOUBLE_EQ(retina.scale(), 1.0);
    EXPECT_EQ(retina.toDocument({ 200, 100 }), QPointF(100, 50));
}

TEST(ViewCaptureTest, AScaledDownImageIsScaledBackUp)
{
    // 1920 × 1080 CSS at ratio 1, fit into 1280 × 720.
    const ViewCapture c = capture({ 1280, 720 }, { 1920, 1080 }, 1, { 0, 0 });
    EXPECT_NEAR(c.scale(), 2.0 / 3.0, 1e-9);
    const QPointF doc = c.toDocument({ 100, 200 });
    EXPECT_DOUBLE_EQ(doc.x(), 150);
    EXPECT_DOUBLE_EQ(doc.y(), 300);
}

TEST(ViewCaptureTest, TheScrollAtTheCaptureIsAddedAndTheScrollNowTakenAway)
{
    const ViewCapture c = capture({ 1280, 896 }, { 1000, 700 }, 2, { 30, 150 });
    const QPointF doc = c.toDocument({ 281.6, 217.6 }); // viewport 220, 170
    EXPECT_NEAR(doc.x(), 250, 1e-9);
    EXPECT_NEAR(doc.y(), 320, 1e-9);
    // Not scrolled since: the same viewport point; scrolled 100 further down: 100 higher up.
    EXPECT_EQ(ViewCapture::toViewport(doc, { 30, 150 }), QPointF(220, 170));
    EXPECT_EQ(ViewCapture::toViewport(doc, { 30, 250 }), QPointF(220, 70));
}

TEST(ViewCaptureTest, APointOffTheImageIsNotOnIt)
{
    const ViewCapture c = capture({ 1280, 720 }, { 1920, 1080 }, 1, { 0, 0 });
    EXPECT_TRUE(c.contains({ 0, 0 }));
    EXPECT_TRUE(c.contains({ 1279.5, 719 }));
    EXPECT_FALSE(c.contains({ 1280, 10 }));
    EXPECT_FALSE(c.contains({ -1, 10 }));
    EXPECT_FALSE(c.contains({ 10, 720 }));
}

TEST(ViewCaptureTest, TheSizeIsReadFromTheJpegItself)
{
    EXPECT_EQ(ViewCapture::jpegSize(jpegHeader(1280, 896)), QSize(1280, 896));
    EXPECT_EQ(ViewCapture::jpegSize(jpegHeader(3, 65000)), QSize(3, 65000));
    EXPECT_FALSE(ViewCapture::jpegSize(QByteArray::fromHex("89504e470d0a1a0a")).isValid()); // a PNG
    EXPECT_FALSE(ViewCapture::jpegSize(jpegHeader(1280, 896).left(24)).isValid()); // cut short
    EXPECT_FALSE(ViewCapture::jpegSize({}).isValid());
}

TEST(ViewCaptureTest, ABrowserReplyIsReadOrRefusedWithAReason)
{
    const QJsonObject reply {
        { u"data"_s, QString::fromLatin1(jpegHeader(1280, 896).toBase64()) },
        { u"viewport"_s, QJsonObject { { u"width"_s, 1000 }, { u"height"_s, 700 } } },
        { u"dpr"_s, 2 },
        { u"scroll"_s, QJsonObject { { u"x"_s, 0 }, { u"y"_s, 150 } } },
        { u"marks"_s, 7 },
    };
    QString error;
    const std::optional<ViewCapture> c = ViewCapture::fromReply(reply, &error);
    ASSERT_TRUE(c.has_value()) << error.toStdString();
    EXPECT_EQ(c->image, QSize(1280, 896));
    EXPECT_EQ(c->marks, 7);
    EXPECT_EQ(c->toDocument({ 640, 0 }), QPointF(500, 150));
    const QJsonObject part = c->contentPart();
    EXPECT_EQ(part.value(u"type").toString(), u"image_url"_s);
    EXPECT_TRUE(part.value(u"image_url")
                    .toObject()
                    .value(u"url")
                    .toString()
                    .startsWith(u"data:image/jpeg;base64,/9j/"_s));

    QJsonObject png = reply;
    png.insert(u"data"_s, QString::fromLatin1(QByteArray::fromHex("89504e470d0a1a0a0000").toBase64()));
    EXPECT_FALSE(ViewCapture::fromReply(png, &error).has_value());
    EXPECT_EQ(error, u"the browser's image is not a JPEG"_s);
    QJsonObject sizeless = reply;
    sizeless.remove(u"viewport"_s);
    EXPECT_FALSE(ViewCapture::fromReply(sizeless, &error).has_value());
    EXPECT_EQ(error, u"the browser did not say the viewport's size"_s);
}
