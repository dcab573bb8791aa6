#include "ServersPage.h"

#include "EngineControls.h"
#include "ErrorStyle.h"
#include "TokenBox.h"
#include "Widgets.h"
#include "WrappingLabel.h"
#include "common/KnownSentences.h"
#include "server/DebugApiService.h"
#include "server/ToolkitServerService.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QFormLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

void ServersPage::followServer(ServerService *service, TokenBox *token,
                               const std::function<void()> &showState)
{
    connect(service, &ServerService::stateChanged, this, [token, showState] {
        token->reload(); // the service creates the token on its first start
        showState();
    });
    // A token made here replaces the one the running server checks, at once.
    connect(token, &TokenBox::regenerated, service, &ServerService::reloadToken);
    showState();
}

void ServersPage::showProblem(QLabel *state, const ServerService *service, SettingField *port)
{
    const bool failed = !service->error().isEmpty();
    ErrorStyle::setError(state, failed);
    // The whole story, setting names too, in the window's language.
    state->setToolTip(failed ? knownSentence(service->error()).translated() : QString());
    port->setProblem(
        service->busyPort() != 0
            ? tr("Port %1 is in use by another program; choose another.").arg(service->busyPort())
            : QString());
}

ServersPage::ServersPage(Settings *appSettings, const AppPaths &paths, DebugApiService *debugApi,
                         ToolkitServerService *agentServer, QWidget *parent)
    : SettingsPage(appSettings, tr("Servers"),
                   tr("Let scripts and other agents drive the app. Both servers listen on 127.0.0.1 only and "
                      "refuse any client without the token."),
                   parent)
{

    QFormLayout *debug = addFormGroup(tr("Debug API"));
    addField(debug, QString(), SettingKey::DebugEnabled,
             SettingField::Options().withText(tr("Serve the debug API (HTTP)")));
    SettingField *debugPort = addField(debug, tr("Port:"), SettingKey::DebugPort);
    SettingField *evaluate
        = addField(debug, QString(), SettingKey::DebugAllowEvaluate,
                   SettingField::Options().withText(tr("Let the debug API run any script in your pages")));
    evaluate->setToolTip(tr("Setting: debug/allowEvaluate (the evaluateInBrowser action)"));
    evaluate->setNote(tr("Only for debugging: anyone with the token can then read and change every page the "
                         "app is attached to."));
    m_debugToken = new TokenBox(paths.file(u"debug-token"_s), tr("the debug API"), this);
    m_debugToken->setObjectName(u"debugToken"_s);
    debug->addRow(tr("Token:"), m_debugToken);
    debug->addRow(hint(tr("multi-purpose-agent ctl ACTION reads this token by itself."), this));
    auto *state = new QLabel(this);
    state->setObjectName(u"debugServerState"_s);
    makeWrapping(state); // a long reason wraps instead of being cut off
    state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    debug->addRow(tr("State:"), state);
    DebugApiService *service = debugApi;
    auto showState = [service, state, debugPort] {
        const QString problem = EngineControls::serverProblem(service);
        if (service->isListening())
            state->setText(tr("Listening on http://127.0.0.1:%1").arg(service->port()));
        else if (!problem.isEmpty())
            state->setText(tr("Not running: %1.").arg(problem));
        else
            state->setText(tr("Not running"));
        showProblem(state, service, debugPort);
    };
    followServer(service, m_debugToken, showState);

    QFormLayout *agent = addFormGroup(tr("Agent server"));
    addField(agent, QString(), SettingKey::AgentServerEnabled,
             SettingField::Options().withText(tr("Serve the browser toolkit to agents (WebSocket)")));
    addField(
        agent, tr("Mode:"), SettingKey::AgentServerMode,
        SettingField::Options().withChoices(
            { { u"server"_s, tr("Server: agents connect to this app") },
              { u"client"_s,
                tr("Client: this app dials out to an agent (as the LLM Browser Agent extension did)") } }));
    SettingField *agentPort = addField(agent, tr("Port:"), SettingKey::AgentServerPort);
    agentPort->setNote(tr("Server mode listens here."));
    SettingField *agentUrl = addField(agent, tr("Agent URL:"), SettingKey::AgentServerUrl,
                                      SettingField::Options().withPlaceholder(u"ws://localhost:8080"_s));
    agentUrl->setNote(tr("Client mode connects here and retries every 1–30 s while nobody answers."));
    // Only the field the chosen mode uses is shown: a server listens on a port, a client dials a URL.
    auto showModeField = [this, agent, agentPort, agentUrl] {
        const bool client = settings()->stringValue(SettingKey::AgentServerMode) == u"client"_s;
        agent->setRowVisible(agentPort, !client);
        agent->setRowVisible(agentUrl, client);
    };
    connect(settings(), &Settings::changed, this, [showModeField](SettingKey key) {
        if (key == SettingKey::AgentServerMode)
            showModeField();
    });
    showModeField();
    m_agentToken = new TokenBox(paths.file(u"agent-token"_s), tr("the agent server"), this);
    m_agentToken->setObjectName(u"agentToken"_s);
    agent->addRow(tr("Token:"), m_agentToken);
    agent->addRow(hint(tr("Clients pass it as ?token=… or in a first {\"type\":\"auth\"} message. "
                          "multi-purpose-agent mcp serves the same tools over MCP on stdio."),
                       this));
    auto *agentState = Widgets::wrappingLabel(u"agentServerState"_s, this);
    agentState->setTextInteractionFlags(Qt::TextSelectableByMouse);
    agent->addRow(tr("State:"), agentState);
    // The retry countdown moves without a state change: refresh it every second while waiting.
    auto *countdown = new QTimer(this);
    countdown->setInterval(1000);
    auto showAgentState = [agentServer, agentState, countdown, agentPort] {
        const QString problem = EngineControls::serverProblem(agentServer);
        // The state in the window's language (core's statusText is the API's English).
        const QString status = agentServer->statusText();
        static const char *const kCoreOff = "Off"; // core's word, not one to translate here
        const bool off = status == ToolkitServerService::tr(kCoreOff);
        agentState->setText(!problem.isEmpty() ? tr("Not running: %1.").arg(problem)
                                : off          ? tr("Off")
                                               : knownSentence(status).translated());
        showProblem(agentState, agentServer, agentPort);
        const bool waiting = agentServer->stateJson().value(u"state"_s).toString() == u"waiting"_s;
        if (waiting && !countdown->isActive())
            countdown->start();
        else if (!waiting)
            countdown->stop();
    };
    connect(countdown, &QTimer::timeout, this, showAgentState);
    followServer(agentServer, m_agentToken, showAgentState);

    QFormLayout *tabs = addFormGroup(tr("Your tabs"));
    tabs->addRow(hint(tr("Agents always control the tabs they open. A tab of yours (the one you are "
                         "looking at, or one an agent names) needs your consent."),
                      this));
    addField(tabs, tr("Agents on your tabs:"), SettingKey::ToolkitUserTabs,
             SettingField::Options().withChoices({ { u"ask"_s,
                                                     tr("Ask me each time (Allow once · Allow for "
                                                        "this site · Deny)") },
                                                   { u"allow"_s, tr("Allow without asking") },
                                                   { u"deny"_s, tr("Never") } }));
    addField(tabs, QString(), SettingKey::ToolkitAllowFileUrls,
             SettingField::Options().withText(tr("Let agents open file: addresses (your files)")))
        ->setNote(
            tr("The app's own folders (its tokens and settings) are never opened, whatever this says."));
    addField(tabs, tr("Uploads from:"), SettingKey::ToolkitUploadDirs,
             SettingField::Options()
                 .withPlaceholder(tr("one folder per line, e.g. /home/you/uploads"))
                 .withLines(3))
        ->setNote(
            tr("Agents may put files from these folders (and the folders inside them) into a page's file "
               "upload: no other file, and never the app's own folders."));
    addField(
        tabs, tr("Sites allowed:"), SettingKey::ToolkitAllowedSites,
        SettingField::Options().withPlaceholder(tr("one host per line, e.g. mail.google.com")).withLines(4))
        ->setNote(tr("Added by “Allow for this site”; delete a line to take the grant back. Without a "
                     "desktop (the mcp command alone) only these sites and “Allow without asking” let an "
                     "agent in."));
    addField(tabs, tr("Sign-ins allowed:"), SettingKey::ToolkitDataSites,
             SettingField::Options().withPlaceholder(tr("one host per line, e.g. github.com")).withLines(3))
        ->setNote(
            tr("Sites whose cookies and stored data (your sign-ins) agents may read and change without "
               "asking. Asked for on their own: a site allowed above is not one of these. Delete a line "
               "to take the grant back."));
    body()->addStretch(1);
}

} // namespace mpa
