#pragma once
// The chat-tab bridge as commands (DESIGN.md "Debug API", Bridge): startBridge, getBridge,
// listBridges, stopBridge, pauseBridge, resumeBridge, answerBridge — and the other direction:
// each session's browser side (BridgeEnvironment). The chat is a ChatSurface in the agent tab
// with the chat profile that fits it; commands run as toolkit commands in the session's own
// name (channel "bridge"), so it holds only the target tabs and the tabs the chat opened; the
// requests of its tabs come from a NetworkLog per tab; the run mask holds the user's input
// back on a target tab while a command runs there.
//
// Rights: target tabs picked in the window are handed to the session (the user's consent);
// through the API the toolkit/userTabs rule applies on first use. The gate's questions are
// answered by the user only.

#include <QString>

namespace mpa {

class BridgeManager;
class CdpEndpoint;
class CommandDispatcher;
class PayloadHub;
class RunMask;
class ToolkitCommands;
struct CommandCaller;

class BridgeActions
{
public:
    static void install(CommandDispatcher *commands, BridgeManager *bridge, ToolkitCommands *toolkit,
                        CdpEndpoint *endpoint, PayloadHub *hub, RunMask *mask, const QString &configDir);
    static QString channel(); // "bridge"
};

} // namespace mpa
