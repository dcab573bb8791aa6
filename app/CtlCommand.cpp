// `multi-purpose-agent ctl ACTION [JSON]`: one call to the running instance's debug API.
// Finds the instance of the config dir (--config-dir honoured) through debug-server.json,
// reads the token, calls the action and prints the JSON reply on stdout.
// Exit codes: 0 success; 1 the action failed (the server's error on stderr); 2 bad
// arguments; 3 no running instance serves the debug API.

#include "Subcommands.h"
#include "server/DebugApiClient.h"
#include "settings/AppPaths.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace mpa {

int runCtl(int argc, char **argv, const AppOptions &options)
{
    QCoreApplication app(argc, argv);
    setApplicationIdentity();

    QJsonObject params;
    if (!options.ctlParams.isEmpty()) {
        QByteArray text = options.ctlParams.toUtf8();
        if (options.ctlParams == u"-"_s) {
            QFile in;
            if (!in.open(stdin, QIODevice::ReadOnly)) {
                printProblem("ctl", u"cannot read the parameters from standard input"_s);
                return 2;
            }
            text = in.readAll();
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            printProblem("ctl",
                         u"the parameters are not valid JSON (%1 at byte %2); give an object such as "
                         "'{\"tailLines\": 20}'"_s.arg(parseError.errorString())
                             .arg(parseError.offset));
            return 2;
        }
        if (!document.isObject()) {
            printProblem("ctl", u"the parameters must be a JSON object such as '{\"tailLines\": 20}'"_s);
            return 2;
        }
        params = document.object();
    }

    const AppPaths paths
        = options.configDir.isEmpty() ? AppPaths::standard() : AppPaths::forConfigDir(options.configDir);
    QString problem;
    const auto endpoint = DebugApiClient::locate(paths.configDir, &problem);
    if (!endpoint) {
        printProblem("ctl", problem);
        return 3;
    }
    DebugApiClient client(*endpoint);
    const DebugApiClient::Reply reply = client.callAndWait(options.ctlAction, params);
    if (!reply.reached) {
        printProblem("ctl", reply.error);
        return 3;
    }
    if (!reply.body.isEmpty()) {
        std::printf("%s", QJsonDocument(reply.body).toJson(QJsonDocument::Indented).constData());
        std::fflush(stdout);
    }
    if (!reply.ok()) {
        printProblem("ctl",
                     u"%1 failed (HTTP %2): %3"_s.arg(options.ctlAction).arg(reply.status).arg(reply.error));
        return 1;
    }
    return 0;
}

} // namespace mpa
