#pragma once
// Pages that more than one suite builds, or reads, the same way.

#include "AppRun.h"
#include "LogFilterModel.h"
#include "engine/Engine.h"
#include "logging/LogBuffer.h"
#include "pages/LogsPage.h"
#include "pages/ServersPage.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QStringList>

#include <memory>

namespace mpa::test {

// The lines of the app's own categories (mpa.*) the Logs page shows, top to bottom: Qt's own
// lines (e.g. from the offscreen platform) come and go.
inline QStringList shownLogLines(const LogsPage *page)
{
    QStringList lines;
    const LogFilterModel *model = page->filterModel();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(LogBuffer::CategoryRole).toString().startsWith(QStringLiteral("mpa.")))
            lines.append(index.data(LogBuffer::MessageRole).toString());
    }
    return lines;
}

// The engine's agent server started on an unused port, `*port` (it listens once its switch is
// on), and the Servers page over it, shown.
inline std::unique_ptr<ServersPage> serversPageOnAgentServer(Settings *settings, Engine *engine,
                                                             quint16 *port)
{
    *port = unusedPort();
    settings->setValue(SettingKey::AgentServerPort, *port);
    engine->toolkitServer()->start();
    auto page = std::make_unique<ServersPage>(settings, engine->paths(), engine->debugApi(),
                                              engine->toolkitServer());
    page->resize(720, 1000);
    page->show();
    return page;
}

} // namespace mpa::test
