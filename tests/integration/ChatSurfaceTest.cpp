// ChatSurface in real Chromium on fixture chat panels: a contenteditable box, a
// ProseMirror-like editor, a React-controlled textarea, drafts in the box, frames.
#include "chat/ChatSurface.h"

#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "page/PayloadHub.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class ChatSurfaceTest : public ChromiumTest
{
protected:
    void SetUp() override
    {
        ChromiumTest::SetUp();
        endpoint = connectEndpoint();
        ASSERT_TRUE(endpoint);
        hub = std::make_unique<PayloadHub>(endpoint);
        hub->addScript(ChatSurface::payloadScript(), [](CdpSession *) { return false; });
    }

    void TearDown() override
    {
        surfaces.clear();
        hub.reset();
        ChromiumTest::TearDown();
    }

    CdpSession *open(const QString &path)
    {
        CdpSession *page = openPage(endpoint, fixtureUrl(path));
        if (page)
            sendAndWait(page, u"Page.bringToFront"_s);
        return page;
    }

    ChatSurface *surfaceOn(CdpSession *session, const ChatSelectors &selectors = ChatSelectors::generic())
    {
        PayloadInjector *injector = hub->ensureScript(session, QString::fromLatin1(ChatSurface::kModule));
        surfaces.push_back(std::make_unique<ChatSurface>(injector, selectors));
        return surfaces.back().get();
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

    void screenshot(CdpSession *page, const QString &name)
    {
        const CdpResult shot = sendAndWait(page, u"Page.captureScreenshot"_s, { { u"format"_s, u"png"_s } });
        ASSERT_TRUE(shot.ok()) << shot.error.toString().toStdString();
        QFile file(QDir(screenshotDir()).filePath(name));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromBase64(shot.result.value(u"data").toString().toLatin1()));
    }

    CdpEndpoint *endpoint = nullptr;
    std::unique_ptr<PayloadHub> hub;
    std::vector<std::unique_ptr<ChatSurface>> surfaces;
};

TEST_F(ChatSurfaceTest, AContentEditableBoxSendsWithEnter)
{
    CdpSession *page = open(u"chat/contenteditable.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    const ChatState before = state(surface);
    ASSERT_TRUE(before.ok) << before.error.toStdString();
    EXPECT_TRUE(before.inputFound);
    EXPECT_EQ(before.inputKind, u"contenteditable"_s);
    EXPECT_TRUE(before.sendFound);
    EXPECT_FALSE(before.generating);

    const ChatSurface::SendResult result = send(surface, u"Refactor the lexer"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.method, u"enter"_s);
    EXPECT_FALSE(result.draftSetAside);
    const QJsonArray log = chatLog(page);
    ASSERT_EQ(log.size(), 1);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"Refactor the lexer"_s);
    EXPECT_EQ(log.at(0).toObject().value(u"conversation"_s).toString(), u"Refactor parser"_s);
    EXPECT_EQ(boxText(page), QString());
    screenshot(page, u"chat-contenteditable-sent.png"_s);
}

TEST_F(ChatSurfaceTest, AProseMirrorLikeEditorTakesThePromptThroughItsOwnModel)
{
    CdpSession *page = open(u"chat/prosemirror.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    EXPECT_EQ(state(surface).inputKind, u"prosemirror"_s);
    const ChatSurface::SendResult result = send(surface, u"Write the changelog"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.method, u"enter"_s);
    const QJsonArray log = chatLog(page);
    ASSERT_EQ(log.size(), 1);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"Write the changelog"_s);
    EXPECT_EQ(boxText(page), QString());
}

TEST_F(ChatSurfaceTest, AReactTextareaWhereEnterIsANewLineSendsWithCtrlEnterAndNoStrayLineBreak)
{
    CdpSession *page = open(u"chat/react-textarea.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    EXPECT_EQ(state(surface).inputKind, u"textarea"_s);
    const ChatSurface::SendResult result = send(surface, u"Explain the failing test"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.method, u"ctrl+enter"_s);
    const QJsonArray log = chatLog(page);
    ASSERT_EQ(log.size(), 1);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"Explain the failing test"_s);
    EXPECT_EQ(log.at(0).toObject().value(u"how"_s).toString(), u"ctrl-enter"_s);
    EXPECT_EQ(boxText(page), QString());
}

TEST_F(ChatSurfaceTest, WhenNoKeySendsTheSendButtonIsClicked)
{
    for (const QString &path :
         { u"chat/contenteditable.html?submit=button"_s, u"chat/react-textarea.html?submit=button"_s,
           u"chat/prosemirror.html?submit=button"_s }) {
        SCOPED_TRACE(path.toStdString());
        CdpSession *page = open(path);
        ASSERT_TRUE(page);
        ChatSurface *surface = surfaceOn(page);
        const ChatSurface::SendResult result = send(surface, u"Run the linter"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_EQ(result.method, u"button"_s);
        const QJsonArray log = chatLog(page);
        ASSERT_EQ(log.size(), 1);
        EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"Run the linter"_s);
        EXPECT_EQ(log.at(0).toObject().value(u"how"_s).toString(), u"button"_s);
    }
}

TEST_F(ChatSurfaceTest, APromptOfSeveralLinesArrivesWholeAndIsNotSentEarly)
{
    for (const QString &path :
         { u"chat/contenteditable.html"_s, u"chat/prosemirror.html"_s, u"chat/react-textarea.html"_s }) {
        SCOPED_TRACE(path.toStdString());
        CdpSession *page = open(path);
        ASSERT_TRUE(page);
        ChatSurface *surface = surfaceOn(page);
        const ChatSurface::SendResult result = send(surface, u"First line\nSecond line"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        const QJsonArray log = chatLog(page);
        ASSERT_EQ(log.size(), 1);
        EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"First line\nSecond line"_s);
    }
}

TEST_F(ChatSurfaceTest, TheUsersDraftIsSetAsideAndRestoredInEveryKindOfBox)
{
    for (const QString &path :
         { u"chat/contenteditable.html"_s, u"chat/prosemirror.html"_s, u"chat/react-textarea.html"_s }) {
        SCOPED_TRACE(path.toStdString());
        CdpSession *page = open(path);
        ASSERT_TRUE(page);
        ChatSurface *surface = surfaceOn(page);
        userTypes(page, u"half-written thought about the"_s);
        const ChatSurface::SendResult result = send(surface, u"Status report please"_s);
        ASSERT_TRUE(result.ok) << result.error.toStdString();
        EXPECT_TRUE(result.draftSetAside);
        EXPECT_TRUE(result.draftRestored);
        EXPECT_EQ(result.draft, u"half-written thought about the"_s);
        const QJsonArray log = chatLog(page);
        ASSERT_EQ(log.size(), 1);
        EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"Status report please"_s)
            << "the draft must not go out with the prompt";
        EXPECT_EQ(boxText(page), u"half-written thought about the"_s);
        if (path.contains(u"react"_s))
            screenshot(page, u"chat-react-draft-restored.png"_s);
    }
}

TEST_F(ChatSurfaceTest, ADraftIsRestoredOnceABoxLockedDuringTheAnswerOpensAgain)
{
    CdpSession *page = open(u"chat/react-textarea.html?lock=1&gen=1200"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    userTypes(page, u"my notes"_s);
    const ChatSurface::SendResult result = send(surface, u"Next step"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_TRUE(result.draftRestored);
    EXPECT_EQ(boxText(page), u"my notes"_s);
    EXPECT_EQ(chatLog(page).size(), 1);
}

TEST_F(ChatSurfaceTest, WhileTheUserTypesNothingIsTouchedAndTheSendAsksToBeRetried)
{
    CdpSession *page = open(u"chat/contenteditable.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
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
    CdpSession *page = open(u"chat/contenteditable.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    userTypes(page, u"Deploy to staging"_s);
    const ChatSurface::SendResult result = send(surface, u"Deploy to staging"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_FALSE(result.draftSetAside);
    EXPECT_EQ(boxText(page), QString());
    EXPECT_EQ(chatLog(page).size(), 1);
}

TEST_F(ChatSurfaceTest, AChatThatTakesNothingFailsCleanlyAndGivesTheDraftBack)
{
    CdpSession *page = open(u"chat/contenteditable.html?refuse=1"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
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
    CdpSession *page = open(u"chat/contenteditable.html?gen=2000"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    ASSERT_TRUE(send(surface, u"Summarise the diff"_s).ok);
    bool generating = false;
    QObject context;
    surface->isGenerating(&context, [&](bool g, const QString &) { generating = g; });
    ASSERT_TRUE(waitUntil([&] { return generating; }));
    // The reply grows while the stop button shows …
    const ChatState during = state(surface);
    EXPECT_TRUE(during.generating);
    EXPECT_EQ(during.replyCount, 1);
    // … and is whole once it is gone.
    ASSERT_TRUE(waitUntil([&] { return !state(surface).generating; }, 10s));
    QString reply;
    surface->lastReply(&context, [&](const QString &text, const QString &) { reply = text; });
    ASSERT_TRUE(waitUntil([&] { return !reply.isEmpty(); }));
    EXPECT_EQ(
        reply,
        u"Reply to “Summarise the diff”: I looked at the code, changed what was needed and ran the tests."_s);
    EXPECT_GT(state(surface).replyLength, during.replyLength);
    EXPECT_EQ(state(surface).recentUserMessages, QStringList { u"Summarise the diff"_s });
}

TEST_F(ChatSurfaceTest, ConversationsAreListedSwitchedAndTargetedByName)
{
    CdpSession *page = open(u"chat/contenteditable.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    QList<ChatConversation> list;
    QObject context;
    surface->conversations(&context, [&](const QList<ChatConversation> &l, const QString &) { list = l; });
    ASSERT_TRUE(waitUntil([&] { return !list.isEmpty(); }));
    ASSERT_EQ(list.size(), 3);
    EXPECT_EQ(list.at(0).name, u"Refactor parser"_s);
    EXPECT_TRUE(list.at(0).active);
    EXPECT_EQ(list.at(1).name, u"Fix flaky test"_s);
    EXPECT_FALSE(list.at(1).active);

    std::optional<QString> error;
    surface->selectConversation(u"fix FLAKY test"_s, &context, [&](const QString &e) { error = e; });
    ASSERT_TRUE(waitUntil([&] { return error.has_value(); }));
    EXPECT_EQ(*error, QString());
    EXPECT_TRUE(state(surface, false, true).conversations.at(1).active);

    // A send into another conversation switches there first.
    ChatSurface::SendOptions options;
    options.conversation = u"Release"_s; // the only tab containing it
    const ChatSurface::SendResult result = send(surface, u"Draft the notes"_s, options);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    EXPECT_EQ(result.conversation, u"Release notes"_s);
    const QJsonArray log = chatLog(page);
    ASSERT_EQ(log.size(), 1);
    EXPECT_EQ(log.at(0).toObject().value(u"conversation"_s).toString(), u"Release notes"_s);

    options.conversation = u"Nonexistent"_s;
    const ChatSurface::SendResult missing = send(surface, u"x"_s, options);
    EXPECT_FALSE(missing.ok);
    EXPECT_EQ(missing.error,
              u"no conversation named “Nonexistent” (the chat has “Refactor parser”, “Fix flaky "
              "test”, “Release notes”)"_s);
    options.conversation = u"e"_s;
    EXPECT_TRUE(send(surface, u"x"_s, options).error.contains(u"names more than one conversation"_s));
    EXPECT_EQ(chatLog(page).size(), 1);
}

TEST_F(ChatSurfaceTest, APageWithoutAChatSaysWhatIsMissing)
{
    CdpSession *page = open(u"basic.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
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

    ChatSelectors elsewhere = selectors;
    elsewhere.root = QStringList { u"#no-such-panel"_s };
    EXPECT_EQ(send(surfaceOn(page, elsewhere), u"x"_s).error,
              u"the chat panel (chat.root) is not on “Fixture IDE”"_s);
}

TEST_F(ChatSurfaceTest, AChatInAFrameOfThePageIsFoundAndDriven)
{
    CdpSession *page = open(u"chat/framed.html"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
    ASSERT_TRUE(waitUntil([&] { return state(surface).inputFound; }));
    const ChatSurface::SendResult result = send(surface, u"Inside the frame"_s);
    ASSERT_TRUE(result.ok) << result.error.toStdString();
    const QJsonArray log
        = evaluate(page, u"document.getElementById('panel').contentWindow.chatLog"_s).toArray();
    ASSERT_EQ(log.size(), 1);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"Inside the frame"_s);

    // The send button (a trusted click at the frame's offset) and a conversation tab.
    CdpSession *buttonPage = open(u"chat/framed.html?src=contenteditable.html%3Fsubmit%3Dbutton"_s);
    ASSERT_TRUE(buttonPage);
    ChatSurface *buttonSurface = surfaceOn(buttonPage);
    ASSERT_TRUE(waitUntil([&] { return state(buttonSurface).inputFound; }));
    ChatSurface::SendOptions options;
    options.conversation = u"Fix flaky test"_s;
    const ChatSurface::SendResult clicked = send(buttonSurface, u"By button"_s, options);
    ASSERT_TRUE(clicked.ok) << clicked.error.toStdString();
    EXPECT_EQ(clicked.method, u"button"_s);
    const QJsonArray buttonLog
        = evaluate(buttonPage, u"document.getElementById('panel').contentWindow.chatLog"_s).toArray();
    ASSERT_EQ(buttonLog.size(), 1);
    EXPECT_EQ(buttonLog.at(0).toObject().value(u"conversation"_s).toString(), u"Fix flaky test"_s);
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
    const QJsonArray log = evaluate(frame, u"window.chatLog"_s).toArray();
    ASSERT_EQ(log.size(), 1);
    EXPECT_EQ(log.at(0).toObject().value(u"text"_s).toString(), u"Across sites"_s);
}

TEST_F(ChatSurfaceTest, SendsToOneSurfaceRunOneAfterTheOther)
{
    CdpSession *page = open(u"chat/contenteditable.html?gen=200"_s);
    ASSERT_TRUE(page);
    ChatSurface *surface = surfaceOn(page);
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
