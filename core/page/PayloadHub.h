#pragma once
// One PayloadInjector per attached target that needs the app's JavaScript. Features register
// their modules here (with a rule for which targets get them) and read the modules' reports;
// the hub creates injectors as targets attach and drops them as they go.

#include "PayloadInjector.h"

#include <QHash>
#include <QObject>

#include <functional>

namespace mpa {

class CdpEndpoint;

class PayloadHub : public QObject
{
    Q_OBJECT
public:
    using Applies = std::function<bool(CdpSession *session)>;

    explicit PayloadHub(CdpEndpoint *endpoint, QObject *parent = nullptr);

    // Installs `script` into every attached and future target for which `applies` holds (all
    // targets when it is empty). Evaluated again when a target's URL or title changes.
    void addScript(const PayloadScript &script, Applies applies = {});
    // Installs a registered module into one target on demand (e.g. the toolkit's first command
    // to a tab), after the modules it needs; returns its injector.
    PayloadInjector *ensureScript(CdpSession *session, const QString &name);
    // The default configuration of a module in every target (an injector may override it).
    void setConfig(const QString &module, const QJsonObject &config);

    PayloadInjector *injectorFor(CdpSession *session) const { return m_injectors.value(session); }
    QList<PayloadInjector *> injectors() const { return m_injectors.values(); }

Q_SIGNALS:
    void reportReceived(mpa::CdpSession *session, const QString &module, const QString &kind,
                        const QJsonObject &data, const QString &frameId);
    void worldReady(mpa::PayloadInjector *injector, const QString &frameId);
    void injectorCreated(mpa::PayloadInjector *injector);

private:
    struct Registered
    {
        PayloadScript script;
        Applies applies;
    };

    void consider(CdpSession *session);
    PayloadInjector *create(CdpSession *session);
    void install(PayloadInjector *injector, const QString &name, int depth);

    CdpEndpoint *m_endpoint;
    QList<Registered> m_scripts;
    QHash<QString, QJsonObject> m_configs;
    QHash<CdpSession *, PayloadInjector *> m_injectors;
};

} // namespace mpa
