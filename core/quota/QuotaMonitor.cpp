#include "QuotaMonitor.h"

#include "QuotaProvider.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QJsonArray>

#include <cmath>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr qint64 kSoonestPollMs = 5'000;
constexpr qint64 kAfterResetMs = 2'000;
} // namespace

QuotaMonitor::QuotaMonitor(Settings *settings, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(clock)
    , m_timer(new ClockTimer(clock, this))
{
    connect(m_timer, &ClockTimer::timeout, this, &QuotaMonitor::refreshNow);
    connect(m_settings, &Settings::changed, this, &QuotaMonitor::onSettingChanged);
}

QuotaMonitor::~QuotaMonitor() = default;

void QuotaMonitor::setProvider(QuotaProvider *provider)
{
    if (m_provider)
        m_provider->disconnect(this);
    m_provider = provider;
    if (!provider)
        return;
    provider->setParent(this);
    connect(provider, &QuotaProvider::finished, this, &QuotaMonitor::onFinished);
}

void QuotaMonitor::start()
{
    m_running = true;
    if (m_settings->boolValue(SettingKey::QuotaEnabled))
        refreshNow();
}

void QuotaMonitor::stop()
{
    m_running = false;
    m_timer->stop();
}

void QuotaMonitor::refreshNow()
{
    if (!m_running || !m_provider || !m_settings->boolValue(SettingKey::QuotaEnabled))
        return;
    m_timer->stop();
    if (!m_provider->isBusy())
        m_provider->refresh();
}

QDateTime QuotaMonitor::nextPoll() const
{
    return m_timer->isActive() ? QDateTime::fromMSecsSinceEpoch(m_timer->deadlineMs(), m_clock->timeZone())
                               : QDateTime();
}

QuotaMonitor::Verdict QuotaMonitor::evaluate(const QuotaSnapshot &snapshot, const QStringList &watched,
                                             const QTimeZone &zone, HoldRule rule)
{
    Verdict verdict;
    if (!snapshot.ok)
        return verdict;
    auto describe = [&zone](const ModelQuota &model) {
        return model.resetTime.isValid()
            ? UserText("mpa::QuotaMonitor",
                       QT_TRANSLATE_NOOP("mpa::QuotaMonitor", "%1 is out of quota until %2"))
                  .arg(model.label)
                  .arg(model.resetTime.toTimeZone(zone).toString(u"yyyy-MM-dd HH:mm"_s))
            : UserText("mpa::QuotaMonitor", QT_TRANSLATE_NOOP("mpa::QuotaMonitor", "%1 is out of quota"))
                  .arg(model.label);
    };
    // The models considered: the watched ones the IDE lists (in the user's order), else all.
    QList<const ModelQuota *> considered;
    if (!watched.isEmpty()) {
        for (const QString &label : watched) {
            if (const ModelQuota *model = snapshot.model(label.trimmed()))
                considered.append(model);
        }
    } else {
        for (const ModelQuota &model : snapshot.models)
            considered.append(&model);
    }
    int known = 0;
    QList<UserText> reasons;
    for (const ModelQuota *model : std::as_const(considered)) {
        if (model->state() == ModelQuota::State::Unknown)
            continue; // no information is not "spent"
        ++known;
        if (model->state() == ModelQuota::State::Exhausted) {
            verdict.exhausted.append(model->label);
            reasons.append(describe(*model));
        }
    }
    verdict.hold = rule == HoldRule::Any ? !verdict.exhausted.isEmpty()
                                         : known > 0 && verdict.exhausted.size() == known;
    if (verdict.hold)
        verdict.reason = UserText::joined(reasons, u"; "_s);
    return verdict;
}

QuotaMonitor::HoldRule QuotaMonitor::holdRuleFromName(const QString &name)
{
    return name == u"all"_s ? HoldRule::All : HoldRule::Any;
}

const ModelQuota *QuotaMonitor::lowestModel(const QuotaSnapshot &snapshot)
{
    if (!snapshot.ok)
        return nullptr;
    const ModelQuota *lowest = nullptr;
    for (const ModelQuota &model : snapshot.models) {
        if (model.remainingFraction && (!lowest || *model.remainingFraction < *lowest->remainingFraction))
            lowest = &model;
    }
    return lowest;
}

std::optional<int> QuotaMonitor::lowestPercent(const QuotaSnapshot &snapshot)
{
    const ModelQuota *lowest = lowestModel(snapshot);
    if (!lowest)
        return std::nullopt;
    return int(std::lround(*lowest->remainingFraction * 100.0));
}

QuotaMonitor::Verdict QuotaMonitor::evaluateNow() const
{
    return evaluate(m_snapshot, m_settings->listValue(SettingKey::QuotaModels), m_clock->timeZone(),
                    holdRuleFromName(m_settings->stringValue(SettingKey::QuotaHoldWhen)));
}

void QuotaMonitor::onFinished(const QuotaSnapshot &snapshot)
{
    m_snapshot = snapshot;
    if (!snapshot.ok) {
        if (snapshot.error != m_lastError) {
            // Not having Antigravity is normal for users of other IDEs: say it once, quietly.
            if (m_lastError.isEmpty() && snapshot.ideAbsent)
                qCDebug(lcQuota).noquote() << snapshot.error;
            else
                qCInfo(lcQuota).noquote() << "quota unavailable:" << snapshot.error;
            m_lastError = snapshot.error;
        }
    } else {
        if (!m_lastError.isEmpty())
            qCInfo(lcQuota) << "quota readable again";
        m_lastError.clear();
        applyVerdict(evaluateNow());
    }
    Q_EMIT snapshotChanged(snapshot);
    scheduleNext();
}

void QuotaMonitor::applyVerdict(const Verdict &verdict)
{
    const bool changed = verdict.hold != m_verdict.hold;
    m_verdict = verdict;
    if (!changed)
        return;
    if (verdict.hold)
        qCInfo(lcQuota).noquote() << "quota spent:" << verdict.reason.english();
    else
        qCInfo(lcQuota) << "quota available";
    Q_EMIT holdChanged(verdict.hold, verdict.reason.english());
}

void QuotaMonitor::scheduleNext()
{
    if (!m_running || !m_settings->boolValue(SettingKey::QuotaEnabled))
        return;
    const qint64 now = m_clock->nowMs();
    qint64 wait = qint64(m_settings->intValue(SettingKey::QuotaPollIntervalS)) * 1000;
    if (m_verdict.hold) {
        // Look again just after the first spent model's reset time.
        for (const QString &label : std::as_const(m_verdict.exhausted)) {
            const ModelQuota *model = m_snapshot.model(label);
            if (model && model->resetTime.isValid())
                wait = std::min(wait, model->resetTime.toMSecsSinceEpoch() - now + kAfterResetMs);
        }
    }
    m_timer->start(std::chrono::milliseconds(std::max(wait, kSoonestPollMs)));
}

void QuotaMonitor::onSettingChanged(SettingKey key)
{
    if (key == SettingKey::QuotaEnabled) {
        if (m_settings->boolValue(SettingKey::QuotaEnabled)) {
            refreshNow();
        } else {
            m_timer->stop();
            applyVerdict({});
        }
    } else if (key == SettingKey::QuotaModels || key == SettingKey::QuotaHoldWhen) {
        applyVerdict(evaluateNow());
    } else if (key == SettingKey::QuotaPollIntervalS && m_timer->isActive()) {
        scheduleNext();
    }
}

QJsonObject QuotaMonitor::toJson() const
{
    QJsonObject json = m_snapshot.toJson();
    json.insert(u"enabled"_s, m_settings->boolValue(SettingKey::QuotaEnabled));
    json.insert(u"watchedModels"_s,
                QJsonArray::fromStringList(m_settings->listValue(SettingKey::QuotaModels)));
    json.insert(u"holdWhen"_s, m_settings->stringValue(SettingKey::QuotaHoldWhen));
    const std::optional<int> lowest = lowestPercent(m_snapshot);
    json.insert(u"lowestPercent"_s, lowest ? QJsonValue(*lowest) : QJsonValue());
    json.insert(u"holding"_s, m_verdict.hold);
    json.insert(u"holdReason"_s, m_verdict.reason.english());
    json.insert(u"exhausted"_s, QJsonArray::fromStringList(m_verdict.exhausted));
    const QDateTime next = nextPoll();
    json.insert(u"nextPollAt"_s, next.isValid() ? QJsonValue(next.toString(Qt::ISODate)) : QJsonValue());
    return json;
}

} // namespace mpa
