#pragma once
// What the debug actions' subjects share: how an action is registered (scope DebugApi, an open
// schema: the extension's extra parameter names are taken), the check for unknown parameter
// names, and settings as JSON and back with strict types.

#include "actions/CommandDispatcher.h"
#include "cdp/CdpEndpoint.h"
#include "common/ParamsSchema.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>

namespace mpa::debugactions {

// The debug actions take the extension's extra parameter names too: their schemas stay open.
QJsonObject objectSchema(const QJsonObject &properties = {}, const QStringList &required = {});
constexpr auto typed = &ParamsSchema::property;

void add(CommandDispatcher *commands, const QString &name, const QString &description,
         const QJsonObject &schema, CommandDispatcher::Handler handler);

// True when `params` holds only `known` names; otherwise names the first stranger.
bool onlyKnownParams(const QJsonObject &params, const QStringList &known, QString *error);

// A setting's value as JSON, and JSON as a setting's value with strict types.
QJsonValue settingToJson(const Settings *settings, SettingKey key);
std::optional<QVariant> settingFromJson(const SettingSpec &spec, const QJsonValue &value,
                                        const QString &label, QString *error);
// Every setting by name.
QJsonObject allSettings(const Settings *settings);

// Validates every change through the Settings registry first, then stores them all: a
// refused value leaves every setting as it was. Returns the names whose value changed.
std::optional<QStringList> applySettings(Settings *settings,
                                         const QList<QPair<SettingKey, QVariant>> &changes, QString *error);

// The endpoint's state in the API's words (connected, retrying, …), for every action that reports it.
QString stateName(CdpEndpoint::State state);
// What the endpoint set and each of its endpoints say alike of their link: address, state,
// connected, browserLevel, browserVersion, lastError.
template<typename Link> QJsonObject linkJson(const Link *link)
{
    return {
        { QStringLiteral("address"), link->address() },
        { QStringLiteral("state"), stateName(link->state()) },
        { QStringLiteral("connected"), link->isConnected() },
        { QStringLiteral("browserLevel"), link->isBrowserLevel() },
        { QStringLiteral("browserVersion"), link->browserVersion() },
        { QStringLiteral("lastError"), link->lastError() },
    };
}
// Every endpoint with its own status, the first one first: name (what settings, `open
// {endpoint}` and each page's "endpoint" call it), address, remote, state, connected,
// browserLevel, browserVersion, lastError, duplicateOf, pages, default (where new tabs open).
QJsonArray endpointsJson(const CdpEndpoint *endpoint);

} // namespace mpa::debugactions
