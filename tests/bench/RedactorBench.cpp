// The chat bridge's redactor (core/bridge/Redactor) on snapshot-like text: 100 kB made of the
// lines of tests/fixtures/redaction-corpus.json (labelled secrets and ordinary text alike),
// redacted again and again; the cost per 100 kB and what it found. Its correctness is
// RedactorTest's (tests/unit); this only measures.
//
// Run: build/ci/tests/bench/mpa_redactor_bench [ROUNDS, default 20]
#include "BenchSupport.h"
#include "bridge/Redactor.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const auto [rounds] = intArguments(argc, argv, { 20 });
    const QJsonArray cases = QJsonDocument::fromJson(readFixture(u"redaction-corpus.json"_s)).array();
    if (cases.isEmpty()) {
        std::fprintf(stderr, "tests/fixtures/redaction-corpus.json is missing or empty (set MPA_SOURCE_DIR)\n");
        return 1;
    }
    QString page;
    while (page.size() < 100 * 1024) {
        for (const QJsonValue &value : cases) {
            page += u"- listitem \""_s + value.toObject().value(u"text"_s).toString() + u"\" [ref=e"_s
                + QString::number(page.size() % 997) + u"]\n"_s;
        }
    }
    page.truncate(100 * 1024);

    const Redactor redactor;
    redactor.redact(page); // warm up (the regular expressions' JIT)
    QList<double> samples;
    qsizetype findings = 0;
    for (int i = 0; i < rounds; ++i) {
        QElapsedTimer timer;
        timer.start();
        const Redaction r = redactor.redact(page);
        samples.append(double(timer.nsecsElapsed()) / 1e6);
        findings = 0;
        for (int count : r.counts)
            findings += count;
    }
    std::printf("\nRedactor::redact on 100 kB of snapshot-like text (%d rounds, %lld findings a round)\n\n",
                rounds, qlonglong(findings));
    std::printf("| %8s | %8s | %8s |\n", "p50 ms", "p95 ms", "max ms");
    std::printf("|----------|----------|----------|\n");
    std::printf("| %8.2f | %8.2f | %8.2f |\n\n", percentile(samples, 50), percentile(samples, 95),
                percentile(samples, 100));
    return 0;
}
