#pragma once
// The IDE profiles the app ships (IdeProfiles::bundledFolder()), as the tests and benchmarks
// that drive a fixture chat with a real profile's selectors need them.

#include "profiles/ChatSelectors.h"

#include <QString>

#include <optional>

namespace mpa::test {

// The chat selectors of the bundled profile `profileId` (e.g. "antigravity"); nothing when
// there is no such profile or it has no chat section.
std::optional<ChatSelectors> bundledChatSelectors(const QString &profileId);

} // namespace mpa::test
