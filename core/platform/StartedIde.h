#pragma once
// An IDE (or Chrome) the Connection page started with debugging, watched while the app waits
// for its port: when the process ends before that, it says so at once with its exit code and
// the last lines it wrote, instead of the app counting on. The IDE outlives the app: quitting
// never ends it (its output goes to a file, not to a pipe the app would close).

#include "IdeStarter.h"

#include <QObject>
#include <QPointer>

class QProcess;

namespace mpa {

class StartedIde : public QObject
{
    Q_OBJECT
public:
    // Starts `plan` with its output in `outputFile` (replaced); null with `error` when it
    // cannot be started.
    static StartedIde *start(const IdeStartPlan &plan, const QString &outputFile, QString *error = nullptr,
                             QObject *parent = nullptr);
    ~StartedIde() override;

    qint64 pid() const { return m_pid; }
    bool isRunning() const;
    QString outputFile() const { return m_outputFile; }
    // The last `lines` non-empty lines of what the process wrote (stdout and stderr).
    QString outputTail(int lines = 4) const;

Q_SIGNALS:
    // The process ended: its exit code (crashed: killed by a signal, the code means nothing).
    void exited(int exitCode, bool crashed);

private:
    StartedIde(QProcess *process, QString outputFile, QObject *parent);

    QPointer<QProcess> m_process;
    QString m_outputFile;
    qint64 m_pid = 0;
};

} // namespace mpa
