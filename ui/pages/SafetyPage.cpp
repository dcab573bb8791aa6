#include "SafetyPage.h"

#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "safety/TextPattern.h"
#include "settings/Settings.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
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
        hint(tr("One pattern per line. Plain text matches anywhere in the command, ignoring case and "
                "extra spaces. /regex/flags is a regular expression, e.g. /git\\s+push\\s+--force/i."),
             this));
    SettingField::Options options;
    options.visibleLines = 12;
    options.placeholder = tr("rm -rf /");
    options.lineCheck = [](const QString &line) {
        const TextPattern pattern(line);
        return pattern.isValid() ? QString() : tr("%1: %2").arg(line, pattern.errorString());
    };
    m_banList = new SettingField(settings(), SettingKey::SafetyBannedCommands, options, this);
    list->addWidget(m_banList);
    auto *row = new QHBoxLayout;
    row->setSpacing(6);
    m_count = new QLabel(this);
    m_count->setObjectName(u"banCount"_s);
    m_count->setForegroundRole(QPalette::PlaceholderText);
    row->addWidget(m_count);
    row->addStretch(1);
    auto *reset = new QPushButton(tr("Reset to Defaults…"), this);
    reset->setObjectName(u"banReset"_s);
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
    // The same rule auto-accept applies: any pattern of the list that matches the command.
    auto check = [this, probe, verdict] {
        const QString command = probe->text();
        if (command.trimmed().isEmpty()) {
            verdict->setText(tr("Type a command to test it against the list above."));
            verdict->setForegroundRole(QPalette::PlaceholderText);
            return;
        }
        for (const QString &source : settings()->listValue(SettingKey::SafetyBannedCommands)) {
            const TextPattern pattern(source);
            if (pattern.isValid() && pattern.matches(command)) {
                verdict->setText(tr("Blocked: it matches %1").arg(source));
                verdict->setForegroundRole(QPalette::Link);
                return;
            }
        }
        verdict->setText(tr("Not blocked: no pattern of the list matches it."));
        verdict->setForegroundRole(QPalette::WindowText);
    };
    connect(probe, &QLineEdit::textChanged, this, check);
    connect(settings(), &Settings::changed, this, [check](SettingKey key) {
        if (key == SettingKey::SafetyBannedCommands)
            check();
    });
    check();

    QVBoxLayout *recent = addGroup(tr("Recently blocked"));
    // Wiring: the recent blocked commands from core/autoaccept (time, page, command, pattern).
    recent->addWidget(pendingNotice(u"recentBlocked"_s,
                                    tr("Commands that were blocked show here once the auto-accept engine is "
                                       "connected."),
                                    this));
    body()->addStretch(1);

    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::SafetyBannedCommands)
            updateCount();
    });
    updateCount();
}

void SafetyPage::updateCount()
{
    const QStringList list = settings()->listValue(SettingKey::SafetyBannedCommands);
    const auto regexes = std::count_if(list.begin(), list.end(),
                                       [](const QString &entry) { return TextPattern(entry).isRegex(); });
    QString text = list.size() == 1 ? tr("1 pattern") : tr("%1 patterns").arg(list.size());
    if (regexes == 1)
        text += tr(", 1 of them a regular expression");
    else if (regexes > 1)
        text += tr(", %1 of them regular expressions").arg(regexes);
    m_count->setText(text);
}

bool SafetyPage::resetToDefaults(bool confirmed)
{
    if (!confirmed) {
        const auto answer
            = QMessageBox::question(this, tr("Reset the ban list"),
                                    tr("Replace the ban list with the default one? Patterns you "
                                       "added are removed."),
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
