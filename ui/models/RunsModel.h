#pragma once
// What the Tasks page shows and does: the LLM task runs of this config dir (newest first) with
// their steps, questions and results as they happen, and starting, resuming, answering and
// stopping one. Models (ui/models/Models.h) builds it over the engine's RunManager; tests give
// the page a fake.

#include "agent/RunRecord.h"
#include "common/CommandResult.h"

#include <QJsonObject>
#include <QObject>

#include <optional>

namespace mpa {

class RunsModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // A run the user starts from the page.
    struct StartRequest
    {
        QString task;
        QString tab; // a tab of the browser (target id), or empty
        QString url; // a start address (a new tab of the run's own), or empty
        std::optional<RunMode> mode; // empty: the agent/mode setting
        QJsonObject schema; // the JSON Schema the result's data must match; empty: none
    };

    virtual QList<RunRecord> runs() const = 0; // newest first
    virtual std::optional<RunRecord> run(const QString &runId) const = 0;
    // Under way (waiting for the user included).
    virtual bool isActive(const QString &runId) const = 0;

    // `done` gets {"runId"} or why not.
    virtual void start(const StartRequest &request, CommandReply done) = 0;
    // Goes on with an interrupted run: {"runId"} or why not.
    virtual void resume(const QString &runId, CommandReply done) = 0;
    // Each returns whether it was done; refused, `error` says why.
    virtual bool answer(const QString &runId, bool approve, const QString &text, QString *error) = 0;
    virtual bool cancel(const QString &runId, const QString &reason, QString *error) = 0;

Q_SIGNALS:
    void runChanged(const QString &runId);
    void stepAdded(const QString &runId, const mpa::RunStep &step);
    // The model's text as it streams.
    void textDelta(const QString &runId, const QString &text);
    void questionAsked(const QString &runId, const mpa::RunQuestion &question);
    void runFinished(const QString &runId);
    // A run was added or removed.
    void listChanged();
};

} // namespace mpa
