#include "FrameRouter.h"

#include <QSet>

#include <functional>

using namespace Qt::StringLiterals;

namespace mpa {

int FrameRouter::route(const Target &child, const QString &ownerRef)
{
    int number = m_numbers.value(child.key());
    if (!number) {
        number = int(m_numbers.size()) + 1;
        m_numbers.insert(child.key(), number);
    }
    m_routes.insert(number, { child, ownerRef });
    return number;
}

std::optional<FrameRouter::Route> FrameRouter::routeOf(int frame) const
{
    const auto it = m_routes.constFind(frame);
    if (it == m_routes.cend())
        return std::nullopt;
    return *it;
}

FrameRouter::Target FrameRouter::target(int frame) const
{
    if (frame == 0)
        return { m_page, {} };
    const auto it = m_routes.constFind(frame);
    return it == m_routes.cend() ? Target {} : it->target;
}

QList<FrameRouter::Candidate> FrameRouter::candidates(const QJsonObject &frameTree, const Target &current,
                                                      const QList<CdpSession *> &childTargets)
{
    QList<Candidate> out;
    QSet<QString> outOfProcess;
    for (CdpSession *s : childTargets) {
        out.append({ { s, {} }, s->targetInfo().url });
        outOfProcess.insert(s->targetId());
    }
    struct FrameInfo
    {
        QString parent;
        QString origin;
        QString url;
    };
    QHash<QString, FrameInfo> info;
    QStringList order;
    std::function<void(const QJsonObject &)> flatten = [&](const QJsonObject &node) {
        const QJsonObject frame = node.value(u"frame").toObject();
        const QString id = frame.value(u"id").toString();
        info.insert(id,
                    { frame.value(u"parentId").toString(), frame.value(u"securityOrigin").toString(),
                      frame.value(u"url").toString() });
        order.append(id);
        for (const QJsonValue &child : node.value(u"childFrames").toArray())
            flatten(child.toObject());
    };
    flatten(frameTree);
    const QString here
        = current.frameId.isEmpty() && current.session ? current.session->targetId() : current.frameId;
    const QString origin = info.value(here).origin;
    for (const QString &id : std::as_const(order)) {
        if (id == here || outOfProcess.contains(id) || info.value(id).origin == origin)
            continue;
        // Reachable from this document through frames of its own origin only.
        QString up = info.value(id).parent;
        while (!up.isEmpty() && up != here && info.value(up).origin == origin)
            up = info.value(up).parent;
        if (up == here)
            out.append({ { current.session, id }, info.value(id).url });
    }
    return out;
}

QList<std::pair<QString, FrameRouter::Target>> FrameRouter::match(const QJsonArray &iframes,
                                                                  QList<Candidate> candidates)
{
    QList<std::pair<QString, Target>> splices;
    QList<QJsonObject> unmatched;
    for (const QJsonValue &f : iframes) {
        const QJsonObject frame = f.toObject();
        const auto found = std::find_if(candidates.begin(), candidates.end(), [&](const Candidate &c) {
            return c.url == frame.value(u"src").toString();
        });
        if (found != candidates.end()) {
            splices.append({ frame.value(u"ref").toString(), found->target });
            candidates.erase(found);
        } else {
            unmatched.append(frame);
        }
    }
    for (const QJsonObject &frame : std::as_const(unmatched)) {
        if (candidates.isEmpty())
            break;
        splices.append({ frame.value(u"ref").toString(), candidates.takeFirst().target });
    }
    return splices;
}

} // namespace mpa
