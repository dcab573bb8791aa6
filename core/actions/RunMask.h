#pragma once
// The mask a task run shows in the tab it works in (payload/run-mask.js): the current step and
// a Stop button, the user's clicks and keys held back, the agent's own input let through (the
// tab's PageController asks the mask to pass around each trusted input). One tab per run at a
// time: the mask follows the run to the tab it acts on, and goes when the run waits for the
// user or ends.

#include "common/CommandResult.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>

namespace mpa {

class Clock;
class ClockTimer;

class CdpSession;
class PageController;
class PayloadHub;
class PayloadInjector;
class ToolkitCommands;

class RunMask : public QObject
{
    Q_OBJECT
public:
    RunMask(PayloadHub *hub, ToolkitCommands *toolkit, Clock *clock, QObject *parent = nullptr);

    // Shows (or updates) the run's mask in `targetId`; moves it there from another tab.
    void show(const QString &runId, const QString &targetId, const QString &text);
    void hide(const QString &runId);
    // Outlines `box` (x, y, width, height in the top document's viewport) in `targetId` for
    // `ms`: the element a job is about to act on (payload/run-mask.js outline()).
    void outline(const QString &targetId, const QJsonObject &box, int ms);
    // A screenshot of `targetId`'s viewport for a job's model (agent/vision): `marks` ([{ref, x, y,
    // width, height}] in viewport CSS pixels) boxed and numbered in the page for the moment of the
    // capture (payload/run-mask.js marks(), the mask stepping aside), a JPEG of at most `maxSide`
    // pixels (PageController::captureView), the marks taken away again.
    void capture(const QString &targetId, const QJsonArray &marks, int maxSide, CommandReply reply);
    QString tabOf(const QString &runId) const { return m_tabs.value(runId); }

    static QString moduleName() { return QStringLiteral("runMask"); }
    // A page lets go of a mask the app stopped renewing after this long.
    static constexpr int kLeaseMs = 6000;

Q_SIGNALS:
    // The user pressed the mask's Stop button.
    void stopRequested(const QString &runId);

private:
    void apply(const QString &targetId, bool active, const QString &text);
    // The tab's runMask module (injected if need be), and its controller; null when the tab is
    // not the toolkit's.
    PayloadInjector *moduleIn(const QString &targetId, PageController **controller = nullptr) const;
    void renew();

    PayloadHub *m_hub;
    ToolkitCommands *m_toolkit;
    QHash<QString, QString> m_tabs; // run id → target id
    QHash<QString, QString> m_texts; // run id → what its mask says
    ClockTimer *m_lease; // renews the masks' lease in their pages
    int m_sequence = 0;
};

} // namespace mpa
