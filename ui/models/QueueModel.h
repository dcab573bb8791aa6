#pragma once
// What the Prompt queue page shows and does: the queue and the scheduler's state, its controls
// (each false with the refusal in `error`), and the chat window the prompts go to. Models
// (ui/models/Models.h) builds it over the engine's scheduler and agent chat; tests give the
// page a fake.

#include "common/CommandResult.h"
#include "scheduler/PromptQueue.h"

#include <QDateTime>
#include <QObject>

#include <optional>

namespace mpa {

class QueueModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual PromptQueue queue() const = 0;
    // The running queue waits for the agent to fall silent (the page counts the seconds).
    virtual bool waitingForSilence() const = 0;
    // When the next timed prompt goes out (invalid when none is planned).
    virtual QDateTime nextScheduledSend() const = 0;
    // The status line with what the running queue does this moment ("… · sending").
    virtual QString withPhase(const QString &status) const = 0;
    // Why Start cannot work now, in the user's words (empty: it can).
    virtual QString startBlocker() const = 0;

    virtual bool setQueue(const QStringList &prompts, QString *error) = 0;
    // Start as the tray's: with prompts queued, another mode becomes Queue mode first.
    virtual bool start(QString *error) = 0;
    virtual bool pause(QString *error) = 0;
    virtual bool resume(QString *error) = 0;
    virtual bool skip(QString *error) = 0;
    virtual bool stop(QString *error) = 0;

    // The title of the chat window prompts go to; nullopt while none is chosen.
    virtual std::optional<QString> windowTitle() const = 0;
    // Looks for the chat window; `done` gets the failure that says where it looked.
    virtual void findWindow(QObject *context, CommandReply done) = 0;
    // The conversations open in the chat ({"conversations": …}, as AgentChat answers).
    virtual void listConversations(QObject *context, CommandReply done) = 0;

Q_SIGNALS:
    // The queue, its state or the schedule changed.
    void changed();
    void windowChanged();
};

} // namespace mpa
