#pragma once
// One command of an agent job — a toolkit call its brain chose — and what became of it: the
// unit an AgentJob queues, gates, runs at most once and records, whatever the brain (a model, a
// web chat) and whatever the record's file (a run's steps, a bridge session's commands). A
// command is marked running, and saved, before the toolkit gets it: one found running after the
// app stopped is unknown, and never run again.

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace mpa {

struct JobCommand
{
    enum class State { Queued, Running, Done, Failed, Refused, Unknown };

    QString key; // unique in its job: the command is run at most once under it
    QString tool; // as the brain named it: a toolkit type, or open_tab / open_tool
    QJsonObject params;
    QString thought; // why, in the brain's words, when it said
    State state = State::Queued;
    QString element; // the element it acts on, as the page names it: button “Checkout”
    QString gate; // the risk the gate saw (payment, sending, …), empty when none
    QString decision; // approved / denied by the user; empty when nobody was asked
    QString tab; // the tab it ran on
    QString summary; // what happened, in one line, when it ran
    QString error; // why it failed or was not run
    QJsonValue data; // the toolkit's answer
    QJsonObject effect; // navigated, url, newTabs, dialogs (when it ran)
    QDateTime at; // when it started
    qint64 durationMs = 0; // the toolkit's own time

    bool ok() const { return state == State::Done; }
    bool isFinished() const { return state != State::Queued && state != State::Running; }

    // "queued", "running", "done", "failed", "refused", "unknown".
    static QString stateName(State state);
    static std::optional<State> stateFromName(QStringView name);

    // What a command left unfinished by a process that stopped is told, in one sentence.
    static QString unknownOutcome();
    // What the toolkit's answer `data` to `tool` says happened, in one line (empty when it says
    // nothing more than that it was done).
    static QString summarise(const QString &tool, const QJsonValue &data);
    // The part of an answer that says what the command changed: navigated (and where to), new
    // tabs, dialogs.
    static QJsonObject effectOf(const QJsonValue &data);
    // `text` on one line, at most `max` characters (an ellipsis where it was cut; a value the
    // redactor would mask is never cut in two: Redactor::clip).
    static QString clipped(const QString &text, int max);
};

} // namespace mpa
