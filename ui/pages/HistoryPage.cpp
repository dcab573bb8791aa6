#include "HistoryPage.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

HistoryPage::HistoryPage(Engine *engine, QWidget *parent)
    : SettingsPage(engine, tr("History"), tr("The prompts the app sent, newest first."), parent)
{
    // Wiring: rows from core/scheduler's prompt history (time, page, prompt, outcome), newest
    // first, and "Send Again" for the selected row.
    body()->addWidget(pendingNotice(
        u"history"_s, tr("The prompt history shows here once the scheduler is connected."), this));
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(u"historyTable"_s);
    m_table->setHorizontalHeaderLabels({ tr("Time"), tr("Page"), tr("Prompt"), tr("Outcome") });
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    m_table->setMinimumHeight(220);
    body()->addWidget(m_table, 1);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(6);
    buttons->addStretch(1);
    auto *resend = new QPushButton(tr("Send Again"), this);
    resend->setObjectName(u"historyResend"_s);
    resend->setEnabled(false);
    resend->setToolTip(tr("Available once the scheduler is connected"));
    buttons->addWidget(resend);
    body()->addLayout(buttons);
}

} // namespace mpa
