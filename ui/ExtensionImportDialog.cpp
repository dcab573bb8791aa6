#include "ExtensionImportDialog.h"

#include "ErrorStyle.h"
#include "Widgets.h"
#include "WrappingLabel.h"
#include "common/KnownSentences.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using Import = ExtensionSettingsImport;

enum Column { Setting, Current, Imported, Note };
constexpr int kQueueRow = -1; // the row data of the prompts row

QString shown(const QVariant &value)
{
    if (value.typeId() == QMetaType::QStringList)
        return value.toStringList().isEmpty() ? ExtensionImportDialog::tr("(none)")
                                              : value.toStringList().join(u", "_s);
    if (value.typeId() == QMetaType::Bool)
        return value.toBool() ? ExtensionImportDialog::tr("on") : ExtensionImportDialog::tr("off");
    return value.toString();
}

QString shownJson(const QJsonValue &value)
{
    if (value.isString())
        return u"\"%1\""_s.arg(value.toString());
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isUndefined())
        return QString();
    return value.isArray() ? ExtensionImportDialog::tr("a list") : ExtensionImportDialog::tr("an object");
}

// A long value is cut short in its cell; the whole of it is the cell's tooltip.
QTableWidgetItem *cell(const QString &whole)
{
    const bool cut = whole.size() > 30;
    auto *item = new QTableWidgetItem(cut ? QString(whole.left(28) + u"…"_s) : whole);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (cut)
        item->setToolTip(whole);
    return item;
}

// The setting as the window names it (the page and field), with its ini name.
QString settingTitle(const QString &name)
{
    static const QHash<QString, const char *> titles = {
        { u"schedule/enabled"_s,
          QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Send prompts automatically") },
        { u"schedule/mode"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Schedule mode") },
        { u"schedule/value"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Every / at") },
        { u"schedule/prompt"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Scheduled prompt") },
        { u"schedule/queueMode"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "After sending") },
        { u"schedule/silenceTimeoutS"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Silent for (s)") },
        { u"schedule/checkPrompt/enabled"_s,
          QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Check prompt") },
        { u"schedule/checkPrompt/text"_s,
          QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Check prompt text") },
        { u"quota/enabled"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Watch the quota") },
        { u"quota/pollIntervalS"_s,
          QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Quota check every (s)") },
        { u"quota/resumeQueue"_s,
          QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Wait for the quota, then go on") },
        { u"quota/autoContinue"_s,
          QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Tell the agent to continue") },
        { u"cdp/port"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Debugging port") },
        { u"debug/enabled"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Debug API") },
        { u"safety/bannedCommands"_s, QT_TRANSLATE_NOOP("mpa::ExtensionImportDialog", "Ban list") },
    };
    const char *title = titles.value(name);
    return title ? ExtensionImportDialog::tr(title) : name;
}

QStringList queueTexts(const Scheduler *scheduler)
{
    QStringList texts;
    for (const QueueItem &item : scheduler->queue().items)
        texts.append(item.text);
    return texts;
}

} // namespace

ExtensionImportDialog::ExtensionImportDialog(Engine *engine, const QList<Import::FileResult> &files,
                                             QWidget *parent)
    : QDialog(parent)
    , m_engine(engine)
{
    setObjectName(u"extensionImport"_s);
    setWindowTitle(tr("Import Settings from the VS Code Extension"));
    auto *layout = new QVBoxLayout(this);
    auto *intro
        = new QLabel(tr("The Multi Purpose Agent extension's settings were found. Tick what to bring over; "
                        "nothing is written until you press Import."),
                     this);
    makeWrapping(intro);
    layout->addWidget(intro);

    QStringList skipped;
    for (const Import::FileResult &file : files) {
        if (!file.error.isEmpty())
            skipped.append(tr("%1 (%2): %3 — skipped")
                               .arg(QDir::toNativeSeparators(file.source.path), file.source.ide,
                                    knownSentence(file.error).translated()));
        else if (file.hasSomething())
            m_files.append(file);
    }

    m_source = new QComboBox(this);
    m_source->setObjectName(u"importSource"_s);
    for (const Import::FileResult &file : std::as_const(m_files))
        m_source->addItem(u"%1 — %2"_s.arg(file.source.ide, QDir::toNativeSeparators(file.source.path)));
    auto *sourceLabel = new QLabel(tr("From:"), this);
    sourceLabel->setBuddy(m_source);
    auto *sourceRow = new QHBoxLayout;
    sourceRow->addWidget(sourceLabel);
    sourceRow->addWidget(m_source, 1);
    layout->addLayout(sourceRow);
    m_source->setEnabled(m_files.size() > 1);

    m_skipped = new QLabel(skipped.join(u'\n'), this);
    m_skipped->setObjectName(u"skippedFiles"_s);
    ErrorStyle::setError(m_skipped);
    makeWrapping(m_skipped);
    m_skipped->setVisible(!skipped.isEmpty());
    layout->addWidget(m_skipped);

    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(u"importTable"_s);
    m_table->setHorizontalHeaderLabels({ tr("Setting"), tr("Ours now"), tr("Imported"), tr("") });
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(Setting, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Current, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Imported, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);

    m_summary = Widgets::wrappingLabel(u"importSummary"_s, this);
    layout->addWidget(m_summary);
    m_result = Widgets::wrappingLabel(u"importResult"_s, this);
    m_result->hide();
    layout->addWidget(m_result);

    auto *buttons = new QDialogButtonBox(this);
    m_import = buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    m_import->setObjectName(u"importButton"_s);
    QPushButton *notNow = buttons->addButton(tr("Not Now"), QDialogButtonBox::RejectRole);
    notNow->setObjectName(u"importNotNow"_s);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (importChecked())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_source, &QComboBox::currentIndexChanged, this, &ExtensionImportDialog::showFile);
    connect(m_table, &QTableWidget::itemChanged, this, &ExtensionImportDialog::updateSummary);
    showFile(m_files.isEmpty() ? -1 : 0);
    m_table->setFocusPolicy(Qt::NoFocus);
    resize(900, 560);
}

void ExtensionImportDialog::showFile(int index)
{
    m_current = index;
    const QSignalBlocker blocker(m_table);
    m_table->setRowCount(0);
    if (index < 0 || index >= m_files.size()) {
        m_import->setEnabled(false);
        m_summary->setText(tr("Nothing to import."));
        return;
    }
    const Import::FileResult &file = m_files.at(index);
    const auto addRow
        = [this](const QString &title, const QString &tip, const QString &current, const QString &imported,
                 const QString &note, bool importable, bool tick, int data, bool warn) {
              const int r = m_table->rowCount();
              m_table->insertRow(r);
              QTableWidgetItem *name = cell(title);
              name->setToolTip(tip);
              name->setData(Qt::UserRole, data);
              if (importable) {
                  name->setFlags(name->flags() | Qt::ItemIsUserCheckable);
                  name->setCheckState(tick ? Qt::Checked : Qt::Unchecked);
              } else {
                  name->setFlags(Qt::ItemIsSelectable); // greyed: nothing to import here
              }
              m_table->setItem(r, Setting, name);
              m_table->setItem(r, Current, cell(current));
              m_table->setItem(r, Imported, cell(imported));
              auto *noteItem = new QTableWidgetItem(note);
              noteItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
              noteItem->setToolTip(note);
              if (warn) {
                  noteItem->setForeground(ErrorStyle::errorText(palette()));
                  QFont bold = noteItem->font();
                  bold.setBold(true);
                  noteItem->setFont(bold);
              }
              m_table->setItem(r, Note, noteItem);
          };
    for (int i = 0; i < file.rows.size(); ++i) {
        const Import::Row &row = file.rows.at(i);
        const QString tip = u"%1 → %2"_s.arg(row.extensionKey, row.setting);
        if (!row.importable()) {
            addRow(settingTitle(row.setting), tip, shown(row.current), shownJson(row.imported),
                   tr("Not imported: %1").arg(row.problem), false, false, i, true);
        } else if (!row.changes()) {
            addRow(settingTitle(row.setting), tip, shown(row.current), shown(row.value), tr("Same as ours"),
                   false, false, i, false);
        } else if (row.key == SettingKey::DebugEnabled) {
            // Opening the debug API is the user's own tick, never a default (nor a script's).
            addRow(settingTitle(row.setting), tip, shown(row.current), shown(row.value),
                   tr("Tick to import: it turns the debug API on"), true, false, i, false);
        } else {
            addRow(settingTitle(row.setting), tip, shown(row.current), shown(row.value),
                   row.overwrites() ? tr("Replaces the value you set") : tr("Replaces the default"), true,
                   true, i, row.overwrites());
        }
    }
    if (!file.prompts.isEmpty() || !file.promptsProblem.isEmpty()) {
        const QStringList queue = queueTexts(m_engine->scheduler());
        const QStringList merged = Import::mergedQueue(queue, file.prompts);
        const qsizetype added = merged.size() - queue.size();
        const QString tip = QString::fromLatin1(Import::kPromptsKey) + u"\n"_s + file.prompts.join(u'\n');
        if (!file.promptsProblem.isEmpty())
            addRow(tr("Prompt queue"), tip, tr("%n prompt(s)", nullptr, int(queue.size())), tr("a list"),
                   tr("Not imported: %1").arg(file.promptsProblem), false, false, kQueueRow, true);
        else if (added == 0)
            addRow(tr("Prompt queue"), tip, tr("%n prompt(s)", nullptr, int(queue.size())),
                   tr("%n prompt(s)", nullptr, int(file.prompts.size())), tr("Already in the queue"), false,
                   false, kQueueRow, false);
        else
            addRow(tr("Prompt queue"), tip, tr("%n prompt(s)", nullptr, int(queue.size())),
                   tr("%n prompt(s)", nullptr, int(file.prompts.size())),
                   tr("Adds %n to the end of the queue", nullptr, int(added)), true, true, kQueueRow, false);
    }
    if (!file.unknownKeys.isEmpty()) {
        for (const QString &key : file.unknownKeys)
            addRow(key, key, QString(), QString(),
                   tr("Not imported: not a setting of the extension this app knows"), false, false, -2,
                   false);
    }
    updateSummary();
}

void ExtensionImportDialog::updateSummary()
{
    int ticked = 0;
    int replacing = 0;
    if (m_current >= 0) {
        const Import::FileResult &file = m_files.at(m_current);
        for (int r = 0; r < m_table->rowCount(); ++r) {
            const QTableWidgetItem *item = m_table->item(r, Setting);
            if (!(item->flags() & Qt::ItemIsUserCheckable) || item->checkState() != Qt::Checked)
                continue;
            ++ticked;
            const int data = item->data(Qt::UserRole).toInt();
            if (data >= 0 && file.rows.at(data).overwrites())
                ++replacing;
        }
    }
    QString text = tr("%n setting(s) will be imported.", nullptr, ticked);
    if (replacing > 0)
        text += u' '
            + tr("%n of them replace(s) a value you set yourself (marked in red).", nullptr, replacing);
    m_summary->setText(text);
    m_import->setEnabled(ticked > 0);
}

bool ExtensionImportDialog::importChecked()
{
    if (m_current < 0)
        return false;
    const Import::FileResult &file = m_files.at(m_current);
    QList<Import::Row> rows;
    bool prompts = false;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const QTableWidgetItem *item = m_table->item(r, Setting);
        if (!(item->flags() & Qt::ItemIsUserCheckable) || item->checkState() != Qt::Checked)
            continue;
        const int data = item->data(Qt::UserRole).toInt();
        if (data == kQueueRow)
            prompts = true;
        else if (data >= 0)
            rows.append(file.rows.at(data));
    }
    QString error;
    const QStringList changed = Import::apply(rows, m_engine->settings(), &error);
    QStringList lines;
    if (!changed.isEmpty())
        lines.append(tr("Imported: %1.").arg(changed.join(u", "_s)));
    if (prompts) {
        Scheduler *scheduler = m_engine->scheduler();
        const QStringList queue = queueTexts(scheduler);
        QString refusal;
        if (!scheduler->setQueue(Import::mergedQueue(queue, file.prompts), &refusal))
            error = error.isEmpty() ? tr("The prompts were not added: %1").arg(refusal) : error;
        else
            lines.append(tr("Prompts added to the queue."));
    }
    if (!error.isEmpty())
        lines.append(error);
    m_result->setText(lines.join(u'\n'));
    m_result->setVisible(!lines.isEmpty());
    qCInfo(lcUi).noquote() << "extension settings imported from" << file.source.path << ":"
                           << (changed.isEmpty() ? u"no setting"_s : changed.join(u", "_s))
                           << (prompts ? "and prompts" : "");
    return error.isEmpty();
}

QString ExtensionImportDialog::resultText() const
{
    return m_result->text();
}

ExtensionImportDialog *ExtensionImportDialog::offer(Engine *engine, QWidget *parent,
                                                    const QList<Import::Source> &sources)
{
    const QList<Import::Source> places = sources.isEmpty() ? Import::candidates() : sources;
    const QList<Import::FileResult> files = Import::scan(places, *engine->settings());
    const bool anything = std::any_of(files.cbegin(), files.cend(), [](const Import::FileResult &f) {
        return !f.error.isEmpty() || f.hasSomething();
    });
    if (!anything) {
        QStringList where;
        for (const Import::Source &source : places)
            where.append(QDir::toNativeSeparators(source.path));
        QMessageBox box(QMessageBox::Information, tr("Import from the VS Code extension"),
                        tr("No settings of the Multi Purpose Agent extension were found."), QMessageBox::Ok,
                        parent);
        box.setObjectName(u"extensionImportNothing"_s);
        box.setInformativeText(tr("Looked in:\n%1").arg(where.join(u'\n')));
        box.exec();
        return nullptr;
    }
    auto *dialog = new ExtensionImportDialog(engine, files, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

ExtensionImportDialog *ExtensionImportDialog::offerOnFirstStart(Engine *engine, QWidget *parent)
{
    Settings *settings = engine->settings();
    if (settings->boolValue(SettingKey::UiExtensionImportOffered))
        return nullptr;
    settings->setValue(SettingKey::UiExtensionImportOffered, true); // asked once, found or not
    const QList<Import::FileResult> files = Import::scan(Import::candidates(), *settings);
    const bool anything = std::any_of(files.cbegin(), files.cend(),
                                      [](const Import::FileResult &f) { return f.hasSomething(); });
    if (!anything)
        return nullptr;
    qCInfo(lcUi) << "the extension's settings were found; offering to import them";
    auto *dialog = new ExtensionImportDialog(engine, files, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace mpa
