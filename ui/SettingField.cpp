#include "SettingField.h"

#include "ChoiceBox.h"
#include "ErrorStyle.h"
#include "Widgets.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTextBlock>
#include <QTimeEdit>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

QStringList SettingField::entriesOf(const QString &text)
{
    QStringList entries;
    for (const QString &line : text.split(u'\n')) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            entries.append(trimmed);
    }
    return entries;
}

namespace {

} // namespace

SettingField::~SettingField()
{
    if (m_editor)
        m_editor->disconnect(this);
}

SettingField::SettingField(Settings *settings, SettingKey key, const Options &options, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
    , m_key(key)
    , m_lineCheck(options.lineCheck)
    , m_check(options.check)
    , m_keepValidLines(options.keepValidLines && options.lineCheck)
{
    const SettingSpec &spec = m_settings->spec(key);
    setObjectName(u"field:"_s + QLatin1StringView(spec.name));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    auto *row = new QHBoxLayout;
    row->setSpacing(8);
    layout->addLayout(row);

    buildEditor(options);
    m_editor->setObjectName(u"editor:"_s + QLatin1StringView(spec.name));
    m_normalPalette = m_editor->palette();
    const bool expanding = qobject_cast<QLineEdit *>(m_editor) || qobject_cast<QPlainTextEdit *>(m_editor);
    row->addWidget(m_editor, expanding ? 1 : 0);
    if (spec.restartRequired) {
        m_restartNote = new QLabel(tr("Takes effect after a restart"), this);
        m_restartNote->setObjectName(u"restartNote"_s);
        QFont italic = m_restartNote->font();
        italic.setItalic(true);
        m_restartNote->setFont(italic);
        m_restartNote->setForegroundRole(QPalette::PlaceholderText);
        row->addWidget(m_restartNote, 0, expanding ? Qt::AlignTop : Qt::AlignVCenter);
    }
    if (!expanding)
        row->addStretch(1);

    m_errorLabel = Widgets::wrappingLabel(u"fieldError"_s, this);
    m_errorLabel->setTextFormat(Qt::PlainText);
    ErrorStyle::setError(m_errorLabel);
    m_errorLabel->hide();
    layout->addWidget(m_errorLabel);

    m_noteLabel = Widgets::wrappingLabel(u"fieldNote"_s, this);
    m_noteLabel->setForegroundRole(QPalette::PlaceholderText);
    m_noteLabel->hide();
    layout->addWidget(m_noteLabel);

    // The label speaks plainly; the setting's name is there for power users.
    setToolTip(tr("Setting: %1").arg(QLatin1StringView(spec.name)));

    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(kSaveDelayMs);
    connect(&m_saveTimer, &QTimer::timeout, this, &SettingField::commit);

    load();
    connect(m_settings, &Settings::changed, this, [this](SettingKey changed) {
        if (changed == m_key)
            load();
    });
}

template<typename Editor, typename Changed> void SettingField::saveOnChange(Editor *editor, Changed changed)
{
    connect(editor, changed, this, [this] {
        if (!m_loading)
            commit();
    });
    m_editor = editor;
}

void SettingField::buildEditor(const Options &options)
{
    const SettingSpec &spec = m_settings->spec(m_key);
    switch (spec.type) {
    case SettingSpec::Type::Bool: {
        saveOnChange(new QCheckBox(options.text, this), &QCheckBox::toggled);
        break;
    }
    case SettingSpec::Type::Int: {
        auto *spin = new QSpinBox(this);
        spin->setRange(spec.minimum, spec.maximum);
        spin->setSuffix(options.suffix);
        spin->setKeyboardTracking(false); // save the number typed, not every digit on the way
        spin->setAccelerated(true);
        // Wide enough for the largest value, whatever the style's default.
        const QFontMetrics metrics(spin->font());
        spin->setMinimumWidth(metrics.horizontalAdvance(QString::number(spec.maximum) + options.suffix) + 48);
        saveOnChange(spin, &QSpinBox::valueChanged);
        break;
    }
    case SettingSpec::Type::Choice: {
        auto *combo = new ChoiceBox(this);
        QList<std::pair<QString, QString>> choices = options.choices;
        if (choices.isEmpty()) {
            for (const QString &choice : spec.choices)
                choices.append({ choice, choice });
        }
        for (const auto &[value, label] : choices) {
            combo->addItem(label, value);
            combo->setItemData(combo->count() - 1, label, Qt::ToolTipRole);
        }
        saveOnChange(combo, &QComboBox::currentIndexChanged);
        break;
    }
    case SettingSpec::Type::String:
        if (options.numberMaximum > 0) {
            auto *spin = new QSpinBox(this);
            spin->setRange(options.numberMinimum, options.numberMaximum);
            spin->setSuffix(options.suffix);
            spin->setKeyboardTracking(false);
            spin->setAccelerated(true);
            const QFontMetrics metrics(spin->font());
            spin->setMinimumWidth(
                metrics.horizontalAdvance(QString::number(options.numberMaximum) + options.suffix) + 48);
            saveOnChange(spin, &QSpinBox::valueChanged);
            break;
        }
        if (options.timeOfDay) {
            auto *time = new QTimeEdit(this);
            time->setDisplayFormat(kTimeFormat.toString());
            time->setKeyboardTracking(false);
            saveOnChange(time, &QTimeEdit::timeChanged);
            break;
        }
        if (!options.multiLine) {
            auto *line = new QLineEdit(this);
            line->setPlaceholderText(options.placeholder);
            line->setClearButtonEnabled(false);
            connect(line, &QLineEdit::textEdited, this, &SettingField::onEdited);
            connect(line, &QLineEdit::editingFinished, this, [this] {
                if (m_saveTimer.isActive() || !m_error.isEmpty())
                    commit();
            });
            m_editor = line;
            break;
        }
        [[fallthrough]];
    case SettingSpec::Type::StringList: {
        auto *text = new QPlainTextEdit(this);
        text->setPlaceholderText(options.placeholder);
        text->setTabChangesFocus(true);
        text->setLineWrapMode(spec.type == SettingSpec::Type::StringList ? QPlainTextEdit::NoWrap
                                                                         : QPlainTextEdit::WidgetWidth);
        const int lines = options.visibleLines > 0 ? options.visibleLines : 6;
        const QFontMetrics metrics(text->font());
        text->setFixedHeight(metrics.lineSpacing() * lines + 2 * text->frameWidth()
                             + int(text->document()->documentMargin() * 2));
        connect(text, &QPlainTextEdit::textChanged, this, [this] {
            if (!m_loading)
                onEdited();
        });
        text->installEventFilter(this);
        m_editor = text;
        break;
    }
    }
}

bool SettingField::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && event->type() == QEvent::FocusOut && m_saveTimer.isActive())
        commit();
    return QWidget::eventFilter(watched, event);
}

QVariant SettingField::editorValue() const
{
    if (auto *box = qobject_cast<QCheckBox *>(m_editor))
        return box->isChecked();
    const bool isString = m_settings->spec(m_key).type == SettingSpec::Type::String;
    if (auto *spin = qobject_cast<QSpinBox *>(m_editor))
        return isString ? QVariant(QString::number(spin->value())) : QVariant(spin->value());
    if (auto *time = qobject_cast<QTimeEdit *>(m_editor))
        return time->time().toString(kTimeFormat);
    if (auto *combo = qobject_cast<QComboBox *>(m_editor))
        return combo->currentData();
    if (auto *line = qobject_cast<QLineEdit *>(m_editor))
        return line->text().trimmed();
    if (auto *text = qobject_cast<QPlainTextEdit *>(m_editor)) {
        if (m_settings->spec(m_key).type == SettingSpec::Type::StringList)
            return entriesOf(text->toPlainText());
        return text->toPlainText().trimmed();
    }
    return {};
}

void SettingField::reload()
{
    load(true);
}

void SettingField::load(bool force)
{
    if (m_saving)
        return; // the editor holds what was saved, and maybe a refused line the user is fixing
    const QVariant value = m_settings->value(m_key);
    // Leave the editor alone when it already says the same thing (keeps the cursor, blank
    // lines and the user's spacing while they type).
    if (!force && m_error.isEmpty() && editorValue() == value)
        return;
    m_loading = true;
    m_saveTimer.stop();
    if (auto *box = qobject_cast<QCheckBox *>(m_editor))
        box->setChecked(value.toBool());
    else if (auto *spin = qobject_cast<QSpinBox *>(m_editor)) {
        // A string that is no number (a time in the other mode's field) leaves the number shown.
        bool isNumber = true;
        const int number = value.typeId() == QMetaType::QString ? value.toString().trimmed().toInt(&isNumber)
                                                                : value.toInt();
        if (isNumber)
            spin->setValue(number);
    } else if (auto *timeEdit = qobject_cast<QTimeEdit *>(m_editor)) {
        QTime time = QTime::fromString(value.toString().trimmed(), kTimeFormat.toString());
        if (!time.isValid())
            time = QTime::fromString(value.toString().trimmed(), u"H:mm"_s); // 9:30 as typed by hand
        if (time.isValid())
            timeEdit->setTime(time);
    } else if (auto *combo = qobject_cast<QComboBox *>(m_editor))
        combo->setCurrentIndex(qMax(0, combo->findData(value.toString())));
    else if (auto *line = qobject_cast<QLineEdit *>(m_editor))
        line->setText(value.toString());
    else if (auto *text = qobject_cast<QPlainTextEdit *>(m_editor)) {
        if (m_settings->spec(m_key).type == SettingSpec::Type::StringList)
            text->setPlainText(value.toStringList().join(u'\n'));
        else
            text->setPlainText(value.toString());
    }
    m_loading = false;
    showError({});
}

void SettingField::onEdited()
{
    // Check as the user types; save once typing pauses.
    recheck();
    m_saveTimer.start();
}

void SettingField::recheck()
{
    QString problem;
    if (!acceptable(editorValue(), &problem) && m_keepValidLines)
        goodLines(editorValue(), &problem);
    showError(problem);
}

QStringList SettingField::goodLines(const QVariant &value, QString *refusal) const
{
    QStringList good;
    QString first;
    int bad = 0;
    for (const QString &entry : value.toStringList()) {
        QString why;
        if (m_lineCheck(entry, &why)) {
            good.append(entry);
        } else if (bad++ == 0) {
            first = why;
        }
    }
    if (bad > 0 && refusal) {
        *refusal = bad == 1 ? tr("Not saved: %1. Your other entries are saved and apply.").arg(first)
                            : tr("%n line(s) not saved, the marked ones (the first: %1). Your other entries "
                                 "are saved and apply.",
                                 nullptr, bad)
                                  .arg(first);
    }
    return good;
}

bool SettingField::acceptable(const QVariant &value, QString *error) const
{
    if (UserText refused; !m_settings->validate(m_key, value, &refused))
        return refuse(error, userMessage(refused.translated()));
    if (m_check && !m_check(value, error))
        return false;
    if (m_lineCheck) {
        const QStringList entries = value.toStringList();
        for (const QString &entry : entries) {
            if (!m_lineCheck(entry, error))
                return false;
        }
    }
    return true;
}

bool SettingField::commit()
{
    m_saveTimer.stop();
    const QVariant value = editorValue();
    if (QString error; !acceptable(value, &error)) {
        if (m_keepValidLines) {
            // The good lines are saved; the editor keeps the bad one, marked, for the user to fix.
            QString refusal;
            const QStringList good = goodLines(value, &refusal);
            if (!refusal.isEmpty() && acceptable(good, nullptr)) {
                QString saveError;
                m_saving = true;
                const bool saved = m_settings->setValue(m_key, good, &saveError);
                m_saving = false;
                showError(saved ? refusal : userMessage(saveError));
                qCDebug(lcUi).noquote()
                    << "saved the good lines of" << m_settings->spec(m_key).name << ";" << refusal;
                Q_EMIT refused(m_error);
                return false;
            }
        }
        showError(error);
        qCDebug(lcUi).noquote() << "not saving" << m_settings->spec(m_key).name << ":" << error;
        Q_EMIT refused(error);
        return false;
    }
    QString saveError;
    if (!m_settings->setValue(m_key, value, &saveError)) {
        showError(userMessage(saveError));
        Q_EMIT refused(m_error);
        return false;
    }
    showError({});
    Q_EMIT committed(m_key);
    return true;
}

void SettingField::showError(const QString &error)
{
    m_error = error;
    // The input's own problem first; else a problem the saved value met (a port in use).
    const QString shown = error.isEmpty() ? m_problem : error;
    m_errorLabel->setText(shown);
    m_errorLabel->setVisible(!shown.isEmpty());
    ErrorStyle::markEditor(m_editor, !shown.isEmpty(), m_normalPalette);
    markLines();
}

void SettingField::setProblem(const QString &problem)
{
    if (m_problem == problem)
        return;
    m_problem = problem;
    showError(m_error);
}

void SettingField::markLines()
{
    auto *text = qobject_cast<QPlainTextEdit *>(m_editor);
    if (!text || !m_lineCheck)
        return;
    QList<QTextEdit::ExtraSelection> marks;
    for (QTextBlock block = text->document()->begin(); block.isValid(); block = block.next()) {
        const QString line = block.text().trimmed();
        if (line.isEmpty() || m_lineCheck(line, nullptr))
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(ErrorStyle::errorBase(text->palette()));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks.append(mark);
    }
    text->setExtraSelections(marks);
}

void SettingField::setNote(const QString &note)
{
    m_noteLabel->setText(note);
    m_noteLabel->setVisible(!note.isEmpty());
}

QString SettingField::note() const
{
    return m_noteLabel->text();
}

QString SettingField::userMessage(const QString &validateError)
{
    // The save error names the key ("cdp/port: …"); next to the field the key is obvious, so
    // say only what is wrong. Settings' refusals come without it, in the window's language.
    QString message = validateError;
    const qsizetype colon = message.indexOf(u": "_s);
    if (colon > 0 && !message.left(colon).contains(u' '))
        message = message.mid(colon + 2);
    if (!message.isEmpty())
        message[0] = message.at(0).toUpper();
    return message;
}

} // namespace mpa
