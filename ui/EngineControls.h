#pragma once
#include <QStringList>

// The few switches the tray and the pages share, so both say and do the same thing.

#include <QString>

namespace mpa {

class Engine;
class ServerService;
struct CdpTargetInfo;

namespace EngineControls {

// Whether auto-accept is on for this run: a --auto-accept on the command line wins over the
// saved setting until the user flips the switch.
bool autoAcceptEnabled(const Engine *engine);
// Saves the user's choice (autoAccept/enabled) and drops a command-line override, so the
// switch does what it says at once.
void setAutoAcceptEnabled(Engine *engine, bool enabled);
// Pause, the tray's and the Dashboard's one switch (checked while paused): it stops everything
// the app does on its own that the user would expect to stop — auto-accept's clicking, the timed
// prompts and a running prompt queue (paused where it is) — and Resume lets them go on. It is offered while
// one of them runs (or while paused, to resume); with nothing running there is nothing to pause.
bool pauseOffered(const Engine *engine);
void setPaused(Engine *engine, bool paused);
// Its tooltip: what it would pause or resume now, or why it is off.
QString pauseToolTip(const Engine *engine);
// The lowest remaining model quota at a glance, as the extension's status bar showed it:
// "Quota: 20% left (Claude Sonnet 4.5)"; empty when no model's quota is known.
QString quotaAtAGlance(const Engine *engine);

// The attached pages where auto-accept is paused on its own (unticked on the Auto-accept page),
// by title (the address when a page has none).
QStringList pausedPageTitles(const Engine *engine);
// How many pages are attached for auto-accept.
int attachedPageCount(const Engine *engine);
// "Auto-accept paused on “Editor”" or "… on 2 of 3 pages: “A”, “B”"; empty when no page is
// paused on its own, or the whole app is paused anyway.
QString pausedPagesText(const Engine *engine);

// The queue's status line with what the running queue does this moment: "Running: prompt 2 of 5"
// becomes "Running: prompt 2 of 5 · sending" (unchanged while nothing is under way).
QString withQueuePhase(const QString &status, const Engine *engine);

// A browser tab in a list to pick from: its title (its address when it has none), cut to 70
// characters.
QString tabLabel(const CdpTargetInfo &info);

// A page as lists show it, with its endpoint when the app watches several browsers
// ("Editor — 127.0.0.1:9222"); `text` alone with one. `targetId` names the page.
QString withEndpoint(const QString &text, const Engine *engine, const QString &targetId);

// Why the prompt queue cannot be started now, in the user's words (empty: Start works). The
// page and the tray disable Start and show this as its tooltip.
QString queueStartBlocker(const Engine *engine);
// Start in the window and the tray: with prompts in the queue, Start means "run them", so another
// mode (every few minutes, daily) becomes Queue mode first, instead of Start staying off until
// the user finds the Mode switch. False with the scheduler's refusal in `error`.
bool startQueue(Engine *engine, QString *error);

// Why a wanted server (debug API, agent server) is not running, in plain words ("port 8080 is
// in use by another program — choose another port"); empty when it runs or is not wanted.
QString serverProblem(const ServerService *service);
// One line per wanted server that is not running ("Agent server not running: …"), for the tray.
QStringList serverProblems(const Engine *engine);

} // namespace EngineControls
} // namespace mpa
