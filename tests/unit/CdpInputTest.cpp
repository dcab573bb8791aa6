// The one key table and input sequences every part of the app sends (PageController's toolkit
// actions and ChatSurface's typing), checked as the CDP messages they become.
#include "cdp/CdpInput.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

QStringList shape(const QList<CdpInput::Command> &commands)
{
    QStringList out;
    for (const CdpInput::Command &c : commands) {
        const QJsonObject p = c.params;
        out.append(u"%1 %2 %3 m%4%5"_s.arg(p.value(u"type"_s).toString(), p.value(u"key"_s).toString(),
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
    EXPECT_EQ(shape(CdpInput::chord(u"Enter"_s)), (QStringList { u"keyDown Enter Enter m0 text"_s, u"keyUp Enter Enter m0"_s }));
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
    EXPECT_EQ(CdpInput::primaryModifier(u"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                                        "HeadlessChrome/156.0.0.0 Safari/537.36"_s),
              CdpInput::Control);
    EXPECT_EQ(CdpInput::primaryModifier(QString()), CdpInput::Control);
}

} // namespace
