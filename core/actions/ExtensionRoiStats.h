#pragma once
// getROIStats's numbers: what auto-accept saved, as the VS Code extension's dashboard showed it
// (clicks, blocked commands, sessions, time saved at AutoAcceptCounts::kSecondsSavedPerClick a
// click) this week, all time and this run, with the extension's own roiStats object beside ours.

#include <QJsonObject>

namespace mpa {

class AutoAcceptController;
struct AutoAcceptCounts;

namespace ExtensionRoi {

// As the extension's getROIStats put it: minutes rounded, "N minutes" below an hour, else
// "H.H hours" (timeSavedS, timeSavedMinutes, timeSavedFormatted).
QJsonObject timeSaved(qint64 seconds);
// One period's counts with the time they saved.
QJsonObject counts(const AutoAcceptCounts &counts);
// The whole getROIStats answer (this week starts on Monday, ISO weeks).
QJsonObject stats(const AutoAcceptController *autoAccept);

} // namespace ExtensionRoi

} // namespace mpa
