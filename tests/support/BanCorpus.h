#pragma once
// The ban list as a case of the shared corpus (tests/fixtures/ban-corpus.json, read by
// banCorpus()) sets it up, for the unit test and the benchmark alike.

#include "safety/BanList.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace mpa::test {

// The ban list a corpus case holds its command to: the case's user entries and its policy object
// ({mode, allowed, interpreters}), as the app reads them.
inline BanList banListOf(const QJsonObject &corpusCase)
{
    const auto strings = [](const QJsonValue &value) {
        QStringList out;
        for (const QJsonValue &v : value.toArray())
            out.append(v.toString());
        return out;
    };
    const QJsonObject p = corpusCase.value(QStringLiteral("policy")).toObject();
    CommandPolicy policy;
    policy.mode = p.value(QStringLiteral("mode")).toString() == QStringLiteral("allowlist")
        ? CommandPolicy::Mode::Allowlist
        : CommandPolicy::Mode::Rules;
    policy.allowed = strings(p.value(QStringLiteral("allowed")));
    policy.interpreters = strings(p.value(QStringLiteral("interpreters")));
    return BanList(strings(corpusCase.value(QStringLiteral("entries"))), policy);
}

} // namespace mpa::test
