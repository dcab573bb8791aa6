#include "CdpEndpointsModel.h"

#include "autoaccept/AutoAcceptController.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpProbe.h"
#include "cdp/CdpSession.h"
#include "profiles/IdeProfile.h"
#include "settings/SecretStore.h"
#include "settings/Settings.h"

#include <QJsonObject>
#include <QPointer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

EndpointsModel::Endpoint::State stateOf(const CdpSource *source)
{
    using State = EndpointsModel::Endpoint::State;
    switch (source->state()) {
    case CdpSource::State::Connected:
        return State::Connected;
    case CdpSource::State::Connecting:
        return State::Connecting;
    case CdpSource::State::Retrying:
        return State::Retrying;
    case CdpSource::State::Stopped:
        break;
    }
    return State::Stopped;
}

} // namespace

CdpEndpointsModel::CdpEndpointsModel(CdpEndpoint *endpoint, AutoAcceptController *autoAccept,
                                     Settings *settings, std::function<SecretStore *()> secrets,
                                     QObject *parent)
    : EndpointsModel(parent)
    , m_endpoint(endpoint)
    , m_autoAccept(autoAccept)
    , m_settings(settings)
    , m_secrets(std::move(secrets))
{
    connect(endpoint, &CdpEndpoint::endpointsChanged, this, &EndpointsModel::changed);
    connect(endpoint, &CdpEndpoint::endpointsChanged, this, &EndpointsModel::stateChanged);
    connect(endpoint, &CdpEndpoint::sessionAttached, this, &EndpointsModel::stateChanged);
    connect(endpoint, &CdpEndpoint::sessionDetached, this, &EndpointsModel::stateChanged,
            Qt::QueuedConnection);
    connect(autoAccept, &AutoAcceptController::targetsChanged, this, &EndpointsModel::stateChanged);
    connect(settings, &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::CdpEndpoints || key == SettingKey::AutoAcceptRemoteEndpoints
            || key == SettingKey::CdpHost || key == SettingKey::CdpPort)
            Q_EMIT stateChanged();
    });
}

QStringList CdpEndpointsModel::names() const
{
    QStringList result;
    for (const CdpSource *source : m_endpoint->sources())
        result.append(source->name());
    return result;
}

QString CdpEndpointsModel::nameOf(const QString &entry) const
{
    const std::optional<CdpAddress> address = CdpAddress::parse(entry, nullptr);
    return address ? address->name() : entry.trimmed();
}

QList<EndpointsModel::Endpoint> CdpEndpointsModel::endpoints() const
{
    QStringList autoAccepted;
    for (const QString &entry : m_settings->listValue(SettingKey::AutoAcceptRemoteEndpoints))
        autoAccepted.append(nameOf(entry));
    const QStringList entries = m_settings->listValue(SettingKey::CdpEndpoints);
    const QList<CdpSession *> pages = m_endpoint->pageSessions();
    QList<Endpoint> result;
    for (const CdpSource *source : m_endpoint->sources()) {
        Endpoint row;
        row.name = source->name();
        row.first = source == m_endpoint->primary();
        for (const QString &entry : entries) {
            if (!row.first && nameOf(entry) == row.name)
                row.entry = entry;
        }
        row.remote = source->remote().has_value();
        row.state = stateOf(source);
        row.duplicateOf = source->duplicateOf();
        row.refusedForGood = source->refusedForGood();
        row.lastError = source->lastError();
        if (source->isConnected())
            row.browserVersion = source->browserVersion();
        for (CdpSession *page : pages) {
            if (m_endpoint->sourceOf(page) != source)
                continue;
            ++row.pages;
            if (const IdeProfile *profile = m_autoAccept->agentPanelProfile(page)) {
                if (!row.ides.contains(profile->name))
                    row.ides.append(profile->name);
            }
        }
        result.append(row);
    }
    // An entry the engine has not taken up yet (its keychain entry is being read).
    for (const QString &entry : entries) {
        const QString name = nameOf(entry);
        if (std::none_of(result.begin(), result.end(),
                         [&name](const Endpoint &row) { return row.name == name; })) {
            Endpoint row;
            row.name = name;
            row.entry = entry;
            row.remote = name.contains(u"://"_s);
            result.append(row);
        }
    }
    for (Endpoint &row : result)
        row.autoAccepted = row.remote && autoAccepted.contains(row.name);
    return result;
}

QString CdpEndpointsModel::keychainProblem() const
{
    SecretStore *store = m_secrets();
    return store && !store->isAvailable() ? store->unavailableReason() : QString();
}

void CdpEndpointsModel::add(const AddRequest &request, QObject *context, CommandReply done)
{
    const QString secret = CdpAddress::encodeSecret(request.query, request.header);
    SecretStore *store = m_secrets();
    if (!request.remote || (request.query.isEmpty() && request.header.isEmpty()) || !store)
        return done(saveEntry(request));
    // The secret first: the engine reads it when the entry arrives in the settings.
    const QString key = CdpAddress::secretKey(request.name);
    const QPointer<CdpEndpointsModel> self(this);
    const QPointer<QObject> shown(context);
    const QPointer<SecretStore> asked(store);
    const auto keepForSession = [self, asked, key, secret, request, done] {
        asked->setSessionSecret(key, secret);
        CommandResult saved = self->saveEntry(request);
        if (saved.ok)
            saved.data = QJsonObject { { u"sessionOnly"_s, asked->unavailableReason() } };
        done(saved);
    };
    if (!store->isAvailable())
        return keepForSession();
    store->write(key, secret,
                 [self, shown, asked, request, done, keepForSession](const CommandResult &answer) {
                     if (!self || !shown || !asked)
                         return;
                     if (answer.ok)
                         return done(self->saveEntry(request));
                     if (!asked->isAvailable())
                         return keepForSession();
                     done(CommandResult::failure(answer.error, ErrorKind::Refused));
                 });
}

CommandResult CdpEndpointsModel::saveEntry(const AddRequest &request)
{
    QString error;
    if (!m_settings->setValue(SettingKey::CdpEndpoints,
                              m_settings->listValue(SettingKey::CdpEndpoints) + QStringList { request.entry },
                              &error))
        return CommandResult::failure(error);
    if (request.remote && request.autoAccept) {
        QStringList remotes = m_settings->listValue(SettingKey::AutoAcceptRemoteEndpoints);
        if (std::none_of(remotes.begin(), remotes.end(),
                         [this, &request](const QString &e) { return nameOf(e) == request.name; })) {
            remotes.append(request.entry);
            if (!m_settings->setValue(SettingKey::AutoAcceptRemoteEndpoints, remotes, &error))
                return CommandResult::failure(error);
        }
    }
    return CommandResult::success();
}

bool CdpEndpointsModel::remove(const QString &entry, QString *error, CommandReply secretRemoved)
{
    const QString name = nameOf(entry);
    QStringList entries = m_settings->listValue(SettingKey::CdpEndpoints);
    entries.removeIf([this, &name](const QString &e) { return nameOf(e) == name; });
    if (!m_settings->setValue(SettingKey::CdpEndpoints, entries, error))
        return false;
    QStringList remotes = m_settings->listValue(SettingKey::AutoAcceptRemoteEndpoints);
    if (remotes.removeIf([this, &name](const QString &e) { return nameOf(e) == name; }) > 0)
        m_settings->setValue(SettingKey::AutoAcceptRemoteEndpoints, remotes);
    SecretStore *store = m_secrets();
    if (entry.contains(u"://"_s) && store) {
        const QString key = CdpAddress::secretKey(name);
        store->setSessionSecret(key, QString());
        store->remove(key, std::move(secretRemoved));
    }
    return true;
}

void CdpEndpointsModel::test(const QString &name, CommandReply done)
{
    QString host;
    quint16 port = 0;
    if (const CdpSource *source = m_endpoint->source(name)) {
        host = source->host();
        port = source->port();
    } else if (const std::optional<CdpAddress> address = CdpAddress::parse(name, nullptr)) {
        host = address->host;
        port = address->port;
    }
    auto *probe = new CdpProbe(this);
    connect(probe, &CdpProbe::finished, this, [probe, done](const CdpProbeResult &result) {
        probe->deleteLater();
        if (!result.ok)
            return done(CommandResult::failure(result.error, ErrorKind::Unavailable));
        done(CommandResult::success(QJsonObject { { u"browser"_s, result.browser },
                                                  { u"address"_s, result.address() },
                                                  { u"targets"_s, int(result.targets.size()) } }));
    });
    probe->probe(host, port);
}

} // namespace mpa
