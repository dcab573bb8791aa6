// Which process is "the running IDE" and how it is started again with debugging: read from a
// /proc tree shaped like a running Electron IDE. Every Chromium-based app (Electron included)
// runs helpers with --type=<zygote|renderer|gpu-process|utility> (Chromium's
// content/public/common/content_switches.cc, switches::kProcessType = "type"); the main process
// has no --type and carries the folders it was opened with, as the extension's Relauncher passed
// them ("${exePath}" --remote-debugging-port=… "folder" …).
#include "platform/RunningIde.h"

#include "FakeProcTree.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "platform/ProcFsProcessFinder.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

#include <memory>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class RunningIdeTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const QString root = tempDir();
        tree = std::make_unique<FakeProcTree>(QDir(root).filePath(u"proc-ide"_s));
        project = QDir(root).filePath(u"projects/alpha service"_s);
        workspace = QDir(root).filePath(u"projects/beta.code-workspace"_s);
        ASSERT_TRUE(QDir().mkpath(project));
        QFile file(workspace);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly))
            << workspace.toStdString() << ": " << file.errorString().toStdString();
    }

    QList<ProcessInfo> processes()
    {
        ProcFsProcessFinder finder(tree->root());
        QString error;
        QList<ProcessInfo> list = finder.processes(&error);
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
        return list;
    }

    std::unique_ptr<FakeProcTree> tree;
    QString project;
    QString workspace;
    const QString program = u"/usr/share/antigravity/antigravity"_s;
};

TEST_F(RunningIdeTest, TheMainProcessIsFoundWithItsFoldersAndHelpersAreSkipped)
{
    tree->addProcess(100, { program, u"--type=zygote"_s, u"--no-zygote-sandbox"_s });
    tree->addProcess(101, { program, u"--type=renderer"_s, u"--enable-crash-reporter=x"_s });
    tree->addProcess(102, { u"/usr/bin/google-chrome"_s, u"https://example.com"_s });
    tree->addProcess(103, { program, u"--unity-launch"_s, project, workspace, u"relative/dir"_s });
    QString error;
    const std::optional<RunningIde> ide = RunningIde::find(processes(), 0, {}, &error);
    ASSERT_TRUE(ide) << error.toStdString();
    EXPECT_EQ(ide->pid, 103);
    EXPECT_EQ(ide->ideId, u"antigravity"_s);
    EXPECT_EQ(ide->ideName, u"Antigravity"_s);
    EXPECT_EQ(ide->program, program);
    EXPECT_EQ(ide->folders, (QStringList { project, workspace }));
    EXPECT_EQ(ide->debugPort, 0);
    // Started again: the same options and folders, plus the flag.
    EXPECT_EQ(ide->relaunchArguments(9004),
              (QStringList { u"--unity-launch"_s, project, workspace, u"relative/dir"_s,
                             u"--remote-debugging-port=9004"_s }));
}

TEST_F(RunningIdeTest, AnEarlierDebuggingPortIsReplacedInEitherSpelling)
{
    tree->addProcess(200, { u"/opt/cursor/cursor"_s, u"--remote-debugging-port"_s, u"9222"_s, project });
    QString error;
    std::optional<RunningIde> ide = RunningIde::find(processes(), 0, u"cursor"_s, &error);
    ASSERT_TRUE(ide) << error.toStdString();
    EXPECT_EQ(ide->debugPort, 9222);
    EXPECT_EQ(ide->relaunchArguments(9004), (QStringList { project, u"--remote-debugging-port=9004"_s }));
    ide->arguments = { u"--remote-debugging-port=9222"_s, project };
    EXPECT_EQ(ide->relaunchArguments(9333), (QStringList { project, u"--remote-debugging-port=9333"_s }));
}

TEST_F(RunningIdeTest, NothingRunningOrAHelperIsAClearError)
{
    tree->addProcess(300, { program, u"--type=gpu-process"_s });
    tree->addProcess(301, { u"/usr/bin/google-chrome"_s });
    QString error;
    EXPECT_FALSE(RunningIde::find(processes(), 0, {}, &error));
    EXPECT_EQ(error, u"no Antigravity, Cursor, VS Code, Windsurf is running"_s);
    EXPECT_FALSE(RunningIde::find(processes(), 0, u"vscode"_s, &error));
    EXPECT_EQ(error, u"no VS Code is running"_s);
    EXPECT_FALSE(RunningIde::find(processes(), 300, {}, &error));
    EXPECT_EQ(error, u"process 300 is a helper process (gpu-process), not the IDE's main process"_s);
    EXPECT_FALSE(RunningIde::find(processes(), 999, {}, &error));
    EXPECT_EQ(error, u"no process 999 is running"_s);
    // Chosen by pid, any program will do (a script, an IDE this app does not know).
    const std::optional<RunningIde> chosen = RunningIde::find(processes(), 301, {}, &error);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(chosen->ideName, u"google-chrome"_s);
    EXPECT_TRUE(chosen->ideId.isEmpty());
}

} // namespace
