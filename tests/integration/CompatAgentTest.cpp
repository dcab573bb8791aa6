// Drop-in for agents written for the LLM Browser Agent extension (stakpak/tab): the app in
// client mode, dialling an agent that listens, on real headless Chromium.
//
// - AnLlmBrowserAgentAgentFillsAFormThroughClientMode: such an agent in Node.js
//   (tests/npm/lba-agent.mjs, written from the extension's documented message shapes) fills and
//   submits a form with requests that carry no id, its own parameter names and its own reading
//   of the replies.
// - The rest: a mock agent server in the shape of the extension's own e2e helper
//   (extension/tests/e2e/helpers/mock-server.ts: it sends {id, type, params}, waits for the reply
//   with that id, answers ping with pong), one test per behaviour of the extension's router
//   (src/background/router.ts: a command goes to the tab last used, else the active tab;
//   snapshot reads the active tab; open navigates it), of its replies and of the verbs it grew
//   (src/content/actions/find.ts, mouse.ts, drag.ts, scrollintoview.ts, wait.ts, type.ts), on
//   tests/fixtures/toolkit/lba-page.html (after the extension's e2e fixture test-page.html).
// - The tab daemon's handshake (daemon/src/ws-server.ts and types.ts): a server of that shape
//   answers {"type":"register", windowId, cachedSessionId} with {"type":"session_assigned",
//   sessionId} (twice, as the daemon's registration and connection handlers both send it), pings
//   the app, sends commands, drops the socket and gets the same session back on the reconnect.
#include "EngineChromiumTest.h"
#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "engine/Engine.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QUuid>
#include <QWebSocket>
#include <QWebSocketServer>

#include <gtest/gtest.h>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// An agent that listens, as the extension's e2e helper is one: it sends {id, type, params} to
// the app that connected and waits for the reply with that id; it answers {"type":"ping"} with
// {"type":"pong"}. As a daemon (`daemon`), it also assigns sessions the way the tab daemon does.
class MockAgentServer : public QObject
{
public:
    explicit MockAgentServer(bool daemon = false)
        : m_daemon(daemon)
        , m_server(u"mock-agent"_s, QWebSocketServer::NonSecureMode)
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QWebSocketServer::newConnection, this, [this] {
            while (QWebSocket *socket = m_server.nextPendingConnection()) {
                m_clients.append(socket);
                ++m_connectionsMade;
                connect(socket, &QWebSocket::textMessageReceived, this,
                        [this, socket](const QString &text) { onMessage(socket, text); });
                connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    quint16 port() const { return m_server.serverPort(); }
    QString url() const { return u"ws://127.0.0.1:%1/ws"_s.arg(port()); }
    int connectionsMade() const { return m_connectionsMade; }
    QWebSocket *client() const
    {
        for (qsizetype i = m_clients.size() - 1; i >= 0; --i) {
            if (m_clients.at(i) && m_clients.at(i)->state() == QAbstractSocket::ConnectedState)
                return m_clients.at(i);
        }
        return nullptr;
    }
    bool waitForConnection(int made = 1) const
    {
        return waitUntil([&] { return m_connectionsMade >= made && client(); }, 20s);
    }

    // Sends a command and waits for its reply (an empty object when none came).
    QJsonObject request(const QString &type, const QJsonObject &params = {},
                        std::chrono::milliseconds timeout = 40s)
    {
        QWebSocket *socket = client();
        if (!socket) {
            ADD_FAILURE() << "no app is connected to the mock agent";
            return {};
        }
        const QString id = u"%1-%2"_s.arg(type).arg(++m_nextId);
        QJsonObject command { { u"id"_s, id }, { u"type"_s, type } };
        if (!params.isEmpty())
            command.insert(u"params"_s, params);
        socket->sendTextMessage(QString::fromUtf8(QJsonDocument(command).toJson(QJsonDocument::Compact)));
        if (!waitUntil([&] { return m_replies.contains(id); }, timeout)) {
            ADD_FAILURE() << "no reply to " << type.toStdString() << " within the time";
            return {};
        }
        return m_replies.take(id);
    }

    // A ping of the agent's (the daemon's heartbeat): true once the app answered with a pong.
    bool pingAnswered()
    {
        QWebSocket *socket = client();
        if (!socket)
            return false;
        const int before = m_pongs;
        socket->sendTextMessage(u"{\"type\":\"ping\"}"_s);
        return waitUntil([&] { return m_pongs > before; }, 10s);
    }

    void dropConnections()
    {
        for (const QPointer<QWebSocket> &socket : std::as_const(m_clients)) {
            if (socket)
                socket->abort();
        }
    }

    QList<QJsonObject> registrations; // what the app registered with, in order
    QStringList assigned; // the sessions this daemon assigned, in order

private:
    void onMessage(QWebSocket *socket, const QString &text)
    {
        const QJsonObject message = QJsonDocument::fromJson(text.toUtf8()).object();
        const QString type = message.value(u"type"_s).toString();
        if (type == u"ping"_s) {
            socket->sendTextMessage(u"{\"type\":\"pong\"}"_s);
            return;
        }
        if (type == u"pong"_s) {
            ++m_pongs;
            return;
        }
        if (type == u"register"_s) {
            registrations.append(message);
            if (!m_daemon)
                return; // an agent of the plain protocol does not know it
            // Reattach to the cached session when this daemon knows it, else a new one.
            const QString cached = message.value(u"cachedSessionId"_s).toString();
            const QString session
                = m_sessions.contains(cached) ? cached : QUuid::createUuid().toString(QUuid::WithoutBraces);
            m_sessions.insert(session);
            assigned.append(session);
            const QString assignment
                = QString::fromUtf8(QJsonDocument(QJsonObject { { u"type"_s, u"session_assigned"_s },
                                                                { u"sessionId"_s, session } })
                                        .toJson(QJsonDocument::Compact));
            socket->sendTextMessage(assignment);
            socket->sendTextMessage(assignment);
            return;
        }
        if (message.value(u"id"_s).isString() && message.value(u"success"_s).isBool())
            m_replies.insert(message.value(u"id"_s).toString(), message);
    }

    bool m_daemon;
    QWebSocketServer m_server;
    QList<QPointer<QWebSocket>> m_clients;
    QHash<QString, QJsonObject> m_replies;
    QSet<QString> m_sessions;
    int m_connectionsMade = 0;
    int m_nextId = 0;
    int m_pongs = 0;
};

// The tabs the app opened (open newTab, tab new) are closed by EngineChromiumTest's TearDown.
class CompatAgentTest : public EngineChromiumTest
{
protected:
    // The app in client mode dialling `agent`, with the user's tabs allowed as the extension had
    // them (toolkit/userTabs=allow), JavaScript allowed for eval.
    void startApp(MockAgentServer &agent)
    {
        ASSERT_TRUE(connectOwnEndpoint());
        ASSERT_TRUE(settings->setValue(SettingKey::ToolkitUserTabs, u"allow"_s));
        ASSERT_TRUE(settings->setValue(SettingKey::ToolkitAllowEval, true));
        ASSERT_TRUE(settings->setValue(SettingKey::AgentServerMode, u"client"_s));
        ASSERT_TRUE(settings->setValue(SettingKey::AgentServerUrl, agent.url()));
        ASSERT_TRUE(settings->setValue(SettingKey::AgentServerEnabled, true));
        ASSERT_TRUE(startEngineOnBrowser());
        ASSERT_TRUE(agent.waitForConnection());
    }

    // The user's page, in front (as the extension's tests bring theirs to the front); the app sees it.
    CdpSession *userPage(const QUrl &url) { return openSeenTab(url, true); }

    static QUrl page() { return fixtureUrl(u"toolkit/lba-page.html"_s); }

    // What the page recorded (window.seen), read over the test's own connection.
    static QJsonObject seen(CdpSession *page)
    {
        return QJsonDocument::fromJson(evaluate(page, u"JSON.stringify(window.seen)"_s).toString().toUtf8())
            .object();
    }

    static QJsonObject data(const QJsonObject &reply) { return reply.value(u"data"_s).toObject(); }
    static QString error(const QJsonObject &reply) { return reply.value(u"error"_s).toString(); }
    static std::string dump(const QJsonObject &reply)
    {
        return QJsonDocument(reply).toJson(QJsonDocument::Compact).left(3000).toStdString();
    }

    static QString refOf(const QString &snapshot, const QString &needle)
    {
        for (const QString &line : snapshot.split(u'\n')) {
            static const QRegularExpression ref(u"\\[ref=(e\\d+)\\]"_s);
            const QRegularExpressionMatch m = ref.match(line);
            if (line.contains(needle) && m.hasMatch())
                return m.captured(1);
        }
        ADD_FAILURE() << "no ref for " << needle.toStdString() << " in\n" << snapshot.toStdString();
        return u"e0"_s;
    }

    // The ref `find` answers for a locator (a test failure when it finds none).
    QString found(MockAgentServer &agent, const QJsonObject &params)
    {
        const QJsonObject reply = agent.request(u"find"_s, params);
        EXPECT_TRUE(reply.value(u"success"_s).toBool()) << dump(reply);
        return data(reply).value(u"ref"_s).toString();
    }

    // The element's box in the viewport (the extension's get box: top, left, width, height).
    QJsonObject boxOf(MockAgentServer &agent, const QString &ref)
    {
        const QJsonObject reply = agent.request(u"get"_s, { { u"what"_s, u"box"_s }, { u"ref"_s, ref } });
        EXPECT_TRUE(reply.value(u"success"_s).toBool()) << dump(reply);
        return data(reply).value(u"result"_s).toObject();
    }

    // The connection survived a refusal: the app still answers the agent's ping and its commands.
    void stillUp(MockAgentServer &agent)
    {
        EXPECT_TRUE(agent.pingAnswered());
        const QJsonObject title = agent.request(u"get"_s, { { u"what"_s, u"title"_s } });
        EXPECT_EQ(data(title).value(u"result"_s).toString(), u"E2E Test Page"_s) << dump(title);
        EXPECT_EQ(agent.connectionsMade(), 1) << "the app reconnected: the refusal cost the connection";
    }
};

// The tests that begin with the app dialling a MockAgentServer and the test page in front.
class CompatAgentOnPageTest : public CompatAgentTest
{
protected:
    void SetUp() override
    {
        CompatAgentTest::SetUp();
        ASSERT_NO_FATAL_FAILURE(startApp(agent));
        tab = userPage(page());
        ASSERT_TRUE(tab);
    }

    // The drawing canvas, scrolled into view; `left` and `top` get its box's top left in the viewport.
    void canvasInView(double *left, double *top)
    {
        const QString canvas
            = found(agent, { { u"locator"_s, u"label"_s }, { u"value"_s, u"Drawing canvas"_s } });
        ASSERT_TRUE(
            agent.request(u"scrollintoview"_s, { { u"ref"_s, canvas } }).value(u"success"_s).toBool());
        const QJsonObject box = boxOf(agent, canvas);
        *left = box.value(u"left"_s).toDouble();
        *top = box.value(u"top"_s).toDouble();
    }

    MockAgentServer agent;
    CdpSession *tab = nullptr; // the user's page
};

TEST_F(CompatAgentTest, AnLlmBrowserAgentAgentFillsAFormThroughClientMode)
{
    const QUrl form = fixtureUrl(u"toolkit/form.html"_s);
    NodeBridge agent(u"lba-agent.mjs"_s, { form.toString() });
    const auto listening = agent.waitForEvent(u"listening"_s, 15s);
    ASSERT_TRUE(listening) << agent.transcript().toStdString();
    const int port = listening->value(u"port"_s).toInt();

    ASSERT_TRUE(settings->setValue(SettingKey::AgentServerMode, u"client"_s));
    ASSERT_TRUE(settings->setValue(SettingKey::AgentServerUrl, u"ws://127.0.0.1:%1"_s.arg(port)));
    ASSERT_TRUE(settings->setValue(SettingKey::AgentServerEnabled, true));
    ASSERT_TRUE(startEngineOnBrowser());

    const auto outcome = agent.waitFor(
        [](const QJsonObject &e) {
            const QString event = e.value(u"event"_s).toString();
            return event == u"done"_s || event == u"failed"_s;
        },
        60s);
    ASSERT_TRUE(outcome) << agent.transcript().toStdString();
    EXPECT_EQ(outcome->value(u"event"_s).toString(), u"done"_s)
        << QJsonDocument(*outcome).toJson().toStdString() << agent.transcript().toStdString();

    // The form was really filled and submitted in the page.
    own = connectEndpoint();
    ASSERT_TRUE(own);
    CdpSession *page = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        for (CdpSession *s : own->pageSessions()) {
            if (s->targetInfo().url == form.toString())
                page = s;
        }
        return page != nullptr;
    }));
    EXPECT_EQ(evaluate(page,
                       u"JSON.stringify([window.submitted && window.submitted.name, "
                       "window.submitted && window.submitted.email, "
                       "document.getElementById('terms').checked, "
                       "document.getElementById('country').value])"_s)
                  .toString(),
              uR"(["Ada Lovelace","ada@example.com",true,"jp"])"_s);
    // An agent of the plain protocol got the register too, and carried on without a session.
    EXPECT_TRUE(engine->toolkitServer()->stateJson().value(u"sessionId"_s).toString().isEmpty());
}

TEST_F(CompatAgentOnPageTest, TheFirstCommandWithoutASnapshotGoesToTheTabInFront)
{

    // As the extension's router: no snapshot taken, no tab named — the active tab.
    const QJsonObject title = agent.request(u"get"_s, { { u"what"_s, u"title"_s } });
    ASSERT_TRUE(title.value(u"success"_s).toBool()) << dump(title);
    EXPECT_EQ(data(title).value(u"result"_s).toString(), u"E2E Test Page"_s);
    const QJsonObject reload = agent.request(u"reload"_s);
    ASSERT_TRUE(reload.value(u"success"_s).toBool()) << dump(reload);
    EXPECT_EQ(data(reload).value(u"executed"_s), QJsonValue(true));
    // And later commands stay on the tab last used, also when another tab comes to the front.
    ASSERT_TRUE(userPage(fixtureUrl(u"toolkit/other.html"_s)));
    const QJsonObject again = agent.request(u"get"_s, { { u"what"_s, u"url"_s } });
    EXPECT_EQ(data(again).value(u"result"_s).toString(), page().toString()) << dump(again);
}

TEST_F(CompatAgentTest, OpenNavigatesTheTabInFrontAndNewTabOpensOne)
{
    MockAgentServer agent;
    ASSERT_NO_FATAL_FAILURE(startApp(agent));
    CdpSession *tab = userPage(QUrl(u"about:blank"_s));
    ASSERT_TRUE(tab);
    const qsizetype tabs = own->pageSessions().size();

    const QJsonObject opened = agent.request(u"open"_s, { { u"url"_s, page().toString() } });
    ASSERT_TRUE(opened.value(u"success"_s).toBool()) << dump(opened);
    EXPECT_EQ(data(opened).value(u"executed"_s), QJsonValue(true));
    // The same tab now shows the page: no tab was added.
    EXPECT_EQ(evaluate(tab, u"location.href"_s).toString(), page().toString());
    EXPECT_EQ(own->pageSessions().size(), tabs);

    const QJsonObject fresh = agent.request(
        u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/other.html"_s).toString() }, { u"newTab"_s, true } });
    ASSERT_TRUE(fresh.value(u"success"_s).toBool()) << dump(fresh);
    ASSERT_TRUE(waitUntil([&] { return own->pageSessions().size() == tabs + 1; }));
    EXPECT_EQ(evaluate(tab, u"location.href"_s).toString(), page().toString()) << "the first tab stayed";
}

TEST_F(CompatAgentOnPageTest, TabSwitchMakesTheTabTheActiveOne)
{
    ASSERT_TRUE(userPage(fixtureUrl(u"toolkit/other.html"_s)));

    const auto listed = [&] {
        const QJsonObject reply = agent.request(u"tab"_s, { { u"action"_s, u"list"_s } });
        EXPECT_TRUE(reply.value(u"success"_s).toBool()) << dump(reply);
        return data(reply);
    };
    const QJsonObject first = listed();
    QJsonObject target;
    for (const QJsonValue &t : first.value(u"tabs"_s).toArray()) {
        if (t.toObject().value(u"url"_s).toString() == page().toString())
            target = t.toObject();
    }
    ASSERT_FALSE(target.isEmpty()) << dump(first);
    ASSERT_FALSE(target.value(u"active"_s).toBool()) << "the other page was opened after it, in front";

    const QJsonObject switched
        = agent.request(u"tab"_s, { { u"action"_s, u"switch"_s }, { u"tabId"_s, target.value(u"id"_s) } });
    ASSERT_TRUE(switched.value(u"success"_s).toBool()) << dump(switched);

    const QJsonObject after = listed();
    int active = 0;
    for (const QJsonValue &t : after.value(u"tabs"_s).toArray()) {
        const QJsonObject entry = t.toObject();
        if (entry.value(u"active"_s).toBool()) {
            ++active;
            EXPECT_EQ(entry.value(u"url"_s).toString(), page().toString()) << dump(after);
        }
    }
    EXPECT_EQ(active, 1) << dump(after);
    EXPECT_EQ(after.value(u"activeTabId"_s), target.value(u"id"_s)) << dump(after);
    // The snapshot reads the tab in front: the one switched to.
    const QJsonObject snapshot = agent.request(u"snapshot"_s);
    EXPECT_EQ(data(snapshot).value(u"title"_s).toString(), u"E2E Test Page"_s) << dump(snapshot);
}

TEST_F(CompatAgentOnPageTest, EvalRunsAnExpressionOrAFunctionBody)
{

    const auto run = [&](const QString &script) {
        const QJsonObject reply = agent.request(u"eval"_s, { { u"script"_s, script } });
        EXPECT_TRUE(reply.value(u"success"_s).toBool()) << script.toStdString() << ": " << dump(reply);
        return data(reply).value(u"result"_s);
    };
    EXPECT_EQ(run(u"return 1 + 1"_s), QJsonValue(2));
    EXPECT_EQ(run(u"document.title"_s), QJsonValue(u"E2E Test Page"_s));
    EXPECT_EQ(run(u"const n = await Promise.resolve(3);\nreturn n * 2;"_s), QJsonValue(6));
    EXPECT_EQ(run(u"return { tag: document.querySelector('h1').tagName, list: [1, 'b', null] }"_s),
              QJsonValue(QJsonObject { { u"tag"_s, u"H1"_s },
                                       { u"list"_s, QJsonArray { 1, u"b"_s, QJsonValue() } } }));
    EXPECT_EQ(run(u"new Promise((resolve) => setTimeout(() => resolve('late'), 50))"_s),
              QJsonValue(u"late"_s));
    // Declaring twice (an agent repeats itself) is no error.
    EXPECT_EQ(run(u"let twice = 1; twice"_s), QJsonValue(1));
    EXPECT_EQ(run(u"let twice = 2; twice"_s), QJsonValue(2));
}

TEST_F(CompatAgentOnPageTest, AnUnknownRefIsElementNotFound)
{
    ASSERT_TRUE(agent.request(u"snapshot"_s).value(u"success"_s).toBool());

    const QJsonObject clicked = agent.request(u"click"_s, { { u"ref"_s, u"e99999"_s } });
    EXPECT_FALSE(clicked.value(u"success"_s).toBool());
    EXPECT_TRUE(error(clicked).startsWith(u"Element not found: e99999"_s)) << dump(clicked);
    EXPECT_TRUE(error(clicked).contains(u"not found"_s));
    EXPECT_TRUE(error(clicked).contains(u"take a new snapshot"_s)) << "our explanation follows";
}

TEST_F(CompatAgentOnPageTest, TheSnapshotBeginsWithTheDocument)
{

    const QJsonObject reply = agent.request(u"snapshot"_s);
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << dump(reply);
    const QString text = data(reply).value(u"snapshot"_s).toString();
    EXPECT_EQ(text.section(u'\n', 0, 0), u"- RootWebArea \"E2E Test Page\""_s) << text.toStdString();
    EXPECT_TRUE(text.contains(u"- button \"Test Button\" [ref="_s)) << text.toStdString();
    EXPECT_EQ(data(reply).value(u"title"_s).toString(), u"E2E Test Page"_s);
    EXPECT_EQ(data(reply).value(u"url"_s).toString(), page().toString());

    // The budget counts the document line: a snapshot cut to 100 characters holds it and what fits.
    const QJsonObject small = agent.request(u"snapshot"_s, { { u"maxChars"_s, 100 } });
    const QString cut = data(small).value(u"snapshot"_s).toString();
    EXPECT_TRUE(cut.startsWith(u"- RootWebArea \"E2E Test Page\"\n"_s)) << cut.toStdString();
    EXPECT_TRUE(data(small).value(u"truncated"_s).toBool());
    EXPECT_LE(cut.section(u"\n# "_s, 0, 0).size(), 100) << cut.toStdString();
}

TEST_F(CompatAgentOnPageTest, TypeWithDelayPausesBetweenKeys)
{
    const QString snapshot = data(agent.request(u"snapshot"_s)).value(u"snapshot"_s).toString();
    const QString field = refOf(snapshot, u"textbox \"Typing area\""_s);

    constexpr int kDelay = 150;
    const QJsonObject typed
        = agent.request(u"type"_s, { { u"ref"_s, field }, { u"text"_s, u"abcd"_s }, { u"delay"_s, kDelay } });
    ASSERT_TRUE(typed.value(u"success"_s).toBool()) << dump(typed);
    EXPECT_EQ(evaluate(tab, u"document.getElementById('key-input').value"_s).toString(), u"abcd"_s);
    const QJsonArray keys = seen(tab).value(u"keydowns"_s).toArray();
    ASSERT_EQ(keys.size(), 4) << QJsonDocument(keys).toJson().toStdString();
    for (qsizetype i = 1; i < keys.size(); ++i) {
        const double gap = keys.at(i).toObject().value(u"t"_s).toDouble()
            - keys.at(i - 1).toObject().value(u"t"_s).toDouble();
        // The page sees the keys about `delay` apart (timers fire a little early or late).
        EXPECT_GE(gap, kDelay * 0.8) << "keys " << i - 1 << " and " << i << " came " << gap << " ms apart";
    }
}

TEST_F(CompatAgentOnPageTest, FindAnswersTheRefAndLineOfTheFirstMatch)
{

    // The extension's own e2e call: by role, with the accessible name in text.
    const QJsonObject byRole = agent.request(
        u"find"_s,
        { { u"locator"_s, u"role"_s }, { u"value"_s, u"button"_s }, { u"text"_s, u"Test Button"_s } });
    ASSERT_TRUE(byRole.value(u"success"_s).toBool()) << dump(byRole);
    const QString ref = data(byRole).value(u"ref"_s).toString();
    EXPECT_EQ(data(byRole).value(u"line"_s).toString(), u"- button \"Test Button\" [ref=%1]"_s.arg(ref));
    EXPECT_EQ(data(byRole).value(u"result"_s).toArray().at(0).toObject().value(u"ref"_s).toString(), ref);
    // The ref acts like a snapshot's.
    ASSERT_TRUE(agent.request(u"click"_s, { { u"ref"_s, ref } }).value(u"success"_s).toBool());
    EXPECT_EQ(seen(tab).value(u"clicks"_s).toInt(), 1);
    // The snapshot names it with the same ref.
    EXPECT_EQ(refOf(data(agent.request(u"snapshot"_s)).value(u"snapshot"_s).toString(),
                    u"button \"Test Button\""_s),
              ref);

    const auto line = [&](const QString &locator, const QString &value) {
        const QJsonObject reply
            = agent.request(u"find"_s, { { u"locator"_s, locator }, { u"value"_s, value } });
        EXPECT_TRUE(reply.value(u"success"_s).toBool()) << locator.toStdString() << ": " << dump(reply);
        return data(reply).value(u"line"_s).toString();
    };
    EXPECT_TRUE(line(u"text"_s, u"Save draft"_s).startsWith(u"- button \"Save draft\" [ref="_s));
    EXPECT_TRUE(line(u"label"_s, u"Text Input"_s).startsWith(u"- textbox \"Text Input:\" [ref="_s));
    EXPECT_TRUE(line(u"placeholder"_s, u"Press keys"_s).startsWith(u"- textbox \"Typing area\" [ref="_s));
    EXPECT_TRUE(line(u"testid"_s, u"save-draft"_s).startsWith(u"- button \"Save draft\" [ref="_s));
    EXPECT_TRUE(line(u"alt"_s, u"Company logo"_s).startsWith(u"- img \"Company logo\" [ref="_s));
    EXPECT_TRUE(line(u"title"_s, u"clicked anchor"_s).startsWith(u"- link \"Test Link\" [ref="_s));

    // A miss says "not found" and what the page has that comes closest.
    const QJsonObject miss = agent.request(
        u"find"_s,
        { { u"locator"_s, u"role"_s }, { u"value"_s, u"button"_s }, { u"text"_s, u"Sav draftt"_s } });
    EXPECT_FALSE(miss.value(u"success"_s).toBool());
    EXPECT_TRUE(error(miss).startsWith(u"not found"_s)) << dump(miss);
    EXPECT_TRUE(error(miss).contains(u"\"Save draft\""_s)) << dump(miss);
}

TEST_F(CompatAgentOnPageTest, MouseDrawsOnACanvasWithTheButtonHeld)
{
    double left = 0;
    double top = 0;
    ASSERT_NO_FATAL_FAILURE(canvasInView(&left, &top));

    const auto mouse = [&](const QString &action, double x, double y) {
        const QJsonObject reply = agent.request(
            u"mouse"_s, { { u"action"_s, action }, { u"x"_s, left + x }, { u"y"_s, top + y } });
        EXPECT_TRUE(reply.value(u"success"_s).toBool()) << action.toStdString() << ": " << dump(reply);
        EXPECT_EQ(data(reply).value(u"executed"_s), QJsonValue(true));
    };
    mouse(u"move"_s, 10, 10);
    mouse(u"down"_s, 10, 10);
    mouse(u"move"_s, 60, 40);
    mouse(u"move"_s, 120, 70);
    mouse(u"up"_s, 120, 70);
    mouse(u"click"_s, 200, 100);

    QList<QJsonObject> points;
    for (const QJsonValue &p : seen(tab).value(u"points"_s).toArray())
        points.append(p.toObject());
    const auto has = [&](const QString &type, int x, int y, int buttons) {
        return std::any_of(points.cbegin(), points.cend(), [&](const QJsonObject &p) {
            return p.value(u"type"_s).toString() == type && qAbs(p.value(u"x"_s).toInt() - x) <= 1
                && qAbs(p.value(u"y"_s).toInt() - y) <= 1 && p.value(u"buttons"_s).toInt() == buttons
                && p.value(u"trusted"_s).toBool();
        });
    };
    const std::string all
        = QJsonDocument(seen(tab).value(u"points"_s).toArray()).toJson(QJsonDocument::Compact).toStdString();
    EXPECT_TRUE(has(u"mousedown"_s, 10, 10, 1)) << all;
    EXPECT_TRUE(has(u"mousemove"_s, 60, 40, 1)) << "the stroke: moved with the button held\n" << all;
    EXPECT_TRUE(has(u"mousemove"_s, 120, 70, 1)) << all;
    EXPECT_TRUE(has(u"mouseup"_s, 120, 70, 0)) << all;
    EXPECT_TRUE(has(u"click"_s, 200, 100, 0)) << all;
}

TEST_F(CompatAgentOnPageTest, MouseWheelScrollsTheBoxUnderIt)
{
    const QString snapshot = data(agent.request(u"snapshot"_s)).value(u"snapshot"_s).toString();
    const QString box = refOf(snapshot, u"scrollable \"Scroll area\""_s);
    ASSERT_TRUE(agent.request(u"scrollintoview"_s, { { u"ref"_s, box } }).value(u"success"_s).toBool());
    const QJsonObject rect = boxOf(agent, box);
    const double x = rect.value(u"left"_s).toDouble() + rect.value(u"width"_s).toDouble() / 2;
    const double y = rect.value(u"top"_s).toDouble() + rect.value(u"height"_s).toDouble() / 2;
    const double pageBefore = evaluate(tab, u"window.scrollY"_s).toDouble();

    // The extension's own parameter names: dx, dy.
    const QJsonObject wheel = agent.request(
        u"mouse"_s, { { u"action"_s, u"wheel"_s }, { u"x"_s, x }, { u"y"_s, y }, { u"dy"_s, 200 } });
    ASSERT_TRUE(wheel.value(u"success"_s).toBool()) << dump(wheel);
    ASSERT_TRUE(waitUntil([&] {
        return evaluate(tab, u"document.getElementById('scroll-container').scrollTop"_s).toDouble() > 0;
    })) << "the box under the wheel did not scroll";
    const QJsonArray wheels = seen(tab).value(u"wheels"_s).toArray();
    ASSERT_FALSE(wheels.isEmpty());
    EXPECT_TRUE(wheels.at(0).toObject().value(u"trusted"_s).toBool());
    EXPECT_EQ(wheels.at(0).toObject().value(u"deltaY"_s).toDouble(), 200);
    EXPECT_EQ(evaluate(tab, u"window.scrollY"_s).toDouble(), pageBefore) << "the page itself stayed";
}

TEST_F(CompatAgentOnPageTest, DragDropsOnAnHtml5DropTargetAndDrawsBetweenPoints)
{
    const QString source = found(agent, { { u"locator"_s, u"text"_s }, { u"value"_s, u"Drag Source"_s } });
    const QString target = found(
        agent, { { u"locator"_s, u"role"_s }, { u"value"_s, u"region"_s }, { u"text"_s, u"Drop Target"_s } });

    // The extension's own names: src, dst.
    const QJsonObject dragged = agent.request(u"drag"_s, { { u"src"_s, source }, { u"dst"_s, target } });
    ASSERT_TRUE(dragged.value(u"success"_s).toBool()) << dump(dragged);
    EXPECT_TRUE(data(dragged).value(u"dropped"_s).toBool()) << dump(dragged);
    EXPECT_EQ(data(dragged).value(u"executed"_s), QJsonValue(true));
    const QJsonObject afterDrop = seen(tab);
    EXPECT_EQ(afterDrop.value(u"dragstarts"_s).toInt(), 1);
    EXPECT_EQ(afterDrop.value(u"drops"_s).toArray(), QJsonArray { u"drag-source"_s })
        << "the drop read the drag's data";
    EXPECT_EQ(evaluate(tab, u"document.getElementById('drag-result').textContent"_s).toString(),
              u"Dropped: drag-source"_s);

    // Between two points of a canvas: a plain press, moves with the button held, release.
    double left = 0;
    double top = 0;
    ASSERT_NO_FATAL_FAILURE(canvasInView(&left, &top));
    const QJsonObject drawn
        = agent.request(u"drag"_s,
                        { { u"from"_s, QJsonObject { { u"x"_s, left + 20 }, { u"y"_s, top + 20 } } },
                          { u"to"_s, QJsonObject { { u"x"_s, left + 220 }, { u"y"_s, top + 90 } } } });
    ASSERT_TRUE(drawn.value(u"success"_s).toBool()) << dump(drawn);
    EXPECT_FALSE(data(drawn).value(u"dropped"_s).toBool());
    QStringList kinds;
    int heldMoves = 0;
    for (const QJsonValue &p : seen(tab).value(u"points"_s).toArray()) {
        kinds.append(p.toObject().value(u"type"_s).toString());
        heldMoves += p.toObject().value(u"type"_s).toString() == u"mousemove"_s
            && p.toObject().value(u"buttons"_s).toInt() == 1;
    }
    EXPECT_TRUE(kinds.contains(u"mousedown"_s) && kinds.contains(u"mouseup"_s))
        << kinds.join(u","_s).toStdString();
    EXPECT_GE(heldMoves, 2) << kinds.join(u","_s).toStdString();
}

TEST_F(CompatAgentOnPageTest, ScrollIntoViewBringsAnElementIntoTheViewport)
{
    const QString button
        = found(agent, { { u"locator"_s, u"text"_s }, { u"value"_s, u"Below Fold Button"_s } });
    const QString inView
        = u"(() => { const r = document.getElementById('below-fold-button').getBoundingClientRect();"
          " return r.top >= 0 && r.bottom <= innerHeight; })()"_s;
    ASSERT_FALSE(evaluate(tab, inView).toBool());

    const QJsonObject scrolled = agent.request(u"scrollintoview"_s, { { u"ref"_s, button } });
    ASSERT_TRUE(scrolled.value(u"success"_s).toBool()) << dump(scrolled);
    EXPECT_EQ(data(scrolled).value(u"executed"_s), QJsonValue(true));
    EXPECT_TRUE(data(scrolled).value(u"inView"_s).toBool());
    EXPECT_TRUE(evaluate(tab, inView).toBool());
    EXPECT_GT(evaluate(tab, u"window.scrollY"_s).toDouble(), 0);
}

TEST_F(CompatAgentOnPageTest, WaitForTimeTextAnElementsStateOrAnAddress)
{
    const QJsonObject waited = agent.request(u"wait"_s, { { u"ms"_s, 100 } });
    ASSERT_TRUE(waited.value(u"success"_s).toBool()) << dump(waited);
    EXPECT_EQ(data(waited).value(u"executed"_s), QJsonValue(true));

    const QString snapshot = data(agent.request(u"snapshot"_s)).value(u"snapshot"_s).toString();
    const QString button = refOf(snapshot, u"Test Button"_s);
    EXPECT_TRUE(agent.request(u"wait"_s, { { u"ref"_s, button }, { u"state"_s, u"visible"_s } })
                    .value(u"success"_s)
                    .toBool());

    ASSERT_TRUE(agent.request(u"click"_s, { { u"ref"_s, refOf(snapshot, u"Show Element After Delay"_s) } })
                    .value(u"success"_s)
                    .toBool());
    const QJsonObject text = agent.request(u"wait"_s, { { u"text"_s, u"I appeared after a delay!"_s } });
    EXPECT_TRUE(text.value(u"success"_s).toBool()) << dump(text);

    ASSERT_TRUE(agent.request(u"click"_s, { { u"ref"_s, refOf(snapshot, u"Change Address Later"_s) } })
                    .value(u"success"_s)
                    .toBool());
    const QJsonObject address = agent.request(u"wait"_s, { { u"url"_s, u"*/lba-page.html?step=2"_s } });
    ASSERT_TRUE(address.value(u"success"_s).toBool()) << dump(address);
    EXPECT_TRUE(data(address).value(u"url"_s).toString().endsWith(u"?step=2"_s));
    EXPECT_TRUE(evaluate(tab, u"location.search"_s).toString() == u"?step=2"_s);

    const QJsonObject never
        = agent.request(u"wait"_s, { { u"url"_s, u"*never*"_s }, { u"timeoutMs"_s, 300 } });
    EXPECT_FALSE(never.value(u"success"_s).toBool());
    EXPECT_TRUE(error(never).contains(u"not *never*, after 300 ms"_s)) << dump(never);
}

TEST_F(CompatAgentOnPageTest, BadInputIsAClearErrorAndTheConnectionStaysUp)
{
    CdpSession *other = userPage(fixtureUrl(u"toolkit/other.html"_s));
    ASSERT_TRUE(other);
    ASSERT_TRUE(agent.request(u"tab"_s, { { u"action"_s, u"switch"_s }, { u"tab"_s, tab->targetId() } })
                    .value(u"success"_s)
                    .toBool());
    const QString snapshot = data(agent.request(u"snapshot"_s)).value(u"snapshot"_s).toString();
    const QString button = refOf(snapshot, u"Test Button"_s);
    const QString field = refOf(snapshot, u"Typing area"_s);

    const QJsonObject locator
        = agent.request(u"find"_s, { { u"locator"_s, u"xpath"_s }, { u"value"_s, u"//button"_s } });
    EXPECT_FALSE(locator.value(u"success"_s).toBool());
    EXPECT_EQ(
        error(locator),
        u"find: params.locator must be one of role, text, label, placeholder, testid, alt, title, not the "
        "string \"xpath\""_s)
        << dump(locator);
    stillUp(agent);

    const QJsonObject outside
        = agent.request(u"mouse"_s, { { u"action"_s, u"click"_s }, { u"x"_s, 5000 }, { u"y"_s, 20 } });
    EXPECT_FALSE(outside.value(u"success"_s).toBool());
    EXPECT_TRUE(error(outside).startsWith(u"the point (5000, 20) is outside the viewport"_s))
        << dump(outside);
    EXPECT_EQ(seen(tab).value(u"clicks"_s).toInt(), 0);
    stillUp(agent);

    const QJsonObject across = agent.request(
        u"drag"_s,
        { { u"from"_s, QJsonObject { { u"ref"_s, button }, { u"tab"_s, tab->targetId() } } },
          { u"to"_s, QJsonObject { { u"ref"_s, u"e1"_s }, { u"tab"_s, other->targetId() } } } });
    EXPECT_FALSE(across.value(u"success"_s).toBool());
    EXPECT_TRUE(error(across).startsWith(u"drag moves within one tab, but it names 2 tabs"_s))
        << dump(across);
    stillUp(agent);

    const QJsonObject slow
        = agent.request(u"type"_s, { { u"ref"_s, field }, { u"text"_s, u"x"_s }, { u"delay"_s, 1e9 } });
    EXPECT_FALSE(slow.value(u"success"_s).toBool());
    EXPECT_EQ(error(slow), u"type: params.delay must be at most 1000"_s) << dump(slow);
    EXPECT_EQ(evaluate(tab, u"document.getElementById('key-input').value"_s).toString(), QString());
    const QJsonObject tooLong = agent.request(
        u"type"_s, { { u"ref"_s, field }, { u"text"_s, QString(40, u'x') }, { u"delay"_s, 1000 } });
    EXPECT_TRUE(error(tooLong).startsWith(u"typing 40 characters 1000 ms apart takes 39 s"_s))
        << dump(tooLong);
    stillUp(agent);

    const QJsonObject thrown = agent.request(u"eval"_s, { { u"script"_s, u"throw new Error('boom')"_s } });
    EXPECT_FALSE(thrown.value(u"success"_s).toBool());
    EXPECT_TRUE(error(thrown).startsWith(u"the script threw: "_s) && error(thrown).contains(u"boom"_s))
        << dump(thrown);
    const QJsonObject rejected
        = agent.request(u"eval"_s, { { u"script"_s, u"return Promise.reject(new Error('nope'))"_s } });
    EXPECT_TRUE(error(rejected).startsWith(u"the script threw: "_s) && error(rejected).contains(u"nope"_s))
        << dump(rejected);
    stillUp(agent);

    const QJsonObject never = agent.request(
        u"eval"_s, { { u"script"_s, u"return new Promise(() => {})"_s }, { u"timeoutMs"_s, 500 } });
    EXPECT_FALSE(never.value(u"success"_s).toBool());
    EXPECT_TRUE(error(never).startsWith(u"the script did not finish within 500 ms"_s)) << dump(never);
    const QJsonObject loop
        = agent.request(u"eval"_s, { { u"script"_s, u"for (;;) {}"_s }, { u"timeoutMs"_s, 500 } });
    EXPECT_FALSE(loop.value(u"success"_s).toBool()) << dump(loop);
    stillUp(agent);
}

TEST_F(CompatAgentTest, TheTabDaemonsSessionSurvivesAReconnect)
{
    MockAgentServer daemon(true);
    ASSERT_NO_FATAL_FAILURE(startApp(daemon));
    CdpSession *tab = userPage(page());
    ASSERT_TRUE(tab);

    // register → session_assigned.
    ASSERT_TRUE(waitUntil([&] { return !daemon.assigned.isEmpty(); }));
    const QJsonObject first = daemon.registrations.constFirst();
    const int windowId = first.value(u"windowId"_s).toInt();
    EXPECT_GT(windowId, 0) << dump(first);
    EXPECT_TRUE(first.value(u"cachedSessionId"_s).isNull()) << dump(first);
    const QString session = daemon.assigned.constFirst();
    ASSERT_TRUE(waitUntil(
        [&] { return engine->toolkitServer()->stateJson().value(u"sessionId"_s).toString() == session; }));

    // The session is kept beside the settings, for the user alone.
    const QString file = paths.file(u"agent-sessions.json"_s);
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(file); }));
    EXPECT_EQ(QFile::permissions(file)
                  & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup
                     | QFileDevice::WriteOther),
              QFileDevice::Permissions());

    // The daemon's heartbeat, and commands of its CLI (navigate → open, tab_list → tab list).
    EXPECT_TRUE(daemon.pingAnswered());
    const QJsonObject snapshot = daemon.request(u"snapshot"_s);
    ASSERT_TRUE(snapshot.value(u"success"_s).toBool()) << dump(snapshot);
    EXPECT_TRUE(
        data(snapshot).value(u"snapshot"_s).toString().startsWith(u"- RootWebArea \"E2E Test Page\""_s));
    const QJsonObject listed = daemon.request(u"tab"_s, { { u"action"_s, u"list"_s } });
    ASSERT_TRUE(listed.value(u"success"_s).toBool()) << dump(listed);

    // The socket drops; the app dials again with the cached session and is given the same one.
    daemon.dropConnections();
    ASSERT_TRUE(daemon.waitForConnection(2));
    ASSERT_TRUE(waitUntil([&] { return daemon.registrations.size() >= 2; }));
    const QJsonObject again = daemon.registrations.at(1);
    EXPECT_EQ(again.value(u"cachedSessionId"_s).toString(), session) << dump(again);
    EXPECT_EQ(again.value(u"windowId"_s).toInt(), windowId) << "the same window";
    EXPECT_EQ(daemon.assigned.at(1), session);
    const QJsonObject title = daemon.request(u"get"_s, { { u"what"_s, u"title"_s } });
    EXPECT_EQ(data(title).value(u"result"_s).toString(), u"E2E Test Page"_s) << dump(title);
    EXPECT_EQ(engine->toolkitServer()->stateJson().value(u"sessionId"_s).toString(), session);

    // A restarted app reattaches too: the session is read back from the file.
    harness->stopEngine();
    ASSERT_TRUE(startEngineOnBrowser());
    ASSERT_TRUE(daemon.waitForConnection(3));
    ASSERT_TRUE(waitUntil([&] { return daemon.registrations.size() >= 3; }));
    EXPECT_EQ(daemon.registrations.at(2).value(u"cachedSessionId"_s).toString(), session);
    EXPECT_EQ(daemon.registrations.at(2).value(u"windowId"_s).toInt(), windowId);
}

} // namespace
