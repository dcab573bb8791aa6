#pragma once
// Servers: the debug HTTP API and the agent WebSocket server — on/off, port, token.

#include "SettingsPage.h"

namespace mpa {

class TokenBox;

class ServersPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit ServersPage(Engine *engine, QWidget *parent = nullptr);

    TokenBox *debugToken() const { return m_debugToken; }
    TokenBox *agentToken() const { return m_agentToken; }

private:
    TokenBox *m_debugToken;
    TokenBox *m_agentToken;
};

} // namespace mpa
