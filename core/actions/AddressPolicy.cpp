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
    return checkFile(caller, url, given);
}

CommandResult AddressPolicy::checkShown(const CommandCaller &caller, const QUrl &url) const
{
    if (!url.isLocalFile())
        return CommandResult::success();
    return checkFile(caller, url, url.toString());
}

CommandResult AddressPolicy::checkFile(const CommandCaller &caller, const QUrl &url,
                                       const QString &given) const
{
    // file://localhost/… and file://127.0.0.1/… are this machine's files as file:///… is (the
    // browser opens them so); another host would be a network share, never opened for anyone.
    const QString host = url.host().toLower();
    if (!host.isEmpty() && host != u"localhost"_s && host != u"127.0.0.1"_s && host != u"[::1]"_s
        && host != u"::1"_s)
        return CommandResult::failure(
            tr("%1 names a file on another machine (%2): file: addresses are opened on this one only")
                .arg(given, host),
            ErrorKind::Refused);
    // The app's own folders hold its tokens: no caller opens them in a page. The path as the
    // browser reads it: percent-escapes decoded, `..` resolved, links followed.
    const QFileInfo file(url.path(QUrl::FullyDecoded));
    const QString path = file.exists() ? file.canonicalFilePath() : QDir::cleanPath(file.absoluteFilePath());
    // Windows' and macOS's usual file systems ignore case: so does the comparison there.
#ifdef Q_OS_LINUX
    constexpr Qt::CaseSensitivity cs = Qt::CaseSensitive;
#else
    constexpr Qt::CaseSensitivity cs = Qt::CaseInsensitive;
#endif
    for (const QString &folder : m_protectedFolders) {
        const QString root = QFileInfo(folder).exists() ? QFileInfo(folder).canonicalFilePath() : folder;
        if (!root.isEmpty() && (path.compare(root, cs) == 0 || path.startsWith(root + u'/', cs)))
            return CommandResult::failure(
                tr("%1 is in the app's own folder (%2), which holds its tokens: it is never opened in a page")
                    .arg(given, folder),
                ErrorKind::Refused);
    }
    if (!TabRegistry::isUnrestricted(caller) && !m_settings->boolValue(SettingKey::ToolkitAllowFileUrls))
        return CommandResult::failure(
            tr("file: addresses (your files) are off for agents: the user can allow them "
               "in the settings window (toolkit/allowFileUrls)"),
            ErrorKind::Refused);
    return CommandResult::success();
}

} // namespace mpa
