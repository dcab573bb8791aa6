#include "BridgeManager.h"

#include "chat/ChatLearner.h"
#include "common/Clock.h"
#include "common/JsonDataFile.h"
#include "common/Refuse.h"
#include "jobs/CommandExecutor.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QPointer>
#include <QRandomGenerator>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr auto kToolsFile = u"tools.json";

QString interruptedReason()
{
    return u"the app stopped while the session was under way; resume it to go on"_s;
}

QString newId(const QDateTime &now)
{
    return u"bridge-"_s + now.toUTC().toString(u"yyyyMMdd-HHmmss"_s) + u'-'
        + QString::number(QRandomGenerator::system()->bounded(0x1000, 0xFFFF), 16);
}

} // namespace

BridgeManager::BridgeManager(Settings *settings, Clock *clock, const QString &bridgeDir, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(clock)
    , m_dir(bridgeDir)
    , m_jobs(JobStore<BridgeRecord>(bridgeDir, u"bridge-"_s, u"bridge session"_s), lcBridge())
{
}

BridgeManager::~BridgeManager()
{
    // Sessions under way when the app quits are interrupted: a later start can resume them.
    m_jobs.interruptAll(interruptedReason(), m_clock->now());
}

void BridgeManager::load()
{
    // A process that died with a session under way: what was running is unknown, never re-run.
    m_notices.append(m_jobs.load(interruptedReason(), m_clock->now()).warnings);
    loadTools();
    Q_EMIT listChanged();
}

void BridgeManager::loadTools()
{
    m_tools.clear();
    const JsonDataFile::Loaded loaded
        = JsonDataFile(QDir(m_dir).filePath(QString::fromUtf16(kToolsFile))).load();
    if (!loaded.warning.isEmpty())
        m_notices.append(loaded.warning);
    for (const QJsonValue &value : loaded.object.value(u"tools").toArray()) {
        const QJsonObject tool = value.toObject();
        m_tools.append({ tool.value(u"name").toString(), tool.value(u"url").toString() });
    }
}

bool BridgeManager::setSavedTools(const QList<SavedTool> &tools, QString *error)
{
    QStringList names;
    QJsonArray list;
    for (const SavedTool &tool : tools) {
        const QString name = tool.name.trimmed();
        if (name.isEmpty())
            return refuse(error, tr("a saved tool needs a name"));
        if (names.contains(name, Qt::CaseInsensitive))
            return refuse(error, tr("two saved tools are named '%1'").arg(name));
        const QUrl url(tool.url.trimmed(), QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s))
            return refuse(error, tr("the address of '%1' is not an http(s) address: %2").arg(name, tool.url));
        names.append(name);
        list.append(QJsonObject { { u"name"_s, name }, { u"url"_s, url.toString() } });
    }
    QDir().mkpath(m_dir);
    QString unsaved;
    if (!JsonDataFile(QDir(m_dir).filePath(QString::fromUtf16(kToolsFile)))
             .save({ { u"tools"_s, list } }, 1, &unsaved))
        return refuse(error, tr("the saved tools could not be written: %1").arg(unsaved));
    m_tools.clear();
    for (const QJsonValue &value : std::as_const(list))
        m_tools.append({ value[u"name"].toString(), value[u"url"].toString() });
    Q_EMIT toolsChanged();
    return true;
}

void BridgeManager::start(const StartRequest &request, const CommandReply &done)
{
    const QString goal = request.goal.trimmed();
    if (goal.isEmpty())
        return done(CommandResult::failure(tr("the goal is empty: say what the chat should get done"),
                                           ErrorKind::BadInput));
    if (request.agentTab.isEmpty())
        return done(
            CommandResult::failure(tr("no agent tab: pick the tab with the web chat"), ErrorKind::BadInput));
    if (request.targetTabs.contains(request.agentTab))
        return done(
            CommandResult::failure(tr("the chat's own tab cannot be a target tab"), ErrorKind::BadInput));
    for (const BridgeSession *live : m_jobs.liveJobs()) {
        const BridgeRecord &other = live->record();
        const QString id = other.id;
        if (other.agentTab == request.agentTab)
            return done(CommandResult::failure(tr("session %1 already uses that chat; stop it first").arg(id),
                                               ErrorKind::BadInput));
    }
    if (!request.mode.isEmpty() && request.mode != u"careful"_s && request.mode != u"autonomous"_s)
        return done(CommandResult::failure(tr("mode must be careful or autonomous"), ErrorKind::BadInput));

    BridgeRecord record;
    const QDateTime now = m_clock->now();
    record.id = newId(now);
    while (m_jobs.knows(record.id))
        record.id = newId(now);
    record.goal = goal;
    record.keyword = BridgeSession::newKeyword();
    record.agentTab = request.agentTab;
    record.targetTabs = request.targetTabs;
    record.chatOpensTabs = request.targetTabs.isEmpty();
    record.currentTab = request.targetTabs.value(0);
    record.mode = request.mode.isEmpty() ? m_settings->stringValue(SettingKey::BridgeMode) : request.mode;
    record.maxTurns = m_settings->intValue(SettingKey::BridgeMaxTurns);
    record.startedBy = request.startedBy;
    record.owner = request.owner;
    record.createdAt = now;
    record.updatedAt = now;
    launch(std::move(record), ErrorKind::BadInput, done);
}

void BridgeManager::launch(BridgeRecord record, ErrorKind refused, const CommandReply &done)
{
    if (!m_factory)
        return done(CommandResult::failure(tr("the browser is not available in this process"), refused));
    // Another process of the app (the tray beside `mcp`) may have it under way.
    auto lock = m_jobs.store().lock(record.id);
    if (!lock)
        return done(CommandResult::failure(
            tr("session %1 is under way in another process of the app").arg(record.id), refused));
    BridgeEnvironment environment = m_factory(record);
    if (!environment.error.isEmpty())
        return done(CommandResult::failure(environment.error, refused));
    record.profile = environment.profile;
    BridgeOptions options;
    options.maxTabs = m_settings->intValue(SettingKey::BridgeMaxTabs);
    options.showActionMs
        = m_settings->boolValue(SettingKey::AgentShowActions) ? CommandExecutor::kShowActionMs : 0;
    options.redact = m_settings->boolValue(SettingKey::BridgeRedact);
    options.rules = Redactor::rulesFromEntries(m_settings->listValue(SettingKey::BridgeRedactRules));
    options.snapshotChars = m_settings->intValue(SettingKey::AgentSnapshotChars);
    options.allowEval = m_settings->boolValue(SettingKey::ToolkitAllowEval);
    const QString vision = m_settings->stringValue(SettingKey::AgentVision);
    options.vision = vision == u"on"_s ? BridgeOptions::Vision::On
        : vision == u"off"_s           ? BridgeOptions::Vision::Off
                                       : BridgeOptions::Vision::Auto;
    options.chatTakesImages = environment.chatTakesImages;
    options.uploadDir = QDir(m_dir).filePath(u"uploads"_s);
    if (m_pollOverride.count() > 0)
        options.poll = m_pollOverride;
    if (!environment.savedTool) {
        environment.savedTool = [this](const QString &name) {
            for (const SavedTool &tool : std::as_const(m_tools)) {
                if (tool.name.compare(name.trimmed(), Qt::CaseInsensitive) == 0)
                    return tool.url;
            }
            return QString();
        };
        environment.savedToolNames = [this] {
            QStringList names;
            for (const SavedTool &tool : std::as_const(m_tools))
                names.append(tool.name);
            return names;
        };
    }
    record.reason.clear();
    auto *session = new BridgeSession(record, std::move(environment), options, m_clock, this);
    const QString id = record.id;
    m_jobs.adopt(session, std::move(lock));
    connect(session, &BridgeSession::changed, this, [this, session, id] {
        m_jobs.save(session->record());
        Q_EMIT sessionChanged(id);
    });
    connect(session, &BridgeSession::questionAsked, this,
            [this, id](const QString &question) { Q_EMIT questionAsked(id, question); });
    connect(session, &BridgeSession::finished, this, [this, id] {
        m_jobs.release(id);
        Q_EMIT sessionFinished(id);
        Q_EMIT listChanged();
    });
    qCInfo(lcBridge).noquote() << u"bridge session %1 starts: %2 (chat %3, %4 target tab(s))"_s.arg(
        id, record.goal, record.agentTab, QString::number(record.targetTabs.size()));
    done(CommandResult::success(QJsonObject { { u"sessionId"_s, id } }));
    Q_EMIT listChanged();
    session->start();
}

bool BridgeManager::stop(const QString &sessionId, QString *error)
{
    BridgeSession *session = m_jobs.liveOrRefuse(sessionId, tr("session %1 is not under way"),
                                                 tr("there is no bridge session %1"), error);
    if (!session)
        return false;
    session->stop({});
    return true;
}

bool BridgeManager::pause(const QString &sessionId, QString *error)
{
    BridgeSession *session = m_jobs.liveOrRefuse(sessionId, tr("session %1 is not under way"),
                                                 tr("there is no bridge session %1"), error);
    if (!session)
        return false;
    return session->pause(error);
}

void BridgeManager::resume(const QString &sessionId, CommandReply done)
{
    if (BridgeSession *session = m_jobs.live(sessionId)) {
        QString error;
        const bool resumed = session->resume(&error);
        return done(resumed ? CommandResult::success(QJsonObject { { u"sessionId"_s, sessionId } })
                            : CommandResult::failure(error, ErrorKind::Conflict));
    }
    std::optional<BridgeRecord> record = session(sessionId);
    if (!record)
        return done(
            CommandResult::failure(tr("there is no bridge session %1").arg(sessionId), ErrorKind::NotFound));
    if (record->status != BridgeStatus::Interrupted)
        return done(
            CommandResult::failure(tr("session %1 is %2; only a paused or interrupted session can be resumed")
                                       .arg(sessionId, bridgeStatusName(record->status)),
                                   ErrorKind::Conflict));
    if (!m_locator || record->keyword.isEmpty())
        return launch(std::move(*record), ErrorKind::Conflict, done);
    // After a browser restart the chat has another tab: its keyword finds it.
    const QPointer<BridgeManager> self(this);
    m_locator(record->agentTab, record->keyword,
              [self, record = *record, done = std::move(done)](const QString &found) mutable {
                  if (!self)
                      return;
                  if (!found.isEmpty() && found != record.agentTab) {
                      qCInfo(lcBridge).noquote()
                          << u"bridge session %1: the chat was found again in tab %2 by its "
                             u"keyword %3"_s.arg(record.id, found, record.keyword);
                      record.agentTab = found;
                  }
                  self->launch(std::move(record), ErrorKind::Conflict, done);
              });
}

bool BridgeManager::answer(const QString &sessionId, bool approve, QString *error)
{
    BridgeSession *session = m_jobs.live(sessionId);
    if (!session)
        return refuse(error, tr("session %1 is not under way").arg(sessionId));
    return session->answer(approve, error);
}

void BridgeManager::chatImages(const QString &tab, std::optional<bool> set, CommandReply done)
{
    if (!m_chatImages)
        return done(CommandResult::failure(tr("chat profiles are not available in this process"),
                                           ErrorKind::Unavailable));
    m_chatImages(tab, set, std::move(done));
}

void BridgeManager::learnChat(const QString &tab, std::function<void(const QString &part)> progress,
                              CommandReply done)
{
    if (!m_learner)
        return done(CommandResult::failure(tr("learning a chat is not available in this process"),
                                           ErrorKind::Unavailable));
    const quint64 learning = ++m_learning;
    const QPointer<BridgeManager> self(this);
    m_learner(
        tab,
        [self, learning, progress = std::move(progress)](const QString &part) {
            if (self && self->m_learning == learning && progress)
                progress(part);
        },
        [self, learning, done = std::move(done)](const CommandResult &result) {
            if (self && self->m_learning == learning)
                done(result);
        });
}

void BridgeManager::cancelLearning()
{
    ++m_learning;
    // The learners are this manager's children (the Learner makes them so): each disarms its page.
    for (ChatLearner *learner : findChildren<ChatLearner *>(Qt::FindDirectChildrenOnly)) {
        if (learner->isActive()) {
            learner->cancel();
            learner->deleteLater();
        }
    }
}

QString BridgeManager::statusLine(const BridgeRecord &record)
{
    QString line
        = tr("Bridge: %1").arg(record.activity.isEmpty() ? bridgeStatusName(record.status) : record.activity);
    const int queued = record.queued();
    if (queued > 0)
        line += tr(" · %n queued", nullptr, queued);
    const QString last = record.lastAction();
    if (!last.isEmpty())
        line += tr(" · last: %1").arg(last);
    return line;
}

} // namespace mpa
