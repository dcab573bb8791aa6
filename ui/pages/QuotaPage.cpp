#include "QuotaPage.h"

#include "Widgets.h"
#include "WrappingLabel.h"
#include "common/KnownSentences.h"
#include "models/StatsModel.h"
#include "plots/QuotaHistoryPlot.h"
#include "quota/QuotaHistory.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "settings/Settings.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace mpa {

QuotaPage::QuotaPage(QuotaMonitor *quota, QuotaHistory *history, StatsModel *stats, Settings *appSettings,
                     QWidget *parent)
    : SettingsPage(
        appSettings, tr("Quota"),
        tr("Antigravity limits how much each model may be used. The app watches the quota, pauses the "
           "prompt queue while it is used up and resumes when it resets."),
        parent)
    , m_quota(quota)
    , m_stats(stats)
{
    QVBoxLayout *models = addGroup(tr("Models"));
    auto *row = new QHBoxLayout;
    row->setSpacing(6);
    m_lastPoll = Widgets::wrappingLabel(u"quotaLastPoll"_s, this, tr("Last checked: never"));
    m_lastPoll->setForegroundRole(QPalette::PlaceholderText);
    row->addWidget(m_lastPoll, 1); // all the width the button leaves, so the date stays on one line
    m_refresh = Widgets::button(tr("Check Now"), u"quotaRefresh"_s, this);
    row->addWidget(m_refresh);
    models->addLayout(row);
    m_plan = Widgets::wrappingLabel(u"quotaPlan"_s, this);
    models->addWidget(m_plan);
    m_problem = new QLabel(this);
    m_problem->setObjectName(u"quotaProblem"_s);
    m_problem->setWordWrap(true);
    models->addWidget(m_problem);
    m_models = new QWidget(this);
    m_models->setObjectName(u"quotaModels"_s);
    m_grid = new QGridLayout(m_models);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(10);
    m_grid->setColumnStretch(1, 1);
    models->addWidget(m_models);

    QVBoxLayout *overTime = addGroup(tr("Over the last %1 days").arg(QuotaHistory::kDaysKept));
    m_history = new QuotaHistoryPlot(this);
    overTime->addWidget(m_history);

    QFormLayout *watch = addFormGroup(tr("Watching"));
    addField(watch, QString(), SettingKey::QuotaEnabled,
             SettingField::Options().withText(tr("Watch the quota")));
    addField(watch, tr("Check every:"), SettingKey::QuotaPollIntervalS,
             SettingField::Options().withSuffix(tr(" s")));
    addField(watch, tr("Hold the queue when:"), SettingKey::QuotaHoldWhen,
             SettingField::Options().withChoices({ { u"any"_s, tr("any watched model is used up") },
                                                   { u"all"_s, tr("every watched model is used up") } }));
    watch->addRow(hint(tr("With no model chosen, every model is watched. A model the IDE gives no quota "
                          "for counts as unknown, never as used up."),
                       this));
    watch->addRow(
        hint(tr("What to do when the quota runs out or resets is set on the Prompt queue page."), this));
    body()->addStretch(1);

    connect(m_refresh, &QPushButton::clicked, this, [this, quota] {
        m_refresh->setEnabled(false);
        m_lastPoll->setText(tr("Checking…"));
        quota->refreshNow();
        // A monitor that is off or not running answers nothing: say what is the case.
        if (!quota->provider() || !quota->provider()->isBusy())
            refresh();
    });
    connect(quota, &QuotaMonitor::snapshotChanged, this, &QuotaPage::refresh);
    connect(history, &QuotaHistory::changed, this, [this, history] { m_history->refresh(*history); });
    m_history->refresh(*history);
    connect(quota, &QuotaMonitor::holdChanged, this, &QuotaPage::refresh);
    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::QuotaEnabled || key == SettingKey::QuotaModels
            || key == SettingKey::QuotaHoldWhen)
            refresh();
    });
    refresh();
}

void QuotaPage::refresh()
{
    const QuotaMonitor *quota = m_quota;
    const QuotaSnapshot &snapshot = quota->snapshot();
    const bool enabled = settings()->boolValue(SettingKey::QuotaEnabled);
    const QLocale locale;
    m_refresh->setEnabled(enabled && m_stats->isRunning());
    m_refresh->setToolTip(enabled ? (m_stats->isRunning() ? QString() : tr("The engine is not running"))
                                  : tr("Watching the quota is off"));

    if (snapshot.fetchedAt.isValid())
        m_lastPoll->setText(
            tr("Last checked: %1")
                .arg(locale.toString(snapshot.fetchedAt.toLocalTime(), QLocale::ShortFormat)));
    else
        m_lastPoll->setText(enabled ? tr("Last checked: never") : tr("Not watching"));

    QString problem;
    if (!enabled)
        problem = tr("Watching the quota is off.");
    else if (!snapshot.ok && !snapshot.error.isEmpty() && !snapshot.ideAbsent)
        problem = knownSentence(snapshot.error).translated(); // no Antigravity at all: said calmly below
    if (quota->isHolding()) {
        const QStringList &spent = quota->verdict().exhausted;
        problem = tr("The prompt queue is held because of %1. %2")
                      .arg(spent.join(u", "_s), quota->verdict().reason.translated());
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());

    QStringList plan;
    if (!snapshot.planName.isEmpty())
        plan.append(tr("Plan: %1").arg(snapshot.planName));
    if (snapshot.availablePromptCredits) {
        plan.append(snapshot.monthlyPromptCredits
                        ? tr("Prompt credits: %1 of %2")
                              .arg(locale.toString(*snapshot.availablePromptCredits),
                                   locale.toString(*snapshot.monthlyPromptCredits))
                        : tr("Prompt credits: %1").arg(locale.toString(*snapshot.availablePromptCredits)));
    }
    m_plan->setText(plan.join(u" · "_s));
    m_plan->setVisible(!plan.isEmpty());

    while (QLayoutItem *item = m_grid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QStringList watched = settings()->listValue(SettingKey::QuotaModels);
    int row = 0;
    for (const ModelQuota &model : snapshot.models) {
        const bool isWatched = watched.isEmpty() || watched.contains(model.label, Qt::CaseInsensitive);
        const bool holding = quota->isHolding() && quota->verdict().exhausted.contains(model.label);
        auto *name = new QLabel(holding         ? tr("%1 (holds the queue)").arg(model.label)
                                    : isWatched ? model.label
                                                : tr("%1 (not watched)").arg(model.label),
                                m_models);
        name->setObjectName(u"quotaModel:"_s + model.label);
        auto *bar = new QProgressBar(m_models);
        bar->setObjectName(u"quotaBar:"_s + model.label);
        bar->setRange(0, 100);
        bar->setTextVisible(true);
        QString reset;
        if (model.remainingFraction) {
            bar->setValue(int(std::lround(*model.remainingFraction * 100.0)));
            bar->setFormat(tr("%p% left"));
        } else {
            bar->setValue(0);
            bar->setFormat(tr("unknown"));
            bar->setEnabled(false);
        }
        if (model.resetTime.isValid())
            reset = tr("resets %1").arg(locale.toString(model.resetTime.toLocalTime(), QLocale::ShortFormat));
        auto *resetLabel = new QLabel(reset, m_models);
        resetLabel->setForegroundRole(QPalette::PlaceholderText);
        m_grid->addWidget(name, row, 0);
        m_grid->addWidget(bar, row, 1);
        m_grid->addWidget(resetLabel, row, 2);
        ++row;
    }
    if (row == 0) {
        // Users of other IDEs have no Antigravity: the check waits for one, without an error.
        const QString text = !enabled ? tr("No quota reading.")
            : snapshot.ideAbsent
            ? tr("No Antigravity is running. The quota is Antigravity's: it shows here while Antigravity "
                 "runs; other IDEs have none to read.")
            : tr("No quota reading yet.");
        auto *none = new QLabel(text, m_models);
        none->setObjectName(u"quotaEmpty"_s);
        makeWrapping(none);
        none->setForegroundRole(QPalette::PlaceholderText);
        m_grid->addWidget(none, 0, 0, 1, 3);
    }
}

} // namespace mpa
