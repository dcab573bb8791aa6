// The bar on a tab an outside agent holds (payload/run-mask.js in its 'bar' mode, RunMask), on
// real headless Chromium: it says who holds the tab and what it did last, takes no click but
// its Stop button's (the agent's own click on the page under it lands), Stop takes the tab back
// from the agent, a tab the agent lets go says so and the bar goes; agent/showActions off shows
// none.
#include "EngineChromiumTest.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "RunMaskProbe.h"
#include "SiteRoutes.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/RunMask.h"
#include "actions/TabRegistry.h"
#include "actions/ToolkitCommands.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const CommandCaller kTabBarAgent { u"agent-ws"_s, u"agent-1"_s, u"Claude Desktop"_s };
const CommandCaller kOtherTabBarAgent { u"mcp"_s, u"agent-2"_s, u"Cursor"_s };

class AgentTabBarTest : public ToolkitAgentTest
{
protected:
    AgentTabBarTest()
        : ToolkitAgentTest(kTabBarAgent)
    {
    }

    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        // A button where the bar sits (bottom right, under the bar's text), and one in the open.
        site().addRoute(
            u"/bar/page.html"_s,
            htmlPage("<!doctype html><title>Orders</title><style>body{margin:0;height:100vh}"
                     "#under{position:fixed;right:110px;bottom:14px;width:160px;height:26px}</style>"
                     "<h1>Orders</h1><button id=open onclick=\"out.textContent='open clicked'\">Open order"
                     "</button><p id=out>nothing yet</p>"
                     "<button id=under onclick=\"out.textContent='under clicked'\">Under the bar</button>"));
        ASSERT_TRUE(startEngineOnBrowser());
        ASSERT_TRUE(connectOwnEndpoint());
    }

    // The ref of the snapshot line that names `name`.
    QString refOf(const QString &name, const CommandCaller &caller = kTabBarAgent)
    {
        const QString snapshot = ok(u"snapshot"_s, {}, caller).value(u"snapshot"_s).toString();
        static const QRegularExpression ref(u"\\[ref=(e\\d+)\\]"_s);
        for (const QString &line : snapshot.split(u'\n')) {
            if (line.contains(name))
                return ref.match(line).captured(1);
        }
        ADD_FAILURE() << "no " << name.toStdString() << " in " << snapshot.toStdString();
        return {};
    }

    // The agent's tab as the test's own connection sees it.
    CdpSession *ownTab(const QString &targetId)
    {
        CdpSession *found = nullptr;
        waitUntil([&] { return (found = own->sessionForTarget(targetId)) != nullptr; }, 10s);
        return found;
    }
};

TEST_F(AgentTabBarTest, TheBarSaysWhoHoldsTheTabTakesNoClickAndStopTakesTheTabBack)
{
    const QString tab
        = ok(u"open"_s, { { u"url"_s, fixtureUrl(u"bar/page.html"_s).toString() }, { u"newTab"_s, true } })
              .value(u"tab"_s)
              .toString();
    CdpSession *page = ownTab(tab);
    ASSERT_TRUE(page);
    ok(u"click"_s, { { u"ref"_s, refOf(u"Open order"_s) } });
    RunMaskView bar;
    ASSERT_TRUE(waitUntil(
        [&] {
            bar = runMaskIn(page);
            return bar.text.contains(u"click"_s);
        },
        10s))
        << "the bar says: " << bar.text.toStdString();
    EXPECT_TRUE(bar.text.contains(u"Claude Desktop"_s)) << bar.text.toStdString();
    ASSERT_TRUE(bar.stop.has_value());
    EXPECT_EQ(evaluate(page, u"out.textContent"_s).toString(), u"open clicked"_s);

    // The agent's click on the button under the bar lands on the button, not on the bar.
    ok(u"click"_s, { { u"ref"_s, refOf(u"Under the bar"_s) } });
    EXPECT_EQ(evaluate(page, u"out.textContent"_s).toString(), u"under clicked"_s);
    ASSERT_TRUE(waitUntil([&] { return runMaskIn(page).text.contains(u"click"_s); }, 10s));
    savePageScreenshot(page, u"agent-tab-bar.png"_s);

    // The user presses Stop: the tab is no longer the agent's, and the bar says so, then goes.
    userClickAt(page, *runMaskIn(page).stop);
    ASSERT_TRUE(waitUntil([&] { return !engine->toolkit()->tabsOf(kTabBarAgent).contains(tab); }, 10s))
        << "Stop did not take the tab back";
    EXPECT_TRUE(waitUntil([&] { return runMaskIn(page).text.contains(u"took this tab back"_s); }, 10s))
        << runMaskIn(page).text.toStdString();
    EXPECT_FALSE(runMaskIn(page).stop.has_value()) << "a released tab's bar offers no Stop";
    const CommandResult refused = run(u"snapshot"_s, { { u"tab"_s, tab } });
    EXPECT_FALSE(refused.ok) << "the agent still acts on the tab the user took back";
    EXPECT_TRUE(waitUntil([&] { return !runMaskIn(page).present; }, 10s)) << "the released bar stayed";
}

TEST_F(AgentTabBarTest, ATabTheAgentLetsGoSaysSoAndTheSettingTurnsBarsOff)
{
    const QString tab
        = ok(u"open"_s, { { u"url"_s, fixtureUrl(u"bar/page.html"_s).toString() }, { u"newTab"_s, true } },
             kOtherTabBarAgent)
              .value(u"tab"_s)
              .toString();
    CdpSession *page = ownTab(tab);
    ASSERT_TRUE(page);
    ok(u"snapshot"_s, {}, kOtherTabBarAgent);
    ASSERT_TRUE(waitUntil([&] { return runMaskIn(page).text.contains(u"Cursor"_s); }, 10s));
    engine->toolkit()->releaseCaller(kOtherTabBarAgent);
    EXPECT_TRUE(waitUntil([&] { return runMaskIn(page).text.contains(u"Released by Cursor"_s); }, 10s))
        << runMaskIn(page).text.toStdString();
    EXPECT_TRUE(waitUntil([&] { return !runMaskIn(page).present; }, 10s)) << "the released bar stayed";

    // Off: the next agent's commands show nothing.
    settings->setValue(SettingKey::AgentShowActions, false);
    engine->toolkit()->handTab(kTabBarAgent, tab);
    ok(u"click"_s, { { u"ref"_s, refOf(u"Open order"_s) } });
    ok(u"snapshot"_s);
    EXPECT_EQ(evaluate(page, u"out.textContent"_s).toString(), u"open clicked"_s);
    EXPECT_FALSE(runMaskIn(page).present);
}

} // namespace
