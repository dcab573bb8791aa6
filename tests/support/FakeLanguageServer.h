#pragma once
// The Antigravity language server is a true boundary. Its answers, as the quota provider reads
// them (Connect JSON over HTTPS): GetUnleashData, and GetUserStatus with the real reply in
// tests/fixtures/quota/antigravity-user-status.json, when the CSRF token and the Connect
// protocol header are right. And its process as /proc shows it.

#include "FakeProcTree.h"
#include "TlsTestServer.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>

namespace mpa::test {

// What the language server answers when started with `csrfToken`.
TlsTestServer::Handler languageServerAnswers(const QString &csrfToken);

// The quota it reports while it runs: each named model's remainingFraction put over the
// recorded reply (models not named keep the recorded value). The test changes it between polls.
struct LanguageServerQuota
{
    QHash<QString, double> remaining; // by the model's label
};

// The same server, its GetUserStatus reply the recorded one with `quota` applied at each call.
TlsTestServer::Handler languageServerAnswers(const QString &csrfToken, std::shared_ptr<const LanguageServerQuota> quota);

// Process `pid` as Antigravity starts its language server (its command line with `csrfToken`
// and the extension server's port) listening on each of `ports` on 127.0.0.1.
void addLanguageServerProcess(FakeProcTree &tree, qint64 pid, const QString &csrfToken,
                              const QList<quint16> &ports, quint16 extensionPort = 41999);

} // namespace mpa::test
