#pragma once
// Why the prompt queue stopped or paused (PromptQueue::reason), as UserText: English in
// queue.json, the API and the log, translated in the window. The sentences live here, apart
// from QueueRunner, so lupdate reads only them (ui/CMakeLists.txt, mpa_core_translated_sources).

#include "common/UserText.h"

namespace mpa::QueueReasons {

// The context of every queue sentence; also the one queue.json's reason is read back under.
inline constexpr const char *kContext = "mpa::PromptQueue";

UserText pausedByUser();
UserText stoppedByUser();
UserText appQuitWhileRunning();
UserText empty();
UserText allSent();
UserText endWithSkipped(qsizetype skipped);
// `error` is the sender's own sentence (English).
UserText sendFailed(int number, const QString &excerpt, const QString &error);

} // namespace mpa::QueueReasons
