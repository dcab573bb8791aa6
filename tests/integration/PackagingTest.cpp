// The desktop files validate, and the .deb that CPack builds would install and starts.
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace std::chrono_literals;

namespace {

struct ProcessResult
{
    int exitCode = -1;
    QString output;
};

ProcessResult run(const QString &program, const QStringList &args, std::chrono::milliseconds timeout = 120s,
                  const QString &workingDir = {})
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    if (!workingDir.isEmpty())
        process.setWorkingDirectory(workingDir);
    process.start(program, args);
    ProcessResult result;
    if (!process.waitForStarted(10000)) {
        result.output = program + u": "_s + process.errorString();
        return result;
    }
    test::waitUntil([&] { return process.state() == QProcess::NotRunning; }, timeout);
    result.output = QString::fromUtf8(process.readAll());
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
        result.output += u"\n(timed out)"_s;
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return result;
}

QString tool(const QString &name)
{
    const QString path = QStandardPaths::findExecutable(name);
    EXPECT_FALSE(path.isEmpty()) << name.toStdString()
                                 << " is missing (packaging/debian-packages.txt lists it)";
    return path;
}

TEST(PackagingTest, DesktopEntryAndMetainfoValidate)
{
    const QString resources = test::sourceDir() + u"/resources/"_s;
    const ProcessResult desktop
        = run(tool(u"desktop-file-validate"_s), { resources + u"org.mpagent.MultiPurposeAgent.desktop"_s });
    EXPECT_EQ(desktop.exitCode, 0) << desktop.output.toStdString();
    EXPECT_FALSE(desktop.output.contains(u"error"_s)) << desktop.output.toStdString();
    const ProcessResult metainfo
        = run(tool(u"appstreamcli"_s),
              { u"validate"_s, u"--no-net"_s, resources + u"org.mpagent.MultiPurposeAgent.metainfo.xml"_s });
    EXPECT_EQ(metainfo.exitCode, 0) << metainfo.output.toStdString();
}

TEST(PackagingTest, TheDebInstallsAndTheAppStartsFromIt)
{
    const QString out = test::tempDir();
    const ProcessResult cpack
        = run(tool(u"cpack"_s),
              { u"-G"_s, u"DEB"_s, u"--config"_s, test::buildDir() + u"/CPackConfig.cmake"_s, u"-B"_s, out },
              300s, out);
    ASSERT_EQ(cpack.exitCode, 0) << cpack.output.toStdString();
    const QStringList debs = QDir(out).entryList({ u"multi-purpose-agent_*.deb"_s }, QDir::Files);
    ASSERT_EQ(debs.size(), 1) << cpack.output.toStdString();
    const QString deb = QDir(out).filePath(debs.first());

    const ProcessResult info = run(tool(u"dpkg-deb"_s), { u"--info"_s, deb });
    ASSERT_EQ(info.exitCode, 0) << info.output.toStdString();
    EXPECT_TRUE(info.output.contains(u"Package: multi-purpose-agent"_s));
    EXPECT_TRUE(info.output.contains(u"libqt6core6"_s))
        << "shared-library dependencies: " << info.output.toStdString();
    EXPECT_TRUE(info.output.contains(u"qt6-qpa-plugins"_s));

    const ProcessResult contents = run(tool(u"dpkg-deb"_s), { u"--contents"_s, deb });
    for (const QString &file :
         { u"./usr/bin/multi-purpose-agent"_s,
           u"./usr/share/applications/org.mpagent.MultiPurposeAgent.desktop"_s,
           u"./usr/share/metainfo/org.mpagent.MultiPurposeAgent.metainfo.xml"_s,
           u"./usr/share/icons/hicolor/scalable/apps/org.mpagent.MultiPurposeAgent.svg"_s })
        EXPECT_TRUE(contents.output.contains(file)) << file.toStdString() << " missing:\n"
                                                    << contents.output.toStdString();

    // apt resolves every dependency of the package on this system (without installing it)...
    const ProcessResult simulate
        = run(tool(u"apt-get"_s), { u"install"_s, u"--simulate"_s, u"--no-install-recommends"_s, deb });
    EXPECT_EQ(simulate.exitCode, 0) << simulate.output.toStdString();
    EXPECT_TRUE(simulate.output.contains(u"Inst multi-purpose-agent"_s)) << simulate.output.toStdString();

    // ...and the packaged binary starts.
    const QString root = test::tempDir();
    ASSERT_EQ(run(tool(u"dpkg-deb"_s), { u"--extract"_s, deb, root }).exitCode, 0);
    const ProcessResult version = run(root + u"/usr/bin/multi-purpose-agent"_s, { u"--version"_s });
    EXPECT_EQ(version.exitCode, 0) << version.output.toStdString();
    EXPECT_TRUE(version.output.startsWith(u"multi-purpose-agent 0."_s)) << version.output.toStdString();
}

} // namespace
