#pragma once
// The queue's data as it is saved in queue.json: the task prompts, where the queue stands
// (item, task or check step, how far that step got) and whether it runs. The Scheduler
// drives it; this type only holds, converts and recovers it.

#include "common/UserText.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace mpa {

struct QueueItem
{
    // How far the current step of this item got.
    enum class Status {
        Pending, // not sent (in this round)
        Sending, // handed to the chat; no answer yet
        Sent, // the chat took it; waiting for the agent to fall silent
        Unconfirmed, // "sent, unconfirmed": the app stopped before it knew how this ended
        Done, // finished in this round (loop mode; consume removes finished items)
        Failed, // could not be sent (twice)
        Skipped, // skipped by the user
    };

    QString id;
    QString text;
    Status status = Status::Pending;
    QDateTime sentAt; // when the chat confirmed the current step
    bool delivered = false; // Unconfirmed only: the chat had confirmed it before the app stopped
    QString error;

    QJsonObject toJson() const;
    static QueueItem fromJson(const QJsonObject &json);
    static QString statusName(Status status);
    static Status statusFromName(const QString &name);
};

struct PromptQueue
{
    enum class State { Stopped, Running, Paused };
    enum class Step { Task, Check };

    QList<QueueItem> items;
    int position = 0;
    Step step = Step::Task;
    State state = State::Stopped;
    // Why it stopped or paused, for the user: English in queue.json and the API, translated in
    // the window (context mpa::PromptQueue).
    UserText reason;

    bool isEmpty() const { return items.isEmpty(); }
    bool hasCurrent() const { return position >= 0 && position < items.size(); }
    QueueItem &current() { return items[position]; }
    const QueueItem &current() const { return items.at(position); }

    // Fresh items for these prompts, stopped at the first.
    void replace(const QStringList &prompts);
    // Every item back to pending (a new round, or reset).
    void clearStatuses();

    // After a crash or kill the saved state may say "running" with a step under way: pause
    // there and mark that step "sent, unconfirmed". True when anything changed.
    bool recoverInterrupted(QString *what);

    QJsonObject toJson() const;
    // Reads queue.json's object; unknown or damaged entries are dropped with `warnings`.
    static PromptQueue fromJson(const QJsonObject &json, QStringList *warnings = nullptr);
    static QString stateName(State state);
    static QString stepName(Step step);
};

} // namespace mpa
