// Autostart and IDE launcher rewriting against temporary XDG folders, checked with the
// freedesktop validator where it matters.
#include "QtPrinters.h"
#include "ScopedEnv.h"
#include "TestEnvironment.h"
#include "platform/Autostart.h"
#include "platform/DesktopEntry.h"
#include "platform/IdeLauncher.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

using test::ScopedEnv;

QString readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// desktop-file-validate's verdict (empty when valid, or when the tool is missing).
QString validate(const QString &path)
{
    const QString tool = QStandardPaths::findExecutable(u"desktop-file-validate"_s);
    if (tool.isEmpty())
        return {};
    QProcess process;
    process.start(tool, { path });
    process.waitForFinished(10000);
    const QString output
        = QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    return process.exitCode() == 0 && !output.contains(u"error:"_s) ? QString() : output;
}

TEST(DesktopEntryTest, KeepsEverythingItDoesNotChange)
{
    const QString text
        = u"# a comment\n[Desktop Entry]\nName=Code\nName[de]=Kode\nExec=/usr/bin/code %F\n\n"
          "[Desktop Action new-window]\nName=New Window\nExec=/usr/bin/code --new-window %F\n"_s;
    DesktopEntry entry = DesktopEntry::parse(text);
    EXPECT_EQ(entry.toString(), text);
    EXPECT_EQ(entry.groups(), (QStringList { u"Desktop Entry"_s, u"Desktop Action new-window"_s }));
    EXPECT_EQ(entry.value(u"Desktop Entry"_s, u"Name[de]"_s), u"Kode"_s);
    entry.setValue(u"Desktop Entry"_s, u"X-Test"_s, u"1"_s);
    EXPECT_TRUE(entry.toString().contains(u"Exec=/usr/bin/code %F\nX-Test=1\n\n[Desktop Action"_s))
        << entry.toString().toStdString();
}

TEST(DesktopEntryTest, ExecQuotingRoundTrips)
{
    const auto args = DesktopEntry::splitExec(u"\"/opt/My Apps/code\" --flag=\"a \\\"b\\\"\" %U"_s);
    ASSERT_TRUE(args);
    EXPECT_EQ(*args, (QStringList { u"/opt/My Apps/code"_s, u"--flag=a \"b\""_s, u"%U"_s }));
    EXPECT_EQ(DesktopEntry::splitExec(DesktopEntry::joinExec(*args)), args);
    EXPECT_FALSE(DesktopEntry::splitExec(u"\"unbalanced"_s));
    EXPECT_EQ(DesktopEntry::joinExec({ u"/usr/bin/app"_s, u"--x=$HOME"_s }),
              u"/usr/bin/app \"--x=\\$HOME\""_s);
}

TEST(AutostartTest, TheStateIsReadFromTheAutostartFolder)
{
    const QString configHome = test::tempDir();
    ScopedEnv env("XDG_CONFIG_HOME", configHome);
    auto autostart = Autostart::create(u"/opt/mpa/bin/multi-purpose-agent"_s, { u"--standby"_s });
    ASSERT_TRUE(autostart->isSupported());
    EXPECT_EQ(autostart->location(), configHome + u"/autostart/org.mpagent.MultiPurposeAgent.desktop"_s);
    EXPECT_FALSE(autostart->isEnabled());

    QString error;
    ASSERT_TRUE(autostart->setEnabled(true, &error)) << error.toStdString();
    EXPECT_TRUE(autostart->isEnabled());
    const auto entry = DesktopEntry::load(autostart->location());
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->value(u"Desktop Entry"_s, u"Exec"_s), u"/opt/mpa/bin/multi-purpose-agent --standby"_s);
    EXPECT_EQ(validate(autostart->location()), QString());

    // The desktop's own switch (another tool, or the user) is honoured: it is read back.
    test::writeTextFile(
        autostart->location(),
        readFile(autostart->location())
            .replace(u"X-GNOME-Autostart-enabled=true"_s, u"X-GNOME-Autostart-enabled=false"_s));
    EXPECT_FALSE(Autostart::create(u"/x"_s)->isEnabled());
    ASSERT_TRUE(autostart->setEnabled(false));
    EXPECT_FALSE(QFile::exists(autostart->location()));
    EXPECT_FALSE(autostart->isEnabled());
}

class IdeLauncherTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        dataHome = test::tempDir();
        systemDir = test::tempDir();
        m_home = std::make_unique<ScopedEnv>("XDG_DATA_HOME", dataHome);
        m_dirs = std::make_unique<ScopedEnv>("XDG_DATA_DIRS", systemDir);
        systemCode = systemDir + u"/applications/code.desktop"_s;
        test::writeTextFile(
            systemCode,
            u"[Desktop Entry]\nName=Visual Studio Code\nComment=Code Editing. Redefined.\n"
            "Exec=/usr/share/code/code --unity-launch %F\nIcon=vscode\nType=Application\n"
            "Actions=new-empty-window;\n\n[Desktop Action new-empty-window]\nName=New Empty Window\n"
            "Exec=/usr/share/code/code --new-window %F\nIcon=vscode\n"_s);
        launcher = IdeLauncher::create(test::tempDir());
    }

    QString dataHome, systemDir, systemCode;
    std::unique_ptr<IdeLauncher> launcher;

private:
    std::unique_ptr<ScopedEnv> m_home, m_dirs;
};

TEST_F(IdeLauncherTest, RewritesAUserLauncherThatShadowsTheSystemOneAndRestoresIt)
{
    const IdeInfo code = *IdeInfo::byId(u"vscode"_s);
    LauncherState state = launcher->state(code);
    EXPECT_TRUE(state.found);
    EXPECT_FALSE(state.rewritten);
    EXPECT_EQ(state.originalPath, systemCode);

    QString error;
    ASSERT_TRUE(launcher->rewrite(code, 9004, &error)) << error.toStdString();
    const QString user = dataHome + u"/applications/code.desktop"_s;
    state = launcher->state(code);
    EXPECT_TRUE(state.rewritten);
    EXPECT_EQ(state.port, 9004);
    EXPECT_EQ(state.launcherPath, user);
    EXPECT_EQ(state.originalPath, systemCode);
    const auto entry = DesktopEntry::load(user);
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->value(u"Desktop Entry"_s, u"Exec"_s),
              u"/usr/share/code/code --unity-launch --remote-debugging-port=9004 %F"_s);
    EXPECT_EQ(entry->value(u"Desktop Action new-empty-window"_s, u"Exec"_s),
              u"/usr/share/code/code --new-window --remote-debugging-port=9004 %F"_s);
    EXPECT_EQ(entry->value(u"Desktop Entry"_s, u"Name"_s), u"Visual Studio Code"_s);
    EXPECT_EQ(validate(user), QString());
    EXPECT_EQ(
        launcher->launchCommand(code),
        (QStringList { u"/usr/share/code/code"_s, u"--unity-launch"_s, u"--remote-debugging-port=9004"_s }));
    EXPECT_EQ(readFile(systemCode).contains(u"remote-debugging"_s), false)
        << "the system file is never touched";

    // Another port updates the flag instead of adding a second one.
    ASSERT_TRUE(launcher->rewrite(code, 9222, &error)) << error.toStdString();
    EXPECT_EQ(DesktopEntry::load(user)->value(u"Desktop Entry"_s, u"Exec"_s),
              u"/usr/share/code/code --unity-launch --remote-debugging-port=9222 %F"_s);

    ASSERT_TRUE(launcher->restore(code, &error)) << error.toStdString();
    EXPECT_FALSE(QFile::exists(user));
    EXPECT_FALSE(launcher->state(code).rewritten);
}

TEST_F(IdeLauncherTest, TheUsersOwnLauncherIsKeptAndPutBack)
{
    const QString user = dataHome + u"/applications/code.desktop"_s;
    const QString mine
        = u"[Desktop Entry]\nName=My Code\nExec=env GTK_THEME=dark flatpak run com.visualstudio.code %U\n"
          "Type=Application\n"_s;
    test::writeTextFile(user, mine);
    const IdeInfo code = *IdeInfo::byId(u"vscode"_s);
    ASSERT_TRUE(launcher->rewrite(code, 9004));
    EXPECT_EQ(DesktopEntry::load(user)->value(u"Desktop Entry"_s, u"Exec"_s),
              u"env GTK_THEME=dark flatpak run com.visualstudio.code --remote-debugging-port=9004 %U"_s);
    EXPECT_EQ(DesktopEntry::load(user)->value(u"Desktop Entry"_s, u"Name"_s), u"My Code"_s);
    ASSERT_TRUE(launcher->restore(code));
    EXPECT_EQ(readFile(user), mine);
}

TEST_F(IdeLauncherTest, ChromeGetsADedicatedProfileAndMissingIdesSaySo)
{
    test::writeTextFile(
        systemDir + u"/applications/google-chrome.desktop"_s,
        u"[Desktop Entry]\nName=Google Chrome\nExec=/usr/bin/google-chrome-stable %U\nType=Application\n"_s);
    const IdeInfo chrome = *IdeInfo::byId(u"chrome"_s);
    ASSERT_TRUE(launcher->rewrite(chrome, 9004));
    EXPECT_FALSE(QFile::exists(dataHome + u"/applications/google-chrome.desktop"_s))
        << "the desktop's own entry is not shadowed";
    const QString exec = DesktopEntry::load(dataHome + u"/applications/google-chrome-mpa-debugging.desktop"_s)
                             ->value(u"Desktop Entry"_s, u"Exec"_s);
    EXPECT_TRUE(exec.contains(u"--remote-debugging-port=9004"_s));
    EXPECT_TRUE(exec.contains(u"--user-data-dir="_s)) << exec.toStdString();

    QString error;
    EXPECT_FALSE(launcher->rewrite(*IdeInfo::byId(u"windsurf"_s), 9004, &error));
    EXPECT_TRUE(error.startsWith(u"no launcher for Windsurf was found"_s)) << error.toStdString();
}

TEST_F(IdeLauncherTest, ChromiumGetsASeparateEntryAndTheUsersOwnStaysByteIdentical)
{
    // The user's own Chromium entry shadows the system one: it is the browser they use every
    // day, and must go on opening their everyday profile without a debugging port.
    const QString system = systemDir + u"/applications/chromium.desktop"_s;
    test::writeTextFile(system,
                        u"[Desktop Entry]\nName=Chromium\nExec=/usr/bin/chromium %U\nType=Application\n"_s);
    const QString user = dataHome + u"/applications/chromium.desktop"_s;
    const QString mine = u"[Desktop Entry]\nVersion=1.0\nName=Chromium\nName[de]=Chromium-Webbrowser\n"
                         "Exec=/usr/bin/chromium --ozone-platform=wayland %U\nType=Application\n"
                         "MimeType=text/html;x-scheme-handler/http;x-scheme-handler/https;\n"
                         "StartupWMClass=chromium\nActions=new-window;\n\n[Desktop Action new-window]\n"
                         "Name=New Window\nExec=/usr/bin/chromium --new-window\n"_s;
    test::writeTextFile(user, mine);
    const QByteArray before = readBytes(user);
    const IdeInfo chrome = *IdeInfo::byId(u"chrome"_s);

    LauncherState state = launcher->state(chrome);
    const QString ours = dataHome + u"/applications/chromium-mpa-debugging.desktop"_s;
    EXPECT_TRUE(state.found);
    EXPECT_TRUE(state.separate);
    EXPECT_FALSE(state.rewritten);
    EXPECT_EQ(state.launcherPath, user);
    EXPECT_EQ(state.separatePath, ours);
    EXPECT_EQ(state.separateName, u"Chromium (debugging)"_s);

    QString error;
    ASSERT_TRUE(launcher->rewrite(chrome, 9004, &error)) << error.toStdString();
    EXPECT_EQ(readBytes(user), before) << "the user's own entry is byte-identical";
    EXPECT_EQ(readFile(system).contains(u"remote-debugging"_s), false);
    const auto entry = DesktopEntry::load(ours);
    ASSERT_TRUE(entry);
    const QString group = u"Desktop Entry"_s;
    EXPECT_EQ(entry->value(group, u"Name"_s), u"Chromium (debugging)"_s);
    EXPECT_EQ(entry->value(group, u"Name[de]"_s), u"Chromium-Webbrowser (debugging)"_s);
    const QString exec = entry->value(group, u"Exec"_s);
    EXPECT_TRUE(exec.startsWith(u"/usr/bin/chromium --ozone-platform=wayland --remote-debugging-port=9004 "
                                "--user-data-dir="_s))
        << exec.toStdString();
    EXPECT_TRUE(exec.endsWith(u" %U"_s)) << exec.toStdString();
    EXPECT_TRUE(
        entry->value(u"Desktop Action new-window"_s, u"Exec"_s).contains(u"--remote-debugging-port=9004"_s));
    EXPECT_FALSE(entry->contains(group, u"MimeType"_s)) << "never the handler for links";
    EXPECT_EQ(validate(ours), QString());

    state = launcher->state(chrome);
    EXPECT_TRUE(state.rewritten);
    EXPECT_EQ(state.port, 9004);
    EXPECT_EQ(state.launcherPath, ours);
    EXPECT_EQ(state.originalPath, user);
    const auto command = launcher->launchCommand(chrome);
    ASSERT_TRUE(command);
    EXPECT_TRUE(command->contains(u"--remote-debugging-port=9004"_s));

    ASSERT_TRUE(launcher->rewrite(chrome, 9222, &error)) << error.toStdString();
    EXPECT_TRUE(
        DesktopEntry::load(ours)->value(group, u"Exec"_s).contains(u"--remote-debugging-port=9222"_s));
    EXPECT_EQ(DesktopEntry::load(ours)->value(group, u"Name"_s), u"Chromium (debugging)"_s) << "not twice";
    EXPECT_EQ(readBytes(user), before);

    ASSERT_TRUE(launcher->restore(chrome, &error)) << error.toStdString();
    EXPECT_FALSE(QFile::exists(ours));
    EXPECT_EQ(readBytes(user), before);
    EXPECT_FALSE(launcher->state(chrome).rewritten);
}

TEST_F(IdeLauncherTest, AChromiumEntryShadowedByAnOlderVersionIsPutBack)
{
    // Earlier versions wrote the debugging launcher over the desktop's own entry, keeping the
    // user's one as a backup; adding debugging now puts that back and writes the separate one.
    const QString user = dataHome + u"/applications/chromium.desktop"_s;
    const QString mine = u"[Desktop Entry]\nName=Chromium\nExec=/usr/bin/chromium %U\nType=Application\n"_s;
    test::writeTextFile(user + u".mpa-backup"_s, mine);
    test::writeTextFile(
        user,
        u"[Desktop Entry]\nName=Chromium\nExec=/usr/bin/chromium --remote-debugging-port=9004 %U\n"
        "Type=Application\nX-MPA-Relaunch-Port=9004\nX-MPA-Original=%1\n"_s.arg(user + u".mpa-backup"_s));
    const IdeInfo chrome = *IdeInfo::byId(u"chrome"_s);
    QString error;
    ASSERT_TRUE(launcher->rewrite(chrome, 9004, &error)) << error.toStdString();
    EXPECT_EQ(readFile(user), mine);
    EXPECT_FALSE(QFile::exists(user + u".mpa-backup"_s));
    EXPECT_TRUE(launcher->state(chrome).rewritten);
    EXPECT_EQ(launcher->state(chrome).originalPath, user);
}

TEST(DesktopEntryTest, StringEscapesReadAndWriteWithTheSpecsTable)
{
    // The Desktop Entry Specification's escapes in string values: \s \n \t \r \\ ("Possible
    // value types"); any other backslash pair is left for Exec quoting and lists.
    const QString group = QString::fromLatin1(DesktopEntry::kMainGroup);
    const DesktopEntry read
        = DesktopEntry::parse(u"[Desktop Entry]\nComment=a\\sb\\nc\\td\\re\\\\f\\;g\\\"\n"_s);
    EXPECT_EQ(read.value(group, u"Comment"_s), u"a b\nc\td\re\\f\\;g\\\""_s);
    DesktopEntry written = DesktopEntry::parse(u"[Desktop Entry]\n"_s);
    written.setValue(group, u"Comment"_s, u" a b\nc\td\re\\f"_s);
    EXPECT_TRUE(written.toString().contains(u"Comment=\\sa b\\nc\\td\\re\\\\f\n"_s))
        << qPrintable(written.toString()) << " (only a leading space becomes \\s)";
    const QString text = u"  two\tlines\nand a \\ back\\slash"_s;
    written.setValue(group, u"Name"_s, text);
    EXPECT_EQ(DesktopEntry::parse(written.toString()).value(group, u"Name"_s), text);
}

} // namespace
