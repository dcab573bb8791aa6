#pragma once
// Every LLM task run of this config dir (jobs/JobManager.h keeps the live and stored ones): starts them (the
// model from the llm/* settings and the key from the SecretStore or MPA_LLM_API_KEY), keeps each run's file
// up to date after every step, answers and cancels them, resumes interrupted ones, and lists the history. At
// start (load) it marks runs whose process ended as interrupted and prunes old ones.
//
// The browser side comes from a factory the actions layer sets (toolkit commands in the run's
// own name), so this module never depends on the servers or the toolkit's internals.

#include "RunRecord.h"
#include "RunStore.h"
#include "TaskRunner.h"
#include "jobs/JobManager.h"
#include "jobs/JobSecrets.h"
#include "settings/SecretStore.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace mpa {

class Clock;
class Settings;

class RunManager : public QObject
{
    Q_OBJECT
public:
    using ToolsFactory = std::function<BrowserTools(const RunRecord &run)>;

    struct StartRequest
    {
        QString task;
        QString tab; // a tab of the browser (target id), or empty
        QString url; // a start address (a new tab of the run's own), or empty
        std::optional<RunMode> mode; // default agent/mode
        int maxSteps = 0; // 0: agent/maxSteps
        QString startedBy; // ui, debug-api, ctl, run, or an agent's channel/name
        QString owner; // the agent that may see and steer it (RunRecord::owner); empty: the user's
        // The JSON Schema the result's data must match (ParamsSchema::checkSubset); empty: none.
        QJsonObject schema;
    };

    RunManager(Settings *settings, SecretStore *secrets, Clock *clock, const QString &runsDir,
               QObject *parent = nullptr);
    ~RunManager() override;

    void setToolsFactory(ToolsFactory factory) { m_toolsFactory = std::move(factory); }
    void setSecretStore(SecretStore *secrets) { m_secrets = secrets; }
    // For tests and the benchmark: the answers do not stream.
    void setStreaming(bool stream) { m_stream = stream; }

    // Marks runs left running by an ended process as interrupted, prunes old runs, reads the rest.
    void load();
    QStringList notices() const { return m_notices; }

    // Checks the request and the model set-up, then starts the run; `done` gets {"runId"} or why
    // not (BadInput). resume: NotFound for a run that is not there, Conflict for one that cannot
    // go on.
    void start(const StartRequest &request, CommandReply done);
    void resume(const QString &runId, CommandReply done);
    // Each returns whether it was done; refused, `error` says why.
    bool answer(const QString &runId, bool approve, const QString &text, QString *error = nullptr);
    bool cancel(const QString &runId, const QString &reason = {}, QString *error = nullptr);
    // Ends a run waiting for the user as failed (the `run` command when nobody can answer).
    bool giveUp(const QString &runId, const QString &reason, QString *error = nullptr);

    std::optional<RunRecord> run(const QString &runId) const { return m_jobs.record(runId); }
    QList<RunRecord> runs() const { return m_jobs.records(); } // newest first
    TaskRunner *runner(const QString &runId) const { return m_jobs.live(runId); }
    bool isActive(const QString &runId) const { return m_jobs.live(runId) != nullptr; }
    QStringList activeRuns() const { return m_jobs.liveIds(); }
    RunStore &store() { return m_jobs.store(); }

    // The model and limits a run would get now (for the Tasks page and the `run` command).
    RunLimits limits() const;

Q_SIGNALS:
    void runChanged(const QString &runId);
    void stepAdded(const QString &runId, const mpa::RunStep &step);
    void textDelta(const QString &runId, const QString &text);
    void questionAsked(const QString &runId, const mpa::RunQuestion &question);
    void runFinished(const QString &runId);
    void listChanged();

private:
    // `refused`: the kind of a failure (BadInput for a new run, Conflict for a resumed one).
    void launch(RunRecord record, ErrorKind refused, CommandReply done);
    // The values of the secrets `task` names (<secret:name>), from agent/secrets and the
    // keychain; refused when one is not set up.
    void readTaskSecrets(const QString &task,
                         const std::function<void(const CommandResult &, JobSecrets)> &done);
    void launchWith(RunRecord record, const JobSecrets &secrets, ErrorKind refused, CommandReply done);
    void attach(TaskRunner *runner);
    // A model's identity for what it was found to refuse: provider, address and model.
    static QString visionKey(const LlmConfig &config);

    Settings *m_settings;
    QPointer<SecretStore> m_secrets;
    Clock *m_clock;
    JobManager<RunRecord, TaskRunner, RunStore> m_jobs;
    ToolsFactory m_toolsFactory;
    bool m_stream = true;
    QStringList m_notices;
    // The models (visionKey) that refused images (agent/vision auto), for the runs that follow.
    QSet<QString> m_textOnlyModels;
};

} // namespace mpa
