#pragma once
// What the debug actions need from the application that composes them: its subsystems and
// the few facts only the composition root knows (run state, command-line overrides, the
// servers' state). The actions depend on this interface, never on the engine, so the module
// graph runs one way: engine → server → actions → subsystems.

#include <QJsonObject>
#include <QString>

#include <optional>

class QObject;

namespace mpa {

class AgentChat;
class AutoAcceptController;
class CdpEndpoint;
class Clock;
class CommandDispatcher;
class DesktopUi;
class PayloadHub;
class QuotaMonitor;
class Scheduler;
class Settings;
struct AppPaths;

class ActionHost
{
public:
    virtual ~ActionHost() = default;

    // The context object of asynchronous replies: callbacks are dropped when it is gone.
    virtual QObject *lifetime() = 0;

    virtual Settings *settings() const = 0;
    // The time every wait of the actions runs on (a FakeClock in tests).
    virtual Clock *clock() const = 0;
    virtual const AppPaths &paths() const = 0;
    virtual CdpEndpoint *endpoint() const = 0;
    virtual PayloadHub *payloads() const = 0;
    virtual CommandDispatcher *commands() const = 0;
    virtual Scheduler *scheduler() const = 0;
    virtual QuotaMonitor *quota() const = 0;
    virtual AutoAcceptController *autoAccept() const = 0;
    virtual AgentChat *agentChat() const = 0;

    virtual bool isRunning() const = 0;
    virtual bool isPaused() const = 0;
    virtual QString statusLine() const = 0;
    virtual qint64 uptimeSeconds() const = 0;
    virtual QJsonObject summary() const = 0;
    virtual int attachedPages() const = 0;
    // --auto-accept for this run, when given.
    virtual std::optional<bool> autoAcceptOverride() const = 0;
    // Whether auto-accept is on for this run: a --auto-accept wins over the saved setting until
    // the switch is flipped.
    virtual bool autoAcceptEnabled() const = 0;
    // The switch the tray and the window flip: saves autoAccept/enabled and drops a
    // command-line override, so it does what it says at once. False with `error` when the
    // setting could not be saved: then nothing changed (the override stays too).
    virtual bool setAutoAcceptEnabled(bool enabled, QString *error = nullptr) = 0;
    // The desktop UI (window, file handler); null when there is none (--headless).
    virtual DesktopUi *desktopUi() const = 0;
    // The debug API's state: listening, port, tokenFile.
    virtual QJsonObject debugApiState() const = 0;
    // The agent server's state (as getFullState's agentServer section).
    virtual QJsonObject agentServerState() const = 0;
};

} // namespace mpa
