#pragma once
// The debug API's schedule and queue actions: the schedule's settings (getSchedule,
// updateSchedule, the VS Code extension's names for them read as ours), the prompt queue
// (status, start, pause, resume, stop, skip, rewind, reset), sending a prompt now, the prompt
// history, the agent panel's conversations and the model quota.

class QObject;

namespace mpa {

class AgentChat;
class CommandDispatcher;
class QuotaMonitor;
class Scheduler;
class Settings;

class DebugScheduleActions
{
public:
    struct Services
    {
        Settings *settings = nullptr;
        Scheduler *scheduler = nullptr;
        AgentChat *chat = nullptr;
        QuotaMonitor *quota = nullptr;
        // The context of asynchronous replies (sendPrompt, getConversations, getQuota).
        QObject *lifetime = nullptr;
    };

    static void install(CommandDispatcher *commands, const Services &services);
};

} // namespace mpa
