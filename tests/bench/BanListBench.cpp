// The cost of one ban-list verdict, over the whole shared corpus (tests/fixtures/ban-corpus.json):
// in the app (safety/BanList::check) and in a real headless Chromium page (payload/ban-check.js,
// banCheck.verdict, timed inside the page with performance.now()). Printed, not asserted; the
// goal (issue 28) is at most 50 µs per verdict at p95.
//
// Each case is verdicted `repeat` times in a row and its cost is the mean of those (the page's
// clock is coarsened to tens of microseconds, so single verdicts cannot be timed there); that is
// done in 5 rounds and the case's cost is its best round (the machine's other load only ever adds
// time); the percentiles are over the cases, after warm-up passes over the corpus.
//
// Run: build/ci/tests/bench/mpa_banlist_bench [repeat per case, default 20]
#include "BanCorpus.h"
#include "BenchSupport.h"
#include "page/Payload.h"
#include "safety/BanList.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

struct Costs
{
    QList<double> us; // per case
    QString slowest;
};

Costs appCosts(const QJsonArray &cases, int repeat)
{
    QList<std::pair<QString, BanList>> lists;
    for (const QJsonValue &v : cases) {
        const QJsonObject c = v.toObject();
        lists.append({ c.value(u"command"_s).toString(), banListOf(c) });
    }
    for (const auto &[command, list] : lists)
        (void)list.check(command); // warm-up
    Costs costs;
    double worst = -1;
    for (const auto &[command, list] : lists) {
        double us = -1;
        for (int round = 0; round < 5; ++round) {
            QElapsedTimer timer;
            timer.start();
            for (int r = 0; r < repeat; ++r)
                (void)list.check(command);
            const double mean = double(timer.nsecsElapsed()) / 1000.0 / repeat;
            us = us < 0 ? mean : std::min(us, mean);
        }
        costs.us.append(us);
        if (us > worst) {
            worst = us;
            costs.slowest = command;
        }
    }
    return costs;
}

std::optional<Costs> pageCosts(BenchBrowser &browser, const QJsonArray &cases, int repeat)
{
    CdpSession *page = browser.openTab(u"/basic.html"_s);
    if (!page)
        return std::nullopt;
    // The page script exactly as auto-accept injects it, run in the page's own engine.
    const QString expression = uR"((() => {
  const banCheck = (%1)({ report() {} });
  const cases = %2;
  const repeat = %3;
  for (let w = 0; w < 5; w++) for (const c of cases) banCheck.verdict(c.command, c.entries || [], c.policy || null);
  const us = [];
  let worst = -1, slowest = '';
  for (const c of cases) {
    let t = Infinity;
    for (let round = 0; round < 5; round++) {
      const t0 = performance.now();
      for (let r = 0; r < repeat; r++) banCheck.verdict(c.command, c.entries || [], c.policy || null);
      t = Math.min(t, (performance.now() - t0) * 1000 / repeat);
    }
    us.push(t);
    if (t > worst) { worst = t; slowest = c.command; }
  }
  return { us, slowest };
})())"_s.arg(Payload::source(u"ban-check.js"_s).trimmed(),
             QString::fromUtf8(QJsonDocument(cases).toJson(QJsonDocument::Compact)), QString::number(repeat));
    QString error;
    const QJsonObject out = evaluate(page, expression, &error).toObject();
    if (!error.isEmpty() || !out.value(u"us"_s).isArray()) {
        std::fprintf(stderr, "the page did not answer: %s\n", qPrintable(error));
        return std::nullopt;
    }
    Costs costs;
    for (const QJsonValue &v : out.value(u"us"_s).toArray())
        costs.us.append(v.toDouble());
    costs.slowest = out.value(u"slowest"_s).toString();
    return costs;
}

void printRow(const char *where, const Costs &c)
{
    const double max = c.us.isEmpty() ? 0.0 : *std::max_element(c.us.begin(), c.us.end());
    std::printf("| %-22s | %8.1f | %8.1f | %8.1f | %5d | %-40s |\n", where, percentile(c.us, 50),
                percentile(c.us, 95), max, int(c.us.size()),
                qPrintable(QString(c.slowest).replace(u'\n', u"⏎"_s).left(40)));
}

} // namespace

int main(int argc, char **argv)
{
    const auto [repeat] = intArguments(argc, argv, { 20 });
    return runWithBrowser(argc, argv, [&](BenchBrowser &browser) {
        const QJsonArray cases = banCorpus();
        if (cases.isEmpty()) {
            std::fprintf(stderr, "the corpus tests/fixtures/ban-corpus.json is missing\n");
            return 1;
        }
        const Costs app = appCosts(cases, repeat);
        const std::optional<Costs> page = pageCosts(browser, cases, repeat);
        std::printf("\nBan-list verdict, µs per verdict over %d corpus cases (best of 5 rounds of %d runs "
                    "per case)\n\n",
                    int(cases.size()), repeat);
        std::printf("| %-22s | %8s | %8s | %8s | %5s | %-40s |\n", "where", "p50", "p95", "max", "cases",
                    "slowest case");
        std::printf(
            "|------------------------|----------|----------|----------|-------|------------------------"
            "------------------|\n");
        printRow("app (BanList::check)", app);
        if (page)
            printRow("page (Chromium)", *page);
        std::printf("\nGoal (issue 28): p95 <= 50 µs per verdict.\n");
        return page ? 0 : 1;
    });
}
