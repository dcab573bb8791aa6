#pragma once
// The frame every page of the settings window shares: a title, a line saying what the page is
// for, and a scrolling column of groups. Also the one look for the places whose live data
// comes from an engine part that is not connected yet ("pending" notices), so they are easy to
// find and to replace when that part lands.

#include "SettingField.h"

#include <QHeaderView>
#include <QWidget>

class QFormLayout;
class QGroupBox;
class QLabel;
class QLayout;
class QPushButton;
class QScrollArea;
class QTableWidget;
class QVBoxLayout;

namespace mpa {

class Settings;

// How one column of a page's table takes its width (SettingsPage::sizeColumns).
struct TableColumn
{
    QHeaderView::ResizeMode mode;
    int width = 0;
};

class SettingsPage : public QWidget
{
    Q_OBJECT
public:
    // `settings` serves the page's setting fields (addField); a page with none may pass null.
    SettingsPage(Settings *settings, const QString &title, const QString &intro, QWidget *parent = nullptr);

    // The space between the buttons and boxes of a row, the same on every page.
    static constexpr int kRowSpacing = 6;

    QString title() const { return m_title; }
    Settings *settings() const { return m_settings; }

    // A notice for data that an engine part not yet connected will provide. Its object name
    // is "pending:<what>" and it carries the property pending=true.
    static QLabel *pendingNotice(const QString &what, const QString &text, QWidget *parent);
    // A short grey explanation under a group's rows (also in a page's parts and dialogs).
    static QLabel *hint(const QString &text, QWidget *parent);

Q_SIGNALS:
    // A link on the page asks for another page, by MainWindow::Page's name ("Connection").
    void pageRequested(const QString &page);

protected:
    QVBoxLayout *body() const { return m_body; }
    // A titled group with a form layout (labels on the left).
    QFormLayout *addFormGroup(const QString &title, QGroupBox **box = nullptr);
    // A titled group with a vertical layout.
    QVBoxLayout *addGroup(const QString &title, QGroupBox **box = nullptr);
    // A setting field added as a form row (label may be empty for check boxes).
    SettingField *addField(QFormLayout *form, const QString &label, SettingKey key,
                           const SettingField::Options &options = {});
    // The last row of a form that starts something (a run, a session): what went wrong last, in
    // the error style, and Start, the default button — named `<prefix>StartError`, `<prefix>Start`.
    QPushButton *addStartRow(QFormLayout *form, const QString &prefix, QLabel **error);
    // A read-only table of whole rows (one selectable at a time), no row numbers.
    static QTableWidget *rowTable(const QStringList &headers, const QString &objectName, QWidget *parent);
    // How a table's columns share its width, column by column from the first: as wide as their
    // contents (kFit), what is left (kStretch), or a width the user may drag (dragged(px)). A
    // table with a kStretch column no longer stretches its last one.
    static constexpr TableColumn kFit { QHeaderView::ResizeToContents };
    static constexpr TableColumn kStretch { QHeaderView::Stretch };
    static constexpr TableColumn dragged(int width) { return { QHeaderView::Interactive, width }; }
    static void sizeColumns(QTableWidget *table, std::initializer_list<TableColumn> columns);

    // On the first show: spin boxes and combo boxes take the wheel only when they have the
    // focus (a click or Tab gives it); otherwise the wheel scrolls the page and never changes a
    // value — every edit saves at once, so a scroll must not be one.
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    Settings *m_settings;
    QString m_title;
    QVBoxLayout *m_body;
    QScrollArea *m_scroll = nullptr;
    bool m_wheelGuarded = false;
};

} // namespace mpa
