#include "FakeLanguageServer.h"

#include "TestEnvironment.h"

using namespace Qt::StringLiterals;

namespace mpa::test {

TlsTestServer::Handler languageServerAnswers(const QString &csrfToken)
{
    return [csrfToken](const TlsTestServer::Request &request) -> TlsTestServer::Response {
        if (request.headers.value("x-codeium-csrf-token") != csrfToken.toUtf8())
            return { 403, "{\"code\":\"permission_denied\",\"message\":\"invalid CSRF token\"}" };
        if (request.headers.value("connect-protocol-version") != "1")
            return { 415, "{\"code\":\"unknown\"}" };
        if (request.path == "/exa.language_server_pb.LanguageServerService/GetUnleashData")
            return { 200, "{}" };
        if (request.path == "/exa.language_server_pb.LanguageServerService/GetUserStatus")
            return { 200, readFixture(u"quota/antigravity-user-status.json"_s) };
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
