#pragma once
// The question the consent tests ask: Claude Desktop, connected over the agent WebSocket,
// wants the user's Gmail tab (its address in mixed case, as a site may write it).

#include "actions/TabConsent.h"

namespace mpa::test {

inline TabConsent::Request gmailRequest(const QString &clientId = QStringLiteral("ws-1"))
{
    return { { QStringLiteral("agent-ws"), clientId, QStringLiteral("Claude Desktop") },
             QStringLiteral("T1"),
             QStringLiteral("Gmail — Inbox"),
             QUrl(QStringLiteral("https://Mail.Google.com/mail/u/0/#inbox")) };
}

} // namespace mpa::test
