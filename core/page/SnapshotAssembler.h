#pragma once
// A tab's snapshot, assembled: the payload's snapshot of a document, and under each iframe the
// payload could not enter (cross-origin, in process or out of it) that frame document's own
// snapshot, indented under the iframe's line, with refs prefixed f<n> and the limits shared.
// Ref numbers continue per document (RefMarks), so a ref an agent still holds is never reused.

#include "FrameRouter.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace mpa {

class CdpEndpoint;

struct SnapshotOptions
{
    bool interactiveOnly = false;
    QString scope; // a ref or a CSS selector; empty: the whole page
    int maxElements = 1000;
    int maxChars = 40000;
    bool viewport = false; // also answer inView (the refs in the viewport) and scroll
};

class SnapshotAssembler : public QObject
{
    Q_OBJECT
public:
    using Result = std::function<void(const QJsonObject &result, const QString &error)>;
    // A call of the snapshot module's `function` in one frame document.
    using PayloadCall = std::function<void(const FrameRouter::Target &target, const QString &function,
                                           const QJsonObject &args, Result done)>;
    using RefMarks = std::shared_ptr<QHash<QString, int>>;

    SnapshotAssembler(CdpEndpoint *endpoint, FrameRouter *frames, RefMarks refMarks, PayloadCall payload,
                      QObject *parent = nullptr);

    // The snapshot of `target`'s document and of the frames under it; `prefix` is the frame's
    // ref prefix ("" for the tab, "f2" for a frame).
    void assemble(const FrameRouter::Target &target, const QString &prefix, int maxElements, int maxChars,
                  const SnapshotOptions &options, const Result &done);

private:
    // Snapshots the frames in `splices` (iframe ref → its document) one after the other and puts
    // each under its iframe's line in `state`'s text; then answers.
    void splice(const std::shared_ptr<QJsonObject> &state,
                QList<std::pair<QString, FrameRouter::Target>> splices, const QString &prefix,
                int maxElements, int maxChars, const SnapshotOptions &options, const Result &done);

    CdpEndpoint *m_endpoint;
    FrameRouter *m_frames;
    RefMarks m_nextRef; // FrameRouter::Target::key() → the next ref number its documents may use
    PayloadCall m_payload;
};

} // namespace mpa
