#include "AutoAcceptController.h"

#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "common/ClockTimer.h"
#include "common/SystemClock.h"
#include "logging/LogCategories.h"
#include "page/Payload.h"
#include "page/PayloadHub.h"
#include "settings/SafetySettings.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QPointer>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString kindText(const QString &kind)
{
    if (kind == u"fileEdit"_s)
        return u"file edit"_s;
    if (kind == u"terminalCommand"_s)
        return u"terminal command"_s;
    return u"other"_s;
}

CdpSession *pageOf(CdpSession *session)
{
    CdpSession *page = session->pageSession();
    return page ? page : session;
}

} // namespace

QJsonObject AutoAcceptController::BlockedCommand::toJson() const
{
    return {
        { u"time"_s, time.toString(Qt::ISODateWithMs) },
        { u"targetId"_s, targetId },
        { u"targetTitle"_s, targetTitle },
        { u"pageUrl"_s, pageUrl },
        { u"label"_s, label },
        { u"pattern"_s, pattern },
        { u"command"_s, command },
    };
}

AutoAcceptController::AutoAcceptController(CdpEndpoint *endpoint, PayloadHub *payloads, Settings *settings,
                                           const QString &configDir, QObject *parent, Clock *clock)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_payloads(payloads)
    , m_settings(settings)
    , m_configDir(configDir)
    , m_stats(new AutoAcceptStats(configDir, this))
    , m_clock(clock ? clock : new SystemClock(this))
    , m_collectTimer(new ClockTimer(m_clock, this))
    , m_leaseTimer(new ClockTimer(m_clock, this))
{
    m_profiles.load(configDir);
    m_lastEnabled = isEnabled();
    // The hub may outlive this controller: the rule must not call into a deleted one.
    // The ban check first: auto-accept asks it before every click (and clicks nothing without it).
    const auto wanted = [self = QPointer<AutoAcceptController>(this)](CdpSession *session) {
        return self && self->isEnabled() && self->profileFor(session) != nullptr && self->clicksAt(session);
    };
    m_payloads->addScript(banCheckScript(), wanted);
    m_payloads->addScript(payloadScript(), wanted);
    connect(m_payloads, &PayloadHub::reportReceived, this, &AutoAcceptController::onReport);
    // The hub connected first, so a new target already has the module when apply() runs.
    connect(m_endpoint, &CdpEndpoint::sessionAttached, this, &AutoAcceptController::apply);
    connect(m_endpoint, &CdpEndpoint::sessionInfoChanged, this, &AutoAcceptController::apply);
    connect(m_endpoint, &CdpEndpoint::sessionDetached, this, [this](CdpSession *session) {
        const QString prefix = session->targetId() + u'|';
        m_lastSeen.removeIf([&](const auto &it) { return it.key().startsWith(prefix); });
        m_panelSeen.removeIf([&](const auto &it) { return it.key().startsWith(prefix); });
        m_pageInfo.remove(session->targetId());
        m_present.remove(session->targetId());
        m_awayClicks.remove(session->targetId());
        if (auto it = m_targets.find(session->targetId()); it != m_targets.end()) {
            it->attached = false;
            Q_EMIT targetsChanged();
        }
    });
    connect(m_settings, &Settings::changed, this, &AutoAcceptController::onSettingChanged);
    connect(m_stats, &AutoAcceptStats::changed, this, &AutoAcceptController::statsChanged);
    connect(m_collectTimer, &ClockTimer::timeout, this, [this] {
        m_collectTimer->start(kCollectInterval);
        collectNow(this, {});
    });
    m_collectTimer->start(kCollectInterval);
    connect(m_leaseTimer, &ClockTimer::timeout, this, [this] {
        m_leaseTimer->start(m_leaseRenewal);
        renewLeases();
    });
    m_leaseTimer->start(m_leaseRenewal);
}

void AutoAcceptController::setLeaseTiming(std::chrono::milliseconds renewal,
                                          std::chrono::milliseconds duration)
{
    m_leaseRenewal = renewal;
    m_leaseDuration = duration;
    m_leaseTimer->start(renewal);
    applyAll();
}

QList<PayloadInjector *> AutoAcceptController::injectorsWithModule() const
{
    QList<PayloadInjector *> list;
    for (PayloadInjector *injector : m_payloads->injectors()) {
        if (injector->hasScript(QString::fromLatin1(kModule)))
            list.append(injector);
    }
    return list;
}

void AutoAcceptController::renewLeases()
{
    const QString call = u"(() => { const m = globalThis.__mpa && globalThis.__mpa.autoAccept; "
                         "if (m && m.renew) m.renew(); })()"_s;
    for (PayloadInjector *injector : injectorsWithModule())
        injector->evaluateInEveryWorld(call, this);
}

void AutoAcceptController::disableEverywhere(std::chrono::milliseconds timeout, QObject *context,
                                             std::function<void()> done)
{
    m_leaseTimer->stop();
    struct Pending
    {
        int injectors = 0;
        bool finished = false;
        std::function<void()> done;
        QPointer<ClockTimer> deadline;
    };
    auto pending = std::make_shared<Pending>();
    pending->done = std::move(done);
    const auto finish = [pending] {
        if (pending->finished)
            return;
        pending->finished = true;
        if (pending->deadline)
            pending->deadline->deleteLater();
        if (pending->done)
            pending->done();
    };
    const QList<PayloadInjector *> injectors = injectorsWithModule();
    pending->injectors = int(injectors.size());
    if (injectors.isEmpty())
        return finish();
    pending->deadline = new ClockTimer(m_clock, context ? context : this);
    connect(pending->deadline, &ClockTimer::timeout, pending->deadline, finish);
    pending->deadline->start(timeout);
    const QString call = u"(() => { const m = globalThis.__mpa && globalThis.__mpa.autoAccept; "
                         "return !!(m && m.disable && m.disable()); })()"_s;
    int worlds = 0;
    for (PayloadInjector *injector : injectors) {
        worlds += int(injector->frameIds().size());
        injector->evaluateInEveryWorld(call, context, [pending, finish](int) {
            if (--pending->injectors == 0)
                finish();
        });
    }
    qCInfo(lcAutoAccept).noquote() << u"quitting: auto-accept stopped in %1 page world(s)"_s.arg(worlds);
}

AutoAcceptController::~AutoAcceptController() = default;

PayloadScript AutoAcceptController::banCheckScript()
{
    return { u"banCheck"_s, Payload::source(u"ban-check.js"_s) };
}

PayloadScript AutoAcceptController::payloadScript()
{
    return { QString::fromLatin1(kModule), Payload::source(u"auto-accept.js"_s), { banCheckScript().name } };
}

void AutoAcceptController::setEnabledOverride(std::optional<bool> enabled)
{
    m_enabledOverride = enabled;
    applyAll();
}

bool AutoAcceptController::isEnabled() const
{
    return m_enabledOverride.value_or(m_settings->boolValue(SettingKey::AutoAcceptEnabled));
}

void AutoAcceptController::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    qCInfo(lcAutoAccept) << (paused ? "auto-accept paused" : "auto-accept resumed");
    applyAll();
}

void AutoAcceptController::setTargetPaused(const QString &targetId, bool paused)
{
    if (paused == m_pausedTargets.contains(targetId))
        return;
    if (paused)
        m_pausedTargets.insert(targetId);
    else
        m_pausedTargets.remove(targetId);
    // Named as a person knows the page: its title (its address when it has none).
    const TargetState state = m_targets.value(targetId);
    const QString name = !state.title.isEmpty() ? state.title : !state.url.isEmpty() ? state.url : targetId;
    qCInfo(lcAutoAccept).noquote() << u"auto-accept %1 on the page “%2”"_s.arg(
        paused ? u"paused"_s : u"resumed"_s, name);
    applyAll();
    Q_EMIT targetsChanged();
}

void AutoAcceptController::reloadProfiles()
{
    m_profiles.load(m_configDir);
    applyAll();
    Q_EMIT targetsChanged();
}

const IdeProfile *AutoAcceptController::profileFor(CdpSession *session) const
{
    // Chromium's target infos can hold a title from before the page loaded; the payload's
    // report of document.title is fresher.
    CdpSession *page = pageOf(session);
    if (const auto it = m_pageInfo.constFind(page->targetId()); it != m_pageInfo.cend())
        return m_profiles.match(it->url, it->title);
    return m_profiles.match(page->targetInfo().url, page->targetInfo().title);
}

bool AutoAcceptController::clicksAt(CdpSession *session) const
{
    const CdpSource *source = m_endpoint->sourceOf(pageOf(session));
    if (!source || !source->remote())
        return true;
    // A remote browser service runs others' pages: clicked only where the user said so.
    for (const QString &entry : m_settings->listValue(SettingKey::AutoAcceptRemoteEndpoints)) {
        const std::optional<CdpAddress> address = CdpAddress::parse(entry, nullptr);
        if (address && address->name() == source->name())
            return true;
    }
    return false;
}

QJsonObject AutoAcceptController::configFor(CdpSession *session) const
{
    const IdeProfile *profile = profileFor(session);
    const QString pageId = pageOf(session)->targetId();
    const CommandPolicy policy = SafetySettings::policy(m_settings);
    QJsonObject config {
        { u"enabled"_s, isEnabled() && profile != nullptr && clicksAt(session) },
        { u"paused"_s, m_paused || m_pausedTargets.contains(pageId) },
        { u"acceptWords"_s,
          QJsonArray::fromStringList(m_settings->listValue(SettingKey::AutoAcceptAcceptWords)) },
        { u"rejectWords"_s,
          QJsonArray::fromStringList(m_settings->listValue(SettingKey::AutoAcceptRejectWords)) },
        { u"bannedCommands"_s,
          QJsonArray::fromStringList(m_settings->listValue(SettingKey::SafetyBannedCommands)) },
        // The page's verdict policy (payload/ban-check.js), read as the Safety page's checker reads
        // it: "rules" or "allowlist" with its entries. No setting names inline interpreters the
        // person allows yet: none are.
        { u"commandPolicy"_s, policy.mode == CommandPolicy::Mode::Allowlist ? u"allowlist"_s : u"rules"_s },
        { u"allowedCommands"_s, QJsonArray::fromStringList(policy.allowed) },
        { u"interpreters"_s, QJsonArray::fromStringList(policy.interpreters) },
        { u"pollIntervalMs"_s, m_settings->intValue(SettingKey::AutoAcceptPollIntervalMs) },
        { u"userIdleMs"_s, m_settings->intValue(SettingKey::AutoAcceptUserIdleMs) },
        { u"leaseMs"_s, qint64(m_leaseDuration.count()) },
        { u"rateLimit"_s, QJsonObject { { u"clicks"_s, 20 }, { u"perMs"_s, 1000 } } },
        { u"verifyMs"_s, 500 },
    };
    if (profile) {
        config.insert(u"profile"_s, profile->id);
        config.insert(u"panelSelectors"_s, QJsonArray::fromStringList(profile->panelSelectors));
        config.insert(u"buttonSelectors"_s, QJsonArray::fromStringList(profile->buttonSelectors));
        config.insert(u"frameIsPanel"_s, profile->frameIsPanel);
        config.insert(u"neverPanelSelectors"_s, QJsonArray::fromStringList(profile->neverPanel));
        config.insert(u"stepSelectors"_s, QJsonArray::fromStringList(profile->steps.step));
        config.insert(u"messageSelectors"_s, QJsonArray::fromStringList(profile->steps.message));
        config.insert(u"commandSelectors"_s, QJsonArray::fromStringList(profile->steps.command));
        config.insert(u"ignoreSelectors"_s, QJsonArray::fromStringList(profile->steps.ignore));
        config.insert(u"stepTextIsCommand"_s, profile->steps.plainText);
    }
    return config;
}

void AutoAcceptController::onSettingChanged(SettingKey key)
{
    switch (key) {
    case SettingKey::AutoAcceptEnabled:
    case SettingKey::AutoAcceptPollIntervalMs:
    case SettingKey::AutoAcceptAcceptWords:
    case SettingKey::AutoAcceptRejectWords:
    case SettingKey::AutoAcceptUserIdleMs:
    case SettingKey::SafetyBannedCommands:
    case SettingKey::SafetyCommandPolicy:
    case SettingKey::SafetyAllowedCommands:
    case SettingKey::AutoAcceptRemoteEndpoints:
        applyAll();
        break;
    default:
        break;
    }
}

void AutoAcceptController::applyAll()
{
    for (CdpSession *session : m_endpoint->sessions())
        apply(session);
    const bool enabled = isEnabled();
    if (enabled != m_lastEnabled) {
        m_lastEnabled = enabled;
        qCInfo(lcAutoAccept) << (enabled ? "auto-accept on" : "auto-accept off");
        Q_EMIT enabledChanged(enabled);
    }
}

void AutoAcceptController::apply(CdpSession *session)
{
    if (!session || !session->isAttached())
        return;
    const IdeProfile *profile = profileFor(session);
    PayloadInjector *injector = m_payloads->injectorFor(session);
    if (isEnabled() && profile && clicksAt(session))
        injector = m_payloads->ensureScript(session, QString::fromLatin1(kModule));
    if (!injector || !injector->hasScript(QString::fromLatin1(kModule)))
        return;
    injector->setConfig(QString::fromLatin1(kModule), configFor(session));
    if (session->isPage()) {
        const auto old = m_targets.constFind(session->targetId());
        const bool isNew = old == m_targets.cend();
        const TargetState before = isNew ? TargetState {} : *old;
        TargetState &state = stateFor(session);
        const QString profileId = profile ? profile->id : QString();
        if (state.profileId != profileId) {
            state.profileId = profileId;
            qCInfo(lcAutoAccept).noquote() << u"%1: IDE profile %2"_s.arg(
                state.title.isEmpty() ? state.url : u"'%1' (%2)"_s.arg(state.title, state.url),
                profileId.isEmpty() ? u"none"_s : profileId);
        }
        // Only a change is announced: applyAll() re-applies every session on each setting edit.
        if (isNew || state.title != before.title || state.url != before.url
            || state.profileId != before.profileId || state.attached != before.attached)
            Q_EMIT targetsChanged();
    }
}

AutoAcceptController::TargetState &AutoAcceptController::stateFor(CdpSession *page)
{
    const QString id = page->targetId();
    auto it = m_targets.find(id);
    if (it == m_targets.end()) {
        it = m_targets.insert(id, TargetState {});
        it->targetId = id;
        m_targetOrder.append(id);
    }
    const auto info = m_pageInfo.constFind(id);
    it->title = info != m_pageInfo.cend() ? info->title : page->targetInfo().title;
    it->url = info != m_pageInfo.cend() ? info->url : page->targetInfo().url;
    it->attached = page->isAttached();
    return *it;
}

QList<AutoAcceptController::TargetState> AutoAcceptController::targets() const
{
    QList<TargetState> list;
    for (const QString &id : m_targetOrder) {
        list.append(m_targets.value(id));
        list.last().paused = m_pausedTargets.contains(id);
        const IdeProfile *profile = m_profiles.find(list.last().profileId);
        list.last().agentPanel = profile && (!profile->isFallback() || panelSeen(id));
    }
    return list;
}

bool AutoAcceptController::panelSeen(const QString &pageTargetId) const
{
    const QString prefix = pageTargetId + u'|';
    for (auto it = m_panelSeen.cbegin(); it != m_panelSeen.cend(); ++it) {
        if (it.value() && it.key().startsWith(prefix))
            return true;
    }
    return false;
}

const IdeProfile *AutoAcceptController::agentPanelProfile(CdpSession *session) const
{
    const IdeProfile *profile = profileFor(session);
    if (!profile || !profile->isFallback())
        return profile;
    return panelSeen(pageOf(session)->targetId()) ? profile : nullptr;
}

void AutoAcceptController::onReport(CdpSession *session, const QString &module, const QString &kind,
                                    const QJsonObject &data, const QString &frameId)
{
    if (module != QLatin1StringView(kModule))
        return;
    CdpSession *page = pageOf(session);
    if (kind == u"page"_s) {
        if (session != page || frameId != page->targetId())
            return;
        PageInfo info { data.value(u"title").toString(), data.value(u"url").toString() };
        if (info.title.isEmpty())
            info.title = info.url;
        const auto old = m_pageInfo.constFind(page->targetId());
        if (old != m_pageInfo.cend() && old->title == info.title && old->url == info.url)
            return;
        m_pageInfo.insert(page->targetId(), info);
        // The profile may change with the title: the page and its frames get their config again.
        for (CdpSession *s : m_endpoint->sessions()) {
            if (pageOf(s) == page)
                apply(s);
        }
        return;
    }
    TargetState &state = stateFor(page);
    const QString label = data.value(u"label").toString();
    absorb(session, frameId, data.value(u"stats").toObject());

    if (kind == u"presence"_s) {
        if (session != page || frameId != page->targetId())
            return;
        const bool present = data.value(u"present").toBool(true);
        m_present.insert(page->targetId(), present);
        const int away = present ? int(m_awayClicks.take(page->targetId())) : 0;
        if (away > 0) {
            qCInfo(lcAutoAccept).noquote()
                << u"the user is back at '%1'; %2 clicks were made meanwhile"_s.arg(state.title).arg(away);
            Q_EMIT userReturned(page->targetId(), state.title, away);
        }
        return;
    }
    if (kind == u"clicked"_s && !m_present.value(page->targetId(), true))
        ++m_awayClicks[page->targetId()];

    if (kind == u"clicked"_s) {
        const QString clickKind = data.value(u"kind").toString();
        const double reaction = data.value(u"verifiedAt").toDouble() - data.value(u"seenAt").toDouble();
        if (data.value(u"seenAt").isDouble() && data.value(u"verifiedAt").isDouble())
            m_stats->addReaction(reaction); // for the Dashboard's reaction-time histogram
        qCInfo(lcAutoAccept).noquote()
            << u"clicked \"%1\" (%2) in '%3', verified %4 ms after it appeared"_s.arg(
                   label, kindText(clickKind), state.title, QString::number(reaction, 'f', 1));
        Q_EMIT clicked(page->targetId(), state.title, label, clickKind);
    } else if (kind == u"blocked"_s) {
        // Not clicked: banned (a rule or the user's entry), unverifiable (the command of the step
        // could not be read whole: waiting for the person) or not in the allow list.
        const QString reason = data.value(u"reason").toString();
        const QString why = data.value(u"why").toString();
        QString pattern = data.value(u"pattern").toString();
        if (reason == u"unverifiable"_s)
            pattern = tr("unverifiable: %1").arg(why);
        else if (reason == u"not-allowlisted"_s)
            pattern = why.isEmpty() ? tr("not in the allow list") : tr("not in the allow list: %1").arg(why);
        BlockedCommand blocked { QDateTime::currentDateTime(),
                                 page->targetId(),
                                 state.title,
                                 state.url,
                                 label,
                                 pattern,
                                 data.value(u"command").toString().trimmed() };
        m_recentBlocked.prepend(blocked);
        while (m_recentBlocked.size() > kRecentBlockedKept)
            m_recentBlocked.removeLast();
        if (reason == u"banned"_s) {
            qCWarning(lcAutoAccept).noquote()
                << u"blocked \"%1\" in '%2': the command \"%3\" is refused by the ban list (%4)"_s.arg(
                       label, state.title, blocked.command, blocked.pattern);
        } else {
            qCWarning(lcAutoAccept).noquote()
                << u"waiting for you: \"%1\" in '%2' is not clicked, %3 (command: \"%4\")"_s.arg(
                       label, state.title, blocked.pattern, blocked.command);
        }
        Q_EMIT commandBlocked(state.title, state.url, blocked.pattern, blocked.command);
    } else if (kind == u"verificationFailed"_s) {
        qCInfo(lcAutoAccept).noquote()
            << u"clicked \"%1\" in '%2' but it was still there 500 ms later; not counted"_s.arg(label,
                                                                                                state.title);
        Q_EMIT verificationFailed(page->targetId(), state.title, label);
    } else if (kind == u"problem"_s) {
        qCWarning(lcAutoAccept).noquote()
            << u"in '%1': %2"_s.arg(state.title, data.value(u"message").toString());
    }
}

void AutoAcceptController::absorb(CdpSession *session, const QString &frameId,
                                  const QJsonObject &payloadStats)
{
    const QString doc = payloadStats.value(u"doc").toString();
    if (doc.isEmpty())
        return;
    if (payloadStats.contains(u"panelFound")) {
        // The latest document of each frame says whether the page holds a marked panel.
        const QString frameKey = pageOf(session)->targetId() + u'|' + session->targetId() + u'|' + frameId;
        const bool found = payloadStats.value(u"panelFound").toBool();
        const auto it = m_panelSeen.constFind(frameKey);
        if (it == m_panelSeen.cend() || it.value() != found) {
            m_panelSeen.insert(frameKey, found);
            if (session->isAttached() && m_targets.contains(pageOf(session)->targetId()))
                Q_EMIT targetsChanged();
        }
    }
    const QString key = session->targetId() + u'|' + frameId + u'|' + doc;
    const AutoAcceptCounts now = AutoAcceptCounts::fromJson(payloadStats);
    AutoAcceptCounts &seen = m_lastSeen[key];
    const AutoAcceptCounts delta = AutoAcceptCounts::growth(seen, now);
    if (delta.isZero())
        return;
    seen += delta;
    AutoAcceptCounts added = delta;
    if (m_run.clicks == 0 && delta.clicks > 0)
        added.sessions = 1; // this run's first click makes it a session
    m_run += added;
    stateFor(pageOf(session)).counts += delta;
    m_stats->add(added); // statsChanged follows from m_stats's changed
}

void AutoAcceptController::collectNow(QObject *context, std::function<void()> done)
{
    struct Collecting
    {
        int pending = 0;
        QPointer<QObject> context;
        bool hasContext = false;
        std::function<void()> done;
        void finishOne()
        {
            if (--pending == 0 && done && (!hasContext || context))
                done();
        }
    };
    auto collecting = std::make_shared<Collecting>();
    collecting->context = context;
    collecting->hasContext = context != nullptr;
    collecting->done = std::move(done);
    collecting->pending = 1; // released at the end, so `done` runs once even with no frames
    // A frame without the module yet answers with an error, and is left out.
    const QString expression = PayloadInjector::moduleCall(QString::fromLatin1(kModule), u"stats"_s);
    for (PayloadInjector *injector : m_payloads->injectors()) {
        if (!injector->hasScript(QString::fromLatin1(kModule)) || !injector->session())
            continue;
        QPointer<CdpSession> session = injector->session();
        for (const QString &frameId : injector->frameIds()) {
            ++collecting->pending;
            injector->evaluate(
                expression, this,
                [this, session, frameId, collecting](const QJsonValue &value, const CdpError &error) {
                    if (!error.isError() && session && value.isObject())
                        absorb(session, frameId, value.toObject());
                    collecting->finishOne();
                },
                frameId, std::chrono::seconds(2));
        }
    }
    collecting->finishOne();
}

QJsonObject AutoAcceptController::toJson() const
{
    QJsonObject thisWeek = m_stats->week().toJson();
    thisWeek.insert(u"week"_s, AutoAcceptStats::weekKey(QDate::currentDate()));
    thisWeek.insert(u"timeSavedS"_s, m_stats->week().secondsSaved());
    QJsonObject totals = m_stats->cumulative().toJson();
    totals.insert(u"timeSavedS"_s, m_stats->cumulative().secondsSaved());
    totals.insert(u"since"_s, m_stats->since().toString(Qt::ISODate));

    QJsonArray targetList;
    for (const TargetState &state : targets()) {
        QJsonObject target = state.counts.toJson();
        target.insert(u"targetId"_s, state.targetId);
        target.insert(u"title"_s, state.title);
        target.insert(u"url"_s, state.url);
        target.insert(u"profile"_s, state.profileId);
        target.insert(u"paused"_s, state.paused);
        target.insert(u"attached"_s, state.attached);
        targetList.append(target);
    }
    QJsonArray blocked;
    for (const BlockedCommand &b : m_recentBlocked)
        blocked.append(b.toJson());
    QJsonArray profileList;
    for (const IdeProfile &profile : m_profiles.profiles())
        profileList.append(QJsonObject {
            { u"id"_s, profile.id }, { u"name"_s, profile.name }, { u"origin"_s, profile.origin } });

    return {
        { u"enabled"_s, isEnabled() },
        { u"paused"_s, m_paused },
        { u"clicks"_s, m_stats->cumulative().clicks },
        { u"blocked"_s, m_stats->cumulative().blocked },
        { u"totals"_s, totals },
        { u"thisWeek"_s, thisWeek },
        { u"weeks"_s, m_stats->weeksJson() },
        { u"thisRun"_s, m_run.toJson() },
        { u"targets"_s, targetList },
        { u"recentBlocked"_s, blocked },
        { u"profiles"_s, profileList },
        { u"profileErrors"_s, QJsonArray::fromStringList(m_profiles.errors()) },
        { u"statsFile"_s, m_stats->filePath() },
    };
}

} // namespace mpa
