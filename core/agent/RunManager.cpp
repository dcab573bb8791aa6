#include "RunManager.h"

#include "agent/LlmClient.h"
#include "agent/LlmProviders.h"
#include "common/Clock.h"
#include "common/ParamsSchema.h"
#include "common/Refuse.h"
#include "common/SecretEntry.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "safety/SecurityGate.h"
#include "settings/SecretStore.h"
#include "settings/Settings.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr qsizetype kMaxSchemaBytes = qsizetype(32) * 1024;
} // namespace

RunManager::RunManager(Settings *settings, SecretStore *secrets, Clock *clock, const QString &runsDir,
                       QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_secrets(secrets)
    , m_clock(clock)
    , m_jobs(RunStore(runsDir), lcAgent())
{
}

RunManager::~RunManager()
{
    m_jobs.interruptAll(RunStore::interruptedReason(), m_clock->now());
}

void RunManager::load()
{
    // Files that are not runs are moved aside here, and said.
    const auto loaded = m_jobs.load(RunStore::interruptedReason(), m_clock->now(),
                                    m_settings->intValue(SettingKey::AgentKeepRunsDays));
    m_notices.append(loaded.warnings);
    if (!loaded.interrupted.isEmpty()) {
        m_notices.append(
            tr("%n task run(s) were interrupted when the app stopped; resume them from the Tasks page.",
               nullptr, int(loaded.interrupted.size())));
    }
    Q_EMIT listChanged();
}

QString RunManager::visionKey(const LlmConfig &config)
{
    return config.provider + u'|' + config.baseUrl.toString() + u'|' + config.model;
}

RunLimits RunManager::limits() const
{
    RunLimits limits;
    limits.maxSteps = m_settings->intValue(SettingKey::AgentMaxSteps);
    limits.reflectEvery = m_settings->intValue(SettingKey::AgentReflectEvery);
    limits.reflectWithModel = m_settings->boolValue(SettingKey::AgentReflectWithModel);
    limits.showActionMs
        = m_settings->boolValue(SettingKey::AgentShowActions) ? CommandExecutor::kShowActionMs : 0;
    limits.snapshotChars = m_settings->intValue(SettingKey::AgentSnapshotChars);
    limits.historySteps = m_settings->intValue(SettingKey::AgentHistorySteps);
    limits.floor = m_settings->stringValue(SettingKey::AgentAskFloor) == u"none"_s
        ? SecurityGate::Floor::None
        : SecurityGate::Floor::PaymentAndCredentials;
    limits.allowEval = m_settings->boolValue(SettingKey::ToolkitAllowEval);
    limits.stream = m_stream;
    limits.redact = m_settings->boolValue(SettingKey::BridgeRedact);
    limits.redactionRules = Redactor::rulesFromEntries(m_settings->listValue(SettingKey::BridgeRedactRules));
    const QString vision = m_settings->stringValue(SettingKey::AgentVision);
    limits.vision = vision == u"on"_s ? RunLimits::Vision::On
        : vision == u"off"_s          ? RunLimits::Vision::Off
                                      : RunLimits::Vision::Auto;
    return limits;
}

void RunManager::start(const StartRequest &request, CommandReply done)
{
    const QString task = request.task.trimmed();
    if (task.isEmpty())
        return done(
            CommandResult::failure(tr("the task is empty: say what the run should do"), ErrorKind::BadInput));
    if (!request.tab.isEmpty() && !request.url.isEmpty())
        return done(
            CommandResult::failure(tr("give a tab or a start address, not both"), ErrorKind::BadInput));
    if (!request.url.isEmpty()) {
        const QUrl url(request.url, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s))
            return done(CommandResult::failure(
                tr("the start address '%1' is not an http(s) address").arg(request.url),
                ErrorKind::BadInput));
    }
    if (request.maxSteps < 0 || request.maxSteps > 500)
        return done(CommandResult::failure(tr("maxSteps must be 1 to 500"), ErrorKind::BadInput));
    if (!request.schema.isEmpty()) {
        if (QJsonDocument(request.schema).toJson(QJsonDocument::Compact).size() > kMaxSchemaBytes)
            return done(CommandResult::failure(
                tr("the result schema is larger than %1 KiB").arg(kMaxSchemaBytes / 1024),
                ErrorKind::BadInput));
        if (QString error; !ParamsSchema::checkSubset(request.schema, &error))
            return done(CommandResult::failure(tr("the result schema cannot be enforced: %1").arg(error),
                                               ErrorKind::BadInput));
    }

    RunRecord record;
    const QDateTime now = m_clock->now();
    record.id = RunStore::newId(now);
    while (m_jobs.knows(record.id) || QFileInfo::exists(m_jobs.store().pathOf(record.id)))
        record.id = RunStore::newId(now);
    record.task = task;
    record.mode = request.mode.value_or(
        runModeFromName(m_settings->stringValue(SettingKey::AgentMode)).value_or(RunMode::Careful));
    record.tab = request.tab;
    record.url = request.url;
    if (!request.url.isEmpty())
        record.startSites.append(SecurityGate::site(QUrl(request.url)));
    record.maxSteps
        = request.maxSteps > 0 ? request.maxSteps : m_settings->intValue(SettingKey::AgentMaxSteps);
    record.startedBy = request.startedBy;
    record.owner = request.owner;
    record.schema = request.schema;
    record.createdAt = now;
    record.updatedAt = now;
    launch(std::move(record), ErrorKind::BadInput, std::move(done));
}

void RunManager::resume(const QString &runId, CommandReply done)
{
    if (m_jobs.live(runId))
        return done(
            CommandResult::failure(tr("run %1 is already under way").arg(runId), ErrorKind::Conflict));
    std::optional<RunRecord> record = run(runId);
    if (!record)
        return done(CommandResult::failure(tr("there is no run %1").arg(runId), ErrorKind::NotFound));
    if (record->status != RunStatus::Interrupted)
        return done(CommandResult::failure(tr("run %1 is %2; only an interrupted run can be resumed")
                                               .arg(runId, runStatusName(record->status)),
                                           ErrorKind::Conflict));
    launch(std::move(*record), ErrorKind::Conflict, std::move(done));
}

void RunManager::launch(RunRecord record, ErrorKind refused, CommandReply done)
{
    if (!m_toolsFactory)
        return done(
            CommandResult::failure(tr("the browser toolkit is not available in this process"), refused));
    const QPointer<RunManager> self(this);
    const QString task = record.task; // the lambda below takes the record
    readTaskSecrets(task,
                    [self, record = std::move(record), refused, done](const CommandResult &read,
                                                                      const JobSecrets &secrets) mutable {
                        if (!self)
                            return;
                        if (!read.ok)
                            return done(CommandResult::failure(read.error, refused));
                        self->launchWith(std::move(record), secrets, refused, std::move(done));
                    });
}

void RunManager::readTaskSecrets(const QString &task,
                                 const std::function<void(const CommandResult &, JobSecrets)> &done)
{
    const QStringList names = JobSecrets::namesIn(task);
    if (names.isEmpty())
        return done(CommandResult::success(), {});
    QList<SecretEntry> needed;
    const QStringList entries = m_settings->listValue(SettingKey::AgentSecrets);
    for (const QString &name : names) {
        std::optional<SecretEntry> found;
        for (const QString &entry : entries) {
            const std::optional<SecretEntry> parsed = SecretEntry::parse(entry);
            if (parsed && parsed->name == name)
                found = parsed;
        }
        if (!found)
            return done(CommandResult::failure(tr("the task names %1, but there is no secret “%2”: add it on "
                                                  "the Models page (a name, its site and its value)")
                                                   .arg(JobSecrets::placeholder(name), name)),
                        {});
        needed.append(*found);
    }
    if (!m_secrets || !m_secrets->isAvailable())
        return done(CommandResult::failure(
                        tr("the task names secrets, and the keychain that holds them is not available%1")
                            .arg(m_secrets ? u": "_s + m_secrets->unavailableReason() : QString())),
                    {});
    // All read at once; the first failure answers, or the last value read does. The values go
    // to the log's mask as they arrive.
    struct Reading
    {
        JobSecrets secrets;
        qsizetype waiting = 0;
        bool answered = false;
    };
    auto reading = std::make_shared<Reading>();
    reading->waiting = needed.size();
    for (const SecretEntry &entry : std::as_const(needed)) {
        m_secrets->read(
            SecretEntry::keychainKey(entry.name), [reading, entry, done](const CommandResult &value) {
                if (reading->answered)
                    return;
                const QString secret = value.ok ? value.data.toString() : QString();
                if (secret.isEmpty()) {
                    reading->answered = true;
                    return done(
                        CommandResult::failure(
                            value.ok
                                ? tr("the secret “%1” has no value in the keychain: set it on the "
                                     "Models page")
                                      .arg(entry.name)
                                : tr("the secret “%1” could not be read: %2").arg(entry.name, value.error)),
                        {});
                }
                for (const QString &form : JobSecrets::formsOf(secret))
                    Logging::addSecret(form);
                reading->secrets.add({ entry.name, entry.site, secret });
                if (--reading->waiting == 0) {
                    reading->answered = true;
                    done(CommandResult::success(), reading->secrets);
                }
            });
    }
}

void RunManager::launchWith(RunRecord record, const JobSecrets &secrets, ErrorKind refused, CommandReply done)
{
    const QString provider = m_settings->stringValue(SettingKey::LlmProvider);
    const std::optional<LlmProvider> preset = LlmProviders::find(provider);
    // What is missing from the settings is said before the keychain is asked anything.
    const LlmConfig unkeyed = LlmConfig::fromSettings(*m_settings, QString());
    if (unkeyed.baseUrl.isEmpty())
        return done(CommandResult::failure(
            tr("no model address: choose a provider or set llm/baseUrl on the Models page"), refused));
    if (unkeyed.model.trimmed().isEmpty())
        return done(CommandResult::failure(tr("no model chosen: set llm/model on the Models page"), refused));
    const QPointer<RunManager> self(this);
    auto withKey = [self, record = std::move(record), refused, done = std::move(done), provider, preset,
                    secrets](const CommandResult &read) mutable {
        if (!self)
            return;
        RunManager *me = self.data();
        // A keychain that cannot be read is no key: a service that needs one says so below (or
        // refuses the request), in words, not the keychain's D-Bus error.
        const QString key = read.ok ? read.data.toString() : QString();
        const LlmConfig config = LlmConfig::fromSettings(*me->m_settings, key);
        if (key.isEmpty() && preset && preset->needsKey) {
            const QString why
                = read.ok ? QString() : tr(" (the keychain could not be read: %1)").arg(read.error);
            return done(
                CommandResult::failure(tr("no API key for %1%2: add one on the Models page (kept in the "
                                          "keychain, or for this session only) or set MPA_LLM_API_KEY")
                                           .arg(config.displayName, why),
                                       refused));
        }
        auto lock = me->m_jobs.store().lock(record.id);
        if (!lock)
            return done(CommandResult::failure(
                tr("run %1 is under way in another process of the app").arg(record.id), refused));
        record.provider = provider;
        record.model = config.model;
        RunLimits limits = me->limits();
        limits.secrets = secrets;
        auto *llm = new LlmClient(me->m_clock);
        llm->setConfig(config);
        // A model that refused images once is sent none again while the app runs (agent/vision
        // auto), as a run's client stops offering tools to a model that refused them.
        const QString imagesKey = visionKey(config);
        if (limits.vision == RunLimits::Vision::Auto && me->m_textOnlyModels.contains(imagesKey))
            llm->setTakesImages(false);
        connect(llm, &LlmClient::imagesRefused, me,
                [me, imagesKey] { me->m_textOnlyModels.insert(imagesKey); });
        BrowserTools tools = me->m_toolsFactory(record);
        auto *runner = new TaskRunner(record, llm, std::move(tools), limits, me->m_clock, me);
        llm->setParent(runner);
        me->m_jobs.adopt(runner, std::move(lock));
        me->attach(runner);
        // The task may hold secrets: the log gets its length, never its text.
        qCInfo(lcAgent).noquote() << u"run %1 starts: a task of %2 characters (%3, %4, %5)"_s.arg(
            record.id, QString::number(record.task.size()), runModeName(record.mode), config.displayName,
            config.model);
        done(CommandResult::success(QJsonObject { { u"runId"_s, record.id } }));
        Q_EMIT me->listChanged();
        runner->start();
    };
    LlmProviders::readKey(m_secrets, provider, std::move(withKey));
}

void RunManager::attach(TaskRunner *runner)
{
    const QString id = runner->record().id;
    connect(runner, &TaskRunner::changed, this, [this, runner, id] {
        m_jobs.save(runner->record());
        Q_EMIT runChanged(id);
    });
    connect(runner, &TaskRunner::stepAdded, this,
            [this, id](const RunStep &step) { Q_EMIT stepAdded(id, step); });
    connect(runner, &TaskRunner::textDelta, this,
            [this, id](const QString &text) { Q_EMIT textDelta(id, text); });
    connect(runner, &TaskRunner::questionAsked, this, [this, runner, id] {
        if (const RunQuestion *question = runner->record().pendingQuestion())
            Q_EMIT questionAsked(id, *question);
    });
    connect(runner, &TaskRunner::finished, this, [this, id] {
        m_jobs.release(id);
        Q_EMIT runFinished(id);
        Q_EMIT listChanged();
    });
}

bool RunManager::answer(const QString &runId, bool approve, const QString &text, QString *error)
{
    TaskRunner *runner
        = m_jobs.liveOrRefuse(runId, tr("run %1 is not under way"), tr("there is no run %1"), error);
    if (!runner)
        return false;
    return runner->answer(approve, text, error);
}

bool RunManager::cancel(const QString &runId, const QString &reason, QString *error)
{
    TaskRunner *runner
        = m_jobs.liveOrRefuse(runId, tr("run %1 is not under way"), tr("there is no run %1"), error);
    if (!runner)
        return false;
    runner->cancel(reason);
    return true;
}

bool RunManager::giveUp(const QString &runId, const QString &reason, QString *error)
{
    TaskRunner *runner = m_jobs.live(runId);
    if (!runner)
        return refuse(error, tr("run %1 is not under way").arg(runId));
    runner->giveUp(reason);
    return true;
}

} // namespace mpa
