// Web chat profiles and observation mode in real Chromium. Each bundled profile reads a page
// rebuilt from its chat's real markup (tests/fixtures/bridge/markup-*.html; the evidence is in
// resources/profiles/chats/README.md): input, send button, the one reply and its text, and the
// stop button while a reply is written. Then a chat no profile knows (unknown-chat.html): the
// generic profile misses its send button and replies; two trusted clicks of the user's teach
// ChatLearner its selectors, a ChatSurface sends through them, and the learned profile is saved
// and found again for that page.
#include "chat/ChatLearner.h"

#include "FakeClock.h"
#include "PayloadTest.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "cdp/CdpInput.h"
#include "chat/ChatSurface.h"
#include "page/PayloadHub.h"
#include "profiles/WebChatProfiles.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// What a learner reports: the parts as it learns them, then the selectors or why it failed.
struct LearnerReports
{
    explicit LearnerReports(ChatLearner *learner)
    {
        QObject::connect(learner, &ChatLearner::progress, learner,
                         [this](const QString &part) { parts.append(part); });
        QObject::connect(learner, &ChatLearner::learned, learner,
                         [this](const ChatSelectors &s) { learned = s; });
        QObject::connect(learner, &ChatLearner::failed, learner, [this](const QString &e) { failure = e; });
    }
    QStringList parts;
    std::optional<ChatSelectors> learned;
    QString failure;
};

class ChatLearnerTest : public PayloadTest
{
protected:
    void SetUp() override
    {
        PayloadTest::SetUp();
        hub->addScript(ChatSurface::payloadScript(), [](CdpSession *) { return false; });
        hub->addScript(ChatLearner::payloadScript(), [](CdpSession *) { return false; });
        profiles.load();
        ASSERT_TRUE(profiles.errors().isEmpty()) << profiles.errors().join(u'\n').toStdString();
    }

    void TearDown() override
    {
        surfaces.clear();
        learners.clear();
        PayloadTest::TearDown();
    }

    CdpSession *open(const QString &path) { return openPageInFront(endpoint, fixtureUrl(path)); }

    ChatSurface *surfaceOn(CdpSession *page, const ChatSelectors &selectors)
    {
        PayloadInjector *injector = hub->ensureScript(page, QString::fromLatin1(ChatSurface::kModule));
        surfaces.push_back(std::make_unique<ChatSurface>(injector, selectors));
        return surfaces.back().get();
    }

    ChatLearner *learnerOn(CdpSession *page, Clock *clock = nullptr)
    {
        PayloadInjector *injector = hub->ensureScript(page, QString::fromLatin1(ChatLearner::kModule));
        learners.push_back(std::make_unique<ChatLearner>(injector, nullptr, clock));
        return learners.back().get();
    }

    static ChatState state(ChatSurface *surface)
    {
        std::optional<ChatState> out;
        QObject context;
        surface->readState(true, false, &context, [&](const ChatState &s) { out = s; });
        EXPECT_TRUE(waitUntil([&] { return out.has_value(); })) << "no answer to readState";
        return out.value_or(ChatState {});
    }

    // The learner's module in `page` is armed (its config has arrived).
    bool armed(CdpSession *page, bool inputLearned = false)
    {
        return waitUntil([&] {
            const QJsonObject s
                = callModule(page, QString::fromLatin1(ChatLearner::kModule), u"state"_s).toObject();
            return s.value(u"armed"_s).toBool()
                && (!inputLearned || !s.value(u"input"_s).toArray().isEmpty());
        });
    }

    // Starts `learner` on `page` and clicks into the chat's box (`input`), as the user does:
    // ASSERT_TRUE(learnTheInput(…)) when the learner was armed, then had the input.
    ::testing::AssertionResult learnTheInput(ChatLearner *learner, CdpSession *page, const QString &input)
    {
        learner->start(60s);
        if (!armed(page))
            return ::testing::AssertionFailure() << "the learner was never armed";
        userClick(page, input);
        if (!armed(page, true))
            return ::testing::AssertionFailure() << "the learner never had the input " << input.toStdString();
        return ::testing::AssertionSuccess();
    }

    WebChatProfiles profiles;
    std::vector<std::unique_ptr<ChatSurface>> surfaces;
    std::vector<std::unique_ptr<ChatLearner>> learners;
};

struct Site
{
    std::string name;
    QString profile;
    QString realUrl; // what match() must pick the profile for
    QString fixture;
};

void PrintTo(const Site &site, std::ostream *os)
{
    *os << site.name;
}

class WebChatMarkupTest : public ChatLearnerTest, public ::testing::WithParamInterface<Site>
{
};

TEST_P(WebChatMarkupTest, ItsProfileFindsEveryPartOfTheRealMarkup)
{
    const Site &site = GetParam();
    const WebChatProfile *matched = profiles.match(site.realUrl, {});
    ASSERT_TRUE(matched);
    EXPECT_EQ(matched->id, site.profile) << "match() for " << site.realUrl.toStdString();
    const WebChatProfile *profile = profiles.find(site.profile);
    ASSERT_TRUE(profile);

    CdpSession *page = open(u"bridge/"_s + site.fixture);
    ASSERT_TRUE(page);
    const ChatState idle = state(surfaceOn(page, profile->chat));
    ASSERT_TRUE(idle.ok) << idle.error.toStdString();
    EXPECT_TRUE(idle.problems.isEmpty()) << idle.problems.join(u'\n').toStdString();
    EXPECT_TRUE(idle.inputFound);
    EXPECT_TRUE(idle.sendFound);
    EXPECT_FALSE(idle.generating);
    EXPECT_EQ(idle.replyCount, 1);
    EXPECT_EQ(idle.replyText, u"The capital of France is Paris."_s);
    EXPECT_EQ(idle.userCount, 1);
    EXPECT_EQ(idle.recentUserMessages, QStringList { u"What is the capital of France?"_s });

    CdpSession *busyPage = open(u"bridge/%1?generating=1"_s.arg(site.fixture));
    ASSERT_TRUE(busyPage);
    const ChatState busy = state(surfaceOn(busyPage, profile->chat));
    ASSERT_TRUE(busy.ok) << busy.error.toStdString();
    EXPECT_TRUE(busy.inputFound);
    EXPECT_TRUE(busy.generating) << "the stop button shows while the reply is written";
    EXPECT_EQ(busy.replyCount, 1);
}

INSTANTIATE_TEST_SUITE_P(
    Sites, WebChatMarkupTest,
    ::testing::Values(Site { "ChatGPT", u"chatgpt"_s,
                             u"https://chatgpt.com/c/67a1f3e2-9b0c-8001-a2b3-4c5d6e7f8091"_s,
                             u"markup-chatgpt.html"_s },
                      Site { "Claude", u"claude"_s,
                             u"https://claude.ai/chat/3f1e2d4c-5b6a-4789-90ab-cdef01234567"_s,
                             u"markup-claude.html"_s },
                      Site { "Gemini", u"gemini"_s, u"https://gemini.google.com/app/8c4f2a7b1e9d3c05"_s,
                             u"markup-gemini.html"_s },
                      Site { "AIStudio", u"aistudio"_s,
                             u"https://aistudio.google.com/prompts/1AbCdEfGhIjKlMnOpQrStUvWxYz012345"_s,
                             u"markup-aistudio.html"_s }),
    [](const ::testing::TestParamInfo<Site> &info) { return info.param.name; });

TEST_F(ChatLearnerTest, TwoClicksTeachAnUnknownChatAndTheLearnedProfileDrivesIt)
{
    CdpSession *page = open(u"bridge/unknown-chat.html"_s);
    ASSERT_TRUE(page);
    const QUrl pageUrl = fixtureUrl(u"bridge/unknown-chat.html"_s);

    // The chat is unknown: the generic profile misses its send button and its replies.
    const WebChatProfile *generic = profiles.match(pageUrl.toString(), u"Ada — Team chat"_s);
    ASSERT_TRUE(generic);
    ASSERT_EQ(generic->id, u"generic"_s);
    const ChatState before = state(surfaceOn(page, generic->chat));
    ASSERT_TRUE(before.ok) << before.error.toStdString();
    EXPECT_FALSE(before.sendFound);
    EXPECT_EQ(before.replyCount, 0);

    ChatLearner *learner = learnerOn(page);
    const LearnerReports reports(learner);
    learner->start(60s);
    ASSERT_TRUE(armed(page));

    // The user clicks the box, writes a message and clicks the send icon.
    userClick(page, u"textarea"_s);
    ASSERT_TRUE(waitUntil([&] { return reports.parts.contains(u"input"_s) || !reports.failure.isEmpty(); }))
        << "no input learned";
    ASSERT_TRUE(reports.failure.isEmpty()) << reports.failure.toStdString();
    ASSERT_TRUE(
        sendAndWait(page, u"Input.insertText"_s, { { u"text"_s, u"Where is the build log?"_s } }).ok());
    userClick(page, u"[role=\"button\"] svg"_s);
    ASSERT_TRUE(waitUntil([&] { return reports.learned.has_value() || !reports.failure.isEmpty(); }, 20s))
        << "nothing learned";
    ASSERT_TRUE(reports.failure.isEmpty()) << reports.failure.toStdString();
    EXPECT_EQ(reports.parts, (QStringList { u"input"_s, u"send"_s, u"messages"_s }));
    EXPECT_FALSE(learner->isActive());
    // The user's clicks reached the page as ever: the message went out.
    EXPECT_EQ(evaluate(page, u"window.posted"_s).toArray(), QJsonArray { u"Where is the build log?"_s });

    // Stable attributes first; the generated ids (":r3:", "radix-7") and hashed classes never.
    const ChatSelectors selectors = *reports.learned;
    EXPECT_EQ(selectors, learner->selectors());
    ASSERT_FALSE(selectors.input.isEmpty());
    ASSERT_FALSE(selectors.sendButton.isEmpty());
    EXPECT_EQ(selectors.input.first(), u"textarea[data-qa=\"composer-input\"]"_s);
    EXPECT_EQ(selectors.sendButton.first(), u"div[data-qa=\"composer-post\"]"_s);
    const QString all
        = (selectors.input + selectors.sendButton + selectors.userMessage + selectors.reply).join(u' ');
    for (const QString &generated :
         { u":r3:"_s, u"radix-7"_s, u"css-1x2y3z"_s, u"_x1y2z3"_s, u"sc-bdVaJa"_s })
        EXPECT_FALSE(all.contains(generated)) << all.toStdString();
    EXPECT_LE(selectors.input.size(), 4);
    EXPECT_LE(selectors.sendButton.size(), 4);
    EXPECT_FALSE(selectors.userMessage.isEmpty());
    EXPECT_FALSE(selectors.reply.isEmpty());
    EXPECT_NE(selectors.reply, generic->chat.reply);
    EXPECT_EQ(selectors.stopButton, generic->chat.stopButton)
        << "what was not learned comes from the generic profile";
    qInfo().noquote() << "learned:" << QJsonDocument(selectors.toJson()).toJson(QJsonDocument::Compact);

    // A surface with the learned selectors sees the whole chat and sends through it.
    ChatSurface *surface = surfaceOn(page, selectors);
    ASSERT_TRUE(waitUntil([&] { return state(surface).replyCount == 2; }))
        << "Ada's reply to the first message";
    const ChatState learnedState = state(surface);
    EXPECT_TRUE(learnedState.inputFound);
    EXPECT_TRUE(learnedState.sendFound);
    EXPECT_EQ(learnedState.userCount, 1);
    EXPECT_EQ(learnedState.replyText, u"Ada read: Where is the build log?"_s);

    std::optional<ChatSurface::SendResult> sent;
    QObject context;
    surface->send(u"Summarise the thread"_s, {}, &context,
                  [&](const ChatSurface::SendResult &r) { sent = r; });
    ASSERT_TRUE(waitUntil([&] { return sent.has_value(); }, 40s)) << "no answer to the send";
    ASSERT_TRUE(sent->ok) << sent->error.toStdString();
    ASSERT_TRUE(waitUntil([&] { return state(surface).replyCount == 3; })) << "no reply to the prompt";
    const ChatState after = state(surface);
    EXPECT_EQ(after.userCount, 2);
    EXPECT_EQ(after.recentUserMessages.value(1), u"Summarise the thread"_s);
    EXPECT_EQ(after.replyText, u"Ada read: Summarise the thread"_s);

    // Saved as a user profile, it is this page's profile from now on.
    const WebChatProfile profile
        = WebChatProfile::learnedFor(pageUrl, selectors, QDateTime::currentDateTimeUtc());
    WebChatProfiles saved;
    saved.load(configDir());
    ASSERT_TRUE(saved.save(configDir(), profile));
    const WebChatProfile *found = saved.match(pageUrl.toString(), u"Ada — Team chat"_s);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, WebChatProfile::learnedId(pageUrl));
    EXPECT_TRUE(found->learned);
    EXPECT_EQ(found->chat, selectors);
    // The chat has no file input: it does not take images.
    EXPECT_TRUE(selectors.fileInput.isEmpty());
    EXPECT_FALSE(found->images);
}

TEST_F(ChatLearnerTest, AFileInputForImagesInTheComposerIsLearnedAsAChatThatTakesImages)
{
    // The bridge's fixture chat with a paper clip: a hidden <input type=file accept="image/*">
    // in its composer form.
    CdpSession *page = open(u"bridge/chat.html?scenario=signup&images=1"_s);
    ASSERT_TRUE(page);
    ChatLearner *learner = learnerOn(page);
    const LearnerReports reports(learner);
    ASSERT_TRUE(learnTheInput(learner, page, u"#prompt-textarea"_s));
    userClick(page, u"[data-testid=\"send-button\"]"_s);
    ASSERT_TRUE(waitUntil([&] { return reports.learned.has_value() || !reports.failure.isEmpty(); }))
        << "nothing learned";
    ASSERT_TRUE(reports.failure.isEmpty()) << reports.failure.toStdString();
    EXPECT_EQ(reports.learned->fileInput.value(0), u"#upload"_s);
    const WebChatProfile profile = WebChatProfile::learnedFor(
        fixtureUrl(u"bridge/chat.html"_s), *reports.learned, QDateTime::currentDateTimeUtc());
    EXPECT_TRUE(profile.images);
    // The surface finds the input with the learned selectors.
    ChatSurface *surface = surfaceOn(page, *reports.learned);
    std::optional<CommandResult> none;
    QObject context;
    surface->attachFile(u"/nonexistent/shot.jpg"_s, 200ms, &context,
                        [&](const CommandResult &r) { none = r; });
    ASSERT_TRUE(waitUntil([&] { return none.has_value(); }));
    EXPECT_FALSE(none->ok) << "a file the browser cannot read is never shown as attached";
}

TEST_F(ChatLearnerTest, AReloadWhileArmedCarriesOnWithTheSendButton)
{
    CdpSession *page = open(u"bridge/unknown-chat.html"_s);
    ASSERT_TRUE(page);
    ChatLearner *learner = learnerOn(page);
    const LearnerReports reports(learner);
    ASSERT_TRUE(learnTheInput(learner, page, u"textarea"_s));

    ASSERT_TRUE(navigate(page, fixtureUrl(u"bridge/unknown-chat.html?again"_s)));
    ASSERT_TRUE(armed(page, true)) << "the new document is armed where the old one was";
    // An empty box: the send is learned, the messages are left to the generic profile.
    userClick(page, u"[data-qa=\"composer-post\"]"_s);
    ASSERT_TRUE(waitUntil([&] { return reports.learned.has_value() || !reports.failure.isEmpty(); }))
        << "nothing learned";
    ASSERT_TRUE(reports.failure.isEmpty()) << reports.failure.toStdString();
    EXPECT_EQ(reports.learned->input.value(0), u"textarea[data-qa=\"composer-input\"]"_s);
    EXPECT_EQ(reports.learned->sendButton.value(0), u"div[data-qa=\"composer-post\"]"_s);
    EXPECT_EQ(reports.learned->reply, profiles.find(u"generic"_s)->chat.reply);
    EXPECT_TRUE(waitUntil([&] {
        return !callModule(page, QString::fromLatin1(ChatLearner::kModule), u"state"_s)
                    .toObject()
                    .value(u"armed"_s)
                    .toBool();
    })) << "disarmed once learned";
}

TEST_F(ChatLearnerTest, NoClicksInTimeOrTheTabGoingAwayFailWithASentence)
{
    CdpSession *page = open(u"bridge/unknown-chat.html"_s);
    ASSERT_TRUE(page);
    FakeClock clock(QDateTime(QDate(2026, 11, 25), QTime(9, 0), QTimeZone::utc()));
    ChatLearner *learner = learnerOn(page, &clock);
    LearnerReports reports(learner);
    learner->start(2min);
    ASSERT_TRUE(armed(page));
    clock.advance(119s);
    EXPECT_TRUE(reports.failure.isEmpty()) << reports.failure.toStdString();
    EXPECT_TRUE(learner->isActive());
    clock.advance(2s);
    ASSERT_FALSE(reports.failure.isEmpty()) << "no failure after the timeout";
    EXPECT_TRUE(reports.failure.contains(u"nobody clicked the chat's input box in time"_s))
        << reports.failure.toStdString();
    EXPECT_FALSE(learner->isActive());

    reports.failure.clear();
    learner->start(60s);
    ASSERT_TRUE(armed(page));
    const QString targetId = page->targetId();
    ASSERT_TRUE(browserCall(*endpoint, u"Target.closeTarget"_s, { { u"targetId"_s, targetId } }).ok());
    ASSERT_TRUE(waitUntil([&] { return !reports.failure.isEmpty(); })) << "no failure when the tab closed";
    EXPECT_TRUE(reports.failure.contains(u"tab went away"_s)) << reports.failure.toStdString();
    learners.clear(); // before the clock its timers run on
}

} // namespace
