#pragma once
// An integration test of the engine on the suite's Chromium: the EngineHarness over the test's
// config dir with its settings, and the engine once the test starts it on the browser.

#include "EngineHarness.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/ToolkitCommands.h"
#include "cdp/CdpEndpoint.h"

#include <QJsonDocument>
#include <QStringList>
#include <QUrl>

#include <chrono>
#include <memory>

namespace mpa::test {

class EngineChromiumTest : public ChromiumTest
{
protected:
    void SetUp() override
    {
        ChromiumTest::SetUp();
        harness = std::make_unique<EngineHarness>(configDir());
        paths = harness->paths();
        settings = harness->settings();
    }
    // The tabs the test's own endpoint saw open first stay; the rest (the tabs a test or the
    // toolkit opened) are closed. Then the engine goes, then the browser's pages.
    void TearDown() override
    {
        if (own) {
            // Ids first: closing one tab can take others with it (an isolated context's), and
            // their sessions are deleted while a call waits.
            QStringList opened;
            for (CdpSession *s : own->pageSessions()) {
                if (!tabsBefore.contains(s->targetId()))
                    opened.append(s->targetId());
            }
            for (const QString &id : std::as_const(opened))
                browserCall(*own, QStringLiteral("Target.closeTarget"),
                            { { QStringLiteral("targetId"), id } });
        }
        harness.reset();
        ChromiumTest::TearDown();
    }

    // A connection of the test's own to the suite's browser (to open tabs as the user would), and
    // the tabs open now, which TearDown leaves open.
    ::testing::AssertionResult connectOwnEndpoint()
    {
        own = connectEndpoint();
        if (!own)
            return ::testing::AssertionFailure() << "could not connect to the suite's browser";
        for (CdpSession *s : own->pageSessions())
            tabsBefore.append(s->targetId());
        return ::testing::AssertionSuccess();
    }

    // Opens `url` in a tab of the test's own endpoint (brought to the front with `inFront`, as the
    // user would) and waits until the engine is attached to it there; null when it never was.
    CdpSession *openSeenTab(const QUrl &url, bool inFront = false)
    {
        return openSeenTabOn(own, url, inFront);
    }
    // The same on another endpoint of the test's (to another browser the engine also attaches to).
    CdpSession *openSeenTabOn(CdpEndpoint *endpoint, const QUrl &url, bool inFront = false)
    {
        CdpSession *page = inFront ? openPageInFront(endpoint, url) : openPage(endpoint, url);
        if (!page)
            return nullptr;
        const QString id = page->targetId();
        if (!waitUntil([&] {
                CdpSession *seen = engine->endpoint()->sessionForTarget(id);
                return seen && seen->targetInfo().url == url.toString();
            })) {
            ADD_FAILURE() << "the engine never attached to " << url.toString().toStdString();
            return nullptr;
        }
        return page;
    }

    // The same, handed to `caller` (as if the agent had opened it).
    CdpSession *openHandedTab(const QUrl &url, const CommandCaller &caller)
    {
        CdpSession *page = openSeenTab(url);
        if (page)
            engine->toolkit()->handTab(caller, page->targetId());
        return page;
    }

    // Starts the engine on the suite's browser with `options` (ASSERT_TRUE(startEngineOnBrowser())).
    ::testing::AssertionResult startEngineOnBrowser(EngineHarness::Options options = {})
    {
        options.cdpPort = browser().port();
        ::testing::AssertionResult started = harness->start(options);
        engine = harness->engine();
        return started;
    }

    // The user, as the window and `ctl` reach the engine: through the debug API.
    static CommandCaller userCaller() { return { QStringLiteral("debug-api"), {} }; }

    // Runs `name` through the engine's dispatcher as `caller` and waits for its answer.
    CommandResult command(const QString &name, const QJsonObject &params,
                          const CommandCaller &caller = userCaller())
    {
        return harness->command(name, params, caller);
    }

    // A toolkit command as `caller` sends it (the Toolkit scope, as an agent does), its answer
    // waited for.
    CommandResult toolkitCommand(const QString &type, const QJsonObject &params, const CommandCaller &caller,
                                 std::chrono::milliseconds wait = std::chrono::seconds(30))
    {
        return harness->command(type, params, caller, CommandDispatcher::Scope::Toolkit, wait);
    }
    // The same command, which must succeed: its data (a test failure naming the command and its
    // params when it does not).
    QJsonObject toolkitData(const QString &type, const QJsonObject &params, const CommandCaller &caller,
                            std::chrono::milliseconds wait = std::chrono::seconds(30))
    {
        const CommandResult r = toolkitCommand(type, params, caller, wait);
        EXPECT_TRUE(r.ok) << type.toStdString() << " "
                          << QJsonDocument(params).toJson(QJsonDocument::Compact).toStdString() << ": "
                          << r.error.toStdString();
        return r.data.toObject();
    }

    AppPaths paths;
    std::unique_ptr<EngineHarness> harness;
    Settings *settings = nullptr;
    Engine *engine = nullptr;
    CdpEndpoint *own = nullptr; // connectOwnEndpoint()
    QStringList tabsBefore;
};

// The callers a toolkit test speaks as: two agents on the WebSocket, and the user (as the window
// and `ctl` reach the engine, through the debug API).
namespace toolkitcallers {
inline const CommandCaller kAgent { QStringLiteral("agent-ws"), QStringLiteral("agent-1") };
inline const CommandCaller kOtherAgent { QStringLiteral("agent-ws"), QStringLiteral("agent-2") };
inline const CommandCaller kUser { QStringLiteral("debug-api"), {} };
} // namespace toolkitcallers

// An EngineChromiumTest that speaks as an agent: run() and ok() send a toolkit command as the
// fixture's agent (or the caller named) and wait up to `commandWait` for its answer.
class ToolkitAgentTest : public EngineChromiumTest
{
protected:
    explicit ToolkitAgentTest(CommandCaller agent,
                              std::chrono::milliseconds commandWait = std::chrono::seconds(30))
        : m_agent(std::move(agent))
        , m_commandWait(commandWait)
    {
    }

    CommandResult run(const QString &type, const QJsonObject &params = {})
    {
        return run(type, params, m_agent);
    }
    CommandResult run(const QString &type, const QJsonObject &params, const CommandCaller &caller)
    {
        return toolkitCommand(type, params, caller, m_commandWait);
    }

    // A command that must succeed; its data.
    QJsonObject ok(const QString &type, const QJsonObject &params = {}) { return ok(type, params, m_agent); }
    QJsonObject ok(const QString &type, const QJsonObject &params, const CommandCaller &caller)
    {
        return toolkitData(type, params, caller, m_commandWait);
    }

private:
    CommandCaller m_agent;
    std::chrono::milliseconds m_commandWait;
};

} // namespace mpa::test
