#include "CdpEndpoint.h"

#include "CdpConnection.h"
#include "common/EndpointEntry.h"
#include "logging/LogCategories.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// How hopeful a state is, for the set's: one connected endpoint makes the set connected.
int rank(CdpSource::State state)
{
    switch (state) {
    case CdpSource::State::Connected:
        return 3;
    case CdpSource::State::Connecting:
        return 2;
    case CdpSource::State::Retrying:
        return 1;
    case CdpSource::State::Stopped:
        break;
    }
    return 0;
}

// The sessions every endpoint lists (sessions() or pageSessions()) that the set shows.
template<typename Shown>
QList<CdpSession *> shownOf(const std::vector<CdpSource *> &sources,
                            QList<CdpSession *> (CdpSource::*list)() const, Shown shown)
{
    QList<CdpSession *> result;
    for (const CdpSource *source : sources) {
        for (CdpSession *session : (source->*list)()) {
            if (shown(session))
                result.append(session);
        }
    }
    return result;
}

} // namespace

QString CdpAddress::name() const
{
    return CdpSource::nameOf(host, port, remote);
}

std::optional<CdpAddress> CdpAddress::parse(const QString &entry, QString *error)
{
    UserText why;
    const std::optional<EndpointEntry> parsed = EndpointEntry::parse(entry, &why);
    if (!parsed) {
        if (error)
            *error = why.english();
        return std::nullopt;
    }
    return fromEntry(*parsed);
}

CdpAddress CdpAddress::fromEntry(const EndpointEntry &entry)
{
    CdpAddress address;
    if (entry.isRemote()) // as --cdp-url reads it (a root path spelt "/")
        address.remote = CdpRemote::parse(entry.url.toString(), QString(), nullptr);
    address.host = entry.host;
    address.port = entry.port;
    return address;
}

QString CdpAddress::encodeSecret(const QString &query, const QString &header)
{
    QJsonObject secret;
    if (!query.trimmed().isEmpty())
        secret.insert(u"query"_s, query.trimmed());
    if (!header.trimmed().isEmpty())
        secret.insert(u"header"_s, header.trimmed());
    return QString::fromUtf8(QJsonDocument(secret).toJson(QJsonDocument::Compact));
}

bool CdpAddress::applySecret(const QString &encoded)
{
    if (!remote)
        return false;
    const QJsonObject secret = QJsonDocument::fromJson(encoded.toUtf8()).object();
    QUrl url = remote->url;
    if (const QString query = secret.value(u"query").toString(); !query.isEmpty())
        url.setQuery(query);
    QString error;
    const std::optional<CdpRemote> withSecret
        = CdpRemote::parse(url.toString(QUrl::FullyEncoded), secret.value(u"header").toString(), &error);
    if (!withSecret) {
        qCWarning(lcCdp).noquote() << "the secret kept for" << name() << "is unusable:" << error;
        return false;
    }
    remote = withSecret;
    return true;
}

CdpEndpoint::CdpEndpoint(QObject *parent, Clock *clock)
    : QObject(parent)
    , m_clock(clock)
{
    addSource();
}

CdpEndpoint::~CdpEndpoint()
{
    for (CdpSource *source : m_sources)
        source->disconnect(this);
}

CdpSource *CdpEndpoint::addSource()
{
    auto *source = new CdpSource(this, m_clock);
    source->setTargetFilter(m_filter);
    if (m_transportFactory)
        source->setTransportFactory(m_transportFactory);
    if (m_customDelays)
        source->setRetryDelays(m_initialDelay, m_maxDelay);
    m_sources.push_back(source);

    connect(source, &CdpSource::stateChanged, this, [this] {
        updateState();
        Q_EMIT endpointsChanged();
    });
    connect(source, &CdpSource::targetsKnownChanged, this, [this] { updateState(); });
    connect(source, &CdpSource::connected, this, &CdpEndpoint::connected);
    connect(source, &CdpSource::disconnected, this, [this, source](const QString &reason) {
        Q_EMIT disconnected(reason);
        // An address that reached the same browser takes over when the one in use lost it.
        for (CdpSource *other : m_sources) {
            if (other != source && other->duplicateOf() == source->name() && m_running)
                QMetaObject::invokeMethod(other, &CdpSource::start, Qt::QueuedConnection);
        }
    });
    connect(source, &CdpSource::sessionAttached, this, [this, source](CdpSession *session) {
        if (CdpSource *first = duplicateTarget(source, session)) {
            // Shown once: this address reaches a browser another already attached. Stopped after
            // the source has finished its own handling of the attach.
            const QString name = first->name();
            QMetaObject::invokeMethod(
                source,
                [source, name] {
                    if (source->duplicateOf().isEmpty())
                        source->stopAsDuplicateOf(name);
                },
                Qt::QueuedConnection);
            return;
        }
        m_shown.insert(session);
        Q_EMIT sessionAttached(session);
    });
    connect(source, &CdpSource::sessionDetached, this, [this](CdpSession *session) {
        if (m_shown.remove(session))
            Q_EMIT sessionDetached(session);
    });
    connect(source, &CdpSource::sessionInfoChanged, this, [this](CdpSession *session) {
        if (shown(session))
            Q_EMIT sessionInfoChanged(session);
    });
    connect(source, &CdpSource::browserReplaced, this, &CdpEndpoint::browserReplaced);
    connect(source, &CdpSource::refused, this, [this](const QString &reason) {
        updateState();
        Q_EMIT endpointsChanged();
        if (refusedForGood() && !m_refused) {
            m_refused = true;
            Q_EMIT refused(reason);
        }
    });
    return source;
}

CdpSource *CdpEndpoint::duplicateTarget(CdpSource *source, const CdpSession *session) const
{
    for (CdpSource *other : m_sources) {
        if (other == source || !other->isConnected() || !other->duplicateOf().isEmpty())
            continue;
        if (!source->browserId().isEmpty() && other->browserId() == source->browserId())
            return other;
        const CdpSession *same = other->sessionForTarget(session->targetId());
        if (same && shown(same))
            return other;
    }
    return nullptr;
}

void CdpEndpoint::removeSource(CdpSource *source)
{
    std::erase(m_sources, source);
    // Its pages go as a stop would take them, then the source itself.
    source->stop();
    source->disconnect(this);
    for (auto it = m_shown.begin(); it != m_shown.end();) {
        if ((*it)->parent() == source)
            it = m_shown.erase(it);
        else
            ++it;
    }
    source->deleteLater();
}

void CdpEndpoint::setMoreEndpoints(const QList<CdpAddress> &more)
{
    QList<CdpAddress> wanted;
    QSet<QString> names { primary()->name() };
    for (const CdpAddress &address : more) {
        if (names.contains(address.name())) {
            qCInfo(lcCdp).noquote() << "endpoint" << address.name() << "is listed twice; using it once";
            continue;
        }
        names.insert(address.name());
        wanted.append(address);
    }
    bool changed = false;
    // Gone, or changed (its secrets included): stopped and removed.
    for (CdpSource *source : QList<CdpSource *>(m_sources.begin() + 1, m_sources.end())) {
        const auto keep = std::find_if(wanted.begin(), wanted.end(), [source](const CdpAddress &address) {
            return address.name() == source->name() && address.remote == source->remote()
                && (address.remote || (address.host == source->host() && address.port == source->port()));
        });
        if (keep == wanted.end()) {
            qCInfo(lcCdp).noquote() << "no longer watching" << source->address();
            removeSource(source);
            changed = true;
        }
    }
    for (const CdpAddress &address : std::as_const(wanted)) {
        if (source(address.name()))
            continue;
        CdpSource *added = addSource();
        if (address.remote)
            added->setRemote(address.remote);
        else
            added->setAddress(address.host, address.port);
        changed = true;
        if (m_running)
            added->start();
    }
    if (changed) {
        for (CdpSource *source : m_sources)
            source->setNamedInLog(m_sources.size() > 1);
        updateState();
        Q_EMIT endpointsChanged();
    }
}

QList<CdpSource *> CdpEndpoint::sources() const
{
    return QList<CdpSource *>(m_sources.begin(), m_sources.end());
}

CdpSource *CdpEndpoint::source(const QString &name) const
{
    // As written, or as the settings' entry reads (ws://host:3000 is ws://host:3000/).
    const std::optional<CdpAddress> parsed = CdpAddress::parse(name, nullptr);
    const QString normal = parsed ? parsed->name() : name.trimmed();
    for (CdpSource *source : m_sources) {
        if (source->name() == name || source->name() == normal)
            return source;
    }
    return nullptr;
}

CdpSource *CdpEndpoint::sourceOf(const CdpSession *session) const
{
    if (!session)
        return nullptr;
    for (CdpSource *source : m_sources) {
        if (session->parent() == source)
            return source;
    }
    return nullptr;
}

CdpSource *CdpEndpoint::defaultSource() const
{
    if (!m_defaultName.isEmpty()) {
        if (CdpSource *named = source(m_defaultName))
            return named;
    }
    if (primary()->isConnected())
        return primary();
    for (CdpSource *source : m_sources) {
        if (source->isConnected() && source->duplicateOf().isEmpty())
            return source;
    }
    return primary();
}

QString CdpEndpoint::browserVersion() const
{
    return defaultSource()->browserVersion();
}

QString CdpEndpoint::userAgent() const
{
    return defaultSource()->userAgent();
}

bool CdpEndpoint::isBrowserLevel() const
{
    return defaultSource()->isBrowserLevel();
}

void CdpEndpoint::setTargetFilter(const TargetFilter &filter)
{
    m_filter = filter;
    for (CdpSource *source : m_sources)
        source->setTargetFilter(filter);
}

void CdpEndpoint::setTransportFactory(TransportFactory factory)
{
    m_transportFactory = std::move(factory);
    for (CdpSource *source : m_sources)
        source->setTransportFactory(m_transportFactory);
}

void CdpEndpoint::setRetryDelays(std::chrono::milliseconds initial, std::chrono::milliseconds maximum)
{
    m_initialDelay = initial;
    m_maxDelay = maximum;
    m_customDelays = true;
    for (CdpSource *source : m_sources)
        source->setRetryDelays(initial, maximum);
}

void CdpEndpoint::start()
{
    m_running = true;
    m_refused = false;
    for (CdpSource *source : m_sources)
        source->start();
}

void CdpEndpoint::stop()
{
    m_running = false;
    for (CdpSource *source : m_sources)
        source->stop();
}

void CdpEndpoint::retryNow()
{
    for (CdpSource *source : m_sources)
        source->retryNow();
}

void CdpEndpoint::updateState()
{
    State best = State::Stopped;
    bool anyConnected = false;
    bool allKnown = true;
    for (const CdpSource *source : m_sources) {
        if (!source->duplicateOf().isEmpty())
            continue;
        if (rank(source->state()) > rank(best))
            best = source->state();
        if (source->isConnected()) {
            anyConnected = true;
            allKnown = allKnown && source->targetsKnown();
        }
    }
    const bool known = anyConnected && allKnown;
    if (best != m_state) {
        m_state = best;
        if (best != State::Connected && m_targetsKnown) {
            m_targetsKnown = false;
            Q_EMIT targetsKnownChanged(false);
        }
        Q_EMIT stateChanged(best);
    }
    if (known != m_targetsKnown) {
        m_targetsKnown = known;
        Q_EMIT targetsKnownChanged(known);
    }
}

bool CdpEndpoint::refusedForGood() const
{
    for (const CdpSource *source : m_sources) {
        if (!source->refusedForGood() && source->duplicateOf().isEmpty())
            return false;
    }
    return true;
}

int CdpEndpoint::unknownSessionEvents() const
{
    int sum = 0;
    for (const CdpSource *source : m_sources)
        sum += source->unknownSessionEvents();
    return sum;
}

QList<CdpSession *> CdpEndpoint::sessions() const
{
    return shownOf(m_sources, &CdpSource::sessions,
                   [this](const CdpSession *session) { return shown(session); });
}

QList<CdpSession *> CdpEndpoint::pageSessions() const
{
    return shownOf(m_sources, &CdpSource::pageSessions,
                   [this](const CdpSession *session) { return shown(session); });
}

CdpSession *CdpEndpoint::sessionForTarget(const QString &targetId) const
{
    for (const CdpSource *source : m_sources) {
        CdpSession *session = source->sessionForTarget(targetId);
        if (session && shown(session))
            return session;
    }
    return nullptr;
}

CdpConnection *CdpEndpoint::browserConnection() const
{
    return defaultSource()->browserConnection();
}

void CdpEndpoint::sendToBrowser(const QString &method, const QJsonObject &params, QObject *context,
                                CdpCallback callback, std::chrono::milliseconds timeout)
{
    CdpSource *target = nullptr;
    if (const QString targetId = params.value(u"targetId").toString(); !targetId.isEmpty())
        target = sourceOf(sessionForTarget(targetId));
    if (const QString contextId = params.value(u"browserContextId").toString();
        !target && !contextId.isEmpty()) {
        for (const CdpSession *session : pageSessions()) {
            if (session->targetInfo().browserContextId == contextId) {
                target = sourceOf(session);
                break;
            }
        }
    }
    sendToBrowserAt(target ? target : defaultSource(), method, params, context, std::move(callback), timeout);
}

void CdpEndpoint::readTargets(QObject *context,
                              std::function<void(const QHash<QString, QJsonObject> &targets)> done)
{
    struct Gather
    {
        QHash<QString, QJsonObject> targets;
        qsizetype left = 0;
        std::function<void(const QHash<QString, QJsonObject> &)> done;
    };
    auto gather = std::make_shared<Gather>();
    gather->done = std::move(done);
    QList<CdpSource *> asked;
    for (CdpSource *source : m_sources) {
        if (source->isConnected() && source->isBrowserLevel() && source->duplicateOf().isEmpty())
            asked.append(source);
    }
    gather->left = asked.size();
    if (asked.isEmpty()) {
        QTimer::singleShot(0, context ? context : this, [gather] { gather->done({}); });
        return;
    }
    for (CdpSource *source : std::as_const(asked)) {
        source->sendToBrowser(
            u"Target.getTargets"_s, {}, context,
            [gather](const CdpResult &result) {
                if (result.ok()) {
                    for (const QJsonValue &value : result.result.value(u"targetInfos").toArray()) {
                        const QJsonObject info = value.toObject();
                        gather->targets.insert(info.value(u"targetId").toString(), info);
                    }
                } else {
                    qCDebug(lcCdp).noquote() << "Target.getTargets failed:" << result.error.toString();
                }
                if (--gather->left == 0)
                    gather->done(gather->targets);
            },
            std::chrono::seconds(5));
    }
}

void CdpEndpoint::sendToBrowserAt(CdpSource *source, const QString &method, const QJsonObject &params,
                                  QObject *context, CdpCallback callback, std::chrono::milliseconds timeout)
{
    source->sendToBrowser(method, params, context, std::move(callback), timeout);
}

} // namespace mpa
