#pragma once
// getAntigravityStatus's answer: whether Antigravity's language server was found and answered the
// last quota reading (status connected, disconnected, not_initialized or disabled, and why).

#include <QJsonObject>

namespace mpa {

class QuotaMonitor;
class Settings;

// The status of the quota reading, as the VS Code extension's getAntigravityStatus had it.
QJsonObject antigravityStatus(const Settings *settings, const QuotaMonitor *quota);

} // namespace mpa
