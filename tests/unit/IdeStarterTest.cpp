// How an IDE is started with debugging: through its launcher when that already passes the
// port, otherwise with the debugging arguments added for this start (the launcher's own,
// for another port, replaced). The launcher is a scripted stand-in: the real ones are
// exercised in DesktopIntegrationTest and the Connection page's UI test.
#include "platform/IdeStarter.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

class ScriptedLauncher : public IdeLauncher
{
public:
    LauncherState stateToGive;
    std::optional<QStringList> command;

    LauncherState state(const IdeInfo &) const override { return stateToGive; }
    bool rewrite(const IdeInfo &, quint16, QString *) override { return false; }
    bool restore(const IdeInfo &, QString *) override { return false; }
    std::optional<QStringList> launchCommand(const IdeInfo &) const override { return command; }
};

TEST(IdeStarterTest, ALauncherAlreadyPassingThePortIsUsedAsItIs)
{
    ScriptedLauncher launcher;
    launcher.stateToGive.found = true;
    launcher.stateToGive.rewritten = true;
    launcher.stateToGive.port = 9333;
    launcher.command
        = QStringList { u"/usr/bin/code"_s, u"--remote-debugging-port=9333"_s, u"--new-window"_s };
    const IdeStarter starter(&launcher, u"/tmp/profiles"_s);
    const auto plan = starter.plan(*IdeInfo::byId(u"vscode"_s), 9333);
    ASSERT_TRUE(plan);
    EXPECT_TRUE(plan->throughLauncher);
    EXPECT_EQ(plan->program, u"/usr/bin/code"_s);
    EXPECT_EQ(plan->arguments, (QStringList { u"--remote-debugging-port=9333"_s, u"--new-window"_s }));
}

TEST(IdeStarterTest, OtherwiseThisStartGetsThePortAndChromeItsOwnProfile)
{
    ScriptedLauncher launcher;
    launcher.stateToGive.found = true;
    launcher.stateToGive.rewritten = true;
    launcher.stateToGive.port = 9000;
    launcher.command = QStringList { u"/usr/bin/google-chrome"_s, u"--remote-debugging-port=9000"_s,
                                     u"--user-data-dir=/elsewhere"_s, u"%U"_s };
    const IdeStarter starter(&launcher, u"/tmp/profiles"_s);
    const auto plan = starter.plan(*IdeInfo::byId(u"chrome"_s), 9444);
    ASSERT_TRUE(plan);
    EXPECT_FALSE(plan->throughLauncher);
    EXPECT_EQ(plan->arguments,
              (QStringList { u"%U"_s, u"--remote-debugging-port=9444"_s,
                             u"--user-data-dir=/tmp/profiles/chrome-profile"_s }));
}

TEST(IdeStarterTest, NoLauncherNoPlanAndASentenceSayingSo)
{
    ScriptedLauncher launcher;
    const IdeStarter starter(&launcher, u"/tmp/profiles"_s);
    QString error;
    EXPECT_FALSE(starter.plan(*IdeInfo::byId(u"vscode"_s), 9004, &error));
    EXPECT_EQ(error, u"no launcher for VS Code was found on this system"_s);
    launcher.command = QStringList();
    EXPECT_FALSE(starter.plan(*IdeInfo::byId(u"vscode"_s), 9004, &error));
}

TEST(IdeStarterTest, AProgramThatCannotStartIsAnError)
{
    QString error;
    EXPECT_FALSE(IdeStarter::start({ u"/nonexistent/ide"_s, {}, 9004, false }, &error));
    EXPECT_TRUE(error.contains(u"/nonexistent/ide"_s)) << error.toStdString();
}

} // namespace
