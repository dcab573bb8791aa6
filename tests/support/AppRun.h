#pragma once
// One run of the multi-purpose-agent executable, its output collected as it comes; killed
// if still running when it goes out of scope. (AppProcessTest has the same helper inline.)

#include <QJsonObject>
#include <QProcess>
#include <QStringList>

#include <chrono>

namespace mpa::test {

class AppRun
{
public:
    explicit AppRun(const QStringList &args);
    ~AppRun();

    bool waitForStderr(const QString &text, std::chrono::milliseconds timeout = std::chrono::seconds(20));
    // Waits for the exit; the exit code, or -1 on timeout or crash.
    int finish(std::chrono::milliseconds timeout = std::chrono::seconds(30));
    void signal(int number);
    qint64 pid() const { return m_process.processId(); }
    QString out() const { return m_stdout; }
    QString err() const { return m_stderr; }
    // The summary object of the last stdout line.
    QJsonObject summary() const;
    QString dump() const;

private:
    QProcess m_process;
    QString m_stdout;
    QString m_stderr;
};

} // namespace mpa::test
