#pragma once
// Ending a helper process a test or a support class started (a browser service, code-server, a
// desktop tool) without leaving it behind.

#include <QProcess>

namespace mpa::test {

// Ends `process` if it runs: asks it to (SIGTERM), kills it when it has not ended within
// `graceMs`, and waits for it.
inline void endProcess(QProcess &process, int graceMs = 5000)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(graceMs)) {
        process.kill();
        process.waitForFinished(5000);
    }
}

} // namespace mpa::test
