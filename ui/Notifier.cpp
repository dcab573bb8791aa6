#include "Notifier.h"

#include "agent/RunManager.h"
#include "autoaccept/AutoAcceptController.h"
#include "bridge/BridgeManager.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "common/EnumNames.h"
#include "common/KnownSentences.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QDateTime>
#include <QLocale>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa {

Notifier::Notifier(Settings *settings, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(clock)
{
    // A run that asks is never kept waiting by the gap.
    const std::array<std::chrono::milliseconds, 6> gaps { 60s, 30s, 10s, 60s, 0s, 0s };
    for (std::size_t i = 0; i < m_channels.size(); ++i) {
        Channel &c = m_channels.at(i);
        c.gap = gaps.at(i);
        c.flush = new ClockTimer(m_clock, this);
        connect(c.flush, &ClockTimer::timeout, this, [this, i] { flush(Subject(i)); });
    }
}

void Notifier::setMinimumGap(Subject subject, std::chrono::milliseconds gap)
{
    channel(subject).gap = gap;
}

std::chrono::milliseconds Notifier::minimumGap(Subject subject) const
{
    return m_channels.at(std::size_t(subject)).gap;
}

namespace {

// The notification's kind in the log, which stays English (its title and message are in the
// window's language).
constexpr EnumName<Notifier::Kind> kKindNames[] {
    { Notifier::Kind::ConnectionLost, u"connection lost" },
    { Notifier::Kind::ConnectionRestored, u"connection restored" },
    { Notifier::Kind::CommandBlocked, u"command blocked" },
    { Notifier::Kind::QueueFinished, u"queue finished" },
    { Notifier::Kind::QuotaExhausted, u"quota exhausted" },
    { Notifier::Kind::QuotaRestored, u"quota restored" },
    { Notifier::Kind::RunQuestion, u"run question" },
    { Notifier::Kind::RunFinished, u"run finished" },
    { Notifier::Kind::BridgeQuestion, u"bridge question" },
    { Notifier::Kind::SessionSummary, u"session summary" },
    { Notifier::Kind::WhileAway, u"while away" },
    { Notifier::Kind::WeeklySummary, u"weekly summary" },
};

} // namespace

Notifier::Subject Notifier::subjectOf(Kind kind)
{
    switch (kind) {
    case Kind::ConnectionLost:
    case Kind::ConnectionRestored:
        return Subject::Connection;
    case Kind::CommandBlocked:
        return Subject::Blocked;
    case Kind::QueueFinished:
        return Subject::Queue;
    case Kind::QuotaExhausted:
    case Kind::QuotaRestored:
        return Subject::Quota;
    case Kind::RunQuestion:
    case Kind::RunFinished:
    case Kind::BridgeQuestion:
        return Subject::Runs;
    case Kind::SessionSummary:
    case Kind::WhileAway:
    case Kind::WeeklySummary:
        return Subject::Summary;
    }
    return Subject::Connection;
}

void Notifier::watch(Engine *engine)
{
    m_engine = engine;
    CdpEndpoint *endpoint = engine->endpoint();
    if (endpoint->isConnected())
        m_connectedAddress = endpoint->address();
    connect(endpoint, &CdpEndpoint::connected, this, [this, endpoint](const QString &browser) {
        m_connectedAddress = endpoint->address();
        connectionRestored(m_connectedAddress, browser);
    });
    connect(endpoint, &CdpEndpoint::disconnected, this, [this, endpoint](const QString &reason) {
        // Stopping the engine or pointing it elsewhere is the user's doing, not a loss.
        if (!m_engine || !m_engine->isRunning() || endpoint->address() != m_connectedAddress)
            return;
        connectionLost(m_connectedAddress, knownSentence(reason).translated());
    });
    connect(engine->autoAccept(), &AutoAcceptController::commandBlocked, this,
            [this](const QString &title, const QString &url, const QString &, const QString &command) {
                commandBlocked(command, title.isEmpty() ? url : title);
            });
    AutoAcceptController *autoAccept = engine->autoAccept();
    if (autoAccept->isEnabled())
        m_sessionStart = autoAccept->stats()->cumulative();
    connect(autoAccept, &AutoAcceptController::enabledChanged, this, [this, autoAccept](bool enabled) {
        const AutoAcceptCounts now = autoAccept->stats()->cumulative();
        if (enabled) {
            m_sessionStart = now;
            return;
        }
        const AutoAcceptCounts session = AutoAcceptCounts::growth(m_sessionStart.value_or(now), now);
        m_sessionStart.reset();
        sessionSummary(session.clicks, session.blocked, session.secondsSaved());
    });
    connect(autoAccept, &AutoAcceptController::userReturned, this,
            [this](const QString &, const QString &title, int clicks) { whileAway(title, clicks); });
    m_weekTimer = new ClockTimer(m_clock, this);
    connect(m_weekTimer, &ClockTimer::timeout, this, &Notifier::checkWeek);
    checkWeek();
    Scheduler *scheduler = engine->scheduler();
    connect(scheduler, &Scheduler::queueFinished, this,
            [this, scheduler](const QString &) { queueFinished(scheduler->promptsSentThisRun()); });
    RunManager *runs = engine->runs();
    connect(runs, &RunManager::questionAsked, this,
            [this, runs](const QString &id, const RunQuestion &question) {
                const std::optional<RunRecord> run = runs->run(id);
                runQuestion(run ? run->task : id, knownSentence(question.question).translated());
            });
    connect(runs, &RunManager::runFinished, this, [this, runs](const QString &id) {
        const std::optional<RunRecord> run = runs->run(id);
        if (!run || run->status == RunStatus::Cancelled)
            return;
        const bool good = run->status == RunStatus::Done && run->success;
        // The model's own result as it wrote it; why a run ended is core's English, said in German.
        runFinished(run->task, run->hasResult ? run->resultText : knownSentence(run->reason).translated(),
                    !good);
    });
    BridgeManager *bridge = engine->bridge();
    connect(bridge, &BridgeManager::questionAsked, this,
            [this, bridge](const QString &id, const QString &question) {
                const std::optional<BridgeRecord> record = bridge->session(id);
                bridgeQuestion(record ? record->goal : id, knownSentence(question).translated());
            });
    QuotaMonitor *quota = engine->quota();
    connect(quota, &QuotaMonitor::holdChanged, this, [this, quota](bool holding, const QString &) {
        const QuotaMonitor::Verdict &verdict = quota->verdict();
        if (holding) {
            // The earliest reset among the models that ran out, if the IDE said.
            QDateTime reset;
            for (const QString &label : verdict.exhausted) {
                const ModelQuota *model = quota->snapshot().model(label);
                if (model && model->resetTime.isValid() && (!reset.isValid() || model->resetTime < reset))
                    reset = model->resetTime;
            }
            quotaExhausted(verdict.exhausted.join(u", "_s),
                           reset.isValid() ? QLocale().toString(reset.toLocalTime(), QLocale::ShortFormat)
                                           : QString());
        } else {
            const QStringList watched
                = m_engine ? m_engine->settings()->listValue(SettingKey::QuotaModels) : QStringList();
            quotaRestored(watched.isEmpty() ? tr("the models") : watched.join(u", "_s));
        }
    });
}

void Notifier::connectionLost(const QString &address, const QString &reason)
{
    post({ Kind::ConnectionLost, tr("Connection to the IDE lost"),
           tr("Nothing answers at %1 any more (%2). The app reconnects as soon as the IDE is back.")
               .arg(address, reason),
           true });
}

void Notifier::connectionRestored(const QString &address, const QString &browser)
{
    post({ Kind::ConnectionRestored, tr("Connected to the IDE again"),
           browser.isEmpty() ? tr("%1 answers again.").arg(address)
                             : tr("%1 answers again (%2).").arg(address, browser),
           false });
}

void Notifier::commandBlocked(const QString &command, const QString &page)
{
    const QString told = command.simplified();
    if (m_blockedTold.contains(told)) {
        qCInfo(lcUi).noquote() << u"blocked again (told once already): %1"_s.arg(told);
        return;
    }
    if (m_blockedTold.size() >= 1000) // a bound for a long run of ever-new commands
        m_blockedTold.clear();
    m_blockedTold.insert(told);
    post({ Kind::CommandBlocked, tr("Command blocked"),
           page.isEmpty() ? tr("Not run: %1").arg(command) : tr("Not run in %1: %2").arg(page, command),
           true });
}

void Notifier::queueFinished(int promptsSent)
{
    post({ Kind::QueueFinished, tr("Prompt queue finished"),
           tr("%n prompt(s) sent; the queue is empty.", nullptr, int(promptsSent)), false });
}

void Notifier::quotaExhausted(const QString &model, const QString &resetsAt)
{
    post({ Kind::QuotaExhausted, tr("Quota used up"),
           resetsAt.isEmpty() ? tr("%1 has no quota left; the queue waits.").arg(model)
                              : tr("%1 has no quota left until %2; the queue waits.").arg(model, resetsAt),
           true });
}

void Notifier::quotaRestored(const QString &model)
{
    post({ Kind::QuotaRestored, tr("Quota is back"), tr("%1 can be used again.").arg(model), false });
}

void Notifier::runQuestion(const QString &task, const QString &question)
{
    post({ Kind::RunQuestion, tr("A task run needs you"), tr("%1 — %2").arg(task.left(60), question), true });
}

void Notifier::bridgeQuestion(const QString &goal, const QString &question)
{
    post({ Kind::BridgeQuestion, tr("The bridge needs you"), tr("%1 — %2").arg(goal.left(60), question),
           true });
}

void Notifier::runFinished(const QString &task, const QString &outcome, bool warning)
{
    post({ Kind::RunFinished, tr("Task run ended"), tr("%1 — %2").arg(task.left(60), outcome), warning });
}

namespace {

// "about 4 minutes", "about 1.5 hours" (the extension's wording: minutes up to an hour).
QString aboutTime(qint64 seconds)
{
    const qint64 minutes = (seconds + 30) / 60;
    if (minutes >= 60)
        return Notifier::tr("about %1 hours").arg(QLocale().toString(double(minutes) / 60.0, 'f', 1));
    if (minutes <= 1)
        return Notifier::tr("about a minute");
    return Notifier::tr("about %1 minutes").arg(minutes);
}

} // namespace

void Notifier::sessionSummary(qint64 clicks, qint64 blocked, qint64 secondsSaved)
{
    if (clicks == 0 && blocked == 0)
        return;
    if (m_settings && !m_settings->boolValue(SettingKey::UiSessionSummary))
        return;
    QString done = tr("%n action(s) handled", nullptr, int(clicks));
    if (blocked > 0)
        done = tr("%1, %n command(s) blocked", nullptr, int(blocked)).arg(done);
    const QString message
        = clicks > 0 ? tr("%1; %2 saved.").arg(done, aboutTime(secondsSaved)) : tr("%1.").arg(done);
    post({ Kind::SessionSummary, tr("Auto-accept is off: this session"), message, false });
}

void Notifier::whileAway(const QString &window, int clicks)
{
    if (clicks <= 0 || (m_settings && !m_settings->boolValue(SettingKey::UiWhileAway)))
        return;
    post({ Kind::WhileAway, tr("While you were away"),
           tr("%n action(s) handled in %1 while you were away.", nullptr, int(clicks))
               .arg(window.isEmpty() ? tr("the IDE") : window),
           false });
}

void Notifier::weeklySummary(qint64 clicks, qint64 blocked, qint64 secondsSaved)
{
    if (clicks == 0 || (m_settings && !m_settings->boolValue(SettingKey::UiWeeklySummary)))
        return;
    QString message
        = tr("Last week the app clicked %n button(s) for you and saved you %1.", nullptr, int(clicks))
              .arg(aboutTime(secondsSaved));
    if (blocked > 0)
        message += u' ' + tr("It blocked %n dangerous command(s).", nullptr, int(blocked));
    post({ Kind::WeeklySummary, tr("Your week with auto-accept"), message, false });
}

void Notifier::checkWeek()
{
    if (!m_engine || !m_settings)
        return;
    if (m_weekTimer)
        m_weekTimer->start(std::chrono::hours(1)); // and again in an hour
    const QDate today = QDateTime::fromMSecsSinceEpoch(m_clock->nowMs(), m_clock->timeZone()).date();
    const QString week = AutoAcceptStats::weekKey(today);
    const QString seen = m_settings->stringValue(SettingKey::UiWeeklySummaryWeek);
    if (seen == week)
        return;
    m_settings->setValue(SettingKey::UiWeeklySummaryWeek, week);
    if (seen.isEmpty())
        return; // the first look: nothing to look back on yet
    const AutoAcceptCounts last = m_engine->autoAccept()->stats()->week(today.addDays(-7));
    weeklySummary(last.clicks, last.blocked, last.secondsSaved());
}

bool Notifier::enabled() const
{
    return !m_settings || m_settings->boolValue(SettingKey::UiNotifications);
}

void Notifier::post(const Notification &notification)
{
    // Only the kind: the text is in the window's language, and the log stays English (what
    // happened is logged in English where it happened).
    qCInfo(lcUi).noquote() << u"notification: %1"_s.arg(enumName(kKindNames, notification.kind));
    if (!enabled())
        return;
    const Subject subject = subjectOf(notification.kind);
    Channel &c = channel(subject);
    // "Back" means nothing to a user who was never told "lost".
    if (notification.kind == Kind::ConnectionRestored && c.lastShownKind != Kind::ConnectionLost
        && !(c.pending && c.pending->kind == Kind::ConnectionLost)) {
        return;
    }
    const qint64 now = m_clock->nowMs();
    // (A clock set back counts as the gap having passed.)
    if (!c.lastShownMs || now - *c.lastShownMs >= c.gap.count() || now < *c.lastShownMs) {
        show(c, notification);
        return;
    }
    c.pending = notification;
    ++c.suppressed;
    if (!c.flush->isActive())
        c.flush->start(std::chrono::milliseconds(*c.lastShownMs + c.gap.count() - now));
}

void Notifier::flush(Subject subject)
{
    Channel &c = channel(subject);
    if (!c.pending)
        return;
    Notification notification = *c.pending;
    const int suppressed = c.suppressed;
    c.pending.reset();
    c.suppressed = 0;
    if (!enabled())
        return;
    // Latest state wins; say nothing when it is what the user was last told.
    if (subject != Subject::Blocked && c.lastShownKind == notification.kind && subject != Subject::Queue)
        return;
    if (subject == Subject::Blocked && suppressed > 1) {
        notification.title = tr("%1 more commands blocked").arg(suppressed);
        notification.message = tr("The last one: %1").arg(notification.message);
    }
    show(c, notification);
}

void Notifier::show(Channel &channel, const Notification &notification)
{
    channel.lastShownMs = m_clock->nowMs();
    channel.lastShownKind = notification.kind;
    channel.pending.reset();
    channel.suppressed = 0;
    channel.flush->stop();
    Q_EMIT notified(notification);
}

} // namespace mpa
