#include "HeadlessChromium.h"

#include "TestEnvironment.h"
#include "Wait.h"
#include "cdp/CdpInput.h"
#include "platform/ProcessGroup.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <optional>

using namespace Qt::StringLiterals;

namespace mpa::test {

namespace {

QList<qint64> &startedGroups()
{
    static QList<qint64> groups;
    return groups;
}

struct SuiteState
{
    std::unique_ptr<HeadlessChromium> browser;
    std::unique_ptr<LocalWebServer> site;
    std::unique_ptr<LocalWebServer> otherSite;
    QString error;
};

SuiteState &suite()
{
    static SuiteState state;
    return state;
}

CdpResult waitForCallback(const std::function<void(QObject *, CdpCallback)> &issue)
{
    QEventLoop loop;
    std::optional<CdpResult> out;
    QObject context;
    issue(&context, [&](const CdpResult &result) {
        out = result;
        loop.quit();
    });
    if (!out) // not answered at once
        loop.exec();
    return out.value_or(CdpResult {});
}

} // namespace

HeadlessChromium::HeadlessChromium() = default;

HeadlessChromium::~HeadlessChromium()
{
    stop();
}

bool HeadlessChromium::start(QString *error, quint16 port, const QString &userDataDir)
{
    if (userDataDir.isEmpty() && !m_profile) {
        m_profile = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/mpa-test-chromium-XXXXXX"_s);
        m_userDataDir = m_profile->path();
    } else if (!userDataDir.isEmpty()) {
        m_userDataDir = userDataDir;
    }
    m_process = std::make_unique<ChromiumProcess>();
    ChromiumProcess::Options options;
    options.userDataDir = m_userDataDir;
    options.port = port;
    options.headless = true;
    options.extraArguments = m_extraArguments;
    if (!m_process->start(options, error))
        return false;
    startedGroups().append(m_process->pid());
    QString failure;
    if (!m_process->isReady()
        && !waitForSignalOrFail(m_process.get(), &ChromiumProcess::ready, m_process.get(),
                                &ChromiumProcess::failed, &failure, std::chrono::seconds(30))) {
        if (error)
            *error = u"Chromium did not become ready: "_s + failure;
        return false;
    }
    m_port = m_process->port();
    return true;
}

::testing::AssertionResult startBrowser(HeadlessChromium &browser)
{
    QString error;
    if (browser.start(&error))
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "cannot start Chromium: " << error.toStdString();
}

bool HeadlessChromium::restart(QString *error)
{
    const quint16 port = m_port;
    if (m_process)
        m_process->stop();
    return start(error, port, m_userDataDir);
}

void HeadlessChromium::stop()
{
    if (m_process)
        m_process->stop();
}

void HeadlessChromium::kill()
{
    if (m_process)
        m_process->kill();
}

QList<qint64> HeadlessChromium::survivingProcessGroups()
{
    QList<qint64> alive;
    for (qint64 pid : startedGroups()) {
        if (ProcessGroup::isAlive(pid))
            alive.append(pid);
    }
    return alive;
}

CdpResult sendAndWait(CdpSession *session, const QString &method, const QJsonObject &params)
{
    return waitForCallback([&](QObject *context, CdpCallback callback) {
        session->send(method, params, context, std::move(callback));
    });
}

CdpResult browserCall(CdpEndpoint &endpoint, const QString &method, const QJsonObject &params)
{
    return waitForCallback([&](QObject *context, CdpCallback callback) {
        endpoint.sendToBrowser(method, params, context, std::move(callback));
    });
}

void userClick(CdpSession *page, const QString &selector)
{
    // The selector as a JavaScript string literal: the one element of a JSON array.
    const QString literal
        = QString::fromUtf8(QJsonDocument(QJsonArray { selector }).toJson(QJsonDocument::Compact))
              .mid(1)
              .chopped(1);
    const QJsonObject box
        = evaluate(page,
                   u"(() => { const e = document.querySelector(%1); if (!e) return null; "
                   u"e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect(); "
                   u"return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()"_s.arg(literal))
              .toObject();
    ASSERT_FALSE(box.isEmpty()) << "nothing on the page for " << selector.toStdString();
    userClickAt(page, QPointF(box.value(u"x").toDouble(), box.value(u"y").toDouble()));
}

void userClickAt(CdpSession *page, const QPointF &point)
{
    std::optional<CdpError> result;
    QObject context;
    CdpInput::send(page, CdpInput::click(point), &context, [&](const CdpError &error) { result = error; });
    ASSERT_TRUE(waitUntil([&] { return result.has_value(); })) << "the click was not answered";
    ASSERT_FALSE(result->isError()) << result->toString().toStdString();
}

QJsonValue evaluate(CdpSession *session, const QString &expression, QString *error)
{
    const CdpResult result = sendAndWait(
        session, u"Runtime.evaluate"_s,
        { { u"expression"_s, expression }, { u"returnByValue"_s, true }, { u"awaitPromise"_s, true } });
    const CdpError problem = CdpSession::errorFromEvaluation(u"Runtime.evaluate"_s, result);
    if (problem.isError()) {
        if (error)
            *error = problem.toString();
        return {};
    }
    return result.result.value(u"result").toObject().value(u"value");
}

void ChromiumTest::SetUpTestSuite()
{
    SuiteState &s = suite();
    s.error.clear();
    s.site = std::make_unique<LocalWebServer>();
    s.otherSite = std::make_unique<LocalWebServer>();
    s.site->setRoot(fixturesDir());
    s.otherSite->setRoot(fixturesDir());
    if (!s.site->listen() || !s.otherSite->listen()) {
        s.error = u"cannot serve the fixtures: "_s + s.site->errorString();
        return;
    }
    s.browser = std::make_unique<HeadlessChromium>();
    if (!s.browser->start(&s.error))
        s.error = u"cannot start Chromium: "_s + s.error;
}

void ChromiumTest::TearDownTestSuite()
{
    SuiteState &s = suite();
    s.browser.reset();
    s.site.reset();
    s.otherSite.reset();
}

void ChromiumTest::SetUp()
{
    ASSERT_TRUE(suite().error.isEmpty()) << suite().error.toStdString();
}

void ChromiumTest::TearDown()
{
    closeOpenedPages();
    m_endpoints.clear();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

HeadlessChromium &ChromiumTest::browser()
{
    return *suite().browser;
}

LocalWebServer &ChromiumTest::site()
{
    return *suite().site;
}

LocalWebServer &ChromiumTest::otherSite()
{
    return *suite().otherSite;
}

QUrl ChromiumTest::fixtureUrl(const QString &path)
{
    return site().url(path);
}

QUrl ChromiumTest::crossPortUrl(const QString &path)
{
    return otherSite().url(path);
}

QUrl ChromiumTest::crossSiteUrl(const QString &path)
{
    return otherSite().url(path, u"localhost"_s);
}

CdpEndpoint *ChromiumTest::connectEndpoint()
{
    auto endpoint = std::make_unique<CdpEndpoint>();
    endpoint->setAddress(u"127.0.0.1"_s, browser().port());
    endpoint->start();
    if (!waitUntil([&] { return endpoint->isConnected(); })) {
        ADD_FAILURE() << "the endpoint did not connect: " << endpoint->lastError().toStdString();
        return nullptr;
    }
    m_endpoints.push_back(std::move(endpoint));
    return m_endpoints.back().get();
}

CdpSession *ChromiumTest::openPage(CdpEndpoint *endpoint, const QUrl &url)
{
    const CdpResult created
        = browserCall(*endpoint, u"Target.createTarget"_s, { { u"url"_s, u"about:blank"_s } });
    if (!created.ok()) {
        ADD_FAILURE() << "Target.createTarget failed: " << created.error.toString().toStdString();
        return nullptr;
    }
    const QString targetId = created.result.value(u"targetId").toString();
    m_openedTargets.append(targetId);
    CdpSession *page = nullptr;
    if (!waitUntil([&] { return (page = endpoint->sessionForTarget(targetId)) != nullptr; })) {
        ADD_FAILURE() << "the new tab never attached";
        return nullptr;
    }
    if (!navigate(page, url))
        return nullptr;
    return page;
}

CdpSession *ChromiumTest::openPageInFront(CdpEndpoint *endpoint, const QUrl &url)
{
    CdpSession *page = openPage(endpoint, url);
    if (page)
        sendAndWait(page, u"Page.bringToFront"_s);
    return page;
}

bool ChromiumTest::navigate(CdpSession *page, const QUrl &url)
{
    sendAndWait(page, u"Page.enable"_s);
    bool loaded = false;
    QObject context;
    QObject::connect(page, &CdpSession::eventReceived, &context,
                     [&](const QString &method, const QJsonObject &) {
                         if (method == u"Page.loadEventFired"_s)
                             loaded = true;
                     });
    const CdpResult navigated = sendAndWait(page, u"Page.navigate"_s, { { u"url"_s, url.toString() } });
    if (!navigated.ok() || navigated.result.contains(u"errorText"_s)) {
        ADD_FAILURE() << "navigation to " << url.toString().toStdString() << " failed: "
                      << (navigated.ok() ? navigated.result.value(u"errorText").toString()
                                         : navigated.error.toString())
                             .toStdString();
        return false;
    }
    if (!waitUntil([&] { return loaded; })) {
        ADD_FAILURE() << "no load event from " << url.toString().toStdString();
        return false;
    }
    return true;
}

void ChromiumTest::closeOpenedPages()
{
    if (m_endpoints.empty())
        return;
    CdpEndpoint &endpoint = *m_endpoints.front();
    for (const QString &targetId : std::as_const(m_openedTargets)) {
        if (endpoint.isConnected())
            browserCall(endpoint, u"Target.closeTarget"_s, { { u"targetId"_s, targetId } });
    }
    m_openedTargets.clear();
}

void ChromiumTest::savePageScreenshot(CdpSession *page, const QString &name)
{
    const CdpResult shot = sendAndWait(page, u"Page.captureScreenshot"_s, { { u"format"_s, u"png"_s } });
    ASSERT_TRUE(shot.ok()) << shot.error.toString().toStdString();
    QFile file(QDir(screenshotDir()).filePath(name));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly)) << file.fileName().toStdString();
    file.write(QByteArray::fromBase64(shot.result.value(u"data"_s).toString().toLatin1()));
}

} // namespace mpa::test
