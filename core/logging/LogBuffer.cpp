#include "LogBuffer.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace mpa {

int LogBuffer::severity(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return 0;
    case QtInfoMsg:
        return 1;
    case QtWarningMsg:
        return 2;
    case QtCriticalMsg:
        return 3;
    case QtFatalMsg:
        return 4;
    }
    return 1;
}

QString LogEntry::levelName() const
{
    switch (level) {
    case QtDebugMsg:
        return u"debug"_s;
    case QtInfoMsg:
        return u"info"_s;
    case QtWarningMsg:
        return u"warning"_s;
    case QtCriticalMsg:
        return u"critical"_s;
    case QtFatalMsg:
        return u"fatal"_s;
    }
    return u"info"_s;
}

QString LogEntry::format() const
{
    const QString time
        = QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch).toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s);
    return time + u' ' + levelName().at(0).toUpper() + u' ' + category + u": "_s + message;
}

LogBuffer::LogBuffer(int capacity, QObject *parent)
    : QAbstractListModel(parent)
    , m_capacity(qMax(1, capacity))
{
}

int LogBuffer::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant LogBuffer::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const LogEntry &e = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return e.format();
    case TimeRole:
        return QDateTime::fromMSecsSinceEpoch(e.msecsSinceEpoch);
    case LevelRole:
        return int(e.level);
    case CategoryRole:
        return e.category;
    case MessageRole:
        return e.message;
    default:
        return {};
    }
}

QHash<int, QByteArray> LogBuffer::roleNames() const
{
    return {
        { Qt::DisplayRole, "display"_ba }, { TimeRole, "time"_ba },       { LevelRole, "level"_ba },
        { CategoryRole, "category"_ba },   { MessageRole, "message"_ba },
    };
}

void LogBuffer::append(const LogEntry &entry)
{
    if (int(m_entries.size()) >= m_capacity) {
        beginRemoveRows({}, 0, 0);
        m_entries.pop_front();
        endRemoveRows();
    }
    const int row = int(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries.push_back(entry);
    endInsertRows();
    Q_EMIT entryAppended(entry);
}

void LogBuffer::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

QList<LogEntry> LogBuffer::tail(int count, QtMsgType minLevel) const
{
    QList<LogEntry> result;
    const int min = severity(minLevel);
    for (auto it = m_entries.rbegin(); it != m_entries.rend() && result.size() < count; ++it) {
        if (severity(it->level) >= min)
            result.prepend(*it);
    }
    return result;
}

} // namespace mpa
