#pragma once
// Fixed answers for the fixture sites' routes (LocalWebServer::addRoute): a page or a file a test
// serves without a file under tests/fixtures.

#include "common/LocalWebServer.h"

#include <QByteArray>
#include <QList>
#include <QPair>

namespace mpa::test {

// A route's handler that answers every request with `body` as `contentType`, with `headers`.
inline LocalWebServer::Handler fixedResponse(const QByteArray &contentType, const QByteArray &body,
                                             const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    LocalWebServer::Response response;
    response.contentType = contentType;
    response.body = body;
    response.headers = headers;
    return [response](const QString &, const QString &) { return response; };
}

// The same for an HTML page (UTF-8).
inline LocalWebServer::Handler htmlPage(const QByteArray &body,
                                        const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    return fixedResponse("text/html; charset=utf-8", body, headers);
}

} // namespace mpa::test
