// One send into a chat (ChatSurface::send → ChatSendJob) on a FakeClock, against a chat page
// scripted at the CDP boundary (FakeChatPage): the user's draft set aside and typed back, a
// user still typing waited for exactly as long as the patience allows, and a chat that does not
// send on Enter getting Ctrl+Enter, then the send button, each when the clock says so. The
// rules are those ChatSurface.h states (and the extension's prompt sender followed).
#include "FakeChatPage.h"
#include "FakeClock.h"
#include "QtPrinters.h"
#include "Wait.h"
#include "chat/ChatSurface.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class ChatSendJobTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(page.isReady());
        surface.reset(page.newSurface());
        surface->setClock(&clock);
    }

    void send(const QString &text, ChatSurface::SendOptions options = {})
    {
        surface->send(text, options, &context, [this](const ChatSurface::SendResult &r) { result = r; });
    }
    // Lets the page answer whatever the app asked, without moving the clock.
    void drain() { page.drain(); }
    // Moves the clock in steps, the page answering in between.
    void pass(std::chrono::milliseconds span, std::chrono::milliseconds step = 50ms)
    {
        page.pass(clock, span, step);
    }
    QStringList keys() const
    {
        QStringList out;
        for (const QString &input : page.inputs()) {
            if (input.startsWith(u"key "_s) || input == u"click"_s)
                out.append(input);
        }
        return out;
    }

    FakeClock clock { QDateTime(QDate(2026, 11, 27), QTime(9, 0), QTimeZone::utc()) };
    FakeChatPage page;
    std::unique_ptr<ChatSurface> surface;
    QObject context;
    std::optional<ChatSurface::SendResult> result;
};

} // namespace

TEST_F(ChatSendJobTest, TheUsersDraftIsSetAsideAndTypedBackOnceItRestedForTheQuietTime)
{
    page.input = u"half a thought"_s;
    send(u"Status report please"_s);
    drain();
    // A draft must rest draftQuiet (700 ms) before it is taken for a draft, not someone typing.
    pass(650ms);
    EXPECT_FALSE(page.inputs().join(u'|').contains(u"insertText"_s))
        << page.inputs().join(u'|').toStdString();
    EXPECT_EQ(page.input, u"half a thought"_s);
    pass(100ms);
    ASSERT_TRUE(result) << "the send did not end";
    EXPECT_TRUE(result->ok) << result->error.toStdString();
    EXPECT_EQ(result->method, u"enter"_s);
    EXPECT_TRUE(result->draftSetAside);
    EXPECT_TRUE(result->draftRestored);
    EXPECT_EQ(page.userMessages(), QStringList { u"Status report please"_s });
    EXPECT_EQ(page.input, u"half a thought"_s);
}

TEST_F(ChatSendJobTest, SomeoneStillTypingIsWaitedForTheWholePatienceAndNotLonger)
{
    page.input = u"I am wri"_s;
    ChatSurface::SendOptions options;
    options.typingPatience = 2000ms;
    send(u"Status report please"_s, options);
    drain();
    // The user goes on typing: the draft is different at every look (one every 700 ms).
    for (int i = 0; i < 80 && !result; ++i) {
        page.input += u"t"_s;
        pass(50ms);
        if (clock.now() < QDateTime(QDate(2026, 11, 27), QTime(9, 0, 2), QTimeZone::utc())) {
            ASSERT_FALSE(result) << "gave up before the patience was over";
        }
    }
    ASSERT_TRUE(result);
    EXPECT_FALSE(result->ok);
    EXPECT_TRUE(result->retryLater);
    EXPECT_EQ(result->error, u"the user is typing in the chat box"_s);
    // The looks are 700 ms apart: the first after the patience is at 2.1 s.
    EXPECT_EQ(clock.now(), QDateTime(QDate(2026, 11, 27), QTime(9, 0, 2, 100), QTimeZone::utc()));
    EXPECT_FALSE(page.inputs().join(u'|').contains(u"insertText"_s))
        << "the prompt went over the user's words";
    EXPECT_TRUE(page.userMessages().isEmpty());
}

TEST_F(ChatSendJobTest, AChatThatDoesNotSendOnEnterGetsEachOtherWayWhenTheClockSaysSo)
{
    page.sendsOn = FakeChatPage::SendsOn::Button;
    send(u"Status report please"_s);
    drain();
    EXPECT_EQ(keys(), QStringList { u"key Enter 0"_s });
    // Enter became a line break: noticed once it stayed so kKeyAsTextMs (300 ms).
    pass(250ms);
    EXPECT_EQ(keys(), QStringList { u"key Enter 0"_s });
    pass(100ms);
    EXPECT_EQ(keys(), (QStringList { u"key Enter 0"_s, u"key Enter 2"_s }))
        << "Ctrl+Enter came at the wrong time";
    // Ctrl+Enter changes nothing in the box: it gets the whole confirm timeout (1.5 s).
    pass(1400ms);
    EXPECT_EQ(keys().size(), 2) << keys().join(u'|').toStdString();
    pass(200ms);
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->ok) << result->error.toStdString();
    EXPECT_EQ(result->method, u"button"_s);
    EXPECT_EQ(keys().last(), u"click"_s);
    EXPECT_EQ(page.userMessages(), QStringList { u"Status report please"_s }) << "sent more than once";
    EXPECT_TRUE(page.input.isEmpty());
}
