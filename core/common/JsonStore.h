#pragma once
// A JSON data file the app keeps in memory and writes a moment after each change (and when the
// owner goes, so nothing is lost at exit): auto-accept's statistics, the quota history. The file
// itself is a JsonDataFile (written atomically, an unreadable one moved aside). A kind says what
// it holds (toJson) and calls touch() after each change; its destructor calls saveIfChanged()
// (the base cannot: the kind's part is gone by then).

#include "common/JsonDataFile.h"

#include <QLoggingCategory>
#include <QObject>
#include <QTimer>

#include <chrono>

namespace mpa {

class JsonStore : public QObject
{
    Q_OBJECT
public:
    QString filePath() const { return m_path; }
    // Writes now (also done shortly after every change); false with `error` when the disk
    // refuses (also logged, naming what the file holds).
    bool save(QString *error = nullptr);

Q_SIGNALS:
    void changed();

protected:
    // `what` names the content in the log ("the quota history"); `delay` is how long after a
    // change it is written.
    JsonStore(const QString &path, std::chrono::milliseconds delay, const QString &what,
              const QLoggingCategory &category, QObject *parent);

    virtual QJsonObject toJson() const = 0;
    // The file as it is on disk (an unreadable one is moved aside and reported by JsonDataFile).
    JsonDataFile::Loaded loadFile() const { return JsonDataFile(m_path).load(1); }
    // Marks a change: written a moment later, and changed() is emitted.
    void touch();
    void saveIfChanged();

private:
    QString m_path;
    QString m_what;
    const QLoggingCategory &m_category;
    QTimer m_saveTimer;
    bool m_dirty = false;
};

} // namespace mpa
