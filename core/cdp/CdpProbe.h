#pragma once
// A short-lived look at a debugging endpoint, apart from the engine's own connection: asks
// /json/version and /json/list once and reports what answers there (browser, targets), or
// keeps asking /json/version until something answers (after starting an IDE). Used by the
// Connection page's "Test connection" and "start with debugging"; it never opens a socket to
// a target, so it cannot disturb the running engine or the IDE.

#include "CdpTypes.h"

#include <QElapsedTimer>
#include <QList>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>

class QNetworkReply;

namespace mpa {

struct CdpProbeTarget
{
    CdpTargetInfo info;
    bool attachable = false; // offers a webSocketDebuggerUrl (no other debugger holds it)
};

struct CdpProbeResult
{
    bool ok = false;
    QString host;
    quint16 port = 0;
    QString error; // a sentence naming what failed and what to do
    QString browser; // "Chrome/156.0…" (the Browser field of /json/version)
    QString protocolVersion;
    bool browserLevel = false; // offers a browser-level target (webSocketDebuggerUrl)
    QList<CdpProbeTarget> targets; // /json/list in its order; empty when only the version answered
    qint64 elapsedMs = 0;

    QString address() const { return host + u':' + QString::number(port); }
};

class CdpProbe : public QObject
{
    Q_OBJECT
public:
    explicit CdpProbe(QObject *parent = nullptr);
    ~CdpProbe() override;

    // One look: /json/version, then /json/list. finished() follows.
    void probe(const QString &host, quint16 port);
    // Asks /json/version every `interval` until it answers or `timeout` passes, then lists the
    // targets once. finished() follows (ok=false after the timeout).
    void waitUntilUp(const QString &host, quint16 port, std::chrono::milliseconds timeout,
                     std::chrono::milliseconds interval = std::chrono::milliseconds(500));
    void cancel();
    bool isRunning() const { return m_running; }

    void setRequestTimeout(std::chrono::milliseconds timeout) { m_requestTimeout = timeout; }

Q_SIGNALS:
    void finished(const mpa::CdpProbeResult &result);
    // While waitUntilUp() polls: one per unanswered attempt.
    void attemptFailed(int attempt, const QString &reason);

private:
    void start(const QString &host, quint16 port);
    void askVersion();
    void onVersion(QNetworkReply *reply);
    void onList(QNetworkReply *reply);
    void finish(bool ok, const QString &error = {});
    // GETs `path` and hands the reply (deleted later) to `answered`, unless the probe has ended.
    void ask(const QString &path, void (CdpProbe::*answered)(QNetworkReply *reply));

    QNetworkAccessManager m_network;
    QPointer<QNetworkReply> m_reply;
    QTimer m_pollTimer;
    QElapsedTimer m_elapsed;
    CdpProbeResult m_result;
    std::chrono::milliseconds m_requestTimeout { 3000 };
    std::chrono::milliseconds m_waitTimeout { 0 }; // 0: a single look
    int m_attempts = 0;
    bool m_running = false;
};

} // namespace mpa

Q_DECLARE_METATYPE(mpa::CdpProbeResult)
