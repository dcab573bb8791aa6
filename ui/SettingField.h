#pragma once
// One form field bound to one setting: loads the value, checks every edit with
// Settings::validate() and shows a refusal inline under the field (the bad value is never
// saved), saves a valid value at once so it applies live, follows changes made elsewhere, and
// says "takes effect after a restart" for keys whose spec asks for one. The editor is chosen
// from the key's type (check box, spin box, line edit, combo box, one-entry-per-line list), or
// from the options (a string held as a number or a time of day gets a spin box or a time field).

#include "settings/SettingKey.h"

#include <QPalette>
#include <QTimer>
#include <QWidget>

#include <functional>

class QLabel;

namespace mpa {

class Settings;

// How a SettingField shows its key (all optional).
struct SettingFieldOptions
{
    QString text; // check box label
    QString suffix; // spin box suffix (" ms")
    QList<std::pair<QString, QString>> choices; // Choice: value → label (all values when empty)
    bool multiLine = false; // String: a text box instead of a line
    QString placeholder;
    // StringList: whether one line is fine, else false and a sentence in `error` (which may be
    // null), to mark that line while typing.
    std::function<bool(const QString &line, QString *error)> lineCheck;
    // StringList with a lineCheck: a line that fails it is not saved (it stays marked, and the
    // field says why), while the other lines are saved and apply: one bad line never holds back
    // the rest.
    bool keepValidLines = false;
    int visibleLines = 0; // text boxes: height in lines (0: a default)
    // String: a spin box for a whole number from numberMinimum to numberMaximum (saved as its
    // digits), when numberMaximum > 0.
    int numberMinimum = 0;
    int numberMaximum = 0;
    bool timeOfDay = false; // String: a time field, saved as HH:MM
    // A check of the page's own beyond Settings::validate (a value that depends on another
    // field): false with a sentence in `error` when the value is refused.
    std::function<bool(const QVariant &value, QString *error)> check;

    SettingFieldOptions &withText(const QString &value)
    {
        text = value;
        return *this;
    }
    SettingFieldOptions &withSuffix(const QString &value)
    {
        suffix = value;
        return *this;
    }
    SettingFieldOptions &withChoices(const QList<std::pair<QString, QString>> &value)
    {
        choices = value;
        return *this;
    }
    SettingFieldOptions &withPlaceholder(const QString &value)
    {
        placeholder = value;
        return *this;
    }
    SettingFieldOptions &withCheck(std::function<bool(const QVariant &value, QString *error)> value)
    {
        check = std::move(value);
        return *this;
    }
    SettingFieldOptions &withLines(int lines)
    {
        visibleLines = lines;
        return *this;
    }
    SettingFieldOptions &asNumber(int minimum, int maximum)
    {
        numberMinimum = minimum;
        numberMaximum = maximum;
        return *this;
    }
    SettingFieldOptions &asTimeOfDay()
    {
        timeOfDay = true;
        return *this;
    }
    SettingFieldOptions &asTextBox(int lines)
    {
        multiLine = true;
        visibleLines = lines;
        return *this;
    }
};

class SettingField : public QWidget
{
    Q_OBJECT
public:
    using Options = SettingFieldOptions;

    SettingField(Settings *settings, SettingKey key, const Options &options = {}, QWidget *parent = nullptr);
    // Cuts the editor's signals first: a line edit losing focus as it is deleted would
    // otherwise call back into this field after its members are gone (UBSan in the ui suite).
    ~SettingField() override;

    SettingKey key() const { return m_key; }
    QWidget *editor() const { return m_editor; }
    // The refusal shown under the field; empty when the current input is valid.
    QString errorText() const { return m_error; }
    // A problem the saved value met outside the field (the port it names is in use): shown
    // under the field like an error, the field tinted, until set empty. Never stops a save.
    void setProblem(const QString &problem);
    QString problem() const { return m_problem; }
    // A line of information under the field (e.g. a command-line value wins for this run).
    void setNote(const QString &note);
    QString note() const;

    // The value the editor holds now, as Settings takes it.
    QVariant editorValue() const;
    // A list box's text as a StringList setting takes it: one entry a line, blank lines dropped.
    static QStringList entriesOf(const QString &text);
    // Checks the editor's value and saves it when valid; false (and the error shown) otherwise.
    // With keepValidLines, the good lines are saved even so.
    bool commit();
    // Shows the saved value again, dropping unsaved (e.g. refused) input.
    void reload();
    // Checks the value shown again (another field it depends on changed) and shows the problem.
    void recheck();

    // How a time of day is shown and saved (asTimeOfDay).
    static constexpr QStringView kTimeFormat = u"HH:mm";
    // How long typing may pause before a line or text box saves (Enter / leaving saves at once).
    static constexpr int kSaveDelayMs = 700;

Q_SIGNALS:
    void committed(mpa::SettingKey key);
    void refused(const QString &error);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildEditor(const Options &options);
    // `editor` becomes the field's editor, saving each change it signals with `changed` at once
    // (not the ones load() makes).
    template<typename Editor, typename Changed> void saveOnChange(Editor *editor, Changed changed);
    void load(bool force = false);
    void onEdited();
    bool acceptable(const QVariant &value, QString *error) const;
    // keepValidLines: the entries of `value` that pass the line check, and a sentence on the
    // first that does not (empty when all pass).
    QStringList goodLines(const QVariant &value, QString *refusal) const;
    void showError(const QString &error);
    void markLines();
    static QString userMessage(const QString &validateError);

    Settings *m_settings;
    SettingKey m_key;
    QWidget *m_editor = nullptr;
    QLabel *m_restartNote = nullptr;
    QLabel *m_errorLabel;
    QLabel *m_noteLabel;
    QTimer m_saveTimer;
    std::function<bool(const QString &, QString *)> m_lineCheck;
    std::function<bool(const QVariant &, QString *)> m_check;
    bool m_keepValidLines = false;
    bool m_saving = false; // our own save: Settings::changed must not reload the editor
    QString m_error;
    QString m_problem;
    QPalette m_normalPalette;
    bool m_loading = false;
};

} // namespace mpa
