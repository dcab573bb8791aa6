#pragma once
// The one error convention of synchronous code (KeePassXC's): a call that can fail returns
// bool — or std::optional<T> when it has a value to give — and takes `QString *error` last,
// which may be null when the caller needs no sentence. On failure it says in that sentence
// what was wrong and what to do, and changes nothing. refuse() is the failing return.
// Asynchronous code answers with CommandResult (common/CommandResult.h).

#include <QString>

namespace mpa {

// Fills `error` (when given) with `message`; false, for `return refuse(error, …);`.
inline bool refuse(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace mpa
