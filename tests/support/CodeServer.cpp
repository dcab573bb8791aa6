#include "CodeServer.h"

#include "AppRun.h"
#include "EndProcess.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace mpa::test {

CodeServer::CodeServer()
{
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    QObject::connect(&m_process, &QProcess::readyRead, &m_process,
                     [this] { m_output += QString::fromLocal8Bit(m_process.readAll()); });
}

CodeServer::~CodeServer()
{
    endProcess(m_process);
}

bool CodeServer::start(const QString &folder)
{
    const QString entry = qEnvironmentVariable("MPA_CODE_SERVER");
    if (entry.isEmpty() || !QFileInfo::exists(entry)) {
        m_error = u"code-server is not installed (MPA_CODE_SERVER is '%1'): run the suite through "
                  "scripts/test, which installs it (mpa_install_code_server)"_s.arg(entry);
        return false;
    }
    const QString node = QStandardPaths::findExecutable(u"node"_s);
    if (node.isEmpty()) {
        m_error = u"node is not on PATH"_s;
        return false;
    }
    m_folder = folder;
    m_port = unusedPort();
    const QString home = QDir(tempDir()).filePath(u"code-server-%1"_s.arg(m_port));
    QDir().mkpath(home);
    m_process.setProgram(node);
    m_process.setArguments({ entry, u"--auth"_s, u"none"_s, u"--bind-addr"_s, u"127.0.0.1:%1"_s.arg(m_port),
                             u"--user-data-dir"_s, home + u"/data"_s, u"--extensions-dir"_s,
                             home + u"/extensions"_s, u"--disable-telemetry"_s, u"--disable-update-check"_s,
                             u"--ignore-last-opened"_s, folder });
    m_process.start();
    if (!m_process.waitForStarted(10000)) {
        m_error = u"code-server did not start: "_s + m_process.errorString();
        return false;
    }
    const bool up = waitUntil(
        [this] {
            if (m_process.state() == QProcess::NotRunning)
                return true;
            QTcpSocket socket;
            socket.connectToHost(u"127.0.0.1"_s, m_port);
            return socket.waitForConnected(200);
        },
        std::chrono::seconds(60));
    if (!up || m_process.state() == QProcess::NotRunning) {
        m_error = u"code-server did not answer on 127.0.0.1:%1: %2"_s.arg(m_port).arg(m_output.right(2000));
        return false;
    }
    return true;
}

QUrl CodeServer::url() const
{
    QUrl url(u"http://127.0.0.1:%1/"_s.arg(m_port));
    url.setQuery(u"folder="_s + m_folder);
    return url;
}

void pressKey(CdpSession *page, const QString &key, const QString &code, int keyCode, int modifiers)
{
    for (const QString &type : { QStringLiteral("rawKeyDown"), QStringLiteral("keyUp") }) {
        sendAndWait(page, QStringLiteral("Input.dispatchKeyEvent"),
                    { { QStringLiteral("type"), type },
                      { QStringLiteral("key"), key },
                      { QStringLiteral("code"), code },
                      { QStringLiteral("windowsVirtualKeyCode"), keyCode },
                      { QStringLiteral("modifiers"), modifiers } });
    }
}

} // namespace mpa::test
