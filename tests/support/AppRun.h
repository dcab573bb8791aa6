#pragma once
// One run of the multi-purpose-agent executable as users run it (no display), with its output
// collected as it comes, for tests that drive real processes.

#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <chrono>

namespace mpa::test {

class AppRun
{
public:
    explicit AppRun(const QStringList &args, const QString &tmpDir = {});
    ~AppRun();

    bool waitForStderr(const QString &text, std::chrono::milliseconds timeout = std::chrono::seconds(20));
    // Waits for the exit; returns the exit code (-1 on timeout or crash).
    int finish(std::chrono::milliseconds timeout = std::chrono::seconds(30));
    void signal(int number);
    qint64 pid() const { return m_process.processId(); }
    QString out() const { return m_stdout; }
    QString err() const { return m_stderr; }
    // stdout and stderr, for failure messages.
    QString dump() const;

    // The summary object of the last stdout line.
    QJsonObject summary() const;

private:
    QProcess m_process;
    QString m_stdout;
    QString m_stderr;
};

// A TCP port on 127.0.0.1 that nothing listens on right now.
quint16 unusedPort();

} // namespace mpa::test
