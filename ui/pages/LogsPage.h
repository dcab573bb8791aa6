#pragma once
// Logs: a live tail of the in-memory log, filtered by level, category and a search text;
// copy lines, open the log file, clear the view's buffer.

#include "SettingsPage.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;

namespace mpa {

class LogBuffer;
class LogFilterModel;

class LogsPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit LogsPage(QWidget *parent = nullptr);

    LogFilterModel *filterModel() const { return m_filter; }
    // Copies the selected lines, or every visible line when none is selected.
    void copyLines();
    void openLogFile();

private:
    void addCategory(const QString &category);
    // "Browser connection" for mpa.cdp: the label a person reads for a logging category.
    static QString categoryLabel(const QString &category);
    void updateCount();

    LogBuffer *m_buffer;
    LogFilterModel *m_filter;
    QListView *m_view;
    QComboBox *m_level;
    QComboBox *m_category;
    QLineEdit *m_search;
    QCheckBox *m_follow;
    QLabel *m_count;
    QPushButton *m_openFile;
};

} // namespace mpa
