// UserText: one sentence, English for the API, the log and the data files, and in the user's
// language through whatever translators the application has installed.
#include "common/UserText.h"

#include "TestEnvironment.h"
#include "common/KnownSentences.h"
#include "scheduler/PromptQueue.h"
#include "scheduler/QueueReasons.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTranslator>

#include <gtest/gtest.h>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// A catalogue given in the test: QTranslator's own lookup, as a .qm file would answer it.
class TableTranslator : public QTranslator
{
public:
    QHash<QString, QString> table; // "context|source" → translation
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        return table.value(QString::fromUtf8(context) + u'|' + QString::fromUtf8(source));
    }
    bool isEmpty() const override { return table.isEmpty(); }
};

class UserTextTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        translator.table = {
            { u"ctx|%1 is outside %2–%3"_s, u"%1 liegt außerhalb von %2–%3"_s },
            { u"ctx|%1 is out of quota until %2"_s, u"bis %2 kein Kontingent mehr für %1"_s },
            { u"ctx|a watched model"_s, u"ein beobachtetes Modell"_s },
            { u"mpa::PromptQueue|Stopped by the user."_s, u"Vom Benutzer gestoppt."_s },
            { u"mpa::KnownSentences|'%1' is not a valid regular expression: %2"_s,
              u"„%1“ ist kein gültiger regulärer Ausdruck: %2"_s },
            { u"mpa::KnownSentences|missing closing parenthesis"_s, u"fehlende schließende Klammer"_s },
            { u"QRegularExpression|missing closing parenthesis"_s, u"fehlende schließende Klammer"_s },
            { u"mpa::KnownSentences|%1 (after %2 attempts)"_s, u"%1 (nach %2 Versuchen)"_s },
            { u"mpa::KnownSentences|%1 refused the connection at %2: is it running, and on that port?"_s,
              u"%1 hat die Verbindung unter %2 abgelehnt: Läuft der Dienst, und auf diesem Port?"_s },
            { u"mpa::KnownSentences|%1 answered HTTP %2: %3"_s, u"%1 hat mit HTTP %2 geantwortet: %3"_s },
            { u"mpa::KnownSentences|the API key was refused by %1 (HTTP %2)"_s,
              u"%1 hat den API-Schlüssel abgelehnt (HTTP %2)"_s },
            { u"mpa::KnownSentences|the API key was refused by %1 (HTTP %2: %3)"_s,
              u"%1 hat den API-Schlüssel abgelehnt (HTTP %2: %3)"_s },
        };
        QCoreApplication::installTranslator(&translator);
    }
    void TearDown() override { QCoreApplication::removeTranslator(&translator); }

    TableTranslator translator;
};

TEST_F(UserTextTest, EnglishIsTheSourceAndTranslatedGoesThroughTheTranslators)
{
    const UserText text = UserText("ctx", "%1 is outside %2–%3").arg(70000).arg(1).arg(65535);
    EXPECT_EQ(text.english(), u"70000 is outside 1–65535"_s);
    EXPECT_EQ(text.translated(), u"70000 liegt außerhalb von 1–65535"_s);
}

TEST_F(UserTextTest, ATranslationMayPutTheValuesInAnotherOrder)
{
    const UserText text = UserText("ctx", "%1 is out of quota until %2").arg(u"Claude"_s).arg(u"14:00"_s);
    EXPECT_EQ(text.english(), u"Claude is out of quota until 14:00"_s);
    EXPECT_EQ(text.translated(), u"bis 14:00 kein Kontingent mehr für Claude"_s);
}

TEST_F(UserTextTest, AValueIsItselfTranslatedOrKeptAsItIs)
{
    const UserText nested = UserText("ctx", "%1 is out of quota until %2")
                                .arg(UserText("ctx", "a watched model"))
                                .arg(u"%2 o'clock"_s); // plain text with a marker in it stays as it is
    EXPECT_EQ(nested.english(), u"a watched model is out of quota until %2 o'clock"_s);
    EXPECT_EQ(nested.translated(), u"bis %2 o'clock kein Kontingent mehr für ein beobachtetes Modell"_s);
    EXPECT_EQ(UserText::plain(u"the browser's own words"_s).translated(), u"the browser's own words"_s);
}

TEST_F(UserTextTest, PartsJoinedKeepTheirSeparatorInEveryLanguage)
{
    const UserText joined
        = UserText::joined({ UserText("ctx", "%1 is out of quota until %2").arg(u"A"_s).arg(u"9:00"_s),
                             UserText("ctx", "a watched model") },
                           u"; "_s);
    EXPECT_EQ(joined.english(), u"A is out of quota until 9:00; a watched model"_s);
    EXPECT_EQ(joined.translated(), u"bis 9:00 kein Kontingent mehr für A; ein beobachtetes Modell"_s);
}

TEST_F(UserTextTest, AnUntranslatedSentenceStaysEnglish)
{
    const UserText text = UserText("ctx", "%1 is not a whole number").arg(u"x"_s);
    EXPECT_EQ(text.translated(), u"x is not a whole number"_s);
    EXPECT_TRUE(UserText().isEmpty());
    EXPECT_TRUE(UserText().translated().isEmpty());
}

// queue.json holds the English; read back, a sentence without values is translated again.
TEST_F(UserTextTest, AQueueReasonReadBackFromQueueJsonIsTranslatedAgain)
{
    PromptQueue queue;
    queue.replace({ u"a"_s });
    queue.reason = QueueReasons::stoppedByUser();
    const QJsonObject saved = queue.toJson();
    EXPECT_EQ(saved.value(u"reason"_s).toString(), u"Stopped by the user."_s);
    const PromptQueue loaded = PromptQueue::fromJson(saved);
    EXPECT_EQ(loaded.reason.english(), u"Stopped by the user."_s);
    EXPECT_EQ(loaded.reason.translated(), u"Vom Benutzer gestoppt."_s);
    EXPECT_TRUE(PromptQueue::fromJson(QJsonObject {}).reason.isEmpty());
}

// Issue 34 item 19: an error that already ends in "?" is not followed by a second mark
// ("…is the agent panel open?. It was tried twice" read wrong); one without an end mark gets
// its full stop. The error text is ChatSendJob's own wording for a missing chat box.
TEST_F(UserTextTest, ASendFailureKeepsTheErrorsOwnEndMark)
{
    const UserText asked
        = QueueReasons::sendFailed(2, u"hello"_s, u"no chat box was found; is the agent panel open?"_s);
    EXPECT_EQ(asked.english(),
              u"Prompt 2 (“hello”) could not be sent: no chat box was found; is the agent panel open? It was "
              "tried twice; the queue stopped there. Fix the problem and start the queue again."_s);
    EXPECT_FALSE(asked.english().contains(u"?."_s));
    EXPECT_FALSE(asked.translated().contains(u"?."_s)) << asked.translated().toStdString();

    const UserText plain = QueueReasons::sendFailed(1, u"x"_s, u"the chat tab is gone"_s);
    EXPECT_TRUE(plain.english().contains(u"the chat tab is gone. It was tried twice"_s))
        << plain.english().toStdString();
    EXPECT_FALSE(plain.english().contains(u".."_s));
}

// Issue 34 item 9: a sentence core writes as plain English (a CommandResult's error) is found by
// its wording among the known sentences and shown translated, its values too; english() gives back
// exactly what came.
TEST_F(UserTextTest, AKnownEnglishSentenceIsTranslatedWithItsValues)
{
    const QString english = u"'/a(b/' is not a valid regular expression: missing closing parenthesis"_s;
    const UserText text = knownSentence(english);
    EXPECT_EQ(text.english(), english);
    EXPECT_EQ(text.translated(),
              u"„/a(b/“ ist kein gültiger regulärer Ausdruck: fehlende schließende Klammer"_s);

    const QString nested = u"Ollama refused the connection at http://127.0.0.1:11434/v1: is it running, and "
                           u"on that port? (after "
                           "2 attempts)"_s;
    EXPECT_EQ(knownSentence(nested).english(), nested);
    EXPECT_EQ(
        knownSentence(nested).translated(),
        u"Ollama hat die Verbindung unter http://127.0.0.1:11434/v1 abgelehnt: Läuft der Dienst, und auf "
        "diesem Port? (nach 2 Versuchen)"_s);
}

// A step's result is clauses core joined with "; ": each is said in German, a value read from the
// page as it is; a known sentence that holds "; " itself is taken whole.
TEST_F(UserTextTest, AStepsClausesAreTranslatedOneByOne)
{
    translator.table.insert({
        { u"mpa::KnownSentences|navigated to %1"_s, u"zu %1 navigiert"_s },
        { u"mpa::KnownSentences|a %1 dialog said “%2”"_s, u"ein %1-Dialog sagte „%2“"_s },
        { u"mpa::KnownSentences|no saved tool is named '%1'; saved: %2"_s,
          u"kein gespeichertes Werkzeug heißt „%1“; gespeichert: %2"_s },
        { u"mpa::KnownSentences|done"_s, u"erledigt"_s },
    });
    EXPECT_EQ(knownClauses(u"navigated to https://shop.example/pay; a confirm dialog said “Pay 20 €?”"_s),
              u"zu https://shop.example/pay navigiert; ein confirm-Dialog sagte „Pay 20 €?“"_s);
    EXPECT_EQ(knownClauses(u"no saved tool is named 'jira'; saved: wiki, mail"_s),
              u"kein gespeichertes Werkzeug heißt „jira“; gespeichert: wiki, mail"_s);
    EXPECT_EQ(knownClauses(u"Total: 20 €; VAT 3 €"_s), u"Total: 20 €; VAT 3 €"_s);
    EXPECT_EQ(knownClauses(u"done"_s), u"erledigt"_s);
}

TEST_F(UserTextTest, TheMostSpecificKnownSentenceWins)
{
    // Both "(HTTP %2)" and "(HTTP %2: %3)" match; the one with more words of its own is meant.
    EXPECT_EQ(knownSentence(u"the API key was refused by Groq (HTTP 401: Invalid API Key)"_s).translated(),
              u"Groq hat den API-Schlüssel abgelehnt (HTTP 401: Invalid API Key)"_s);
    EXPECT_EQ(knownSentence(u"the API key was refused by Groq (HTTP 401)"_s).translated(),
              u"Groq hat den API-Schlüssel abgelehnt (HTTP 401)"_s);
}

// Qt translates the engine's message itself when its catalogue is loaded (for the window's
// standard dialogs); the API and the log still get it in English.
TEST_F(UserTextTest, TheRegularExpressionEnginesMessageIsEnglishForTheApi)
{
    const QRegularExpression regex(u"a(b"_s);
    ASSERT_EQ(regex.errorString(), u"fehlende schließende Klammer"_s) << "Qt's own translation";
    EXPECT_EQ(englishRegexError(regex), u"missing closing parenthesis"_s);
}

TEST_F(UserTextTest, AnUnknownSentenceIsShownAsItIs)
{
    const QString said = u"net::ERR_NAME_NOT_RESOLVED at https://example.invalid/"_s;
    EXPECT_EQ(knownSentence(said).translated(), said);
    EXPECT_EQ(knownSentence(said).english(), said);
    EXPECT_TRUE(knownSentence(QString()).isEmpty());
}

// What the app's core writes and the bundled profiles name: every string literal of core/ and
// resources/profiles/ (and the page script's text, payload/*.js), literals that only whitespace separates
// joined as the compiler joins them, C escapes undone.
QString writtenTexts()
{
    static const QRegularExpression literal(uR"re((?:u8|u|U|L)?"((?:[^"\\\n]|\\.)*)")re"_s);
    QString all;
    for (const QString &root : { u"core"_s, u"resources/profiles"_s, u"payload"_s }) {
        QDirIterator it(test::sourceDir() + u'/' + root, { u"*.cpp"_s, u"*.json"_s, u"*.js"_s }, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.endsWith(u"/KnownSentences.cpp"_s))
                continue;
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                continue;
            const QString text = QString::fromUtf8(file.readAll());
            if (path.endsWith(u".js"_s)) {
                // The page's script writes its errors as template literals: its text as it is.
                all += text + u'\n';
                continue;
            }
            qsizetype end = -1;
            for (auto matches = literal.globalMatch(text); matches.hasNext();) {
                const QRegularExpressionMatch m = matches.next();
                // `u"…"_s` ends in _s: what lies between two literals is whitespace (and the suffix).
                QString between = end < 0 ? u"x"_s : text.mid(end, m.capturedStart() - end);
                between.remove(u"_s"_s);
                if (!between.trimmed().isEmpty())
                    all += u'\n';
                const QString body = m.captured(1);
                for (qsizetype i = 0; i < body.size(); ++i) {
                    if (body.at(i) == u'\\' && i + 1 < body.size())
                        ++i;
                    all += body.at(i);
                }
                end = m.capturedEnd();
            }
            all += u'\n';
        }
    }
    return all;
}

// The list is looked up by wording: a sentence core no longer writes as listed would stay English
// in the window without a word. Each known sentence's own words are still written by the app
// (Qt's own messages, which the app quotes, aside).
TEST(KnownSentencesTest, EveryKnownSentenceIsStillWrittenByTheApp)
{
    const QString written = writtenTexts();
    ASSERT_GT(written.size(), 10000) << "no sources under " << test::sourceDir().toStdString();
    static const QStringList qtsOwn {
        u"Connection refused"_s,
        u"missing closing parenthesis"_s,
        u"unmatched closing parenthesis"_s,
        u"missing terminating ] for character class"_s,
        u"range out of order in character class"_s,
        u"quantifier does not follow a repeatable item"_s,
        u"\\ at end of pattern"_s,
        u"reference to non-existent subpattern"_s,
        u"lookbehind assertion is not fixed length"_s,
        u"unrecognized character follows \\"_s,
    };
    static const QRegularExpression marker(u"%\\d{1,2}"_s);
    QStringList missing;
    for (const char *source : knownSentences()) {
        const QString sentence = QString::fromUtf8(source);
        if (qtsOwn.contains(sentence))
            continue;
        for (QString piece : sentence.split(marker)) {
            // A clause's punctuation may be written beside it (u": "_s + reason).
            static const QString edges = u" :;,.()“”'"_s;
            while (!piece.isEmpty() && edges.contains(piece.front()))
                piece.remove(0, 1);
            while (!piece.isEmpty() && edges.contains(piece.back()))
                piece.chop(1);
            if (piece.size() >= 3 && !written.contains(piece))
                missing.append(u"%1 (\"%2\")"_s.arg(sentence, piece));
        }
    }
    EXPECT_TRUE(missing.isEmpty()) << "known sentences the app no longer writes:\n"
                                   << missing.join(u'\n').toStdString();
}

} // namespace

namespace {

// A C++ literal's body as the compiler reads it (the escapes these files use undone).
QString unescaped(const QString &body)
{
    QString text;
    for (qsizetype i = 0; i < body.size(); ++i) {
        if (body.at(i) != u'\\' || i + 1 >= body.size()) {
            text += body.at(i);
            continue;
        }
        const QChar next = body.at(++i);
        if (next == u'u' && i + 4 < body.size()) {
            text += QChar(body.mid(i + 1, 4).toUShort(nullptr, 16));
            i += 4;
        } else {
            text += next == u'n' ? u'\n' : next;
        }
    }
    return text;
}

// The text of every string literal inside the calls `names` make in `source` (the call's
// parentheses balanced), literals that only whitespace separates joined as the compiler joins them.
QStringList literalsInCalls(const QString &source, const QStringList &names)
{
    static const QRegularExpression literal(uR"re((?:u8|u|U|L)?"((?:[^"\\\n]|\\.)*)")re"_s);
    const QRegularExpression call(u"\\b(?:%1)\\s*\\("_s.arg(names.join(u'|')));
    QStringList found;
    for (auto calls = call.globalMatch(source); calls.hasNext();) {
        const QRegularExpressionMatch c = calls.next();
        qsizetype at = c.capturedEnd();
        int depth = 1;
        for (; at < source.size() && depth > 0; ++at) {
            const QChar ch = source.at(at);
            if (ch == u'"') { // a literal's parentheses are not the call's
                for (++at; at < source.size() && source.at(at) != u'"'; ++at) {
                    if (source.at(at) == u'\\')
                        ++at;
                }
            } else if (ch == u'(') {
                ++depth;
            } else if (ch == u')') {
                --depth;
            }
        }
        const QString arguments = source.mid(c.capturedEnd(), at - c.capturedEnd());
        qsizetype end = -1;
        for (auto matches = literal.globalMatch(arguments); matches.hasNext();) {
            const QRegularExpressionMatch m = matches.next();
            QString between = end < 0 ? u"x"_s : arguments.mid(end, m.capturedStart() - end);
            between.remove(u"_s"_s);
            if (between.trimmed().isEmpty() && !found.isEmpty())
                found.last() += unescaped(m.captured(1));
            else
                found.append(unescaped(m.captured(1)));
            end = m.capturedEnd();
        }
    }
    return found;
}

// The errors the page script returns ({ error: `…` } or '…'), each ${…} as a %N.
QStringList scriptErrors(const QString &script)
{
    QStringList found;
    static const QRegularExpression start(u"error: ([`'])"_s);
    for (auto starts = start.globalMatch(script); starts.hasNext();) {
        const QRegularExpressionMatch m = starts.next();
        const QChar quote = m.captured(1).at(0);
        QString text;
        int value = 0;
        for (qsizetype at = m.capturedEnd(); at < script.size() && script.at(at) != quote; ++at) {
            if (quote == u'`' && script.mid(at, 2) == u"${"_s) {
                int depth = 1; // a value may hold its own braces and templates: skipped whole
                for (at += 2; at < script.size() && depth > 0; ++at) {
                    if (script.at(at) == u'{')
                        ++depth;
                    else if (script.at(at) == u'}')
                        --depth;
                }
                --at;
                text += u"%%1"_s.arg(++value);
            } else {
                text += script.at(at);
            }
        }
        found.append(text);
    }
    return found;
}

// A sentence with its values as one sign: "%1; sent to “%2”" and "%2; sent to “%1”" are alike,
// and so are two values side by side and one.
QString shape(QString sentence)
{
    static const QRegularExpression markers(u"(?:%\\d{1,2})+"_s);
    return sentence.replace(markers, u"%"_s).trimmed();
}

} // namespace

// Issue 34 item 9: every sentence these files can hand the window (a sent prompt's failure on the
// History page, in Send Prompt Now and the tray; an agent's cookie, state or download refusal on
// the Agents page; the page script's refusals) is a known sentence, so the window says it in the
// user's language. A sentence is known whole; or clause by clause ("%1; sent to …"); or, a
// fragment that code joins to a value ("the page did not answer: " + error), inside a known one.
TEST(KnownSentencesTest, EverySentenceTheseFilesShowInTheWindowIsKnown)
{
    QSet<QString> known;
    QStringList knownText;
    for (const char *source : knownSentences()) {
        known.insert(shape(QString::fromUtf8(source)));
        knownText.append(QString::fromUtf8(source));
    }
    // What they write that the window never shows: a tool's description for agents, what the log
    // says about the user's draft.
    static const QStringList notShown {
        u"An isolated browser profile of your own (new), or closing it with its tabs (close): your new tabs "
        "open there, with cookies and storage apart from the user's; gone when you disconnect"_s,
        u"your new tabs (open, tab new) open in it; its cookies and storage are yours alone and need no "
        u"one's "
        "consent"_s,
        u"The cookies the tab's site gets, HttpOnly ones too (get), setting or clearing them; outside your "
        "isolated context the user allows it site by site"_s,
        u"Saves the cookies, localStorage and sessionStorage of your tabs' sites under a name, loads such a "
        "state again (a signed-in session), or lists the saved ones; outside your isolated context the user "
        "allows it site by site"_s,
        u"local and session storage go into an open tab of their origin: open one and load again for those "
        "named in notOpen"_s,
        u"The files your tabs downloaded (name, address, size, state, saved path in your downloads folder): "
        "list them, wait for the next to finish, or clear them (their files are deleted)"_s,
        u"the input box stayed locked"_s,
        u"the box holds “%1”"_s,
    };
    // Not page/CommandPalette.cpp: its commands (executeVSCodeCommand, listChatCommands) are the
    // debug API's only, which the window never shows (the Agents page lists agents' toolkit commands).
    static const QStringList files {
        u"core/scheduler/PromptSender.cpp"_s,
        u"core/scheduler/Scheduler.cpp"_s,
        u"core/scheduler/QueueRunner.cpp"_s,
        u"core/scheduler/PeriodicPrompter.cpp"_s,
        u"core/chat/AgentChat.cpp"_s,
        u"core/chat/ChatSendJob.cpp"_s,
        u"core/chat/ChatSurface.cpp"_s,
        u"core/chat/ChatLearner.cpp"_s,
        u"core/actions/ToolkitSiteData.cpp"_s,
        u"core/actions/ToolkitStorageState.cpp"_s,
        u"core/actions/TabConsent.cpp"_s,
        u"core/actions/DownloadLog.cpp"_s,
        u"core/actions/ToolkitDownloads.cpp"_s,
        u"core/quota/AntigravityQuotaProvider.cpp"_s,
        u"payload/snapshot.js"_s,
    };
    static const QRegularExpression words(u"[A-Za-z]{3}"_s);
    static const QString edges = u" :;,.()"_s;
    QStringList unknown;
    int checked = 0;
    for (const QString &path : files) {
        QFile file(test::sourceDir() + u'/' + path);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
        const QString source = QString::fromUtf8(file.readAll());
        const QStringList sentences = path.endsWith(u".js"_s)
            ? scriptErrors(source)
            : literalsInCalls(
                source, { u"tr"_s, u"failure"_s, u"refuse"_s, u"fail"_s, u"abort"_s, u"cleanUpAndFail"_s });
        for (const QString &sentence : sentences) {
            if (!sentence.contains(u' ') || !sentence.contains(words) || notShown.contains(sentence))
                continue;
            ++checked;
            const QString s = shape(sentence);
            if (known.contains(s))
                continue;
            bool clauses = sentence.contains(u"; "_s);
            for (const QString &clause : sentence.split(u"; "_s))
                clauses = clauses && (shape(clause) == u"%"_s || known.contains(shape(clause)));
            if (clauses)
                continue;
            const bool fragment = edges.contains(sentence.front()) || edges.contains(sentence.back());
            if (fragment && std::any_of(knownText.cbegin(), knownText.cend(), [&](const QString &k) {
                    return shape(k).contains(s);
                }))
                continue;
            unknown.append(u"%1: %2"_s.arg(path, sentence));
        }
    }
    EXPECT_GT(checked, 150) << "the files' sentences were not found";
    EXPECT_TRUE(unknown.isEmpty()) << "sentences the window would show in English:\n"
                                   << unknown.join(u'\n').toStdString();
}
