#pragma once
// The one answer of asynchronous code: a command, a tool a run or a bridge session calls, a
// chat action. A callback receives one CommandResult: ok with its data, or not ok with a
// sentence saying what went wrong (and what to do) and the kind of failure (ErrorKind).
// Synchronous code follows the convention of Refuse.h (bool or std::optional, and
// `QString *error`). HTTP statuses are the servers' business: core/server maps a kind to the
// status its HTTP answer carries (httpStatus in server/HttpStatus.h); nothing else speaks them.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <functional>

namespace mpa {

// What kind of failure an asynchronous answer is: what a caller can do about it.
enum class ErrorKind {
    None, // a success
    BadInput, // the request or its params are wrong: asking again the same way fails again
    Refused, // not allowed: a right, a consent or a policy says no
    NotFound, // what the request names is not there (a tab, a run, a setting, an action)
    Conflict, // not possible in the present state (the queue runs, the tab closed, a dialog is open)
    Unavailable, // the part that would do it is not there now (no browser, no window, shutting down)
    Upstream, // the browser, the page or a remote service was asked and did not do it
    Timeout, // what was started did not finish in time
    Expired, // a wait the caller set ran out before what it waited for happened
    Unusable, // the request is right, but what it names cannot be used (a file that is no saved state)
    TooLarge, // what the request would make is over its size limit (a storage state over 10 MiB)
    Full, // a storage limit is reached (the agent's downloads folder)
    Internal, // our own failure: a file could not be written, a state that should not be (last)
};

struct CommandResult
{
    bool ok = true;
    QJsonValue data;
    QString error; // a sentence naming what went wrong and, where it helps, what to do
    ErrorKind kind = ErrorKind::None; // None exactly when ok

    static CommandResult success(const QJsonValue &data = QJsonValue());
    static CommandResult failure(const QString &error, ErrorKind kind = ErrorKind::BadInput);
    QJsonObject toJson() const; // {"success":true,"data":…} / {"success":false,"error":"…"}
};

using CommandReply = std::function<void(const CommandResult &result)>;

} // namespace mpa
