// The Agents page: a real WebSocket agent (QWebSocket on loopback, the token in its URL) connects
// to the running agent server, names itself in a hello, runs a command; the page lists it, its
// activity, and Disconnect ends its connection.
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

    AgentsPage page(engine.get());
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
    EXPECT_EQ(page.agentsTable()->item(0, 3)->text(), u"none"_s);

    // A command it runs shows in the activity, with its result.
    agent.sendTextMessage(u"{\"id\":\"1\",\"type\":\"click\",\"params\":{\"ref\":\"e1\"}}"_s);
    ASSERT_TRUE(waitUntil([&] { return page.activityTable()->rowCount() == 1; }));
    EXPECT_EQ(page.activityTable()->item(0, 1)->text(), u"Claude Desktop"_s);
    EXPECT_EQ(page.activityTable()->item(0, 2)->text(), u"click"_s);
    EXPECT_TRUE(page.activityTable()->item(0, 4)->text().contains(u"you have no tab yet"_s))
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

} // namespace
