#include "HistoryPage.h"

#include "Widgets.h"
#include "engine/Engine.h"
#include "scheduler/Scheduler.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr int kTextRole = Qt::UserRole + 1; // the prompt's full text
constexpr int kConversationRole = Qt::UserRole + 2;

QString outcomeLabel(const QString &outcome)
{
    if (outcome == u"sent"_s)
        return QCoreApplication::translate("mpa::HistoryPage", "Sent");
    if (outcome == u"failed"_s)
        return QCoreApplication::translate("mpa::HistoryPage", "Failed");
    if (outcome == u"skipped"_s)
        return QCoreApplication::translate("mpa::HistoryPage", "Skipped");
    return outcome; // "sent, unconfirmed" and anything newer, as recorded
}
} // namespace

HistoryPage::HistoryPage(Engine *engine, QWidget *parent)
    : SettingsPage(engine, tr("History"), tr("The prompts the app sent, newest first."), parent)
{
    setWideContent(); // a table of prompts
    m_table = rowTable({ tr("Time"), tr("Page"), tr("Prompt"), tr("Outcome") }, u"historyTable"_s, this);
    m_table->setWordWrap(false);
    sizeColumns(m_table, { kFit, dragged(170), kStretch, kFit });
    m_table->setMinimumHeight(220);
    body()->addWidget(m_table, 1);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(6);
    m_message = new QLabel(this);
    m_message->setObjectName(u"historyMessage"_s);
    m_message->setWordWrap(true);
    buttons->addWidget(m_message, 1);
    m_resend = Widgets::button(tr("Send Again"), u"historyResend"_s, this,
                               tr("Sends the selected prompt to the same conversation now"));
    buttons->addWidget(m_resend);
    body()->addLayout(buttons);

    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_resend->setEnabled(!m_table->selectedItems().isEmpty()); });
    connect(m_resend, &QPushButton::clicked, this, &HistoryPage::resend);
    connect(engine->scheduler(), &Scheduler::historyChanged, this, &HistoryPage::refresh);
    refresh();
}

void HistoryPage::refresh()
{
    const QList<PromptRecord> &entries = engine()->scheduler()->history().entries();
    m_table->setRowCount(int(entries.size()));
    const QLocale locale;
    int row = 0;
    for (auto it = entries.crbegin(); it != entries.crend(); ++it, ++row) {
        const PromptRecord &record = *it;
        auto *time = new QTableWidgetItem(locale.toString(record.time.toLocalTime(), QLocale::ShortFormat));
        time->setData(kTextRole, record.text);
        time->setData(kConversationRole, record.conversation);
        m_table->setItem(row, 0, time);
        QString page = record.target;
        if (!record.conversation.isEmpty())
            page = page.isEmpty() ? record.conversation : u"%1 · %2"_s.arg(page, record.conversation);
        m_table->setItem(row, 1, new QTableWidgetItem(page));
        QString oneLine = record.text.simplified();
        if (oneLine.size() > 200)
            oneLine = oneLine.left(199) + u'…';
        auto *prompt = new QTableWidgetItem(oneLine);
        prompt->setToolTip(record.text);
        m_table->setItem(row, 2, prompt);
        auto *outcome = new QTableWidgetItem(outcomeLabel(record.outcome));
        if (!record.detail.isEmpty())
            outcome->setToolTip(record.detail);
        m_table->setItem(row, 3, outcome);
    }
    m_resend->setEnabled(!m_table->selectedItems().isEmpty());
}

void HistoryPage::resend()
{
    const int row = m_table->currentRow();
    if (row < 0)
        return;
    const QString text = m_table->item(row, 0)->data(kTextRole).toString();
    const QString conversation = m_table->item(row, 0)->data(kConversationRole).toString();
    m_resend->setEnabled(false);
    m_message->setText(tr("Sending…"));
    engine()->scheduler()->sendPrompt(text, conversation, this, [this](const ChatSendOutcome &outcome) {
        m_message->setText(outcome.ok ? tr("Sent to %1.").arg(outcome.target)
                                      : tr("Not sent: %1").arg(outcome.error));
        m_resend->setEnabled(!m_table->selectedItems().isEmpty());
    });
}

} // namespace mpa
