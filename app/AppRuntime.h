#pragma once
// What the tray app and --headless share: config folder, instance lock, logging, settings,
// the engine, the demo, signals and --quit-after. main() adds the window and tray on top.

#include "CommandLine.h"
#include "settings/AppPaths.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace mpa {

class DemoEnvironment;
class Engine;
class InstanceLock;
class Settings;
class TerminationSignals;

class AppRuntime : public QObject
{
    Q_OBJECT
public:
    explicit AppRuntime(const AppOptions &options, QObject *parent = nullptr);
    ~AppRuntime() override;

    // Sets up everything up to the engine. Returns an exit code to stop with, or -1 to go on
    // (then call start()).
    int prepare();
    // Starts the engine, or, on standby, waits for the other instance to go first.
    void start();
    // Stops the engine and the demo; safe to call twice.
    void shutdown();

    Engine *engine() const { return m_engine.get(); }
    bool isDemo() const { return m_options.demo; }
    bool isStandingBy() const { return m_standingBy; }
    const AppPaths &paths() const { return m_paths; }
    // The headless exit line of DESIGN.md.
    QString summaryLine() const;
    // "Try the Demo": starts this program again with --demo (waiting for this instance's config
    // dir with --standby), then quits; false with `error` when it could not be started.
    bool restartInDemo(QString *error = nullptr);
    QStringList demoArguments() const;

Q_SIGNALS:
    void quitRequested(int exitCode);
    void showWindowRequested();
    void standbyChanged(bool standingBy);

private:
    void startEngine();
    // A launch that asks for nothing but the window (no arguments, --show, --config-dir).
    static bool onlyAsksForTheWindow(const QStringList &arguments);
    void onForwardedArguments(const QStringList &arguments);

    AppOptions m_options;
    AppPaths m_paths;
    std::unique_ptr<InstanceLock> m_lock;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<DemoEnvironment> m_demo;
    TerminationSignals *m_signals = nullptr;
    QTimer m_quitTimer;
    bool m_standingBy = false;
};

} // namespace mpa
