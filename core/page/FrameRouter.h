#pragma once
// Where a ref lives: the tab's own document (f0, refs e1, e2…) or a frame document the
// payload could not enter from its parent (cross-origin, in the same process or out of it),
// numbered f1, f2… in the order snapshots first met them. Keeps each frame's route (its
// iframe's ref in the parent) and matches the iframes a snapshot reports to the frame
// documents the browser has, from the frame tree and the child targets.

#include "cdp/CdpSession.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QString>

#include <optional>
#include <utility>

namespace mpa {

class FrameRouter
{
public:
    // A document a payload runs in: a target's main frame, or one frame of it (a cross-origin
    // frame that shares its parent's process).
    struct Target
    {
        QPointer<CdpSession> session;
        QString frameId; // empty: the session's main frame
        QString key() const { return session ? session->targetId() + u'/' + frameId : QString(); }
    };
    struct Route
    {
        Target target;
        QString ownerRef; // the iframe's ref in its parent (e7, f1e7)
    };
    // A frame document an iframe of `current` may show.
    struct Candidate
    {
        Target target;
        QString url;
    };

    explicit FrameRouter(CdpSession *page)
        : m_page(page)
    {
    }

    // Numbers `child` (the same number for the same document, every snapshot) and records that
    // the iframe `ownerRef` shows it.
    int route(const Target &child, const QString &ownerRef);
    bool knows(int frame) const { return frame == 0 || m_routes.contains(frame); }
    std::optional<Route> routeOf(int frame) const;
    // Frame 0 is the tab; an unknown frame gives a Target without a session.
    Target target(int frame) const;

    // The frame documents the iframes of `current` can show: its child targets (out of
    // process) and, from `frameTree` (Page.getFrameTree), the frames of another origin reached
    // from it through frames of its own origin only — in document order.
    static QList<Candidate> candidates(const QJsonObject &frameTree, const Target &current,
                                       const QList<CdpSession *> &childTargets);
    // The iframes the snapshot reports ({ref, src}) matched to candidates: by address first,
    // then the rest in document order. Gives (iframe ref, document) pairs.
    static QList<std::pair<QString, Target>> match(const QJsonArray &iframes, QList<Candidate> candidates);

private:
    QPointer<CdpSession> m_page;
    QHash<QString, int> m_numbers; // Target::key() → n in f<n>e…
    QHash<int, Route> m_routes;
};

} // namespace mpa
