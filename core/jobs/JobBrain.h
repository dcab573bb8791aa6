#pragma once
// What decides in an agent job (AgentJob): a model called with tools (LlmBrain), a web chat
// that writes <tool_code> commands (ChatBrain). The job calls these; the brain answers through
// the job's brain side (observe, run, record, ask, finish).

#include "AgentJob.h"

namespace mpa {

class JobBrain
{
public:
    virtual ~JobBrain() = default;

    // The job starts, or goes on after a pause or an interruption (the record says where).
    virtual void begin() = 0;
    // The page as it is now; `ran`: the commands that ran or were refused since the last look.
    virtual void observed(const AgentJob::Look &look, const QList<JobCommand> &ran) = 0;
    // A command is over (ran, failed, was refused or denied by the user).
    virtual void commandDone(const JobCommand &command) { Q_UNUSED(command) }
    // The user answered the brain's own question.
    virtual void answered(const AgentJob::Question &question, bool approve, const QString &text) = 0;
    // Whether a pause can hold the job at once: the brain is only waiting, nothing is half done.
    virtual bool pausesAtOnce() const { return false; }
    // Stops whatever the brain has under way (a model's request, a watch on the chat): the job
    // pauses or ends.
    virtual void halt() = 0;
};

} // namespace mpa
