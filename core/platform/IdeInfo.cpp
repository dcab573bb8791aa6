#include "IdeLauncher.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace mpa {

QList<IdeInfo> IdeInfo::known()
{
    return {
        { u"antigravity"_s,
          u"Antigravity"_s,
          { u"antigravity.desktop"_s, u"google-antigravity.desktop"_s },
          { u"antigravity"_s },
          { u"Antigravity"_s },
          { u"Antigravity"_s },
          false },
        { u"cursor"_s,
          u"Cursor"_s,
          { u"cursor.desktop"_s, u"co.anysphere.cursor.desktop"_s },
          { u"cursor"_s },
          { u"Cursor"_s },
          { u"Cursor"_s },
          false },
        { u"vscode"_s,
          u"VS Code"_s,
          { u"code.desktop"_s, u"com.visualstudio.code.desktop"_s, u"visual-studio-code.desktop"_s,
            u"code-oss.desktop"_s, u"codium.desktop"_s },
          { u"code"_s, u"code-oss"_s, u"codium"_s },
          { u"Visual Studio Code"_s },
          { u"Visual Studio Code"_s },
          false },
        { u"windsurf"_s,
          u"Windsurf"_s,
          { u"windsurf.desktop"_s, u"codeium-windsurf.desktop"_s },
          { u"windsurf"_s },
          { u"Windsurf"_s },
          { u"Windsurf"_s },
          false },
        { u"chrome"_s,
          u"Chromium or Chrome"_s, // the window names the one found (ConnectionPage)
          { u"google-chrome.desktop"_s, u"com.google.Chrome.desktop"_s, u"chromium.desktop"_s,
            u"org.chromium.Chromium.desktop"_s, u"chromium-browser.desktop"_s },
          { u"google-chrome"_s, u"google-chrome-stable"_s, u"chromium"_s, u"chromium-browser"_s },
          { u"Google Chrome"_s },
          { u"Google Chrome"_s, u"Chromium"_s },
          true },
    };
}

std::optional<IdeInfo> IdeInfo::byId(const QString &id)
{
    for (const IdeInfo &ide : known()) {
        if (ide.id == id)
            return ide;
    }
    return std::nullopt;
}

QStringList IdeLauncher::debuggingArguments(const IdeInfo &ide, quint16 port, const QString &profileRoot)
{
    QStringList args { u"--remote-debugging-port=%1"_s.arg(port) };
    if (ide.dedicatedProfile)
        args.append(u"--user-data-dir="_s + QDir(profileRoot).filePath(ide.id + u"-profile"_s));
    return args;
}

} // namespace mpa
