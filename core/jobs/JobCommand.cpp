#include "JobCommand.h"

#include "common/EnumNames.h"
#include "safety/Redactor.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr EnumName<JobCommand::State> kStateNames[] = {
    { JobCommand::State::Queued, u"queued" },   { JobCommand::State::Running, u"running" },
    { JobCommand::State::Done, u"done" },       { JobCommand::State::Failed, u"failed" },
    { JobCommand::State::Refused, u"refused" }, { JobCommand::State::Unknown, u"unknown" },
};

} // namespace

QString JobCommand::stateName(State state)
{
    return enumName(kStateNames, state);
}

std::optional<JobCommand::State> JobCommand::stateFromName(QStringView name)
{
    return enumValue(kStateNames, name);
}

QString JobCommand::unknownOutcome()
{
    return u"the app stopped while it ran; whether it happened is unknown, so it was not run again"_s;
}

QString JobCommand::clipped(const QString &text, int max)
{
    // Cuts never show part of a value the redactor masks later (see Redactor::clip).
    return Redactor::clip(text.simplified(), max);
}

QString JobCommand::summarise(const QString &tool, const QJsonValue &data)
{
    const QJsonObject object = data.toObject();
    if (tool == u"get"_s || tool == u"is"_s) {
        const QJsonValue value = object.contains(u"value") ? object.value(u"value") : data;
        const QString text = value.isString()
            ? value.toString()
            : QString::fromUtf8(QJsonDocument::fromVariant(value.toVariant()).toJson(QJsonDocument::Compact));
        return Redactor::clip(text, 2000);
    }
    if (tool == u"tab"_s && object.contains(u"tabs")) {
        QStringList tabs;
        for (const QJsonValue &t : object.value(u"tabs").toArray()) {
            const QJsonObject tab = t.toObject();
            tabs.append(u"%1 “%2” %3"_s.arg(tab.value(u"tab").toString(), tab.value(u"title").toString(),
                                            tab.value(u"url").toString()));
        }
        return tabs.join(u"; "_s);
    }
    QStringList parts;
    if (object.value(u"navigated").toBool())
        parts.append(u"navigated to %1"_s.arg(object.value(u"url").toString()));
    if (object.value(u"newTab").toBool() && object.contains(u"tab"))
        parts.append(u"opened tab %1"_s.arg(object.value(u"tab").toString()));
    for (const QJsonValue &tab : object.value(u"newTabs").toArray())
        parts.append(u"opened a new tab %1"_s.arg(tab.toObject().value(u"url").toString()));
    if (object.contains(u"dialog"))
        parts.append(u"a dialog: %1"_s.arg(object.value(u"dialog").toObject().value(u"message").toString()));
    for (const QJsonValue &dialog : object.value(u"dialogs").toArray()) {
        const QJsonObject d = dialog.toObject();
        parts.append(u"a %1 dialog said “%2”"_s.arg(d.value(u"type").toString(u"page"_s),
                                                    clipped(d.value(u"message").toString(), 120)));
    }
    if (object.contains(u"value"))
        parts.append(u"value: "_s + clipped(object.value(u"value").toVariant().toString(), 300));
    return parts.join(u"; "_s);
}

QJsonObject JobCommand::effectOf(const QJsonValue &data)
{
    const QJsonObject o = data.toObject();
    QJsonObject effect;
    for (const QString &key : { u"navigated"_s, u"url"_s, u"newTabs"_s, u"dialogs"_s }) {
        if (o.contains(key))
            effect.insert(key, o.value(key));
    }
    if (!o.value(u"navigated").toBool())
        effect.remove(u"url"_s);
    return effect;
}

} // namespace mpa
