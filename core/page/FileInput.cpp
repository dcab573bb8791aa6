#include "FileInput.h"

#include "cdp/CdpSession.h"

#include <QJsonArray>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace mpa {

void setFileInputFiles(CdpSession *session, int world, const QString &expression, const QStringList &paths,
                       QObject *context, const std::function<void(bool found, const CdpError &error)> &done,
                       std::chrono::milliseconds timeout)
{
    const QPointer<CdpSession> page(session);
    page->send(
        u"Runtime.evaluate"_s,
        { { u"expression"_s, expression }, { u"contextId"_s, world }, { u"returnByValue"_s, false } },
        context,
        [page, paths, context, done, timeout](const CdpResult &handle) {
            const QString objectId = handle.result.value(u"result").toObject().value(u"objectId").toString();
            if (!handle.ok() || objectId.isEmpty() || !page)
                return done(false, handle.error);
            page->send(
                u"DOM.setFileInputFiles"_s,
                { { u"files"_s, QJsonArray::fromStringList(paths) }, { u"objectId"_s, objectId } }, context,
                [page, objectId, done](const CdpResult &set) {
                    if (page)
                        page->send(u"Runtime.releaseObject"_s, { { u"objectId"_s, objectId } });
                    done(true, set.error);
                },
                timeout);
        },
        timeout);
}

} // namespace mpa
