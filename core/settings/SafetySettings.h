#pragma once
// The ban list and command policy as the settings hold them, built in one place for everyone
// who judges a command: auto-accept's page script is handed policy() (AutoAcceptController), and
// the Safety page's "Would this be blocked?" runs banList() — so both judge with the same entries
// and policy.

#include "safety/BanList.h"

namespace mpa {

class Settings;

namespace SafetySettings {

// safety/commandPolicy and safety/allowedCommands.
CommandPolicy policy(const Settings *settings);
// The user's ban patterns (safety/bannedCommands, the usable ones) under policy().
BanList banList(const Settings *settings);

} // namespace SafetySettings

} // namespace mpa
