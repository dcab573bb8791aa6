#pragma once
// The few switches the tray and the pages share, so both say and do the same thing.

#include <QString>

namespace mpa {

class Engine;

namespace EngineControls {

// Whether auto-accept is on for this run: a --auto-accept on the command line wins over the
// saved setting until the user flips the switch.
bool autoAcceptEnabled(const Engine *engine);
// Saves the user's choice (autoAccept/enabled) and drops a command-line override, so the
// switch does what it says at once.
void setAutoAcceptEnabled(Engine *engine, bool enabled);
// The lowest remaining model quota at a glance, as the extension's status bar showed it:
// "Quota: 20% left (Claude Sonnet 4.5)"; empty when no model's quota is known.
QString quotaAtAGlance(const Engine *engine);

} // namespace EngineControls
} // namespace mpa
