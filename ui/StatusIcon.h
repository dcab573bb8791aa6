#pragma once
// The app's icon in each state, drawn at runtime so the states stay distinguishable at tray
// size: a rounded "agent" badge whose colour and corner mark say what the engine is doing.

#include <QIcon>

namespace mpa {

enum class StatusIconState { Off, Active, Paused, Standby, QuotaExhausted, Disconnected };

class Engine;

QIcon statusIcon(StatusIconState state);
// The state the engine is in now: Off when stopped or connected with nothing switched on
// (auto-accept, schedule, a running prompt queue); Standby is for the caller to know.
StatusIconState statusIconState(const Engine *engine);
QString statusIconName(StatusIconState state); // "active", "paused", … (for tests and tooltips)

} // namespace mpa
