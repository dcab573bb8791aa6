// The tray icon on a real X server: the app starts on a desktop without a tray (window in
// charge), a tray appears later (trayer, as panels often start after autostarted apps), and the
// app's icon is embedded in it — checked from outside with xwininfo, not only by the app's word.
#include "EndProcess.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <gtest/gtest.h>

#include <memory>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// A process of the test's own, ended (and waited for) when the object goes.
class Child
{
public:
    Child(const QString &program, const QStringList &args, const QProcessEnvironment &env)
    {
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(program, args);
        m_process.waitForStarted(10000);
    }
    ~Child() { stop(); }
    void stop() { endProcess(m_process); }
    bool running() const { return m_process.state() != QProcess::NotRunning; }
    QString output() { return QString::fromUtf8(m_process.readAll()); }

private:
    QProcess m_process;
};

QString readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

class TrayIntegrationTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        for (const QString &tool : { u"Xvfb"_s, u"trayer"_s, u"xwininfo"_s }) {
            ASSERT_FALSE(QStandardPaths::findExecutable(tool).isEmpty())
                << tool.toStdString()
                << " is missing (packaging/debian-packages.txt lists it; run scripts/test)";
        }
        // A display number nobody uses; several suites may run at once.
        for (int number = 90 + int(QCoreApplication::applicationPid() % 200); number < 400; ++number) {
            if (QFileInfo::exists(u"/tmp/.X11-unix/X%1"_s.arg(number))
                || QFileInfo::exists(u"/tmp/.X%1-lock"_s.arg(number)))
                continue;
            display = u":%1"_s.arg(number);
            xvfb = std::make_unique<Child>(
                QStandardPaths::findExecutable(u"Xvfb"_s),
                QStringList { display, u"-screen"_s, u"0"_s, u"1024x768x24"_s, u"-nolisten"_s, u"tcp"_s },
                QProcessEnvironment::systemEnvironment());
            const QString socket = u"/tmp/.X11-unix/X%1"_s.arg(number);
            if (waitUntil([&] { return QFileInfo::exists(socket) || !xvfb->running(); }, 10s)
                && xvfb->running())
                break;
            xvfb.reset(); // lost a race for that number; try the next
            display.clear();
        }
        ASSERT_FALSE(display.isEmpty()) << "could not start Xvfb";
        env = QProcessEnvironment::systemEnvironment();
        env.insert(u"DISPLAY"_s, display);
        env.insert(u"QT_QPA_PLATFORM"_s, u"xcb"_s);
        env.remove(u"WAYLAND_DISPLAY"_s);
    }

    void TearDown() override
    {
        app.reset();
        trayer.reset();
        xvfb.reset();
    }

    QString windowTree()
    {
        QProcess xwininfo;
        xwininfo.setProcessEnvironment(env);
        xwininfo.start(u"xwininfo"_s, { u"-root"_s, u"-tree"_s });
        xwininfo.waitForFinished(10000);
        return QString::fromUtf8(xwininfo.readAllStandardOutput());
    }

    // True when the trayer panel holds a window of the app.
    bool iconInTray()
    {
        const QStringList lines = windowTree().split(u'\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            if (!lines.at(i).contains(u"(\"panel\" \"trayer\")"_s))
                continue;
            auto indent = [](const QString &line) {
                qsizetype n = 0;
                while (n < line.size() && line.at(n) == u' ')
                    ++n;
                return n;
            };
            const qsizetype panel = indent(lines.at(i));
            for (qsizetype j = i + 1; j < lines.size() && indent(lines.at(j)) > panel; ++j) {
                if (lines.at(j).contains(u"(\"multi-purpose-agent\" \"multi-purpose-agent\")"_s))
                    return true;
            }
        }
        return false;
    }

    QString display;
    QProcessEnvironment env;
    std::unique_ptr<Child> xvfb, trayer, app;
};

TEST_F(TrayIntegrationTest, TheIconAppearsOnceATrayExists)
{
    const QString configDir = test::configDir();
    const QString log = configDir + u"/logs/multi-purpose-agent.log"_s;
    app = std::make_unique<Child>(appBinary(), QStringList { u"--config-dir"_s, configDir }, env);
    ASSERT_TRUE(waitUntil([&] { return readFile(log).contains(u"this desktop has no system tray"_s); }, 30s))
        << readFile(log).toStdString() << app->output().toStdString();
    EXPECT_TRUE(waitUntil(
        [&] { return windowTree().contains(u"\"Multi Purpose Agent\": (\"multi-purpose-agent\""_s); }, 15s))
        << "without a tray the window is open";
    EXPECT_FALSE(iconInTray());

    trayer = std::make_unique<Child>(QStandardPaths::findExecutable(u"trayer"_s),
                                     QStringList { u"--edge"_s, u"top"_s, u"--align"_s, u"right"_s,
                                                   u"--widthtype"_s, u"request"_s, u"--height"_s, u"24"_s },
                                     env);
    EXPECT_TRUE(waitUntil([&] { return readFile(log).contains(u"tray icon shown"_s); }, 30s))
        << readFile(log).toStdString();
    EXPECT_TRUE(waitUntil([&] { return iconInTray(); }, 15s)) << windowTree().toStdString();
    EXPECT_TRUE(app->running());
}

} // namespace
