#include "StartedIde.h"

#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

using namespace Qt::StringLiterals;

namespace mpa {

StartedIde *StartedIde::start(const IdeStartPlan &plan, const QString &outputFile, QString *error,
                              QObject *parent)
{
    QDir().mkpath(QFileInfo(outputFile).absolutePath());
    QFile::remove(outputFile);
    // No parent: a QProcess that is destroyed kills its process, and the IDE must outlive the
    // page and the app. It deletes itself once the process has ended.
    auto *process = new QProcess;
    process->setProgram(plan.program);
    process->setArguments(plan.arguments);
    process->setStandardInputFile(QProcess::nullDevice());
    process->setStandardOutputFile(outputFile, QIODevice::Append);
    process->setStandardErrorFile(outputFile, QIODevice::Append);
    process->start();
    if (!process->waitForStarted(5000)) {
        const QString why = process->errorString();
        qCWarning(lcPlatform).noquote()
            << "could not start" << plan.program << plan.arguments.join(u' ') << ":" << why;
        if (error)
            *error = u"%1 could not be started: %2"_s.arg(plan.program, why);
        delete process;
        return nullptr;
    }
    qCInfo(lcPlatform).noquote() << u"started %1 (pid %2) %3; its output goes to %4"_s.arg(plan.program)
                                        .arg(process->processId())
                                        .arg(plan.arguments.join(u' '), outputFile);
    return new StartedIde(process, outputFile, parent);
}

StartedIde::StartedIde(QProcess *process, QString outputFile, QObject *parent)
    : QObject(parent)
    , m_process(process)
    , m_outputFile(std::move(outputFile))
    , m_pid(process->processId())
{
    connect(process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        const bool crashed = status == QProcess::CrashExit;
        qCInfo(lcPlatform).noquote() << u"pid %1 ended (%2)"_s.arg(m_pid).arg(
            crashed ? u"killed"_s : u"exit code %1"_s.arg(exitCode));
        Q_EMIT exited(exitCode, crashed);
    });
    connect(process, &QProcess::finished, process, &QObject::deleteLater);
}

StartedIde::~StartedIde()
{
    // The process (if it still runs) goes on; its QProcess deletes itself when it ends.
    if (m_process)
        m_process->disconnect(this);
}

bool StartedIde::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QString StartedIde::outputTail(int lines) const
{
    QFile file(m_outputFile);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    if (file.size() > 8192)
        file.seek(file.size() - 8192);
    QStringList kept;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(u'\n')) {
        if (!line.trimmed().isEmpty())
            kept.append(line.trimmed());
    }
    return kept.mid(qMax(0, int(kept.size()) - lines)).join(u'\n');
}

} // namespace mpa
