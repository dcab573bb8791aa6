// Fuzz target: one HTTP request to the debug API as the gate and the server read it
// (core/common HttpRequestGate::inspectHead, then what DebugApiServer checks of the whole
// request): the head up to its blank line, the error reply for a refused one; for an accepted
// one the body of its Content-Length, the Host check and the JSON body's nesting check and
// parse.
#include "FuzzSupport.h"
#include "common/HttpRequestGate.h"
#include "common/JsonText.h"
#include "server/DebugApiServer.h"

#include <QJsonDocument>

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = fuzz::bytes(data, size);
    const HttpRequestGate::Limits limits;
    const qsizetype end = input.indexOf("\r\n\r\n");
    const QByteArray head = end < 0 ? input : input.left(end + 4);
    const HttpRequestGate::Head h = HttpRequestGate::inspectHead(head, limits);
    if (h.status != 0) {
        if (h.error.isEmpty())
            __builtin_trap(); // a refusal always says why
        (void)HttpRequestGate::errorReply(h.status, h.error);
        return 0;
    }
    if (h.contentLength < 0 || h.contentLength > limits.maxBodyBytes || h.headBytes != head.size())
        __builtin_trap();
    HttpRequestGate::Request request;
    request.method = h.method;
    const qsizetype query = h.target.indexOf('?');
    request.path = query < 0 ? h.target : h.target.left(query);
    request.headers = h.headers;
    request.body = input.mid(head.size(), h.contentLength);
    for (const QByteArray &host : request.headerValues("host"))
        (void)DebugApiServer::isLoopbackHost(host);
    (void)request.headerValues("authorization");
    if (jsonNestingError(request.body, DebugApiServer::kMaxJsonDepth, QStringLiteral("the JSON body"))
            .isEmpty()) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(request.body, &error);
        if (document.isObject())
            (void)describeJsonValue(document.object().value(QStringLiteral("action")));
    }
    return 0;
}
