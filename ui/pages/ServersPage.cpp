#include "ServersPage.h"

#include "TokenBox.h"
#include "engine/Engine.h"
#include "server/DebugApiService.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

ServersPage::ServersPage(Engine *engine, QWidget *parent)
    : SettingsPage(engine, tr("Servers"),
                   tr("Let scripts and other agents drive the app. Both servers listen on 127.0.0.1 only and "
                      "refuse any client without the token."),
                   parent)
{
    const AppPaths &paths = engine->paths();

    QFormLayout *debug = addFormGroup(tr("Debug API"));
    addField(debug, QString(), SettingKey::DebugEnabled,
             SettingField::Options().withText(tr("Serve the debug API (HTTP)")));
    addField(debug, tr("Port:"), SettingKey::DebugPort);
    SettingField *evaluate = addField(
        debug, QString(), SettingKey::DebugAllowEvaluate,
        SettingField::Options().withText(tr("Allow evaluateInBrowser (runs any script in your pages)")));
    evaluate->setNote(tr("Only for debugging: anyone with the token can then read and change every page the "
                         "app is attached to."));
    m_debugToken = new TokenBox(paths.file(u"debug-token"_s), tr("the debug API"), this);
    m_debugToken->setObjectName(u"debugToken"_s);
    debug->addRow(tr("Token:"), m_debugToken);
    debug->addRow(hint(tr("multi-purpose-agent ctl ACTION reads this token by itself."), this));
    auto *state = new QLabel(this);
    state->setObjectName(u"debugServerState"_s);
    state->setWordWrap(true);
    debug->addRow(tr("State:"), state);
    DebugApiService *service = engine->debugApi();
    auto showState = [service, state] {
        if (service->isListening())
            state->setText(tr("Listening on http://127.0.0.1:%1").arg(service->port()));
        else if (!service->error().isEmpty())
            state->setText(tr("Not running: %1").arg(service->error()));
        else
            state->setText(tr("Not running"));
    };
    connect(service, &DebugApiService::stateChanged, this, showState);
    showState();

    QFormLayout *agent = addFormGroup(tr("Agent server"));
    addField(agent, QString(), SettingKey::AgentServerEnabled,
             SettingField::Options().withText(tr("Serve the browser toolkit to agents (WebSocket)")));
    addField(agent, tr("Port:"), SettingKey::AgentServerPort);
    m_agentToken = new TokenBox(paths.file(u"agent-token"_s), tr("the agent server"), this);
    m_agentToken->setObjectName(u"agentToken"_s);
    agent->addRow(tr("Token:"), m_agentToken);
    agent->addRow(hint(tr("Clients pass it as ?token=… or in a first {\"type\":\"auth\"} message."), this));
    // Wiring: connected clients and the listening address go here once the agent server lands.
    agent->addRow(pendingNotice(u"agentServerState"_s,
                                tr("Connected agents show here once the agent server is connected."), this));
    body()->addStretch(1);
}

} // namespace mpa
