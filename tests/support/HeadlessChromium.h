#pragma once
// Real Chromium for integration tests, and the fixture pages it loads. A suite deriving from
// ChromiumTest gets one browser and two fixture servers (two ports on 127.0.0.1, also
// reachable as "localhost" for a second site) for all its tests, torn down after the suite
// whatever happened. The suite's end checks that no browser it started still runs.

#include "cdp/CdpEndpoint.h"
#include "cdp/ChromiumProcess.h"
#include "common/LocalWebServer.h"

#include <QJsonValue>
#include <QPointF>

#include <gtest/gtest.h>

#include <memory>

namespace mpa::test {

class HeadlessChromium
{
public:
    HeadlessChromium();
    ~HeadlessChromium();

    // Flags for the next start(), after the usual ones (e.g. --user-agent=… for a browser that
    // says it runs on another OS).
    void setExtraArguments(const QStringList &arguments) { m_extraArguments = arguments; }
    // Starts and waits until the debugging port is open.
    bool start(QString *error = nullptr, quint16 port = 0, const QString &userDataDir = {});
    // Starts again on the same port and profile (after kill() or stop()).
    bool restart(QString *error = nullptr);
    void stop();
    void kill();

    quint16 port() const { return m_port; }
    QString userDataDir() const { return m_userDataDir; }
    ChromiumProcess &process() { return *m_process; }

    // Process groups of browsers the suite started that still have live processes.
    static QList<qint64> survivingProcessGroups();

private:
    std::unique_ptr<ChromiumProcess> m_process;
    std::unique_ptr<QTemporaryDir> m_profile;
    quint16 m_port = 0;
    QString m_userDataDir;
    QStringList m_extraArguments;
};

// Starts `browser` (a test's own): ASSERT_TRUE(startBrowser(browser)) fails saying why it did not.
::testing::AssertionResult startBrowser(HeadlessChromium &browser);

// Synchronous helpers over the asynchronous engine, for test code only.
CdpResult sendAndWait(CdpSession *session, const QString &method, const QJsonObject &params = {});
CdpResult browserCall(CdpEndpoint &endpoint, const QString &method, const QJsonObject &params = {});
QJsonValue evaluate(CdpSession *session, const QString &expression, QString *error = nullptr);
// A trusted click of the user's (CDP mouse events) in the middle of the first element `selector`
// finds, scrolled into the view first as a person would; a test failure when there is none.
void userClick(CdpSession *page, const QString &selector);
// The same at a point of the viewport (CSS pixels), for what a selector cannot reach: a closed
// shadow root's button, found from outside the page with DOM.getDocument's pierce.
void userClickAt(CdpSession *page, const QPointF &point);

class ChromiumTest : public ::testing::Test
{
protected:
    static void SetUpTestSuite();
    static void TearDownTestSuite();
    void SetUp() override;
    void TearDown() override;

    static HeadlessChromium &browser();
    static LocalWebServer &site();
    static LocalWebServer &otherSite();

    // A fixture page on the main site: http://127.0.0.1:P1/<path>
    static QUrl fixtureUrl(const QString &path);
    // The same page on the same site but another port (another origin, same process).
    static QUrl crossPortUrl(const QString &path);
    // The same page on another site (http://localhost:P2/…): an out-of-process iframe.
    static QUrl crossSiteUrl(const QString &path);

    // An endpoint connected to the suite's browser (owned by the test).
    CdpEndpoint *connectEndpoint();
    // Opens a new tab, navigates it to `url`, waits for the load event; returns its session.
    CdpSession *openPage(CdpEndpoint *endpoint, const QUrl &url);
    // The same, and brings the tab to the front (a visible page, as the user's would be).
    CdpSession *openPageInFront(CdpEndpoint *endpoint, const QUrl &url);
    // Navigates an open page and waits for the load event.
    bool navigate(CdpSession *page, const QUrl &url);
    // Closes every tab the test opened.
    void closeOpenedPages();
    // Saves a screenshot of `page` as build/<preset>/screenshots/<name> (a PNG).
    static void savePageScreenshot(CdpSession *page, const QString &name);

private:
    std::vector<std::unique_ptr<CdpEndpoint>> m_endpoints;
    QStringList m_openedTargets;
};

} // namespace mpa::test
