// The toolkit's tab ownership as bookkeeping: who controls which tab, which tab a command
// without `tab` acts on, what happens when tabs close and agents leave.
#include "actions/TabRegistry.h"

#include "QtPrinters.h"

#include <QSet>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

const CommandCaller kAgent { u"agent-ws"_s, u"1"_s };
const CommandCaller kOther { u"mcp"_s, u"stdio"_s };
const CommandCaller kDebugApi { u"debug-api"_s, {} };

struct Browser
{
    QSet<QString> open { u"A"_s, u"B"_s, u"C"_s };
    std::function<bool(const QString &)> alive() const
    {
        return [this](const QString &id) { return open.contains(id); };
    }
};

} // namespace

TEST(TabRegistryTest, OnlyTheDebugApiCtlAndTheWindowUseEveryTab)
{
    EXPECT_TRUE(TabRegistry::isUnrestricted({ u"debug-api"_s, {} }));
    EXPECT_TRUE(TabRegistry::isUnrestricted({ u"ctl"_s, {} }));
    EXPECT_TRUE(TabRegistry::isUnrestricted({ u"ui"_s, {} }));
    EXPECT_FALSE(TabRegistry::isUnrestricted({ u"agent-ws"_s, u"1"_s }));
    EXPECT_FALSE(TabRegistry::isUnrestricted({ u"agent-client"_s, {} }));
    EXPECT_FALSE(TabRegistry::isUnrestricted({ u"mcp"_s, {} }));
}

TEST(TabRegistryTest, AnAgentWithoutATabIsToldSoAndIsRefusedOtherTabsByName)
{
    TabRegistry tabs;
    Browser browser;
    EXPECT_EQ(tabs.resolve(kAgent, {}, browser.alive(), u"A"_s).outcome, TabRegistry::Outcome::NoTab)
        << "an agent never falls back to the user's first tab";
    const TabRegistry::Resolution refused = tabs.resolve(kAgent, u"B"_s, browser.alive(), u"A"_s);
    EXPECT_EQ(refused.outcome, TabRegistry::Outcome::NotYours);
    EXPECT_EQ(refused.targetId, u"B"_s) << "the refusal names the tab, so its title can be shown";
    EXPECT_FALSE(tabs.owns(kAgent, u"B"_s));
}

TEST(TabRegistryTest, AHandedTabIsTheCurrentOneAndOthersStayRefused)
{
    TabRegistry tabs;
    Browser browser;
    tabs.hand(kAgent, u"B"_s);
    EXPECT_TRUE(tabs.owns(kAgent, u"B"_s));
    EXPECT_EQ(tabs.current(kAgent), u"B"_s);
    const auto resolved = tabs.resolve(kAgent, {}, browser.alive(), u"A"_s);
    EXPECT_EQ(resolved.outcome, TabRegistry::Outcome::Resolved);
    EXPECT_EQ(resolved.targetId, u"B"_s);
    EXPECT_EQ(tabs.resolve(kAgent, u"A"_s, browser.alive(), u"A"_s).outcome, TabRegistry::Outcome::NotYours);
    EXPECT_EQ(tabs.resolve(kOther, u"B"_s, browser.alive(), u"A"_s).outcome, TabRegistry::Outcome::NotYours)
        << "another agent's tab is not yours either";
}

TEST(TabRegistryTest, TheDebugApiUsesAnyTabAndDefaultsToTheFirstPage)
{
    TabRegistry tabs;
    Browser browser;
    auto resolved = tabs.resolve(kDebugApi, {}, browser.alive(), u"A"_s);
    EXPECT_EQ(resolved.outcome, TabRegistry::Outcome::Resolved);
    EXPECT_EQ(resolved.targetId, u"A"_s);
    resolved = tabs.resolve(kDebugApi, u"C"_s, browser.alive(), u"A"_s);
    EXPECT_EQ(resolved.targetId, u"C"_s);
    tabs.makeCurrent(kDebugApi, u"C"_s);
    EXPECT_EQ(tabs.resolve(kDebugApi, {}, browser.alive(), u"A"_s).targetId, u"C"_s);
    browser.open.remove(u"C"_s);
    EXPECT_EQ(tabs.resolve(kDebugApi, {}, browser.alive(), u"A"_s).targetId, u"A"_s)
        << "a current tab that closed falls back to the first page";
    EXPECT_EQ(tabs.resolve(kDebugApi, {}, browser.alive(), QString()).outcome, TabRegistry::Outcome::NoTab);
}

TEST(TabRegistryTest, TabsOpenedByAnAgentsTabJoinItUpToTheLimit)
{
    TabRegistry tabs;
    tabs.hand(kAgent, u"A"_s);
    tabs.adoptOpened(u"A"_s, u"B"_s, 2);
    EXPECT_TRUE(tabs.owns(kAgent, u"B"_s));
    tabs.adoptOpened(u"B"_s, u"C"_s, 2);
    EXPECT_FALSE(tabs.owns(kAgent, u"C"_s)) << "toolkit/maxTabs holds";
    tabs.adoptOpened(u"X"_s, u"Y"_s, 10);
    EXPECT_FALSE(tabs.owns(kAgent, u"Y"_s)) << "a tab opened by someone else's tab is not adopted";
    EXPECT_EQ(tabs.ownedBy(kAgent), (QStringList { u"A"_s, u"B"_s }));
}

TEST(TabRegistryTest, AClosedTabIsForgottenAndTheCurrentFallsBackToTheNewest)
{
    TabRegistry tabs;
    tabs.hand(kAgent, u"A"_s);
    tabs.hand(kAgent, u"B"_s);
    tabs.hand(kAgent, u"C"_s);
    tabs.makeCurrent(kAgent, u"C"_s);
    tabs.forget(u"C"_s);
    EXPECT_EQ(tabs.current(kAgent), u"B"_s);
    EXPECT_EQ(tabs.ownedBy(kAgent), (QStringList { u"A"_s, u"B"_s }));
    tabs.makeCurrent(kAgent, u"Z"_s);
    EXPECT_EQ(tabs.current(kAgent), u"B"_s) << "a tab the agent does not own never becomes its current one";
}

TEST(TabRegistryTest, AReleasedAgentHoldsNothing)
{
    TabRegistry tabs;
    Browser browser;
    tabs.hand(kAgent, u"A"_s);
    tabs.hand(kOther, u"B"_s);
    tabs.release(kAgent);
    EXPECT_TRUE(tabs.ownedBy(kAgent).isEmpty());
    EXPECT_EQ(tabs.resolve(kAgent, {}, browser.alive(), u"A"_s).outcome, TabRegistry::Outcome::NoTab);
    EXPECT_TRUE(tabs.owns(kOther, u"B"_s)) << "other agents keep theirs";
}
