#include "CommandResult.h"

using namespace Qt::StringLiterals;

namespace mpa {

CommandResult CommandResult::success(const QJsonValue &data)
{
    return { true, data, {}, ErrorKind::None };
}

CommandResult CommandResult::failure(const QString &error, ErrorKind kind)
{
    return { false, {}, error, kind == ErrorKind::None ? ErrorKind::Internal : kind };
}

QJsonObject CommandResult::toJson() const
{
    if (ok)
        return { { u"success"_s, true }, { u"data"_s, data.isUndefined() ? QJsonValue() : data } };
    return { { u"success"_s, false }, { u"error"_s, error } };
}

} // namespace mpa
