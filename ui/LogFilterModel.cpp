#include "LogFilterModel.h"

#include "ErrorStyle.h"
#include "Theme.h"
#include "logging/LogBuffer.h"

#include <QApplication>
#include <QBrush>
#include <QColor>

using namespace Qt::StringLiterals;

namespace mpa {

LogFilterModel::LogFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
}

void LogFilterModel::setMinimumLevel(QtMsgType level)
{
    if (m_minLevel == level)
        return;
    m_minLevel = level;
    invalidateRowsFilter();
}

void LogFilterModel::setCategory(const QString &category)
{
    if (m_category == category)
        return;
    m_category = category;
    invalidateRowsFilter();
}

void LogFilterModel::setSearchText(const QString &text)
{
    if (m_search == text)
        return;
    m_search = text;
    invalidateRowsFilter();
}

bool LogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto level = QtMsgType(index.data(LogBuffer::LevelRole).toInt());
    if (LogBuffer::severity(level) < LogBuffer::severity(m_minLevel))
        return false;
    if (!m_category.isEmpty() && index.data(LogBuffer::CategoryRole).toString() != m_category)
        return false;
    if (!m_search.isEmpty()
        && !index.data(Qt::DisplayRole).toString().contains(m_search, Qt::CaseInsensitive))
        return false;
    return true;
}

QVariant LogFilterModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ForegroundRole) {
        switch (QtMsgType(QSortFilterProxyModel::data(index, LogBuffer::LevelRole).toInt())) {
        // From the application's palette, so each level stays readable in light and dark.
        case QtDebugMsg:
            return QApplication::palette().brush(QPalette::PlaceholderText);
        case QtWarningMsg:
            return QBrush(Theme::warningText(QApplication::palette()));
        case QtCriticalMsg:
        case QtFatalMsg:
            return QBrush(ErrorStyle::errorText(QApplication::palette()));
        case QtInfoMsg:
            break;
        }
        return {};
    }
    return QSortFilterProxyModel::data(index, role);
}

QString LogFilterModel::linesAsText(const QModelIndexList &rows) const
{
    QList<int> selected;
    for (const QModelIndex &index : rows)
        selected.append(index.row());
    std::sort(selected.begin(), selected.end());
    selected.erase(std::unique(selected.begin(), selected.end()), selected.end());
    if (rows.isEmpty()) {
        for (int row = 0; row < rowCount(); ++row)
            selected.append(row);
    }
    QStringList lines;
    for (int row : std::as_const(selected))
        lines.append(index(row, 0).data(Qt::DisplayRole).toString());
    return lines.isEmpty() ? QString() : lines.join(u'\n') + u'\n';
}

} // namespace mpa
