// Chat surface and quota benchmark: one look at the chat (the scheduler's silence probe),
// a whole send per kind of prompt box (focus, type, submit, confirmed), the same on an
// Antigravity-shaped workbench with the Antigravity profile (panel scope) and without a known
// panel (the window minus the editor, then the panel around the box), a send around the
// user's draft, and an Antigravity quota reading (discovery + probe + GetUserStatus, then a
// cached reading) against a local HTTPS server. Prints a table.
//
// Run: build/ci/tests/bench/mpa_chat_bench [sends per row, default 20]
#include "BenchSupport.h"
#include "BundledProfiles.h"
#include "FakeProcTree.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "TlsTestServer.h"
#include "Wait.h"
#include "chat/ChatSurface.h"
#include "page/PayloadHub.h"
#include "platform/ProcFsProcessFinder.h"
#include "quota/AntigravityQuotaProvider.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

void row(const QString &what, const QList<double> &ms)
{
    std::printf("| %-52s | %9.1f | %9.1f | %9.1f | %5d |\n", qPrintable(what), percentile(ms, 50),
                percentile(ms, 95), ms.isEmpty() ? 0.0 : *std::max_element(ms.begin(), ms.end()),
                int(ms.size()));
}

std::optional<double> timedSend(ChatSurface *surface, const QString &text)
{
    QElapsedTimer timer;
    timer.start();
    std::optional<ChatSurface::SendResult> result;
    QObject context;
    surface->send(text, {}, &context, [&](const ChatSurface::SendResult &r) { result = r; });
    if (!waitUntil([&] { return result.has_value(); }, 30s) || !result->ok) {
        std::fprintf(stderr, "send failed: %s\n", result ? qPrintable(result->error) : "no answer");
        return std::nullopt;
    }
    return double(timer.nsecsElapsed()) / 1e6;
}

// `count` looks at the chat (the scheduler's silence probe): the times of all but the first 5
// (the warm-up).
QList<double> timeLooks(ChatSurface &surface, int count)
{
    QList<double> looks;
    for (int i = 0; i < count; ++i) {
        QElapsedTimer timer;
        timer.start();
        bool done = false;
        QObject context;
        surface.readState(false, false, &context, [&](const ChatState &) { done = true; });
        waitUntil([&] { return done; });
        if (i >= 5) // warm-up
            looks.append(double(timer.nsecsElapsed()) / 1e6);
    }
    return looks;
}

// `count` whole sends, each after `before` (when given) readies the box: their times; nothing
// when one fails.
std::optional<QList<double>> timeSends(ChatSurface &surface, int count,
                                       const std::function<void()> &before = {})
{
    QList<double> times;
    for (int i = 0; i < count; ++i) {
        if (before)
            before();
        const std::optional<double> ms = timedSend(&surface, u"Prompt number %1"_s.arg(i));
        if (!ms)
            return std::nullopt;
        times.append(*ms);
    }
    return times;
}

int run(BenchBrowser &browser, int sends)
{
    CdpEndpoint &endpoint = browser.endpoint;
    PayloadHub hub(&endpoint);
    hub.addScript(ChatSurface::payloadScript(), [](CdpSession *) { return false; });

    std::printf("| %-52s | %9s | %9s | %9s | %5s |\n", "what (ms)", "p50", "p95", "max", "n");
    std::printf("|%s|%s|%s|%s|%s|\n", "------------------------------------------------------", "-----------",
                "-----------", "-----------", "-------");

    struct Box
    {
        QString path;
        QString label;
    };
    const QList<Box> boxes = {
        { u"chat/contenteditable.html?gen=100"_s, u"send, contenteditable (Enter)"_s },
        { u"chat/prosemirror.html?gen=100"_s, u"send, ProseMirror-like (Enter)"_s },
        { u"chat/react-textarea.html?gen=100&submit=enter"_s, u"send, React textarea (Enter)"_s },
        { u"chat/react-textarea.html?gen=100"_s, u"send, React textarea (Enter refused, Ctrl+Enter)"_s },
    };
    bool lookMeasured = false;
    for (const Box &box : boxes) {
        CdpSession *page = browser.openTab(box.path);
        if (!page)
            return 1;
        ChatSurface surface(hub.ensureScript(page, QString::fromLatin1(ChatSurface::kModule)),
                            ChatSelectors::generic());
        if (!lookMeasured) {
            row(u"one look at the chat (silence probe)"_s, timeLooks(surface, sends * 5));
            lookMeasured = true;
        }
        const std::optional<QList<double>> times = timeSends(surface, sends);
        if (!times)
            return 1;
        row(box.label, *times);
    }

    // An Antigravity-shaped workbench: the profile's selectors, in its panel and without it.
    const std::optional<ChatSelectors> antigravity = bundledChatSelectors(u"antigravity"_s);
    if (!antigravity)
        return 1;
    struct Workbench
    {
        QString path;
        QString look;
        QString send;
    };
    const QList<Workbench> workbenches = {
        { u"chat/antigravity-workbench.html?gen=100"_s, u"one look, Antigravity workbench (in its panel)"_s,
          u"send, Antigravity workbench composer (Enter)"_s },
        { u"chat/antigravity-workbench.html?gen=100&panel=unknown"_s,
          u"one look, workbench without a known panel"_s, u"send, workbench without a known panel"_s },
    };
    for (const Workbench &workbench : workbenches) {
        CdpSession *page = browser.openTab(workbench.path);
        if (!page)
            return 1;
        ChatSurface surface(hub.ensureScript(page, QString::fromLatin1(ChatSurface::kModule)), *antigravity);
        row(workbench.look, timeLooks(surface, sends * 5));
        const std::optional<QList<double>> times = timeSends(surface, sends);
        if (!times)
            return 1;
        row(workbench.send, *times);
    }

    // Around the user's draft: set aside, send, type back.
    {
        CdpSession *page = browser.openTab(u"chat/contenteditable.html?gen=100"_s);
        if (!page)
            return 1;
        ChatSurface surface(hub.ensureScript(page, QString::fromLatin1(ChatSurface::kModule)),
                            ChatSelectors::generic());
        const std::optional<QList<double>> times = timeSends(surface, sends, [page] {
            evaluate(page, u"window.chatInput.clear()"_s); // the draft the last send gave back
            evaluate(page, u"window.chatInput.element.focus()"_s);
            sendAndWait(page, u"Input.insertText"_s, { { u"text"_s, u"my unfinished draft"_s } });
        });
        if (!times)
            return 1;
        row(u"send around a draft (incl. 0.7 s typing check)"_s, *times);
    }
    endpoint.stop();
    browser.chromium.stop();

    // Quota: a first reading (find the process, probe its ports, GetUserStatus) and cached ones.
    QTemporaryDir dir;
    QSslCertificate certificate;
    QSslKey key;
    QString error;
    if (!TlsTestServer::makeCertificate(dir.path(), &certificate, &key, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const QByteArray status = R"json({"userStatus": {"planStatus": {"planInfo": {"planName": "Pro"}},
        "cascadeModelConfigData": {"clientModelConfigs": [
          {"label": "Claude Sonnet 4.5", "quotaInfo": {"remainingFraction": 0.5, "resetTime": "2026-02-07T15:00:00Z"}}]}}})json";
    TlsTestServer other(certificate, key, [](const TlsTestServer::Request &) {
        return TlsTestServer::Response { 404, "not here", "text/plain" };
    });
    TlsTestServer server(certificate, key, [&](const TlsTestServer::Request &request) {
        return TlsTestServer::Response { 200, request.path.endsWith("GetUserStatus") ? status : "{}" };
    });
    other.listenOnLoopback();
    server.listenOnLoopback();
    FakeProcTree tree(dir.filePath(u"proc"_s));
    for (int pid = 1; pid < 200; ++pid) // a busy machine
        tree.addProcess(pid, { u"/usr/bin/worker-%1"_s.arg(pid), u"--flag"_s });
    tree.addProcess(
        4242,
        { u"/usr/share/antigravity/resources/app/extensions/antigravity/bin/language_server_linux_x64"_s,
          u"--csrf_token"_s, u"token"_s, u"--extension_server_port"_s, u"41000"_s });
    tree.addSocket(4242, 10, 1);
    tree.addSocket(4242, 11, 2);
    tree.addTcp(4242, u"0100007F"_s, other.serverPort(), 1);
    tree.addTcp(4242, u"0100007F"_s, server.serverPort(), 2);
    QList<double> first, cached;
    for (int i = 0; i < sends; ++i) {
        AntigravityQuotaProvider provider(std::make_shared<ProcFsProcessFinder>(tree.root()));
        for (int reading = 0; reading < 2; ++reading) {
            QElapsedTimer timer;
            timer.start();
            std::optional<QuotaSnapshot> snapshot;
            QObject::connect(&provider, &QuotaProvider::finished, &provider,
                             [&](const QuotaSnapshot &s) { snapshot = s; });
            provider.refresh();
            if (!waitUntil([&] { return snapshot.has_value(); }) || !snapshot->ok) {
                std::fprintf(stderr, "quota reading failed: %s\n",
                             snapshot ? qPrintable(snapshot->error) : "none");
                return 1;
            }
            (reading == 0 ? first : cached).append(double(timer.nsecsElapsed()) / 1e6);
            provider.disconnect(&provider);
        }
    }
    row(u"quota: first reading (200 processes, 2 ports probed)"_s, first);
    row(u"quota: reading from the known server"_s, cached);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const auto [sends] = intArguments(argc, argv, { 20 });
    return runWithBrowser(argc, argv, [&](BenchBrowser &browser) { return run(browser, sends); });
}
