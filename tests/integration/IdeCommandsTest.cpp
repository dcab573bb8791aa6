// The VS Code extension's executeVSCodeCommand and listChatCommands, answered through the
// command palette of a real VS Code workbench (npm code-server in the suite's Chromium), over
// the debug API as the extension's own test scripts call them (tests/comprehensive_test.js of
// rodhayl/antigravity-multi-purpose-agent: listChatCommands, then executeVSCodeCommand
// {command: "workbench.action.focusActiveEditorGroup"}). What a test can see decides: the
// primary side bar goes away and comes back, the palette is closed afterwards, and a command
// the palette does not offer exactly (an unknown id with only "similar commands", a partial
// title) is refused with nothing run.
#include "CodeServer.h"
#include "EngineChromiumTest.h"
#include "QtPrinters.h"
#include "Wait.h"
#include "server/DebugApiClient.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QString kToggleSidebarTitle = u"View: Toggle Primary Side Bar Visibility"_s;

class IdeCommandsTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        const QString folder = QDir(tempDir()).filePath(u"workspace"_s);
        QDir().mkpath(folder);
        QFile file(QDir(folder).filePath(u"notes.txt"_s));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("hello\n");
        file.close();
        ASSERT_TRUE(server.start(folder)) << server.error().toStdString();
        EngineHarness::Options options;
        options.debugApi = true;
        ASSERT_TRUE(startEngineOnBrowser(options));
        endpoint = connectEndpoint();
        // A page that is not a workbench comes first: the actions look past it.
        ASSERT_TRUE(openPage(endpoint, fixtureUrl(u"agent/welcome.html"_s)));
        page = openPageInFront(endpoint, server.url());
        ASSERT_TRUE(page);
        ASSERT_TRUE(waitUntil(
            [&] { return js(u"!!document.querySelector('.monaco-workbench .part.editor')"_s).toBool(); },
            90s))
            << "the workbench did not load: " << server.output().right(3000).toStdString();
        ASSERT_TRUE(waitUntil([&] { return sidebarShown(); }, 30s)) << "the side bar never showed";
        // A fresh profile opening a folder asks whether to trust its authors: a real modal dialog.
        ASSERT_TRUE(
            waitUntil([&] { return js(u"!!document.querySelector('.monaco-dialog-box')"_s).toBool(); }, 30s))
            << "no trust dialog";
    }

    // The person trusts the folder, as CodeServerTest's does.
    bool trustTheFolder()
    {
        js(u"[...document.querySelectorAll('.monaco-dialog-box .monaco-button')].find((b) => "
           "/Yes, I trust/.test(b.textContent)).click(); true"_s);
        return waitUntil([&] { return !js(u"!!document.querySelector('.monaco-dialog-box')"_s).toBool(); },
                         20s);
    }

    QJsonValue js(const QString &expression)
    {
        QString error;
        const QJsonValue value = evaluate(page, expression, &error);
        return error.isEmpty() ? value : QJsonValue();
    }

    bool sidebarShown()
    {
        return js(u"(() => { const s = document.querySelector('.part.sidebar'); return !!s && "
                  "getComputedStyle(s).display !== 'none' && s.offsetWidth > 0; })()"_s)
            .toBool();
    }

    bool paletteOpen()
    {
        return js(u"(() => { const w = document.querySelector('.quick-input-widget'); return !!w && "
                  "getComputedStyle(w).display !== 'none'; })()"_s)
            .toBool();
    }

    DebugApiClient::Reply call(const QString &action, const QJsonObject &params = {})
    {
        return harness->client()->callAndWait(action, params);
    }

    static std::string describe(const DebugApiClient::Reply &reply)
    {
        return u"HTTP %1: %2"_s.arg(reply.status)
            .arg(QString::fromUtf8(QJsonDocument(reply.body).toJson(QJsonDocument::Compact).left(1500)))
            .toStdString();
    }

    static QJsonObject data(const DebugApiClient::Reply &reply)
    {
        return reply.body.value(u"data"_s).toObject();
    }

    CodeServer server;
    CdpEndpoint *endpoint = nullptr;
    CdpSession *page = nullptr;
};

TEST_F(IdeCommandsTest, RunsACommandByIdAndByTitleThroughThePalette)
{
    ASSERT_TRUE(trustTheFolder());
    DebugApiClient::Reply reply = call(u"executeVSCodeCommand"_s,
                                       { { u"command"_s, u"workbench.action.toggleSidebarVisibility"_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply);
    EXPECT_EQ(data(reply).value(u"label"_s).toString(), kToggleSidebarTitle) << describe(reply);
    EXPECT_EQ(data(reply).value(u"targetId"_s).toString(), page->targetId()) << describe(reply);
    EXPECT_TRUE(waitUntil([&] { return !sidebarShown(); }, 10s)) << "the side bar is still shown";
    EXPECT_FALSE(paletteOpen());

    reply = call(u"executeVSCodeCommand"_s, { { u"command"_s, kToggleSidebarTitle.toLower() } });
    ASSERT_TRUE(reply.ok()) << describe(reply);
    EXPECT_TRUE(waitUntil([&] { return sidebarShown(); }, 10s)) << "the side bar did not come back";
    EXPECT_FALSE(paletteOpen());

    // The extension's own test script's call.
    reply
        = call(u"executeVSCodeCommand"_s, { { u"command"_s, u"workbench.action.focusActiveEditorGroup"_s } });
    EXPECT_TRUE(reply.ok()) << describe(reply);
    EXPECT_EQ(data(reply).value(u"label"_s).toString(), u"View: Focus Active Editor Group"_s)
        << describe(reply);
}

TEST_F(IdeCommandsTest, ListsThePalettesEntriesAndClosesItAgain)
{
    ASSERT_TRUE(trustTheFolder());
    const DebugApiClient::Reply reply
        = call(u"listChatCommands"_s, { { u"filter"_s, u"primary side bar"_s } });
    ASSERT_TRUE(reply.ok()) << describe(reply);
    QStringList labels;
    for (const QJsonValue &entry : data(reply).value(u"entries"_s).toArray())
        labels.append(entry.toObject().value(u"label"_s).toString());
    EXPECT_TRUE(labels.contains(kToggleSidebarTitle)) << labels.join(u" | "_s).toStdString();
    EXPECT_EQ(data(reply).value(u"count"_s).toInt(), labels.size());
    EXPECT_TRUE(waitUntil([&] { return !paletteOpen(); }, 5s)) << "the palette was left open";
    EXPECT_TRUE(sidebarShown()) << "listing ran a command";

    // The extension's call without a filter: the palette's "chat" entries.
    const DebugApiClient::Reply chat = call(u"listChatCommands"_s);
    ASSERT_TRUE(chat.ok()) << describe(chat);
    EXPECT_EQ(data(chat).value(u"filter"_s).toString(), u"chat"_s);
}

TEST_F(IdeCommandsTest, RunsNothingItDoesNotMatchExactly)
{
    // While the workbench shows a modal dialog, no key reaches it: refused, naming the dialog.
    DebugApiClient::Reply held = call(u"executeVSCodeCommand"_s,
                                      { { u"command"_s, u"workbench.action.toggleSidebarVisibility"_s } });
    EXPECT_EQ(held.status, 409) << describe(held);
    EXPECT_TRUE(held.error.contains(u"trust"_s)) << describe(held);
    ASSERT_TRUE(trustTheFolder());
    EXPECT_TRUE(sidebarShown()) << "a command ran under the dialog";

    // An id the workbench does not have: the palette offers only "similar commands".
    DebugApiClient::Reply reply = call(
        u"executeVSCodeCommand"_s, { { u"command"_s, u"workbench.action.toggleSidebarVisibilityNow"_s } });
    EXPECT_EQ(reply.status, 404) << describe(reply);
    EXPECT_TRUE(reply.error.contains(u"no command in the palette is"_s)) << describe(reply);
    // Part of a title.
    reply = call(u"executeVSCodeCommand"_s, { { u"command"_s, u"Toggle Primary Side Bar"_s } });
    EXPECT_EQ(reply.status, 404) << describe(reply);
    EXPECT_TRUE(reply.error.contains(kToggleSidebarTitle))
        << "the refusal should name what the palette offers: " << describe(reply);
    EXPECT_TRUE(sidebarShown()) << "a command ran";
    EXPECT_TRUE(waitUntil([&] { return !paletteOpen(); }, 5s)) << "the palette was left open";

    // Arguments cannot go through the palette; a page that is not a workbench has no palette.
    reply = call(u"executeVSCodeCommand"_s,
                 { { u"command"_s, u"workbench.action.files.save"_s }, { u"args"_s, QJsonArray { 1 } } });
    EXPECT_EQ(reply.status, 400) << describe(reply);
    QString other;
    for (CdpSession *session : engine->endpoint()->pageSessions()) {
        if (session->targetInfo().url.contains(u"agent/welcome.html"_s))
            other = session->targetId();
    }
    ASSERT_FALSE(other.isEmpty());
    reply = call(u"executeVSCodeCommand"_s,
                 { { u"command"_s, u"workbench.action.files.save"_s }, { u"targetId"_s, other } });
    EXPECT_EQ(reply.status, 409) << describe(reply);
    EXPECT_TRUE(reply.error.contains(u"not a VS Code-family workbench"_s)) << describe(reply);
    reply = call(u"executeVSCodeCommand"_s);
    EXPECT_EQ(reply.status, 400) << describe(reply);
}

} // namespace
