#include "KnownSentences.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cstring>

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
        // How an agent is connected, and what it speaks (server/ToolkitWebSocketServer.cpp,
        // ToolkitWebSocketClient.cpp), on the Agents page ("toolkit" and "LLM Browser Agent" are names).
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "WebSocket (server mode)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "WebSocket (client mode)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "tab daemon"),
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
        // An entry of cdp/endpoints (common/EndpointEntry.cpp), on the Connection page.
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "an endpoint is empty: give host:port, or a ws://, wss://, http:// or https:// address"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the endpoint \"%1\" is not a ws://, wss://, http:// or https:// address"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the endpoint \"%1\" names no host"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "the endpoint \"%1\" carries a token or password: secrets are kept in the keychain, "
            "not in the settings (add the endpoint on the Connection page)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the endpoint \"%1\" is neither host:port nor a ws://, wss://, http:// or https:// "
                          "address"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the endpoint \"%1\" has no port from 1 to 65535 after its last colon"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the endpoint \"%1\" has no IP address or host name before its port"),
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
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 (pausing after this step)"),
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
        // A bridge or task step's result (jobs/JobCommand.cpp summarise, agent/TaskRunner.cpp), clause
        // by clause, and why a step failed or was not run (jobs/, bridge/ChatBrain.cpp,
        // bridge/ToolCode.cpp), on the Bridge and Tasks pages.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "done"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "navigated to %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "opened tab %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "opened a new tab %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "a dialog: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "a %1 dialog said “%2”"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "value: %1"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "the app stopped while it ran; whether it happened is unknown, so it was not run again"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "not run: the session ended"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user denied it"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user denied it: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "unknown tool '%1'; the tools are: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "eval is off (the user has not allowed it: toolkit/allowEval)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "a screenshot cannot be sent into the chat; ask for a snapshot instead"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the command is not valid JSON (%1 at character %2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the command names no tool (a \"tool\" field)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "\"params\" must be an object"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the <tool_code> block is not closed with </tool_code>"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "a password field's value is never read out"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 names a point of the screenshot, and this step has none: act by ref"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 needs x and y, numbers (pixels of the screenshot)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "type_xy needs text, the text to type"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "the point %1 is outside the screenshot, which is %2 × %3 pixels from (0, 0) at its top left"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the app cannot tell what is at a point of this page"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the app cannot tell what is at %1 of the screenshot (%2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the point was not checked: look again"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the page changed under the point %1 since it was checked: look again"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no saved tool is named '%1' (the user has saved none)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no saved tool is named '%1'; saved: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 needs a url"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "only a tab opened for this task can be closed; the user's own tabs stay open"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "there is no tab %1 in the browser"),
        // What the gate asks before a risky step (bridge/BridgeSession.cpp, agent/TaskRunner.cpp) and why
        // (safety/SecurityGate.cpp, jobs/CommandExecutor.cpp), in the Bridge and Tasks pages' question.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "The chat wants to %1 %2. %3. Allow it?"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Allow this step? %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "it types the secret %1 into %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "a field"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "this element"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Running the model's own JavaScript can do anything the page can (eval)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 is a file input: the file chosen is uploaded to the site"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Typing into %1 enters credentials (a %2 field)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Typing into %1 enters card details (%2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Typing into %1 enters card details (a field named “%2”)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Pressing Enter in %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Pressing Enter in %1 sends what was written there (a message box)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 submits a form with card fields: it looks like a payment"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "%1 submits a form that holds a password or a one-time code: it enters credentials"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 submits a form with free text: it sends what was written"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "%1 sends your contact details (a form that posts an email address or phone number)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Going to %1 leaves the sites the task started on (%2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 downloads a file"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 links to a file (%2): following it downloads it"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 looks like a download"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is a link whose address deletes something (%2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 looks like a payment (a %2 named “%3”%4)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", " on a form with %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "card fields"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "a password field"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 submits a form on a checkout page: it may complete a payment"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 changes or sends account credentials (a %2 named “%3”)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 looks like deleting something (a %2 named “%3”)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 looks like uploading a file"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 looks like sending or publishing (a %2 named “%3”)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 sends the text written beside it (a %2 by a message box)"),
        // Why a toolkit command failed or was refused (actions/, page/, payload/snapshot.js), in the
        // Bridge page's commands and the Agents page's activity.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the page did not answer: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the page refused a key press"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the tab was closed"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the tab was closed before the action finished"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the tab closed meanwhile"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the tab “%1” is not attached"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no tab “%1” (tab {\"action\": \"list\"} shows the tabs)"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "the tab “%1” is in use by another agent: open a tab of your own with open {\"url\": …}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no tab is in front, and you have none: open a page with open {\"url\": …} or tab "
                          "{\"action\": \"new\"}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no browser tab is attached: is the browser running with remote debugging on %1?"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "you have no tab yet: open a page with open {\"url\": …} or tab {\"action\": \"new\"}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1: a %2 dialog is open on this tab (“%3”) and the page waits for it; answer it "
                          "first with dialog {action: accept|dismiss}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the app is shutting down"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot use the remote browser at %1: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no browser answered at %1 within %2 s%3"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "%1. Check that the remote browser service runs at that address and takes another session"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1. Start one with remote debugging on that port, e.g. chromium "
                          "--remote-debugging-port=%2 --user-data-dir=/tmp/mpa-browser, or point the app at "
                          "another with --cdp-host/--cdp-port or --cdp-url"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the tab %1 is the user's, and agents may not use the user's tabs "
                          "(toolkit/userTabs is deny): open a tab of your own with open {\"url\": …}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the tab %1 is the user's, and no one is at the desktop to allow it: the user can "
                          "set toolkit/userTabs=allow, or add %2 to toolkit/allowedSites. Meanwhile open a "
                          "page of your own with open {\"url\": …}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "its site"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user refused %1 the tab “%2”"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user refused %1 the cookies and storage of %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "this page belongs to no site (an about:, data: or file: address): it has no "
                          "cookies or storage to give"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1's cookies and storage are the user's, and agents may not use the user's things "
                          "(toolkit/userTabs is deny): make an isolated context of your own with context "
                          "{\"action\": \"new\"}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1's cookies and storage are the user's (its sign-ins), and no one is at the "
                          "desktop to allow it: the user can add %1 to toolkit/dataSites. Meanwhile use an "
                          "isolated context of your own: context {\"action\": \"new\"}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.url “%1” is not an http(s), file or about: address"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "%1 names a file on another machine (%2): file: addresses are opened on this one only"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "%1 is in the app's own folder (%2), which holds its tokens: it is never opened in a page"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "file: addresses (your files) are off for agents: the user can allow them in the "
                          "settings window (toolkit/allowFileUrls)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "params.ref “%1” is not a ref: refs look like e3 (or f1e3 inside a frame), as a "
                          "snapshot lists them"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "params.%1 “%2” is not a ref: refs look like e3 (or f1e3 inside a frame), as a "
                          "snapshot lists them"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "params.%1 must be a ref (e3) or a point {\"x\": …, \"y\": …} of the viewport"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.%1 is required"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.%1 must be %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.%1 must be a whole number"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.%1 must be between %2 and %3"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.%1 must be an array of strings"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.%1 must be one of %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "unknown %1 '%2'"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Element not found: %1 — stale ref %1: the element is gone (or from a previous "
                          "page); take a new snapshot"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is not visible"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is disabled"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is covered by %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is covered by %2 at (%3, %4)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "%1 does not take text (it is not an input, textarea or editable box)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 did not take the focus"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 cannot take the focus"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 cannot be scrolled into view"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is not a select box"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is not a checkbox, radio button or switch"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "not found: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the point is out of the view now (the page scrolled or changed size): look again"),
        // Why a prompt was not sent, or where it went (scheduler/PromptSender.cpp, Scheduler.cpp,
        // QueueRunner.cpp, PeriodicPrompter.cpp, chat/AgentChat.cpp, ChatSendJob.cpp, ChatSurface.cpp),
        // on the History page, in Send Prompt Now, the tray's notice and the Prompt queue page.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat is not available"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user's draft was set aside and restored"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user's draft was set aside and could not be restored"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat's page went away"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat's page is gone"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no chat input box on %1: its agent panel (chat.root: %2) is not there, and no "
                          "visible chat box was found outside the editor (chat.input: %3); is the agent "
                          "panel open?"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no visible chat input box in the agent panel on %1 (chat.input: %2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no chat input box on %1 (chat.input: %2)"),
        // The clause a sent prompt's note ends with ("%1; sent to …"), said clause by clause.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "sent to the current conversation"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "sent to the active conversation “%1”"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user is typing in the chat box"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "typing the prompt failed: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the prompt did not reach the chat's input box (it holds “%1”)"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "the chat did not take the prompt; Enter, Ctrl+Enter and the send button were tried"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot focus the chat's input box: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat's input box is gone"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the chosen IDE endpoint %1 is not among the app's endpoints (schedule/endpoint)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chosen IDE endpoint %1 is not connected (%2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "not yet"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no page is attached yet"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no browser or IDE is connected at %1 (start it with --remote-debugging-port=%2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no attached page shows a chat input box (looked at %1); is the agent panel open?"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "none that answered"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the app quit while it waited for the user to stop typing in the chat box"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the app is paused (Pause in the tray or on the Dashboard)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the quota of a watched model is spent: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the queue is running"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the prompt is empty"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the app stopped while the agent worked on it"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the app stopped before the chat confirmed it"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "The queue runs in Queue mode only, and prompts are now sent %1. Choose Queue as "
                          "the mode first (schedule/mode “queue”)."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "daily at a time"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "every few minutes"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the quota came back and “Continue” takes its place"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the schedule was turned off while it waited for the user to stop typing"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the user was still typing in the chat box when the next scheduled prompt came; it "
                          "takes its place"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the user was typing in the chat box; sent on try %1, %2 s late"),
        // Its clauses alone, when the history joins more clauses after it.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the user was typing in the chat box"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "sent on try %1, %2 s late"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the user kept typing in the chat box; not sent after %1 tries over %2 s"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot read the chat: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the chat has no file input for images (chat.fileInput in its profile)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat's file input went away"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat's file input did not take the file: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the chat did not show the attachment within %1 s"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot switch to the conversation “%1”: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the conversation “%1” was clicked but did not become the active one"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "“%1” names more than one conversation (%2); use the full name"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no conversation named “%1”: the chat shows no conversation tabs"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no conversation named “%1” (the chat has %2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no send button (chat.sendButton)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "it is not on the page"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "it went away before the click"),
        // Learning a chat by watching the user (chat/ChatLearner.cpp), on the Bridge page.
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Observation mode ended: nobody clicked the chat's input box in time. Start it "
                          "again, then click the box you type into and the send button."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Observation mode ended: the input box was learned but nobody clicked the send "
                          "button in time. Start it again and click the chat's send button after the box."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Observation mode ended: the chat's tab went away (closed, crashed or the browser "
                          "disconnected). Open the chat again and start over."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Observation mode cannot start: the chat's tab is not connected. Open the chat in "
                          "the connected browser and try again."),
        // An agent's cookies, isolated context, saved states and downloads (actions/ToolkitSiteData.cpp,
        // ToolkitStorageState.cpp, TabConsent.cpp, DownloadLog.cpp, ToolkitDownloads.cpp), on the
        // Agents page.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "each cookie must be an object {name, value, …}"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "each cookie needs a name and a value (text)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the cookie %1's domain %2 is not %3 or a domain above it"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the cookie %1's sameSite must be Strict, Lax or None"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "you have no isolated context (context {\"action\": \"new\"} makes one)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the isolated context could not be closed: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "this browser gives no isolated context: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the tab shows %1, which has no cookies: open an http(s) page or give url"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "params.url must be an http(s) address"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "set needs params.cookies: 1 to 100 cookies"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the tab closed"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the browser refused the cookies: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the cookies could not be read: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no folder for saved states is set"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "params.name must be 1–64 letters, digits, '.', '_' or '-' (no folders), e.g. "
                          "\"github\""),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "none of your tabs in your isolated context shows a web page: nothing to save"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "none of your tabs shows a web page: nothing to save"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the state could not be read: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the state is %1 MiB, more than the 10 MiB kept"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the folder %1 cannot be made"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 cannot be written: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no state is saved as %1 (saved: %2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the state %1 cannot be read: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is not a storage state this app saved (%2)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "no version 1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the browser refused the state's cookies: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the state's storage could not be written: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "the user did not answer within %1 s whether %2 may use the tab “%3”"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "the user did not answer within %1 s whether %2 may use the cookies and storage of %3"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the toolkit stopped before a download finished"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "this app has no downloads folder"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "this browser gives no browser-level connection, which downloads need"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the browser is not connected"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "could not make the downloads folder %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "your downloads folder %1 is full (%2 files; at most %3): clear it first"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "stopped at the download limit: the file is %1 MB and your downloads folder may "
                          "take %2 MB more (at most %3 MB in all)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "stopped at the download limit: it grew past the %1 MB your downloads folder may "
                          "still take (at most %2 MB in all)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "could not make the folder %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "could not move it to %1: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the browser cancelled it"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 (%2 MB so far)"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "no download of yours began within %1 ms (waited for a download from your tabs to "
            "begin and finish; a download starts when your tab gets a file to save, e.g. a link "
            "with Content-Disposition: attachment)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "no download of yours finished within %1 ms; still in progress: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "downloads cannot be followed: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "downloads are not followed: %1"),
        // The page script's other refusals (payload/snapshot.js), on the Agents and Bridge pages.
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is read-only"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 does not take text: use check or uncheck"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 does not take text: use click"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 does not take text"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is covered by %2 (its frame is hidden there)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "nothing"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "scope \"%1\" is not a valid CSS selector or ref"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "scope \"%1\" matches no element"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is typed into, not picked"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 has no option \"%2\" (it has %3)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "option \"%1\" of %2 is disabled"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 takes one value, not %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "unknown locator \"%1\": use one of %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "%1 is not a file input (<input type=file>)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "get value needs a ref"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "get attribute needs a ref"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "get element needs a ref"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "get box needs a ref"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "a ref is needed"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "\"%1\" is not a valid CSS selector"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot get \"%1\""),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot tell whether it is \"%1\""),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "unknown operation %1"),
        // Reading the quota (quota/AntigravityQuotaProvider.cpp), on the Quota page.
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "Antigravity's language server (pid %1) did not answer on any of its ports (%2); "
                          "last error: %3"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "GetUserStatus on 127.0.0.1:%1 answered something unexpected: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "GetUserStatus on 127.0.0.1:%1 failed: %2"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot look for Antigravity's language server: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences",
                          "found Antigravity's language server (pid %1) but none of its listening ports%2"),
        QT_TRANSLATE_NOOP(
            "mpa::KnownSentences",
            "Antigravity is not running, so its quota cannot be read. Start Antigravity, or turn "
            "the quota check off if you use another IDE."),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "the answer is not a JSON object"),
        // A VS Code extension's settings file that could not be imported
        // (settings/ExtensionSettingsImport.cpp).
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "it holds a JSON list, not an object of settings"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "cannot be read: %1"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "Qt's SQLite driver is not installed (libqt6sql6-sqlite)"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "its entry for %1 is not a JSON object"),
        QT_TRANSLATE_NOOP("mpa::KnownSentences", "line %1, column %2: %3"),
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

QString knownClauses(const QString &english)
{
    // Whole when a known sentence holds "; " itself ("no saved tool is named '%1'; saved: %2"); a
    // sentence without one would take the other clauses into its value.
    for (const SentencePattern &p : sentencePatterns()) {
        if (std::strstr(p.source, "; ") && p.regex.match(english).hasMatch())
            return knownSentence(english).translated();
    }
    QStringList clauses = english.split(u"; "_s);
    for (QString &clause : clauses)
        clause = knownSentence(clause).translated();
    return clauses.join(u"; "_s);
}

} // namespace mpa
