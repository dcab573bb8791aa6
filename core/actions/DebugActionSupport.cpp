#include "DebugActionSupport.h"

#include "cdp/CdpSession.h"
#include "common/Refuse.h"

#include <QJsonArray>
#include <QMetaEnum>

using namespace Qt::StringLiterals;

namespace mpa::debugactions {

using Scope = CommandDispatcher::Scope;

QJsonObject objectSchema(const QJsonObject &properties, const QStringList &required)
{
    return ParamsSchema::object(properties, required, ParamsSchema::Extra::Allowed);
}

void add(CommandDispatcher *commands, const QString &name, const QString &description,
         const QJsonObject &schema, CommandDispatcher::Handler handler)
{
    commands->add({ name, Scope::DebugApi, description, schema, std::move(handler) });
}

bool onlyKnownParams(const QJsonObject &params, const QStringList &known, QString *error)
{
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (!known.contains(it.key()))
            return refuse(error,
                          known.isEmpty()
                              ? u"this action takes no params (got '%1')"_s.arg(it.key())
                              : u"unknown parameter '%1' (known: %2)"_s.arg(it.key(), known.join(u", "_s)));
    }
    return true;
}

QJsonValue settingToJson(const Settings *settings, SettingKey key)
{
    return QJsonValue::fromVariant(settings->value(key));
}

std::optional<QVariant> settingFromJson(const SettingSpec &spec, const QJsonValue &value,
                                        const QString &label, QString *error)
{
    switch (spec.type) {
    case SettingSpec::Type::Bool:
        if (!value.isBool()) {
            *error = u"%1 must be true or false"_s.arg(label);
            return std::nullopt;
        }
        return QVariant(value.toBool());
    case SettingSpec::Type::Int: {
        const double number = value.toDouble();
        if (!value.isDouble() || number != double(qint64(number))) {
            *error = u"%1 must be a whole number"_s.arg(label);
            return std::nullopt;
        }
        return QVariant(qint64(number));
    }
    case SettingSpec::Type::String:
    case SettingSpec::Type::Choice:
        if (!value.isString()) {
            *error = u"%1 must be a string"_s.arg(label);
            return std::nullopt;
        }
        return QVariant(value.toString());
    case SettingSpec::Type::StringList: {
        if (!value.isArray()) {
            *error = u"%1 must be an array of strings"_s.arg(label);
            return std::nullopt;
        }
        QStringList list;
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isString()) {
                *error = u"%1 must be an array of strings"_s.arg(label);
                return std::nullopt;
            }
            list.append(item.toString());
        }
        return QVariant(list);
    }
    }
    return std::nullopt;
}

std::optional<QStringList> applySettings(Settings *settings,
                                         const QList<QPair<SettingKey, QVariant>> &changes, QString *error)
{
    for (const auto &[key, value] : changes) {
        if (!settings->validate(key, value, error))
            return std::nullopt;
    }
    QStringList changed;
    for (const auto &[key, value] : changes) {
        const QVariant before = settings->value(key);
        if (!settings->setValue(key, value, error))
            return std::nullopt;
        if (settings->value(key) != before)
            changed.append(QString::fromLatin1(settings->spec(key).name));
    }
    return changed;
}

QJsonObject allSettings(const Settings *settings)
{
    QJsonObject result;
    for (const SettingSpec &spec : settings->table())
        result.insert(QString::fromLatin1(spec.name), settingToJson(settings, spec.key));
    return result;
}

QString stateName(CdpEndpoint::State state)
{
    return QString::fromLatin1(QMetaEnum::fromType<CdpEndpoint::State>().valueToKey(int(state))).toLower();
}

QJsonArray endpointsJson(const CdpEndpoint *endpoint)
{
    QJsonArray list;
    const CdpSource *fallback = endpoint->defaultSource();
    const QList<CdpSession *> pages = endpoint->pageSessions();
    for (const CdpSource *source : endpoint->sources()) {
        const auto count = std::count_if(pages.begin(), pages.end(), [source](const CdpSession *page) {
            return page->parent() == source;
        });
        QJsonObject item = linkJson(source);
        item.insert(u"name"_s, source->name());
        item.insert(u"remote"_s, source->remote().has_value());
        item.insert(u"pages"_s, qint64(count));
        item.insert(u"default"_s, source == fallback);
        if (!source->duplicateOf().isEmpty())
            item.insert(u"duplicateOf"_s, source->duplicateOf());
        list.append(item);
    }
    return list;
}

} // namespace mpa::debugactions
