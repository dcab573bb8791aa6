#pragma once
// The one look of an error in the window, so errors look like errors everywhere: text in the
// error colour (one red, lighter on a dark palette so it stays readable) and, for an editor
// whose value has a problem, a tinted background. Success uses the matching green.

#include <QPalette>
#include <QString>

class QLabel;
class QWidget;

namespace mpa::ErrorStyle {

// Core answers in clauses ("the goal is empty: say …") so they can be part of a longer sentence;
// a label that shows one alone shows a sentence: a capital first letter and a full stop.
QString sentence(const QString &text);

QColor errorText(const QPalette &palette);
QColor errorBase(const QPalette &palette);
QColor okText(const QPalette &palette);

// Shows `label` as an error (or as ordinary text again). The label's "error" property says
// which, for tests and style sheets.
void setError(QLabel *label, bool error = true);
// Shows `label` as a success (green), or ordinary text again.
void setOk(QLabel *label, bool ok = true);
// Tints `editor` as a field with a problem, or gives it back `normal`.
void markEditor(QWidget *editor, bool problem, const QPalette &normal);

} // namespace mpa::ErrorStyle
