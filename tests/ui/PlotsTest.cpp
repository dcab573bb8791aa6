// The plots on the Dashboard and the Quota page: bars, histogram and lines drawn to scale (checked
// through each chart's geometry and a few pixels, not golden images), "No data yet" when empty,
// colours taken from the palette (light and dark), exact numbers on hover, and the pages showing
// what the stats and quota history files hold. Screenshots of both pages, light and dark, at
// 800×600 and 1600×1000 go to build/<preset>/screenshots/plots-*.png.
#include "MainWindow.h"
#include "QtPrinters.h"
#include "ScriptedQuotaProvider.h"
#include "Theme.h"
#include "UiTest.h"
#include "autoaccept/AutoAcceptController.h"
#include "autoaccept/AutoAcceptStats.h"
#include "pages/DashboardPage.h"
#include "pages/QuotaPage.h"
#include "plots/AutoAcceptPlots.h"
#include "plots/BarChart.h"
#include "plots/Histogram.h"
#include "plots/LineChart.h"
#include "plots/QuotaHistoryPlot.h"
#include "quota/QuotaHistory.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "quota/QuotaSnapshot.h"

#include <QApplication>
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QScrollArea>
#include <QToolTip>

#include <gtest/gtest.h>

#include <tuple>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

int countPixels(const QImage &image, const QColor &color)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            n += QColor(image.pixel(x, y)).rgb() == color.rgb();
    }
    return n;
}

QImage render(QWidget *widget)
{
    return widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

// Pixels of a widget grab() are device pixels; the tests run at a device pixel ratio of 1.
QColor pixelAt(const QImage &image, const QPointF &at)
{
    return QColor(image.pixel(at.toPoint()));
}

class PlotsTest : public UiTest
{
};

TEST_F(PlotsTest, BarsAreDrawnToScaleWithReadableLabelsAndExactNumbersOnHover)
{
    BarChart chart;
    const QStringList days { u"20 Nov"_s, u"21 Nov"_s, u"22 Nov"_s, u"23 Nov"_s,
                             u"24 Nov"_s, u"25 Nov"_s, u"26 Nov"_s };
    chart.setData(days,
                  { BarChart::Series { u"Clicks"_s, { 3, 0, 7, 12, 5, 0, 9 }, false },
                    BarChart::Series { u"Blocked commands"_s, { 0, 0, 1, 2, 0, 0, 1 }, true } },
                  { u"Friday 20 November"_s });
    chart.resize(420, 180);
    ASSERT_TRUE(chart.hasData());

    const BarChart::Geometry g = chart.geometry();
    EXPECT_EQ(g.top, 15) << "the axis ends at the next round value above 12";
    ASSERT_EQ(g.bars.size(), 2);
    ASSERT_EQ(g.bars.at(0).size(), days.size());
    for (int day = 0; day < days.size(); ++day) {
        const double clicks = chart.series().at(0).values.at(day);
        EXPECT_NEAR(g.bars[0][day].height(), g.plot.height() * clicks / 15, 0.01) << day;
        EXPECT_DOUBLE_EQ(g.bars[0][day].bottom(), g.plot.bottom());
        EXPECT_LT(g.bars[0][day].right(), g.bars[1][day].left() + 0.01) << "side by side, clicks first";
        EXPECT_TRUE(g.slots.at(day).contains(g.bars[1][day].center()));
    }
    EXPECT_EQ(g.ticks.first(), 0);
    EXPECT_EQ(g.ticks.last(), 15);
    EXPECT_EQ(g.legend.size(), 2) << "two series: a legend";
    EXPECT_LE(g.legend.last().bottom(), g.plot.top());
    EXPECT_EQ(g.labelled.last(), days.size() - 1) << "today is always labelled";

    // The pixels agree: the tallest bar is in the palette's Highlight, the blocked one in the
    // error colour, and the background is the palette's Base.
    const QImage image = render(&chart);
    EXPECT_EQ(pixelAt(image, g.bars[0][3].center()), chart.palette().color(QPalette::Highlight));
    EXPECT_EQ(pixelAt(image, g.bars[1][3].center()), chart.colorOf(1));
    EXPECT_EQ(pixelAt(image, QPointF(g.slots.at(1).center().x(), g.plot.top() + 2)),
              chart.palette().color(QPalette::Base));

    // Hover: the category under the mouse with its exact numbers.
    EXPECT_EQ(chart.categoryAt(g.slots.at(3).center()), 3);
    EXPECT_EQ(chart.categoryText(3), u"23 Nov\nClicks: 12\nBlocked commands: 2"_s);
    EXPECT_EQ(chart.categoryText(0), u"Friday 20 November\nClicks: 3\nBlocked commands: 0"_s);
    chart.show();
    QHelpEvent hover(QEvent::ToolTip, g.slots.at(3).center().toPoint(),
                     chart.mapToGlobal(g.slots.at(3).center().toPoint()));
    QApplication::sendEvent(&chart, &hover);
    EXPECT_EQ(QToolTip::text(), chart.categoryText(3));
    QToolTip::hideText();
    EXPECT_TRUE(chart.accessibleDescription().contains(u"Clicks: 36 in all"_s))
        << chart.accessibleDescription().toStdString();

    // 28 days in a small window: labels thinned so they never overlap, counted back from today.
    QStringList month;
    QList<double> values;
    for (int i = 0; i < 28; ++i) {
        month.append(u"%1 Nov"_s.arg(i + 1));
        values.append(i % 5);
    }
    chart.setData(month, { BarChart::Series { u"Clicks"_s, values, false } });
    chart.resize(300, 140);
    const BarChart::Geometry small = chart.geometry();
    EXPECT_TRUE(small.legend.isEmpty()) << "one series: named by its group, no legend";
    EXPECT_LT(small.labelled.size(), 28);
    EXPECT_EQ(small.labelled.last(), 27);
    for (const int width : { 300, 420, 560, 800 }) {
        chart.resize(width, 140);
        const BarChart::Geometry at = chart.geometry();
        ASSERT_EQ(at.labelBoxes.size(), at.labelled.size());
        for (int i = 1; i < at.labelBoxes.size(); ++i)
            EXPECT_LT(at.labelBoxes.at(i - 1).right(), at.labelBoxes.at(i).left())
                << "labels overlap at " << width;
        EXPECT_LE(at.labelBoxes.last().right(), width) << "inside the widget";
    }
    chart.resize(1500, 300);
    EXPECT_EQ(chart.geometry().labelled.size(), 28) << "room for every day";
}

TEST_F(PlotsTest, RoundAxisTops)
{
    // The top leaves little room above the tallest bar, with at most five round steps.
    const QList<std::tuple<double, double, double>> cases {
        { 0, 1, 1 },    { 1, 1, 1 },      { 3, 3, 1 },       { 7, 8, 2 }, { 12, 15, 5 },
        { 26, 30, 10 }, { 140, 150, 50 }, { 480, 500, 100 }, { 2, 2, 1 }
    };
    for (const auto &[max, top, step] : cases) {
        double gotStep = 0;
        EXPECT_EQ(BarChart::niceTop(max, &gotStep), top) << max;
        EXPECT_EQ(gotStep, step) << max;
    }
}

TEST_F(PlotsTest, EmptyPlotsSayNoDataYet)
{
    BarChart bars;
    bars.setData({ u"a"_s, u"b"_s }, { BarChart::Series { u"Clicks"_s, { 0, 0 }, false } });
    Histogram histogram;
    histogram.setSamples({}, AutoAcceptPlots::reactionEdges(), &AutoAcceptPlots::msText, u"Clicks"_s);
    LineChart lines;
    lines.setData({ LineChart::Series { u"Gemini"_s, {}, {} } });
    for (PlotWidget *plot : std::initializer_list<PlotWidget *> { &bars, &histogram, &lines }) {
        plot->resize(300, 150);
        EXPECT_FALSE(plot->hasData());
        EXPECT_EQ(plot->emptyText(), u"No data yet"_s);
        const QImage image = render(plot);
        // Only the background, the frame and the sentence: nothing in a series colour.
        EXPECT_EQ(countPixels(image, plot->seriesColor(0)), 0);
        EXPECT_GT(countPixels(image, plot->axisTextColor()), 0) << "the sentence is drawn";
        EXPECT_EQ(pixelAt(image, QPointF(10, 10)), plot->palette().color(QPalette::Base));
    }
}

TEST_F(PlotsTest, ColoursComeFromTheLightOrDarkPalette)
{
    for (const bool dark : { false, true }) {
        SCOPED_TRACE(dark ? "dark" : "light");
        LineChart chart;
        if (dark)
            chart.setPalette(Theme::darkPalette());
        const QDateTime start(QDate(2026, 11, 25), QTime(8, 0), Qt::UTC);
        chart.setData({ LineChart::Series {
                            u"Gemini 3 Pro"_s,
                            { { start, 100 }, { start.addSecs(3600), 60 }, { start.addSecs(7200), 20 } },
                            { start.addSecs(5400) } },
                        LineChart::Series {
                            u"Claude Sonnet 4.5"_s, { { start, 50 }, { start.addSecs(7200), 50 } }, {} } });
        chart.resize(400, 220);
        const QPalette palette = chart.palette();
        EXPECT_EQ(chart.backgroundColor(), palette.color(QPalette::Base));
        EXPECT_EQ(chart.textColor(), palette.color(QPalette::Text));
        EXPECT_EQ(chart.seriesColor(0), palette.color(QPalette::Highlight));
        EXPECT_EQ(chart.isDark(), dark);
        const QImage image = render(&chart);
        const LineChart::Geometry g = chart.geometry();
        EXPECT_EQ(pixelAt(image, QPointF(3, 3)), palette.color(QPalette::Base));
        EXPECT_GT(countPixels(image, palette.color(QPalette::Base)), image.width() * image.height() / 2);
        EXPECT_GT(countPixels(image, palette.color(QPalette::Text)), 0)
            << "legend text in the palette's Text";
        EXPECT_GT(countPixels(image, chart.axisTextColor()), 0) << "axis labels";
        EXPECT_GT(countPixels(image, chart.seriesColor(0)), 20)
            << "the first line in the palette's Highlight";
        // Nothing in a colour of the other theme: on dark, no white and no black anywhere.
        if (dark) {
            EXPECT_EQ(countPixels(image, Qt::white), 0);
            EXPECT_EQ(countPixels(image, Qt::black), 0);
            EXPECT_GT(chart.seriesColor(1).lightness(), 100) << "the second line stays visible on dark";
        }
        screenshot(&chart, dark ? u"plots-linechart-dark"_s : u"plots-linechart-light"_s);
    }
}

TEST_F(PlotsTest, HistogramCountsEachBucket)
{
    const QList<double> edges = AutoAcceptPlots::reactionEdges();
    const QList<double> samples { 40, 99.9, 100, 150, 250, 260, 270, 480, 990, 1200, 7000, 12000 };
    const QList<qint64> counts = Histogram::bucketCounts(samples, edges);
    EXPECT_EQ(counts, (QList<qint64> { 0, 0, 1, 1, 2, 4, 1, 1, 0, 2 }));
    EXPECT_EQ(Histogram::percentile(samples, 0.5), 260);
    EXPECT_EQ(Histogram::percentile(samples, 0.9), 7000);
    EXPECT_EQ(Histogram::percentile({}, 0.5), 0);

    Histogram histogram;
    histogram.setSamples(samples, edges, &AutoAcceptPlots::msText, u"Clicks"_s);
    histogram.resize(320, 160);
    const BarChart::Geometry g = histogram.geometry();
    ASSERT_EQ(g.bars.size(), 1);
    ASSERT_EQ(g.bars.at(0).size(), edges.size());
    EXPECT_EQ(g.top, 4);
    EXPECT_NEAR(g.bars[0][5].height(), g.plot.height(), 0.01) << "the fullest bucket";
    EXPECT_NEAR(g.bars[0][4].height(), g.plot.height() / 2, 0.01);
    EXPECT_EQ(g.bars[0][0].height(), 0);
    EXPECT_EQ(histogram.labels().first(), u"0 ms"_s);
    EXPECT_EQ(histogram.labels().last(), u"≥5 s"_s);
    EXPECT_EQ(histogram.categoryText(5), u"200 ms to 500 ms\nClicks: 4"_s);
    EXPECT_EQ(histogram.categoryText(9), u"5 s or more\nClicks: 2"_s);
}

TEST_F(PlotsTest, LinesFollowTimeAndValueWithResetMarks)
{
    const QDateTime start(QDate(2026, 11, 25), QTime(0, 0), Qt::UTC);
    const LineChart::Series gemini {
        u"Gemini"_s,
        { { start, 100 }, { start.addSecs(6 * 3600), 40 }, { start.addSecs(12 * 3600), 100 } },
        { start.addSecs(9 * 3600) }
    };
    LineChart chart;
    chart.setData({ gemini }, start, start.addSecs(12 * 3600));
    chart.resize(600, 240);
    const LineChart::Geometry g = chart.geometry();
    ASSERT_EQ(g.lines.size(), 1);
    ASSERT_EQ(g.lines.at(0).size(), 3);
    EXPECT_DOUBLE_EQ(g.lines[0][0].x(), g.plot.left());
    EXPECT_DOUBLE_EQ(g.lines[0][1].x(), g.plot.left() + g.plot.width() / 2);
    EXPECT_DOUBLE_EQ(g.lines[0][2].x(), g.plot.right());
    EXPECT_DOUBLE_EQ(g.lines[0][0].y(), g.plot.top()) << "100 % at the top";
    EXPECT_NEAR(g.lines[0][1].y(), g.plot.bottom() - 0.4 * g.plot.height(), 1e-9);
    ASSERT_EQ(g.marks.at(0).size(), 1);
    EXPECT_DOUBLE_EQ(g.marks[0][0], g.plot.left() + g.plot.width() * 0.75);
    EXPECT_EQ(g.valueTicks.first(), 0);
    EXPECT_EQ(g.valueTicks.last(), 100);
    EXPECT_GE(g.timeTicks.size(), 3);
    for (int i = 1; i < g.timeTicks.size(); ++i)
        EXPECT_GT(g.timeTicks.at(i).first, g.timeTicks.at(i - 1).first);

    EXPECT_EQ(LineChart::valueAt(gemini, start.addSecs(3 * 3600)).value_or(-1), 100)
        << "a reading holds until the next";
    EXPECT_EQ(LineChart::valueAt(gemini, start.addSecs(7 * 3600)).value_or(-1), 40);
    EXPECT_FALSE(LineChart::valueAt(gemini, start.addSecs(-60)));
    const QString atMark = chart.textAt(QPointF(g.marks[0][0], g.plot.center().y()));
    EXPECT_TRUE(atMark.contains(u"Gemini: 40 %"_s)) << atMark.toStdString();
    EXPECT_TRUE(atMark.contains(u"Gemini: reset at"_s)) << atMark.toStdString();
    EXPECT_TRUE(chart.textAt(QPointF(g.plot.left() - 30, g.plot.center().y())).isEmpty())
        << "outside the plot";
    const QImage image = render(&chart);
    EXPECT_GT(countPixels(image, chart.seriesColor(0)), 100) << "the line is drawn in its colour";
}

// The pages show what the files hold: the Dashboard's bars are autoaccept-stats.json's days,
// its histogram the kept reaction times; the Quota page a line per model of quota-history.json.
TEST_F(PlotsTest, TheDashboardAndQuotaPagePlotWhatIsKept)
{
    AutoAcceptStats *stats = engine->autoAccept()->stats();
    const QDate today = QDate::currentDate();
    AutoAcceptCounts day;
    day.clicks = 9;
    day.blocked = 2;
    stats->add(day, today);
    day.clicks = 4;
    day.blocked = 0;
    stats->add(day, today.addDays(-3));
    for (double ms : { 120.0, 180.0, 260.0, 900.0 })
        stats->addReaction(ms);

    DashboardPage dashboard(models()->stats());
    auto *daily = dashboard.findChild<BarChart *>(u"dailyChart"_s);
    auto *reactions = dashboard.findChild<Histogram *>(u"reactionChart"_s);
    ASSERT_TRUE(daily && reactions);
    ASSERT_EQ(daily->labels().size(), AutoAcceptPlots::kDaysShown);
    EXPECT_EQ(daily->series().at(0).values.last(), 9);
    EXPECT_EQ(daily->series().at(1).values.last(), 2);
    EXPECT_EQ(daily->series().at(0).values.at(AutoAcceptPlots::kDaysShown - 4), 4);
    EXPECT_EQ(reactions->samples(), (QList<double> { 120, 180, 260, 900 }));
    EXPECT_EQ(dashboard.findChild<QLabel *>(u"reactionSummary"_s)->text(),
              u"Median 180 ms · 9 in 10 within 900 ms"_s);
    stats->addReaction(300);
    EXPECT_EQ(reactions->samples().size(), 5) << "a new click shows at once";

    QuotaHistory *history = engine->quotaHistory();
    QuotaSnapshot snapshot = antigravityUserStatus();
    ASSERT_FALSE(snapshot.models.isEmpty());
    snapshot.fetchedAt = QDateTime::currentDateTimeUtc().addSecs(-3600);
    QuotaPage quotaPage(engine->quota(), engine->quotaHistory(), models()->stats(), settings.get());
    auto *plot = quotaPage.findChild<QuotaHistoryPlot *>(u"quotaHistoryChart"_s);
    ASSERT_TRUE(plot);
    EXPECT_FALSE(plot->hasData());
    history->record(snapshot);
    snapshot.fetchedAt = snapshot.fetchedAt.addSecs(1800);
    snapshot.models[0].remainingFraction = 0.2;
    history->record(snapshot);
    ASSERT_TRUE(plot->hasData()) << "the page follows the history";
    ASSERT_EQ(plot->series().size(), 2) << "a model with no quota information has no line";
    EXPECT_EQ(plot->series().at(1).name, u"Gemini 3 Pro (High)"_s);
    EXPECT_DOUBLE_EQ(plot->series().at(1).points.last().value, 20);
    EXPECT_LT(plot->to().secsTo(QDateTime::currentDateTimeUtc()), 60) << "the time axis runs to now";
}

// Both pages with a few weeks of data, light and dark, at a small and a large window size: the
// PNGs are for a person to look at (build/<preset>/screenshots/plots-*.png).
TEST_F(PlotsTest, ScreenshotsOfBothPagesLightAndDark)
{
    AutoAcceptStats *stats = engine->autoAccept()->stats();
    const QDate today = QDate::currentDate();
    for (int back = 27; back >= 0; --back) {
        AutoAcceptCounts day;
        day.clicks = (back * 37 + 11) % 23 + (back % 7 == 2 ? 0 : 4);
        day.blocked = back % 6 == 0 ? 2 : back % 9 == 0 ? 1 : 0;
        if (back % 7 == 5)
            day = {}; // a day off
        stats->add(day, today.addDays(-back));
    }
    for (int i = 0; i < 300; ++i)
        stats->addReaction(i % 10 < 6       ? 2 + (i * 37) % 45
                               : i % 10 < 9 ? 60 + (i * 53) % 300
                                            : 1100 + (i * 71) % 1500);

    QuotaSnapshot snapshot = antigravityUserStatus();
    ASSERT_FALSE(snapshot.models.isEmpty());
    snapshot.models.append(ModelQuota { u"Claude Opus 4.1 (Thinking)"_s, 1.0, {} });
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QDateTime begin = now.addDays(-3);
    // Every 10 minutes for three days: used in working hours, reset every 5 h for Gemini and
    // daily for Claude, as Antigravity's quota does.
    for (qint64 minutes = 0; minutes <= 3 * 24 * 60; minutes += 10) {
        const QDateTime at = begin.addSecs(minutes * 60);
        snapshot.fetchedAt = at;
        const qint64 geminiCycle = minutes % 300;
        const QDateTime geminiReset = at.addSecs((300 - geminiCycle) * 60);
        snapshot.models[0].remainingFraction = std::max(0.0, 1.0 - geminiCycle / 220.0);
        snapshot.models[0].resetTime = geminiReset;
        const qint64 claudeCycle = minutes % (24 * 60);
        snapshot.models[1].remainingFraction = std::max(0.0, 1.0 - claudeCycle / 900.0);
        snapshot.models[1].resetTime = at.addSecs((24 * 60 - claudeCycle) * 60);
        snapshot.models[3].remainingFraction = std::max(0.3, 1.0 - claudeCycle / 2000.0);
        snapshot.models[3].resetTime = snapshot.models[1].resetTime;
        engine->quotaHistory()->record(snapshot);
    }

    // The latest reading also through the monitor, so the page's bars agree with the plot.
    auto *provider = new ScriptedQuotaProvider;
    provider->next = snapshot;
    provider->next.fetchedAt = now;
    engine->quota()->setProvider(provider);
    engine->quota()->start();

    const QPalette before = QApplication::palette();
    for (const bool dark : { false, true }) {
        QApplication::setPalette(dark ? Theme::darkPalette() : before);
        for (const QSize size : { QSize(800, 600), QSize(1600, 1000) }) {
            MainWindow window(engine.get());
            window.resize(size);
            window.show();
            for (const auto page : { MainWindow::Page::Dashboard, MainWindow::Page::Quota }) {
                window.showPage(page);
                QWidget *pageWidget = window.page(page);
                // Scrolled to the plots, as a user looking for them would.
                auto *scroll = pageWidget->findChild<QScrollArea *>();
                PlotWidget *plot = page == MainWindow::Page::Dashboard
                    ? static_cast<PlotWidget *>(pageWidget->findChild<BarChart *>(u"dailyChart"_s))
                    : pageWidget->findChild<QuotaHistoryPlot *>(u"quotaHistoryChart"_s);
                ASSERT_TRUE(scroll && plot);
                QCoreApplication::processEvents();
                scroll->ensureWidgetVisible(plot, 0, 200);
                EXPECT_TRUE(plot->hasData());
                EXPECT_GE(plot->height(), plot->minimumSizeHint().height());
                EXPECT_EQ(plot->backgroundColor(), QApplication::palette().color(QPalette::Base));
                screenshot(&window,
                           u"plots-%1-%2-%3x%4"_s
                               .arg(page == MainWindow::Page::Dashboard ? u"dashboard"_s : u"quota"_s,
                                    dark ? u"dark"_s : u"light"_s)
                               .arg(size.width())
                               .arg(size.height()));
            }
        }
    }
    QApplication::setPalette(before);
    engine->quota()->stop();
}

} // namespace
