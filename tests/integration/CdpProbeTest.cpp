// A one-off look at a debugging endpoint, against real headless Chromium.
#include "cdp/CdpProbe.h"

#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class CdpProbeTest : public ChromiumTest
{
protected:
    CdpProbeResult run(const std::function<void(CdpProbe &)> &start, std::chrono::milliseconds timeout = 20s)
    {
        CdpProbe probe;
        QSignalSpy finished(&probe, &CdpProbe::finished);
        start(probe);
        EXPECT_TRUE(finished.count() > 0 || finished.wait(int(timeout.count())));
        return finished.isEmpty() ? CdpProbeResult() : finished.first().first().value<CdpProbeResult>();
    }
};

TEST_F(CdpProbeTest, ListsTheBrowserAndItsTargetsWithoutAttaching)
{
    CdpEndpoint *endpoint = connectEndpoint();
    CdpSession *page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    const CdpProbeResult result = run([](CdpProbe &probe) { probe.probe(u"127.0.0.1"_s, browser().port()); });
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_TRUE(result.browserLevel);
    EXPECT_FALSE(result.browser.isEmpty());
    const auto found
        = std::find_if(result.targets.begin(), result.targets.end(),
                       [](const CdpProbeTarget &t) { return t.info.title == u"Basic fixture"_s; });
    ASSERT_NE(found, result.targets.end());
    EXPECT_EQ(found->info.type, u"page"_s);
    EXPECT_TRUE(found->attachable);
    EXPECT_EQ(found->info.targetId, page->targetId());
    closeOpenedPages();
}

TEST_F(CdpProbeTest, NothingListeningIsASentenceThatSaysWhatToDo)
{
    const quint16 port = freePort();
    const CdpProbeResult result = run([port](CdpProbe &probe) { probe.probe(u"127.0.0.1"_s, port); });
    EXPECT_FALSE(result.ok);
    EXPECT_TRUE(result.error.startsWith(u"Nothing answers at 127.0.0.1:%1"_s.arg(port)))
        << result.error.toStdString();
    EXPECT_TRUE(result.error.contains(u"--remote-debugging-port=%1"_s.arg(port)))
        << result.error.toStdString();
}

TEST_F(CdpProbeTest, WaitingGivesUpAfterTheTimeoutAndReportsEachTry)
{
    const quint16 port = freePort();
    CdpProbe probe;
    QSignalSpy attempts(&probe, &CdpProbe::attemptFailed);
    QSignalSpy finished(&probe, &CdpProbe::finished);
    probe.waitUntilUp(u"127.0.0.1"_s, port, 1500ms, 200ms);
    ASSERT_TRUE(finished.wait(10000));
    const auto result = finished.first().first().value<CdpProbeResult>();
    EXPECT_FALSE(result.ok);
    EXPECT_TRUE(result.error.startsWith(u"Nothing answered at 127.0.0.1:%1 within 1 s"_s.arg(port)))
        << result.error.toStdString();
    EXPECT_GE(attempts.count(), 3);
    EXPECT_FALSE(probe.isRunning());
}

} // namespace
