#pragma once
// A node script from tests/npm (an outside client: npm "ws", the MCP SDK) run as a child
// process and driven line by line: commands go to its stdin as JSON, its stdout lines come
// back as JSON events that a test waits for with a hard timeout.

#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>
#include <optional>

namespace mpa::test {

class NodeBridge
{
public:
    // `script` is a file name in tests/npm; `args` follow it.
    explicit NodeBridge(const QString &script, const QStringList &args = {});
    ~NodeBridge();

    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    void send(const QJsonObject &command);
    // Waits for (and consumes) the first event, in order of arrival, that `match` accepts;
    // events before it stay queued. Nothing on timeout.
    std::optional<QJsonObject> waitFor(const std::function<bool(const QJsonObject &)> &match,
                                       std::chrono::milliseconds timeout = std::chrono::seconds(15));
    // The first event named `event` ("open", "message", …).
    std::optional<QJsonObject> waitForEvent(const QString &event,
                                            std::chrono::milliseconds timeout = std::chrono::seconds(15));
    // Every event so far (consumed or not) and stderr, for failure messages.
    QString transcript() const;
    QString stderrText() const { return m_stderr; }
    // Closes stdin and waits for the exit; kills after `timeout`.
    int finish(std::chrono::milliseconds timeout = std::chrono::seconds(10));

    static QString nodeBinary();

private:
    void readLines();

    QProcess m_process;
    QByteArray m_pending;
    QList<QJsonObject> m_events;
    QStringList m_seen;
    QString m_stderr;
};

} // namespace mpa::test
