#pragma once
// A fake IDE executable for relaunch tests: tests/fixtures/relaunch/fake-ide.sh copied into a
// folder of its own as "antigravity". It records every start's arguments and every quit; started
// with --remote-debugging-port=N it becomes a real headless Chromium serving CDP on N. Whatever
// it started is ended with the object (each start's whole process group). POSIX only.

#include "ScopedEnv.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace mpa::test {

class FakeIde
{
public:
    struct Start
    {
        qint64 pid = 0;
        QStringList arguments;
    };

    explicit FakeIde(const QString &dir);
    ~FakeIde();
    FakeIde(const FakeIde &) = delete;
    FakeIde &operator=(const FakeIde &) = delete;

    QString program() const { return m_program; }
    // Starts it on `folders` (no debugging) and waits until it has recorded its start.
    bool start(const QStringList &folders, qint64 *pid, QString *error);
    QList<Start> starts() const;
    bool hasQuit(qint64 pid) const;

private:
    QStringList lines() const;

    QString m_dir;
    QString m_program;
    std::unique_ptr<ScopedEnv> m_chromium;
    std::unique_ptr<ScopedEnv> m_record;
};

} // namespace mpa::test
