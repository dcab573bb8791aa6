#include "PayloadInjector.h"

#include "logging/LogCategories.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString jsonLiteral(const QJsonValue &value)
{
    if (value.isUndefined())
        return u"undefined"_s;
    // Wrap in an array so scalars serialise too, then strip the brackets.
    const QByteArray json = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

} // namespace

PayloadInjector::PayloadInjector(CdpSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    m_waitTimer.setInterval(250);
    connect(&m_waitTimer, &QTimer::timeout, this, &PayloadInjector::flushWaiting);
    connect(session, &CdpSession::eventReceived, this, &PayloadInjector::onEvent);
    connect(session, &CdpSession::detached, this, [this] {
        m_worlds.clear();
        m_frameOfContext.clear();
        flushWaiting();
    });
}

QString PayloadInjector::mainFrameId() const
{
    return m_session ? m_session->targetId() : QString();
}

bool PayloadInjector::isReady() const
{
    return m_worlds.contains(mainFrameId());
}

QString PayloadInjector::moduleCall(const QString &module, const QString &function,
                                    const QJsonValue &argument)
{
    return u"globalThis.__mpa[%1].%2(%3)"_s.arg(jsonLiteral(module), function,
                                                argument.isUndefined() ? QString() : jsonLiteral(argument));
}

QString PayloadScript::version() const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(name.toUtf8());
    hash.addData(QByteArrayView("\0", 1));
    hash.addData(source.toUtf8());
    return QString::fromLatin1(hash.result().toHex().left(16));
}

QString PayloadInjector::wrap(const PayloadScript &script)
{
    // The registry lives in the isolated world, out of the page's reach.
    return uR"JS((() => {
  const g = globalThis;
  const api = g.__mpa || (g.__mpa = Object.create(null));
  const versions = g.__mpaVersions || (g.__mpaVersions = Object.create(null));
  const name = %1, version = %2;
  if (versions[name] === version) return;
  if (api[name] && typeof api[name].dispose === 'function') {
    try { api[name].dispose(); } catch (e) {}
  }
  const binding = g[%3];
  const mpa = {
    name, version,
    report(kind, data) {
      try { binding(JSON.stringify({ module: name, kind, data: data === undefined ? {} : data })); } catch (e) {}
    },
  };
  api[name] = (%4
)(mpa) || {};
  versions[name] = version;
})();
//# sourceURL=mpa://payload/%5.js)JS"_s.arg(jsonLiteral(script.name), jsonLiteral(script.version()),
                                            jsonLiteral(QString::fromLatin1(kBindingName)), script.source,
                                            script.name);
}

void PayloadInjector::addScript(const PayloadScript &script)
{
    const auto existing = m_scripts.constFind(script.name);
    if (existing != m_scripts.cend() && existing->version() == script.version())
        return;
    m_scripts.insert(script.name, script);
    if (!m_started)
        start();
    else
        install(script);
}

void PayloadInjector::start()
{
    m_started = true;
    if (!m_session)
        return;
    m_session->send(u"Runtime.addBinding"_s,
                    { { u"name"_s, QString::fromLatin1(kBindingName) },
                      { u"executionContextName"_s, QString::fromLatin1(kWorldName) } });
    m_session->send(u"Page.enable"_s);
    m_session->send(u"Runtime.enable"_s);
    for (const PayloadScript &script : std::as_const(m_scripts))
        install(script);
}

void PayloadInjector::install(const PayloadScript &script)
{
    if (!m_session)
        return;
    // Replace an older version's new-document script, so one document never runs both.
    if (const QString old = m_scriptIdentifiers.take(script.name); !old.isEmpty())
        m_session->send(u"Page.removeScriptToEvaluateOnNewDocument"_s, { { u"identifier"_s, old } });
    const QString name = script.name;
    const QString version = script.version();
    m_session->send(u"Page.addScriptToEvaluateOnNewDocument"_s,
                    { { u"source"_s, wrap(script) },
                      { u"worldName"_s, QString::fromLatin1(kWorldName) },
                      { u"runImmediately"_s, true } },
                    this, [this, name, version](const CdpResult &result) {
                        if (!result.ok()) {
                            qCWarning(lcPage).noquote()
                                << u"cannot install the %1 module: %2"_s.arg(name, result.error.toString());
                            return;
                        }
                        const QString identifier = result.result.value(u"identifier").toString();
                        // Replaced before this answer came: the next document must not run it.
                        if (m_scripts.value(name).version() != version) {
                            if (m_session)
                                m_session->send(u"Page.removeScriptToEvaluateOnNewDocument"_s,
                                                { { u"identifier"_s, identifier } });
                            return;
                        }
                        m_scriptIdentifiers.insert(name, identifier);
                    });
}

void PayloadInjector::setConfig(const QString &module, const QJsonObject &config)
{
    if (m_configs.value(module) == config && m_configs.contains(module))
        return;
    m_configs.insert(module, config);
    for (auto it = m_worlds.cbegin(); it != m_worlds.cend(); ++it) {
        evaluateIn(
            it.value(),
            u"(() => { const m = globalThis.__mpa && globalThis.__mpa[%1]; "
            "if (m && m.configure) m.configure(%2); })()"_s.arg(jsonLiteral(module), jsonLiteral(config)),
            this, [module](const QJsonValue &, const CdpError &error) {
                if (error.isError())
                    qCDebug(lcPage).noquote() << "config push for" << module << "failed:" << error.toString();
            });
    }
}

void PayloadInjector::evaluateInEveryWorld(const QString &expression, QObject *context,
                                           std::function<void(int answered)> done)
{
    struct Tally
    {
        int pending = 0;
        int answered = 0;
        std::function<void(int)> done;
    };
    auto tally = std::make_shared<Tally>();
    tally->pending = int(m_worlds.size());
    tally->done = std::move(done);
    if (tally->pending == 0) {
        if (tally->done)
            tally->done(0);
        return;
    }
    for (auto it = m_worlds.cbegin(); it != m_worlds.cend(); ++it) {
        evaluateIn(it.value(), expression, context, [tally](const QJsonValue &, const CdpError &error) {
            if (!error.isError())
                ++tally->answered;
            if (--tally->pending == 0 && tally->done)
                tally->done(tally->answered);
        });
    }
}

void PayloadInjector::pushConfigs(const QString &frameId, int contextId)
{
    Q_UNUSED(frameId)
    for (auto it = m_configs.cbegin(); it != m_configs.cend(); ++it) {
        evaluateIn(contextId,
                   u"(() => { const m = globalThis.__mpa && globalThis.__mpa[%1]; "
                   "if (m && m.configure) m.configure(%2); })()"_s.arg(jsonLiteral(it.key()),
                                                                       jsonLiteral(it.value())),
                   this, [](const QJsonValue &, const CdpError &) {});
    }
}

void PayloadInjector::onEvent(const QString &method, const QJsonObject &params)
{
    if (method == u"Runtime.executionContextCreated"_s) {
        const QJsonObject context = params.value(u"context").toObject();
        if (context.value(u"name").toString() != QLatin1StringView(kWorldName))
            return;
        const QString frameId = context.value(u"auxData").toObject().value(u"frameId").toString();
        const int id = context.value(u"id").toInt();
        m_worlds.insert(frameId, id);
        m_frameOfContext.insert(id, frameId);
        pushConfigs(frameId, id);
        flushWaiting();
        Q_EMIT worldReady(frameId);
        return;
    }
    if (method == u"Runtime.executionContextDestroyed"_s) {
        const int id = params.value(u"executionContextId").toInt();
        const QString frameId = m_frameOfContext.take(id);
        if (!frameId.isEmpty() && m_worlds.value(frameId) == id) {
            m_worlds.remove(frameId);
            if (frameId == mainFrameId())
                Q_EMIT documentCleared();
        }
        return;
    }
    if (method == u"Runtime.executionContextsCleared"_s) {
        const bool hadMain = isReady();
        m_worlds.clear();
        m_frameOfContext.clear();
        if (hadMain)
            Q_EMIT documentCleared();
        return;
    }
    if (method == u"Runtime.bindingCalled"_s) {
        if (params.value(u"name").toString() != QLatin1StringView(kBindingName))
            return;
        const QString frameId = m_frameOfContext.value(params.value(u"executionContextId").toInt());
        if (frameId.isEmpty())
            return; // not our world: nothing else can reach the binding, but be strict
        const QJsonObject message
            = QJsonDocument::fromJson(params.value(u"payload").toString().toUtf8()).object();
        const QString module = message.value(u"module").toString();
        if (!m_scripts.contains(module))
            return;
        Q_EMIT reportReceived(module, message.value(u"kind").toString(), message.value(u"data").toObject(),
                              frameId);
    }
}

void PayloadInjector::evaluate(const QString &expression, QObject *context,
                               CdpSession::EvaluateCallback callback, const QString &frameId,
                               std::chrono::milliseconds timeout)
{
    const QString frame = frameId.isEmpty() ? mainFrameId() : frameId;
    if (const auto it = m_worlds.constFind(frame); it != m_worlds.cend()) {
        evaluateIn(*it, expression, context, std::move(callback));
        return;
    }
    m_waiting.append(
        { expression, frame, context, context != nullptr, std::move(callback), QDeadlineTimer(timeout) });
    if (!m_waitTimer.isActive())
        m_waitTimer.start();
}

void PayloadInjector::evaluateIn(int contextId, const QString &expression, QObject *context,
                                 CdpSession::EvaluateCallback callback)
{
    if (!m_session) {
        callback({}, CdpError::transport(u"Runtime.evaluate"_s, u"the target is gone"_s));
        return;
    }
    m_session->send(u"Runtime.evaluate"_s,
                    { { u"expression"_s, expression },
                      { u"contextId"_s, contextId },
                      { u"returnByValue"_s, true },
                      { u"awaitPromise"_s, true } },
                    context ? context : this, [callback = std::move(callback)](const CdpResult &result) {
                        const CdpError error = CdpSession::errorFromEvaluation(u"Runtime.evaluate"_s, result);
                        callback(error.isError() ? QJsonValue()
                                                 : result.result.value(u"result").toObject().value(u"value"),
                                 error);
                    });
}

void PayloadInjector::flushWaiting()
{
    QList<Waiting> still;
    const QList<Waiting> waiting = std::exchange(m_waiting, {});
    for (const Waiting &w : waiting) {
        if (w.hasContext && !w.context)
            continue;
        if (const auto it = m_worlds.constFind(w.frameId); it != m_worlds.cend()) {
            evaluateIn(*it, w.expression, w.context, w.callback);
        } else if (!m_session || !m_session->isAttached() || w.deadline.hasExpired()) {
            w.callback({},
                       CdpError::transport(u"Runtime.evaluate"_s,
                                           m_session && m_session->isAttached()
                                               ? u"the page's document did not become ready in time"_s
                                               : u"the target is gone"_s));
        } else {
            still.append(w);
        }
    }
    m_waiting = still + m_waiting;
    if (m_waiting.isEmpty())
        m_waitTimer.stop();
}

} // namespace mpa
