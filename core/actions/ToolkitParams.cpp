#include "ToolkitParams.h"

#include <QJsonObject>
#include <QObject>
#include <QPointF>

using namespace Qt::StringLiterals;

namespace mpa {

bool paramsOk(CommandParams &params, const CommandReply &reply)
{
    if (params.ok())
        return true;
    reply(CommandResult::failure(params.error()));
    return false;
}

bool readRef(CommandParams &params, bool required, QString *ref, const CommandReply &reply)
{
    *ref = required ? params.requiredString(u"ref"_s) : params.string(u"ref"_s);
    if (!params.ok()) {
        reply(CommandResult::failure(params.error()));
        return false;
    }
    if (!ref->isEmpty() && !PageController::parseRef(*ref)) {
        reply(CommandResult::failure(
            QObject::tr("params.ref “%1” is not a ref: refs look like e3 (or f1e3 inside a frame), as a "
                        "snapshot lists them")
                .arg(*ref)));
        return false;
    }
    return true;
}

bool readSpot(const QJsonValue &value, const QString &name, PageController::Spot *spot, QString *tab,
              const CommandReply &reply)
{
    // The schema checked the shape: a ref string, or an object {ref, tab} or {x, y}.
    const QJsonObject object = value.toObject();
    spot->ref = value.isString() ? value.toString() : object.value(u"ref"_s).toString();
    *tab = object.value(u"tab"_s).toString();
    if (!spot->ref.isEmpty()) {
        if (!PageController::parseRef(spot->ref)) {
            reply(
                CommandResult::failure(QObject::tr("params.%1 “%2” is not a ref: refs look like e3 (or f1e3 "
                                                   "inside a frame), as a snapshot lists them")
                                           .arg(name, spot->ref)));
            return false;
        }
        return true;
    }
    if (!object.value(u"x"_s).isDouble() || !object.value(u"y"_s).isDouble()) {
        reply(CommandResult::failure(
            QObject::tr("params.%1 must be a ref (e3) or a point {\"x\": …, \"y\": …} of the viewport")
                .arg(name)));
        return false;
    }
    spot->point = QPointF(object.value(u"x"_s).toDouble(), object.value(u"y"_s).toDouble());
    return true;
}

} // namespace mpa
