#include "PayloadHub.h"

#include "cdp/CdpEndpoint.h"

namespace mpa {

PayloadHub::PayloadHub(CdpEndpoint *endpoint, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
{
    connect(endpoint, &CdpEndpoint::sessionAttached, this, &PayloadHub::consider);
    connect(endpoint, &CdpEndpoint::sessionInfoChanged, this, &PayloadHub::consider);
    connect(endpoint, &CdpEndpoint::sessionDetached, this, [this](CdpSession *session) {
        if (PayloadInjector *injector = m_injectors.take(session))
            injector->deleteLater();
    });
}

void PayloadHub::addScript(const PayloadScript &script, Applies applies)
{
    // One registration per module: a second one (two features needing the same module) replaces it.
    for (Registered &registered : m_scripts) {
        if (registered.script.name == script.name) {
            registered = { script, std::move(applies) };
            return;
        }
    }
    m_scripts.append({ script, std::move(applies) });
    for (CdpSession *session : m_endpoint->sessions())
        consider(session);
}

void PayloadHub::setConfig(const QString &module, const QJsonObject &config)
{
    m_configs.insert(module, config);
    for (PayloadInjector *injector : std::as_const(m_injectors)) {
        if (injector->hasScript(module))
            injector->setConfig(module, config);
    }
}

void PayloadHub::consider(CdpSession *session)
{
    if (!session->isAttached())
        return;
    for (const Registered &r : std::as_const(m_scripts)) {
        if (r.applies && !r.applies(session))
            continue;
        PayloadInjector *injector = m_injectors.value(session);
        if (!injector)
            injector = create(session);
        install(injector, r.script.name, 0);
    }
}

PayloadInjector *PayloadHub::ensureScript(CdpSession *session, const QString &name)
{
    PayloadInjector *injector = m_injectors.value(session);
    if (!injector)
        injector = create(session);
    install(injector, name, 0);
    return injector;
}

void PayloadHub::install(PayloadInjector *injector, const QString &name, int depth)
{
    if (depth > 8 || injector->hasScript(name))
        return; // a cycle of needs would be a bug in the scripts: stop rather than recurse
    for (const Registered &r : std::as_const(m_scripts)) {
        if (r.script.name != name)
            continue;
        for (const QString &need : r.script.needs)
            install(injector, need, depth + 1);
        if (m_configs.contains(name))
            injector->setConfig(name, m_configs.value(name));
        injector->addScript(r.script);
        return;
    }
}

PayloadInjector *PayloadHub::create(CdpSession *session)
{
    auto *injector = new PayloadInjector(session, this);
    m_injectors.insert(session, injector);
    connect(injector, &PayloadInjector::reportReceived, this,
            [this, session](const QString &module, const QString &kind, const QJsonObject &data,
                            const QString &frameId) {
                Q_EMIT reportReceived(session, module, kind, data, frameId);
            });
    connect(injector, &PayloadInjector::worldReady, this,
            [this, injector](const QString &frameId) { Q_EMIT worldReady(injector, frameId); });
    Q_EMIT injectorCreated(injector);
    return injector;
}

} // namespace mpa
