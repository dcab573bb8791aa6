#include "CommandResult.h"

using namespace Qt::StringLiterals;

namespace mpa {

CommandResult CommandResult::success(const QJsonValue &data)
{
    return { true, data, {}, 200 };
}

CommandResult CommandResult::failure(const QString &error, int status)
{
    return { false, {}, error, status };
}

QJsonObject CommandResult::toJson() const
{
    if (ok)
        return { { u"success"_s, true }, { u"data"_s, data.isUndefined() ? QJsonValue() : data } };
    return { { u"success"_s, false }, { u"error"_s, error } };
}

} // namespace mpa
