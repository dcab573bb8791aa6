#pragma once
// Keeps the app's JavaScript modules alive in one target (page, webview or out-of-process
// iframe) and in every frame of it.
//
// Modules run in an isolated world ("mpa"): they share the DOM with the page but none of its
// JavaScript, so a page can neither see nor tamper with them, and cannot forge their reports.
// Each module is installed with Page.addScriptToEvaluateOnNewDocument{runImmediately} — into
// the live documents at once and into every new document after a reload or navigation — and
// is idempotent by version (a hash of its source: a different one replaces it). Modules report to the app
// through a binding that exists only in that world (Runtime.bindingCalled); their configuration is pushed
// again into every new document, so live config changes need no re-injection.

#include "cdp/CdpSession.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace mpa {

struct PayloadScript
{
    QString name; // module name, e.g. "autoAccept"; its API is globalThis.__mpa[name]
    QString source; // a function expression `(mpa) => api` (see payload/README.md)
    // Modules this one calls: wherever it is installed, they are installed first (on demand
    // too), so it never runs without them.
    QStringList needs = {};

    // A hash of the source: a document running another version of the module (an older or a
    // newer app's, left in a world that outlived its connection) gets this one instead.
    QString version() const;
};

class PayloadInjector : public QObject
{
    Q_OBJECT
public:
    static constexpr const char *kWorldName = "mpa";
    static constexpr const char *kBindingName = "__mpaReport";

    explicit PayloadInjector(CdpSession *session, QObject *parent = nullptr);

    CdpSession *session() const { return m_session; }
    // The target's main frame id (for pages and OOPIFs Chromium uses the target id).
    QString mainFrameId() const;

    void addScript(const PayloadScript &script);
    bool hasScript(const QString &name) const { return m_scripts.contains(name); }
    // The configuration handed to `__mpa[module].configure(config)` in every document now and
    // in every new one. An empty object clears it.
    void setConfig(const QString &module, const QJsonObject &config);
    QJsonObject config(const QString &module) const { return m_configs.value(module); }

    // True once the main frame's current document has the modules running.
    bool isReady() const;
    QStringList frameIds() const { return m_worlds.keys(); }
    // The execution context of the app's world in a frame (empty: the main frame); 0 when it has none.
    int worldOf(const QString &frameId = {}) const
    {
        return m_worlds.value(frameId.isEmpty() ? mainFrameId() : frameId);
    }

    // Evaluates `expression` in the app's world of a frame (the main frame by default), once
    // that world exists (waits up to `timeout` for a document that is still loading).
    void evaluate(const QString &expression, QObject *context, CdpSession::EvaluateCallback callback,
                  const QString &frameId = {}, std::chrono::milliseconds timeout = std::chrono::seconds(10));

    // Evaluates `expression` in the app's world of every frame that has one now, without
    // waiting for frames still loading. `done`, when given, runs once every world answered or
    // failed, with the number that answered.
    void evaluateInEveryWorld(const QString &expression, QObject *context = nullptr,
                              std::function<void(int answered)> done = {});

    // How a module's function call reads as JavaScript: `__mpa["name"].fn(<json args>)`.
    static QString moduleCall(const QString &module, const QString &function,
                              const QJsonValue &argument = {});
    // The source as installed: the module wrapped with the registry, version check and report().
    static QString wrap(const PayloadScript &script);

Q_SIGNALS:
    // A module called mpa.report(kind, data) in some frame of this target.
    void reportReceived(const QString &module, const QString &kind, const QJsonObject &data,
                        const QString &frameId);
    // The app's world came up in a frame's document (new page, reload, navigation).
    void worldReady(const QString &frameId);
    // The main frame's document went away (navigation, reload, crash).
    void documentCleared();

private:
    struct Waiting
    {
        QString expression;
        QString frameId;
        QPointer<QObject> context;
        bool hasContext = false;
        CdpSession::EvaluateCallback callback;
        QDeadlineTimer deadline;
    };

    void start();
    void install(const PayloadScript &script);
    void onEvent(const QString &method, const QJsonObject &params);
    void pushConfigs(const QString &frameId, int contextId);
    void evaluateIn(int contextId, const QString &expression, QObject *context,
                    CdpSession::EvaluateCallback callback);
    void flushWaiting();

    QPointer<CdpSession> m_session;
    QHash<QString, PayloadScript> m_scripts;
    QHash<QString, QString> m_scriptIdentifiers; // name → addScriptToEvaluateOnNewDocument id
    QHash<QString, QJsonObject> m_configs;
    QHash<QString, int> m_worlds; // frameId → execution context id of our world
    QHash<int, QString> m_frameOfContext; // execution context id → frameId
    QList<Waiting> m_waiting;
    QTimer m_waitTimer;
    bool m_started = false;
};

} // namespace mpa
