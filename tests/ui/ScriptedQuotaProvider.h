#pragma once
// The Antigravity language server is a true boundary: a quota provider that answers with the
// snapshot the test put in `next`, at once, each time it is asked. `next` starts as a good
// reading taken now, with no models yet.

#include "TestEnvironment.h"
#include "quota/QuotaProvider.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

namespace mpa::test {

class ScriptedQuotaProvider : public QuotaProvider
{
public:
    ScriptedQuotaProvider()
    {
        next.provider = name();
        next.ok = true;
        next.fetchedAt = QDateTime::currentDateTime();
    }
    QString name() const override { return QStringLiteral("scripted"); }
    void refresh() override { Q_EMIT finished(next); }
    bool isBusy() const override { return false; }
    QuotaSnapshot next;
};

// The real GetUserStatus reply (tests/fixtures/quota/antigravity-user-status.json) as a good
// reading (a test failure when it no longer parses).
inline QuotaSnapshot antigravityUserStatus()
{
    QuotaSnapshot snapshot;
    QString error;
    if (!QuotaSnapshot::parseUserStatus(
            QJsonDocument::fromJson(readFixture(QStringLiteral("quota/antigravity-user-status.json")))
                .object(),
            &snapshot, &error))
        ADD_FAILURE() << "the GetUserStatus fixture does not parse: " << error.toStdString();
    snapshot.ok = true;
    return snapshot;
}

} // namespace mpa::test
