#pragma once
// Starts an IDE (or Chrome) with remote debugging on a port, as the Connection page's "Start …
// with Debugging" does: through the IDE's usual launcher when that already passes the port,
// otherwise with the debugging arguments added for this one start. Knows nothing of CDP: the
// caller waits for the port (CdpProbe::waitUntilUp on the configured host).

#include "IdeLauncher.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

struct IdeStartPlan
{
    QString program;
    QStringList arguments;
    quint16 port = 0;
    bool throughLauncher = false; // the launcher passes the port itself (rewritten for it)
};

class IdeStarter
{
public:
    // `launcher` outlives the starter; `profileRoot` as for IdeLauncher::debuggingArguments.
    IdeStarter(const IdeLauncher *launcher, QString profileRoot);

    // How `ide` would be started with debugging on `port`; nullopt with `error` when it cannot
    // be (no launcher found on this system).
    std::optional<IdeStartPlan> plan(const IdeInfo &ide, quint16 port, QString *error = nullptr) const;
    // Starts the plan detached from the app; the process id, or nullopt with `error`.
    static std::optional<qint64> start(const IdeStartPlan &plan, QString *error = nullptr);

private:
    const IdeLauncher *m_launcher;
    QString m_profileRoot;
};

} // namespace mpa
