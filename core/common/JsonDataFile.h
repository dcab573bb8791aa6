#pragma once
// The app's JSON data files in the config dir (queue, prompt history, stats): written
// atomically with QSaveFile, so a crash leaves the old file or the new one, never half of
// one. A file that cannot be read is moved aside as "<name>.corrupt-<time>" with a warning,
// and the caller starts from empty; nothing is overwritten unseen.

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

    explicit JsonDataFile(const QString &path);

    QString path() const { return m_path; }
    // Reads the file; an unreadable one (not JSON, not an object, or of a newer `version`
    // than `maxVersion`) is moved aside.
    Loaded load(int maxVersion = 1) const;
    // Writes `object` with "version" set; false with `error` set when the disk refuses.
    bool save(QJsonObject object, int version = 1, QString *error = nullptr) const;

private:
    QString m_path;
};

} // namespace mpa
