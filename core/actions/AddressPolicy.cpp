#include "AddressPolicy.h"

#include "actions/TabRegistry.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

CommandResult AddressPolicy::check(const CommandCaller &caller, const QUrl &url, const QString &given) const
{
    const QStringList schemes { u"http"_s, u"https"_s, u"file"_s, u"about"_s };
    if (!url.isValid() || !schemes.contains(url.scheme()))
        return CommandResult::failure(
            tr("params.url “%1” is not an http(s), file or about: address").arg(given));
    if (!url.isLocalFile())
        return CommandResult::success();
    // The app's own folders hold its tokens: no caller opens them in a page.
    const QFileInfo file(url.toLocalFile());
    const QString path = file.exists() ? file.canonicalFilePath() : QDir::cleanPath(file.absoluteFilePath());
    for (const QString &folder : m_protectedFolders) {
        const QString root = QFileInfo(folder).exists() ? QFileInfo(folder).canonicalFilePath() : folder;
        if (!root.isEmpty() && (path == root || path.startsWith(root + u'/')))
            return CommandResult::failure(
                tr("%1 is in the app's own folder (%2), which holds its tokens: it is never opened in a page")
                    .arg(given, folder),
                403);
    }
    if (!TabRegistry::isUnrestricted(caller) && !m_settings->boolValue(SettingKey::ToolkitAllowFileUrls))
        return CommandResult::failure(
            tr("file: addresses (your files) are off for agents: the user can allow them "
               "in the settings window (toolkit/allowFileUrls)"),
            403);
    return CommandResult::success();
}

} // namespace mpa
