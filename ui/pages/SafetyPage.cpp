#include "SafetyPage.h"

#include "ErrorStyle.h"
#include "Theme.h"
#include "Widgets.h"
#include "autoaccept/AutoAcceptController.h"
#include "common/KnownSentences.h"
#include "logging/LogCategories.h"
#include "settings/SafetySettings.h"
#include "settings/Settings.h"

#include <QButtonGroup>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// A line check of core's, its English refusal shown in the window's language.
template<bool (*check)(const QString &, QString *)> bool checkLine(const QString &line, QString *error)
{
    QString english;
    if (check(line, &english))
        return true;
    if (error)
        *error = knownSentence(english).translated();
    return false;
}

// How the verdict reads at a glance: never clicked (amber, a warning), waiting for the user, or
// clicked. The label's "tone" property says which, for tests.
void setTone(QLabel *label, const QString &tone)
{
    label->setProperty("tone", tone);
    QPalette palette = label->parentWidget() ? label->parentWidget()->palette() : QPalette();
    if (tone == u"banned"_s)
        palette.setColor(QPalette::WindowText, Theme::warningText(palette));
    else if (tone == u"clicked"_s)
        palette.setColor(QPalette::WindowText, ErrorStyle::okText(palette));
    else if (tone == u"idle"_s)
        palette.setColor(QPalette::WindowText, palette.color(QPalette::PlaceholderText));
    label->setPalette(palette);
    QFont font = label->font();
    font.setBold(tone != u"idle"_s && !tone.isEmpty()); // a verdict stands out; the prompt does not
    label->setFont(font);
}

// A tooltip that shows `text` exactly (spaces, case, < and &), never read as rich text.
QString exactToolTip(const QString &text)
{
    return u"<pre>%1</pre>"_s.arg(text.toHtmlEscaped());
}

QLabel *detail(const QString &objectName, QWidget *parent, bool monospace = false)
{
    QLabel *label = Widgets::wrappingLabel(objectName, parent);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (monospace)
        label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return label;
}

// Why a built-in rule blocks a command, in the user's language: core's reason is English ("it "
// and the rule's BanRules text), for the log, the API and the page script.
QString builtInReason(const QString &rule, const QString &english)
{
    static const std::pair<const char *, const char *> kReasons[] = {
        { "fork-bomb", QT_TRANSLATE_NOOP("mpa::SafetyPage", "it is a fork bomb") },
        { "recursive-delete",
          QT_TRANSLATE_NOOP("mpa::SafetyPage", "it deletes a root, home or system folder recursively") },
        { "dd-device", QT_TRANSLATE_NOOP("mpa::SafetyPage", "it writes a raw device with dd") },
        { "format-disk", QT_TRANSLATE_NOOP("mpa::SafetyPage", "it formats a disk") },
        { "block-device-write", QT_TRANSLATE_NOOP("mpa::SafetyPage", "it writes over a disk device") },
        { "partition-wipe",
          QT_TRANSLATE_NOOP("mpa::SafetyPage",
                            "it rewrites a disk's partition table or discards its blocks") },
        { "recursive-permissions",
          QT_TRANSLATE_NOOP(
              "mpa::SafetyPage",
              "it changes permissions, ACLs or owners of /, ~ or a system folder recursively") },
        { "find-delete",
          QT_TRANSLATE_NOOP("mpa::SafetyPage",
                            "it deletes everything find reaches from /, ~ or a system folder") },
        { "rsync-delete",
          QT_TRANSLATE_NOOP("mpa::SafetyPage",
                            "it mirrors into /, ~ or a system folder with rsync --delete") },
        { "move-system-dir", QT_TRANSLATE_NOOP("mpa::SafetyPage", "it moves /, ~ or a system folder away") },
        { "download-to-shell", QT_TRANSLATE_NOOP("mpa::SafetyPage", "it runs a downloaded script") },
        { "decode-to-shell",
          QT_TRANSLATE_NOOP("mpa::SafetyPage", "it runs a script decoded from hidden text") },
        { "download-then-run",
          QT_TRANSLATE_NOOP("mpa::SafetyPage", "it runs a file it has just downloaded or decoded") },
    };
    for (const auto &[id, reason] : kReasons) {
        // Only while core still says the same: a changed rule text shows in English, not wrong.
        if (rule == QLatin1StringView(id) && english == QLatin1StringView(reason))
            return QCoreApplication::translate("mpa::SafetyPage", reason);
    }
    return english;
}

bool isBuiltInRule(const QString &rule)
{
    const QList<BanList::RuleInfo> rules = BanList::builtInRules();
    return std::any_of(rules.begin(), rules.end(), [&](const BanList::RuleInfo &r) { return r.id == rule; });
}

} // namespace

SafetyPage::SafetyPage(Settings *appSettings, AutoAcceptController *autoAccept, QWidget *parent)
    : SettingsPage(appSettings, tr("Safety"),
                   tr("Which commands auto-accept may run for you. A command it may not run is never "
                      "clicked: it waits for you, and agents driving a page are refused it too."),
                   parent)
    , m_autoAccept(autoAccept)
{
    // ---- the policy ----
    QVBoxLayout *policy = addGroup(tr("Commands auto-accept runs"));
    auto *choice = new QButtonGroup(this);
    m_rules = new QRadioButton(tr("Rules: click unless banned or unverifiable"), this);
    m_rules->setObjectName(u"policyRules"_s);
    m_allowlist = new QRadioButton(
        tr("Allow list: click a command only when every part of it is on your list"), this);
    m_allowlist->setObjectName(u"policyAllowlist"_s);
    for (QRadioButton *button : { m_rules, m_allowlist }) {
        Widgets::markPersonOnly(button); // only a person widens what is clicked
        button->setToolTip(tr("Setting: %1").arg(u"safety/commandPolicy"_s));
        choice->addButton(button);
    }
    auto *rulesHint
        = hint(tr("Auto-accept runs any command that no built-in rule and none of your ban patterns "
                  "stops, as long as it can read the whole command. What it cannot check (a "
                  "command hidden in $⁠(…), eval, a download piped into a shell) waits for you."),
               this);
    auto *allowHint
        = hint(tr("Safer: auto-accept runs a command only when every command in it (each side of "
                  "a pipe, &&, ;) matches an entry of your allow list. Anything else waits for you "
                  "to click it. The ban list still applies."),
               this);
    for (QLabel *label : { rulesHint, allowHint })
        label->setContentsMargins(22, 0, 0, 4); // under its choice, beside the radio's mark
    policy->addWidget(m_rules);
    policy->addWidget(rulesHint);
    policy->addWidget(m_allowlist);
    policy->addWidget(allowHint);
    policy->addWidget(hint(tr("Either way, buttons that do not run a command (accepting a file edit, Retry, "
                              "Continue) follow the button words on the Auto-accept page."),
                           this));
    connect(choice, &QButtonGroup::buttonToggled, this, [this](QAbstractButton *button, bool on) {
        if (!on)
            return;
        const QString mode = button == m_allowlist ? u"allowlist"_s : u"rules"_s;
        if (settings()->stringValue(SettingKey::SafetyCommandPolicy) == mode)
            return;
        if (QString error; !settings()->setValue(SettingKey::SafetyCommandPolicy, mode, &error)) {
            qCWarning(lcSafety).noquote() << "the command policy was not changed:" << error;
            showPolicy(); // back to what is saved
            return;
        }
        qCInfo(lcSafety).noquote() << "command policy set to" << mode << "in the window";
    });

    // ---- the allow list ----
    QVBoxLayout *allow = addGroup(tr("Allow list"), &m_allowBox);
    m_allowBox->setObjectName(u"allowListGroup"_s);
    allow->addWidget(hint(tr("One command per line, as its words: git status matches exactly that; * as the "
                             "last word stands for any further words (npm run *). Matched on the command as "
                             "auto-accept reads it, after sudo, env and the like, never as part of a longer "
                             "word."),
                          this));
    SettingField::Options allowOptions;
    allowOptions.visibleLines = 10;
    allowOptions.placeholder
        = tr("Empty: no command is run for you. One per line, e.g. git status or npm run *");
    allowOptions.lineCheck = checkLine<&BanList::checkAllowEntry>;
    allowOptions.keepValidLines = true;
    m_allowList = new SettingField(settings(), SettingKey::SafetyAllowedCommands, allowOptions, this);
    allow->addWidget(m_allowList);
    m_allowSkipped = Widgets::wrappingLabel(u"allowSkipped"_s, this);
    m_allowSkipped->setTextFormat(Qt::PlainText);
    allow->addWidget(m_allowSkipped);
    m_allowCount = Widgets::wrappingLabel(u"allowCount"_s, this);
    m_allowCount->setForegroundRole(QPalette::PlaceholderText);
    auto *restore = Widgets::button(tr("Restore Defaults…"), u"allowRestore"_s, this,
                                    tr("Put back the first entries: commands that only read or run tests"));
    Widgets::markPersonOnly(restore);
    connect(restore, &QPushButton::clicked, this, [this] { restoreAllowList(); });
    allow->addLayout(Widgets::row(m_allowCount, { restore }));

    // ---- the ban list ----
    QVBoxLayout *list = addGroup(tr("Ban list"));
    list->addWidget(
        hint(tr("Built-in rules always apply: recursive deletes of /, ~ or a drive, dd or mkfs on a disk, "
                "fork bombs, downloads piped into a shell, and commands that hide what they run. Add your "
                "own below, one per line: plain text matches anywhere in the command, ignoring case and "
                "extra spaces; /regex/flags is a JavaScript regular expression, e.g. "
                "/git\\s+push\\s+--force/i."),
             this));
    SettingField::Options options;
    options.visibleLines = 8;
    options.placeholder
        = tr("None of your own yet. One per line, e.g. npm publish or /git\\s+push\\s+--force/i");
    // Checked as the page runs them: a /regex/ must be one JavaScript compiles and reads alike. A
    // bad line is not saved; the others are, and apply.
    options.lineCheck = checkLine<&BanList::checkEntry>;
    options.keepValidLines = true;
    m_banList = new SettingField(settings(), SettingKey::SafetyBannedCommands, options, this);
    list->addWidget(m_banList);
    m_banSkipped = Widgets::wrappingLabel(u"banSkipped"_s, this);
    m_banSkipped->setTextFormat(Qt::PlainText);
    list->addWidget(m_banSkipped);
    m_count = Widgets::wrappingLabel(u"banCount"_s, this);
    m_count->setForegroundRole(QPalette::PlaceholderText);
    m_reset = Widgets::button(tr("Remove My Patterns…"), u"banReset"_s, this);
    Widgets::markPersonOnly(m_reset); // removing a pattern widens what is clicked
    connect(m_reset, &QPushButton::clicked, this, [this] { resetToDefaults(); });
    list->addLayout(Widgets::row(m_count, { m_reset }));
    Theme::whenPaletteChanges(this, [this] {
        for (QLabel *label : { m_allowSkipped, m_banSkipped }) {
            QPalette palette = label->palette();
            palette.setColor(QPalette::WindowText, Theme::warningText(palette));
            label->setPalette(palette);
        }
    });

    // ---- the test ----
    QVBoxLayout *test = addGroup(tr("Would this be blocked?"));
    m_probe = new QLineEdit(this);
    m_probe->setObjectName(u"banTestInput"_s);
    m_probe->setPlaceholderText(tr("Type a command, e.g. sudo rm -rf / --no-preserve-root"));
    test->addWidget(m_probe);
    m_verdict = Widgets::wrappingLabel(u"banTestVerdict"_s, this);
    m_verdict->setTextFormat(Qt::PlainText);
    test->addWidget(m_verdict);
    m_verdictDetails = new QFormLayout;
    m_verdictDetails->setContentsMargins(0, 0, 0, 0);
    m_decidedBy = detail(u"banTestRule"_s, this);
    m_reason = detail(u"banTestReason"_s, this);
    m_parsed = detail(u"banTestParsed"_s, this, true);
    m_verdictDetails->addRow(tr("Decided by:"), m_decidedBy);
    m_verdictDetails->addRow(tr("Why:"), m_reason);
    m_verdictDetails->addRow(tr("Read as:"), m_parsed);
    test->addLayout(m_verdictDetails);
    connect(m_probe, &QLineEdit::textChanged, this, &SafetyPage::showVerdict);
    Theme::whenPaletteChanges(m_verdict,
                              [this] { setTone(m_verdict, m_verdict->property("tone").toString()); });

    // ---- what was blocked ----
    QVBoxLayout *recent = addGroup(tr("Recently blocked or waiting for you"));
    m_blockedEmpty = Widgets::wrappingLabel(u"recentBlockedEmpty"_s, this,
                                            tr("Nothing was blocked since the app started."));
    m_blockedEmpty->setForegroundRole(QPalette::PlaceholderText);
    recent->addWidget(m_blockedEmpty);
    m_blocked = rowTable({ tr("Time"), tr("Page"), tr("Command"), tr("Rule or pattern") },
                         u"recentBlockedTable"_s, this);
    // Unlike rowTable()'s one-row selection, several rows at once here, as before.
    m_blocked->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_blocked->setWordWrap(false); // a page title on one line, elided, not wrapped into a cramped column
    sizeColumns(m_blocked, { kFit, dragged(170), kStretch, kFit });
    // As high as its rows (at most AutoAcceptController::kRecentBlockedKept): the page scrolls, the
    // table never does, so no row is cut at its bottom. The Command column takes the width left;
    // what does not fit is elided, whole in its tooltip.
    m_blocked->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_blocked->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_blocked->setTextElideMode(Qt::ElideRight);
    recent->addWidget(m_blocked);
    body()->addStretch(1);
    connect(autoAccept, &AutoAcceptController::commandBlocked, this, &SafetyPage::refreshBlocked);
    refreshBlocked();

    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        switch (key) {
        case SettingKey::SafetyBannedCommands:
            updateCount();
            showVerdict();
            break;
        case SettingKey::SafetyAllowedCommands:
            updateAllowCount();
            showVerdict();
            break;
        case SettingKey::SafetyCommandPolicy:
            showPolicy();
            showVerdict();
            break;
        default:
            break;
        }
    });
    showPolicy();
    updateAllowCount();
    updateCount();
    showVerdict();
}

BanVerdict SafetyPage::verdictFor(const QString &command) const
{
    return SafetySettings::banList(settings()).check(command);
}

void SafetyPage::showPolicy()
{
    const bool allowlist = SafetySettings::policy(settings()).mode == CommandPolicy::Mode::Allowlist;
    const QSignalBlocker rules(m_rules), allow(m_allowlist);
    m_rules->setChecked(!allowlist);
    m_allowlist->setChecked(allowlist);
    // The list matters in its mode only; it is kept while Rules is chosen.
    m_allowBox->setVisible(allowlist);
}

void SafetyPage::showVerdict()
{
    const QString command = m_probe->text();
    const auto details = [this](const QString &rule, const QString &reason, const QString &parsed) {
        m_decidedBy->setText(rule);
        m_reason->setText(reason);
        m_parsed->setText(parsed);
        m_verdictDetails->setRowVisible(m_decidedBy, !rule.isEmpty());
        m_verdictDetails->setRowVisible(m_reason, !reason.isEmpty());
        m_verdictDetails->setRowVisible(m_parsed, !parsed.isEmpty());
    };
    const bool allowlist = SafetySettings::policy(settings()).mode == CommandPolicy::Mode::Allowlist;
    if (command.trimmed().isEmpty()) {
        m_verdict->setText(allowlist ? tr("Type a command to test it against your allow list, the built-in "
                                          "rules and your ban patterns.")
                                     : tr("Type a command to test it against the built-in rules and your ban "
                                          "patterns."));
        setTone(m_verdict, u"idle"_s);
        details({}, {}, {});
        return;
    }
    // The verdict auto-accept's page script gives, with the same patterns and policy (one
    // check in two languages, held equal by one corpus).
    const BanVerdict v = verdictFor(command);
    switch (v.kind) {
    case BanVerdict::Kind::Banned:
        m_verdict->setText(tr("Blocked: auto-accept never runs it."));
        setTone(m_verdict, u"banned"_s);
        if (isBuiltInRule(v.rule)) {
            details(tr("the built-in rule %1").arg(v.rule), builtInReason(v.rule, v.reason), v.parsed);
        } else {
            // The user's own pattern: named once, not again in a reason that only repeats it.
            details(tr("your pattern %1").arg(v.rule), {}, v.parsed);
        }
        return;
    case BanVerdict::Kind::Unverifiable:
        m_verdict->setText(tr("Waits for you: auto-accept cannot check what it runs."));
        setTone(m_verdict, u"waiting"_s);
        details({}, v.reason, v.parsed);
        return;
    case BanVerdict::Kind::NotAllowlisted:
        m_verdict->setText(tr("Waits for you: not all of it is on your allow list."));
        setTone(m_verdict, u"waiting"_s);
        details({}, v.reason, v.parsed); // the reason names the part that is not on the list
        return;
    case BanVerdict::Kind::Allowed:
        break;
    }
    m_verdict->setText(allowlist
                           ? tr("Run for you: every part of it is on your allow list, and nothing bans it.")
                           : tr("Run for you: no rule and none of your patterns stops it."));
    setTone(m_verdict, u"clicked"_s);
    details({}, {}, v.parsed);
}

void SafetyPage::refreshBlocked()
{
    const QList<AutoAcceptController::BlockedCommand> blocked = m_autoAccept->recentBlocked();
    m_blockedEmpty->setVisible(blocked.isEmpty());
    m_blocked->setVisible(!blocked.isEmpty());
    m_blocked->setRowCount(int(blocked.size()));
    for (int row = 0; row < blocked.size(); ++row) {
        const AutoAcceptController::BlockedCommand &b = blocked.at(row);
        // The command exactly as the page had it: its case, its spacing.
        const QStringList cells { QLocale().toString(b.time.time(), QLocale::ShortFormat),
                                  b.targetTitle.isEmpty() ? b.pageUrl : b.targetTitle, b.command, b.pattern };
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            item->setToolTip(column == 1 ? b.pageUrl : exactToolTip(cells.at(column)));
            m_blocked->setItem(row, column, item);
        }
    }
    m_blocked->resizeRowsToContents();
    m_blocked->setFixedHeight(m_blocked->horizontalHeader()->sizeHint().height()
                              + m_blocked->verticalHeader()->length() + 2 * m_blocked->frameWidth());
}

void SafetyPage::updateCount()
{
    const QStringList list = settings()->listValue(SettingKey::SafetyBannedCommands);
    static const QRegularExpression regexEntry(u"^/.+/[a-z]*$"_s,
                                               QRegularExpression::DotMatchesEverythingOption);
    const auto regexes = std::count_if(list.begin(), list.end(), [](const QString &entry) {
        return regexEntry.match(entry.trimmed()).hasMatch();
    });
    // Nothing of the user's to remove: the button that would remove it is off (issue 34, item 14).
    m_reset->setEnabled(!list.isEmpty());
    if (list.isEmpty()) {
        m_count->setText(tr("No patterns of your own: the built-in rules alone"));
    } else {
        const QString patterns = tr("%n pattern(s)", nullptr, int(list.size()));
        m_count->setText(
            regexes == 0 ? patterns
                         : tr("%1, %n of them regular expression(s)", nullptr, int(regexes)).arg(patterns));
    }
    // Entries of an older settings.ini that cannot be used: skipped, each said, the rest apply.
    const QList<UserText> skipped = settings()->skippedEntries(SettingKey::SafetyBannedCommands);
    m_banSkipped->setVisible(!skipped.isEmpty());
    if (!skipped.isEmpty())
        m_banSkipped->setText(tr("Skipped from settings.ini: %1. Your other patterns apply. Saving the list "
                                 "here leaves the skipped one out; type it in again, fixed, to keep it.")
                                  .arg(UserText::joined(skipped, u"; "_s).translated()));
}

void SafetyPage::updateAllowCount()
{
    const QStringList list = settings()->listValue(SettingKey::SafetyAllowedCommands);
    QString text = list.isEmpty() ? tr("The list is empty: no command is run for you")
                                  : tr("%n command(s) on the list", nullptr, int(list.size()));
    if (!settings()->isSet(SettingKey::SafetyAllowedCommands))
        text = tr("%1 (the first entries)").arg(text);
    m_allowCount->setText(text);
    const QList<UserText> skipped = settings()->skippedEntries(SettingKey::SafetyAllowedCommands);
    m_allowSkipped->setVisible(!skipped.isEmpty());
    if (!skipped.isEmpty())
        m_allowSkipped->setText(tr("Skipped from settings.ini: %1. Your other entries apply. Saving the list "
                                   "here leaves the skipped one out; type it in again, fixed, to keep it.")
                                    .arg(UserText::joined(skipped, u"; "_s).translated()));
}

bool SafetyPage::resetToDefaults(bool confirmed)
{
    if (!confirmed) {
        const auto answer
            = QMessageBox::question(this, tr("Reset the ban list"),
                                    tr("Remove the patterns you added? The built-in rules stay; "
                                       "they cannot be turned off."),
                                    QMessageBox::Reset | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Reset)
            return false;
    }
    settings()->reset(SettingKey::SafetyBannedCommands);
    m_banList->reload(); // also when the list was the default already but the box held unsaved text
    updateCount();
    qCInfo(lcSafety) << "ban list reset to the defaults";
    return true;
}

bool SafetyPage::restoreAllowList(bool confirmed)
{
    if (!confirmed) {
        const auto answer = QMessageBox::question(
            this, tr("Restore the allow list"),
            tr("Put back the first entries (commands that only read or run tests) in place of your list?"),
            QMessageBox::RestoreDefaults | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::RestoreDefaults)
            return false;
    }
    settings()->reset(SettingKey::SafetyAllowedCommands);
    m_allowList->reload();
    updateAllowCount();
    qCInfo(lcSafety) << "allow list restored to its first entries";
    return true;
}

} // namespace mpa
