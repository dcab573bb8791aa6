#pragma once
// Builders for the widgets the window's pages and dialogs make the same way again and again,
// so each is made in one place: a push button with its object name (tests and the debug API's
// ui actions find widgets by it) and its tooltip, a word-wrapped label with its object name, and
// the question a page asks before it does something that cannot be taken back.

#include <QMessageBox>
#include <QString>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QWidget;

namespace mpa::Widgets {

QPushButton *button(const QString &text, const QString &objectName, QWidget *parent,
                    const QString &toolTip = QString());

// A label whose text wraps (makeWrapping), empty until the page says something in it.
QLabel *wrappingLabel(const QString &objectName, QWidget *parent, const QString &text = QString());

// A wrapping label in bold: the title of what a group shows (the run, the session).
QLabel *boldLabel(const QString &objectName, QWidget *parent, const QString &text);

// A wrapping label in the error style (ErrorStyle::setError), for what went wrong last.
QLabel *errorLabel(const QString &objectName, QWidget *parent);

// The property of a control that only a person may use (a choice or button that widens what
// auto-accept clicks, not bound to a privileged setting's field): the debug API's ui actions
// refuse it with 403, as they refuse such a field.
inline constexpr char kPersonOnly[] = "personOnly";
void markPersonOnly(QWidget *control);

// While the debug API's ui actions press a button (and answer what it asks): a page whose
// button does more than the API may (General's Reset All Settings) then does only what the
// API may do. One lives for the length of the click.
class ApiAction
{
public:
    ApiAction();
    ~ApiAction();
    ApiAction(const ApiAction &) = delete;
    ApiAction &operator=(const ApiAction &) = delete;
    // Whether the API is pressing a button now.
    static bool running();
};

// A row in which `wide` (a message, a field) takes the room that `after` (its buttons) leave.
QHBoxLayout *row(QWidget *wide, std::initializer_list<QWidget *> after);
// The same row in a widget of its own, for a form: a form gives a row that is a bare layout one
// line's height, so a message in it that wraps to more lines would be cut off at top and bottom;
// a widget row takes the height its wrapped message needs at the width it gets.
QWidget *rowWidget(QWidget *wide, std::initializer_list<QWidget *> after, QWidget *parent);

// An ordinary question, or one about something that cannot be undone: that one is a warning,
// and Enter cancels it.
enum class Risk { Ordinary, Destructive };

// Asks `text` (with `details` under it) in a box with a button named after `action` ("Restart
// Code") and Cancel, and waits; true when the user chose the action. `objectName` names the box
// for the debug API's ui actions.
bool confirm(QWidget *parent, const QString &title, const QString &text, const QString &details,
             const QString &action, Risk risk = Risk::Ordinary, const QString &objectName = QString());

} // namespace mpa::Widgets
