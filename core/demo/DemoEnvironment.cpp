#include "DemoEnvironment.h"

#include "logging/LogCategories.h"

using namespace Qt::StringLiterals;

namespace mpa {

DemoEnvironment::DemoEnvironment(QObject *parent)
    : QObject(parent)
{
    m_server.setRoot(u":/demo"_s);
    connect(&m_browser, &ChromiumProcess::ready, this, &DemoEnvironment::ready);
    connect(&m_browser, &ChromiumProcess::failed, this, &DemoEnvironment::failed);
    connect(&m_browser, &ChromiumProcess::exited, this, &DemoEnvironment::browserExited);
}

DemoEnvironment::~DemoEnvironment()
{
    stop();
}

bool DemoEnvironment::start(bool headless, QString *error)
{
    if (!m_server.listen()) {
        if (error)
            *error = u"the demo page server cannot listen on 127.0.0.1: "_s + m_server.errorString();
        return false;
    }
    ChromiumProcess::Options options;
    options.headless = headless;
    options.urls = { pageUrl().toString() };
    // The demo plays on while the settings window covers it: Chromium would otherwise pause an
    // occluded window's page and throttle its timers, and the Dashboard would look dead.
    options.extraArguments << u"--disable-backgrounding-occluded-windows"_s
                           << u"--disable-renderer-backgrounding"_s
                           << u"--disable-background-timer-throttling"_s;
    if (!headless)
        options.extraArguments << u"--window-size=1100,800"_s;
    qCInfo(lcApp).noquote() << "demo: serving the agent panel at" << pageUrl().toString() << "and starting"
                            << (headless ? "a headless Chromium" : "Chromium");
    return m_browser.start(options, error);
}

void DemoEnvironment::stop()
{
    m_browser.stop();
    m_server.close();
}

QUrl DemoEnvironment::pageUrl() const
{
    return m_server.url(u"/agent-panel.html"_s);
}

} // namespace mpa
