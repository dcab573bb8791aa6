#pragma once
// The bundled demo (--demo): serves the demo agent-panel page from the app's resources on
// 127.0.0.1, starts a Chromium on it (headless when there is no display) and reports the
// debugging port for the engine to attach to. Everything ends with this object.

#include "cdp/ChromiumProcess.h"
#include "common/LocalWebServer.h"

#include <QObject>

namespace mpa {

class DemoEnvironment : public QObject
{
    Q_OBJECT
public:
    explicit DemoEnvironment(QObject *parent = nullptr);
    ~DemoEnvironment() override;

    // Starts the page server and the browser; ready() or failed() follows.
    bool start(bool headless, QString *error = nullptr);
    void stop();

    QUrl pageUrl() const;
    quint16 cdpPort() const { return m_browser.port(); }
    ChromiumProcess &browser() { return m_browser; }

Q_SIGNALS:
    void ready(quint16 cdpPort);
    void failed(const QString &reason);
    void browserExited();

private:
    LocalWebServer m_server;
    ChromiumProcess m_browser;
};

} // namespace mpa
