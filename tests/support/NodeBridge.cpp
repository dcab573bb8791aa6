#include "NodeBridge.h"

#include "TestEnvironment.h"
#include "Wait.h"

#include <QDir>
#include <QJsonDocument>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace mpa::test {

QString NodeBridge::nodeBinary()
{
    const QString node = QStandardPaths::findExecutable(u"node"_s);
    return node.isEmpty() ? QStandardPaths::findExecutable(u"nodejs"_s) : node;
}

NodeBridge::NodeBridge(const QString &script, const QStringList &args)
{
    const QString npmDir = QDir(sourceDir()).filePath(u"tests/npm"_s);
    m_process.setWorkingDirectory(npmDir);
    m_process.setProgram(nodeBinary());
    m_process.setArguments(QStringList { QDir(npmDir).filePath(script) } + args);
    QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process, [this] { readLines(); });
    QObject::connect(&m_process, &QProcess::readyReadStandardError, &m_process,
                     [this] { m_stderr += QString::fromUtf8(m_process.readAllStandardError()); });
    m_process.start();
    m_process.waitForStarted(10000);
}

NodeBridge::~NodeBridge()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void NodeBridge::readLines()
{
    m_pending += m_process.readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        const QByteArray line = m_pending.left(newline);
        m_pending.remove(0, newline + 1);
        if (line.trimmed().isEmpty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(line);
        m_seen.append(QString::fromUtf8(line.left(600)));
        if (document.isObject())
            m_events.append(document.object());
    }
}

void NodeBridge::send(const QJsonObject &command)
{
    m_process.write(QJsonDocument(command).toJson(QJsonDocument::Compact) + '\n');
}

std::optional<QJsonObject> NodeBridge::waitFor(const std::function<bool(const QJsonObject &)> &match,
                                               std::chrono::milliseconds timeout)
{
    std::optional<QJsonObject> found;
    auto take = [&] {
        for (qsizetype i = 0; i < m_events.size(); ++i) {
            if (match(m_events.at(i))) {
                found = m_events.takeAt(i);
                return true;
            }
        }
        return false;
    };
    if (take())
        return found;
    waitUntil([&] { return take() || m_process.state() == QProcess::NotRunning; }, timeout);
    if (!found) {
        readLines();
        take();
    }
    return found;
}

std::optional<QJsonObject> NodeBridge::waitForEvent(const QString &event, std::chrono::milliseconds timeout)
{
    return waitFor([&event](const QJsonObject &e) { return e.value(u"event"_s).toString() == event; },
                   timeout);
}

QString NodeBridge::transcript() const
{
    return u"events:\n"_s + m_seen.join(u'\n') + u"\nstderr:\n"_s + m_stderr.right(4000);
}

int NodeBridge::finish(std::chrono::milliseconds timeout)
{
    m_process.closeWriteChannel();
    if (!waitUntil([&] { return m_process.state() == QProcess::NotRunning; }, timeout)) {
        m_process.kill();
        m_process.waitForFinished(5000);
        return -1;
    }
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
}

} // namespace mpa::test
