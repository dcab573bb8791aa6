// Drop-in for agents written for the LLM Browser Agent extension: such an agent
// (tests/npm/lba-agent.mjs, written from that extension's documented message shapes) listens on
// a WebSocket, the app dials it in client mode, and the agent fills and submits a form on real
// Chromium with requests that carry no id, its own parameter names (delay, attrName, pixels,
// tabId) and its own reading of the replies (data.executed, data.result, numeric tab ids).
#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "engine/Engine.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class CompatAgentTest : public ChromiumTest
{
};

TEST_F(CompatAgentTest, AnLlmBrowserAgentAgentFillsAFormThroughClientMode)
{
    const QUrl form = fixtureUrl(u"toolkit/form.html"_s);
    NodeBridge agent(u"lba-agent.mjs"_s, { form.toString() });
    const auto listening = agent.waitForEvent(u"listening"_s, 15s);
    ASSERT_TRUE(listening) << agent.transcript().toStdString();
    const int port = listening->value(u"port"_s).toInt();

    const AppPaths paths = AppPaths::forConfigDir(configDir());
    Settings settings(paths.settingsFile());
    ASSERT_TRUE(settings.setValue(SettingKey::AgentServerMode, u"client"_s));
    ASSERT_TRUE(settings.setValue(SettingKey::AgentServerUrl, u"ws://127.0.0.1:%1"_s.arg(port)));
    ASSERT_TRUE(settings.setValue(SettingKey::AgentServerEnabled, true));
    Engine engine(&settings, paths);
    Engine::Overrides overrides;
    overrides.cdpPort = browser().port();
    engine.setOverrides(overrides);
    engine.start();

    const auto outcome = agent.waitFor(
        [](const QJsonObject &e) {
            const QString event = e.value(u"event"_s).toString();
            return event == u"done"_s || event == u"failed"_s;
        },
        60s);
    ASSERT_TRUE(outcome) << agent.transcript().toStdString();
    EXPECT_EQ(outcome->value(u"event"_s).toString(), u"done"_s)
        << QJsonDocument(*outcome).toJson().toStdString() << agent.transcript().toStdString();

    // The form was really filled and submitted in the page.
    CdpEndpoint *own = connectEndpoint();
    ASSERT_TRUE(own);
    CdpSession *page = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        for (CdpSession *s : own->pageSessions()) {
            if (s->targetInfo().url == form.toString())
                page = s;
        }
        return page != nullptr;
    }));
    EXPECT_EQ(evaluate(page,
                       u"JSON.stringify([window.submitted && window.submitted.name, "
                       "window.submitted && window.submitted.email, "
                       "document.getElementById('terms').checked, "
                       "document.getElementById('country').value])"_s)
                  .toString(),
              uR"(["Ada Lovelace","ada@example.com",true,"jp"])"_s);
    engine.stop();
}

} // namespace
