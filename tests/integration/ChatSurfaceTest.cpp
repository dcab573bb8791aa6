// ChatSurface in real Chromium on fixture chat panels: a contenteditable box, a
// ProseMirror-like editor, a React-controlled textarea, drafts in the box, frames, and an
// Antigravity-shaped workbench (the agent panel beside a VS Code editor, search and find
// boxes, Monaco's textareas, editor tabs; see its header for the evidence it rests on).
#include "chat/ChatSurface.h"

#include "BundledProfiles.h"
#include "PayloadTest.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "page/PayloadHub.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class ChatSurfaceTest : public PayloadTest
{
protected:
    void SetUp() override
    {
        PayloadTest::SetUp();
        hub->addScript(ChatSurface::payloadScript(), [](CdpSession *) { return false; });
    }

    void TearDown() override
    {
        surfaces.clear();
        PayloadTest::TearDown();
    }

    CdpSession *open(const QString &path) { return openPageInFront(endpoint, fixtureUrl(path)); }

    ChatSurface *surfaceOn(CdpSession *session, const ChatSelectors &selectors = ChatSelectors::generic())
    {
        PayloadInjector *injector = hub->ensureScript(session, QString::fromLatin1(ChatSurface::kModule));
        surfaces.push_back(std::make_unique<ChatSurface>(injector, selectors));
        return surfaces.back().get();
    }

    struct Chat
    {
        CdpSession *page = nullptr;
        ChatSurface *surface = nullptr;
    };
    // A fixture page, in front, with a surface on it (neither when the page did not open).
    Chat openChat(const QString &path, const ChatSelectors &selectors = ChatSelectors::generic())
    {
        CdpSession *page = open(path);
        return { page, page ? surfaceOn(page, selectors) : nullptr };
    }

    static ChatSurface::SendResult send(ChatSurface *surface, const QString &text,
                                        ChatSurface::SendOptions options = {})
    {
        std::optional<ChatSurface::SendResult> result;
        QObject context;
        surface->send(text, options, &context, [&](const ChatSurface::SendResult &r) { result = r; });
        EXPECT_TRUE(waitUntil([&] { return result.has_value(); }, 40s)) << "no answer to the send";
        return result.value_or(ChatSurface::SendResult {});
    }

    // A send into the conversation named `conversation`.
    static ChatSurface::SendResult sendTo(ChatSurface *surface, const QString &conversation,
                                          const QString &text)
    {
        ChatSurface::SendOptions options;
        options.conversation = conversation;
        return send(surface, text, options);
    }

    static ChatState state(ChatSurface *surface, bool withReply = false, bool withConversations = false)
    {
        std::optional<ChatState> out;
        QObject context;
        surface->readState(withReply, withConversations, &context, [&](const ChatState &s) { out = s; });
        EXPECT_TRUE(waitUntil([&] { return out.has_value(); }));
        return out.value_or(ChatState {});
    }

    // What the fake agent received, as [{conversation, text, how}].
    static QJsonArray chatLog(CdpSession *page) { return evaluate(page, u"window.chatLog"_s).toArray(); }

    // The one prompt in `log`, as {conversation, text, how}; a test failure (and an empty
    // object) when the agent received none or several.
    static QJsonObject onlyPrompt(const QJsonArray &log)
    {
        EXPECT_EQ(log.size(), 1) << QJsonDocument(log).toJson().toStdString();
        return log.size() == 1 ? log.at(0).toObject() : QJsonObject {};
    }
    static QJsonObject onlyPrompt(CdpSession *page) { return onlyPrompt(chatLog(page)); }
    // The chat log of the page in framed.html's frame.
    static QJsonArray framedChatLog(CdpSession *page)
    {
        return evaluate(page, u"document.getElementById('panel').contentWindow.chatLog"_s).toArray();
    }

    static QString boxText(CdpSession *page)
    {
        return evaluate(page, u"window.chatInput.read()"_s).toString();
    }

    // The user types into the box (trusted input, as from a keyboard).
    static void userTypes(CdpSession *page, const QString &text)
    {
        evaluate(page, u"window.chatInput.element.focus()"_s);
        ASSERT_TRUE(sendAndWait(page, u"Input.insertText"_s, { { u"text"_s, text } }).ok());
        ASSERT_EQ(boxText(page), text);
    }

    // A send to `missing`, a conversation the chat does not have (it has `listed`): the active
    // conversation gets the prompt, and the result says so.
    static void expectSentToTheActiveConversation(ChatSurface *surface, const QString &missing,
                                                  const QString &active, const QString &listed)
    {
        const ChatSurface::SendResult result = sendTo(surface, missing, u"Keep going"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_EQ(result.conversation, active);
        EXPECT_EQ(result.note,
                  u"no conversation named “%1” (the chat has %2); sent to the active conversation “%3”"_s.arg(
                      missing, listed, active));
    }

    // The user has half-written a prompt when the app sends one: the app's prompt alone goes
    // out, and the draft is back in the box afterwards (saved as screenshot `screenshot` then).
    void expectDraftRestoredAroundASend(const QString &path, const QString &screenshot = {})
    {
        const auto [page, surface] = openChat(path);
        ASSERT_TRUE(page);
        userTypes(page, u"half-written thought about the"_s);
        const ChatSurface::SendResult result = send(surface, u"Status report please"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_TRUE(result.draftSetAside);
        EXPECT_TRUE(result.draftRestored);
        EXPECT_EQ(result.draft, u"half-written thought about the"_s);
        EXPECT_EQ(onlyPrompt(page).value(u"text"_s).toString(), u"Status report please"_s)
            << "the draft must not go out with the prompt";
        EXPECT_EQ(boxText(page), u"half-written thought about the"_s);
        if (!screenshot.isEmpty())
            savePageScreenshot(page, screenshot);
    }

    std::vector<std::unique_ptr<ChatSurface>> surfaces;
};

// Each kind of prompt box, sent to with the key its chat takes: Enter, or Ctrl+Enter where
// Enter is a new line (and no stray line break is left behind).
struct BoxKind
{
    std::string name; // the test's name and the screenshot's
    QString path;
    QString inputKind; // as ChatState names it
    QString method; // as ChatSurface::SendResult names it
    QString how; // as the fake agent saw it
    QString conversation; // the page's active tab
};

void PrintTo(const BoxKind &kind, std::ostream *os)
{
    *os << kind.name;
}

class ChatBoxKindTest : public ChatSurfaceTest, public ::testing::WithParamInterface<BoxKind>
{
};

TEST_P(ChatBoxKindTest, TakesThePromptByItsOwnKeyAndIsEmptyAfterwards)
{
    const BoxKind &kind = GetParam();
    const auto [page, surface] = openChat(kind.path);
    ASSERT_TRUE(page);
    const ChatState before = state(surface);
    ASSERT_TRUE(before.ok) << before.error.toStdString();
    EXPECT_TRUE(before.inputFound);
    EXPECT_EQ(before.inputKind, kind.inputKind);
    EXPECT_TRUE(before.sendFound);
    EXPECT_FALSE(before.generating);

    const ChatSurface::SendResult result = send(surface, u"Refactor the lexer"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.method, kind.method);
    EXPECT_FALSE(result.draftSetAside);
    const QJsonObject prompt = onlyPrompt(page);
    EXPECT_EQ(prompt.value(u"text"_s).toString(), u"Refactor the lexer"_s);
    EXPECT_EQ(prompt.value(u"how"_s).toString(), kind.how);
    EXPECT_EQ(prompt.value(u"conversation"_s).toString(), kind.conversation);
    EXPECT_EQ(boxText(page), QString());
    savePageScreenshot(page, u"chat-%1-sent.png"_s.arg(kind.inputKind));
}

INSTANTIATE_TEST_SUITE_P(
    ChatSurfaceTest, ChatBoxKindTest,
    ::testing::Values(BoxKind { "ContentEditableWithEnter", u"chat/contenteditable.html"_s,
                                u"contenteditable"_s, u"enter"_s, u"enter"_s, u"Refactor parser"_s },
                      // Like ProseMirror: the prompt goes in through the editor's own model.
                      BoxKind { "ProseMirrorLikeWithEnter", u"chat/prosemirror.html"_s, u"prosemirror"_s,
                                u"enter"_s, u"enter"_s, u"Main"_s },
                      // A React-controlled textarea where Enter is a new line.
                      BoxKind { "ReactTextareaWithCtrlEnter", u"chat/react-textarea.html"_s, u"textarea"_s,
                                u"ctrl+enter"_s, u"ctrl-enter"_s, u"Chat"_s }),
    [](const ::testing::TestParamInfo<BoxKind> &info) { return info.param.name; });

// The Enter presses the chat's box saw, as {ctrl, meta} (recorded from here on).
void recordEnterPresses(CdpSession *page)
{
    evaluate(page,
             u"window.enterPresses = []; window.chatInput.element.addEventListener('keydown', (e) => {"
             "  if (e.key === 'Enter') window.enterPresses.push({ ctrl: e.ctrlKey, meta: e.metaKey });"
             "}, true); true"_s);
}

QJsonArray enterPresses(CdpSession *page)
{
    return evaluate(page, u"window.enterPresses"_s).toArray();
}

QJsonObject chord(bool ctrl, bool meta)
{
    return { { u"ctrl"_s, ctrl }, { u"meta"_s, meta } };
}

// Cmd or Ctrl is the browser's OS's choice, not the app's: the suite's browser runs on Linux
// and says so in its user agent, so the "send" chord is Ctrl+Enter. (A macOS browser: below.)
TEST_F(ChatSurfaceTest, OnABrowserThatRunsOnLinuxTheSendChordIsCtrlEnter)
{
    CdpSession *page = open(u"chat/react-textarea.html"_s);
    ASSERT_TRUE(page);
    ASSERT_TRUE(page->browserUserAgent().contains(u"Linux"_s)) << page->browserUserAgent().toStdString();
    ChatSurface *surface = surfaceOn(page);
    recordEnterPresses(page);
    const ChatSurface::SendResult result = send(surface, u"Explain the failing test"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.method, u"ctrl+enter"_s);
    EXPECT_EQ(enterPresses(page), (QJsonArray { chord(false, false), chord(true, false) }))
        << "Enter (a line break here, undone), then Control+Enter";
}

// A Linux app driving an IDE on macOS (over a tunnel to its debugging port): the browser's
// user agent says macOS, so the chat's "send" chord is Cmd+Enter, as a Mac chat expects (VS
// Code's web workbench, too, takes the platform from navigator.userAgent and binds its
// Ctrl-or-Cmd shortcuts to Cmd there). A second Chromium plays that browser: the user agent
// it reports in /json/version and to the page is a Mac Chrome's.
TEST_F(ChatSurfaceTest, OnABrowserThatRunsOnMacOSTheSendChordIsCmdEnter)
{
    const QString macUserAgent = u"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 "
                                 "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"_s;
    HeadlessChromium mac;
    mac.setExtraArguments({ u"--user-agent="_s + macUserAgent });
    ASSERT_TRUE(startBrowser(mac));
    CdpEndpoint macEndpoint;
    macEndpoint.setAddress(u"127.0.0.1"_s, mac.port());
    macEndpoint.start();
    ASSERT_TRUE(waitUntil([&] { return macEndpoint.isConnected() && macEndpoint.targetsKnown(); }))
        << macEndpoint.lastError().toStdString();
    const CdpResult created
        = browserCall(macEndpoint, u"Target.createTarget"_s,
                      { { u"url"_s, fixtureUrl(u"chat/react-textarea.html"_s).toString() } });
    ASSERT_TRUE(created.ok()) << created.error.toString().toStdString();
    CdpSession *page = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        page = macEndpoint.sessionForTarget(created.result.value(u"targetId").toString());
        return page && evaluate(page, u"document.readyState === 'complete' && !!window.chatInput"_s).toBool();
    }));
    EXPECT_EQ(page->browserUserAgent(), macUserAgent);
    EXPECT_EQ(evaluate(page, u"navigator.userAgent"_s).toString(), macUserAgent);

    {
        PayloadHub macHub(&macEndpoint);
        macHub.addScript(ChatSurface::payloadScript(), [](CdpSession *) { return false; });
        ChatSurface surface(macHub.ensureScript(page, QString::fromLatin1(ChatSurface::kModule)),
                            ChatSelectors::generic());
        recordEnterPresses(page);
        const ChatSurface::SendResult result = send(&surface, u"Explain the failing test"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_EQ(result.method, u"ctrl+enter"_s) << "the method's name stays; its modifier is the browser's";
        EXPECT_EQ(enterPresses(page), (QJsonArray { chord(false, false), chord(false, true) }))
            << "Enter (a line break here, undone), then Cmd+Enter: Meta held, not Control";
        EXPECT_EQ(onlyPrompt(page).value(u"text"_s).toString(), u"Explain the failing test"_s);
        EXPECT_EQ(boxText(page), QString());
    }
    macEndpoint.stop();
}

TEST_F(ChatSurfaceTest, WhenNoKeySendsTheSendButtonIsClicked)
{
    for (const QString &path :
         { u"chat/contenteditable.html?submit=button"_s, u"chat/react-textarea.html?submit=button"_s,
           u"chat/prosemirror.html?submit=button"_s }) {
        SCOPED_TRACE(path.toStdString());
        const auto [page, surface] = openChat(path);
        ASSERT_TRUE(page);
        const ChatSurface::SendResult result = send(surface, u"Run the linter"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_EQ(result.method, u"button"_s);
        const QJsonObject prompt = onlyPrompt(page);
        EXPECT_EQ(prompt.value(u"text"_s).toString(), u"Run the linter"_s);
        EXPECT_EQ(prompt.value(u"how"_s).toString(), u"button"_s);
    }
}

TEST_F(ChatSurfaceTest, APromptOfSeveralLinesArrivesWholeAndIsNotSentEarly)
{
    for (const QString &path :
         { u"chat/contenteditable.html"_s, u"chat/prosemirror.html"_s, u"chat/react-textarea.html"_s }) {
        SCOPED_TRACE(path.toStdString());
        const auto [page, surface] = openChat(path);
        ASSERT_TRUE(page);
        const ChatSurface::SendResult result = send(surface, u"First line\nSecond line"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_EQ(onlyPrompt(page).value(u"text"_s).toString(), u"First line\nSecond line"_s);
    }
}

TEST_F(ChatSurfaceTest, TheUsersDraftIsSetAsideAndRestoredInEveryKindOfBox)
{
    for (const QString &path :
         { u"chat/contenteditable.html"_s, u"chat/prosemirror.html"_s, u"chat/react-textarea.html"_s }) {
        SCOPED_TRACE(path.toStdString());
        expectDraftRestoredAroundASend(
            path, path.contains(u"react"_s) ? u"chat-react-draft-restored.png"_s : QString());
    }
}

TEST_F(ChatSurfaceTest, ADraftIsRestoredOnceABoxLockedDuringTheAnswerOpensAgain)
{
    expectDraftRestoredAroundASend(u"chat/react-textarea.html?lock=1&gen=1200"_s);
}

TEST_F(ChatSurfaceTest, WhileTheUserTypesNothingIsTouchedAndTheSendAsksToBeRetried)
{
    const auto [page, surface] = openChat(u"chat/contenteditable.html"_s);
    ASSERT_TRUE(page);
    // Someone keeps typing: the box changes every 150 ms.
    evaluate(page, u"window.typing = setInterval(() => { window.chatInput.element.append('x'); }, 150)"_s);
    ASSERT_TRUE(waitUntil([&] { return !boxText(page).isEmpty(); }));
    ChatSurface::SendOptions options;
    options.typingPatience = 1500ms;
    const ChatSurface::SendResult result = send(surface, u"Status"_s, options);
    EXPECT_FALSE(result.ok);
    EXPECT_TRUE(result.retryLater);
    EXPECT_EQ(result.error, u"the user is typing in the chat box"_s);
    evaluate(page, u"clearInterval(window.typing)"_s);
    EXPECT_TRUE(chatLog(page).isEmpty());
    EXPECT_FALSE(boxText(page).contains(u"Status"_s));
}

TEST_F(ChatSurfaceTest, APromptLeftInTheBoxByAnInterruptedSendIsReplacedNotRestored)
{
    const auto [page, surface] = openChat(u"chat/contenteditable.html"_s);
    ASSERT_TRUE(page);
    userTypes(page, u"Deploy to staging"_s);
    const ChatSurface::SendResult result = send(surface, u"Deploy to staging"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_FALSE(result.draftSetAside);
    EXPECT_EQ(boxText(page), QString());
    EXPECT_EQ(chatLog(page).size(), 1);
}

TEST_F(ChatSurfaceTest, AChatThatTakesNothingFailsCleanlyAndGivesTheDraftBack)
{
    const auto [page, surface] = openChat(u"chat/contenteditable.html?refuse=1"_s);
    ASSERT_TRUE(page);
    userTypes(page, u"keep me"_s);
    ChatSurface::SendOptions options;
    options.confirmTimeout = 600ms;
    const ChatSurface::SendResult result = send(surface, u"This will not go"_s, options);
    EXPECT_FALSE(result.ok);
    EXPECT_FALSE(result.retryLater);
    EXPECT_EQ(result.error,
              u"the chat did not take the prompt; Enter, Ctrl+Enter and the send button were tried"_s);
    EXPECT_EQ(boxText(page), u"keep me"_s);
    EXPECT_TRUE(chatLog(page).isEmpty());

    // Without a draft, the box is left empty.
    evaluate(page, u"window.chatInput.clear()"_s);
    const ChatSurface::SendResult again = send(surface, u"Nor this"_s, options);
    EXPECT_FALSE(again.ok);
    EXPECT_EQ(boxText(page), QString());
}

TEST_F(ChatSurfaceTest, ItTellsWhetherTheAgentIsGeneratingAndReadsTheLastReply)
{
    const auto [page, surface] = openChat(u"chat/contenteditable.html?gen=2000"_s);
    ASSERT_TRUE(page);
    ASSERT_TRUE(send(surface, u"Summarise the diff"_s).ok);
    bool generating = false;
    QObject context;
    surface->isGenerating(&context, [&](const CommandResult &r) { generating = r.ok && r.data.toBool(); });
    ASSERT_TRUE(waitUntil([&] { return generating; }));
    // The reply grows while the stop button shows …
    const ChatState during = state(surface);
    EXPECT_TRUE(during.generating);
    EXPECT_EQ(during.replyCount, 1);
    // … and is whole once it is gone.
    ASSERT_TRUE(waitUntil([&] { return !state(surface).generating; }, 10s));
    QString reply;
    surface->lastReply(&context, [&](const CommandResult &r) { reply = r.data.toString(); });
    ASSERT_TRUE(waitUntil([&] { return !reply.isEmpty(); }));
    EXPECT_EQ(
        reply,
        u"Reply to “Summarise the diff”: I looked at the code, changed what was needed and ran the tests."_s);
    EXPECT_GT(state(surface).replyLength, during.replyLength);
    EXPECT_EQ(state(surface).recentUserMessages, QStringList { u"Summarise the diff"_s });
}

TEST_F(ChatSurfaceTest, ConversationsAreListedSwitchedAndTargetedByName)
{
    const auto [page, surface] = openChat(u"chat/contenteditable.html"_s);
    ASSERT_TRUE(page);
    QList<ChatConversation> list;
    QObject context;
    surface->conversations(&context,
                           [&](const CommandResult &r) { list = conversationsFromJson(r.data.toObject()); });
    ASSERT_TRUE(waitUntil([&] { return !list.isEmpty(); }));
    ASSERT_EQ(list.size(), 3);
    EXPECT_EQ(list.at(0).name, u"Refactor parser"_s);
    EXPECT_TRUE(list.at(0).active);
    EXPECT_EQ(list.at(1).name, u"Fix flaky test"_s);
    EXPECT_FALSE(list.at(1).active);

    std::optional<CommandResult> selected;
    surface->selectConversation(u"fix FLAKY test"_s, &context, [&](const CommandResult &r) { selected = r; });
    ASSERT_TRUE(waitUntil([&] { return selected.has_value(); }));
    EXPECT_TRUE(selected->ok) << selected->error.toStdString();
    EXPECT_TRUE(state(surface, false, true).conversations.at(1).active);

    // A send into another conversation switches there first.
    // "Release": the only tab containing it.
    const ChatSurface::SendResult result = sendTo(surface, u"Release"_s, u"Draft the notes"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.conversation, u"Release notes"_s);
    EXPECT_EQ(onlyPrompt(page).value(u"conversation"_s).toString(), u"Release notes"_s);

    // A conversation that is not there (or a name that fits several): the active one gets the
    // prompt, and the result says so.
    expectSentToTheActiveConversation(surface, u"Nonexistent"_s, u"Release notes"_s,
                                      u"“Refactor parser”, “Fix flaky test”, “Release notes”"_s);
    const ChatSurface::SendResult several = sendTo(surface, u"e"_s, u"y"_s);
    ASSERT_TRUE(several.ok) << several.error.toStdString();
    EXPECT_TRUE(several.note.contains(u"names more than one conversation"_s)) << several.note.toStdString();
    const QJsonArray after = chatLog(page);
    ASSERT_EQ(after.size(), 3);
    EXPECT_EQ(after.at(1).toObject().value(u"conversation"_s).toString(), u"Release notes"_s);
    EXPECT_EQ(after.at(2).toObject().value(u"conversation"_s).toString(), u"Release notes"_s);
}

TEST_F(ChatSurfaceTest, APageWithoutAChatSaysWhatIsMissing)
{
    const auto [page, surface] = openChat(u"basic.html"_s);
    ASSERT_TRUE(page);
    const ChatSurface::SendResult result = send(surface, u"hello"_s);
    EXPECT_FALSE(result.ok);
    EXPECT_TRUE(result.error.startsWith(u"no chat input box on “Basic fixture” (chat.input: "_s))
        << result.error.toStdString();

    ChatSelectors broken = ChatSelectors::generic();
    broken.input = QStringList { u"div[[["_s };
    ChatSurface *invalid = surfaceOn(page, broken);
    const ChatSurface::SendResult bad = send(invalid, u"hello"_s);
    EXPECT_TRUE(bad.error.contains(u"\"div[[[\" is not a valid CSS selector"_s)) << bad.error.toStdString();
}

TEST_F(ChatSurfaceTest, AProfilesSelectorsScopeTheSurfaceToItsPanel)
{
    CdpSession *page = open(u"chat/ide.html"_s);
    ASSERT_TRUE(page);
    QString error;
    const ChatSelectors selectors = ChatSelectors::fromJson(
        QJsonObject { { u"root"_s, u"[data-testid=agent-panel]"_s },
                      { u"input"_s, u"#box"_s },
                      { u"sendButton"_s, u"button.send"_s },
                      { u"stopButton"_s, u"button.stop"_s },
                      { u"userMessage"_s, u".user-message"_s },
                      { u"reply"_s, u".assistant-message"_s },
                      { u"conversationTab"_s, QJsonArray { u".nothing"_s, u"[role=tab]"_s } } },
        &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ChatSurface *surface = surfaceOn(page, selectors);
    const ChatSurface::SendResult result = send(surface, u"Add tests"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(state(surface, false, true).conversations.size(), 2);

    const ChatState inPanel = state(surface);
    EXPECT_TRUE(inPanel.rootFound);
    EXPECT_EQ(inPanel.scope, u"panel"_s);

    // A page without the panel the profile names: the box is looked for in the window (minus
    // what is never the chat), and the rest around the box found there.
    ChatSelectors elsewhere = selectors;
    elsewhere.root = QStringList { u"#no-such-panel"_s };
    ChatSurface *fallback = surfaceOn(page, elsewhere);
    const ChatState around = state(fallback);
    EXPECT_TRUE(around.inputFound);
    EXPECT_FALSE(around.rootFound);
    EXPECT_EQ(around.scope, u"around-input"_s);
    ASSERT_TRUE(send(fallback, u"Without the panel"_s).ok);

    ChatSelectors nowhere = elsewhere;
    nowhere.input = QStringList { u"#no-such-box"_s };
    EXPECT_EQ(send(surfaceOn(page, nowhere), u"x"_s).error,
              u"no chat input box on “Fixture IDE”: its agent panel (chat.root: #no-such-panel) is not "
              "there, and no visible chat box was found outside the editor (chat.input: #no-such-box); is "
              "the agent panel open?"_s);
}

// ---- an Antigravity-shaped workbench ------------------------------------------------------

class AntigravityWorkbenchTest : public ChatSurfaceTest
{
protected:
    void SetUp() override
    {
        ChatSurfaceTest::SetUp();
        const std::optional<ChatSelectors> antigravity = bundledChatSelectors(u"antigravity"_s);
        ASSERT_TRUE(antigravity);
        selectors = *antigravity;
    }

    // What the workbench's other boxes hold: none of them may ever get a prompt.
    static QJsonObject otherBoxes(CdpSession *page)
    {
        return evaluate(page, uR"js(({
            search: document.getElementById('search-box').value,
            searchReplace: document.getElementById('search-replace').value,
            find: document.getElementById('find-box').value,
            findReplace: document.getElementById('find-replace').value,
            monaco: document.getElementById('monaco-input').value,
            ime: document.getElementById('monaco-ime').value,
        }))js"_s)
            .toObject();
    }

    // A look before any send: the composer found (`scope`: in its panel, or around the box
    // when the panel is not known), the agent idle, and the panel's conversations.
    static void expectIdleComposerFound(const ChatState &look, const QString &scope)
    {
        ASSERT_TRUE(look.ok) << look.error.toStdString();
        EXPECT_EQ(look.rootFound, scope == u"panel"_s);
        EXPECT_EQ(look.scope, scope);
        EXPECT_TRUE(look.inputFound);
        EXPECT_FALSE(look.generating);
        // The conversations are the panel's button.grow, without their age; not the editor's tabs.
        ASSERT_EQ(look.conversations.size(), 3);
        EXPECT_EQ(look.conversations.at(0).name, u"Fix the parser"_s);
        EXPECT_TRUE(look.conversations.at(0).active);
        EXPECT_EQ(look.conversations.at(1).name, u"Write docs"_s);
        EXPECT_EQ(look.conversations.at(2).name, u"Release notes"_s);
    }

    // The user was searching: the Search box is visible, holds text and has the focus.
    static void userSearches(CdpSession *page)
    {
        evaluate(page, u"document.getElementById('search-box').focus()"_s);
        ASSERT_TRUE(sendAndWait(page, u"Input.insertText"_s, { { u"text"_s, u"needle"_s } }).ok());
        ASSERT_EQ(otherBoxes(page).value(u"search"_s).toString(), u"needle"_s);
    }

    ChatSelectors selectors;
};

TEST_F(AntigravityWorkbenchTest, ThePromptLandsInTheComposerOfTheNamedConversation)
{
    const auto [page, surface] = openChat(u"chat/antigravity-workbench.html?gen=300"_s, selectors);
    ASSERT_TRUE(page);
    userSearches(page);

    const ChatState before = state(surface, false, true);
    ASSERT_NO_FATAL_FAILURE(expectIdleComposerFound(before, u"panel"_s));
    EXPECT_EQ(before.inputKind, u"lexical"_s);
    EXPECT_TRUE(before.sendFound);

    const ChatSurface::SendResult result = sendTo(surface, u"write docs"_s, u"Document the error recovery"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.method, u"enter"_s);
    EXPECT_EQ(result.conversation, u"Write docs"_s);
    EXPECT_TRUE(result.note.isEmpty()) << result.note.toStdString();
    const QJsonObject prompt = onlyPrompt(page);
    EXPECT_EQ(prompt.value(u"conversation"_s).toString(), u"Write docs"_s);
    EXPECT_EQ(prompt.value(u"text"_s).toString(), u"Document the error recovery"_s);
    EXPECT_EQ(boxText(page), QString());
    EXPECT_EQ(otherBoxes(page),
              (QJsonObject { { u"search"_s, u"needle"_s },
                             { u"searchReplace"_s, QString() },
                             { u"find"_s, QString() },
                             { u"findReplace"_s, QString() },
                             { u"monaco"_s, QString() },
                             { u"ime"_s, QString() } }));

    // The transcript's user bubble and reply are read, so a send can be confirmed later.
    ASSERT_TRUE(waitUntil([&] { return !state(surface).generating; }, 10s));
    const ChatState after = state(surface, true);
    EXPECT_EQ(after.recentUserMessages, QStringList { u"Document the error recovery"_s });
    EXPECT_EQ(after.replyCount, 1);
    EXPECT_TRUE(after.replyText.startsWith(u"Reply to “Document the error recovery”"_s))
        << after.replyText.toStdString();
    savePageScreenshot(page, u"chat-antigravity-workbench-sent.png"_s);
}

TEST_F(AntigravityWorkbenchTest, AMissingConversationGetsThePromptInTheActiveOneAndSaysSo)
{
    const auto [page, surface] = openChat(u"chat/antigravity-workbench.html?gen=100"_s, selectors);
    ASSERT_TRUE(page);
    expectSentToTheActiveConversation(surface, u"Refactor the lexer"_s, u"Fix the parser"_s,
                                      u"“Fix the parser”, “Write docs”, “Release notes”"_s);
    EXPECT_EQ(onlyPrompt(page).value(u"conversation"_s).toString(), u"Fix the parser"_s);
}

TEST_F(AntigravityWorkbenchTest, GenerationOutsideThePanelIsNotTheAgentAtWork)
{
    // The editor shows a busy bar and a notification offers "Cancel": neither is the agent.
    const auto [page, surface]
        = openChat(u"chat/antigravity-workbench.html?busy=editor&gen=1500"_s, selectors);
    ASSERT_TRUE(page);
    EXPECT_FALSE(state(surface).generating);
    ASSERT_TRUE(send(surface, u"Run the tests"_s).ok);
    // The panel's own cancel button is.
    EXPECT_TRUE(waitUntil([&] { return state(surface).generating; }));
    EXPECT_TRUE(waitUntil([&] { return !state(surface).generating; }, 10s));
}

TEST_F(AntigravityWorkbenchTest, WithoutAKnownPanelTheComposerIsFoundAndNeverTheEditor)
{
    // An Antigravity build whose panel container the profile does not know, with the Search
    // box focused, the editor busy and a notification's Cancel button showing.
    const auto [page, surface]
        = openChat(u"chat/antigravity-workbench.html?panel=unknown&busy=editor&gen=100"_s, selectors);
    ASSERT_TRUE(page);
    userSearches(page);
    ASSERT_NO_FATAL_FAILURE(expectIdleComposerFound(state(surface, false, true), u"around-input"_s));

    const ChatSurface::SendResult result = sendTo(surface, u"Release notes"_s, u"Tag the release"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(onlyPrompt(page).value(u"conversation"_s).toString(), u"Release notes"_s);
    EXPECT_EQ(otherBoxes(page).value(u"search"_s).toString(), u"needle"_s);
    EXPECT_EQ(otherBoxes(page).value(u"monaco"_s).toString(), QString());
}

TEST_F(AntigravityWorkbenchTest, TheGenericSelectorsNeitherTypeIntoTheEditorNorTakeItsTabsForConversations)
{
    // A window no profile recognises gets the generic selectors: a visible Search box, a hidden
    // Replace box, Monaco's textareas and the find widget are all there to be mistaken.
    CdpSession *page = open(u"chat/antigravity-workbench.html?panel=unknown&gen=100"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page, ChatSelectors::generic());
    const ChatState look = state(surface, false, true);
    ASSERT_TRUE(look.inputFound);
    // Neither the editor's file tabs nor the activity bar's role=tab items are conversations.
    EXPECT_TRUE(look.conversations.isEmpty());
    const ChatSurface::SendResult result = sendTo(surface, u"parser.ts"_s, u"Explain the grammar"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.note,
              u"no conversation named “parser.ts”: the chat shows no conversation tabs; sent to the current "
              "conversation"_s);
    ASSERT_EQ(chatLog(page).size(), 1);
    EXPECT_EQ(boxText(page), QString());
    const QJsonObject others = otherBoxes(page);
    for (auto it = others.begin(); it != others.end(); ++it)
        EXPECT_EQ(it.value().toString(), QString()) << it.key().toStdString();
}

TEST_F(ChatSurfaceTest, AChatInAFrameOfThePageIsFoundAndDriven)
{
    const auto [page, surface] = openChat(u"chat/framed.html"_s);
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitUntil([&] { return state(surface).inputFound; }));
    const ChatSurface::SendResult result = send(surface, u"Inside the frame"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(onlyPrompt(framedChatLog(page)).value(u"text"_s).toString(), u"Inside the frame"_s);

    // The send button (a trusted click at the frame's offset) and a conversation tab.
    const auto [buttonPage, buttonSurface]
        = openChat(u"chat/framed.html?src=contenteditable.html%3Fsubmit%3Dbutton"_s);
    ASSERT_TRUE(buttonPage);
    ASSERT_TRUE(waitUntil([&] { return state(buttonSurface).inputFound; }));
    const ChatSurface::SendResult clicked = sendTo(buttonSurface, u"Fix flaky test"_s, u"By button"_s);
    ASSERT_TRUE(clicked.ok) << clicked.error.toStdString();
    EXPECT_EQ(clicked.method, u"button"_s);
    EXPECT_EQ(onlyPrompt(framedChatLog(buttonPage)).value(u"conversation"_s).toString(), u"Fix flaky test"_s);
}

TEST_F(ChatSurfaceTest, AChatInAnOutOfProcessFrameIsDrivenThroughItsOwnTarget)
{
    const QString inner = crossSiteUrl(u"chat/contenteditable.html"_s).toString(QUrl::FullyEncoded);
    CdpSession *page = open(u"chat/framed.html?src="_s + QString::fromLatin1(QUrl::toPercentEncoding(inner)));
    ASSERT_TRUE(page);
    CdpSession *frame = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        for (CdpSession *s : endpoint->sessions()) {
            if (!s->isPage() && s->targetInfo().url.startsWith(u"http://localhost"_s)
                && s->parentSession() == page)
                frame = s;
        }
        return frame != nullptr;
    }));
    ChatSurface *surface = surfaceOn(frame);
    ASSERT_TRUE(waitUntil([&] { return state(surface).inputFound; }));
    const ChatSurface::SendResult result = send(surface, u"Across sites"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(onlyPrompt(frame).value(u"text"_s).toString(), u"Across sites"_s);
}

TEST_F(ChatSurfaceTest, SendsToOneSurfaceRunOneAfterTheOther)
{
    const auto [page, surface] = openChat(u"chat/contenteditable.html?gen=200"_s);
    ASSERT_TRUE(page);
    QStringList done;
    QObject context;
    for (const QString &text : { u"first"_s, u"second"_s, u"third"_s }) {
        surface->send(text, {}, &context, [&done, text](const ChatSurface::SendResult &r) {
            done.append(r.ok ? text : u"failed: "_s + r.error);
        });
    }
    EXPECT_TRUE(surface->isSending());
    ASSERT_TRUE(waitUntil([&] { return done.size() == 3; }, 30s));
    EXPECT_EQ(done, (QStringList { u"first"_s, u"second"_s, u"third"_s }));
    const QJsonArray log = chatLog(page);
    ASSERT_EQ(log.size(), 3);
    EXPECT_EQ(log.at(2).toObject().value(u"text"_s).toString(), u"third"_s);
}

} // namespace
