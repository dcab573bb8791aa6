#pragma once
// The app's rule for its own files (settings, data, tokens, the log): never read or written
// through a link that leads out of the file's own folder, since a save through it would write
// over whatever it points at (a system file, run as root). Such a link is moved aside, with a
// sentence saying so, and the app goes on with a file of its own. It lives here, at the bottom
// of the modules, because the log file obeys it too.

#include <QString>

namespace mpa {

class FileRule
{
public:
    // Whether the app may read and write `path` (a file or a folder): false with `error` saying
    // why when it is a link whose target lies outside the link's own folder, dangling or not.
    static bool checkLink(const QString &path, QString *error = nullptr);

    // Moves `path` (a file, a folder or a link — never what a link points at) to
    // "<path>.corrupt-<time>" and returns the sentence that says so ("<path> could not be read:
    // <problem>. It was moved to <where> and <instead>."); `movedTo` gets the new path, empty when
    // it could not be moved.
    static QString moveAside(const QString &path, const QString &problem, const QString &instead,
                             QString *movedTo = nullptr);
};

} // namespace mpa
