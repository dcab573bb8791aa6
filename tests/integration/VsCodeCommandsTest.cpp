// executeVSCodeCommand and listChatCommands through the command palette of a real VS Code
// workbench (npm code-server in the suite's Chromium), the engine attached as the app runs it:
// a command whose effect the test sees (the side bar hidden and shown again, by title and by
// id; Go to File… opening Quick Open), the palette's entries for a filter, a page that is not a
// workbench refused with the reason, and an entry that could destroy work left to the person.
#include "CodeServer.h"
#include "EngineChromiumTest.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/VsCodeCommands.h"
#include "cdp/CdpEndpoint.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class VsCodeCommandsTest : public EngineChromiumTest
{
protected:
    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        folder = QDir(tempDir()).filePath(u"workspace"_s);
        QDir().mkpath(folder);
        QFile notes(QDir(folder).filePath(u"notes.md"_s));
        ASSERT_TRUE(notes.open(QIODevice::WriteOnly));
        notes.write("# Notes\n\nNothing to delete here.\n");
        notes.close();
        ASSERT_TRUE(server.start(folder)) << server.error().toStdString();
        ASSERT_TRUE(startEngineOnBrowser());
        CdpEndpoint *own = connectEndpoint();
        ASSERT_TRUE(own);
        page = openPageInFront(own, server.url());
        ASSERT_TRUE(page);
        ASSERT_TRUE(waitUntil([&] { return js(u"!!document.querySelector('.monaco-workbench .part.editor')"_s).toBool(); }, 90s))
            << "the workbench did not load: " << server.output().right(3000).toStdString();
        // A fresh profile asks whether to trust the folder: the person answers it.
        if (waitUntil([&] { return js(u"!!document.querySelector('.monaco-dialog-box')"_s).toBool(); }, 30s)) {
            js(u"[...document.querySelectorAll('.monaco-dialog-box .monaco-button')].find((b) => "
               "/Yes, I trust/.test(b.textContent)).click(); true"_s);
            ASSERT_TRUE(waitUntil([&] { return !js(u"!!document.querySelector('.monaco-dialog-box')"_s).toBool(); }, 20s));
        }
        const QString target = page->targetId();
        ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(target) != nullptr; }));
    }

    QJsonValue js(const QString &expression)
    {
        QString error;
        const QJsonValue value = evaluate(page, expression, &error);
        return error.isEmpty() ? value : QJsonValue();
    }

    bool sideBarShown()
    {
        return js(u"(() => { const s = document.querySelector('.monaco-workbench .part.sidebar'); "
                  "return !!(s && s.getClientRects().length && getComputedStyle(s).display !== 'none'); })()"_s)
            .toBool();
    }

    bool paletteOpen()
    {
        return js(u"(() => { const w = document.querySelector('.quick-input-widget'); "
                  "return !!(w && w.style.display !== 'none' && w.getClientRects().length); })()"_s)
            .toBool();
    }

    CommandResult run(const QString &name, const QJsonObject &params) { return command(name, params); }

    CodeServer server;
    QString folder;
    CdpSession *page = nullptr;
};

TEST_F(VsCodeCommandsTest, ACommandRunsThroughThePaletteByTitleAndById)
{
    const bool shownBefore = sideBarShown();
    CommandResult result
        = run(u"executeVSCodeCommand"_s, { { u"command"_s, u"View: Toggle Primary Side Bar Visibility"_s } });
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.data.toObject().value(u"title"_s).toString(), u"View: Toggle Primary Side Bar Visibility"_s);
    EXPECT_TRUE(result.data.toObject().value(u"executed"_s).toBool());
    ASSERT_TRUE(waitUntil([&] { return sideBarShown() != shownBefore; }, 10s)) << "the side bar did not toggle";
    EXPECT_FALSE(paletteOpen()) << "the palette stayed open";

    // The same command by its id, which the palette matches but does not show.
    result = run(u"executeVSCodeCommand"_s, { { u"command"_s, u"workbench.action.toggleSidebarVisibility"_s } });
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    ASSERT_TRUE(waitUntil([&] { return sideBarShown() == shownBefore; }, 10s)) << "the side bar did not toggle back";

    // Go to File… opens Quick Open, a picker of its own, for the person to choose from.
    result = run(u"executeVSCodeCommand"_s, { { u"command"_s, u"Go to File..."_s } });
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_TRUE(result.data.toObject().contains(u"picker"_s));
    EXPECT_TRUE(paletteOpen());
    EXPECT_EQ(js(u"document.querySelector('.quick-input-widget input').value"_s).toString(), QString())
        << "Quick Open shows files, not the > of commands";
    ASSERT_TRUE(waitUntil([&] { return js(u"[...document.querySelectorAll('.quick-input-list .monaco-list-row')]"
                                          ".some((r) => r.textContent.includes('notes.md'))"_s).toBool(); }, 20s))
        << "Quick Open does not list the workspace's file";
    savePageScreenshot(page, u"vscode-go-to-file.png"_s);
}

TEST_F(VsCodeCommandsTest, ListChatCommandsListsThePalettesEntriesForAFilter)
{
    const CommandResult result = run(u"listChatCommands"_s, { { u"filter"_s, u"toggle primary side bar"_s } });
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    const QStringList commands = result.data.toObject().value(u"commands"_s).toVariant().toStringList();
    EXPECT_TRUE(commands.contains(u"View: Toggle Primary Side Bar Visibility"_s)) << commands.join(u" | "_s).toStdString();
    EXPECT_FALSE(paletteOpen()) << "listing leaves the palette closed";
}

TEST_F(VsCodeCommandsTest, WhatIsNotThereOrCouldDestroyWorkIsRefusedAndNothingRuns)
{
    // Nothing is exactly this title: 404 with what the palette showed, nothing run.
    CommandResult result = run(u"executeVSCodeCommand"_s, { { u"command"_s, u"View: Toggle"_s } });
    EXPECT_EQ(result.status, 404) << result.error.toStdString();
    EXPECT_TRUE(result.error.contains(u"nothing was run"_s)) << result.error.toStdString();
    EXPECT_FALSE(paletteOpen());

    // An entry that deletes: the person's to run.
    ASSERT_TRUE(waitUntil([&] { return run(u"executeVSCodeCommand"_s, { { u"command"_s, u"Go to File..."_s } }).ok; }, 30s));
    ASSERT_TRUE(waitUntil([&] { return js(u"[...document.querySelectorAll('.quick-input-list .monaco-list-row')]"
                                          ".some((r) => r.textContent.includes('notes.md'))"_s).toBool(); }, 20s));
    sendAndWait(page, u"Input.insertText"_s, { { u"text"_s, u"notes.md"_s } });
    for (const QString &type : { u"rawKeyDown"_s, u"keyUp"_s })
        sendAndWait(page, u"Input.dispatchKeyEvent"_s,
                    { { u"type"_s, type }, { u"key"_s, u"Enter"_s }, { u"code"_s, u"Enter"_s }, { u"windowsVirtualKeyCode"_s, 13 } });
    ASSERT_TRUE(waitUntil([&] { return js(u"[...document.querySelectorAll('.tab')].some((t) => t.textContent.includes('notes.md'))"_s).toBool(); }, 20s));
    result = run(u"executeVSCodeCommand"_s, { { u"command"_s, u"File: Revert File"_s } });
    EXPECT_EQ(result.status, 403) << result.error.toStdString();
    EXPECT_TRUE(result.error.contains(u"run it from the command palette yourself"_s)) << result.error.toStdString();
    EXPECT_FALSE(paletteOpen());
    EXPECT_TRUE(QFile::exists(QDir(folder).filePath(u"notes.md"_s)));

    // A page that is not a workbench.
    CdpEndpoint *own = connectEndpoint();
    CdpSession *plain = openPage(own, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(plain);
    const QString plainTarget = plain->targetId();
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(plainTarget) != nullptr; }));
    result = run(u"executeVSCodeCommand"_s, { { u"command"_s, u"View: Toggle Primary Side Bar Visibility"_s },
                                               { u"tab"_s, plainTarget } });
    EXPECT_EQ(result.status, 409) << result.error.toStdString();
    EXPECT_TRUE(result.error.contains(u"not a VS Code workbench"_s)) << result.error.toStdString();
}

TEST(VsCodeCommandsWords, EntriesThatCouldDestroyWorkAreTold)
{
    // Titles of VS Code's own palette (English).
    for (const QString &title : { u"File: Revert File"_s, u"Git: Discard All Changes"_s, u"Git: Drop Stash..."_s,
                                  u"Tasks: Run Task"_s, u"Terminal: Run Active File In Active Terminal"_s,
                                  u"Developer: Reset Location"_s, u"Extensions: Uninstall Extension"_s,
                                  u"Terminal: Kill the Active Terminal Instance"_s, u"Clear Console"_s,
                                  u"Delete"_s, u"Remove Folder from Workspace"_s })
        EXPECT_TRUE(VsCodeCommands::isDestructive(title)) << title.toStdString();
    for (const QString &title : { u"View: Toggle Primary Side Bar Visibility"_s, u"Go to File..."_s,
                                  u"Format Document"_s, u"View: Show Explorer"_s, u"Nuclear Theme"_s,
                                  u"Preferences: Open Settings (UI)"_s })
        EXPECT_FALSE(VsCodeCommands::isDestructive(title)) << title.toStdString();
}

} // namespace
