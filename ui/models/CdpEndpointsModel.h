#pragma once
// EndpointsModel over the engine's CdpEndpoint: the sources' state and pages, auto-accept's view
// of the IDEs on them, cdp/endpoints and autoAccept/remoteEndpoints in the settings, and the
// keychain for a remote service's secret. Built by Models (ui/models/Models.h).

#include "EndpointsModel.h"

#include <functional>

namespace mpa {

class AutoAcceptController;
class CdpEndpoint;
class SecretStore;
class Settings;

class CdpEndpointsModel : public EndpointsModel
{
    Q_OBJECT
public:
    // `secrets` gives the key store in use (null when none); it may change while the app runs.
    CdpEndpointsModel(CdpEndpoint *endpoint, AutoAcceptController *autoAccept, Settings *settings,
                      std::function<SecretStore *()> secrets, QObject *parent = nullptr);

    QStringList names() const override;
    QList<Endpoint> endpoints() const override;
    QString nameOf(const QString &entry) const override;
    QString keychainProblem() const override;
    void add(const AddRequest &request, QObject *context, CommandReply done) override;
    bool remove(const QString &entry, QString *error, CommandReply secretRemoved) override;
    void test(const QString &name, CommandReply done) override;

private:
    // Adds the entry (and the remote permission) to the settings.
    CommandResult saveEntry(const AddRequest &request);

    CdpEndpoint *m_endpoint;
    AutoAcceptController *m_autoAccept;
    Settings *m_settings;
    std::function<SecretStore *()> m_secrets;
};

} // namespace mpa
