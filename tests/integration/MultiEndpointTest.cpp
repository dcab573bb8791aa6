// Several browsers at once: the engine watches the suite's Chromium (the first endpoint) and a
// second real Chromium listed in cdp/endpoints. Auto-accept clicks on both, one killed and
// restarted while the other keeps clicking, the scheduler's chat goes to the chosen one, the
// toolkit opens tabs where it is told, every page names its endpoint, and bad entries are refused
// in words.

#include "Browserless.h"
#include "EngineChromiumTest.h"
#include "FakeSecretStore.h"
#include "HeadlessChromium.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "logging/LogBuffer.h"
#include "logging/Logging.h"
#include "page/PayloadHub.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class MultiEndpointTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        Logging::install({});
        ASSERT_TRUE(startBrowser(second));
        secondName = u"127.0.0.1:%1"_s.arg(second.port());
        ASSERT_TRUE(settings->setValue(SettingKey::CdpEndpoints, QStringList { secondName }));
        ASSERT_TRUE(startEngineOnBrowser());
        ASSERT_TRUE(connectOwnEndpoint());
        ASSERT_TRUE(connectSecond());
        ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sources().size() == 2 && bothConnected(); }))
            << endpointsText().toStdString();
    }

    void TearDown() override
    {
        delete secondOwn;
        secondOwn = nullptr;
        EngineChromiumTest::TearDown();
        second.stop();
    }

    ::testing::AssertionResult connectSecond()
    {
        delete secondOwn;
        secondOwn = new CdpEndpoint;
        secondOwn->setAddress(u"127.0.0.1"_s, second.port());
        secondOwn->start();
        if (!waitUntil([&] { return secondOwn->targetsKnown(); }))
            return ::testing::AssertionFailure() << "no own connection to the second browser";
        return ::testing::AssertionSuccess();
    }

    bool bothConnected() const
    {
        for (const CdpSource *source : engine->endpoint()->sources()) {
            if (!source->isConnected())
                return false;
        }
        return true;
    }

    QString endpointsText() const
    {
        QString text;
        for (const CdpSource *source : engine->endpoint()->sources())
            text += source->name() + u' ' + QString::number(int(source->state())) + u' ' + source->lastError()
                + u'\n';
        return text;
    }

    // The engine's auto-accept clicks on the page `target`.
    int clicksOn(const QString &target) const
    {
        for (const AutoAcceptController::TargetState &state : engine->autoAccept()->targets()) {
            if (state.targetId == target)
                return int(state.counts.clicks);
        }
        return -1;
    }

    // A page of the second browser, seen by the engine.
    CdpSession *openSecondTab(const QUrl &url) { return openSeenTabOn(secondOwn, url); }

    HeadlessChromium second;
    CdpEndpoint *secondOwn = nullptr;
    QString secondName;
};

TEST_F(MultiEndpointTest, AutoAcceptClicksOnBothAndGoesOnWhileOneIsRestarted)
{
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    CdpSession *first = openSeenTab(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(first);
    CdpSession *other = openSecondTab(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(other);
    const QString firstId = first->targetId();
    const QString otherId = other->targetId();
    // The fixture's four safe buttons are clicked on each, its dangerous one on neither.
    ASSERT_TRUE(waitUntil([&] { return clicksOn(firstId) == 4 && clicksOn(otherId) == 4; }))
        << clicksOn(firstId) << " " << clicksOn(otherId);
    EXPECT_EQ(engine->endpoint()->sessionForTarget(firstId)->endpoint(),
              engine->endpoint()->primary()->name());
    EXPECT_EQ(engine->endpoint()->sessionForTarget(otherId)->endpoint(), secondName);

    // The second browser dies: its endpoint retries on its own, the first keeps clicking.
    delete secondOwn;
    secondOwn = nullptr;
    second.kill();
    CdpSource *secondSource = engine->endpoint()->source(secondName);
    ASSERT_TRUE(secondSource);
    ASSERT_TRUE(waitUntil([&] { return !secondSource->isConnected(); }));
    EXPECT_TRUE(engine->endpoint()->primary()->isConnected());
    EXPECT_TRUE(engine->endpoint()->isConnected());
    EXPECT_FALSE(engine->endpoint()->sessionForTarget(otherId));
    ASSERT_TRUE(navigate(first, fixtureUrl(u"autoaccept/panel.html?again=1"_s)));
    ASSERT_TRUE(waitUntil([&] { return clicksOn(firstId) == 8; })) << clicksOn(firstId);

    // Back on the same port: reattached, its new page clicked.
    QString error;
    ASSERT_TRUE(second.restart(&error)) << error.toStdString();
    ASSERT_TRUE(waitUntil([&] { return secondSource->isConnected(); }, 30s)) << endpointsText().toStdString();
    ASSERT_TRUE(connectSecond());
    CdpSession *again = openSecondTab(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(again);
    const QString againId = again->targetId();
    ASSERT_TRUE(waitUntil([&] { return clicksOn(againId) == 4; })) << clicksOn(againId);
}

TEST_F(MultiEndpointTest, TheSchedulersChatGoesToTheChosenEndpoint)
{
    CdpSession *firstChat = openSeenTab(fixtureUrl(u"chat/ide.html"_s));
    ASSERT_TRUE(firstChat);
    CdpSession *otherChat = openSecondTab(fixtureUrl(u"chat/ide.html"_s));
    ASSERT_TRUE(otherChat);

    ASSERT_TRUE(settings->setValue(SettingKey::ScheduleEndpoint, secondName));
    CommandResult sent = command(u"sendPrompt"_s, { { u"prompt"_s, u"to the second IDE"_s } });
    ASSERT_TRUE(sent.ok) << sent.error.toStdString();
    EXPECT_EQ(evaluate(otherChat, u"window.chatLog.length"_s).toInt(), 1);
    EXPECT_EQ(evaluate(otherChat, u"window.chatLog[0].text"_s).toString(), u"to the second IDE"_s);
    EXPECT_EQ(evaluate(firstChat, u"window.chatLog.length"_s).toInt(), 0);

    ASSERT_TRUE(settings->setValue(SettingKey::ScheduleEndpoint, u"127.0.0.1:%1"_s.arg(browser().port())));
    sent = command(u"sendPrompt"_s, { { u"prompt"_s, u"to the first IDE"_s } });
    ASSERT_TRUE(sent.ok) << sent.error.toStdString();
    EXPECT_EQ(evaluate(firstChat, u"window.chatLog.length"_s).toInt(), 1);
    EXPECT_EQ(evaluate(otherChat, u"window.chatLog.length"_s).toInt(), 1);

    // One the app does not watch: said, nothing sent.
    ASSERT_TRUE(settings->setValue(SettingKey::ScheduleEndpoint, u"127.0.0.1:1"_s));
    sent = command(u"sendPrompt"_s, { { u"prompt"_s, u"nowhere"_s } });
    EXPECT_FALSE(sent.ok);
    EXPECT_TRUE(sent.error.contains(u"127.0.0.1:1"_s)) << sent.error.toStdString();
    EXPECT_EQ(evaluate(firstChat, u"window.chatLog.length"_s).toInt(), 1);
    EXPECT_EQ(evaluate(otherChat, u"window.chatLog.length"_s).toInt(), 1);
}

TEST_F(MultiEndpointTest, TheToolkitListsEveryBrowsersTabsAndOpensWhereItIsTold)
{
    const CommandCaller agent { u"agent-1"_s, {} };
    // tab new on the second browser: the tab is there, not in the first.
    QJsonObject opened = toolkitData(u"tab"_s,
                                     { { u"action"_s, u"new"_s },
                                       { u"url"_s, fixtureUrl(u"basic.html"_s).toString() },
                                       { u"endpoint"_s, secondName } },
                                     agent);
    const QString tab = opened.value(u"tab"_s).toString();
    ASSERT_FALSE(tab.isEmpty());
    ASSERT_TRUE(waitUntil([&] { return secondOwn->sessionForTarget(tab) != nullptr; }));
    EXPECT_FALSE(own->sessionForTarget(tab));

    // open {endpoint}: a new tab in that browser.
    opened = toolkitData(u"open"_s,
                         { { u"url"_s, fixtureUrl(u"basic.html?first"_s).toString() },
                           { u"endpoint"_s, u"127.0.0.1:%1"_s.arg(browser().port()) } },
                         agent);
    const QString firstTab = opened.value(u"tab"_s).toString();
    ASSERT_TRUE(waitUntil([&] { return own->sessionForTarget(firstTab) != nullptr; }));
    EXPECT_FALSE(secondOwn->sessionForTarget(firstTab));

    // tab list: both browsers' tabs, each naming its endpoint.
    const QJsonArray tabs
        = toolkitData(u"tab"_s, { { u"action"_s, u"list"_s } }, agent).value(u"tabs"_s).toArray();
    QHash<QString, QString> endpointOf;
    for (const QJsonValue &t : tabs)
        endpointOf.insert(t.toObject().value(u"tab"_s).toString(),
                          t.toObject().value(u"endpoint"_s).toString());
    EXPECT_EQ(endpointOf.value(tab), secondName);
    EXPECT_EQ(endpointOf.value(firstTab), u"127.0.0.1:%1"_s.arg(browser().port()));

    // getCDPConnections: one status per endpoint, and each page's endpoint.
    const CommandResult connections = command(u"getCDPConnections"_s, {});
    ASSERT_TRUE(connections.ok) << connections.error.toStdString();
    const QJsonArray endpoints = connections.data.toObject().value(u"endpoints"_s).toArray();
    ASSERT_EQ(endpoints.size(), 2) << QJsonDocument(connections.data.toObject()).toJson().toStdString();
    EXPECT_EQ(endpoints.at(1).toObject().value(u"name"_s).toString(), secondName);
    EXPECT_EQ(endpoints.at(1).toObject().value(u"state"_s).toString(), u"connected"_s);
    EXPECT_GE(endpoints.at(1).toObject().value(u"pages"_s).toInt(), 1);
    bool secondPageNamed = false;
    for (const QJsonValue &c : connections.data.toObject().value(u"connections"_s).toArray()) {
        if (c.toObject().value(u"targetId"_s).toString() == tab)
            secondPageNamed = c.toObject().value(u"endpoint"_s).toString() == secondName;
    }
    EXPECT_TRUE(secondPageNamed);

    // An endpoint the app does not watch: said, with the ones it does.
    const CommandResult unknown = toolkitCommand(
        u"open"_s, { { u"url"_s, u"about:blank"_s }, { u"endpoint"_s, u"127.0.0.1:1"_s } }, agent);
    EXPECT_FALSE(unknown.ok);
    EXPECT_TRUE(unknown.error.contains(u"127.0.0.1:1"_s) && unknown.error.contains(secondName))
        << unknown.error.toStdString();
}

TEST_F(MultiEndpointTest, TwoAddressesOfOneBrowserAttachItOnceAndBadEntriesAreRefused)
{
    CdpSession *page = openSeenTab(fixtureUrl(u"basic.html?once"_s));
    ASSERT_TRUE(page);
    // localhost:<first port> is the first browser again.
    const QString alias = u"localhost:%1"_s.arg(browser().port());
    ASSERT_TRUE(settings->setValue(SettingKey::CdpEndpoints, QStringList { secondName, alias }));
    CdpSource *aliasSource = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        aliasSource = engine->endpoint()->source(alias);
        return aliasSource && !aliasSource->duplicateOf().isEmpty();
    })) << endpointsText().toStdString();
    EXPECT_EQ(aliasSource->duplicateOf(), engine->endpoint()->primary()->name());
    int seen = 0;
    for (const CdpSession *s : engine->endpoint()->pageSessions())
        seen += s->targetId() == page->targetId() ? 1 : 0;
    EXPECT_EQ(seen, 1);

    // An unreachable one retries on its own and says why; the others stay connected.
    ASSERT_TRUE(settings->setValue(SettingKey::CdpEndpoints, QStringList { secondName, u"127.0.0.1:9"_s }));
    CdpSource *dead = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        dead = engine->endpoint()->source(u"127.0.0.1:9"_s);
        return dead && dead->state() == CdpEndpoint::State::Retrying && !dead->lastError().isEmpty();
    })) << endpointsText().toStdString();
    EXPECT_TRUE(engine->endpoint()->source(secondName)->isConnected());
    EXPECT_TRUE(engine->endpoint()->primary()->isConnected());
    EXPECT_TRUE(engine->endpoint()->targetsKnown());
    EXPECT_FALSE(engine->endpoint()->source(alias)); // gone from the list: removed

    // Bad entries are refused in words, and the list stays as it was.
    const QStringList before = settings->listValue(SettingKey::CdpEndpoints);
    for (const QString &bad : { u"nonsense"_s, u"127.0.0.1:0"_s, u"ftp://example.org/"_s,
                                u"ws://127.0.0.1:3000/?token=s3cr3tT0k3n"_s, u""_s }) {
        QString error;
        EXPECT_FALSE(settings->setValue(SettingKey::CdpEndpoints, QStringList { bad }, &error))
            << bad.toStdString();
        EXPECT_FALSE(error.isEmpty());
        EXPECT_FALSE(error.contains(u"s3cr3tT0k3n"_s)) << error.toStdString();
    }
    EXPECT_EQ(settings->listValue(SettingKey::CdpEndpoints), before);
    QString error;
    EXPECT_FALSE(settings->setValue(SettingKey::ToolkitDefaultEndpoint, u"not an endpoint"_s, &error));
    EXPECT_TRUE(error.contains(u"not an endpoint"_s)) << error.toStdString();
    // Which browsers the app drives is the user's: the API cannot add one.
    const CommandResult viaApi = command(
        u"updateSettings"_s,
        { { u"settings"_s, QJsonObject { { u"cdp/endpoints"_s, QJsonArray { u"127.0.0.1:9333"_s } } } } });
    EXPECT_FALSE(viaApi.ok);
    EXPECT_EQ(viaApi.kind, ErrorKind::Refused) << viaApi.error.toStdString();
}

// Two IDEs and a remote service at once: Browserless as a third endpoint, its token from the
// keychain (never in settings.ini or the log); tabs open there on request; auto-accept leaves its
// pages alone until the user turns it on for that endpoint.
TEST_F(MultiEndpointTest, TwoBrowsersAndABrowserlessServiceAtOnceWithTheTokenFromTheKeychain)
{
    SKIP_WITHOUT_BROWSERLESS();
    const QString token = u"multi-endpoint-token-0042"_s;
    Browserless service;
    ASSERT_TRUE(service.start(token)) << service.error().toStdString();
    const QString remote = u"ws://127.0.0.1:%1/"_s.arg(service.port());
    auto *keychain = new FakeSecretStore(engine);
    keychain->write(CdpAddress::secretKey(remote), CdpAddress::encodeSecret(u"token="_s + token, {}),
                    [](const CommandResult &) {});
    engine->setSecretStore(keychain);
    ASSERT_TRUE(settings->setValue(SettingKey::CdpEndpoints, QStringList { secondName, remote }));
    CdpSource *service0 = nullptr;
    ASSERT_TRUE(waitUntil(
        [&] {
            service0 = engine->endpoint()->source(remote);
            return service0 && service0->targetsKnown();
        },
        60s))
        << endpointsText().toStdString();
    EXPECT_TRUE(bothConnected()) << endpointsText().toStdString();
    EXPECT_FALSE(QFile(paths.configDir + u"/settings.ini"_s).open(QIODevice::ReadOnly)
                 && QFile(paths.configDir + u"/settings.ini"_s).readAll().contains(token.toUtf8()));

    // Auto-accept on: the IDE's panel is clicked, the service's is not.
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    CdpSession *ide = openSeenTab(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(ide);
    const CommandCaller agent { u"agent-remote"_s, {} };
    const QJsonObject opened = toolkitData(
        u"open"_s,
        { { u"url"_s, fixtureUrl(u"autoaccept/panel.html"_s).toString() }, { u"endpoint"_s, remote } }, agent,
        60s);
    const QString remoteTab = opened.value(u"tab"_s).toString();
    CdpSession *remotePage = engine->endpoint()->sessionForTarget(remoteTab);
    ASSERT_TRUE(remotePage);
    EXPECT_EQ(remotePage->endpoint(), remote);
    ASSERT_TRUE(waitUntil([&] { return clicksOn(ide->targetId()) == 4; })) << clicksOn(ide->targetId());
    EXPECT_FALSE(engine->autoAccept()->clicksAt(remotePage));
    const PayloadInjector *injector = engine->payloads()->injectorFor(remotePage);
    EXPECT_FALSE(injector && injector->hasScript(u"autoAccept"_s));
    EXPECT_EQ(evaluate(remotePage, u"window.__clicked.length"_s).toInt(), 0);

    // Turned on for that endpoint by the user: clicked there too.
    ASSERT_TRUE(settings->setValue(SettingKey::AutoAcceptRemoteEndpoints, QStringList { remote }));
    EXPECT_TRUE(engine->autoAccept()->clicksAt(remotePage));
    ASSERT_TRUE(waitUntil([&] { return clicksOn(remoteTab) == 4; }, 30s)) << clicksOn(remoteTab);

    // The token reached neither the log nor the API's answers.
    const CommandResult connections = command(u"getCDPConnections"_s, {});
    EXPECT_FALSE(QJsonDocument(connections.data.toObject()).toJson().contains(token.toUtf8()));
    bool inLog = false;
    if (LogBuffer *buffer = Logging::buffer()) {
        for (int row = 0; row < buffer->rowCount(); ++row)
            inLog = inLog || buffer->at(row).message.contains(token);
    }
    EXPECT_FALSE(inLog);
}

} // namespace
