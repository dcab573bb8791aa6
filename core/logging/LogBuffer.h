#pragma once
// In-memory ring buffer of recent log lines, as a list model for the Logs page and the
// debug API's getLogs. Lives in the main thread; Logging feeds it from any thread.

#include <QAbstractListModel>
#include <QList>
#include <QString>

#include <deque>

namespace mpa {

struct LogEntry
{
    qint64 msecsSinceEpoch = 0;
    QtMsgType level = QtInfoMsg;
    QString category;
    QString message;

    QString levelName() const;
    QString format() const; // "2026-11-22 10:00:00.123 W mpa.cdp: message"
};

class LogBuffer : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role { TimeRole = Qt::UserRole + 1, LevelRole, CategoryRole, MessageRole };

    explicit LogBuffer(int capacity = 5000, QObject *parent = nullptr);

    int capacity() const { return m_capacity; }
    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    void append(const LogEntry &entry);
    void clear();
    // The last `count` entries at or above `minLevel` (oldest first).
    QList<LogEntry> tail(int count, QtMsgType minLevel = QtDebugMsg) const;
    const LogEntry &at(int row) const { return m_entries.at(std::size_t(row)); }

    // Severity order for QtMsgType (QtInfoMsg is numerically after QtFatalMsg).
    static int severity(QtMsgType type);

Q_SIGNALS:
    void entryAppended(const mpa::LogEntry &entry);

private:
    int m_capacity;
    std::deque<LogEntry> m_entries;
};

} // namespace mpa
