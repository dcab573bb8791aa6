// The one key table and input sequences every part of the app sends (PageController's toolkit
// actions and ChatSurface's typing), checked as the CDP messages they become on the wire.
//
// The expected key events rest on Playwright 1.65.1's Chromium input (tests/npm:
// playwright-core's US keyboard layout and its Input.dispatchKeyEvent: key, code,
// windowsVirtualKeyCode = the key code without location, text and unmodifiedText on a key
// that types, rawKeyDown on one that does not) and the W3C UI Events `code` values.
#include "cdp/CdpInput.h"

#include "FakeCdpTransport.h"
#include "Wait.h"
#include "cdp/CdpConnection.h"
#include "cdp/CdpSession.h"

#include <QJsonArray>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QStringList shape(const QList<CdpInput::Command> &commands)
{
    QStringList out;
    for (const CdpInput::Command &c : commands) {
        const QJsonObject p = c.params;
        out.append(u"%1 %2 %3 m%4%5"_s
                       .arg(p.value(u"type"_s).toString(), p.value(u"key"_s).toString(),
                            p.value(u"code"_s).toString())
                       .arg(p.value(u"modifiers"_s).toInt())
                       .arg(p.contains(u"text"_s) ? u" text"_s : QString()));
    }
    return out;
}

TEST(CdpInputTest, AChordHoldsItsModifiersAroundTheKeyAndTypesNothing)
{
    EXPECT_EQ(shape(CdpInput::chord(u"Control+Shift+p"_s)),
              (QStringList { u"rawKeyDown Control ControlLeft m2"_s, u"rawKeyDown Shift ShiftLeft m10"_s,
                             u"rawKeyDown P KeyP m10"_s, u"keyUp P KeyP m10"_s, u"keyUp Shift ShiftLeft m2"_s,
                             u"keyUp Control ControlLeft m0"_s }));
    EXPECT_EQ(shape(CdpInput::chord(u"Enter"_s)),
              (QStringList { u"keyDown Enter Enter m0 text"_s, u"keyUp Enter Enter m0"_s }));
    EXPECT_EQ(CdpInput::chordParts(u"Control++"_s), (QStringList { u"Control"_s, u"+"_s }));
    EXPECT_TRUE(CdpInput::chord(u"Control+Nope"_s).isEmpty()) << "an unknown key sends nothing";
}

TEST(CdpInputTest, TheKeyTableKnowsTheUsualNamesAndSingleCharacters)
{
    EXPECT_EQ(CdpInput::key(u"esc"_s)->key, u"Escape"_s);
    EXPECT_EQ(CdpInput::key(u"cmd"_s)->modifier, CdpInput::Meta);
    EXPECT_EQ(CdpInput::key(u"F5"_s)->keyCode, 116);
    EXPECT_EQ(CdpInput::key(u"7"_s)->code, u"Digit7"_s);
    EXPECT_FALSE(CdpInput::key(u"Hyper"_s));
}

TEST(CdpInputTest, TypingIsKeysForWhatAKeyboardHasAndTextForTheRest)
{
    const QList<CdpInput::Command> typed = CdpInput::typeText(u"a\né"_s);
    ASSERT_EQ(typed.size(), 5);
    EXPECT_EQ(typed.at(0).params.value(u"text"_s).toString(), u"a"_s);
    EXPECT_EQ(typed.at(2).params.value(u"key"_s).toString(), u"Enter"_s);
    EXPECT_EQ(typed.at(4).method, u"Input.insertText"_s);
    EXPECT_EQ(typed.at(4).params.value(u"text"_s).toString(), u"é"_s);
}

TEST(CdpInputTest, AClickMovesThenPressesAndReleasesEachTime)
{
    const QList<CdpInput::Command> clicks = CdpInput::click(QPointF(10, 20), 2, u"right"_s);
    ASSERT_EQ(clicks.size(), 5);
    EXPECT_EQ(clicks.at(0).params.value(u"type"_s).toString(), u"mouseMoved"_s);
    EXPECT_EQ(clicks.at(3).params.value(u"clickCount"_s).toInt(), 2);
    EXPECT_EQ(clicks.at(3).params.value(u"buttons"_s).toInt(), 2);
    EXPECT_EQ(clicks.at(4).params.value(u"buttons"_s).toInt(), 0);
}

TEST(CdpInputTest, CmdOrCtrlFollowsTheBrowsersOsNotTheApps)
{
    EXPECT_EQ(CdpInput::primaryModifier(u"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 "
                                        "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"_s),
              CdpInput::Meta);
    EXPECT_EQ(
        CdpInput::primaryModifier(u"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                                  "HeadlessChrome/156.0.0.0 Safari/537.36"_s),
        CdpInput::Control);
    EXPECT_EQ(CdpInput::primaryModifier(QString()), CdpInput::Control);
}

// A page session over a fake browser: what CdpInput::send puts on the wire, and the answers.
class CdpInputWireTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(link.open());
        page = link.session(u"T1"_s, u"S1"_s);
    }

    // Sends `commands` and returns what went on the wire as {method, params}, without ids.
    QList<QJsonObject> wire(const QList<CdpInput::Command> &commands)
    {
        const qsizetype before = transport->sent().size();
        CdpInput::send(page.get(), commands, &context, [this](const CdpError &e) { result = e; });
        QList<QJsonObject> out;
        const QList<QJsonObject> sent = transport->sent();
        for (qsizetype i = before; i < sent.size(); ++i) {
            EXPECT_EQ(sent.at(i).value(u"sessionId"_s).toString(), u"S1"_s)
                << "input goes to the page's session";
            out.append({ { u"method"_s, sent.at(i).value(u"method"_s) },
                         { u"params"_s, sent.at(i).value(u"params"_s) } });
        }
        return out;
    }

    // Answers every command sent so far that is not answered yet, with success.
    void answerAll()
    {
        const QList<QJsonObject> sent = transport->sent();
        for (qsizetype i = answered; i < sent.size(); ++i)
            transport->respond(sent.at(i).value(u"id"_s).toInt(), {}, u"S1"_s);
        answered = sent.size();
    }

    static QJsonObject keyEvent(const QString &type, const QString &key, const QString &code, int keyCode,
                                int modifiers, const QString &text = {})
    {
        QJsonObject params { { u"type"_s, type },
                             { u"key"_s, key },
                             { u"code"_s, code },
                             { u"windowsVirtualKeyCode"_s, keyCode },
                             { u"nativeVirtualKeyCode"_s, keyCode },
                             { u"modifiers"_s, modifiers } };
        if (!text.isEmpty()) {
            params.insert(u"text"_s, text);
            params.insert(u"unmodifiedText"_s, text);
        }
        return { { u"method"_s, u"Input.dispatchKeyEvent"_s }, { u"params"_s, params } };
    }

    static QJsonObject mouseEvent(const QJsonObject &params)
    {
        return { { u"method"_s, u"Input.dispatchMouseEvent"_s }, { u"params"_s, params } };
    }

    FakeCdpLink link;
    FakeCdpTransport *transport = link.transport;
    std::unique_ptr<CdpSession> page;
    QObject context;
    std::optional<CdpError> result;
    qsizetype answered = 0;
};

TEST_F(CdpInputWireTest, AChordIsTheKeyTablesEventsInOrderOnThePagesSession)
{
    // Control+a: Control held (modifier 2), "a" pressed as a shortcut that types nothing.
    EXPECT_EQ(wire(CdpInput::chord(u"Control+a"_s)),
              (QList<QJsonObject> { keyEvent(u"rawKeyDown"_s, u"Control"_s, u"ControlLeft"_s, 17, 2),
                                    keyEvent(u"rawKeyDown"_s, u"a"_s, u"KeyA"_s, 65, 2),
                                    keyEvent(u"keyUp"_s, u"a"_s, u"KeyA"_s, 65, 2),
                                    keyEvent(u"keyUp"_s, u"Control"_s, u"ControlLeft"_s, 17, 0) }));
    // Shift+a types a capital A; Enter types "\r".
    EXPECT_EQ(wire(CdpInput::chord(u"Shift+a"_s)),
              (QList<QJsonObject> { keyEvent(u"rawKeyDown"_s, u"Shift"_s, u"ShiftLeft"_s, 16, 8),
                                    keyEvent(u"keyDown"_s, u"A"_s, u"KeyA"_s, 65, 8, u"A"_s),
                                    keyEvent(u"keyUp"_s, u"A"_s, u"KeyA"_s, 65, 8),
                                    keyEvent(u"keyUp"_s, u"Shift"_s, u"ShiftLeft"_s, 16, 0) }));
    EXPECT_EQ(wire(CdpInput::press(*CdpInput::key(u"Enter"_s))),
              (QList<QJsonObject> { keyEvent(u"keyDown"_s, u"Enter"_s, u"Enter"_s, 13, 0, u"\r"_s),
                                    keyEvent(u"keyUp"_s, u"Enter"_s, u"Enter"_s, 13, 0) }));
}

TEST_F(CdpInputWireTest, CmdEnterIsEnterWithTheMetaBitAndNoText)
{
    // The chat's "send" chord on a browser that runs on macOS: Enter with Meta (4) held, which
    // a page sees as metaKey and which must not type a line break.
    EXPECT_EQ(wire(CdpInput::press(*CdpInput::key(u"Enter"_s), CdpInput::Meta)),
              (QList<QJsonObject> { keyEvent(u"rawKeyDown"_s, u"Enter"_s, u"Enter"_s, 13, 4),
                                    keyEvent(u"keyUp"_s, u"Enter"_s, u"Enter"_s, 13, 4) }));
    EXPECT_EQ(wire(CdpInput::press(*CdpInput::key(u"Backspace"_s))),
              (QList<QJsonObject> { keyEvent(u"rawKeyDown"_s, u"Backspace"_s, u"Backspace"_s, 8, 0),
                                    keyEvent(u"keyUp"_s, u"Backspace"_s, u"Backspace"_s, 8, 0) }));
}

TEST_F(CdpInputWireTest, TypingAndInsertingTextAreKeysThenTextInTheirOrder)
{
    EXPECT_EQ(wire(CdpInput::typeText(u"a\n\u00e9\U0001F600"_s)),
              (QList<QJsonObject> { keyEvent(u"keyDown"_s, u"a"_s, u"KeyA"_s, 65, 0, u"a"_s),
                                    keyEvent(u"keyUp"_s, u"a"_s, u"KeyA"_s, 65, 0),
                                    keyEvent(u"keyDown"_s, u"Enter"_s, u"Enter"_s, 13, 0, u"\r"_s),
                                    keyEvent(u"keyUp"_s, u"Enter"_s, u"Enter"_s, 13, 0),
                                    { { u"method"_s, u"Input.insertText"_s },
                                      { u"params"_s, QJsonObject { { u"text"_s, u"\u00e9"_s } } } },
                                    { { u"method"_s, u"Input.insertText"_s },
                                      { u"params"_s, QJsonObject { { u"text"_s, u"\U0001F600"_s } } } } }))
        << "an emoji is one insertText, both halves of its surrogate pair";
    EXPECT_EQ(
        wire({ CdpInput::insertText(u"Fix the parser"_s) }),
        (QList<QJsonObject> { { { u"method"_s, u"Input.insertText"_s },
                                { u"params"_s, QJsonObject { { u"text"_s, u"Fix the parser"_s } } } } }));
}

TEST_F(CdpInputWireTest, AClickIsAMoveThenAPressAndReleasePerClick)
{
    const QJsonObject pressed1 {
        { u"type"_s, u"mousePressed"_s }, { u"x"_s, 12.5 },    { u"y"_s, 40 },
        { u"button"_s, u"left"_s },       { u"buttons"_s, 1 }, { u"clickCount"_s, 1 }
    };
    QJsonObject released1 = pressed1;
    released1.insert(u"type"_s, u"mouseReleased"_s);
    released1.insert(u"buttons"_s, 0);
    QJsonObject pressed2 = pressed1;
    pressed2.insert(u"clickCount"_s, 2);
    QJsonObject released2 = released1;
    released2.insert(u"clickCount"_s, 2);
    EXPECT_EQ(
        wire(CdpInput::click(QPointF(12.5, 40), 2)),
        (QList<QJsonObject> {
            mouseEvent({ { u"type"_s, u"mouseMoved"_s }, { u"x"_s, 12.5 }, { u"y"_s, 40 } }),
            mouseEvent(pressed1), mouseEvent(released1), mouseEvent(pressed2), mouseEvent(released2) }));
    EXPECT_EQ(wire({ CdpInput::mouseMove(QPointF(3, 4)) }),
              (QList<QJsonObject> {
                  mouseEvent({ { u"type"_s, u"mouseMoved"_s }, { u"x"_s, 3 }, { u"y"_s, 4 } }) }));
}

TEST_F(CdpInputWireTest, DoneWaitsForEveryAnswerAndGivesTheFirstFailure)
{
    wire(CdpInput::chord(u"Control+a"_s));
    EXPECT_FALSE(result) << "nothing is answered yet";
    const QList<QJsonObject> sent = transport->sent();
    ASSERT_EQ(sent.size(), 4);
    // The browser refuses the second event (the "a" going down) and takes the others.
    transport->respond(sent.at(0).value(u"id"_s).toInt(), {}, u"S1"_s);
    transport->respondError(sent.at(1).value(u"id"_s).toInt(), -32602, u"Invalid parameters"_s);
    transport->respond(sent.at(2).value(u"id"_s).toInt(), {}, u"S1"_s);
    EXPECT_FALSE(result) << "one answer is still missing";
    transport->respond(sent.at(3).value(u"id"_s).toInt(), {}, u"S1"_s);
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->isError())
        << "a key that went down wrong is a failed press, whatever the last answer";
    EXPECT_EQ(result->code, -32602);
    EXPECT_EQ(result->method, u"Input.dispatchKeyEvent"_s);

    result.reset();
    answered = transport->sent().size();
    wire(CdpInput::click(QPointF(1, 1)));
    answerAll();
    ASSERT_TRUE(result);
    EXPECT_FALSE(result->isError()) << result->toString().toStdString();
}

TEST_F(CdpInputWireTest, WithoutAPageNothingIsSentAndTheAnswerSaysSo)
{
    std::optional<CdpError> gone;
    CdpInput::send(nullptr, CdpInput::click(QPointF(1, 1)), &context, [&](const CdpError &e) { gone = e; });
    ASSERT_TRUE(gone);
    EXPECT_EQ(gone->kind, CdpError::Kind::Transport);
    EXPECT_EQ(gone->method, u"Input.dispatchMouseEvent"_s);
    EXPECT_TRUE(transport->sent().isEmpty());

    std::optional<CdpError> nothing;
    CdpInput::send(page.get(), {}, &context, [&](const CdpError &e) { nothing = e; });
    ASSERT_TRUE(nothing) << "nothing to send is done at once";
    EXPECT_FALSE(nothing->isError());
}

TEST_F(CdpInputWireTest, ADetachedPageFailsEveryEventAndDoneRunsOnce)
{
    page->markDetached(u"target closed"_s);
    int calls = 0;
    CdpInput::send(page.get(), CdpInput::chord(u"Enter"_s), &context, [&](const CdpError &e) {
        ++calls;
        result = e;
    });
    ASSERT_TRUE(waitUntil([&] { return calls > 0; }));
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(result->kind, CdpError::Kind::Transport);
    EXPECT_TRUE(transport->sent().isEmpty()) << "a detached session sends nothing";
}

} // namespace
