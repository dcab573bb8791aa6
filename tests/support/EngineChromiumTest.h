#pragma once
// An integration test of the engine on the suite's Chromium: the EngineHarness over the test's
// config dir with its settings, and the engine once the test starts it on the browser.

#include "EngineHarness.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"

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
    // The engine goes first, then the browser's pages.
    void TearDown() override
    {
        harness.reset();
        ChromiumTest::TearDown();
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

    AppPaths paths;
    std::unique_ptr<EngineHarness> harness;
    Settings *settings = nullptr;
    Engine *engine = nullptr;
};

} // namespace mpa::test
