// Client mode's memory of the tab daemon's sessions (server/AgentSessions): per agent address a
// window number chosen once and the session last assigned, kept in a real file in a temp config
// dir, owner-only; what is not worth keeping is refused with the reason.
#include "server/AgentSessions.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QString sessionsFile()
{
    return QDir(configDir()).filePath(u"agent-sessions.json"_s);
}

TEST(AgentSessionsTest, KeepsTheWindowAndTheSessionPerAgentAcrossRestarts)
{
    const QString daemon = u"ws://localhost:9222/ws"_s;
    int window = 0;
    {
        AgentSessions sessions(sessionsFile());
        EXPECT_TRUE(sessions.sessionId(daemon).isEmpty());
        window = sessions.windowId(daemon);
        EXPECT_GT(window, 0);
        EXPECT_EQ(sessions.windowId(daemon), window) << "chosen once";
        QString error;
        ASSERT_TRUE(sessions.setSessionId(daemon, u"0f8c-session"_s, &error)) << error.toStdString();
    }
    AgentSessions again(sessionsFile());
    EXPECT_EQ(again.windowId(daemon), window);
    EXPECT_EQ(again.sessionId(daemon), u"0f8c-session"_s);
    EXPECT_TRUE(again.sessionId(u"ws://localhost:8080"_s).isEmpty()) << "another agent has its own";
    EXPECT_NE(again.windowId(u"ws://localhost:8080"_s), 0);

    EXPECT_EQ(QFile::permissions(sessionsFile())
                  & ~(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser
                      | QFileDevice::WriteUser),
              QFileDevice::Permissions())
        << "the user's alone";
    QFile file(sessionsFile());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject saved = QJsonDocument::fromJson(file.readAll()).object();
    EXPECT_EQ(saved.value(u"agents"_s).toObject().value(daemon).toObject().value(u"sessionId"_s).toString(),
              u"0f8c-session"_s);
}

TEST(AgentSessionsTest, AnIdNotWorthKeepingIsRefusedWithTheReason)
{
    AgentSessions sessions(sessionsFile());
    const QString daemon = u"ws://localhost:9222/ws"_s;
    ASSERT_TRUE(sessions.setSessionId(daemon, u"good"_s));
    for (const QString &bad : { QString(), u"  "_s, QString(201, u'x'), u"line\nbreak"_s }) {
        QString error;
        EXPECT_FALSE(sessions.setSessionId(daemon, bad, &error));
        EXPECT_EQ(
            error,
            u"the session id is empty, longer than 200 characters or has control characters; it was not kept"_s);
    }
    EXPECT_EQ(sessions.sessionId(daemon), u"good"_s) << "the last good one stays";
}

TEST(AgentSessionsTest, RemembersAtMostFiftyAgents)
{
    AgentSessions sessions(sessionsFile());
    for (int i = 0; i < AgentSessions::kMaxAgents + 5; ++i)
        ASSERT_TRUE(sessions.setSessionId(u"ws://127.0.0.1:%1"_s.arg(9000 + i), u"s%1"_s.arg(i)));
    QFile file(sessionsFile());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(QJsonDocument::fromJson(file.readAll()).object().value(u"agents"_s).toObject().size(),
              AgentSessions::kMaxAgents);
}

} // namespace
