// The quota path end to end, as the app composes it (issue 35 item 1): the whole engine on a
// FakeClock, the Antigravity quota provider reading a fake language server (the real
// GetUserStatus reply of tests/fixtures/quota, its process as /proc shows it), and the queue
// sending into a real Chromium chat page. A watched model runs out while the agent works on a
// prompt: the queue holds, however long the silence; the model comes back; the cut-off prompt is
// sent again (quota/resumeQueue) or "Continue" is (quota/autoContinue), into the page.
#include "EngineChromiumTest.h"
#include "FakeClock.h"
#include "FakeLanguageServer.h"
#include "QtPrinters.h"
#include "TlsTestServer.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"
#include "engine/Engine.h"
#include "platform/ProcFsProcessFinder.h"
#include "quota/AntigravityQuotaProvider.h"
#include "quota/QuotaMonitor.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QDir>
#include <QJsonArray>
#include <QSslCertificate>
#include <QSslKey>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QString kQuotaCsrfToken = u"7d2e9b1c-csrf-quota"_s;
// The fixture's Claude Sonnet 4.5 is spent until 15:00 UTC on that day; the clock starts before.
const QByteArray kSpent = R"("remainingFraction": 0, "resetTime": "2026-02-07T15:00:00Z")";
const QByteArray kBack = R"("remainingFraction": 0.8, "resetTime": "2026-02-07T15:00:00Z")";

class QuotaQueueTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        QString error;
        ASSERT_TRUE(TlsTestServer::makeCertificate(tempDir(), &certificate, &key, &error))
            << error.toStdString();
        // The language server's answers, with Claude Sonnet 4.5 spent or back as the test says.
        const TlsTestServer::Handler real = languageServerAnswers(kQuotaCsrfToken);
        server = std::make_unique<TlsTestServer>(
            certificate, key, [this, real](const TlsTestServer::Request &r) {
                TlsTestServer::Response response = real(r);
                if (r.path.endsWith("/GetUserStatus") && response.status == 200 && !spent)
                    response.body.replace(kSpent, kBack);
                return response;
            });
        ASSERT_TRUE(server->listenOnLoopback());
        const QByteArray fixture = readFixture(u"quota/antigravity-user-status.json"_s);
        ASSERT_TRUE(fixture.contains(kSpent))
            << "the quota fixture changed: its spent model is not as this test reads it";
        tree = std::make_unique<FakeProcTree>(QDir(tempDir()).filePath(u"proc"_s));
        addLanguageServerProcess(*tree, 200, kQuotaCsrfToken, { quint16(server->serverPort()) });
    }

    void TearDown() override
    {
        harness->stopEngine();
        EngineChromiumTest::TearDown();
    }

    void startOnTheClock(const QList<std::pair<SettingKey, QVariant>> &values)
    {
        for (const auto &[key, value] : values) {
            QString error;
            ASSERT_TRUE(settings->setValue(key, value, &error)) << error.toStdString();
        }
        EngineHarness::Options options;
        options.clock = &clock;
        const QString proc = tree->root();
        options.beforeStart = [proc](Engine *built) {
            built->quota()->setProvider(
                new AntigravityQuotaProvider(std::make_shared<ProcFsProcessFinder>(proc)));
        };
        ASSERT_TRUE(startEngineOnBrowser(options));
        page = openPage(connectEndpoint(), fixtureUrl(u"chat/ide.html?gen=1500"_s));
        ASSERT_TRUE(page);
        ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(page->targetId()); }))
            << "the engine never attached the chat page";
        // The first reading, at start: nothing spent yet.
        ASSERT_TRUE(clock.runUntil([&] { return engine->quota()->snapshot().ok; }))
            << engine->quota()->snapshot().error.toStdString();
        ASSERT_FALSE(engine->quota()->isHolding());
    }

    QStringList received() const
    {
        QStringList texts;
        for (const QJsonValue &entry : evaluate(page, u"window.chatLog"_s).toArray())
            texts.append(entry.toObject().value(u"text"_s).toString());
        return texts;
    }

    // Runs the queue's first prompt, then spends the watched model while the agent answers it:
    // the queue holds through more than its silence timeout and sends nothing.
    void spendWhileThePromptRuns()
    {
        Scheduler *scheduler = engine->scheduler();
        ASSERT_TRUE(scheduler->setQueue({ u"Write the parser"_s, u"Write its tests"_s }));
        ASSERT_TRUE(scheduler->startQueue());
        ASSERT_TRUE(waitUntil([&] { return received().size() == 1; }, 30s))
            << "the first prompt never arrived";
        spent = true;
        const QDateTime spentAt = clock.now();
        ASSERT_TRUE(clock.runUntil([&] { return engine->quota()->isHolding(); }))
            << "the spent model was never seen";
        // At the next reading (30 s), not one later; the clock moves on while the reply travels.
        EXPECT_LT(spentAt.secsTo(clock.now()), 60) << "not seen at the next reading";
        EXPECT_TRUE(scheduler->isQuotaHeld()) << "the engine did not hand the hold to the queue";
        const QDateTime heldAt = clock.now();
        // Five seconds a step: the quota is read every 30 s, and the chat only has to keep answering.
        ASSERT_TRUE(clock.runUntil([&] { return heldAt.secsTo(clock.now()) >= 150; }, 90s, 5s));
        EXPECT_EQ(received(), QStringList { u"Write the parser"_s })
            << "a prompt went while the quota was spent";
        EXPECT_EQ(scheduler->phase(), Scheduler::Phase::HeldByQuota);
    }

    // The model comes back: `text` is the next prompt the page receives, recorded as `source`.
    void backAndSent(const QString &text, const QString &source)
    {
        spent = false;
        ASSERT_TRUE(clock.runUntil([&] { return received().size() == 2; }))
            << received().join(u" | ").toStdString();
        EXPECT_EQ(received().last(), text);
        EXPECT_FALSE(engine->quota()->isHolding());
        ASSERT_TRUE(waitUntil([&] { return engine->scheduler()->history().entries().size() == 2; }));
        EXPECT_EQ(engine->scheduler()->history().entries().last().source, source);
    }

    FakeClock clock { QDateTime(QDate(2026, 2, 7), QTime(10, 0), QTimeZone::utc()) };
    QSslCertificate certificate;
    QSslKey key;
    std::unique_ptr<TlsTestServer> server;
    std::unique_ptr<FakeProcTree> tree;
    std::atomic_bool spent = false;
    CdpSession *page = nullptr;
};

const QList<std::pair<SettingKey, QVariant>> kQueueSettings {
    { SettingKey::ScheduleMode, u"queue"_s },
    // The quota is read every 30 s and the agent counts as done after 120 s of silence, so the
    // spent model is seen while the queue still waits on its prompt.
    { SettingKey::ScheduleSilenceTimeoutS, 120 },
    { SettingKey::QuotaEnabled, true },
    { SettingKey::QuotaPollIntervalS, 30 },
    { SettingKey::QuotaModels, QStringList { u"Claude Sonnet 4.5"_s } },
};

TEST_F(QuotaQueueTest, ASpentModelHoldsTheQueueAndTheCutOffPromptIsSentAgainWhenItIsBack)
{
    QList<std::pair<SettingKey, QVariant>> values = kQueueSettings;
    values.append({ SettingKey::QuotaResumeQueue, true });
    startOnTheClock(values);
    spendWhileThePromptRuns();
    if (HasFatalFailure())
        return;

    backAndSent(u"Write the parser"_s, u"resend"_s); // the cut-off prompt, again
    if (HasFatalFailure())
        return;
    // And the queue goes on to its next prompt after the silence.
    ASSERT_TRUE(clock.runUntil([&] { return received().size() == 3; }))
        << received().join(u" | ").toStdString();
    EXPECT_EQ(received().last(), u"Write its tests"_s);
}

TEST_F(QuotaQueueTest, WithResumingOffAndAutoContinueOnContinueIsSentWhenTheModelIsBack)
{
    QList<std::pair<SettingKey, QVariant>> values = kQueueSettings;
    values.append({ SettingKey::QuotaResumeQueue, false });
    values.append({ SettingKey::QuotaAutoContinue, true });
    values.append({ SettingKey::QuotaContinuePrompt, u"Continue where you stopped."_s });
    startOnTheClock(values);
    spendWhileThePromptRuns();
    if (HasFatalFailure())
        return;

    backAndSent(u"Continue where you stopped."_s, u"continue"_s);
}

} // namespace
