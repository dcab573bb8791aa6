#include "KnownSentences.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The regular expression engine's (PCRE2's) most frequent messages, as
// QRegularExpression::errorString() gives them without a translator.
constexpr const char *kRegexMessages[] {
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "missing closing parenthesis"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "unmatched closing parenthesis"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "missing terminating ] for character class"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "range out of order in character class"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "quantifier does not follow a repeatable item"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "\\ at end of pattern"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "reference to non-existent subpattern"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "lookbehind assertion is not fixed length"),
    QT_TRANSLATE_NOOP("mpa::KnownSentences", "unrecognized character follows \\"),
};

} // namespace

const QList<const char *> &knownSentences()
{
    static const QList<const char *> sentences {
        // The bundled IDE profiles' names that are words (resources/profiles/*.json).
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Generic agent panel"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "VS Code (Copilot chat)"),
        // The keychain (settings/KeychainSecretStore.cpp).
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "no keychain runs on this desktop (GNOME Keyring, KWallet or KeePassXC provide one)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one sentence on two lines
                          "no keychain answers on this desktop session (GNOME Keyring, "
                          "KWallet or KeePassXC provide one)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the keychain could not delete the key (%1)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the keychain refused access (%1)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the keychain cannot do this here (%1)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the keychain failed: %1"),
        // The language model's client (agent/LlmClient.cpp, agent/LlmCall.cpp).
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no address: choose a provider or give an address"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no model chosen"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "OK: %1 answered in %2 ms (“%3”)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the API key was refused by %1 (HTTP %2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the API key was refused by %1 (HTTP %2: %3)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the authorization key was refused by %1 (HTTP %2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 answered HTTP %2 to the list of models"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 could not be reached: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1's sign-in service could not be reached: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 did not answer within %2 s"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 could not be reached at %2: %3"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 refused the connection at %2: is it running, and on that port?"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 answered HTTP %2: %3"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 (after %2 attempts)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 stopped its answer: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 answered something that is not a chat completion (%2)"),
        // Starting a task run (agent/RunManager.cpp): what the Tasks page shows beside Start.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the task is empty: say what the run should do"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "give a tab or a start address, not both"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the start address '%1' is not an http(s) address"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no model address: choose a provider or set llm/baseUrl on the Models page"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no model chosen: set llm/model on the Models page"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "no API key for %1%2: add one on the Models page (kept in the keychain, or for this "
            "session only) or set MPA_LLM_API_KEY"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", " (the keychain could not be read: %1)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the task names secrets, and the keychain that holds them is not available: %1"),
        // The connection test (cdp/CdpProbe.cpp).
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Nothing answered at %1 within %2 s (%3)."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Nothing answers at %1 (%2). Start the IDE or browser with "
                          "--remote-debugging-port=%3, or check the host and port."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 answers as %2 but its target list failed (%3)."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 answers as %2 but its target list is not a DevTools one (%3)."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Connection refused"),
        // The agent server's state (server/ToolkitServerService.cpp statusText()), on the Servers page.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot listen on 127.0.0.1:%1: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Listening on 127.0.0.1:%1, %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "1 client"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 clients"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Connecting to %1…"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Connected to %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Connected to %1 (tab daemon, session %2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Connecting to %1 (retry in %2 s): %3"),
        // The queue's refusals (scheduler/QueueRunner.cpp), beside its buttons.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Ignored: the queue was started less than 2 s ago."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "The queue is empty; add prompts first."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "The queue is already running."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "The queue is not running."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "The queue is stopped, not paused; start it."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "The queue is empty."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "There is no current prompt to skip."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "The queue is running; pause or stop it before replacing its prompts."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Prompt %1 of the queue is empty."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "The queue's prompts were not changed: %1"),
        // Restarting the IDE with debugging (cdp/IdeRelauncher.cpp), on the Connection page.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Waiting for %1 to quit…"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Waiting for %1 to open port %2…"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "a relaunch is already under way"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the running processes could not be listed: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1; nothing was restarted"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 (pid %2) could not be asked to quit; nothing was restarted"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "%1 did not quit within %2 s (is it asking whether to save?); it was not started again"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 quit, but %2 could not be started again"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 was started again (pid %2), but nothing answered on %3 within %4 s: %5"),
        // A ban pattern or an allowed command the user typed (safety/BanList.cpp).
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "an entry is empty"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' has a flag JavaScript does not know: '%2'"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' is not a JavaScript regular expression: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "inline flags like (?i): use the flags after the closing /"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "POSIX classes like [[:space:]]: use \\s, \\d, \\w"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "atomic groups (?>…)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "possessive quantifiers like *+"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "\\A, \\Z, \\z and \\G: use ^ and $"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "(?P<name>…): use (?<name>…)"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "'%1' is not a JavaScript regular expression with the u flag: \\- outside a [class]"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "'%1' is not a JavaScript regular expression with the u flag: \\%2 escapes nothing"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' is not a valid regular expression: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' is not a command: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' must be one command, without ; | && || or &"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "'%1' must be a command and its words, without VAR= or redirections"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' may not hold $, ` or ~ expansions"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1': * may stand only alone, as the last word"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' would allow every command"),
        // A secret's entry (common/SecretEntry.cpp).
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1' is not name@site (e.g. password@example.com)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "'%1': a secret's name is a letter, then up to 39 letters, digits or _ . -"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "'%1': the site is a host name such as example.com"),
        // A bridge session's activity and why it ended (bridge/ChatBrain.cpp, BridgeSession.cpp,
        // BridgeManager.cpp), on the Bridge page and in the tray's tooltip.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "looking at the chat"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "reading the page"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "reading the page after the command"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "waiting for the chat's reply"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "attaching the screenshot to the message"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "sending again: the chat lost the message"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "paused; resume to go on"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "stopped by the user"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat could not be read: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat did not answer within %1 minutes"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat does not show the message the bridge sent"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat tab is gone"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the message could not be sent to the chat: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the page could not be read: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the app stopped while the session was under way; resume it to go on"),
        // Why a task run ended (agent/TaskRunner.cpp, RunStore.cpp, jobs/), on the Tasks page.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 steps failed in a row; the last: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no model is set up"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "reached the step limit (%1) before the task was done"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "stopped: progress was rated %1 twice in a row — %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the model did not answer: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the model's data did not match the result schema in %1 answers; the last: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the run's tab is gone: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the browser is not available to this job"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the app stopped while the run was under way; resume it to go on"),
        // The regular expression engine's messages (kRegexMessages below).
    };
    static const QList<const char *> all = [] {
        QList<const char *> list = sentences;
        for (const char *message : kRegexMessages)
            list.append(message);
        return list;
    }();
    return all;
}

QString englishRegexError(const QRegularExpression &regex)
{
    // errorString() is Qt's translation ("QRegularExpression" in qtbase_<lang>.qm, loaded for the
    // window's standard dialogs) of the engine's English message: found back by that translation.
    QString said = regex.errorString();
    for (const char *message : kRegexMessages) {
        if (QCoreApplication::translate("QRegularExpression", message) == said)
            return QString::fromUtf8(message);
    }
    return said;
}

namespace {

// A known sentence as a pattern that matches it whole: its text literally, each %N a value (the
// same value again where the sentence repeats its marker).
struct SentencePattern
{
    const char *source = nullptr;
    QRegularExpression regex;
    QList<int> numbers; // the marker of each capture, in the order they appear
    qsizetype literal = 0; // how much of the sentence is its own words: the more, the surer
};

const QList<SentencePattern> &sentencePatterns()
{
    static const QList<SentencePattern> patterns = [] {
        QList<SentencePattern> list;
        static const QRegularExpression marker(u"%(\\d{1,2})"_s);
        for (const char *source : knownSentences()) {
            SentencePattern p;
            p.source = source;
            const QString text = QString::fromUtf8(source);
            QString regex = u"\\A"_s;
            qsizetype at = 0;
            for (auto it = marker.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                regex += QRegularExpression::escape(text.mid(at, m.capturedStart() - at));
                p.literal += m.capturedStart() - at;
                const int number = m.captured(1).toInt();
                if (const qsizetype seen = p.numbers.indexOf(number); seen >= 0) {
                    regex += u"\\%1"_s.arg(seen + 1);
                } else {
                    p.numbers.append(number);
                    regex += u"(.*?)"_s;
                }
                at = m.capturedEnd();
            }
            regex += QRegularExpression::escape(text.mid(at)) + u"\\z"_s;
            p.literal += text.size() - at;
            p.regex = QRegularExpression(regex, QRegularExpression::DotMatchesEverythingOption);
            list.append(p);
        }
        return list;
    }();
    return patterns;
}

} // namespace

UserText knownSentence(const QString &english)
{
    const SentencePattern *best = nullptr;
    QRegularExpressionMatch bestMatch;
    for (const SentencePattern &p : sentencePatterns()) {
        if (best && p.literal <= best->literal)
            continue;
        QRegularExpressionMatch m = p.regex.match(english);
        if (m.hasMatch()) {
            best = &p;
            bestMatch = m;
        }
    }
    if (!best)
        return UserText::plain(english);
    UserText result(kKnownSentencesContext, best->source);
    // Values in the order arg() fills them: the lowest marker first.
    QList<int> numbers = best->numbers;
    std::sort(numbers.begin(), numbers.end());
    for (const int number : numbers)
        result = result.arg(knownSentence(bestMatch.captured(int(best->numbers.indexOf(number)) + 1)));
    return result;
}

} // namespace mpa
