#include "HistoryPage.h"

#include "ErrorStyle.h"
#include "Widgets.h"
#include "WrappingLabel.h"
#include "common/KnownSentences.h"
#include "models/HistoryModel.h"

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
constexpr int kDetailRole = Qt::UserRole + 3; // the outcome in full, for the line under the table

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

HistoryPage::HistoryPage(HistoryModel *model, QWidget *parent)
    : SettingsPage(nullptr, tr("History"), tr("The prompts the app sent, newest first."), parent)
    , m_model(model)
{
    m_table = rowTable({ tr("Time"), tr("Page"), tr("Prompt"), tr("Outcome") }, u"historyTable"_s, this);
    m_table->setWordWrap(false);
    // Page and Outcome narrow enough that the Prompt keeps room at 800×600 (it was 40 px there).
    sizeColumns(m_table, { kFit, dragged(150), kStretch, dragged(220) });
    m_table->setMinimumHeight(220);
    body()->addWidget(m_table, 1);
    m_detail = new QLabel(this);
    m_detail->setObjectName(u"historyDetail"_s);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    makeWrapping(m_detail);
    m_detail->hide();
    body()->addWidget(m_detail);

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

    connect(m_table, &QTableWidget::itemSelectionChanged, this, &HistoryPage::showSelected);
    connect(m_resend, &QPushButton::clicked, this, &HistoryPage::resend);
    connect(model, &HistoryModel::changed, this, &HistoryPage::refresh);
    refresh();
}

void HistoryPage::refresh()
{
    const QList<PromptRecord> entries = m_model->entries();
    m_table->setRowCount(int(entries.size()));
    const QLocale locale;
    int row = 0;
    for (auto it = entries.crbegin(); it != entries.crend(); ++it, ++row) {
        const PromptRecord &record = *it;
        auto *time = new QTableWidgetItem(locale.toString(record.time.toLocalTime(), QLocale::ShortFormat));
        time->setData(kTextRole, record.text);
        time->setData(kConversationRole, record.conversation);
        m_table->setItem(row, 0, time);
        const bool failed = record.outcome == u"failed"_s;
        QString page = record.target;
        if (page.isEmpty() && failed)
            page = tr("no page found"); // it failed before a page with the chat was found
        if (!record.conversation.isEmpty())
            page = page.isEmpty() ? record.conversation : u"%1 · %2"_s.arg(page, record.conversation);
        m_table->setItem(row, 1, new QTableWidgetItem(page));
        m_table->item(row, 1)->setToolTip(page);
        QString oneLine = record.text.simplified();
        if (oneLine.size() > 200)
            oneLine = oneLine.left(199) + u'…';
        auto *prompt = new QTableWidgetItem(oneLine);
        prompt->setToolTip(record.text);
        m_table->setItem(row, 2, prompt);
        // Why it failed is said in the row itself, not only in a tooltip.
        const QString label = outcomeLabel(record.outcome);
        // Why is core's English (history.json and the API keep it): a known sentence in German.
        const QString full
            = record.detail.isEmpty() ? label : tr("%1: %2").arg(label, knownClauses(record.detail));
        auto *outcome = new QTableWidgetItem(failed ? full : label);
        outcome->setToolTip(full);
        if (failed)
            outcome->setForeground(ErrorStyle::errorText(palette()));
        time->setData(kDetailRole, tr("%1 · %2").arg(page.isEmpty() ? tr("the active page") : page, full));
        m_table->setItem(row, 3, outcome);
    }
    showSelected();
}

void HistoryPage::showSelected()
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    const int row = items.isEmpty() ? -1 : items.first()->row();
    const bool selected = row >= 0;
    m_resend->setEnabled(selected);
    m_detail->setText(selected ? m_table->item(row, 0)->data(kDetailRole).toString() : QString());
    m_detail->setVisible(selected);
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
    m_model->sendPrompt(text, conversation, this, [this](const ChatSendOutcome &outcome) {
        m_message->setText(outcome.ok ? tr("Sent to %1.").arg(outcome.target)
                                      : tr("Not sent: %1").arg(knownSentence(outcome.error).translated()));
        m_resend->setEnabled(!m_table->selectedItems().isEmpty());
    });
}

} // namespace mpa
