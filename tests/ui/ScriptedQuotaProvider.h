#pragma once
// The Antigravity language server is a true boundary: a quota provider that answers with the
// snapshot the test put in `next`, at once, each time it is asked.

#include "quota/QuotaProvider.h"

namespace mpa::test {

class ScriptedQuotaProvider : public QuotaProvider
{
public:
    QString name() const override { return QStringLiteral("scripted"); }
    void refresh() override { Q_EMIT finished(next); }
    bool isBusy() const override { return false; }
    QuotaSnapshot next;
};

} // namespace mpa::test
