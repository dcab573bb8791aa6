// agent/vision end to end: a task run on real headless Chromium whose scripted model gets a
// screenshot with set-of-marks beside the page text, decodes it, finds the mark of a known ref by
// its colour, and clicks a button drawn on a canvas (no element, role or name) by its point in the
// screenshot — mapped back through the scale, the device-pixel ratio (2, emulated) and the page's
// scroll. Then `auto` against a model that refuses images, and `off`.
#include "EngineChromiumTest.h"
#include "HeadlessChromium.h"
#include "ScopedEnv.h"
#include "ScriptedLlmServer.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "agent/RunManager.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QColor>
#include <QImage>
#include <QJsonArray>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// The marks' colour (payload/run-mask.js MARK_COLOR, #ff00aa), allowing for JPEG's blur.
bool isMark(QRgb pixel)
{
    return qRed(pixel) > 200 && qGreen(pixel) < 90 && qBlue(pixel) > 110 && qBlue(pixel) < 230;
}

int marksIn(const QImage &image, QRect area)
{
    area = area.intersected(image.rect());
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x)
            count += isMark(image.pixel(x, y)) ? 1 : 0;
    }
    return count;
}

bool offersTool(const QJsonObject &request, const QString &name)
{
    for (const QJsonValue &tool : request.value(u"tools").toArray()) {
        if (tool.toObject().value(u"function").toObject().value(u"name").toString() == name)
            return true;
    }
    return false;
}

ScriptedLlmServer::Reply done(bool success, const QString &result)
{
    return ScriptedLlmServer::toolCall(u"done"_s, { { u"success"_s, success }, { u"result"_s, result } });
}

class VisionRunTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        ASSERT_TRUE(settings->setValue(SettingKey::LlmProvider, u"custom"_s));
        ASSERT_TRUE(settings->setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString()));
        ASSERT_TRUE(settings->setValue(SettingKey::LlmModel, u"scripted-vision"_s));
        ASSERT_TRUE(settings->setValue(SettingKey::AgentReflectEvery, 0));
        ASSERT_TRUE(settings->setValue(SettingKey::AgentShowActions, false));
        ASSERT_TRUE(startEngineOnBrowser(
            { .beforeStart = [](Engine *built) { built->runs()->setStreaming(false); } }));
    }

    QString startRun(const QJsonObject &params)
    {
        const CommandResult r = command(u"startRun"_s, params);
        EXPECT_TRUE(r.ok) << r.error.toStdString();
        return r.data.toObject().value(u"runId").toString();
    }

    RunRecord waitForEnd(const QString &id)
    {
        EXPECT_TRUE(waitUntil(
            [&] {
                const std::optional<RunRecord> record = engine->runs()->run(id);
                return record && (record->status == RunStatus::Done || record->status == RunStatus::Failed);
            },
            60s));
        return engine->runs()->run(id).value_or(RunRecord());
    }

    QString canvasPage() { return fixtureUrl(u"agent/canvas.html"_s).toString(); }

    ScopedEnv key { "MPA_LLM_API_KEY", u"sk-test-vision-0123456789"_s };
    ScriptedLlmServer model;
};

} // namespace

TEST_F(VisionRunTest, TheModelSeesTheMarksAndClicksACanvasButtonByItsPointInTheScreenshot)
{
    ASSERT_TRUE(settings->setValue(SettingKey::AgentVision, u"on"_s));
    ASSERT_TRUE(connectOwnEndpoint());
    CdpSession *page = openHandedTab(QUrl(canvasPage()), userCaller());
    ASSERT_NE(page, nullptr);
    // A view of 1000 × 700 CSS pixels at a device-pixel ratio of 2: 2000 × 1400 device pixels,
    // which the screenshot must scale down to 1280 on its longest side.
    const CommandResult emulated = command(
        u"emulate"_s,
        { { u"tab"_s, page->targetId() },
          { u"viewport"_s,
            QJsonObject { { u"width"_s, 1000 }, { u"height"_s, 700 }, { u"deviceScaleFactor"_s, 2 } } } });
    ASSERT_TRUE(emulated.ok) << emulated.error.toStdString();
    ASSERT_TRUE(waitUntil(
        [&] { return evaluate(page, u"window.scrollTo(0, 150), window.scrollY"_s).toInt() == 150; }));
    ASSERT_EQ(evaluate(page, u"window.devicePixelRatio"_s).toDouble(), 2.0);
    const double viewWidth = evaluate(page, u"document.documentElement.clientWidth"_s).toDouble();
    ASSERT_GT(viewWidth, 900);

    // What the model found in what it was sent.
    struct Seen
    {
        int images = 0;
        QSize size;
        QString resetRef;
        int resetMarks = -1;
        int canvasMarks = -1;
        bool offeredClickXy = false;
        bool toldOfScreenshot = false;
    } seen;
    const QRegularExpression resetLine(u"button \"Reset\" \\[ref=(\\w+)\\]"_s);
    model.setResponder([&](const QJsonObject &request) {
        const QString text = ScriptedLlmServer::textOf(request);
        if (text.contains(u"Canvas button pressed"_s))
            return done(true, u"pressed the canvas button"_s);
        if (text.contains(u"Missed the button"_s))
            return done(false, u"the click missed"_s);
        const QList<ScriptedLlmServer::Image> images = ScriptedLlmServer::imagesOf(request);
        seen.images = int(images.size());
        seen.offeredClickXy = offersTool(request, u"click_xy"_s);
        seen.toldOfScreenshot = text.contains(u"Screenshot:"_s);
        if (images.isEmpty() || images.first().mimeType != u"image/jpeg"_s)
            return done(false, u"no JPEG screenshot came"_s);
        QImage shot;
        if (!shot.loadFromData(images.first().bytes, "JPEG"))
            return done(false, u"the screenshot does not decode"_s);
        shot = shot.convertToFormat(QImage::Format_RGB32);
        seen.size = shot.size();
        // A CSS pixel of the viewport is this many pixels of the screenshot; the page is scrolled
        // 150 px, so document y is viewport y + 150.
        const double k = shot.width() / viewWidth;
        const auto toShot = [k](double docX, double docY) { return QPointF(docX * k, (docY - 150) * k); };
        seen.resetRef = resetLine.match(text).captured(1);
        // Reset is at 40, 300 (120 × 40) in the document: its box and its number above it.
        seen.resetMarks = marksIn(shot, QRectF(toShot(40 - 6, 300 - 20), toShot(160 + 6, 340 + 6)).toRect());
        // The canvas (40, 400, 400 × 200) has no ref: nothing is marked on it.
        seen.canvasMarks = marksIn(shot, QRectF(toShot(60, 420), toShot(420, 580)).toRect());
        // The drawn GO button's centre: canvas 100 + 80, 60 + 30 → document 220, 490.
        const QPointF go = toShot(40 + 180, 400 + 90);
        return ScriptedLlmServer::toolCall(u"click_xy"_s,
                                           { { u"x"_s, qRound(go.x()) },
                                             { u"y"_s, qRound(go.y()) },
                                             { u"thought"_s, u"the drawn GO button"_s } });
    });

    const QString id = startRun({ { u"task"_s, u"Press the GO button"_s },
                                  { u"tab"_s, page->targetId() },
                                  { u"mode"_s, u"autonomous"_s } });
    const RunRecord run = waitForEnd(id);
    EXPECT_EQ(run.status, RunStatus::Done) << run.reason.toStdString();
    EXPECT_TRUE(run.success) << run.resultText.toStdString();
    // The image arrived: one JPEG, scaled from 2000 × 1400 device pixels to 1280 on its longest side.
    EXPECT_EQ(seen.images, 1);
    EXPECT_TRUE(seen.toldOfScreenshot);
    EXPECT_TRUE(seen.offeredClickXy);
    EXPECT_LE(std::max(seen.size.width(), seen.size.height()), 1280);
    EXPECT_GE(seen.size.width(), 1200) << seen.size.width();
    // The mark of a known ref, found by its colour where the ref's box is.
    EXPECT_FALSE(seen.resetRef.isEmpty());
    EXPECT_GT(seen.resetMarks, 60) << "mark pixels at the Reset button's box";
    EXPECT_LT(seen.canvasMarks, 5) << "mark pixels on the canvas, which has no ref";
    // The click landed inside the drawn rectangle.
    EXPECT_EQ(evaluate(page, u"document.getElementById('result').textContent"_s).toString(),
              u"Canvas button pressed"_s);
    ASSERT_FALSE(run.steps.isEmpty());
    EXPECT_EQ(run.steps.first().tool, u"click_xy"_s);
    EXPECT_TRUE(run.steps.first().ok) << run.steps.first().result.toStdString();
    // The marks were taken away after the capture.
    EXPECT_EQ(evaluate(page, u"document.querySelectorAll('mpa-vision-marks').length"_s).toInt(), 0);
}

TEST_F(VisionRunTest, AutoFallsBackToTextWhenTheModelRefusesImagesAndRemembersIt)
{
    ASSERT_EQ(settings->stringValue(SettingKey::AgentVision), u"auto"_s); // the default
    model.setResponder([](const QJsonObject &request) {
        if (!ScriptedLlmServer::imagesOf(request).isEmpty())
            return ScriptedLlmServer::error(400, u"image_url is not supported by this model"_s);
        return done(true, u"read the page"_s);
    });
    const RunRecord first
        = waitForEnd(startRun({ { u"task"_s, u"Read the page"_s }, { u"url"_s, canvasPage() } }));
    EXPECT_EQ(first.status, RunStatus::Done) << first.reason.toStdString();
    EXPECT_TRUE(first.success);
    QList<QJsonObject> requests = model.requests();
    ASSERT_EQ(requests.size(), 2);
    EXPECT_EQ(ScriptedLlmServer::imagesOf(requests.at(0)).size(), 1); // sent, refused
    EXPECT_TRUE(ScriptedLlmServer::imagesOf(requests.at(1)).isEmpty()); // the same step, as text
    EXPECT_EQ(ScriptedLlmServer::textOf(requests.at(0)), ScriptedLlmServer::textOf(requests.at(1)));

    // The next run knows: no image, no point tools.
    const RunRecord second
        = waitForEnd(startRun({ { u"task"_s, u"Read the page again"_s }, { u"url"_s, canvasPage() } }));
    EXPECT_EQ(second.status, RunStatus::Done) << second.reason.toStdString();
    requests = model.requests();
    ASSERT_EQ(requests.size(), 3);
    EXPECT_TRUE(ScriptedLlmServer::imagesOf(requests.at(2)).isEmpty());
    EXPECT_FALSE(offersTool(requests.at(2), u"click_xy"_s));
    EXPECT_FALSE(ScriptedLlmServer::textOf(requests.at(2)).contains(u"Screenshot:"_s));
}

TEST_F(VisionRunTest, OffSendsNoImage)
{
    ASSERT_TRUE(settings->setValue(SettingKey::AgentVision, u"off"_s));
    model.setResponder([](const QJsonObject &) { return done(true, u"read the page"_s); });
    const RunRecord run
        = waitForEnd(startRun({ { u"task"_s, u"Read the page"_s }, { u"url"_s, canvasPage() } }));
    EXPECT_EQ(run.status, RunStatus::Done) << run.reason.toStdString();
    ASSERT_EQ(model.requests().size(), 1);
    const QJsonObject request = model.requests().first();
    EXPECT_TRUE(ScriptedLlmServer::imagesOf(request).isEmpty());
    EXPECT_TRUE(request.value(u"messages").toArray().at(1).toObject().value(u"content").isString());
    EXPECT_FALSE(offersTool(request, u"click_xy"_s));
    EXPECT_FALSE(offersTool(request, u"type_xy"_s));
}
