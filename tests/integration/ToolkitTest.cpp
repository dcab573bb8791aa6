// The browser toolkit end to end: the engine attached to real headless Chromium, every command
// sent through the shared dispatcher as an agent would, its effect checked in the page.
#include "EngineChromiumTest.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "SiteRoutes.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/TabConsent.h"
#include "actions/ToolkitCommands.h"
#include "actions/ToolkitSchemas.h"
#include "engine/Engine.h"
#include "page/PageController.h"
#include "page/PageTrace.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const CommandCaller kAgent { u"agent-ws"_s, u"agent-1"_s };
const CommandCaller kOtherAgent { u"agent-ws"_s, u"agent-2"_s };
const CommandCaller kDebug { u"debug-api"_s, {} };

class ToolkitTest : public ToolkitAgentTest
{
protected:
    ToolkitTest()
        : ToolkitAgentTest(kAgent)
    {
    }

    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        ASSERT_TRUE(startEngineOnBrowser());
        ASSERT_TRUE(connectOwnEndpoint());
    }

    // Opens a fixture page, waits until the engine sees it and hands it to the agent.
    CdpSession *openTab(const QString &path, const CommandCaller &caller = kAgent)
    {
        return openUrl(fixtureUrl(u"toolkit/"_s + path), caller);
    }

    CdpSession *openUrl(const QUrl &url, const CommandCaller &caller = kAgent)
    {
        return openHandedTab(url, caller);
    }

    // A command that must fail; its error.
    QString fails(const QString &type, const QJsonObject &params = {}, const CommandCaller &caller = kAgent,
                  ErrorKind kind = ErrorKind::None)
    {
        const CommandResult r = run(type, params, caller);
        EXPECT_FALSE(r.ok) << type.toStdString() << " should have failed: "
                           << QJsonDocument(r.data.toObject()).toJson(QJsonDocument::Compact).toStdString();
        if (kind != ErrorKind::None) {
            EXPECT_EQ(r.kind, kind) << r.error.toStdString();
        }
        return r.error;
    }

    QString snapshotText(const QJsonObject &params = {}, const CommandCaller &caller = kAgent)
    {
        return ok(u"snapshot"_s, params, caller).value(u"snapshot"_s).toString();
    }

    // The ref on the first snapshot line that contains `needle`.
    static QString refOf(const QString &snapshot, const QString &needle)
    {
        for (const QString &line : snapshot.split(u'\n')) {
            if (!line.contains(needle))
                continue;
            static const QRegularExpression ref(u"\\[ref=((?:f\\d+)?e\\d+)\\]"_s);
            const QRegularExpressionMatch m = ref.match(line);
            if (m.hasMatch())
                return m.captured(1);
        }
        ADD_FAILURE() << "no ref for “" << needle.toStdString() << "” in:\n" << snapshot.toStdString();
        return u"e0"_s;
    }

    static QString lineOf(const QString &snapshot, const QString &needle)
    {
        for (const QString &line : snapshot.split(u'\n')) {
            if (line.contains(needle))
                return line;
        }
        return {};
    }
};

TEST_F(ToolkitTest, TheSnapshotNamesEveryInteractableWithItsStateAndStableRefs)
{
    ASSERT_TRUE(openTab(u"form.html"_s));
    const QJsonObject data = ok(u"snapshot"_s);
    const QString text = data.value(u"snapshot"_s).toString();
    EXPECT_EQ(data.value(u"title"_s).toString(), u"Toolkit form"_s);
    EXPECT_TRUE(data.value(u"url"_s).toString().endsWith(u"toolkit/form.html"_s));
    EXPECT_FALSE(data.value(u"truncated"_s).toBool());

    EXPECT_TRUE(text.contains(u"- heading \"Sign up\" [level=1]"_s)) << text.toStdString();
    EXPECT_TRUE(text.contains(u"- text: Fill in the form and press Create account."_s)) << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"textbox \"Full name\""_s).contains(u"placeholder=\"Ada Lovelace\""_s))
        << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"textbox \"Email\""_s).contains(u"type=email"_s)) << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"textbox \"Password\""_s).contains(u"type=password"_s)) << text.toStdString();
    EXPECT_FALSE(lineOf(text, u"textbox \"About you\""_s).isEmpty()) << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"combobox \"Country\""_s).contains(u"options=[Choose…|France|Germany|Japan]"_s))
        << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"listbox \"Colours\""_s).contains(u"[ref="_s)) << text.toStdString();
    EXPECT_FALSE(lineOf(text, u"checkbox \"I accept the terms\""_s).contains(u"[checked]"_s))
        << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"checkbox \"Send me news\""_s).contains(u"[checked]"_s)) << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"radio \"Free\""_s).contains(u"[checked]"_s)) << text.toStdString();
    EXPECT_TRUE(lineOf(text, u"button \"Not yet\""_s).contains(u"[disabled]"_s)) << text.toStdString();
    EXPECT_FALSE(text.contains(u"Invisible"_s)) << "a display:none button is listed";
    EXPECT_TRUE(lineOf(text, u"link \"Other page\""_s).contains(u"-> /toolkit/other.html?from=form"_s))
        << text.toStdString();
    EXPECT_FALSE(lineOf(text, u"clickable \"Pick this card\""_s).isEmpty()) << "cursor:pointer card missing";
    EXPECT_FALSE(lineOf(text, u"textbox \"Notes\""_s).isEmpty()) << "contenteditable missing";
    // Open shadow roots are part of the page.
    EXPECT_FALSE(lineOf(text, u"button \"Shadow button\""_s).isEmpty()) << text.toStdString();
    EXPECT_FALSE(lineOf(text, u"textbox \"Shadow field\""_s).isEmpty()) << text.toStdString();
    EXPECT_EQ(data.value(u"interactive"_s).toInt(), data.value(u"named"_s).toInt())
        << "an interactable has no name";

    // The same element keeps its ref across snapshots.
    const QString again = snapshotText();
    EXPECT_EQ(refOf(again, u"Create account"_s), refOf(text, u"Create account"_s));
    EXPECT_EQ(refOf(again, u"Shadow button"_s), refOf(text, u"Shadow button"_s));
}

TEST_F(ToolkitTest, SnapshotOptionsLimitScopeAndInteractiveOnly)
{
    ASSERT_TRUE(openTab(u"form.html"_s));
    const QJsonObject limited = ok(u"snapshot"_s, { { u"maxElements"_s, 5 } });
    const QString text = limited.value(u"snapshot"_s).toString();
    EXPECT_TRUE(limited.value(u"truncated"_s).toBool());
    // The document line (- RootWebArea "…", as the LLM Browser Agent's snapshots begin) and 5 elements.
    EXPECT_TRUE(text.startsWith(u"- RootWebArea \"Toolkit form\""_s)) << text.toStdString();
    EXPECT_EQ(text.count(u"\n- "_s) + 1, 1 + 5) << text.toStdString();
    EXPECT_TRUE(text.contains(QRegularExpression(u"# \\d+ more element\\(s\\) not shown \\(maxElements 5"_s)))
        << text.toStdString();

    const QString interactive = snapshotText({ { u"interactiveOnly"_s, true } });
    EXPECT_FALSE(interactive.contains(u"- text:"_s));
    EXPECT_FALSE(interactive.contains(u"- heading"_s));
    EXPECT_TRUE(interactive.contains(u"button \"Create account\""_s));

    const QString scoped = snapshotText({ { u"scope"_s, u"#signup"_s } });
    EXPECT_TRUE(scoped.contains(u"Full name"_s));
    EXPECT_FALSE(scoped.contains(u"Count clicks"_s)) << scoped.toStdString();

    const QString full = snapshotText();
    const QString byRef = snapshotText({ { u"scope"_s, refOf(full, u"Colours"_s) } });
    EXPECT_TRUE(byRef.contains(u"listbox \"Colours\""_s));
    EXPECT_FALSE(byRef.contains(u"Full name"_s));

    EXPECT_TRUE(
        fails(u"snapshot"_s, { { u"scope"_s, u"#nothing-here"_s } }).contains(u"matches no element"_s));
}

// The tests on toolkit/form.html: the page open, handed to the agent, and its first snapshot.
class ToolkitFormTest : public ToolkitTest
{
protected:
    void SetUp() override
    {
        ToolkitTest::SetUp();
        page = openTab(u"form.html"_s);
        ASSERT_TRUE(page);
        text = snapshotText();
    }

    CdpSession *page = nullptr;
    QString text; // the snapshot
};

TEST_F(ToolkitFormTest, ClickDoubleClickHoverAndFocusAreTrustedInput)
{
    ok(u"click"_s, { { u"ref"_s, refOf(text, u"Count clicks"_s) } });
    ok(u"click"_s, { { u"ref"_s, refOf(text, u"Count clicks"_s) } });
    EXPECT_EQ(evaluate(page, u"document.getElementById('counter').dataset.clicks"_s).toString(), u"2"_s);
    EXPECT_EQ(evaluate(page, u"window.keys.length"_s).toInt(), 0);

    ok(u"dblclick"_s, { { u"ref"_s, refOf(text, u"Double me"_s) } });
    EXPECT_EQ(evaluate(page, u"window.doubled"_s).toInt(), 1);

    ok(u"hover"_s, { { u"ref"_s, refOf(text, u"Hover me"_s) } });
    EXPECT_TRUE(evaluate(page, u"window.hovered"_s).toBool());

    ok(u"click"_s, { { u"ref"_s, refOf(text, u"Pick this card"_s) } });
    EXPECT_TRUE(evaluate(page, u"window.cardClicked"_s).toBool());

    ok(u"click"_s, { { u"ref"_s, refOf(text, u"Shadow button"_s) } });
    EXPECT_TRUE(evaluate(page, u"window.shadowClicked"_s).toBool());

    ok(u"focus"_s, { { u"ref"_s, refOf(text, u"Full name"_s) } });
    EXPECT_EQ(evaluate(page, u"document.activeElement.id"_s).toString(), u"name"_s);
    EXPECT_TRUE(ok(u"is"_s, { { u"what"_s, u"focused"_s }, { u"ref"_s, refOf(text, u"Full name"_s) } })
                    .value(u"value"_s)
                    .toBool());

    const QString disabled = fails(u"click"_s, { { u"ref"_s, refOf(text, u"Not yet"_s) } });
    EXPECT_TRUE(disabled.contains(u"button \"Not yet\" is disabled"_s)) << disabled.toStdString();
}

TEST_F(ToolkitFormTest, FillReplacesTheTextOfReactControlledFieldsAndTypeAppends)
{
    const QString name = refOf(text, u"Full name"_s);
    EXPECT_EQ(
        ok(u"fill"_s, { { u"ref"_s, name }, { u"value"_s, u"Grace Hopper"_s } }).value(u"value"_s).toString(),
        u"Grace Hopper"_s);
    EXPECT_EQ(evaluate(page, u"window.formState.name"_s).toString(), u"Grace Hopper"_s);
    ok(u"fill"_s, { { u"ref"_s, name }, { u"value"_s, u"Ada"_s } });
    EXPECT_EQ(evaluate(page, u"window.formState.name"_s).toString(), u"Ada"_s);
    EXPECT_EQ(evaluate(page, u"document.getElementById('name').value"_s).toString(), u"Ada"_s);

    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Email"_s) }, { u"value"_s, u"ada@example.com"_s } });
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Password"_s) }, { u"value"_s, u"s3cret!"_s } });
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"About you"_s) }, { u"value"_s, u"Line one\nLine two"_s } });
    EXPECT_EQ(evaluate(page, u"window.formState.email"_s).toString(), u"ada@example.com"_s);
    EXPECT_EQ(evaluate(page, u"window.formState.password"_s).toString(), u"s3cret!"_s);
    EXPECT_EQ(evaluate(page, u"window.formState.bio"_s).toString(), u"Line one\nLine two"_s);
    // The snapshot shows values (passwords masked).
    const QString after = snapshotText();
    EXPECT_TRUE(lineOf(after, u"textbox \"Full name\""_s).contains(u"value=\"Ada\""_s))
        << after.toStdString();
    EXPECT_FALSE(after.contains(u"s3cret"_s));

    // Typing appends, key by key.
    const QJsonObject typed = ok(u"type"_s, { { u"ref"_s, name }, { u"text"_s, u" King"_s } });
    EXPECT_EQ(typed.value(u"value"_s).toString(), u"Ada King"_s);
    EXPECT_EQ(evaluate(page, u"window.formState.name"_s).toString(), u"Ada King"_s);
    EXPECT_EQ(evaluate(page, u"window.keys.slice(-5).join(',')"_s).toString(), u" ,K,i,n,g"_s);

    // Characters beyond the keyboard (accents, emoji) are typed too.
    ok(u"type"_s, { { u"ref"_s, name }, { u"text"_s, u" é😀!"_s } });
    EXPECT_EQ(evaluate(page, u"window.formState.name"_s).toString(), u"Ada King é😀!"_s);

    // Emptying a field.
    ok(u"fill"_s, { { u"ref"_s, name }, { u"value"_s, QString() } });
    EXPECT_EQ(evaluate(page, u"window.formState.name"_s).toString(), QString());

    // A contenteditable box.
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Notes"_s) }, { u"value"_s, u"Rich notes"_s } });
    EXPECT_EQ(evaluate(page, u"document.getElementById('editor').textContent"_s).toString(), u"Rich notes"_s);

    // Inside a shadow root.
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Shadow field"_s) }, { u"value"_s, u"deep"_s } });
    EXPECT_EQ(
        evaluate(page, u"document.getElementById('widget').shadowRoot.getElementById('shadow-input').value"_s)
            .toString(),
        u"deep"_s);

    // Picked values (date, colour) are set as a picker would.
    EXPECT_EQ(ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Birthday"_s) }, { u"value"_s, u"1815-12-10"_s } })
                  .value(u"value"_s)
                  .toString(),
              u"1815-12-10"_s);
    EXPECT_EQ(evaluate(page, u"window.birthday"_s).toString(), u"1815-12-10"_s);
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Favourite colour"_s) }, { u"value"_s, u"#ff8800"_s } });
    EXPECT_TRUE(
        fails(u"fill"_s, { { u"ref"_s, refOf(text, u"I accept the terms"_s) }, { u"value"_s, u"x"_s } })
            .contains(u"use check or uncheck"_s));

    const QString notText
        = fails(u"fill"_s, { { u"ref"_s, refOf(text, u"Count clicks"_s) }, { u"value"_s, u"x"_s } });
    EXPECT_TRUE(notText.contains(u"does not take text"_s)) << notText.toStdString();
}

TEST_F(ToolkitFormTest, TypeHasALengthLimitAndADeadlineItKeepsAndSaysWhatItTyped)
{
    const QString bio = refOf(text, u"About you"_s);
    // Over the limit: refused before a key is sent.
    const QString tooLong = fails(u"type"_s, { { u"ref"_s, bio }, { u"text"_s, QString(5001, u'a') } });
    EXPECT_TRUE(tooLong.contains(u"at most 5000 characters"_s)) << tooLong.toStdString();
    EXPECT_EQ(evaluate(page, u"document.getElementById('bio').value.length"_s).toInt(), 0);

    // 4000 characters with 300 ms to type them: it stops at its deadline, says how many it
    // typed, and the field holds exactly that many.
    const QString stopped = fails(
        u"type"_s, { { u"ref"_s, bio }, { u"text"_s, QString(4000, u'a') }, { u"timeoutMs"_s, 300 } });
    static const QRegularExpression counted(u"after typing (\\d+) of 4000 characters"_s);
    const QRegularExpressionMatch m = counted.match(stopped);
    ASSERT_TRUE(m.hasMatch()) << stopped.toStdString();
    EXPECT_TRUE(stopped.contains(u"time limit of 0.3 s"_s)) << stopped.toStdString();
    const int typed = m.captured(1).toInt();
    EXPECT_GT(typed, 0);
    EXPECT_LT(typed, 4000);
    EXPECT_EQ(evaluate(page, u"document.getElementById('bio').value.length"_s).toInt(), typed);

    // Within its time, the answer counts what it typed.
    ok(u"fill"_s, { { u"ref"_s, bio }, { u"value"_s, QString() } });
    const QJsonObject done = ok(u"type"_s, { { u"ref"_s, bio }, { u"text"_s, u"short 😀"_s } });
    EXPECT_EQ(done.value(u"typed"_s).toInt(), 7);
    EXPECT_EQ(done.value(u"value"_s).toString(), u"short 😀"_s);
}

TEST_F(ToolkitFormTest, PressSendsKeysAndChords)
{
    const QString name = refOf(text, u"Full name"_s);
    ok(u"fill"_s, { { u"ref"_s, name }, { u"value"_s, u"Somebody"_s } });
    ok(u"press"_s, { { u"key"_s, u"Control+A"_s } });
    ok(u"press"_s, { { u"key"_s, u"Backspace"_s } });
    EXPECT_EQ(evaluate(page, u"document.getElementById('name').value"_s).toString(), QString());
    EXPECT_EQ(evaluate(page, u"window.formState.name"_s).toString(), QString());

    ok(u"press"_s, { { u"key"_s, u"Tab"_s } });
    EXPECT_EQ(evaluate(page, u"document.activeElement.id"_s).toString(), u"email"_s);
    ok(u"press"_s, { { u"key"_s, u"Shift+Tab"_s } });
    EXPECT_EQ(evaluate(page, u"document.activeElement.id"_s).toString(), u"name"_s);

    ok(u"type"_s, { { u"text"_s, u"Zed"_s } }); // into the focused field
    ok(u"press"_s, { { u"key"_s, u"Enter"_s }, { u"ref"_s, name } });
    EXPECT_EQ(evaluate(page, u"window.submitted && window.submitted.name"_s).toString(), u"Zed"_s);
    EXPECT_TRUE(evaluate(page, u"window.keys.join(',')"_s).toString().contains(u"Control+a"_s));
}

TEST_F(ToolkitFormTest, CheckUncheckAndSelectVerifyTheResult)
{
    const QString terms = refOf(text, u"I accept the terms"_s);
    EXPECT_TRUE(ok(u"check"_s, { { u"ref"_s, terms } }).value(u"changed"_s).toBool());
    EXPECT_TRUE(evaluate(page, u"window.terms"_s).toBool());
    EXPECT_FALSE(ok(u"check"_s, { { u"ref"_s, terms } }).value(u"changed"_s).toBool()); // already checked
    ok(u"uncheck"_s, { { u"ref"_s, terms } });
    EXPECT_FALSE(evaluate(page, u"document.getElementById('terms').checked"_s).toBool());

    ok(u"uncheck"_s, { { u"ref"_s, refOf(text, u"Send me news"_s) } });
    EXPECT_FALSE(evaluate(page, u"document.getElementById('news').checked"_s).toBool());

    ok(u"check"_s, { { u"ref"_s, refOf(text, u"radio \"Pro\""_s) } });
    EXPECT_TRUE(evaluate(page, u"document.getElementById('plan-pro').checked"_s).toBool());
    EXPECT_FALSE(evaluate(page, u"document.getElementById('plan-free').checked"_s).toBool());
    EXPECT_TRUE(
        fails(u"uncheck"_s, { { u"ref"_s, refOf(text, u"radio \"Pro\""_s) } }).contains(u"radio button"_s));
    EXPECT_TRUE(
        fails(u"check"_s, { { u"ref"_s, refOf(text, u"Count clicks"_s) } }).contains(u"not a checkbox"_s));
    EXPECT_TRUE(ok(u"is"_s, { { u"what"_s, u"checked"_s }, { u"ref"_s, refOf(text, u"radio \"Pro\""_s) } })
                    .value(u"value"_s)
                    .toBool());

    const QString country = refOf(text, u"Country"_s);
    ok(u"select"_s, { { u"ref"_s, country }, { u"value"_s, u"Germany"_s } });
    EXPECT_EQ(evaluate(page, u"window.country"_s).toString(), u"de"_s);
    EXPECT_EQ(
        ok(u"select"_s, { { u"ref"_s, country }, { u"value"_s, u"jp"_s } }).value(u"labels"_s).toArray(),
        QJsonArray { u"Japan"_s });
    EXPECT_EQ(evaluate(page, u"window.country"_s).toString(), u"jp"_s);
    ok(u"select"_s,
       { { u"ref"_s, refOf(text, u"Colours"_s) }, { u"value"_s, QJsonArray { u"red"_s, u"Blue"_s } } });
    EXPECT_EQ(
        evaluate(page,
                 u"Array.from(document.getElementById('colours').selectedOptions, o => o.value).join()"_s)
            .toString(),
        u"red,blue"_s);
    const QString missing = fails(u"select"_s, { { u"ref"_s, country }, { u"value"_s, u"Mars"_s } });
    EXPECT_TRUE(missing.contains(u"no option \"Mars\""_s) && missing.contains(u"\"France\""_s))
        << missing.toStdString();
    EXPECT_TRUE(lineOf(snapshotText(), u"combobox \"Country\""_s).contains(u"value=\"Japan\""_s));
}

TEST_F(ToolkitFormTest, GetAndIsReadThePage)
{
    const QString link = refOf(text, u"Other page\""_s);
    EXPECT_EQ(ok(u"get"_s, { { u"what"_s, u"text"_s }, { u"ref"_s, link } }).value(u"value"_s).toString(),
              u"Other page"_s);
    EXPECT_EQ(ok(u"get"_s, { { u"what"_s, u"attribute"_s }, { u"ref"_s, link }, { u"name"_s, u"href"_s } })
                  .value(u"value"_s)
                  .toString(),
              u"other.html?from=form"_s);
    EXPECT_EQ(ok(u"get"_s, { { u"what"_s, u"title"_s } }).value(u"value"_s).toString(), u"Toolkit form"_s);
    EXPECT_TRUE(
        ok(u"get"_s, { { u"what"_s, u"url"_s } }).value(u"value"_s).toString().endsWith(u"form.html"_s));
    EXPECT_TRUE(ok(u"get"_s, { { u"what"_s, u"html"_s }, { u"ref"_s, link } })
                    .value(u"value"_s)
                    .toString()
                    .startsWith(u"<a id=\"other-link\""_s));
    const QJsonObject cut = ok(u"get"_s, { { u"what"_s, u"text"_s }, { u"maxChars"_s, 7 } });
    EXPECT_EQ(cut.value(u"value"_s).toString(), u"Sign up"_s);
    EXPECT_TRUE(cut.value(u"truncated"_s).toBool());
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Full name"_s) }, { u"value"_s, u"Ann"_s } });
    EXPECT_EQ(ok(u"get"_s, { { u"what"_s, u"value"_s }, { u"ref"_s, refOf(text, u"Full name"_s) } })
                  .value(u"value"_s)
                  .toString(),
              u"Ann"_s);

    EXPECT_TRUE(ok(u"is"_s, { { u"what"_s, u"visible"_s }, { u"ref"_s, link } }).value(u"value"_s).toBool());
    EXPECT_FALSE(ok(u"is"_s, { { u"what"_s, u"enabled"_s }, { u"ref"_s, refOf(text, u"Not yet"_s) } })
                     .value(u"value"_s)
                     .toBool());
    EXPECT_TRUE(ok(u"is"_s, { { u"what"_s, u"enabled"_s }, { u"ref"_s, link } }).value(u"value"_s).toBool());
    EXPECT_TRUE(ok(u"is"_s, { { u"what"_s, u"checked"_s }, { u"ref"_s, refOf(text, u"Send me news"_s) } })
                    .value(u"value"_s)
                    .toBool());
    EXPECT_FALSE(ok(u"is"_s, { { u"what"_s, u"focused"_s }, { u"ref"_s, link } }).value(u"value"_s).toBool());
}

TEST_F(ToolkitFormTest, StaleRefsAreRefusedNeverActedOnElsewhere)
{
    const QString removeMe = refOf(text, u"Remove me"_s);
    ok(u"click"_s, { { u"ref"_s, removeMe } });
    EXPECT_FALSE(evaluate(page, u"!!document.getElementById('remove-me')"_s).toBool());
    const QString gone = fails(u"click"_s, { { u"ref"_s, removeMe } }, kAgent, ErrorKind::Conflict);
    EXPECT_EQ(
        gone,
        u"Element not found: %1 — stale ref %1: the element is gone (or from a previous page); take a new snapshot"_s
            .arg(removeMe));

    // After a navigation to a new document, the old refs name nothing there.
    const QString counter = refOf(text, u"Count clicks"_s);
    ok(u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/form.html?again"_s).toString() } });
    EXPECT_TRUE(fails(u"click"_s, { { u"ref"_s, counter } }).startsWith(u"Element not found: "_s + counter));
    EXPECT_TRUE(
        evaluate(page, u"document.getElementById('counter').dataset.clicks === undefined"_s).toBool());
    // Refs of the new document are new numbers: nothing an old ref could mean.
    const QString fresh = snapshotText();
    EXPECT_NE(refOf(fresh, u"Count clicks"_s), counter);
    ok(u"click"_s, { { u"ref"_s, refOf(fresh, u"Count clicks"_s) } });
    EXPECT_EQ(evaluate(page, u"document.getElementById('counter').dataset.clicks"_s).toString(), u"1"_s);
    EXPECT_TRUE(fails(u"click"_s, { { u"ref"_s, u"e99999"_s } })
                    .startsWith(u"Element not found: e99999 — stale ref e99999"_s));
}

TEST_F(ToolkitFormTest, ACoveredElementIsNotClicked)
{
    const QString error = fails(u"click"_s, { { u"ref"_s, refOf(text, u"Under the overlay"_s) } }, kAgent,
                                ErrorKind::Conflict);
    EXPECT_TRUE(error.contains(u"button \"Under the overlay\" is covered by <div#overlay>"_s))
        << error.toStdString();
    EXPECT_TRUE(evaluate(page, u"window.coveredClicked === undefined"_s).toBool());
}

TEST_F(ToolkitFormTest, DialogsAreHandledByPolicyAndReported)
{
    const QJsonObject alerted = ok(u"click"_s, { { u"ref"_s, refOf(text, u"Show alert"_s) } });
    const QJsonArray dialogs = alerted.value(u"dialogs"_s).toArray();
    ASSERT_EQ(dialogs.size(), 1) << QJsonDocument(alerted).toJson().toStdString();
    EXPECT_EQ(dialogs.at(0).toObject().value(u"type"_s).toString(), u"alert"_s);
    EXPECT_EQ(dialogs.at(0).toObject().value(u"message"_s).toString(), u"Saved!"_s);
    EXPECT_TRUE(evaluate(page, u"window.afterAlert"_s).toBool());

    const QJsonObject accepted = ok(u"click"_s, { { u"ref"_s, refOf(text, u"Ask to confirm"_s) } });
    EXPECT_EQ(accepted.value(u"dialogs"_s).toArray().at(0).toObject().value(u"action"_s).toString(),
              u"accepted"_s);
    EXPECT_TRUE(evaluate(page, u"window.confirmed"_s).toBool());

    // A prompt is answered with its default text.
    const QJsonObject prompted = ok(u"click"_s, { { u"ref"_s, refOf(text, u"Ask a name"_s) } });
    EXPECT_EQ(prompted.value(u"dialogs"_s).toArray().at(0).toObject().value(u"type"_s).toString(),
              u"prompt"_s);
    EXPECT_EQ(evaluate(page, u"window.answer"_s).toString(), u"Ada"_s);

    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitDialogs, u"dismiss"_s));
    const QJsonObject dismissed = ok(u"click"_s, { { u"ref"_s, refOf(text, u"Ask to confirm"_s) } });
    EXPECT_EQ(dismissed.value(u"dialogs"_s).toArray().at(0).toObject().value(u"message"_s).toString(),
              u"Delete everything?"_s);
    EXPECT_EQ(dismissed.value(u"dialogs"_s).toArray().at(0).toObject().value(u"action"_s).toString(),
              u"dismissed"_s);
    EXPECT_FALSE(evaluate(page, u"window.confirmed"_s).toBool());
}

TEST_F(ToolkitTest, NavigationHistoryAndNewTabsAreReportedAsEffects)
{
    CdpSession *page = openTab(u"form.html"_s);
    ASSERT_TRUE(page);
    QString text = snapshotText();
    const QJsonObject clicked = ok(u"click"_s, { { u"ref"_s, refOf(text, u"link \"Other page\""_s) } });
    EXPECT_TRUE(clicked.value(u"navigated"_s).toBool()) << QJsonDocument(clicked).toJson().toStdString();
    EXPECT_TRUE(clicked.value(u"url"_s).toString().endsWith(u"other.html?from=form"_s));
    EXPECT_TRUE(snapshotText().contains(u"Came from form"_s));

    EXPECT_TRUE(ok(u"back"_s).value(u"url"_s).toString().endsWith(u"form.html"_s));
    EXPECT_TRUE(ok(u"forward"_s).value(u"url"_s).toString().endsWith(u"other.html?from=form"_s));
    evaluate(page, u"window.marker = 1"_s);
    EXPECT_TRUE(ok(u"reload"_s).value(u"loaded"_s).toBool());
    EXPECT_TRUE(evaluate(page, u"window.marker === undefined"_s).toBool());
    ok(u"back"_s);

    text = snapshotText();
    const QJsonObject hashed = ok(u"click"_s, { { u"ref"_s, refOf(text, u"Jump to section"_s) } });
    EXPECT_TRUE(hashed.value(u"url"_s).toString().endsWith(u"form.html#section"_s))
        << QJsonDocument(hashed).toJson().toStdString();

    // target=_blank: a new tab, which the agent now controls too.
    const QJsonObject opened = ok(u"click"_s, { { u"ref"_s, refOf(text, u"in a new tab"_s) } });
    const QJsonArray tabs = opened.value(u"newTabs"_s).toArray();
    ASSERT_EQ(tabs.size(), 1) << QJsonDocument(opened).toJson().toStdString();
    const QString newTab = tabs.at(0).toObject().value(u"tab"_s).toString();
    EXPECT_TRUE(engine->toolkit()->tabsOf(kAgent).contains(newTab));
    // tab list shows every tab of the browser; the agent's two say yours.
    const QJsonArray listed = ok(u"tab"_s, { { u"action"_s, u"list"_s } }).value(u"tabs"_s).toArray();
    EXPECT_EQ(std::count_if(listed.begin(), listed.end(),
                            [](const QJsonValue &tab) { return tab.toObject().value(u"yours"_s).toBool(); }),
              2);
    EXPECT_EQ(listed.size(), engine->endpoint()->pageSessions().size());
    ok(u"tab"_s, { { u"action"_s, u"switch"_s }, { u"tab"_s, newTab } });
    EXPECT_TRUE(waitUntil([&] { return snapshotText().contains(u"Came from blank"_s); }));
    ok(u"tab"_s, { { u"action"_s, u"close"_s }, { u"tab"_s, newTab } });
    EXPECT_TRUE(waitUntil([&] { return !engine->endpoint()->sessionForTarget(newTab); }));
    EXPECT_FALSE(engine->toolkit()->tabsOf(kAgent).contains(newTab));
    // Back on the first tab.
    EXPECT_TRUE(snapshotText().contains(u"Sign up"_s));
}

TEST_F(ToolkitTest, FramesSameOriginAndOutOfProcessAreSnapshottedAndActedOn)
{
    const QUrl cross = crossSiteUrl(u"toolkit/frame-inner.html?name=cross"_s);
    const QUrl port = crossPortUrl(u"toolkit/frame-inner.html?name=port"_s);
    CdpSession *page = openUrl(fixtureUrl(
        u"toolkit/frames.html?cross="_s + QString::fromUtf8(QUrl::toPercentEncoding(cross.toString()))
        + u"&port="_s + QString::fromUtf8(QUrl::toPercentEncoding(port.toString()))));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitUntil([&] {
        for (CdpSession *s : engine->endpoint()->sessions()) {
            if (s->targetInfo().type == u"iframe"_s && s->targetInfo().url == cross.toString())
                return true;
        }
        return false;
    })) << "no out-of-process frame";
    QString text;
    ASSERT_TRUE(waitUntil([&] {
        text = snapshotText();
        return text.contains(u"cross frame button"_s) && text.contains(u"port frame button"_s);
    })) << text.toStdString();
    EXPECT_FALSE(lineOf(text, u"iframe \"Same origin\""_s).isEmpty()) << text.toStdString();
    const QString same = refOf(text, u"same frame button"_s);
    const QString other = refOf(text, u"cross frame button"_s);
    EXPECT_TRUE(same.startsWith(u'e')) << same.toStdString();
    EXPECT_TRUE(other.startsWith(u"f1e"_s)) << other.toStdString();
    // Frame content is indented under its iframe line.
    EXPECT_TRUE(lineOf(text, u"cross frame button"_s).startsWith(u"  - button"_s)) << text.toStdString();

    ok(u"click"_s, { { u"ref"_s, same } });
    EXPECT_EQ(
        evaluate(
            page,
            u"document.getElementById('same').contentDocument.getElementById('inner-button').dataset.clicks"_s)
            .toString(),
        u"1"_s);
    ok(u"click"_s, { { u"ref"_s, other } });
    ok(u"click"_s, { { u"ref"_s, other } });
    EXPECT_EQ(
        ok(u"get"_s, { { u"what"_s, u"attribute"_s }, { u"ref"_s, other }, { u"name"_s, u"data-clicks"_s } })
            .value(u"value"_s)
            .toString(),
        u"2"_s);
    const QString field = refOf(text, u"Inner field\" [ref=f1"_s);
    ok(u"fill"_s, { { u"ref"_s, field }, { u"value"_s, u"across sites"_s } });
    EXPECT_EQ(ok(u"get"_s, { { u"what"_s, u"value"_s }, { u"ref"_s, field } }).value(u"value"_s).toString(),
              u"across sites"_s);
    // Another origin in the same process: a frame of the page's own target.
    const QString inProcess = refOf(text, u"port frame button"_s);
    EXPECT_TRUE(QRegularExpression(u"^f\\d+e\\d+$"_s).match(inProcess).hasMatch()) << inProcess.toStdString();
    EXPECT_NE(inProcess.section(u'e', 0, 0), other.section(u'e', 0, 0));
    ok(u"click"_s, { { u"ref"_s, inProcess } });
    EXPECT_EQ(ok(u"get"_s,
                 { { u"what"_s, u"attribute"_s }, { u"ref"_s, inProcess }, { u"name"_s, u"data-clicks"_s } })
                  .value(u"value"_s)
                  .toString(),
              u"1"_s);
    EXPECT_EQ(
        ok(u"get"_s, { { u"what"_s, u"attribute"_s }, { u"ref"_s, other }, { u"name"_s, u"data-clicks"_s } })
            .value(u"value"_s)
            .toString(),
        u"2"_s);
    const QString noFrame = fails(u"click"_s, { { u"ref"_s, u"f999e1"_s } });
    EXPECT_TRUE(noFrame.startsWith(u"Element not found: f999e1 — stale ref f999e1: the frame is gone"_s))
        << noFrame.toStdString();
}

TEST_F(ToolkitTest, ScrollAndClickFarDownThePage)
{
    CdpSession *page = openTab(u"long.html"_s);
    ASSERT_TRUE(page);
    const QString text = snapshotText();
    ok(u"click"_s, { { u"ref"_s, refOf(text, u"At the bottom"_s) } });
    EXPECT_TRUE(evaluate(page, u"window.bottomClicked"_s).toBool());
    EXPECT_GT(evaluate(page, u"window.scrollY"_s).toDouble(), 2000);

    evaluate(page, u"window.scrollTo(0, 0)"_s);
    const QJsonObject down = ok(u"scroll"_s, { { u"direction"_s, u"down"_s } });
    EXPECT_GT(down.value(u"scrollY"_s).toInt(), 100);
    EXPECT_EQ(evaluate(page, u"Math.round(window.scrollY)"_s).toInt(), down.value(u"scrollY"_s).toInt());
    const QJsonObject up = ok(u"scroll"_s, { { u"y"_s, -50 } });
    EXPECT_EQ(up.value(u"scrollY"_s).toInt(), down.value(u"scrollY"_s).toInt() - 50);

    const QString box = refOf(text, u"- scrollable"_s);
    const QJsonObject right = ok(u"scroll"_s, { { u"ref"_s, box }, { u"x"_s, 120 }, { u"y"_s, 30 } });
    EXPECT_EQ(right.value(u"scrollX"_s).toInt(), 120);
    EXPECT_EQ(evaluate(page, u"document.getElementById('box').scrollLeft"_s).toInt(), 120);
    EXPECT_EQ(evaluate(page, u"document.getElementById('box').scrollTop"_s).toInt(), 30);
}

TEST_F(ToolkitTest, WaitIsBoundedAndSeesTextRefsAndNavigations)
{
    CdpSession *page = openTab(u"other.html?delay=300"_s);
    ASSERT_TRUE(page);
    EXPECT_TRUE(ok(u"wait"_s, { { u"text"_s, u"Loaded at last"_s } }).value(u"found"_s).toBool());
    const QString never = fails(u"wait"_s, { { u"text"_s, u"Never shown"_s }, { u"timeoutMs"_s, 300 } });
    EXPECT_TRUE(never.contains(u"did not appear within 300 ms"_s)) << never.toStdString();
    ok(u"wait"_s, { { u"ms"_s, 20 } });
    const QString text = snapshotText();
    ok(u"wait"_s, { { u"ref"_s, refOf(text, u"Appears later"_s) } });
    ok(u"wait"_s, { { u"text"_s, u"Never shown"_s }, { u"state"_s, u"hidden"_s } });

    std::optional<CommandResult> waited;
    engine->commands()->dispatch(u"wait"_s, { { u"navigation"_s, true } }, kAgent,
                                 CommandDispatcher::Scope::Toolkit,
                                 [&](const CommandResult &r) { waited = r; });
    evaluate(page, u"location.href = 'form.html'"_s);
    ASSERT_TRUE(waitUntil([&] { return waited.has_value(); }));
    EXPECT_TRUE(waited->ok) << waited->error.toStdString();
    EXPECT_TRUE(waited->data.toObject().value(u"url"_s).toString().endsWith(u"form.html"_s));
}

TEST_F(ToolkitTest, ScreenshotsAreImagesOfThePageOrAnElement)
{
    ASSERT_TRUE(openTab(u"form.html"_s));
    const QByteArray png = QByteArray::fromBase64(ok(u"screenshot"_s).value(u"data"_s).toString().toLatin1());
    EXPECT_TRUE(png.startsWith("\x89PNG")) << png.left(8).toHex().toStdString();
    const QJsonObject element
        = ok(u"screenshot"_s, { { u"ref"_s, refOf(snapshotText(), u"Create account"_s) } });
    EXPECT_TRUE(QByteArray::fromBase64(element.value(u"data"_s).toString().toLatin1()).startsWith("\x89PNG"));
    EXPECT_GT(element.value(u"width"_s).toDouble(), 20);
    EXPECT_LT(element.value(u"width"_s).toDouble(), 300);
    const QJsonObject full = ok(u"screenshot"_s, { { u"fullPage"_s, true } });
    EXPECT_GT(QByteArray::fromBase64(full.value(u"data"_s).toString().toLatin1()).size(), png.size() / 2);
}

TEST_F(ToolkitTest, EvalRunsOnlyWhenAllowed)
{
    CdpSession *page = openTab(u"form.html"_s);
    ASSERT_TRUE(page);
    EXPECT_TRUE(fails(u"eval"_s, { { u"expression"_s, u"1 + 1"_s } }, kAgent, ErrorKind::Refused)
                    .contains(u"toolkit/allowEval"_s));
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitAllowEval, true));
    EXPECT_EQ(ok(u"eval"_s, { { u"expression"_s, u"window.changes + 41"_s } }).value(u"value"_s).toInt(), 41);
    EXPECT_TRUE(fails(u"eval"_s, { { u"expression"_s, u"nope.nope"_s } }).contains(u"nope is not defined"_s));
}

TEST_F(ToolkitTest, AnAgentControlsOnlyItsOwnTabsUpToTheLimit)
{
    CdpSession *mine = openTab(u"form.html"_s, kAgent);
    ASSERT_TRUE(mine);
    // The other agent has no tab yet: a click goes to the tab in front (as the LLM Browser Agent
    // extension's router sent it), which is the first agent's, or the user's with no one at the
    // desktop to allow it: refused either way, nothing clicked, no tab gained.
    const QString noTab = fails(u"click"_s, { { u"ref"_s, u"e1"_s } }, kOtherAgent, ErrorKind::Refused);
    EXPECT_TRUE(noTab.contains(u"is in use by another agent"_s) || noTab.contains(u"toolkit/userTabs"_s))
        << noTab.toStdString();
    EXPECT_TRUE(engine->toolkit()->tabsOf(kOtherAgent).isEmpty());
    // Another agent's tab is not offered to it, not even by asking the user.
    const QString refused
        = fails(u"snapshot"_s, { { u"tab"_s, mine->targetId() } }, kOtherAgent, ErrorKind::Refused);
    EXPECT_TRUE(refused.contains(u"the tab “Toolkit form” is in use by another agent"_s))
        << refused.toStdString();
    // It opens its own.
    const QJsonObject opened = ok(
        u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/other.html?from=agent2"_s).toString() } }, kOtherAgent);
    EXPECT_TRUE(opened.value(u"newTab"_s).toBool());
    EXPECT_TRUE(snapshotText({}, kOtherAgent).contains(u"Came from agent2"_s));
    EXPECT_EQ(engine->toolkit()->tabsOf(kOtherAgent).size(), 1);
    EXPECT_TRUE(snapshotText({}, kAgent).contains(u"Sign up"_s)); // the first agent's tab is untouched

    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitMaxTabs, 1));
    EXPECT_TRUE(fails(u"tab"_s, { { u"action"_s, u"new"_s } }, kOtherAgent, ErrorKind::Conflict)
                    .contains(u"toolkit/maxTabs"_s));
    // The debug API may use any tab; its open takes none over: it gets a tab of its own.
    EXPECT_TRUE(snapshotText({ { u"tab"_s, mine->targetId() } }, kDebug).contains(u"Sign up"_s));
    const QJsonObject debugOpened
        = ok(u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/other.html?from=debug"_s).toString() } }, kDebug);
    EXPECT_TRUE(debugOpened.value(u"newTab"_s).toBool());
    EXPECT_NE(debugOpened.value(u"tab"_s).toString(), mine->targetId());
    EXPECT_TRUE(snapshotText({}, kDebug).contains(u"Came from debug"_s));
    EXPECT_TRUE(snapshotText({ { u"tab"_s, mine->targetId() } }, kDebug).contains(u"Sign up"_s));

    // A disconnected agent's tabs are forgotten, not closed.
    const QString theirs = engine->toolkit()->tabsOf(kOtherAgent).value(0);
    engine->toolkit()->releaseCaller(kOtherAgent);
    EXPECT_TRUE(engine->toolkit()->tabsOf(kOtherAgent).isEmpty());
    EXPECT_TRUE(engine->endpoint()->sessionForTarget(theirs));
    // It is the user's tab now: without anyone at the desktop to ask, it is refused.
    EXPECT_TRUE(fails(u"snapshot"_s, { { u"tab"_s, theirs } }, kOtherAgent, ErrorKind::Refused)
                    .contains(u"toolkit/userTabs"_s));
}

// Consent (issue: agents on the user's own tabs): the desktop prompt is scripted here, answering
// each question with `nextAnswer` at once, as a person clicking a button of the dialog would.
TEST_F(ToolkitTest, AnAgentUsesTheUsersTabOnlyWithConsent)
{
    // The user's tab, in front (opened by the user: the debug API stands in).
    CdpSession *users = openTab(u"form.html"_s, kDebug);
    ASSERT_TRUE(users);
    const QString usersTab = users->targetId();
    ASSERT_TRUE(sendAndWait(users, u"Page.bringToFront"_s).ok());
    TabConsent *consent = engine->toolkit()->consent();
    QObject desktop;
    QList<TabConsent::Request> asked;
    TabConsent::Answer nextAnswer = TabConsent::Answer::Deny;
    consent->setAsker(
        &desktop, [&](const TabConsent::Request &request, std::function<void(TabConsent::Answer)> answer) {
            asked.append(request);
            answer(nextAnswer);
        });
    CommandCaller named = kAgent;
    named.name = u"Claude Desktop"_s;

    // A snapshot with no tab of its own reads the tab in front, once the user allows it.
    const QString refused = fails(u"snapshot"_s, {}, named, ErrorKind::Refused);
    EXPECT_EQ(refused, u"the user refused Claude Desktop the tab “Toolkit form”"_s);
    ASSERT_EQ(asked.size(), 1);
    EXPECT_EQ(asked.at(0).targetId, usersTab);
    EXPECT_EQ(asked.at(0).site(), u"127.0.0.1"_s);
    EXPECT_EQ(asked.at(0).agentName(), u"Claude Desktop"_s);
    EXPECT_TRUE(engine->toolkit()->tabsOf(kAgent).isEmpty());

    nextAnswer = TabConsent::Answer::AllowOnce;
    const QString text = snapshotText({}, named);
    EXPECT_TRUE(text.contains(u"Sign up"_s)) << text.toStdString();
    EXPECT_EQ(asked.size(), 2);
    EXPECT_EQ(engine->toolkit()->tabsOf(kAgent), QStringList { usersTab });
    // Later commands go to that tab without asking again.
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Email"_s) }, { u"value"_s, u"ada@example.com"_s } }, named);
    EXPECT_EQ(asked.size(), 2);
    // tab list shows every tab: this one is now the agent's, and in front.
    const QJsonArray listed = ok(u"tab"_s, { { u"action"_s, u"list"_s } }).value(u"tabs"_s).toArray();
    const auto entry = std::find_if(listed.begin(), listed.end(), [&](const QJsonValue &tab) {
        return tab.toObject().value(u"tab"_s).toString() == usersTab;
    });
    ASSERT_NE(entry, listed.end());
    EXPECT_TRUE(entry->toObject().value(u"yours"_s).toBool());
    EXPECT_TRUE(entry->toObject().value(u"active"_s).toBool());
    EXPECT_GT(entry->toObject().value(u"id"_s).toInt(), 0);

    // A tab the user opens meanwhile is never handed to the agent.
    const CdpResult opened
        = browserCall(*own, u"Target.createTarget"_s,
                      { { u"url"_s, fixtureUrl(u"toolkit/other.html?from=user"_s).toString() } });
    ASSERT_TRUE(opened.ok());
    const QString userOpened = opened.result.value(u"targetId"_s).toString();
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(userOpened) != nullptr; }));
    EXPECT_FALSE(engine->toolkit()->tabsOf(kAgent).contains(userOpened));
    // Its title and address (which can hold a code or a token) are the user's: the agent's tab
    // list shows only its site until the user lets the agent use it (issue 31's probe).
    const auto listedTab = [&](const CommandCaller &caller) {
        for (const QJsonValue &t :
             ok(u"tab"_s, { { u"action"_s, u"list"_s } }, caller).value(u"tabs"_s).toArray()) {
            if (t.toObject().value(u"tab"_s).toString() == userOpened)
                return t.toObject();
        }
        return QJsonObject();
    };
    ASSERT_TRUE(waitUntil([&] {
        return listedTab(kDebug).value(u"url"_s).toString().contains(u"from=user"_s);
    })) << "the user sees the whole address";
    const QJsonObject hidden = listedTab(named);
    EXPECT_FALSE(hidden.contains(u"title"_s));
    EXPECT_FALSE(hidden.contains(u"url"_s));
    // The site as a grant names it ("Allow for this site", toolkit/allowedSites).
    EXPECT_EQ(hidden.value(u"site"_s).toString(), u"127.0.0.1"_s);
    EXPECT_FALSE(hidden.value(u"yours"_s).toBool());
    EXPECT_EQ(asked.size(), 2) << "listing asked the user";

    // The grant ends with the connection; "Allow for this site" outlives it, until revoked.
    engine->toolkit()->releaseCaller(kAgent);
    nextAnswer = TabConsent::Answer::AllowSite;
    EXPECT_TRUE(snapshotText({ { u"tab"_s, usersTab } }, named).contains(u"Sign up"_s));
    EXPECT_EQ(asked.size(), 3);
    EXPECT_EQ(settings->listValue(SettingKey::ToolkitAllowedSites), QStringList { u"127.0.0.1"_s });
    engine->toolkit()->releaseCaller(kAgent);
    EXPECT_TRUE(snapshotText({ { u"tab"_s, usersTab } }, named).contains(u"Sign up"_s));
    EXPECT_EQ(asked.size(), 3) << "the site was allowed for good";
    engine->toolkit()->releaseCaller(kAgent);
    EXPECT_TRUE(consent->revokeSite(u"127.0.0.1"_s));
    nextAnswer = TabConsent::Answer::Deny;
    fails(u"snapshot"_s, { { u"tab"_s, usersTab } }, named, ErrorKind::Refused);
    EXPECT_EQ(asked.size(), 4);

    // toolkit/userTabs=deny refuses without asking.
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitUserTabs, u"deny"_s));
    EXPECT_TRUE(
        fails(u"tab"_s, { { u"action"_s, u"switch"_s }, { u"tab"_s, usersTab } }, named, ErrorKind::Refused)
            .contains(u"toolkit/userTabs is deny"_s));
    EXPECT_EQ(asked.size(), 4);
}

// file: addresses are the user's files: agents get them only when the user allows it, and nobody
// gets the app's own folders (the debug token lives there: with it the debug API could be driven).
TEST_F(ToolkitTest, FileAddressesAreTheUsersToAllowAndTheAppsFoldersNobodys)
{
    const QString form = QUrl::fromLocalFile(QDir(fixturesDir()).filePath(u"toolkit/form.html"_s)).toString();
    EXPECT_TRUE(fails(u"open"_s, { { u"url"_s, form } }, kAgent, ErrorKind::Refused)
                    .contains(u"toolkit/allowFileUrls"_s));
    EXPECT_TRUE(fails(u"tab"_s, { { u"action"_s, u"new"_s }, { u"url"_s, form } }, kAgent, ErrorKind::Refused)
                    .contains(u"toolkit/allowFileUrls"_s));
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitAllowFileUrls, true));
    EXPECT_TRUE(ok(u"open"_s, { { u"url"_s, form } }).value(u"newTab"_s).toBool());
    EXPECT_TRUE(snapshotText().contains(u"Sign up"_s));

    const QString token = QUrl::fromLocalFile(paths.file(u"debug-token"_s)).toString();
    const QString folder = QUrl::fromLocalFile(paths.configDir).toString();
    for (const CommandCaller &caller : { kAgent, kDebug }) {
        EXPECT_TRUE(fails(u"open"_s, { { u"url"_s, token } }, caller, ErrorKind::Refused)
                        .contains(u"the app's own folder"_s));
        EXPECT_TRUE(fails(u"open"_s, { { u"url"_s, folder } }, caller, ErrorKind::Refused)
                        .contains(u"the app's own folder"_s));
    }
    // Through a link to it, too.
    const QString link = QDir(tempDir()).filePath(u"config-link"_s);
    ASSERT_TRUE(QFile::link(paths.configDir, link));
    EXPECT_TRUE(fails(u"open"_s, { { u"url"_s, QUrl::fromLocalFile(link + u"/settings.ini"_s).toString() } },
                      kAgent, ErrorKind::Refused)
                    .contains(u"the app's own folder"_s));
    QFile::remove(link);

    // Other spellings of the same file: a host that is this machine, escaped dots; and a file on
    // another machine for nobody (issue 31's probe: file://localhost/ was opened).
    const QString tokenPath = paths.file(u"debug-token"_s);
    const QString configName = QFileInfo(paths.configDir).fileName();
    for (const QString &spelling : QStringList {
             u"file://localhost"_s + tokenPath, u"file://127.0.0.1"_s + tokenPath,
             u"FILE://LOCALHOST"_s + tokenPath,
             QUrl::fromLocalFile(paths.configDir).toString() + u"/%2e%2e/"_s + configName + u"/debug-token"_s,
             QUrl::fromLocalFile(paths.configDir).toString() + u"/sub/%2E%2E/debug-token"_s }) {
        EXPECT_TRUE(fails(u"open"_s, { { u"url"_s, spelling } }, kAgent, ErrorKind::Refused)
                        .contains(u"the app's own folder"_s))
            << spelling.toStdString();
    }
    EXPECT_TRUE(
        fails(u"open"_s, { { u"url"_s, u"file://fileserver/share/notes.txt"_s } }, kAgent, ErrorKind::Refused)
            .contains(u"another machine"_s));

    // However the tab gets there (here a script; links, back and reload alike), an agent's tab that
    // shows the app's folder is taken back to about:blank before any command reads it.
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitAllowEval, true));
    const QString tab = engine->toolkit()->currentTab(kAgent);
    ASSERT_FALSE(tab.isEmpty());
    const auto shows = [&](const QString &url) {
        CdpSession *seen = engine->endpoint()->sessionForTarget(tab);
        return seen && seen->targetInfo().url == url;
    };
    ok(u"eval"_s, { { u"expression"_s, u"setTimeout(() => { location.href = '%1'; }, 0); 1"_s.arg(token) } });
    ASSERT_TRUE(waitUntil([&] { return shows(token); })) << "the script did not take the tab to the token";
    const QString refused = fails(u"snapshot"_s, {}, kAgent, ErrorKind::Refused);
    EXPECT_TRUE(refused.contains(u"your tab went to"_s) && refused.contains(u"the app's own folder"_s))
        << refused.toStdString();
    EXPECT_FALSE(refused.contains(u"debug-token\n"_s));
    EXPECT_TRUE(waitUntil([&] { return shows(u"about:blank"_s); })) << "the tab was not taken back";
    ok(u"back"_s);
    ASSERT_TRUE(waitUntil([&] { return shows(token); })) << "back did not return to the token";
    EXPECT_TRUE(fails(u"get"_s, { { u"what"_s, u"title"_s } }, kAgent, ErrorKind::Refused)
                    .contains(u"your tab went to"_s));
}

TEST_F(ToolkitTest, BadParamsGetErrorsThatNameTheProblem)
{
    // One wording for every caller (debug API, agent WebSocket, MCP): the dispatcher checks the
    // command's schema and names the command, the parameter and what was given.
    ASSERT_TRUE(openTab(u"form.html"_s));
    EXPECT_EQ(fails(u"click"_s, {}, kAgent, ErrorKind::BadInput), u"click: params.ref is required"_s);
    EXPECT_EQ(fails(u"click"_s, { { u"ref"_s, 3 } }, kAgent, ErrorKind::BadInput),
              u"click: params.ref must be a string, not the number 3"_s);
    EXPECT_TRUE(fails(u"click"_s, { { u"ref"_s, u"button"_s } }, kAgent, ErrorKind::BadInput)
                    .contains(u"is not a ref"_s));
    EXPECT_TRUE(
        fails(u"click"_s, { { u"ref"_s, u"e1"_s }, { u"force"_s, true } }, kAgent, ErrorKind::BadInput)
            .startsWith(u"click: params.force is not a parameter of this command; it takes "_s));
    EXPECT_EQ(fails(u"click"_s, { { u"ref"_s, u"e1"_s }, { u"button"_s, u"thumb"_s } }, kAgent,
                    ErrorKind::BadInput),
              u"click: params.button must be one of left, right, middle, not the string \"thumb\""_s);
    EXPECT_EQ(fails(u"fill"_s, { { u"ref"_s, u"e1"_s }, { u"value"_s, 5 } }, kAgent, ErrorKind::BadInput),
              u"fill: params.value must be a string, not the number 5"_s);
    EXPECT_TRUE(fails(u"press"_s, { { u"key"_s, u"Hyper+Q"_s } }, kAgent, ErrorKind::BadInput)
                    .contains(u"unknown key “Hyper”"_s));
    EXPECT_TRUE(fails(u"press"_s, { { u"key"_s, u"A+B"_s } }, kAgent, ErrorKind::BadInput)
                    .contains(u"not a modifier"_s));
    EXPECT_EQ(fails(u"snapshot"_s, { { u"maxElements"_s, u"lots"_s } }, kAgent, ErrorKind::BadInput),
              u"snapshot: params.maxElements must be a whole number, not the string \"lots\""_s);
    EXPECT_TRUE(fails(u"scroll"_s, {}, kAgent, ErrorKind::BadInput).contains(u"say how far"_s));
    EXPECT_TRUE(fails(u"wait"_s, { { u"ms"_s, 5 }, { u"text"_s, u"x"_s } }, kAgent, ErrorKind::BadInput)
                    .contains(u"exactly one"_s));
    EXPECT_EQ(fails(u"wait"_s, { { u"ms"_s, 60000 } }, kAgent, ErrorKind::BadInput),
              u"wait: params.ms must be at most 30000"_s);
    EXPECT_TRUE(fails(u"get"_s, { { u"what"_s, u"colour"_s } }, kAgent, ErrorKind::BadInput)
                    .contains(u"params.what must be one of"_s));
    EXPECT_TRUE(fails(u"open"_s, { { u"url"_s, u"javascript:alert(1)"_s } }, kAgent, ErrorKind::BadInput)
                    .contains(u"is not an http"_s));
    // (tab close without a tab closes the agent's own tab, as the extension's did: see
    // CompatAgentTest; switch still needs to know where to.)
    EXPECT_TRUE(fails(u"tab"_s, { { u"action"_s, u"switch"_s } }, kAgent, ErrorKind::BadInput)
                    .contains(u"needs params.tab"_s));
    EXPECT_EQ(fails(u"teleport"_s, {}, kAgent, ErrorKind::NotFound), u"unknown type 'teleport'"_s);
}

TEST_F(ToolkitTest, EveryTypeIsRegisteredWithASchema)
{
    const QList<CommandDispatcher::Command> commands
        = engine->commands()->commands(CommandDispatcher::Scope::Toolkit);
    for (const QString &type : ToolkitSchemas::types()) {
        const CommandDispatcher::Command *command = engine->commands()->find(type);
        ASSERT_TRUE(command) << type.toStdString();
        EXPECT_TRUE(command->scopes.testFlag(CommandDispatcher::Scope::Toolkit));
        EXPECT_TRUE(command->scopes.testFlag(CommandDispatcher::Scope::DebugApi));
        EXPECT_FALSE(command->description.isEmpty());
        EXPECT_EQ(command->inputSchema.value(u"type"_s).toString(), u"object"_s);
        EXPECT_TRUE(command->inputSchema.value(u"properties"_s).toObject().contains(u"tab"_s));
    }
    // And the task runs' commands (startRun, …), which an agent may use to hand a task over.
    QStringList others;
    for (const CommandDispatcher::Command &command : commands) {
        if (!ToolkitSchemas::types().contains(command.name))
            others.append(command.name);
    }
    others.sort();
    EXPECT_EQ(others,
              (QStringList { u"answerRun"_s, u"cancelRun"_s, u"getRun"_s, u"listRuns"_s, u"resumeRun"_s,
                             u"startRun"_s }));
}

// ---- the DevTools verbs: fill_form, console, network, resize, emulate, pdf --------------------

TEST_F(ToolkitFormTest, FillFormFillsTextSelectsAndChecksInOneCall)
{
    const QJsonObject filled = ok(
        u"fill_form"_s,
        { { u"fields"_s,
            QJsonArray {
                QJsonObject { { u"ref"_s, refOf(text, u"Full name"_s) }, { u"value"_s, u"Ada Lovelace"_s } },
                QJsonObject { { u"ref"_s, refOf(text, u"Country"_s) }, { u"value"_s, u"Germany"_s } },
                QJsonObject { { u"ref"_s, refOf(text, u"I accept the terms"_s) }, { u"value"_s, true } },
                QJsonObject { { u"ref"_s, refOf(text, u"radio \"Pro\""_s) }, { u"value"_s, u"true"_s } },
                QJsonObject { { u"ref"_s, refOf(text, u"Colours"_s) },
                              { u"value"_s, QJsonArray { u"red"_s, u"Blue"_s } } } } } });
    const QJsonArray fields = filled.value(u"fields"_s).toArray();
    ASSERT_EQ(fields.size(), 5) << QJsonDocument(filled).toJson().toStdString();
    EXPECT_EQ(fields.at(0).toObject().value(u"kind"_s).toString(), u"text"_s);
    EXPECT_EQ(fields.at(1).toObject().value(u"kind"_s).toString(), u"select"_s);
    EXPECT_EQ(fields.at(2).toObject().value(u"kind"_s).toString(), u"check"_s);
    EXPECT_EQ(evaluate(page, u"document.getElementById('name').value"_s).toString(), u"Ada Lovelace"_s);
    EXPECT_EQ(evaluate(page, u"window.country"_s).toString(), u"de"_s);
    EXPECT_TRUE(evaluate(page, u"window.terms"_s).toBool());
    EXPECT_TRUE(evaluate(page, u"document.getElementById('plan-pro').checked"_s).toBool());
    EXPECT_EQ(
        evaluate(page,
                 u"Array.from(document.getElementById('colours').selectedOptions, o => o.value).join()"_s)
            .toString(),
        u"red,blue"_s);

    // The first field that fails stops the form, and the answer says what was filled before it.
    const QString wrongKind = fails(
        u"fill_form"_s,
        { { u"fields"_s,
            QJsonArray {
                QJsonObject { { u"ref"_s, refOf(text, u"Full name"_s) }, { u"value"_s, u"Grace"_s } },
                QJsonObject { { u"ref"_s, refOf(text, u"Send me news"_s) }, { u"value"_s, u"yes"_s } },
                QJsonObject { { u"ref"_s, refOf(text, u"Full name"_s) }, { u"value"_s, u"never"_s } } } } });
    EXPECT_TRUE(wrongKind.contains(u"fields[1]"_s) && wrongKind.contains(u"true or false"_s)
                && wrongKind.contains(u"field 0 was filled"_s))
        << wrongKind.toStdString();
    EXPECT_EQ(evaluate(page, u"document.getElementById('name').value"_s).toString(), u"Grace"_s);
    const QString stale = fails(
        u"fill_form"_s,
        { { u"fields"_s, QJsonArray { QJsonObject { { u"ref"_s, u"e9999"_s }, { u"value"_s, u"x"_s } } } } });
    EXPECT_TRUE(stale.contains(u"fields[0] (e9999)"_s) && stale.contains(u"not found"_s))
        << stale.toStdString();
    EXPECT_TRUE(fails(u"fill_form"_s, { { u"fields"_s, QJsonArray() } }).contains(u"empty"_s));
    EXPECT_TRUE(fails(u"fill_form"_s,
                      { { u"fields"_s,
                          QJsonArray { QJsonObject { { u"ref"_s, u"#name"_s }, { u"value"_s, u"x"_s } } } } })
                    .contains(u"not a ref"_s));
}

TEST_F(ToolkitFormTest, ASnapshotSinceAnotherGivesOnlyWhatChanged)
{
    const QJsonObject first = ok(u"snapshot"_s);
    const int id = first.value(u"snapshotId"_s).toInt();
    ASSERT_GT(id, 0);
    ok(u"fill"_s, { { u"ref"_s, refOf(text, u"Full name"_s) }, { u"value"_s, u"Ada"_s } });
    const QJsonObject changed = ok(u"snapshot"_s, { { u"since"_s, id } });
    EXPECT_FALSE(changed.value(u"full"_s).toBool(true));
    EXPECT_EQ(changed.value(u"snapshotId"_s).toInt(), id + 1);
    const QString lines = changed.value(u"snapshot"_s).toString();
    EXPECT_TRUE(lines.startsWith(u"# changes since snapshot %1: "_s.arg(id))) << lines.toStdString();
    EXPECT_GE(changed.value(u"changes"_s).toObject().value(u"changed"_s).toInt(), 1) << lines.toStdString();
    EXPECT_TRUE(lines.contains(u"~ "_s) && lines.contains(u"Full name"_s) && lines.contains(u"Ada"_s))
        << lines.toStdString();
    EXPECT_LT(lines.size(), first.value(u"snapshot"_s).toString().size() / 2);

    // Options that shape the lines, a snapshot no longer kept, another page: the whole snapshot.
    EXPECT_TRUE(ok(u"snapshot"_s, { { u"since"_s, id + 1 }, { u"interactiveOnly"_s, true } })
                    .value(u"full"_s)
                    .toBool());
    const QJsonObject forgotten = ok(u"snapshot"_s, { { u"since"_s, 999 } });
    EXPECT_TRUE(forgotten.value(u"full"_s).toBool());
    EXPECT_TRUE(forgotten.value(u"note"_s).toString().contains(u"snapshot 999 is not kept"_s));
    const int last = forgotten.value(u"snapshotId"_s).toInt();
    ok(u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/other.html"_s).toString() } });
    const QJsonObject moved = ok(u"snapshot"_s, { { u"since"_s, last } });
    EXPECT_TRUE(moved.value(u"full"_s).toBool());
    EXPECT_TRUE(moved.value(u"note"_s).toString().contains(u"another page"_s));
    EXPECT_FALSE(moved.value(u"snapshot"_s).toString().startsWith(u"# changes"_s));
}

TEST_F(ToolkitTest, UploadTakesFilesOnlyFromTheFoldersTheUserOpened)
{
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    const QString allowed = root.filePath(u"uploads"_s);
    const QString outside = root.filePath(u"private"_s);
    ASSERT_TRUE(QDir().mkpath(allowed) && QDir().mkpath(outside));
    const auto write = [](const QString &path, const QByteArray &bytes) {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    };
    write(allowed + u"/notes.txt"_s, "twelve bytes");
    write(allowed + u"/photo.png"_s, QByteArray(2048, '\x7f'));
    write(outside + u"/secret.txt"_s, "not for the page");
    ASSERT_TRUE(QFile::link(outside + u"/secret.txt"_s, allowed + u"/link.txt"_s));

    CdpSession *page = openTab(u"upload.html"_s);
    ASSERT_TRUE(page);
    const QString text = snapshotText();
    const QString resume = refOf(text, u"Résumé"_s);
    const QString attachments = refOf(text, u"Attachments"_s);
    const auto upload = [&](const QString &ref, const QStringList &files) {
        return run(u"upload"_s, { { u"ref"_s, ref }, { u"files"_s, QJsonArray::fromStringList(files) } });
    };

    // Nothing is open for uploads until the user lists a folder.
    CommandResult refused = upload(resume, { allowed + u"/notes.txt"_s });
    EXPECT_EQ(refused.kind, ErrorKind::Refused);
    EXPECT_TRUE(refused.error.contains(u"toolkit/uploadDirs"_s)) << refused.error.toStdString();
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitUploadDirs, QStringList { allowed }));

    const CommandResult one = upload(resume, { allowed + u"/notes.txt"_s });
    ASSERT_TRUE(one.ok) << one.error.toStdString();
    EXPECT_EQ(one.data.toObject().value(u"files"_s).toArray(), QJsonArray { u"notes.txt"_s });
    EXPECT_TRUE(waitUntil([&] {
        return evaluate(page, u"document.getElementById('resume-read').textContent"_s).toString()
            == u"notes.txt: 12 bytes"_s;
    }));
    ASSERT_TRUE(upload(attachments, { allowed + u"/notes.txt"_s, allowed + u"/photo.png"_s }).ok);
    EXPECT_TRUE(waitUntil([&] {
        return evaluate(page, u"document.getElementById('attachments-read').textContent"_s).toString()
            == u"notes.txt: 12 bytes, photo.png: 2048 bytes"_s;
    }));

    const auto refusedFor = [&](const QString &ref, const QStringList &files, const QString &words) {
        const CommandResult r = upload(ref, files);
        EXPECT_FALSE(r.ok) << files.join(u", "_s).toStdString();
        EXPECT_TRUE(r.error.contains(words)) << r.error.toStdString();
    };
    refusedFor(resume, { outside + u"/secret.txt"_s }, u"outside the folders open for uploads"_s);
    refusedFor(resume, { allowed + u"/link.txt"_s }, u"leads to"_s);
    refusedFor(resume, { allowed + u"/../private/secret.txt"_s }, u"outside the folders open for uploads"_s);
    refusedFor(resume, { u"uploads/notes.txt"_s }, u"not a full path"_s);
    refusedFor(resume, { allowed + u"/missing.txt"_s }, u"does not exist"_s);
    refusedFor(resume, { allowed + u"/notes.txt"_s, allowed + u"/photo.png"_s }, u"takes one file"_s);
    refusedFor(refOf(text, u"Send"_s), { allowed + u"/notes.txt"_s }, u"is not a file input"_s);
    EXPECT_FALSE(run(u"upload"_s, { { u"ref"_s, resume } }).ok) << "files is required";
    // The app's own folders stay closed even when the user opens a folder around them.
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitUploadDirs,
                                   QStringList { allowed, QFileInfo(paths.configDir).absolutePath() }));
    refusedFor(resume, { QDir(paths.configDir).filePath(u"settings.ini"_s) }, u"this app's own folders"_s);
    EXPECT_EQ(evaluate(page, u"document.getElementById('resume').files[0].name"_s).toString(), u"notes.txt"_s)
        << "a refused upload changes nothing";
}

class ToolkitDevToolsTest : public ToolkitTest
{
protected:
    void SetUp() override
    {
        ToolkitTest::SetUp();
        site().addRoute(u"/api/devtools-session"_s,
                        fixedResponse("application/json",
                                      R"({"user": "ada", "plan": "pro", "email": "ada.lovelace@example.com",
 "token": "ghp_Xb7Qe2Rk9LmN4pT6vW8yZ1aC3dF5gH0jK2sU"})",
                                      { { "Set-Cookie", "sid=s3ss10n-9f8e7d6c5b4a; Path=/; HttpOnly" },
                                        { "X-Served-By", "fixture" } }));
        // The agent's tab exists before the page loads (as after tab new or open): its console
        // and requests are recorded from the first line.
        page = openTab(u"other.html"_s);
        ASSERT_TRUE(page);
        snapshotText();
        ok(u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/devtools.html"_s).toString() } });
    }

    QJsonArray consoleMessages(const QJsonObject &params = {})
    {
        return ok(u"console"_s, params).value(u"messages"_s).toArray();
    }

    static QJsonObject withText(const QJsonArray &messages, const QString &needle)
    {
        for (const QJsonValue &message : messages) {
            if (message.toObject().value(u"text"_s).toString().contains(needle))
                return message.toObject();
        }
        return {};
    }

    CdpSession *page = nullptr;
};

TEST_F(ToolkitDevToolsTest, ConsoleKeepsTheTabsMessagesWithLevelAndSource)
{
    // The uncaught error comes from a timer, the failed image from the network: both after load.
    ASSERT_TRUE(waitUntil([&] {
        const QJsonArray all = consoleMessages();
        return !withText(all, u"Error in script"_s).isEmpty()
            && QJsonDocument(all).toJson().contains("missing-image.png");
    })) << QJsonDocument(consoleMessages()).toJson().toStdString();
    const QJsonArray all = consoleMessages();

    const QJsonObject hello = withText(all, u"Hello, world! 3 items"_s);
    EXPECT_EQ(hello.value(u"level"_s).toString(), u"info"_s);
    EXPECT_EQ(hello.value(u"kind"_s).toString(), u"log"_s);
    EXPECT_TRUE(hello.value(u"source"_s).toObject().value(u"url"_s).toString().endsWith(u"devtools.html"_s));
    EXPECT_GT(hello.value(u"source"_s).toObject().value(u"line"_s).toInt(), 20);
    EXPECT_EQ(withText(all, u"Deprecated: use fetchV2"_s).value(u"level"_s).toString(), u"warning"_s);
    EXPECT_EQ(withText(all, u"{code: 42, reason: 'boom'}"_s).value(u"level"_s).toString(), u"error"_s);
    EXPECT_EQ(withText(all, u"Assertion failed: math is broken"_s).value(u"level"_s).toString(), u"error"_s);
    const QJsonObject thrown = withText(all, u"Uncaught Error: Error in script"_s);
    EXPECT_EQ(thrown.value(u"kind"_s).toString(), u"exception"_s);
    EXPECT_EQ(thrown.value(u"level"_s).toString(), u"error"_s);
    QJsonObject missing;
    for (const QJsonValue &message : all) {
        if (message.toObject()
                .value(u"source"_s)
                .toObject()
                .value(u"url"_s)
                .toString()
                .endsWith(u"/missing-image.png"_s))
            missing = message.toObject();
    }
    EXPECT_TRUE(missing.value(u"text"_s).toString().startsWith(u"Failed to load resource"_s))
        << QJsonDocument(missing).toJson().toStdString();
    EXPECT_EQ(missing.value(u"kind"_s).toString(), u"network"_s);
    EXPECT_TRUE(
        missing.value(u"source"_s).toObject().value(u"url"_s).toString().endsWith(u"/missing-image.png"_s))
        << QJsonDocument(all).toJson().toStdString();

    // level names itself and everything more severe; since gives only what came after.
    for (const QJsonValue &error : consoleMessages({ { u"level"_s, u"error"_s } }))
        EXPECT_EQ(error.toObject().value(u"level"_s).toString(), u"error"_s);
    EXPECT_TRUE(withText(consoleMessages({ { u"level"_s, u"warning"_s } }), u"Hello"_s).isEmpty());
    const int last = ok(u"console"_s).value(u"last"_s).toInt();
    EXPECT_TRUE(consoleMessages({ { u"since"_s, last } }).isEmpty());
    ok(u"click"_s, { { u"ref"_s, refOf(snapshotText(), u"Log again"_s) } });
    ASSERT_TRUE(waitUntil([&] { return !consoleMessages({ { u"since"_s, last } }).isEmpty(); }));
    const QJsonArray after = consoleMessages({ { u"since"_s, last } });
    ASSERT_EQ(after.size(), 1);
    EXPECT_EQ(after.at(0).toObject().value(u"text"_s).toString(), u"clicked again at true"_s);
    EXPECT_EQ(consoleMessages({ { u"limit"_s, 2 } }).size(), 2);
    EXPECT_TRUE(fails(u"console"_s, { { u"level"_s, u"loud"_s } }).contains(u"level"_s));

    // As the peers do, console and network give the current page's by default: after a reload,
    // only what the new document logged and asked for; the earlier pages' with all.
    const QJsonArray before = consoleMessages({ { u"all"_s, true } });
    ok(u"reload"_s);
    ASSERT_TRUE(waitUntil([&] { return !withText(consoleMessages(), u"Hello, world"_s).isEmpty(); }));
    const QJsonObject current = ok(u"console"_s);
    EXPECT_TRUE(withText(current.value(u"messages"_s).toArray(), u"clicked again"_s).isEmpty());
    EXPECT_GE(current.value(u"earlierPages"_s).toInt(), before.size());
    EXPECT_FALSE(withText(consoleMessages({ { u"all"_s, true } }), u"clicked again"_s).isEmpty());
    const QJsonObject requests = ok(u"network"_s);
    const QJsonArray listed = requests.value(u"requests"_s).toArray();
    ASSERT_FALSE(listed.isEmpty());
    EXPECT_EQ(listed.first().toObject().value(u"type"_s).toString(), u"Document"_s)
        << "the page's own request comes first";
    EXPECT_GT(requests.value(u"earlierPages"_s).toInt(), 0);
    EXPECT_GT(ok(u"network"_s, { { u"all"_s, true } }).value(u"requests"_s).toArray().size(), listed.size());
}

TEST_F(ToolkitDevToolsTest, NetworkListsTheTabsRequestsAndGetMasksCredentials)
{
    ok(u"click"_s, { { u"ref"_s, refOf(snapshotText(), u"Call the API"_s) } });
    ASSERT_TRUE(waitUntil([&] {
        return evaluate(page, u"document.getElementById('api').textContent"_s).toString() == u"200 ada"_s;
    }));

    QJsonArray calls;
    ASSERT_TRUE(waitUntil([&] {
        calls = ok(u"network"_s, { { u"filter"_s, u"devtools-session"_s } }).value(u"requests"_s).toArray();
        return calls.size() == 1 && calls.at(0).toObject().value(u"finished"_s).toBool();
    })) << QJsonDocument(calls).toJson().toStdString();
    const QJsonObject call = calls.at(0).toObject();
    EXPECT_EQ(call.value(u"method"_s).toString(), u"GET"_s);
    EXPECT_EQ(call.value(u"status"_s).toInt(), 200);
    EXPECT_EQ(call.value(u"type"_s).toString(), u"Fetch"_s);
    EXPECT_EQ(call.value(u"mimeType"_s).toString(), u"application/json"_s);
    EXPECT_GE(call.value(u"ms"_s).toInt(-1), 0);

    // Every kind of request is listed, and type narrows the list.
    const QJsonArray documents
        = ok(u"network"_s, { { u"type"_s, u"document"_s } }).value(u"requests"_s).toArray();
    ASSERT_FALSE(documents.isEmpty());
    EXPECT_TRUE(documents.last().toObject().value(u"url"_s).toString().endsWith(u"devtools.html"_s));
    const QJsonArray images = ok(u"network"_s, { { u"type"_s, u"Image"_s } }).value(u"requests"_s).toArray();
    ASSERT_EQ(images.size(), 1);
    EXPECT_EQ(images.at(0).toObject().value(u"status"_s).toInt(), 404);

    const QJsonObject detail
        = ok(u"network"_s, { { u"action"_s, u"get"_s }, { u"id"_s, call.value(u"id"_s) } });
    const QJsonObject sent = detail.value(u"requestHeaders"_s).toObject();
    EXPECT_EQ(sent.value(u"Authorization"_s).toString(), u"[masked]"_s)
        << QJsonDocument(sent).toJson().toStdString();
    EXPECT_EQ(sent.value(u"X-Trace"_s).toString(), u"checkout-17"_s);
    const QJsonObject received = detail.value(u"responseHeaders"_s).toObject();
    QString setCookie;
    for (auto it = received.begin(); it != received.end(); ++it) {
        if (it.key().compare(u"Set-Cookie"_s, Qt::CaseInsensitive) == 0)
            setCookie = it.value().toString();
    }
    EXPECT_EQ(setCookie, u"[masked]"_s) << QJsonDocument(received).toJson().toStdString();
    const QString body = detail.value(u"body"_s).toString();
    EXPECT_TRUE(body.contains(u"\"plan\": \"pro\""_s)) << body.toStdString();
    EXPECT_FALSE(body.contains(u"ghp_"_s)) << body.toStdString();
    EXPECT_FALSE(body.contains(u"ada.lovelace@example.com"_s)) << body.toStdString();
    EXPECT_TRUE(body.contains(u"[secret]"_s) && body.contains(u"[email]"_s)) << body.toStdString();
    EXPECT_GE(detail.value(u"masked"_s).toInt(), 4);
    const QString whole = QString::fromUtf8(QJsonDocument(detail).toJson());
    EXPECT_FALSE(whole.contains(u"ghp_9fK2"_s) || whole.contains(u"s3ss10n"_s)) << whole.toStdString();

    EXPECT_TRUE(fails(u"network"_s, { { u"action"_s, u"get"_s } }).contains(u"params.id"_s));
    const CommandResult unknown = run(u"network"_s, { { u"action"_s, u"get"_s }, { u"id"_s, 99999 } });
    EXPECT_FALSE(unknown.ok);
    EXPECT_EQ(unknown.kind, ErrorKind::NotFound);
    EXPECT_TRUE(unknown.error.contains(u"no request 99999"_s)) << unknown.error.toStdString();
}

TEST_F(ToolkitDevToolsTest, ResizeAndEmulateChangeWhatThePageSees)
{
    const QJsonObject resized = ok(u"resize"_s, { { u"width"_s, 800 }, { u"height"_s, 600 } });
    EXPECT_EQ(resized.value(u"now"_s).toObject().value(u"width"_s).toInt(), 800);
    EXPECT_EQ(evaluate(page, u"innerWidth + 'x' + innerHeight"_s).toString(), u"800x600"_s);

    // Playwright's "Pixel 7": 412 × 839 at 2.625, touch, its user agent.
    // A mobile viewport: a page without a meta viewport is laid out 980 pixels wide, as on a phone.
    ok(u"emulate"_s, { { u"device"_s, u"pixel 7"_s } });
    EXPECT_EQ(evaluate(page, u"screen.width + 'x' + screen.height"_s).toString(), u"412x839"_s);
    EXPECT_GE(evaluate(page, u"innerWidth"_s).toInt(), 980);
    EXPECT_DOUBLE_EQ(evaluate(page, u"devicePixelRatio"_s).toDouble(), 2.625);
    EXPECT_TRUE(evaluate(page, u"navigator.userAgent"_s).toString().contains(u"Pixel 7"_s));
    EXPECT_GT(evaluate(page, u"navigator.maxTouchPoints"_s).toInt(), 0);

    EXPECT_FALSE(evaluate(page, u"matchMedia('(prefers-color-scheme: dark)').matches"_s).toBool());
    ok(u"emulate"_s, { { u"colorScheme"_s, u"dark"_s } });
    EXPECT_TRUE(evaluate(page, u"matchMedia('(prefers-color-scheme: dark)').matches"_s).toBool());
    EXPECT_EQ(evaluate(page, u"getComputedStyle(document.body).backgroundColor"_s).toString(),
              u"rgb(17, 17, 17)"_s);

    ok(u"emulate"_s, { { u"offline"_s, true } });
    EXPECT_FALSE(evaluate(page, u"navigator.onLine"_s).toBool());
    ok(u"emulate"_s, { { u"cpuThrottling"_s, 4 }, { u"latencyMs"_s, 50 }, { u"downloadKbps"_s, 1600 } });
    EXPECT_TRUE(evaluate(page, u"navigator.onLine"_s).toBool());

    const QJsonObject reset = ok(u"emulate"_s, { { u"reset"_s, true } });
    EXPECT_TRUE(reset.value(u"reset"_s).toBool());
    EXPECT_FALSE(evaluate(page, u"navigator.userAgent"_s).toString().contains(u"Pixel 7"_s));
    EXPECT_FALSE(evaluate(page, u"matchMedia('(prefers-color-scheme: dark)').matches"_s).toBool());
    EXPECT_NE(evaluate(page, u"innerWidth"_s).toInt(), 412);

    const QString unknown = fails(u"emulate"_s, { { u"device"_s, u"Nokia 3310"_s } });
    EXPECT_TRUE(unknown.contains(u"Nokia 3310"_s) && unknown.contains(u"iPhone 15"_s))
        << unknown.toStdString();
    EXPECT_TRUE(fails(u"emulate"_s).contains(u"needs something to emulate"_s));
    EXPECT_FALSE(run(u"resize"_s, { { u"width"_s, 20 }, { u"height"_s, 600 } }).ok);
    EXPECT_FALSE(run(u"emulate"_s,
                     { { u"geolocation"_s, QJsonObject { { u"latitude"_s, 91 }, { u"longitude"_s, 0 } } } })
                     .ok);
}

TEST_F(ToolkitDevToolsTest, WhatAnAgentEmulatedEndsWhenItLetsTheTabGo)
{
    // An agent that disconnects leaves its tabs open (the user's, handed by consent, among them):
    // they must not stay offline, on a phone's user agent or in a fake location for the user.
    const QString original = evaluate(page, u"navigator.userAgent"_s).toString();
    ok(u"emulate"_s,
       { { u"device"_s, u"pixel 7"_s }, { u"offline"_s, true }, { u"colorScheme"_s, u"dark"_s } });
    ASSERT_FALSE(evaluate(page, u"navigator.onLine"_s).toBool());
    ASSERT_TRUE(evaluate(page, u"navigator.userAgent"_s).toString().contains(u"Pixel 7"_s));

    engine->toolkit()->releaseCaller(kAgent); // as when its connection closes
    EXPECT_TRUE(waitUntil([&] { return evaluate(page, u"navigator.onLine"_s).toBool(); }));
    EXPECT_EQ(evaluate(page, u"navigator.userAgent"_s).toString(), original);
    EXPECT_FALSE(evaluate(page, u"matchMedia('(prefers-color-scheme: dark)').matches"_s).toBool());
    EXPECT_NE(evaluate(page, u"screen.width"_s).toInt(), 412);
    EXPECT_TRUE(engine->endpoint()->sessionForTarget(page->targetId())) << "the tab stays open";
}

TEST_F(ToolkitTest, DialogAnswersTheNextDialogOrOneHeldOpenForTheAgent)
{
    CdpSession *page = openTab(u"dialogs.html"_s);
    ASSERT_TRUE(page);
    const QString text = snapshotText();
    const auto out
        = [&] { return evaluate(page, u"document.getElementById('out').textContent"_s).toString(); };

    // Answered at once (toolkit/dialogs = accept): nothing is open to answer, and it says how.
    const QString none = fails(u"dialog"_s, { { u"action"_s, u"accept"_s } }, kAgent, ErrorKind::Conflict);
    EXPECT_TRUE(none.contains(u"no dialog is open on this tab"_s)
                && none.contains(u"toolkit/dialogs = agent"_s))
        << none.toStdString();
    // The next prompt answered with the agent's text (Playwright's page.once('dialog')).
    const QJsonObject armed
        = ok(u"dialog"_s, { { u"action"_s, u"accept"_s }, { u"text"_s, u"Grace"_s }, { u"next"_s, true } });
    EXPECT_EQ(armed.value(u"next"_s).toString(), u"accept"_s);
    const QJsonObject prompted = ok(u"click"_s, { { u"ref"_s, refOf(text, u"Prompt"_s) } });
    EXPECT_EQ(prompted.value(u"dialogs"_s).toArray().at(0).toObject().value(u"text"_s).toString(),
              u"Grace"_s);
    EXPECT_EQ(out(), u"Hello, Grace"_s);
    // Once: the one after is answered by the policy again (its default text).
    ok(u"click"_s, { { u"ref"_s, refOf(text, u"Prompt"_s) } });
    EXPECT_EQ(out(), u"Hello, anonymous"_s);

    // Held open for the agent: the click answers with the dialog, the page waits.
    ASSERT_TRUE(settings->setValue(SettingKey::ToolkitDialogs, u"agent"_s));
    const QJsonObject held = ok(u"click"_s, { { u"ref"_s, refOf(text, u"Confirm"_s) } });
    EXPECT_TRUE(held.value(u"dialogOpen"_s).toBool()) << QJsonDocument(held).toJson().toStdString();
    const QJsonObject open = held.value(u"dialogs"_s).toArray().at(0).toObject();
    EXPECT_EQ(open.value(u"type"_s).toString(), u"confirm"_s);
    EXPECT_EQ(open.value(u"message"_s).toString(), u"Delete all 12 files?"_s);
    EXPECT_EQ(open.value(u"action"_s).toString(), u"pending"_s);
    // What would wait on the page is refused, saying why; the logs still answer.
    const QString blocked = fails(u"snapshot"_s, {}, kAgent, ErrorKind::Conflict);
    EXPECT_TRUE(blocked.contains(u"a confirm dialog is open on this tab (“Delete all 12 files?”)"_s))
        << blocked.toStdString();
    ok(u"console"_s);
    const QJsonObject listed = ok(u"dialog"_s, { { u"action"_s, u"list"_s } });
    EXPECT_EQ(listed.value(u"open"_s).toObject().value(u"message"_s).toString(), u"Delete all 12 files?"_s);
    EXPECT_EQ(listed.value(u"dialogs"_s).toArray().size(), 3);
    EXPECT_TRUE(fails(u"dialog"_s, { { u"action"_s, u"dismiss"_s }, { u"text"_s, u"x"_s } })
                    .contains(u"text goes with accept only"_s));
    const QJsonObject dismissed = ok(u"dialog"_s, { { u"action"_s, u"dismiss"_s } });
    EXPECT_EQ(dismissed.value(u"dialog"_s).toObject().value(u"action"_s).toString(), u"dismissed"_s);
    EXPECT_TRUE(waitUntil([&] { return out() == u"rejected"_s; })) << out().toStdString();
    EXPECT_TRUE(snapshotText().contains(u"rejected"_s));

    // A prompt held open, answered with text.
    ok(u"click"_s, { { u"ref"_s, refOf(text, u"Prompt"_s) } });
    const QJsonObject answered = ok(u"dialog"_s, { { u"action"_s, u"accept"_s }, { u"text"_s, u"Ada"_s } });
    EXPECT_EQ(answered.value(u"dialog"_s).toObject().value(u"text"_s).toString(), u"Ada"_s);
    EXPECT_TRUE(waitUntil([&] { return out() == u"Hello, Ada"_s; })) << out().toStdString();
    EXPECT_TRUE(fails(u"dialog"_s, { { u"action"_s, u"accept"_s } }).contains(u"no dialog is open"_s));
    EXPECT_FALSE(run(u"dialog"_s, { { u"action"_s, u"close"_s } }).ok);

    // An agent that goes away leaves no dialog open on the page: it is dismissed.
    ok(u"click"_s, { { u"ref"_s, refOf(text, u"Confirm"_s) } });
    engine->toolkit()->releaseCaller(kAgent);
    EXPECT_TRUE(waitUntil([&] { return out() == u"rejected"_s; })) << out().toStdString();
}

TEST_F(ToolkitDevToolsTest, TraceRecordsThePageAndSummarizesLongTasksShiftsAndLcp)
{
    EXPECT_TRUE(fails(u"trace"_s, { { u"action"_s, u"stop"_s } }, kAgent, ErrorKind::Conflict)
                    .contains(u"no trace is running"_s));
    EXPECT_TRUE(ok(u"trace"_s, { { u"action"_s, u"start"_s } }).value(u"tracing"_s).toBool());
    EXPECT_TRUE(fails(u"trace"_s, { { u"action"_s, u"start"_s } }, kAgent, ErrorKind::Conflict)
                    .contains(u"already running"_s));

    // A load (its LCP), a banner pushed in after it (a shift), a click busy for 150 ms (a long task).
    ok(u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/trace.html"_s).toString() } });
    ASSERT_TRUE(waitUntil([&] { return snapshotText().contains(u"shifted"_s); }));
    ok(u"click"_s, { { u"ref"_s, refOf(snapshotText(), u"Busy"_s) } });
    ASSERT_TRUE(waitUntil([&] { return snapshotText().contains(u"busy done"_s); }));

    const QJsonObject stopped = ok(u"trace"_s, { { u"action"_s, u"stop"_s } });
    const QJsonObject summary = stopped.value(u"summary"_s).toObject();
    const QString said = QString::fromUtf8(QJsonDocument(stopped).toJson());
    EXPECT_GE(summary.value(u"longTasks"_s).toObject().value(u"count"_s).toInt(), 1) << said.toStdString();
    EXPECT_GE(summary.value(u"longTasks"_s).toObject().value(u"longestMs"_s).toDouble(), 140)
        << said.toStdString();
    EXPECT_GE(summary.value(u"layoutShifts"_s).toObject().value(u"count"_s).toInt(), 1) << said.toStdString();
    EXPECT_GT(summary.value(u"layoutShifts"_s).toObject().value(u"cumulativeScore"_s).toDouble(), 0.01)
        << said.toStdString();
    EXPECT_GT(summary.value(u"lcp"_s).toObject().value(u"ms"_s).toDouble(), 0) << said.toStdString();
    EXPECT_GE(summary.value(u"lcp"_s).toObject().value(u"size"_s).toInt(), 600 * 300 / 2)
        << said.toStdString();

    // The file is the trace itself, in the agent's own downloads folder, as DevTools opens it.
    const QString path = stopped.value(u"path"_s).toString();
    EXPECT_TRUE(path.contains(u"/downloads/"_s) && path.endsWith(u".json"_s)) << path.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    const QJsonDocument trace = QJsonDocument::fromJson(file.readAll());
    EXPECT_GT(trace.object().value(u"traceEvents"_s).toArray().size(), 100);
    EXPECT_EQ(PageTrace::summarize(QJsonDocument(trace).toJson()), summary);
    EXPECT_TRUE(fails(u"trace"_s, { { u"action"_s, u"stop"_s } }, kAgent, ErrorKind::Conflict)
                    .contains(u"no trace is running"_s))
        << "stopped twice";
    EXPECT_FALSE(run(u"trace"_s, { { u"action"_s, u"pause"_s } }).ok);
}

TEST_F(ToolkitDevToolsTest, PdfPrintsWithThePrintStylesheetIntoTheAgentsOwnFolder)
{
    const QJsonObject printed = ok(u"pdf"_s, { { u"path"_s, u"report"_s } });
    const QString path = printed.value(u"path"_s).toString();
    EXPECT_TRUE(path.endsWith(u"/downloads/agent-ws-agent-1/report.pdf"_s)) << path.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    const QByteArray pdf = file.readAll();
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_EQ(printed.value(u"bytes"_s).toInteger(), pdf.size());
    // The print stylesheet puts each of the three sheets on its own page.
    EXPECT_EQ(printed.value(u"pages"_s).toInt(), 3);
    const QFileInfo folder(QFileInfo(path).absolutePath());
    EXPECT_EQ(folder.permissions()
                  & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
              QFile::Permissions());

    // A second one of the same name is kept beside the first; a name with folders is refused.
    EXPECT_TRUE(ok(u"pdf"_s, { { u"path"_s, u"report.pdf"_s } })
                    .value(u"path"_s)
                    .toString()
                    .endsWith(u"/report-2.pdf"_s));
    for (const QString &bad : { u"../report"_s, u"sub/report"_s, u".hidden"_s, u"..\\x"_s })
        EXPECT_TRUE(fails(u"pdf"_s, { { u"path"_s, bad } }).contains(u"plain file name"_s))
            << bad.toStdString();
    // Another agent's PDFs go to its own folder.
    openTab(u"other.html"_s, kOtherAgent);
    EXPECT_TRUE(
        ok(u"pdf"_s, {}, kOtherAgent).value(u"path"_s).toString().contains(u"/agent-ws-agent-2/page-"_s));
}

} // namespace
