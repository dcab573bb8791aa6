#pragma once
// The Logs page's view of the ring buffer: lines at or above a level, of one category (or
// all), containing a search text; warnings and errors coloured.

#include <QSortFilterProxyModel>

namespace mpa {

class LogFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit LogFilterModel(QObject *parent = nullptr);

    void setMinimumLevel(QtMsgType level);
    QtMsgType minimumLevel() const { return m_minLevel; }
    // Empty: every category.
    void setCategory(const QString &category);
    QString category() const { return m_category; }
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }

    // The visible lines as text, oldest first (rows: only those; empty: all).
    QString linesAsText(const QModelIndexList &rows = {}) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QtMsgType m_minLevel = QtDebugMsg;
    QString m_category;
    QString m_search;
};

} // namespace mpa
