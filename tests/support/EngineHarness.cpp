#include "EngineHarness.h"

#include "Wait.h"
#include "server/DebugApiService.h"

using namespace Qt::StringLiterals;

namespace mpa::test {

EngineHarness::EngineHarness(const QString &configDir)
    : m_configDir(configDir)
    , m_paths(AppPaths::forConfigDir(configDir))
    , m_settings(std::make_unique<Settings>(m_paths.settingsFile()))
{
}

EngineHarness::~EngineHarness()
{
    stopEngine();
    m_settings.reset();
}

::testing::AssertionResult EngineHarness::start(const Options &options)
{
    stopEngine();
    m_engine = std::make_unique<Engine>(m_settings.get(), m_paths, nullptr, options.clock);
    Engine::Overrides overrides;
    overrides.cdpPort = options.cdpPort;
    if (options.debugApi) {
        overrides.debugServer = true;
        overrides.debugServerPort = 0;
    }
    m_engine->setOverrides(overrides);
    if (options.beforeStart)
        options.beforeStart(m_engine.get());
    m_engine->start();
    if (!options.debugApi)
        return ::testing::AssertionSuccess();

    if (!m_engine->debugApi()->isListening())
        return ::testing::AssertionFailure()
            << "the debug API does not listen: " << m_engine->debugApi()->error().toStdString();
    QString problem;
    const auto endpoint = DebugApiClient::locate(m_configDir, &problem);
    if (!endpoint)
        return ::testing::AssertionFailure() << "ctl cannot find the debug API: " << problem.toStdString();
    m_client = std::make_unique<DebugApiClient>(*endpoint);
    m_token = endpoint->token.toUtf8();
    return ::testing::AssertionSuccess();
}

void EngineHarness::stopEngine()
{
    m_client.reset();
    m_token.clear();
    m_engine.reset();
}

quint16 EngineHarness::debugPort() const
{
    return m_engine ? m_engine->debugApi()->port() : 0;
}

CommandResult EngineHarness::command(const QString &name, const QJsonObject &params,
                                     const CommandCaller &caller, CommandDispatcher::Scope scope,
                                     std::chrono::milliseconds timeout) const
{
    // Shared: an answer after the timeout must not write into this frame.
    const auto result = std::make_shared<std::optional<CommandResult>>();
    m_engine->commands()->dispatch(name, params, caller, scope,
                                   [result](const CommandResult &r) { *result = r; });
    if (!waitUntil([&] { return result->has_value(); }, timeout)) {
        ADD_FAILURE() << "no answer to " << name.toStdString();
        return CommandResult::failure(u"no answer to %1"_s.arg(name), ErrorKind::Timeout);
    }
    return **result;
}

QVariant EngineHarness::saved(SettingKey key) const
{
    return Settings(m_paths.settingsFile()).value(key);
}

} // namespace mpa::test
