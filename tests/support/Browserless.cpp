#include "Browserless.h"

#include "AppRun.h"
#include "EndProcess.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QProcessEnvironment>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace mpa::test {

namespace {

QString installDir()
{
    return qEnvironmentVariable("MPA_BROWSERLESS");
}

QString entryPoint()
{
    return QDir(installDir()).filePath(u"node_modules/@browserless.io/browserless/build/index.js"_s);
}

} // namespace

Browserless::Browserless()
{
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    QObject::connect(&m_process, &QProcess::readyRead, &m_process,
                     [this] { m_output += QString::fromLocal8Bit(m_process.readAll()); });
}

Browserless::~Browserless()
{
    stop();
}

QString Browserless::unavailableReason()
{
    if (installDir().isEmpty() || !QFileInfo::exists(entryPoint()))
        return u"Browserless is not installed (MPA_BROWSERLESS is '%1'): run the suite through scripts/test, "
               "which installs it (mpa_install_browserless)"_s.arg(installDir());
    if (QStandardPaths::findExecutable(u"node"_s).isEmpty())
        return u"node is not on PATH"_s;
    return {};
}

bool Browserless::start(const QString &token)
{
    m_error = unavailableReason();
    if (!m_error.isEmpty())
        return false;
    if (m_port == 0)
        m_port = unusedPort();
    m_token = token;
    const QString dir = installDir();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOST"_s, u"127.0.0.1"_s);
    env.insert(u"PORT"_s, QString::number(m_port));
    env.insert(u"TOKEN"_s, token);
    env.insert(u"PLAYWRIGHT_BROWSERS_PATH"_s, QDir(dir).filePath(u"browsers"_s));
    env.insert(u"ROUTES"_s, QDir(dir).filePath(u"routes"_s));
    // Chromium refuses to run as root without --no-sandbox (the tests run as root in CI).
    env.insert(u"DEFAULT_LAUNCH_ARGS"_s, u"[\"--no-sandbox\"]"_s);
    env.insert(u"DEBUG"_s, u"browserless*,-*:trace"_s);
    m_process.setProcessEnvironment(env);
    m_process.setWorkingDirectory(dir);
    m_process.setProgram(QStandardPaths::findExecutable(u"node"_s));
    m_process.setArguments({ entryPoint() });
    m_output.clear();
    m_process.start();
    if (!m_process.waitForStarted(10000)) {
        m_error = u"Browserless did not start: "_s + m_process.errorString();
        return false;
    }
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    int status = 0;
    const bool up = waitUntil(
        [&] {
            if (m_process.state() == QProcess::NotRunning)
                return true;
            QUrl url(u"http://127.0.0.1:%1/json/version"_s.arg(m_port));
            url.setQuery(u"token="_s + token);
            QNetworkRequest request(url);
            request.setTransferTimeout(5000);
            QNetworkReply *reply = network.get(request);
            waitUntil([reply] { return reply->isFinished(); }, std::chrono::seconds(6));
            status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            delete reply;
            return status == 200;
        },
        std::chrono::seconds(90));
    if (!up || m_process.state() == QProcess::NotRunning) {
        m_error = u"Browserless did not answer on 127.0.0.1:%1 (last status %2): %3"_s.arg(m_port)
                      .arg(status)
                      .arg(m_output.right(3000));
        return false;
    }
    return true;
}

void Browserless::stop()
{
    endProcess(m_process, 10000);
}

QUrl Browserless::webSocketUrl(const QString &token) const
{
    QUrl url(u"ws://127.0.0.1:%1"_s.arg(m_port));
    url.setQuery(u"token="_s + (token.isEmpty() ? m_token : token));
    return url;
}

} // namespace mpa::test
