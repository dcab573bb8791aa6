#include "SafetyPage.h"

#include "Widgets.h"
#include "autoaccept/AutoAcceptController.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "safety/BanList.h"
#include "settings/Settings.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

SafetyPage::SafetyPage(Engine *engine, QWidget *parent)
    : SettingsPage(engine, tr("Safety"),
                   tr("Commands on the ban list are never run: auto-accept will not click Run for them, and "
                      "agents driving a page are refused."),
                   parent)
{
    QVBoxLayout *list = addGroup(tr("Ban list"));
    list->addWidget(
        hint(tr("Built-in rules always apply: recursive deletes of /, ~ or a drive, dd or mkfs on a disk, "
                "fork bombs, downloads piped into a shell, and commands that hide what they run. Add your "
                "own below, one per line: plain text matches anywhere in the command, ignoring case and "
                "extra spaces; /regex/flags is a JavaScript regular expression, e.g. "
                "/git\\s+push\\s+--force/i."),
             this));
    SettingField::Options options;
    options.visibleLines = 12;
    options.placeholder = tr("None of your own yet. One per line, e.g. npm publish or /git\\s+push\\s+--force/i");
    // Checked as the page runs them: a /regex/ must be one JavaScript compiles and reads alike.
    options.lineCheck = [](const QString &line, QString *error) { return BanList::checkEntry(line, error); };
    m_banList = new SettingField(settings(), SettingKey::SafetyBannedCommands, options, this);
    list->addWidget(m_banList);
    auto *row = new QHBoxLayout;
    row->setSpacing(6);
    m_count = Widgets::wrappingLabel(u"banCount"_s, this);
    m_count->setForegroundRole(QPalette::PlaceholderText);
    row->addWidget(m_count, 1); // all the width the button leaves, not a narrow wrapped column
    auto *reset = Widgets::button(tr("Remove My Patterns…"), u"banReset"_s, this);
    connect(reset, &QPushButton::clicked, this, [this] { resetToDefaults(); });
    row->addWidget(reset);
    list->addLayout(row);

    QVBoxLayout *test = addGroup(tr("Would this be blocked?"));
    auto *probe = new QLineEdit(this);
    probe->setObjectName(u"banTestInput"_s);
    probe->setPlaceholderText(tr("Type a command, e.g. sudo rm -rf / --no-preserve-root"));
    test->addWidget(probe);
    auto *verdict = new QLabel(this);
    verdict->setObjectName(u"banTestVerdict"_s);
    verdict->setWordWrap(true);
    test->addWidget(verdict);
    // The verdict auto-accept gives in the page (the same steps, held equal by one corpus).
    auto check = [this, probe, verdict] {
        const QString command = probe->text();
        if (command.trimmed().isEmpty()) {
            verdict->setText(tr("Type a command to test it against the built-in rules and the list above."));
            verdict->setForegroundRole(QPalette::PlaceholderText);
            return;
        }
        const BanVerdict v = BanList(settings()->listValue(SettingKey::SafetyBannedCommands)).check(command);
        switch (v.kind) {
        case BanVerdict::Kind::Banned:
            verdict->setText(tr("Blocked: %1 (%2).").arg(v.reason, v.rule));
            verdict->setForegroundRole(QPalette::Link);
            return;
        case BanVerdict::Kind::Unverifiable:
            verdict->setText(tr("Not clicked: %1, so what it runs cannot be checked.").arg(v.reason));
            verdict->setForegroundRole(QPalette::Link);
            return;
        case BanVerdict::Kind::NotAllowlisted:
            verdict->setText(tr("Not clicked: %1.").arg(v.reason));
            verdict->setForegroundRole(QPalette::Link);
            return;
        case BanVerdict::Kind::Allowed:
            break;
        }
        verdict->setText(tr("Not blocked: no rule and no entry of the list matches it."));
        verdict->setForegroundRole(QPalette::WindowText);
    };
    connect(probe, &QLineEdit::textChanged, this, check);
    connect(settings(), &Settings::changed, this, [check](SettingKey key) {
        if (key == SettingKey::SafetyBannedCommands)
            check();
    });
    check();

    QVBoxLayout *recent = addGroup(tr("Recently blocked"));
    m_blockedEmpty = Widgets::wrappingLabel(u"recentBlockedEmpty"_s, this,
                                            tr("Nothing was blocked since the app started."));
    m_blockedEmpty->setForegroundRole(QPalette::PlaceholderText);
    recent->addWidget(m_blockedEmpty);
    m_blocked = rowTable({ tr("Time"), tr("Page"), tr("Command"), tr("Pattern") }, u"recentBlockedTable"_s, this);
    // Unlike rowTable()'s one-row selection, several rows at once here, as before.
    m_blocked->setSelectionMode(QAbstractItemView::ExtendedSelection);
    sizeColumns(m_blocked, { kFit, dragged(170), kStretch, kFit });
    m_blocked->setMinimumHeight(120);
    recent->addWidget(m_blocked);
    body()->addStretch(1);
    connect(engine->autoAccept(), &AutoAcceptController::commandBlocked, this, &SafetyPage::refreshBlocked);
    refreshBlocked();

    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::SafetyBannedCommands)
            updateCount();
    });
    updateCount();
}

void SafetyPage::refreshBlocked()
{
    const QList<AutoAcceptController::BlockedCommand> blocked = engine()->autoAccept()->recentBlocked();
    m_blockedEmpty->setVisible(blocked.isEmpty());
    m_blocked->setVisible(!blocked.isEmpty());
    m_blocked->setRowCount(int(blocked.size()));
    for (int row = 0; row < blocked.size(); ++row) {
        const AutoAcceptController::BlockedCommand &b = blocked.at(row);
        const QStringList cells { QLocale().toString(b.time.time(), QLocale::ShortFormat),
                                  b.targetTitle.isEmpty() ? b.pageUrl : b.targetTitle, b.command, b.pattern };
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            item->setToolTip(column == 1 ? b.pageUrl : cells.at(column));
            m_blocked->setItem(row, column, item);
        }
    }
}

void SafetyPage::updateCount()
{
    const QStringList list = settings()->listValue(SettingKey::SafetyBannedCommands);
    static const QRegularExpression regexEntry(u"^/.+/[a-z]*$"_s, QRegularExpression::DotMatchesEverythingOption);
    const auto regexes = std::count_if(list.begin(), list.end(), [](const QString &entry) {
        return regexEntry.match(entry.trimmed()).hasMatch();
    });
    if (list.isEmpty()) {
        m_count->setText(tr("No patterns of your own: the built-in rules alone"));
        return;
    }
    const QString patterns = tr("%n pattern(s)", nullptr, int(list.size()));
    m_count->setText(regexes == 0
                         ? patterns
                         : tr("%1, %n of them regular expression(s)", nullptr, int(regexes)).arg(patterns));
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
    qCInfo(lcSafety) << "ban list reset to the defaults";
    return true;
}

} // namespace mpa
