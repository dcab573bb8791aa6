#pragma once
// The engine as the app composes it, for integration tests: real settings and data files in a
// config dir, the browser connection on a given port, and, when asked, the debug API on a free
// loopback port with the client `ctl` uses (its endpoint and token read from the config dir).
// One place for the setup DebugApiTest, ExtensionCompatTest, RelaunchTest, ToolkitTest,
// TaskRunTest and BridgeTest each wrote by hand.

#include "actions/CommandDispatcher.h"
#include "engine/Engine.h"
#include "server/DebugApiClient.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QByteArray>
#include <QString>
#include <QVariant>

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace mpa::test {

class EngineHarness
{
public:
    struct Options
    {
        std::optional<quint16> cdpPort = {}; // the browser's port (else the setting cdp/port)
        bool debugApi = false; // serve the debug API on a free port and make a client for it
        std::function<void(Engine *)> beforeStart = {}; // providers, intervals: what start() must see
        Clock *clock = nullptr; // what the engine's timers run on (a FakeClock); the system clock when null
    };

    // Settings over `<configDir>/settings.ini`; the engine comes with start().
    explicit EngineHarness(const QString &configDir);
    ~EngineHarness(); // the client, then the engine, then the settings

    // Builds and starts the engine; a failure names what did not come up
    // (ASSERT_TRUE(harness.start(...))).
    ::testing::AssertionResult start(const Options &options);
    // Ends the engine (and the client) the way quitting does; the settings stay for a restart.
    void stopEngine();

    const AppPaths &paths() const { return m_paths; }
    Settings *settings() const { return m_settings.get(); }
    Engine *engine() const { return m_engine.get(); }
    // With Options::debugApi: the `ctl` client and the token it found in the config dir.
    DebugApiClient *client() const { return m_client.get(); }
    const QByteArray &token() const { return m_token; }
    quint16 debugPort() const;

    // Runs a command through the engine's dispatcher and waits for its one answer (a test
    // failure and a 504 result when none comes within `timeout`).
    CommandResult command(const QString &name, const QJsonObject &params, const CommandCaller &caller,
                          CommandDispatcher::Scope scope = CommandDispatcher::Scope::DebugApi,
                          std::chrono::milliseconds timeout = std::chrono::seconds(30)) const;

    // The settings file as another process would read it.
    QVariant saved(SettingKey key) const;

private:
    QString m_configDir;
    AppPaths m_paths;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<DebugApiClient> m_client;
    QByteArray m_token;
};

} // namespace mpa::test
