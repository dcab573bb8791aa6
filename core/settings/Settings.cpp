#include "Settings.h"

#include "common/EndpointEntry.h"
#include "common/JsonDataFile.h"
#include "common/KnownSentences.h"
#include "common/Refuse.h"
#include "common/SecretEntry.h"
#include "common/UserText.h"
#include "logging/LogCategories.h"
#include "safety/BanList.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QRegularExpression>
#include <QTime>
#include <QUrl>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

bool validateHost(const QVariant &value, UserText *error)
{
    const QString host = value.toString().trimmed();
    if (host.isEmpty())
        return refuse(error,
                      UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "the host is empty")));
    static const QRegularExpression hostName(u"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$"_s);
    if (QHostAddress(host).isNull() && !hostName.match(host).hasMatch())
        return refuse(
            error,
            UserText("mpa::Settings",
                     QT_TRANSLATE_NOOP("mpa::Settings", "'%1' is neither an IP address nor a host name"))
                .arg(host));
    return true;
}

bool validateScheduleValue(const QVariant &value, UserText *error)
{
    const QString text = value.toString().trimmed();
    bool isNumber = false;
    const int minutes = text.toInt(&isNumber);
    if (isNumber)
        return (minutes >= 1 && minutes <= 1440)
            || refuse(error,
                      UserText("mpa::Settings",
                               QT_TRANSLATE_NOOP("mpa::Settings", "an interval must be 1 to 1440 minutes")));
    if (QTime::fromString(text, u"HH:mm"_s).isValid() || QTime::fromString(text, u"H:mm"_s).isValid())
        return true;
    return refuse(error,
                  UserText("mpa::Settings",
                           QT_TRANSLATE_NOOP("mpa::Settings",
                                             "'%1' is neither a number of minutes nor a time of day (HH:MM)"))
                      .arg(text));
}

bool validateNonEmptyEntries(const QVariant &value, UserText *error)
{
    const QStringList list = value.toStringList();
    for (int i = 0; i < list.size(); ++i) {
        if (list.at(i).trimmed().isEmpty())
            return refuse(error,
                          UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "entry %1 is empty"))
                              .arg(i + 1));
    }
    return true;
}

// One entry of cdp/endpoints (or autoAccept/remoteEndpoints): host:port or a remote service's
// address, without secrets.
bool checkEndpointEntry(const QString &entry, UserText *why)
{
    return EndpointEntry::parse(entry, why).has_value();
}

// toolkit/defaultEndpoint, schedule/endpoint: empty (the app chooses) or one endpoint's address.
bool validateEndpointChoice(const QVariant &value, UserText *why)
{
    const QString text = value.toString().trimmed();
    return text.isEmpty() || checkEndpointEntry(text, why);
}

// One of the user's ban patterns, checked as the page runs it: a /regex/ must be one JavaScript
// compiles and reads alike. The window shows the sentence in its language (knownSentence()).
bool checkBanEntry(const QString &entry, UserText *why)
{
    if (QString problem; !BanList::checkEntry(entry, &problem))
        return refuse(why, knownSentence(problem));
    return true;
}

// One entry of the allow list: words as the parsed command has them, `*` for any further words.
bool checkAllowEntry(const QString &entry, UserText *why)
{
    if (QString problem; !BanList::checkAllowEntry(entry, &problem))
        return refuse(why, knownSentence(problem));
    return true;
}

// One entry of agent/secrets: name@site (the value is in the keychain).
bool checkSecretEntry(const QString &entry, UserText *why)
{
    if (QString problem; !SecretEntry::parse(entry, &problem))
        return refuse(why, knownSentence(problem));
    return true;
}

// Removing one of the user's ban patterns lets auto-accept click what it stopped: only a person
// does that. Adding patterns, or reordering them, is open to the debug API.
bool removesBanPattern(const QVariant &before, const QVariant &after, QString *why)
{
    const auto trimmed = [](const QStringList &list) {
        QSet<QString> set;
        for (const QString &entry : list)
            set.insert(entry.trimmed());
        return set;
    };
    const QSet<QString> kept = trimmed(after.toStringList());
    QStringList removed;
    for (const QString &entry : trimmed(before.toStringList())) {
        if (!kept.contains(entry))
            removed.append(entry);
    }
    if (removed.isEmpty())
        return false;
    std::sort(removed.begin(), removed.end());
    if (why)
        *why = u"it would remove %1 from the ban patterns: only the user removes a pattern, in the "
               "settings window (adding patterns is fine)"_s.arg(removed.join(u", "_s));
    return true;
}

// Host names as a URL has them (mail.google.com, localhost, 127.0.0.1), one per entry.
bool validateSiteList(const QVariant &value, UserText *error)
{
    if (!validateNonEmptyEntries(value, error))
        return false;
    for (const QString &entry : value.toStringList()) {
        const QString host = entry.trimmed();
        if (host.contains(u'/') || host.contains(u' ') || (host.contains(u':') && !host.startsWith(u'[')))
            return refuse(
                error,
                UserText(
                    "mpa::Settings",
                    QT_TRANSLATE_NOOP(
                        "mpa::Settings",
                        "'%1' is not a site: give a host name such as example.com (no scheme, path or port)"))
                    .arg(entry));
    }
    return true;
}

// Folders by their absolute path (/home/ada/uploads), one per entry.
bool validateFolderList(const QVariant &value, UserText *error)
{
    if (!validateNonEmptyEntries(value, error))
        return false;
    for (const QString &entry : value.toStringList()) {
        if (!QDir::isAbsolutePath(entry.trimmed()))
            return refuse(
                error,
                UserText(
                    "mpa::Settings",
                    QT_TRANSLATE_NOOP("mpa::Settings",
                                      "'%1' is not a folder's full path: give one such as /home/you/uploads"))
                    .arg(entry));
    }
    return true;
}

// The bridge's own redaction rules: "name=regular expression", the name a word.
bool validateRedactRules(const QVariant &value, UserText *error)
{
    if (!validateNonEmptyEntries(value, error))
        return false;
    static const QRegularExpression name(u"^[A-Za-z][A-Za-z0-9_-]{0,31}$"_s);
    for (const QString &entry : value.toStringList()) {
        const qsizetype eq = entry.indexOf(u'=');
        if (eq <= 0 || !name.match(entry.left(eq).trimmed()).hasMatch())
            return refuse(error,
                          UserText("mpa::Settings",
                                   QT_TRANSLATE_NOOP("mpa::Settings",
                                                     "'%1' is not a rule: write name=regular expression (the "
                                                     "name a word such as employee-id)"))
                              .arg(entry));
        const QRegularExpression regex(entry.mid(eq + 1));
        if (entry.mid(eq + 1).isEmpty() || !regex.isValid())
            return refuse(error,
                          UserText("mpa::Settings",
                                   QT_TRANSLATE_NOOP("mpa::Settings",
                                                     "the rule '%1' is not a valid regular expression: %2"))
                              .arg(entry.left(eq).trimmed())
                              .arg(knownSentence(englishRegexError(regex))));
    }
    return true;
}

bool validateTemperature(const QVariant &value, UserText *error)
{
    bool isNumber = false;
    const double t = value.toString().trimmed().toDouble(&isNumber);
    if (!isNumber || t < 0.0 || t > 2.0)
        return refuse(
            error,
            UserText("mpa::Settings",
                     QT_TRANSLATE_NOOP("mpa::Settings", "the temperature must be a number from 0 to 2")));
    return true;
}

bool validateBaseUrl(const QVariant &value, UserText *error)
{
    const QString text = value.toString().trimmed();
    if (text.isEmpty())
        return true; // the provider's own address
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s) || url.host().isEmpty())
        return refuse(
            error,
            UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "'%1' is not an http(s) address"))
                .arg(text));
    return true;
}

bool validateNotBlank(const QVariant &value, UserText *error)
{
    return !value.toString().trimmed().isEmpty()
        || refuse(error, UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "it is empty")));
}

using T = SettingSpec::Type;

const QStringList kAcceptWords = {
    u"accept"_s, u"run"_s, u"retry"_s, u"apply"_s, u"execute"_s, u"confirm"_s, u"allow once"_s, u"allow"_s,
};
const QStringList kRejectWords = {
    u"skip"_s, u"reject"_s, u"cancel"_s, u"close"_s, u"refine"_s, u"always"_s, u"ask every time"_s,
};
// The user's own entries: none by default, since the built-in rules of safety/BanList (recursive
// deletes of /, ~, * or a system folder, dd onto a device, mkfs/format, writes onto a block
// device, recursive chmod/chown of /, find / -delete, fork bombs, downloads piped into a shell)
// always apply. Older versions shipped the substrings below as the default; a settings file that
// still holds all of them gets them dropped (migrate()): the rules stop what they stopped, and
// more, without banning a harmless `dd if=a of=b` the way "dd if=" did.
const QStringList kBannedCommands = {};
// The allow list's first entries (safety/commandPolicy=allowlist): commands that only read or
// test. Matched on the parsed words after wrappers are unwrapped; a trailing * stands for any
// further words.
const QStringList kAllowedCommands = {
    u"git status *"_s,
    u"git diff *"_s,
    u"git log *"_s,
    u"git show *"_s,
    u"git branch"_s,
    u"ls *"_s,
    u"pwd"_s,
    u"cat *"_s,
    u"head *"_s,
    u"tail *"_s,
    u"wc *"_s,
    u"grep *"_s,
    u"rg *"_s,
    u"which *"_s,
    u"echo *"_s,
    u"npm test *"_s,
    u"npm run test *"_s,
    u"pytest *"_s,
    u"python -m pytest *"_s,
    u"cargo test *"_s,
    u"go test *"_s,
    u"make test"_s,
    u"ctest *"_s,
};
const QStringList kOldDefaultBannedCommands = {
    u"rm -rf /"_s,    u"rm -rf ~"_s, u"rm -rf *"_s, u"format c:"_s,  u"del /f /s /q"_s,   u"rmdir /s /q"_s,
    u":(){:|:&};:"_s, u"dd if="_s,   u"mkfs."_s,    u"> /dev/sda"_s, u"chmod -R 777 /"_s,
};

// The extension's wording (package.json, auto-accept.schedule.checkPrompt.text), its last clause
// ("ultrathink internally avoiding verbosity.", a keyword for one model) said as a plain sentence.
constexpr auto kCheckPromptSource = QT_TRANSLATE_NOOP(
    "mpa::Settings",
    "Make sure that the previous task was implemented fully as per requirements, implement all "
    "gaps, fix all bugs and test everything. Make sure that you reused existing code where "
    "possible instead of duplicating code. Think it through carefully, and keep your answer "
    "short.");
const QString kCheckPromptText = QString::fromUtf8(kCheckPromptSource);
constexpr auto kSchedulePromptSource = QT_TRANSLATE_NOOP("mpa::Settings", "Status report please");
constexpr auto kContinuePromptSource = QT_TRANSLATE_NOOP("mpa::Settings", "Continue");
// Earlier defaults: a file that holds one word for word was never edited by its user, so it gets
// the current default (migrateCheckPromptText()).
const std::array kOldCheckPromptTexts {
    u"Make sure that the previous task was implemented fully as requested, that nothing is missing "
    "and that it works. If anything is missing or broken, finish it now."_s,
    u"Make sure that the previous task was implemented fully as per requirements, implement all gaps, fix "
    "all bugs and test everything. Make sure that you reused existing code where possible instead of "
    "duplicating code. ultrathink internally avoiding verbosity."_s,
};

const std::array kTable = {
    // The engine reconnects to a new address at once (Engine::applyAddress): no restart.
    SettingSpec { .key = SettingKey::CdpHost,
                  .name = "cdp/host",
                  .type = T::String,
                  .defaultValue = u"127.0.0.1"_s,
                  .validator = validateHost },
    SettingSpec { .key = SettingKey::CdpPort,
                  .name = "cdp/port",
                  .type = T::Int,
                  .defaultValue = 9004,
                  .minimum = 1,
                  .maximum = 65535 },
    // Pages the user keeps the app away from: emptied through the debug API, the app would attach
    // to them (auto-accept, agents) against the user's choice. Person-only.
    SettingSpec { .key = SettingKey::CdpIgnoreTargets,
                  .name = "cdp/ignoreTargets",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .validator = validateNonEmptyEntries,
                  .privileged = true },
    SettingSpec { .key = SettingKey::AutoAcceptEnabled,
                  .name = "autoAccept/enabled",
                  .type = T::Bool,
                  .defaultValue = false },
    SettingSpec { .key = SettingKey::AutoAcceptPollIntervalMs,
                  .name = "autoAccept/pollIntervalMs",
                  .type = T::Int,
                  .defaultValue = 1000,
                  .minimum = 200,
                  .maximum = 3000 },
    SettingSpec { .key = SettingKey::AutoAcceptAcceptWords,
                  .name = "autoAccept/acceptWords",
                  .type = T::StringList,
                  .defaultValue = kAcceptWords,
                  .validator = validateNonEmptyEntries,
                  .privileged = true },
    SettingSpec { .key = SettingKey::AutoAcceptRejectWords,
                  .name = "autoAccept/rejectWords",
                  .type = T::StringList,
                  .defaultValue = kRejectWords,
                  .validator = validateNonEmptyEntries,
                  .privileged = true },
    SettingSpec { .key = SettingKey::AutoAcceptUserIdleMs,
                  .name = "autoAccept/userIdleMs",
                  .type = T::Int,
                  .defaultValue = 2000,
                  .maximum = 60000 },
    SettingSpec { .key = SettingKey::SafetyBannedCommands,
                  .name = "safety/bannedCommands",
                  .type = T::StringList,
                  .defaultValue = kBannedCommands,
                  .entryCheck = checkBanEntry,
                  .personOnlyChange = removesBanPattern },
    SettingSpec { .key = SettingKey::SafetyCommandPolicy,
                  .name = "safety/commandPolicy",
                  .type = T::Choice,
                  .defaultValue = u"rules"_s,
                  .choices = { u"rules"_s, u"allowlist"_s },
                  .privileged = true },
    SettingSpec { .key = SettingKey::SafetyAllowedCommands,
                  .name = "safety/allowedCommands",
                  .type = T::StringList,
                  .defaultValue = kAllowedCommands,
                  .privileged = true,
                  .entryCheck = checkAllowEntry },
    SettingSpec { .key = SettingKey::ScheduleEnabled,
                  .name = "schedule/enabled",
                  .type = T::Bool,
                  .defaultValue = false },
    SettingSpec { .key = SettingKey::ScheduleMode,
                  .name = "schedule/mode",
                  .type = T::Choice,
                  .defaultValue = u"interval"_s,
                  .choices = { u"interval"_s, u"daily"_s, u"queue"_s } },
    SettingSpec { .key = SettingKey::ScheduleValue,
                  .name = "schedule/value",
                  .type = T::String,
                  .defaultValue = u"30"_s,
                  .validator = validateScheduleValue },
    SettingSpec { .key = SettingKey::SchedulePrompt,
                  .name = "schedule/prompt",
                  .type = T::String,
                  .defaultValue = QString::fromUtf8(kSchedulePromptSource) },
    SettingSpec { .key = SettingKey::ScheduleQueueMode,
                  .name = "schedule/queueMode",
                  .type = T::Choice,
                  .defaultValue = u"consume"_s,
                  .choices = { u"consume"_s, u"loop"_s } },
    SettingSpec { .key = SettingKey::ScheduleSilenceTimeoutS,
                  .name = "schedule/silenceTimeoutS",
                  .type = T::Int,
                  .defaultValue = 30,
                  .minimum = 10,
                  .maximum = 300 },
    SettingSpec { .key = SettingKey::ScheduleCheckPromptEnabled,
                  .name = "schedule/checkPrompt/enabled",
                  .type = T::Bool,
                  .defaultValue = false },
    SettingSpec { .key = SettingKey::ScheduleCheckPromptText,
                  .name = "schedule/checkPrompt/text",
                  .type = T::String,
                  .defaultValue = kCheckPromptText },
    SettingSpec { .key = SettingKey::ScheduleTargetConversation,
                  .name = "schedule/targetConversation",
                  .type = T::String,
                  .defaultValue = QString() },
    // With several IDE windows: the one whose title holds this (a workspace name); empty = any.
    SettingSpec { .key = SettingKey::ScheduleTargetWindow,
                  .name = "schedule/targetWindow",
                  .type = T::String,
                  .defaultValue = QString() },
    SettingSpec {
        .key = SettingKey::QuotaEnabled, .name = "quota/enabled", .type = T::Bool, .defaultValue = true },
    SettingSpec { .key = SettingKey::QuotaPollIntervalS,
                  .name = "quota/pollIntervalS",
                  .type = T::Int,
                  .defaultValue = 60,
                  .minimum = 30,
                  .maximum = 600 },
    SettingSpec { .key = SettingKey::QuotaResumeQueue,
                  .name = "quota/resumeQueue",
                  .type = T::Bool,
                  .defaultValue = true },
    SettingSpec { .key = SettingKey::QuotaAutoContinue,
                  .name = "quota/autoContinue",
                  .type = T::Bool,
                  .defaultValue = false },
    SettingSpec { .key = SettingKey::DebugEnabled,
                  .name = "debug/enabled",
                  .type = T::Bool,
                  .defaultValue = false,
                  .privileged = true },
    SettingSpec { .key = SettingKey::DebugPort,
                  .name = "debug/port",
                  .type = T::Int,
                  .defaultValue = 54321,
                  .minimum = 1,
                  .maximum = 65535,
                  .privileged = true },
    SettingSpec { .key = SettingKey::DebugAllowEvaluate,
                  .name = "debug/allowEvaluate",
                  .type = T::Bool,
                  .defaultValue = false,
                  .privileged = true },
    SettingSpec { .key = SettingKey::AgentServerEnabled,
                  .name = "agentServer/enabled",
                  .type = T::Bool,
                  .defaultValue = false },
    SettingSpec { .key = SettingKey::AgentServerPort,
                  .name = "agentServer/port",
                  .type = T::Int,
                  .defaultValue = 9005, // not 8080: agents of the LLM Browser Agent listen there
                  .minimum = 1,
                  .maximum = 65535 },
    SettingSpec { .key = SettingKey::ScheduleAutoStartQueue,
                  .name = "schedule/autoStartQueue",
                  .type = T::Bool,
                  .defaultValue = false },
    SettingSpec { .key = SettingKey::ScheduleHistorySize,
                  .name = "schedule/historySize",
                  .type = T::Int,
                  .defaultValue = 50,
                  .minimum = 1,
                  .maximum = 1000 },
    SettingSpec { .key = SettingKey::QuotaModels,
                  .name = "quota/models",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .validator = validateNonEmptyEntries },
    SettingSpec { .key = SettingKey::QuotaContinuePrompt,
                  .name = "quota/continuePrompt",
                  .type = T::String,
                  .defaultValue = QString::fromUtf8(kContinuePromptSource),
                  .validator = validateNotBlank },
    // Hold the queue when any watched model is spent (as the extension did), or only when all are.
    SettingSpec { .key = SettingKey::QuotaHoldWhen,
                  .name = "quota/holdWhen",
                  .type = T::Choice,
                  .defaultValue = u"any"_s,
                  .choices = { u"any"_s, u"all"_s } },
    SettingSpec { .key = SettingKey::UiNotifications,
                  .name = "ui/notifications",
                  .type = T::Bool,
                  .defaultValue = true },
    // Say once, when closing the window, that the app goes on in the tray (it turns itself off
    // after saying so; the General page turns it back on).
    SettingSpec {
        .key = SettingKey::UiTrayNotice, .name = "ui/trayNotice", .type = T::Bool, .defaultValue = true },
    // The first-start welcome was read and put away ("Got It"); until then the window opens
    // with it on every start.
    SettingSpec {
        .key = SettingKey::UiWelcomed, .name = "ui/welcomed", .type = T::Bool, .defaultValue = false },
    // The window's colours: the desktop's (system), or Qt's Fusion style with a light or a dark
    // palette whatever the desktop says.
    SettingSpec { .key = SettingKey::UiTheme,
                  .name = "ui/theme",
                  .type = T::Choice,
                  .defaultValue = u"system"_s,
                  .choices = { u"system"_s, u"light"_s, u"dark"_s } },
    // The settings page the user last looked at (its id: dashboard, queue, …): the window and the
    // tray's Settings… open it, also after a restart.
    SettingSpec { .key = SettingKey::UiLastPage,
                  .name = "ui/lastPage",
                  .type = T::String,
                  .defaultValue = u"dashboard"_s },
    // Set once the app has offered to restart an IDE that runs without debugging (it offers once).
    SettingSpec { .key = SettingKey::UiRelaunchOffered,
                  .name = "ui/relaunchOffered",
                  .type = T::Bool,
                  .defaultValue = false },
    // The extension's summaries: when auto-accept is switched off, on coming back to an IDE
    // window after clicks made while away, and once a week for the week before.
    SettingSpec { .key = SettingKey::UiSessionSummary,
                  .name = "ui/sessionSummary",
                  .type = T::Bool,
                  .defaultValue = true },
    SettingSpec {
        .key = SettingKey::UiWhileAway, .name = "ui/whileAway", .type = T::Bool, .defaultValue = true },
    SettingSpec { .key = SettingKey::UiWeeklySummary,
                  .name = "ui/weeklySummary",
                  .type = T::Bool,
                  .defaultValue = true },
    // The week ("2026-W48") the weekly summary last looked back from.
    SettingSpec { .key = SettingKey::UiWeeklySummaryWeek,
                  .name = "ui/weeklySummaryWeek",
                  .type = T::String,
                  .defaultValue = QString() },
    // Server mode listens on agentServer/port; client mode dials out to agentServer/url. Client
    // mode hands the browser to whatever listens at the url, with no token asked of it (another
    // user's process on this machine): only the user turns it on.
    SettingSpec { .key = SettingKey::AgentServerMode,
                  .name = "agentServer/mode",
                  .type = T::Choice,
                  .defaultValue = u"server"_s,
                  .choices = { u"server"_s, u"client"_s },
                  .privileged = true },
    SettingSpec { .key = SettingKey::AgentServerUrl,
                  .name = "agentServer/url",
                  .type = T::String,
                  .defaultValue = u"ws://localhost:8080"_s,
                  .validator = validateNotBlank },
    // Browser toolkit: how many tabs one agent may own, eval opt-in, what to do with dialogs.
    SettingSpec { .key = SettingKey::ToolkitMaxTabs,
                  .name = "toolkit/maxTabs",
                  .type = T::Int,
                  .defaultValue = 10,
                  .minimum = 1,
                  .maximum = 100 },
    SettingSpec { .key = SettingKey::ToolkitAllowEval,
                  .name = "toolkit/allowEval",
                  .type = T::Bool,
                  .defaultValue = false,
                  .privileged = true },
    SettingSpec { .key = SettingKey::ToolkitDialogs,
                  .name = "toolkit/dialogs",
                  .type = T::Choice,
                  .defaultValue = u"accept"_s,
                  .choices = { u"accept"_s, u"dismiss"_s, u"agent"_s } },
    // May an agent use a tab it did not open (the user's own): ask at the desktop, allow, deny;
    // and the sites the user allowed for good. Only the user gives these rights.
    SettingSpec { .key = SettingKey::ToolkitUserTabs,
                  .name = "toolkit/userTabs",
                  .type = T::Choice,
                  .defaultValue = u"ask"_s,
                  .choices = { u"ask"_s, u"allow"_s, u"deny"_s },
                  .privileged = true },
    SettingSpec { .key = SettingKey::ToolkitAllowedSites,
                  .name = "toolkit/allowedSites",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .validator = validateSiteList,
                  .privileged = true },
    // Sites whose cookies and storage agents may read and change (cookies, storage) without
    // asking: their sign-ins. Not implied by toolkit/allowedSites or userTabs=allow.
    SettingSpec { .key = SettingKey::ToolkitDataSites,
                  .name = "toolkit/dataSites",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .validator = validateSiteList,
                  .privileged = true },
    // `mcp` alone: start a Chromium of its own when nothing answers on the debugging port. That
    // starts a program the user did not start, whose debugging port any local process can drive
    // and whose profile keeps the agents' logins: only the user allows it.
    SettingSpec { .key = SettingKey::ToolkitLaunchBrowser,
                  .name = "toolkit/launchBrowser",
                  .type = T::Bool,
                  .defaultValue = false,
                  .privileged = true },
    // May agents open file: addresses (the user's files)? Never the app's own folders.
    SettingSpec { .key = SettingKey::ToolkitAllowFileUrls,
                  .name = "toolkit/allowFileUrls",
                  .type = T::Bool,
                  .defaultValue = false,
                  .privileged = true },
    // The folders agents may upload files from (`upload`): the user's alone, as a file chooser is.
    SettingSpec { .key = SettingKey::ToolkitUploadDirs,
                  .name = "toolkit/uploadDirs",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .validator = validateFolderList,
                  .privileged = true },
    // The running app serves the toolkit over MCP's streamable HTTP at 127.0.0.1:PORT/mcp (the
    // agent token as Bearer); 0: off. A door into the browser that only the user opens.
    SettingSpec { .key = SettingKey::ToolkitMcpHttpPort,
                  .name = "toolkit/mcpHttpPort",
                  .type = T::Int,
                  .defaultValue = 0,
                  .minimum = 0,
                  .maximum = 65535,
                  .privileged = true },
    // The LLM task agent's model. The key is never a setting (SecretStore: the keychain).
    // Provider and address are the user's alone: pointed elsewhere, the key would go there.
    SettingSpec { .key = SettingKey::LlmProvider,
                  .name = "llm/provider",
                  .type = T::Choice,
                  .defaultValue = u"custom"_s,
                  .choices = { u"custom"_s, u"openai"_s, u"openrouter"_s, u"groq"_s, u"gigachat"_s,
                               u"ollama"_s, u"lmstudio"_s },
                  .privileged = true },
    SettingSpec { .key = SettingKey::LlmBaseUrl,
                  .name = "llm/baseUrl",
                  .type = T::String,
                  .defaultValue = QString(),
                  .validator = validateBaseUrl,
                  .privileged = true },
    SettingSpec {
        .key = SettingKey::LlmModel, .name = "llm/model", .type = T::String, .defaultValue = QString() },
    SettingSpec { .key = SettingKey::LlmTemperature,
                  .name = "llm/temperature",
                  .type = T::String,
                  .defaultValue = u"0.2"_s,
                  .validator = validateTemperature },
    SettingSpec { .key = SettingKey::LlmTimeoutS,
                  .name = "llm/timeoutS",
                  .type = T::Int,
                  .defaultValue = 60,
                  .minimum = 5,
                  .maximum = 600 },
    SettingSpec { .key = SettingKey::LlmMaxRetries,
                  .name = "llm/maxRetries",
                  .type = T::Int,
                  .defaultValue = 3,
                  .minimum = 0,
                  .maximum = 10 },
    // GigaChat's OAuth scope (personal, business prepaid or postpaid API access).
    SettingSpec { .key = SettingKey::LlmGigaChatScope,
                  .name = "llm/gigachatScope",
                  .type = T::Choice,
                  .defaultValue = u"GIGACHAT_API_PERS"_s,
                  .choices = { u"GIGACHAT_API_PERS"_s, u"GIGACHAT_API_B2B"_s, u"GIGACHAT_API_CORP"_s } },
    // Task runs: careful asks before risky actions; autonomous only at the floor below. The mode
    // of the runs the user starts in the window: set to autonomous through the debug API, they
    // would stop asking without the user having chosen it. Person-only.
    SettingSpec { .key = SettingKey::AgentMode,
                  .name = "agent/mode",
                  .type = T::Choice,
                  .defaultValue = u"careful"_s,
                  .choices = { u"careful"_s, u"autonomous"_s },
                  .privileged = true },
    SettingSpec { .key = SettingKey::AgentMaxSteps,
                  .name = "agent/maxSteps",
                  .type = T::Int,
                  .defaultValue = 40,
                  .minimum = 1,
                  .maximum = 500 },
    SettingSpec { .key = SettingKey::AgentReflectEvery,
                  .name = "agent/reflectEvery",
                  .type = T::Int,
                  .defaultValue = 5,
                  .minimum = 0,
                  .maximum = 100 },
    SettingSpec { .key = SettingKey::AgentReflectWithModel,
                  .name = "agent/reflectWithModel",
                  .type = T::Bool,
                  .defaultValue = false },
    // The secrets a task may type (name@site); privileged: an agent that could rebind one would
    // have its value typed on its own site.
    SettingSpec { .key = SettingKey::AgentSecrets,
                  .name = "agent/secrets",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .privileged = true,
                  .entryCheck = checkSecretEntry },
    SettingSpec { .key = SettingKey::AgentShowActions,
                  .name = "agent/showActions",
                  .type = T::Bool,
                  .defaultValue = true },
    SettingSpec { .key = SettingKey::AgentSnapshotChars,
                  .name = "agent/snapshotChars",
                  .type = T::Int,
                  .defaultValue = 12000,
                  .minimum = 2000,
                  .maximum = 200000 },
    SettingSpec { .key = SettingKey::AgentHistorySteps,
                  .name = "agent/historySteps",
                  .type = T::Int,
                  .defaultValue = 20,
                  .minimum = 1,
                  .maximum = 200 },
    SettingSpec { .key = SettingKey::AgentKeepRunsDays,
                  .name = "agent/keepRunsDays",
                  .type = T::Int,
                  .defaultValue = 30,
                  .minimum = 1,
                  .maximum = 3650 },
    // What autonomous runs still ask about: payment and credentials, or nothing at all.
    SettingSpec { .key = SettingKey::AgentAskFloor,
                  .name = "agent/askFloor",
                  .type = T::Choice,
                  .defaultValue = u"payment-credentials"_s,
                  .choices = { u"payment-credentials"_s, u"none"_s },
                  .privileged = true },
    // Screenshots with set-of-marks to the model: auto sends them until the provider refuses
    // images (then not to that model again while the app runs), on always, off never.
    SettingSpec { .key = SettingKey::AgentVision,
                  .name = "agent/vision",
                  .type = T::Choice,
                  .defaultValue = u"auto"_s,
                  .choices = { u"auto"_s, u"on"_s, u"off"_s } },
    // The chat-tab bridge: tabs the chat may open (the oldest is let go beyond it), messages
    // per session, and what reaches the chat. Redaction and the gate's mode are the user's.
    SettingSpec { .key = SettingKey::BridgeMaxTabs,
                  .name = "bridge/maxTabs",
                  .type = T::Int,
                  .defaultValue = 5,
                  .minimum = 1,
                  .maximum = 20 },
    SettingSpec { .key = SettingKey::BridgeMaxTurns,
                  .name = "bridge/maxTurns",
                  .type = T::Int,
                  .defaultValue = 100,
                  .minimum = 1,
                  .maximum = 1000 },
    SettingSpec { .key = SettingKey::BridgeRedact,
                  .name = "bridge/redact",
                  .type = T::Bool,
                  .defaultValue = true,
                  .privileged = true },
    // User rules: "name=regular expression", each masked as [name].
    SettingSpec { .key = SettingKey::BridgeRedactRules,
                  .name = "bridge/redactRules",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .validator = validateRedactRules,
                  .privileged = true },
    SettingSpec { .key = SettingKey::BridgeMode,
                  .name = "bridge/mode",
                  .type = T::Choice,
                  .defaultValue = u"careful"_s,
                  .choices = { u"careful"_s, u"autonomous"_s },
                  .privileged = true },
    // The first start offered to import the VS Code extension's settings (found or not): it is
    // not offered again; the General page's button still imports.
    SettingSpec { .key = SettingKey::UiExtensionImportOffered,
                  .name = "ui/extensionImportOffered",
                  .type = T::Bool,
                  .defaultValue = false },
    // More browsers to watch beside cdp/host:cdp/port (another IDE, a Chrome for agents, a remote
    // browser service). Which browsers the app drives is the user's alone; a service's token or
    // header is in the keychain (cdp/<endpoint>), never here.
    SettingSpec { .key = SettingKey::CdpEndpoints,
                  .name = "cdp/endpoints",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .privileged = true,
                  .entryCheck = checkEndpointEntry },
    // Where new agent tabs open (`open` without `endpoint`): empty, the first endpoint.
    SettingSpec { .key = SettingKey::ToolkitDefaultEndpoint,
                  .name = "toolkit/defaultEndpoint",
                  .type = T::String,
                  .defaultValue = QString(),
                  .validator = validateEndpointChoice },
    // Which IDE's chat the scheduler and the queue send to: empty, the first endpoint that has one.
    SettingSpec { .key = SettingKey::ScheduleEndpoint,
                  .name = "schedule/endpoint",
                  .type = T::String,
                  .defaultValue = QString(),
                  .validator = validateEndpointChoice },
    // Remote browser services (ws://, http:// endpoints) auto-accept clicks on: none unless the
    // user turns it on for one. Widening what auto-accept clicks is the user's alone.
    SettingSpec { .key = SettingKey::AutoAcceptRemoteEndpoints,
                  .name = "autoAccept/remoteEndpoints",
                  .type = T::StringList,
                  .defaultValue = QStringList(),
                  .privileged = true,
                  .entryCheck = checkEndpointEntry },
};
static_assert(kTable.size() == std::size_t(SettingKey::Count_), "every SettingKey needs a row in kTable");

QString describe(const QVariant &value)
{
    if (value.metaType().id() == QMetaType::QStringList)
        return u"["_s + value.toStringList().join(u", "_s) + u']';
    return value.toString();
}

} // namespace

Settings::Settings(const QString &filePath, QObject *parent)
    : Settings(filePath, defaultTable(), parent)
{
}

Settings::Settings(const QString &filePath, std::span<const SettingSpec> table, QObject *parent)
    : QObject(parent)
    , m_table(table)
{
    QDir().mkpath(QFileInfo(filePath).absolutePath());
    m_settings = std::make_unique<QSettings>(filePath, QSettings::IniFormat);
    load();
}

Settings::~Settings() = default;

std::span<const SettingSpec> Settings::defaultTable()
{
    return kTable;
}

const SettingSpec &Settings::spec(SettingKey key) const
{
    for (const SettingSpec &s : m_table) {
        if (s.key == key)
            return s;
    }
    qFatal("Settings: no spec for key %d", int(key));
}

std::optional<SettingKey> Settings::keyForName(const QString &name) const
{
    for (const SettingSpec &s : m_table) {
        if (name == QLatin1StringView(s.name))
            return s.key;
    }
    return std::nullopt;
}

QString Settings::filePath() const
{
    return m_settings->fileName();
}

bool Settings::checkFile(const QString &path, QString *error)
{
    const QFileInfo info(path);
    // Saving writes through a link: one that leaves the config folder could overwrite any file
    // the app may write (a system file, run as root).
    if (!JsonDataFile::checkLink(path, error))
        return false;
    if (!info.exists())
        return true;
    if (info.isDir())
        return refuse(error, u"it is a folder"_s);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return refuse(error, u"it cannot be opened (%1)"_s.arg(file.errorString()));
    const QByteArray bytes = file.read(qint64(4) * 1024 * 1024 + 1);
    if (bytes.size() > qint64(4) * 1024 * 1024)
        return refuse(error, u"it is over 4 MiB, far more than settings"_s);
    if (bytes.contains('\0'))
        return refuse(error, u"it has NUL bytes: it is not text"_s);
    // QSettings skips what it cannot parse and would save over it: JSON, merge-conflict
    // markers or notes must not be taken for an empty settings file.
    bool continued = false;
    const QList<QByteArray> lines = bytes.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const bool wasContinued = std::exchange(continued, line.endsWith('\\'));
        if (wasContinued || line.isEmpty() || line.startsWith(';') || line.startsWith('#')
            || (line.startsWith('[') && line.endsWith(']')) || line.contains('='))
            continue;
        return refuse(
            error,
            u"line %1 is neither [section] nor key=value (“%2”): it is not an INI file"_s.arg(i + 1).arg(
                QString::fromUtf8(line.left(60))));
    }
    return true;
}

void Settings::load()
{
    const QString path = m_settings->fileName();
    QString problem;
    if (checkFile(path, &problem)) {
        m_settings->sync();
        if (m_settings->status() != QSettings::NoError)
            problem = u"it is not a settings file QSettings can read"_s;
    }
    if (!problem.isEmpty()) {
        m_settings.reset();
        // Moved aside with its bytes intact (a link is moved, not what it points at).
        qCWarning(lcSettings).noquote()
            << JsonDataFile::moveAside(path, problem, u"the defaults are in use"_s, &m_movedAside);
        if (m_movedAside.isEmpty())
            QFile::remove(path);
        m_settings = std::make_unique<QSettings>(path, QSettings::IniFormat);
    }
    migrate();
}

bool Settings::keepToTheRule(QString *error)
{
    const QString path = m_settings->fileName();
    QString problem;
    if (JsonDataFile::checkLink(path, &problem))
        return true;
    // Put in place while the app runs: moved aside like one found at start, and the settings
    // this app holds go on in a file of its own.
    QString movedTo;
    const QString said
        = JsonDataFile::moveAside(path, problem, u"the settings go on in a new file"_s, &movedTo);
    qCWarning(lcSettings).noquote() << said;
    if (movedTo.isEmpty()) {
        m_lastSaveFailed = true;
        return refuse(error, u"%1 was not saved: %2"_s.arg(path, problem));
    }
    reopen();
    return true;
}

void Settings::reopen()
{
    // QSettings would re-read the file (a link's target) or forget every key (the file gone), and
    // it keeps the first error it met for good: the values held here are carried over by hand.
    QList<std::pair<QString, QVariant>> held;
    for (const QString &key : m_settings->allKeys())
        held.append({ key, m_settings->value(key) });
    m_settings = std::make_unique<QSettings>(filePath(), QSettings::IniFormat);
    for (const auto &[key, value] : std::as_const(held))
        m_settings->setValue(key, value);
}

void Settings::migrate()
{
    for (const SettingSpec &s : m_table) {
        if (!s.oldName)
            continue;
        const QString oldName = QString::fromLatin1(s.oldName);
        const QString newName = QString::fromLatin1(s.name);
        if (!m_settings->contains(oldName))
            continue;
        if (!m_settings->contains(newName))
            m_settings->setValue(newName, m_settings->value(oldName));
        m_settings->remove(oldName);
        qCInfo(lcSettings).noquote() << "Setting" << oldName << "is now called" << newName;
    }
    migrateBanList();
    migrateAgentServerPort();
    migrateCheckPromptText();
    m_settings->sync();
}

void Settings::migrateBanList()
{
    const QString name = u"safety/bannedCommands"_s;
    if (!m_settings->contains(name))
        return;
    const QStringList stored = m_settings->value(name).toStringList();
    const bool hasAllOld = std::all_of(kOldDefaultBannedCommands.cbegin(), kOldDefaultBannedCommands.cend(),
                                       [&](const QString &entry) { return stored.contains(entry); });
    if (!hasAllOld)
        return; // the user's own list: theirs to keep
    QStringList kept;
    for (const QString &entry : stored)
        if (!kOldDefaultBannedCommands.contains(entry))
            kept.append(entry);
    if (kept.isEmpty())
        m_settings->remove(name);
    else
        m_settings->setValue(name, kept);
    qCInfo(lcSettings).noquote()
        << u"The ban list's old default substrings were dropped from %1: the built-in "
           "rules stop those commands and more, in any spelling. %2 entries of your "
           "own are kept."_s.arg(name)
               .arg(kept.size());
}

void Settings::migrateCheckPromptText()
{
    const QString name = u"schedule/checkPrompt/text"_s;
    if (!m_settings->contains(name)
        || std::find(kOldCheckPromptTexts.cbegin(), kOldCheckPromptTexts.cend(),
                     m_settings->value(name).toString().trimmed())
            == kOldCheckPromptTexts.cend())
        return; // not set, or the user's own words: theirs to keep
    m_settings->remove(name);
    qCInfo(lcSettings).noquote() << u"%1 held an earlier default text; it now has the current one"_s.arg(
        name);
}

void Settings::migrateAgentServerPort()
{
    // Server mode listened on 8080 by default before; someone who runs it keeps that port (their
    // agents dial it), everyone else gets the new default, which no such agent competes for.
    const QString port = u"agentServer/port"_s;
    if (m_settings->contains(port) || !m_settings->value(u"agentServer/enabled"_s).toBool()
        || m_settings->value(u"agentServer/mode"_s, u"server"_s).toString() != u"server"_s)
        return;
    m_settings->setValue(port, 8080);
    qCInfo(lcSettings).noquote() << u"%1 stays 8080, the port your agent server has been using (the default "
                                    "for new setups is 9005)"_s.arg(port);
}

std::optional<QVariant> Settings::convert(const SettingSpec &spec, const QVariant &raw, UserText *why) const
{
    switch (spec.type) {
    case T::Bool: {
        if (raw.metaType().id() == QMetaType::Bool)
            return raw;
        const QString text = raw.toString().trimmed().toLower();
        if (text == u"true"_s || text == u"1"_s || text == u"yes"_s || text == u"on"_s)
            return QVariant(true);
        if (text == u"false"_s || text == u"0"_s || text == u"no"_s || text == u"off"_s)
            return QVariant(false);
        *why = UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "'%1' is not true or false"))
                   .arg(raw.toString());
        return std::nullopt;
    }
    case T::Int: {
        bool ok = false;
        const qlonglong number = raw.metaType().id() == QMetaType::QString
            ? raw.toString().trimmed().toLongLong(&ok)
            : raw.toLongLong(&ok);
        if (!ok) {
            *why = UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "'%1' is not a whole number"))
                       .arg(raw.toString());
            return std::nullopt;
        }
        if (number < spec.minimum || number > spec.maximum) {
            *why = UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "%1 is outside %2–%3"))
                       .arg(number)
                       .arg(spec.minimum)
                       .arg(spec.maximum);
            return std::nullopt;
        }
        return QVariant(int(number));
    }
    case T::String: {
        if (raw.metaType().id() == QMetaType::QStringList) {
            // QSettings reads an unquoted value with commas back as a list.
            return QVariant(raw.toStringList().join(u", "_s));
        }
        if (!raw.canConvert<QString>()) {
            *why = UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "it is not text"));
            return std::nullopt;
        }
        return QVariant(raw.toString());
    }
    case T::StringList: {
        if (!raw.isValid())
            return QVariant(QStringList()); // QSettings stores an empty list as @Invalid()
        if (raw.metaType().id() == QMetaType::QStringList)
            return raw;
        if (raw.metaType().id() == QMetaType::QVariantList)
            return QVariant(raw.toStringList());
        const QString text = raw.toString();
        return QVariant(text.isEmpty() ? QStringList() : QStringList { text });
    }
    case T::Choice: {
        const QString text = raw.toString().trimmed();
        if (!spec.choices.contains(text)) {
            *why = UserText("mpa::Settings", QT_TRANSLATE_NOOP("mpa::Settings", "'%1' is not one of %2"))
                       .arg(text)
                       .arg(spec.choices.join(u", "_s));
            return std::nullopt;
        }
        return QVariant(text);
    }
    }
    return std::nullopt;
}

bool Settings::validate(SettingKey key, const QVariant &value, QString *error) const
{
    UserText why;
    if (validate(key, value, &why))
        return true;
    return refuse(error, u"%1: %2"_s.arg(QLatin1StringView(spec(key).name), why.english()));
}

bool Settings::validate(SettingKey key, const QVariant &value, UserText *why) const
{
    const SettingSpec &s = spec(key);
    UserText problem;
    const auto converted = convert(s, value, &problem);
    if (!converted)
        return refuse(why, problem);
    if (s.entryCheck) {
        for (const QString &entry : converted->toStringList()) {
            if (!s.entryCheck(entry, &problem))
                return refuse(why, problem);
        }
    }
    if (s.validator && !s.validator(*converted, &problem))
        return refuse(why, problem);
    return true;
}

bool Settings::isPersonOnly(SettingKey key, const QVariant &value, QString *why) const
{
    const SettingSpec &s = spec(key);
    const QString name = QString::fromLatin1(s.name);
    QString sentence;
    if (s.privileged) {
        sentence
            = u"%1 is changed only by the user, in the settings window or settings.ini: through the "
              "debug API it would raise the API's own rights or widen what auto-accept clicks"_s.arg(name);
    } else {
        UserText unreadable;
        const auto converted = s.personOnlyChange ? convert(s, value, &unreadable) : std::nullopt;
        QString problem;
        if (!converted || !s.personOnlyChange(this->value(key), *converted, &problem))
            return false;
        sentence = u"%1: %2"_s.arg(name, problem);
    }
    if (why)
        *why = sentence;
    return true;
}

QList<UserText> Settings::skippedEntries(SettingKey key) const
{
    const SettingSpec &s = spec(key);
    const QString name = QString::fromLatin1(s.name);
    if (!s.entryCheck || !m_settings->contains(name))
        return {};
    UserText why;
    const auto converted = convert(s, m_settings->value(name), &why);
    if (!converted)
        return {};
    QList<UserText> skipped;
    for (const QString &entry : converted->toStringList()) {
        if (UserText problem; !s.entryCheck(entry, &problem))
            skipped.append(problem);
    }
    return skipped;
}

namespace {

// A default in words the user reads and sends (a prompt) is in the window's language until the
// user sets the key (English without a translator: the command line, an English desktop); what
// the user saved is never changed.
QVariant defaultOf(const SettingSpec &s)
{
    switch (s.key) {
    case SettingKey::SchedulePrompt:
        return QCoreApplication::translate("mpa::Settings", kSchedulePromptSource);
    case SettingKey::ScheduleCheckPromptText:
        return QCoreApplication::translate("mpa::Settings", kCheckPromptSource);
    case SettingKey::QuotaContinuePrompt:
        return QCoreApplication::translate("mpa::Settings", kContinuePromptSource);
    default:
        return s.defaultValue;
    }
}

} // namespace

QVariant Settings::value(SettingKey key) const
{
    const SettingSpec &s = spec(key);
    const QString name = QString::fromLatin1(s.name);
    if (!m_settings->contains(name))
        return defaultOf(s);
    const QVariant raw = m_settings->value(name);
    UserText why;
    auto converted = convert(s, raw, &why);
    if (converted && s.entryCheck) {
        // The good entries stay in force; each bad one is skipped, and said once.
        QStringList kept;
        QStringList skipped;
        for (const QString &entry : converted->toStringList()) {
            if (UserText problem; s.entryCheck(entry, &problem))
                kept.append(entry);
            else
                skipped.append(problem.english());
        }
        if (!skipped.isEmpty() && !m_warned.contains(int(key))) {
            m_warned.insert(int(key));
            qCWarning(lcSettings).noquote()
                << u"%1: %2 has %3 entries that cannot be used and are skipped (%4); its other %5 entries "
                   "apply"_s.arg(filePath(), name)
                       .arg(skipped.size())
                       .arg(skipped.join(u"; "_s))
                       .arg(kept.size());
        }
        converted = QVariant(kept);
    }
    const bool valid = converted && (!s.validator || s.validator(*converted, &why));
    if (!valid) {
        if (!m_warned.contains(int(key))) {
            m_warned.insert(int(key));
            qCWarning(lcSettings).noquote() << u"%1: %2 = %3 is not usable (%4); using the default %5"_s.arg(
                filePath(), name, describe(raw), why.english(), describe(s.defaultValue));
        }
        return defaultOf(s);
    }
    return *converted;
}

bool Settings::isSet(SettingKey key) const
{
    return m_settings->contains(QString::fromLatin1(spec(key).name));
}

bool Settings::setValue(SettingKey key, const QVariant &value, QString *error)
{
    const SettingSpec &s = spec(key);
    if (!validate(key, value, error))
        return false;
    UserText why;
    const QVariant converted = *convert(s, value, &why);
    const QVariant before = this->value(key);
    const QString name = QString::fromLatin1(s.name);
    if (!keepToTheRule(error))
        return false;
    // A save that failed before left QSettings reporting that failure for good: this write is
    // judged on its own.
    if (m_settings->status() != QSettings::NoError)
        reopen();
    const std::optional<QVariant> stored
        = m_settings->contains(name) ? std::optional<QVariant>(m_settings->value(name)) : std::nullopt;
    m_settings->setValue(name, converted);
    m_settings->sync();
    m_lastSaveFailed = m_settings->status() == QSettings::AccessError;
    if (m_lastSaveFailed) {
        // Not on disk: not kept in memory either, so the app never acts on a value it lost.
        if (stored)
            m_settings->setValue(name, *stored);
        else
            m_settings->remove(name);
        const QString problem = u"%1 could not be saved (the file or its folder is read-only, or the disk is "
                                "full): %2 was not changed"_s.arg(filePath(), name);
        qCWarning(lcSettings).noquote() << problem;
        if (error)
            *error = problem;
        return false;
    }
    m_warned.remove(int(key));
    if (before != converted)
        Q_EMIT changed(key);
    return true;
}

void Settings::reset(SettingKey key)
{
    const QVariant before = value(key);
    if (!keepToTheRule(nullptr))
        return;
    m_settings->remove(QString::fromLatin1(spec(key).name));
    m_settings->sync();
    m_warned.remove(int(key));
    if (before != value(key))
        Q_EMIT changed(key);
}

void Settings::resetAll()
{
    for (const SettingSpec &s : m_table)
        reset(s.key);
}

bool Settings::resetAllWithBackup(ResetScope scope, QString *backupPath, QString *error)
{
    // The copy must be of the app's own file, never of what a planted link points at.
    if (!keepToTheRule(error))
        return false;
    m_settings->sync();
    const QString source = filePath();
    QString backup;
    if (QFileInfo::exists(source)) {
        const QFileInfo info(source);
        const QString stamp = QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
        backup = info.dir().filePath(
            u"%1-before-reset-%2.%3"_s.arg(info.completeBaseName(), stamp, info.suffix()));
        // Two resets within a second keep both copies.
        for (int n = 2; QFileInfo::exists(backup); ++n)
            backup = info.dir().filePath(
                u"%1-before-reset-%2-%3.%4"_s.arg(info.completeBaseName(), stamp).arg(n).arg(info.suffix()));
        if (!QFile::copy(source, backup)) {
            if (error)
                *error = u"could not copy %1 to %2 before resetting; nothing was reset"_s.arg(source, backup);
            qCWarning(lcSettings).noquote() << "reset refused: could not back up" << source << "to" << backup;
            return false;
        }
        // The copy holds the same settings as the original: the user's eyes only.
        QFile::setPermissions(backup, QFile::ReadOwner | QFile::WriteOwner);
    }
    for (const SettingSpec &spec : m_table) {
        if (scope == ResetScope::Everything || !isPersonOnly(spec.key, spec.defaultValue))
            reset(spec.key);
    }
    m_settings->sync();
    if (backupPath)
        *backupPath = backup;
    qCInfo(lcSettings).noquote() << "every setting was reset to its default"
                                 << (backup.isEmpty() ? u"(there was no settings file to keep)"_s
                                                      : u"; the old settings are in "_s + backup);
    return true;
}

void Settings::sync()
{
    if (keepToTheRule(nullptr))
        m_settings->sync();
}

QVariantMap Settings::toVariantMap() const
{
    QVariantMap map;
    for (const SettingSpec &s : m_table)
        map.insert(QString::fromLatin1(s.name), value(s.key));
    return map;
}

} // namespace mpa
