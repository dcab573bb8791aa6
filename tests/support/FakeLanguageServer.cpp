#include "FakeLanguageServer.h"

#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace mpa::test {

TlsTestServer::Handler languageServerAnswers(const QString &csrfToken)
{
    return languageServerAnswers(csrfToken, nullptr);
}

namespace {

// The recorded GetUserStatus reply with each model of `quota` at its remaining fraction.
QByteArray userStatus(const LanguageServerQuota *quota)
{
    const QByteArray recorded = readFixture(u"quota/antigravity-user-status.json"_s);
    if (!quota)
        return recorded;
    QJsonObject root = QJsonDocument::fromJson(recorded).object();
    QJsonObject user = root.value(u"userStatus"_s).toObject();
    QJsonObject config = user.value(u"cascadeModelConfigData"_s).toObject();
    QJsonArray models = config.value(u"clientModelConfigs"_s).toArray();
    for (qsizetype i = 0; i < models.size(); ++i) {
        QJsonObject model = models.at(i).toObject();
        const auto found = quota->remaining.constFind(model.value(u"label"_s).toString());
        if (found == quota->remaining.cend())
            continue;
        QJsonObject info = model.value(u"quotaInfo"_s).toObject();
        info.insert(u"remainingFraction"_s, *found);
        model.insert(u"quotaInfo"_s, info);
        models[i] = model;
    }
    config.insert(u"clientModelConfigs"_s, models);
    user.insert(u"cascadeModelConfigData"_s, config);
    root.insert(u"userStatus"_s, user);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

} // namespace

TlsTestServer::Handler languageServerAnswers(const QString &csrfToken, std::shared_ptr<const LanguageServerQuota> quota)
{
    return [csrfToken, quota](const TlsTestServer::Request &request) -> TlsTestServer::Response {
        if (request.headers.value("x-codeium-csrf-token") != csrfToken.toUtf8())
            return { 403, "{\"code\":\"permission_denied\",\"message\":\"invalid CSRF token\"}" };
        if (request.headers.value("connect-protocol-version") != "1")
            return { 415, "{\"code\":\"unknown\"}" };
        if (request.path == "/exa.language_server_pb.LanguageServerService/GetUnleashData")
            return { 200, "{}" };
        if (request.path == "/exa.language_server_pb.LanguageServerService/GetUserStatus")
            return { 200, userStatus(quota.get()) };
        return { 404, "{\"code\":\"unimplemented\"}" };
    };
}

void addLanguageServerProcess(FakeProcTree &tree, qint64 pid, const QString &csrfToken,
                              const QList<quint16> &ports, quint16 extensionPort)
{
    tree.addProcess(
        pid,
        { u"/usr/share/antigravity/resources/app/extensions/antigravity/bin/language_server_linux_x64"_s,
          u"--enable_lsp"_s, u"--csrf_token"_s, csrfToken, u"--extension_server_port"_s,
          QString::number(extensionPort), u"--app_data_dir"_s, u"antigravity"_s });
    int fd = 10;
    for (const quint16 port : ports) {
        const quint64 inode = quint64(pid) * 100 + quint64(fd);
        tree.addSocket(pid, fd++, inode);
        tree.addTcp(pid, u"0100007F"_s, port, inode);
    }
}

} // namespace mpa::test
