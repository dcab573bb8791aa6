#pragma once
// The browser as an agent job may use it, made by the actions layer for each job (RunActions,
// BridgeActions): the toolkit in the job's own name (its tabs only), the schemas of the
// toolkit's types, the tab the toolkit takes as the job's current one, the requests the job's
// tabs made (NetworkLog), the mask that holds the user's input back on the tab the job works in,
// and letting go of a tab. Only `run` is needed; every other part may be left empty, and the
// helpers below then answer as if there were nothing to tell.

#include "common/CommandResult.h"
#include "page/NetworkLog.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>

class QObject;

namespace mpa {

class Clock;

struct ToolEnvironment
{
    using Reply = CommandReply;

    // A toolkit command in the job's name.
    std::function<void(const QString &type, const QJsonObject &params, Reply reply)> run;
    // The toolkit's types (empty when the environment does not list them).
    QStringList toolNames;
    // The JSON Schema of a type's params ({} when unknown).
    std::function<QJsonObject(const QString &type)> schema;
    // The tab a command without `tab` acts on.
    std::function<QString()> currentTab;
    // Requests of a tab: a mark now, those after a mark (newest `limit`), those still unanswered.
    std::function<qint64(const QString &tab)> networkMark;
    std::function<QList<NetworkEntry>(const QString &tab, qint64 mark, int limit)> networkSince;
    std::function<int(const QString &tab, qint64 mark)> networkPending;
    // Shows the job's mask in `tab` with `text` (on), or takes it away (off).
    std::function<void(bool on, const QString &text, const QString &tab)> mask;
    // Outlines `box` (the element's facts' box) in `tab` for `ms`, before the job acts on it.
    std::function<void(const QString &tab, const QJsonObject &box, int ms)> outline;
    // Lets go of a tab the job opened (it stays open, for the user).
    std::function<void(const QString &tab)> releaseTab;
    // agent/vision: the viewport of `tab` as a JPEG of at most `maxSide` pixels, with `marks`
    // ([{ref, x, y, width, height}], viewport CSS pixels) boxed and numbered on it for the moment of
    // the capture; the reply's data as ViewCapture::fromReply reads it.
    std::function<void(const QString &tab, const QJsonArray &marks, int maxSide, Reply reply)> capture;
    // The element at `point` (CSS pixels of the document) of `tab`, as the page is scrolled now:
    // {facts (as get element's), viewport {x, y}} — or {unresolved: why} when the page cannot say
    // what is there (a frame of another site); an error when the point is out of view.
    std::function<void(const QString &tab, QPointF point, Reply reply)> elementAt;

    QJsonObject schemaOf(const QString &type) const { return schema ? schema(type) : QJsonObject(); }
    QString toolkitTab() const { return currentTab ? currentTab() : QString(); }
    qint64 markNetwork(const QString &tab) const { return networkMark ? networkMark(tab) : 0; }
    QList<NetworkEntry> requestsSince(const QString &tab, qint64 mark, int limit) const
    {
        return networkSince ? networkSince(tab, mark, limit) : QList<NetworkEntry>();
    }
    void release(const QString &tab) const
    {
        if (releaseTab)
            releaseTab(tab);
    }

    // Network settle: calls `done` once the requests `tab` started after `mark` have their
    // answers, and — when there were any — the network stayed quiet a moment after the last
    // (a page often chains a request on an answer and updates itself after the last), or when
    // `limit` has passed; timed on `clock`, never after `context` is gone.
    void settle(const QString &tab, qint64 mark, std::chrono::milliseconds limit, Clock *clock,
                QObject *context, std::function<void()> done) const;

    static constexpr std::chrono::milliseconds kSettleStep { 25 };
    static constexpr std::chrono::milliseconds kSettleQuiet { 150 };
};

} // namespace mpa
