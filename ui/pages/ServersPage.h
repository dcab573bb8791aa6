#pragma once
// Servers: the debug HTTP API and the agent WebSocket server — on/off, port, token.

#include "SettingsPage.h"

#include <functional>

class QLabel;

namespace mpa {

class DebugApiService;
class ServerService;
class TokenBox;
class ToolkitServerService;
struct AppPaths;

class ServersPage : public SettingsPage
{
    Q_OBJECT
public:
    // `paths` holds the servers' token files.
    ServersPage(Settings *appSettings, const AppPaths &paths, DebugApiService *debugApi,
                ToolkitServerService *agentServer, QWidget *parent = nullptr);

    TokenBox *debugToken() const { return m_debugToken; }
    TokenBox *agentToken() const { return m_agentToken; }

private:
    // The state line and the token box follow the server's state; a token made in the box is
    // the server's at once.
    void followServer(ServerService *service, TokenBox *token, const std::function<void()> &showState);
    // A server that failed looks like an error (one style), with the whole error as the
    // tooltip; the Port field is flagged when another program holds the port.
    static void showProblem(QLabel *state, const ServerService *service, SettingField *port);

    TokenBox *m_debugToken;
    TokenBox *m_agentToken;
};

} // namespace mpa
