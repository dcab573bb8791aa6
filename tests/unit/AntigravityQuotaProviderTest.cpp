// The Antigravity quota provider against a fake /proc tree and a local HTTPS server that
// speaks the language server's wire format (Connect JSON over HTTPS, self-signed).
#include "quota/AntigravityQuotaProvider.h"

#include "FakeLanguageServer.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "TlsTestServer.h"
#include "Wait.h"
#include "logging/Logging.h"
#include "platform/ProcFsProcessFinder.h"

#include <QDir>
#include <QJsonDocument>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QString kCsrfToken = u"4f1c2a9e-csrf-secret"_s;

class AntigravityQuotaProviderTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        QString error;
        ASSERT_TRUE(TlsTestServer::makeCertificate(tempDir(), &certificate, &key, &error))
            << error.toStdString();
        tree = std::make_unique<FakeProcTree>(QDir(tempDir()).filePath(u"proc"_s));
    }

    // The language server, started with `token`.
    std::unique_ptr<TlsTestServer> languageServer(const QString &token = kCsrfToken)
    {
        auto server = std::make_unique<TlsTestServer>(certificate, key, languageServerAnswers(token));
        EXPECT_TRUE(server->listenOnLoopback());
        return server;
    }

    // Some other HTTPS service the process also listens on (the LSP port, say): not JSON.
    std::unique_ptr<TlsTestServer> otherService()
    {
        auto server = std::make_unique<TlsTestServer>(certificate, key, [](const TlsTestServer::Request &) {
            return TlsTestServer::Response { 404, "404 page not found", "text/plain" };
        });
        EXPECT_TRUE(server->listenOnLoopback());
        return server;
    }

    void addLanguageServer(qint64 pid, const QList<quint16> &ports, const QString &token = kCsrfToken,
                           quint16 extensionPort = 41999)
    {
        addLanguageServerProcess(*tree, pid, token, ports, extensionPort);
    }

    QuotaSnapshot refresh(AntigravityQuotaProvider &provider)
    {
        QSignalSpy finished(&provider, &QuotaProvider::finished);
        provider.refresh();
        EXPECT_TRUE(waitUntil([&] { return !finished.isEmpty(); }, 20s));
        return finished.isEmpty() ? QuotaSnapshot {} : finished.first().first().value<QuotaSnapshot>();
    }

    QSslCertificate certificate;
    QSslKey key;
    std::unique_ptr<FakeProcTree> tree;
};

TEST_F(AntigravityQuotaProviderTest, FindsTheLanguageServerProbesItsPortsAndReadsTheQuota)
{
    auto other = otherService();
    auto server = languageServer();
    // A Windsurf language server (same binary, not Antigravity) and an unrelated process.
    tree->addProcess(300,
                     { u"/opt/windsurf/resources/app/extensions/windsurf/bin/language_server_linux_x64"_s,
                       u"--csrf_token"_s, u"windsurf-token"_s });
    tree->addProcess(301, { u"/usr/bin/bash"_s });
    addLanguageServer(200, { other->serverPort(), server->serverPort() });

    AntigravityQuotaProvider provider(std::make_shared<ProcFsProcessFinder>(tree->root()));
    const QuotaSnapshot snapshot = refresh(provider);
    ASSERT_TRUE(snapshot.ok) << snapshot.error.toStdString();
    EXPECT_EQ(snapshot.provider, u"antigravity"_s);
    EXPECT_EQ(snapshot.planName, u"Pro"_s);
    EXPECT_EQ(snapshot.availablePromptCredits, 42000);
    ASSERT_EQ(snapshot.models.size(), 3);
    EXPECT_EQ(snapshot.model(u"Claude Sonnet 4.5"_s)->state(), ModelQuota::State::Exhausted);
    EXPECT_EQ(snapshot.model(u"Gemini 3 Pro (High)"_s)->state(), ModelQuota::State::Available);
    EXPECT_EQ(snapshot.model(u"GPT-OSS 120B (Medium)"_s)->state(), ModelQuota::State::Unknown);
    ASSERT_TRUE(provider.server().has_value());
    EXPECT_EQ(provider.server()->pid, 200);
    EXPECT_EQ(provider.server()->port, server->serverPort());

    // The wire format: the probe, then GetUserStatus with the IDE's metadata.
    ASSERT_EQ(server->requests().size(), 2);
    const TlsTestServer::Request probe = server->requests().at(0);
    EXPECT_EQ(probe.method, "POST");
    EXPECT_EQ(probe.path, "/exa.language_server_pb.LanguageServerService/GetUnleashData");
    EXPECT_EQ(QJsonDocument::fromJson(probe.body).object(),
              (QJsonObject { { u"wrapper_data"_s, QJsonObject() } }));
    EXPECT_EQ(probe.headers.value("content-type"), "application/json");
    const TlsTestServer::Request status = server->requests().at(1);
    EXPECT_EQ(status.path, "/exa.language_server_pb.LanguageServerService/GetUserStatus");
    EXPECT_EQ(QJsonDocument::fromJson(status.body).object().value(u"metadata"_s).toObject(),
              (QJsonObject { { u"ideName"_s, u"antigravity"_s },
                             { u"extensionName"_s, u"antigravity"_s },
                             { u"locale"_s, u"en"_s } }));
    // The ports are probed at once and the rest are dropped when one answers: the other port saw
    // the probe, or (on a loaded machine, when the language server answered before the other
    // handshake was done) nothing at all. Either way, never more than the one probe.
    const qsizetype otherProbes = other->requests().size();
    EXPECT_LE(otherProbes, 1) << "the other port was probed at most once";

    // The token is a secret: it never reaches a log line.
    EXPECT_FALSE(Logging::redact(u"token "_s + kCsrfToken).contains(kCsrfToken));

    // The next reading goes straight to the server found.
    ASSERT_TRUE(refresh(provider).ok);
    EXPECT_EQ(server->requests().size(), 3);
    EXPECT_EQ(server->requests().last().path, "/exa.language_server_pb.LanguageServerService/GetUserStatus");
    EXPECT_EQ(other->requests().size(), otherProbes)
        << "the other port is left alone once the server is known";
}

TEST_F(AntigravityQuotaProviderTest, WhenTheIdeRestartsTheServerIsFoundAgain)
{
    auto first = languageServer();
    addLanguageServer(200, { first->serverPort() });
    AntigravityQuotaProvider provider(std::make_shared<ProcFsProcessFinder>(tree->root()));
    ASSERT_TRUE(refresh(provider).ok);
    ASSERT_EQ(provider.server()->pid, 200);

    // The IDE restarts: the old server is gone, a new one has another port and token.
    first.reset();
    const QString root = tree->root();
    ASSERT_TRUE(QDir(root).removeRecursively());
    tree = std::make_unique<FakeProcTree>(root);
    auto second = languageServer(u"new-token"_s);
    addLanguageServer(201, { second->serverPort() }, u"new-token"_s);

    const QuotaSnapshot snapshot = refresh(provider);
    ASSERT_TRUE(snapshot.ok) << snapshot.error.toStdString();
    EXPECT_EQ(provider.server()->pid, 201);
    EXPECT_EQ(provider.server()->port, second->serverPort());
    EXPECT_EQ(provider.server()->csrfToken, u"new-token"_s);
}

TEST_F(AntigravityQuotaProviderTest, SaysWhyThereIsNoReading)
{
    AntigravityQuotaProvider provider(std::make_shared<ProcFsProcessFinder>(tree->root()));
    QuotaSnapshot snapshot = refresh(provider);
    EXPECT_FALSE(snapshot.ok);
    EXPECT_EQ(
        snapshot.error,
        u"Antigravity is not running, so its quota cannot be read. Start Antigravity, or turn the quota "
        "check off if you use another IDE."_s);
    EXPECT_TRUE(snapshot.ideAbsent) << "no Antigravity is no fault (issue 34 item 25)";

    // Found, but the token is wrong everywhere (403): no port counts as the server.
    auto server = languageServer(u"another-token"_s);
    addLanguageServer(200, { server->serverPort() });
    snapshot = refresh(provider);
    EXPECT_FALSE(snapshot.ok);
    EXPECT_TRUE(
        snapshot.error.startsWith(u"Antigravity's language server (pid 200) did not answer on any of its "
                                  "ports (%1); last error: HTTP 403"_s.arg(server->serverPort())))
        << snapshot.error.toStdString();

    // Found, without listening sockets.
    tree = std::make_unique<FakeProcTree>(QDir(tempDir()).filePath(u"proc2"_s));
    addLanguageServer(202, {});
    AntigravityQuotaProvider lonely(std::make_shared<ProcFsProcessFinder>(tree->root()));
    snapshot = refresh(lonely);
    EXPECT_EQ(snapshot.error,
              u"found Antigravity's language server (pid 202) but none of its listening ports"_s);
}

TEST_F(AntigravityQuotaProviderTest, RecognisesAntigravityLanguageServersOnEveryOs)
{
    auto process = [](const QStringList &arguments) {
        ProcessInfo p;
        p.pid = 1;
        p.arguments = arguments;
        p.name = arguments.value(0).section(u'/', -1).section(u'\\', -1);
        return p;
    };
    EXPECT_TRUE(AntigravityQuotaProvider::isLanguageServer(process(
        { u"/Applications/Antigravity.app/Contents/Resources/app/extensions/antigravity/bin/language_server_macos_arm"_s })));
    EXPECT_TRUE(AntigravityQuotaProvider::isLanguageServer(process(
        { u"C:\\Users\\ada\\AppData\\Local\\Programs\\Antigravity\\resources\\app\\extensions\\antigravity\\bin\\language_server_windows_x64.exe"_s })));
    EXPECT_TRUE(AntigravityQuotaProvider::isLanguageServer(
        process({ u"/tmp/ls/language_server_linux_x64"_s, u"--app_data_dir"_s, u"antigravity"_s })));
    EXPECT_FALSE(AntigravityQuotaProvider::isLanguageServer(
        process({ u"/opt/windsurf/bin/language_server_linux_x64"_s, u"--app_data_dir"_s, u"windsurf"_s })));
    EXPECT_FALSE(
        AntigravityQuotaProvider::isLanguageServer(process({ u"/opt/antigravity/bin/antigravity"_s })));
}

} // namespace
