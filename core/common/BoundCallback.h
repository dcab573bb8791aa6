#pragma once
// Asynchronous answers to a caller that may be gone by the time they come: boundTo(context,
// done) is a callback of the same kind that runs `done` only while `context` lives. A null
// context binds to nothing, and the answer always runs; an empty `done` is never called.

#include <QObject>
#include <QPointer>

#include <functional>
#include <utility>

namespace mpa {

template<typename... Args>
std::function<void(Args...)> boundTo(QObject *context, std::function<void(Args...)> done)
{
    return [guard = QPointer<QObject>(context), bound = context != nullptr,
            done = std::move(done)](Args... args) {
        if (done && (!bound || guard))
            done(std::forward<Args>(args)...);
    };
}

} // namespace mpa
