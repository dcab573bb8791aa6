#pragma once
// The app's JSON data files in the config dir (queue, prompt history, stats): written
// atomically with QSaveFile, so a crash leaves the old file or the new one, never half of
// one. A file that cannot be read is moved aside as "<name>.corrupt-<time>" with a warning,
// and the caller starts from empty; nothing is overwritten unseen. moveAside() is that step for
// every file of the app that can be corrupt (settings.ini too), with one wording.

#include <QJsonObject>
#include <QString>

namespace mpa {

class JsonDataFile
{
public:
    struct Loaded
    {
        QJsonObject object; // empty when the file is missing or was moved aside
        bool existed = false;
        QString movedAside; // where an unreadable file went
        QString warning; // a sentence for the log and the user, when it was moved aside
    };

    enum class OnBadFile { MoveAside, Leave };

    explicit JsonDataFile(const QString &path);

    // Moves an unreadable file to "<path>.corrupt-<time>" and returns the sentence that says so
    // ("<path> could not be read: <problem>. It was moved to <where> and <instead>."); `movedTo`
    // gets the new path, empty when the file could not be moved.
    static QString moveAside(const QString &path, const QString &problem, const QString &instead,
                             QString *movedTo = nullptr);

    // Whether the app may read and write `path`: false with `error` saying why when it is a link
    // whose target lies outside the link's own folder (the config folder), dangling or not —
    // saving through it would write over whatever it points at (a system file, run as root).
    static bool checkLink(const QString &path, QString *error = nullptr);

    QString path() const { return m_path; }
    // Reads the file; an unreadable one (not JSON, not an object, of a newer `version` than
    // `maxVersion`, or a link out of its folder — the link is moved, never its target) is moved aside, or
    // with Leave only reported in `warning` (a file another process owns, such as the running instance's
    // debug-server.json).
    Loaded load(int maxVersion = 1, OnBadFile onBad = OnBadFile::MoveAside) const;
    // Writes `object` atomically, with "version" set unless `version` is 0; `ownerOnly` makes
    // it readable by the user alone. False with `error` set when the disk refuses or the path is
    // a link out of its folder (checkLink).
    bool save(QJsonObject object, int version = 1, QString *error = nullptr, bool ownerOnly = false) const;

private:
    QString m_path;
};

} // namespace mpa
