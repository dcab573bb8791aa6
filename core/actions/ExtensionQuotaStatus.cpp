#include "ExtensionQuotaStatus.h"

#include "quota/AntigravityQuotaProvider.h"
#include "quota/QuotaMonitor.h"
#include "settings/Settings.h"

using namespace Qt::StringLiterals;

namespace mpa {

QJsonObject antigravityStatus(const Settings *settings, const QuotaMonitor *quota)
{
    const bool enabled = settings->boolValue(SettingKey::QuotaEnabled);
    const QuotaSnapshot &snapshot = quota->snapshot();
    const auto *provider = qobject_cast<const AntigravityQuotaProvider *>(quota->provider());
    const auto server = provider ? provider->server() : std::nullopt;
    QString status;
    QString reason;
    if (!enabled) {
        status = u"disabled"_s;
        reason = u"quota/enabled is off (setAntigravityQuota {\"value\": true} turns it on)"_s;
    } else if (snapshot.ok) {
        status = u"connected"_s;
    } else if (snapshot.error.isEmpty()) {
        status = u"not_initialized"_s;
        reason = u"the language server has not been asked yet; refreshAntigravityQuota asks now"_s;
    } else {
        status = u"disconnected"_s;
        reason = snapshot.error;
    }
    QJsonObject languageServer;
    if (server)
        languageServer = QJsonObject { { u"pid"_s, server->pid }, { u"port"_s, int(server->port) } };
    return {
        { u"status"_s, status },
        { u"found"_s, bool(server) },
        { u"connected"_s, snapshot.ok },
        { u"reason"_s, reason },
        { u"languageServer"_s, server ? QJsonValue(languageServer) : QJsonValue() },
        { u"lastReadingAt"_s,
          snapshot.fetchedAt.isValid() ? QJsonValue(snapshot.fetchedAt.toString(Qt::ISODate))
                                       : QJsonValue() },
        { u"enabled"_s, enabled },
    };
}

} // namespace mpa
