#pragma once
// The web chat profiles the app knows: the bundled ones (:/profiles/chats/*.json) overridden
// and extended by id with the files in <config-dir>/profiles/chats (the user's own and the
// ones observation mode learned). An invalid file is reported by name and skipped; the others
// still load.

#include "ProfileSet.h"
#include "WebChatProfile.h"

namespace mpa {

class WebChatProfiles : public ProfileSet<WebChatProfile>
{
public:
    // Loads the bundled profiles and, when `configDir` is given, its profiles/chats folder.
    void load(const QString &configDir = {});

    // The first specific profile that matches the page (the user's files first, then the
    // bundled ones, each in id order), else the generic one.
    const WebChatProfile *match(const QString &url, const QString &title) const;

    // Writes `profile` as <configDir>/profiles/chats/<id>.json atomically, creating the
    // folder, then loads again from `configDir`. Refuses (nothing written) when that path is a
    // symlink. False with `error` as a sentence when it was not saved.
    bool save(const QString &configDir, const WebChatProfile &profile, QString *error = nullptr);

    static QString folderName() { return QStringLiteral("profiles/chats"); }
    static QString bundledFolder() { return QStringLiteral(":/profiles/chats"); }
    static constexpr const char *kGenericId = "generic";

private:
    bool isUserProfile(const WebChatProfile &profile) const;
};

} // namespace mpa
