#pragma once
// Which addresses the toolkit's open and tab new may load: http(s), about:, and file: where the
// user allows it for agents (toolkit/allowFileUrls) and never inside the app's own folders
// (config, data, logs: its tokens and settings), for any caller.

#include "actions/CommandDispatcher.h"

#include <QCoreApplication>
#include <QStringList>

class QUrl;

namespace mpa {

class Settings;

class AddressPolicy
{
    Q_DECLARE_TR_FUNCTIONS(mpa::AddressPolicy)
public:
    explicit AddressPolicy(const Settings *settings)
        : m_settings(settings)
    {
    }

    // Folders no page may show (the config, data and log folders: tokens, settings).
    void setProtectedFolders(const QStringList &folders) { m_protectedFolders = folders; }
    // Whether `url` (as the caller wrote it: `given`) may be opened by `caller`: a success, or
    // the failure to answer with (BadInput for what is no address we open, Refused for a refused file).
    CommandResult check(const CommandCaller &caller, const QUrl &url, const QString &given) const;
    // Whether `caller` may read and act on a tab that shows `url` now (however it got there: a
    // link, back, reload, a script): file: addresses as check() says, everything else yes.
    CommandResult checkShown(const CommandCaller &caller, const QUrl &url) const;

private:
    CommandResult checkFile(const CommandCaller &caller, const QUrl &url, const QString &given) const;

    const Settings *m_settings;
    QStringList m_protectedFolders;
};

} // namespace mpa
