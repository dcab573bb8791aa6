#pragma once
// The Antigravity language server is a true boundary. Its answers, as the quota provider reads
// them (Connect JSON over HTTPS): GetUnleashData, and GetUserStatus with the real reply in
// tests/fixtures/quota/antigravity-user-status.json, when the CSRF token and the Connect
// protocol header are right. And its process as /proc shows it.

#include "FakeProcTree.h"
#include "TlsTestServer.h"

#include <QList>
#include <QString>

namespace mpa::test {

// What the language server answers when started with `csrfToken`.
TlsTestServer::Handler languageServerAnswers(const QString &csrfToken);

// Process `pid` as Antigravity starts its language server (its command line with `csrfToken`
// and the extension server's port) listening on each of `ports` on 127.0.0.1.
void addLanguageServerProcess(FakeProcTree &tree, qint64 pid, const QString &csrfToken,
                              const QList<quint16> &ports, quint16 extensionPort = 41999);

} // namespace mpa::test
