// The Agents page: a real WebSocket agent (QWebSocket on loopback, the token in its URL) connects
// to the running agent server, names itself in a hello, runs a command; the page lists it, its
// activity, and Disconnect ends its connection. In client mode, a server shaped like the `tab`
// daemon (stakpak/tab's daemon/src/ws-server.ts: register → session_assigned) assigns a session:
// the page says the agent speaks the tab daemon's protocol and shows the session.
#include "pages/AgentsPage.h"

#include "AppRun.h"
#include "UiTest.h"
#include "Wait.h"
#include "server/ToolkitServerService.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QWebSocket>
#include <QWebSocketServer>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class AgentsPageTest : public UiTest
{
};

TEST_F(AgentsPageTest, ListsTheConnectedAgentsAndWhatTheyDidAndDisconnectsThem)
{
    const quint16 port = unusedPort();
    settings->setValue(SettingKey::AgentServerPort, port);
    settings->setValue(SettingKey::AgentServerEnabled, true);
    ToolkitServerService *service = engine->toolkitServer();
    service->start();
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();

    AgentsPage page(models()->agents());
    page.resize(760, 620);
    page.show();
    auto *none = page.findChild<QLabel *>(u"agentsNone"_s);
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->isVisible());
    EXPECT_FALSE(page.agentsTable()->isVisible());

    QWebSocket agent;
    QStringList received;
    QObject::connect(&agent, &QWebSocket::textMessageReceived, &agent,
                     [&](const QString &text) { received.append(text); });
    agent.open(QUrl(u"ws://127.0.0.1:%1/?token=%2"_s.arg(port).arg(service->token())));
    ASSERT_TRUE(waitUntil([&] { return agent.state() == QAbstractSocket::ConnectedState; }));
    agent.sendTextMessage(u"{\"type\":\"hello\",\"name\":\"Claude Desktop\"}"_s);
    ASSERT_TRUE(waitUntil([&] {
        return page.agentsTable()->rowCount() == 1
            && page.agentsTable()->item(0, 0)->text() == u"Claude Desktop"_s;
    }));
    EXPECT_TRUE(page.agentsTable()->isVisible());
    EXPECT_FALSE(none->isVisible());
    EXPECT_EQ(page.agentsTable()->item(0, 1)->text(), u"WebSocket (server mode)"_s);
    EXPECT_EQ(page.agentsTable()->item(0, 2)->text(), u"toolkit"_s);
    EXPECT_EQ(page.agentsTable()->item(0, 3)->text(), u"—"_s);
    EXPECT_EQ(page.agentsTable()->item(0, 5)->text(), u"none"_s);

    // A command it runs shows in the activity, with its result.
    agent.sendTextMessage(u"{\"id\":\"1\",\"type\":\"click\",\"params\":{\"ref\":\"e1\"}}"_s);
    ASSERT_TRUE(waitUntil([&] { return page.activityTable()->rowCount() == 1; }));
    EXPECT_EQ(page.activityTable()->item(0, 1)->text(), u"Claude Desktop"_s);
    EXPECT_EQ(page.activityTable()->item(0, 2)->text(), u"click"_s);
    EXPECT_TRUE(page.activityTable()->item(0, 4)->text().contains(u"no tab is in front, and you have none"_s))
        << page.activityTable()->item(0, 4)->text().toStdString();
    ASSERT_TRUE(waitUntil([&] { return !received.isEmpty(); }));
    screenshot(&page, u"agents-page"_s);

    // Disconnect ends the connection; the list empties.
    auto *disconnect = page.findChild<QPushButton *>(u"agentDisconnect"_s);
    ASSERT_TRUE(disconnect);
    EXPECT_FALSE(disconnect->isEnabled()) << "nothing selected yet";
    page.agentsTable()->selectRow(0);
    ASSERT_TRUE(disconnect->isEnabled());
    disconnect->click();
    ASSERT_TRUE(waitUntil([&] { return agent.state() == QAbstractSocket::UnconnectedState; }));
    ASSERT_TRUE(waitUntil([&] { return none->isVisible(); }));
    EXPECT_EQ(page.activityTable()->rowCount(), 1) << "the activity stays";
    service->stop();
}

TEST_F(AgentsPageTest, ShowsTheTabDaemonsSessionOfAClientModeAgent)
{
    // The daemon's side of the handshake, from its documented shapes: it waits for
    // {"type":"register","windowId":N,"cachedSessionId":…} and answers
    // {"type":"session_assigned","sessionId":…}.
    QWebSocketServer daemon(u"tab-daemon"_s, QWebSocketServer::NonSecureMode);
    ASSERT_TRUE(daemon.listen(QHostAddress::LocalHost));
    QJsonObject registration;
    QObject::connect(&daemon, &QWebSocketServer::newConnection, &daemon, [&] {
        QWebSocket *extension = daemon.nextPendingConnection();
        QObject::connect(extension, &QWebSocket::textMessageReceived, extension,
                         [&, extension](const QString &text) {
                             const QJsonObject message = QJsonDocument::fromJson(text.toUtf8()).object();
                             if (message.value(u"type"_s).toString() != u"register"_s)
                                 return;
                             registration = message;
                             extension->sendTextMessage(
                                 uR"({"type":"session_assigned","sessionId":"6f1c2d9e-window-1"})"_s);
                         });
    });
    settings->setValue(SettingKey::AgentServerMode, u"client"_s);
    settings->setValue(SettingKey::AgentServerUrl, u"ws://127.0.0.1:%1/ws"_s.arg(daemon.serverPort()));
    settings->setValue(SettingKey::AgentServerEnabled, true);
    ToolkitServerService *service = engine->toolkitServer();
    service->start();

    AgentsPage page(models()->agents());
    page.resize(900, 520);
    page.show();
    ASSERT_TRUE(waitUntil([&] {
        return page.agentsTable()->rowCount() == 1 && page.agentsTable()->item(0, 3)->text() != u"—"_s;
    }));
    EXPECT_TRUE(registration.value(u"windowId"_s).toInt() > 0)
        << QJsonDocument(registration).toJson().toStdString();
    EXPECT_TRUE(registration.value(u"cachedSessionId"_s).isNull()) << "nothing was assigned before";
    EXPECT_EQ(page.agentsTable()->item(0, 1)->text(), u"WebSocket (client mode)"_s);
    EXPECT_EQ(page.agentsTable()->item(0, 2)->text(), u"tab daemon"_s);
    EXPECT_EQ(page.agentsTable()->item(0, 3)->text(), u"6f1c2d9e-window-1"_s);
    EXPECT_TRUE(service->statusText().contains(u"session 6f1c2d9e-window-1"_s))
        << service->statusText().toStdString();
    screenshot(&page, u"agents-page-tab-daemon"_s);
    service->stop();
}

} // namespace
