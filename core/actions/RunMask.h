#pragma once
// The mask a task run shows in the tab it works in (payload/run-mask.js): the current step and
// a Stop button, the user's clicks and keys held back, the agent's own input let through (the
// tab's PageController asks the mask to pass around each trusted input). One tab per run at a
// time: the mask follows the run to the tab it acts on, and goes when the run waits for the
// user or ends.
//
// The tabs outside agents hold (the WebSocket's and MCP's) show the same bar without the mask
// (followAgents): who holds the tab and what it did last, with Stop, which takes the tab back
// from the agent; when the agent lets the tab go the bar says so for a few seconds and goes.
// Nothing of the page is held back or covered but the bar's own Stop button.

#include "common/CommandResult.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace mpa {

class Clock;
class ClockTimer;

class CdpSession;
class PageController;
class PayloadHub;
class PayloadInjector;
class ToolkitCommands;

// How a tab's bar looks: a run's mask (default) or an agent's bar, with or without Stop.
struct RunMaskLook
{
    bool bar = false; // an agent's bar, not a run's mask
    bool stop = true; // with its Stop button
    int leaseMs = 6000; // RunMask::kLeaseMs
};

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
    void capture(const QString &targetId, const QJsonArray &marks, int maxSide, const CommandReply &reply);
    QString tabOf(const QString &runId) const { return m_tabs.value(runId); }

    // Shows the outside agents' bars from now on while `enabled` says so (agent/showActions).
    void followAgents(std::function<bool()> enabled);
    // The bar of a tab an agent holds: shown (or updated) with `text`, renewed while held.
    void showBar(const QString &targetId, const QString &text);
    // The agent let the tab go: the bar says `text` for kReleasedMs and goes.
    void endBar(const QString &targetId, const QString &text);
    QStringList barTabs() const { return m_bars.keys(); }
    static constexpr int kReleasedMs = 4000;

    static QString moduleName() { return QStringLiteral("runMask"); }
    // A page lets go of a mask the app stopped renewing after this long.
    static constexpr int kLeaseMs = 6000;

Q_SIGNALS:
    // The user pressed the mask's Stop button.
    void stopRequested(const QString &runId);
    // The user pressed Stop on an agent's bar.
    void barStopped(const QString &targetId);

private:
    void apply(const QString &targetId, bool active, const QString &text, const RunMaskLook &look = {});
    bool isRunTab(const QString &targetId) const;
    // The lease timer runs while any mask or bar is shown.
    void keepRenewing();
    // The tab's runMask module (injected if need be), and its controller; null when the tab is
    // not the toolkit's.
    PayloadInjector *moduleIn(const QString &targetId, PageController **controller = nullptr) const;
    void renew();

    PayloadHub *m_hub;
    ToolkitCommands *m_toolkit;
    QHash<QString, QString> m_tabs; // run id → target id
    QHash<QString, QString> m_texts; // run id → what its mask says
    QHash<QString, QString> m_bars; // target id → what an agent's bar says
    std::function<bool()> m_barsEnabled;
    ClockTimer *m_lease; // renews the masks' lease in their pages
    int m_sequence = 0;
};

} // namespace mpa
