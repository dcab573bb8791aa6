#pragma once
// The one answer of asynchronous code: a command, a tool a run or a bridge session calls, a
// chat action. A callback receives one CommandResult: ok with its data, or not ok with a
// sentence saying what went wrong (and what to do) and an HTTP-style status. Synchronous code
// follows the convention of Refuse.h (bool or std::optional, and `QString *error`).

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <functional>

namespace mpa {

struct CommandResult
{
    bool ok = true;
    QJsonValue data;
    QString error; // a sentence naming what went wrong and, where it helps, what to do
    int status = 200; // HTTP-style: 400 bad params, 403 refused, 404 unknown, 409 conflict, 500, 503

    static CommandResult success(const QJsonValue &data = QJsonValue());
    static CommandResult failure(const QString &error, int status = 400);
    QJsonObject toJson() const; // {"success":true,"data":…} / {"success":false,"error":"…"}
};

using CommandReply = std::function<void(const CommandResult &result)>;

} // namespace mpa
