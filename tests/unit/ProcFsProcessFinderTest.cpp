// The Linux process finder on a fake /proc tree, and on the real one.
#include "platform/ProcFsProcessFinder.h"

#include "FakeProcTree.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"

#include <QCoreApplication>
#include <QDir>
#include <QTcpServer>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

const ProcessInfo *find(const QList<ProcessInfo> &list, qint64 pid)
{
    for (const ProcessInfo &p : list) {
        if (p.pid == pid)
            return &p;
    }
    return nullptr;
}

TEST(ProcFsProcessFinderTest, ListsProcessesWithTheirArguments)
{
    FakeProcTree tree(QDir(tempDir()).filePath(u"proc"_s));
    tree.addProcess(4242,
                    { u"/usr/share/antigravity/bin/language_server_linux_x64"_s, u"--csrf_token"_s, u"abc"_s,
                      u"--extension_server_port=41000"_s });
    tree.addProcess(7, {}, u"kworker/0:1"_s);
    QDir(tree.root()).mkpath(u"self"_s); // not a pid
    ProcFsProcessFinder finder(tree.root());
    QString error;
    const QList<ProcessInfo> list = finder.processes(&error);
    EXPECT_TRUE(error.isEmpty());
    ASSERT_EQ(list.size(), 2);
    const ProcessInfo *server = find(list, 4242);
    ASSERT_TRUE(server);
    EXPECT_EQ(server->name, u"language_server_linux_x64"_s) << "the full name, not comm's 15 characters";
    EXPECT_EQ(server->arguments.size(), 4);
    EXPECT_EQ(server->option(u"csrf_token"_s), u"abc"_s);
    EXPECT_EQ(server->option(u"extension_server_port"_s), u"41000"_s);
    EXPECT_EQ(server->option(u"missing"_s), QString());
    const ProcessInfo *thread = find(list, 7);
    ASSERT_TRUE(thread);
    EXPECT_EQ(thread->name, u"kworker/0:1"_s);
    EXPECT_TRUE(thread->arguments.isEmpty());

    ProcFsProcessFinder nowhere(QDir(tempDir()).filePath(u"nothing"_s));
    EXPECT_TRUE(nowhere.processes(&error).isEmpty());
    EXPECT_TRUE(error.contains(u"does not exist"_s)) << error.toStdString();
}

TEST(ProcFsProcessFinderTest, ListeningPortsAreThoseOfTheProcessOwnSocketsOnLocalAddresses)
{
    FakeProcTree tree(QDir(tempDir()).filePath(u"proc"_s));
    tree.addProcess(100, { u"/opt/server"_s });
    tree.addSocket(100, 3, 1001);
    tree.addSocket(100, 4, 1002);
    tree.addSocket(100, 5, 1003);
    tree.addSocket(100, 6, 1004);
    tree.addSocket(100, 7, 1005);
    tree.addTcp(100, u"0100007F"_s, 42100, 1001); // 127.0.0.1, listening
    tree.addTcp(100, u"00000000"_s, 42001, 1002); // 0.0.0.0, listening
    tree.addTcp(100, u"0100007F"_s, 42002, 1003, u"01"_s); // an established connection
    tree.addTcp(100, u"0101A8C0"_s, 42003, 1004); // 192.168.1.1: not local
    tree.addTcp(100, u"0100007F"_s, 42004, 9999); // another process's socket
    tree.addTcp6(100, u"00000000000000000000000001000000"_s, 42005, 1005); // ::1
    tree.addTcp6(100, u"0000000000000000FFFF00000100007F"_s, 42006, 1001); // ::ffff:127.0.0.1, same inode
    ProcFsProcessFinder finder(tree.root());
    QString error;
    EXPECT_EQ(finder.listeningTcpPorts(100, &error), (QList<quint16> { 42001, 42005, 42006, 42100 }))
        << error.toStdString();
    EXPECT_TRUE(finder.listeningTcpPorts(555, &error).isEmpty());
    EXPECT_EQ(error, u"process 555 is gone"_s);
}

TEST(ProcFsProcessFinderTest, FindsThisProcessListeningInTheRealProc)
{
    if (!QDir(u"/proc/self/net"_s).exists())
        GTEST_SKIP() << "no Linux /proc here";
    QTcpServer server;
    ASSERT_TRUE(server.listen(QHostAddress::LocalHost, 0));
    ProcFsProcessFinder finder;
    QString error;
    const QList<quint16> ports = finder.listeningTcpPorts(QCoreApplication::applicationPid(), &error);
    EXPECT_TRUE(ports.contains(server.serverPort())) << error.toStdString();
    const QList<ProcessInfo> processes = finder.processes(&error);
    const ProcessInfo *self = find(processes, QCoreApplication::applicationPid());
    ASSERT_TRUE(self);
    EXPECT_EQ(self->name, u"mpa_unit_tests"_s);
}

} // namespace
