#include "LogsPage.h"

#include "LogFilterModel.h"
#include "Widgets.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDesktopServices>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHash>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

LogsPage::LogsPage(QWidget *parent)
    : SettingsPage(nullptr, tr("Logs"),
                   tr("What the app did recently, newest at the bottom. The full log is kept in a file."),
                   parent)
    , m_buffer(Logging::buffer())
    , m_filter(new LogFilterModel(this))
{
    auto *filters = new QHBoxLayout;
    filters->setSpacing(8);
    m_level = new QComboBox(this);
    m_level->setObjectName(u"logLevel"_s);
    m_level->addItem(tr("Debug and above"), int(QtDebugMsg));
    m_level->addItem(tr("Info and above"), int(QtInfoMsg));
    m_level->addItem(tr("Warnings and errors"), int(QtWarningMsg));
    m_level->addItem(tr("Errors only"), int(QtCriticalMsg));
    m_level->setCurrentIndex(1);
    m_filter->setMinimumLevel(QtInfoMsg);
    connect(m_level, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setMinimumLevel(QtMsgType(m_level->currentData().toInt()));
        updateCount();
    });
    filters->addWidget(m_level);

    m_category = new QComboBox(this);
    m_category->setObjectName(u"logCategory"_s);
    m_category->addItem(tr("All parts of the app"), QString());
    for (const QLoggingCategory *category :
         { &lcApp(), &lcCdp(), &lcPage(), &lcAutoAccept(), &lcChat(), &lcScheduler(), &lcQuota(), &lcSafety(),
           &lcAgent(), &lcBridge(), &lcServer(), &lcPlatform(), &lcSettings(), &lcUi() })
        addCategory(QString::fromLatin1(category->categoryName()));
    connect(m_category, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setCategory(m_category->currentData().toString());
        updateCount();
    });
    filters->addWidget(m_category);

    m_search = new QLineEdit(this);
    m_search->setObjectName(u"logSearch"_s);
    m_search->setPlaceholderText(tr("Search"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setSearchText(text.trimmed());
        updateCount();
    });
    filters->addWidget(m_search, 1);
    body()->addLayout(filters);

    m_view = new QListView(this);
    m_view->setObjectName(u"logView"_s);
    m_view->setUniformItemSizes(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setMinimumHeight(260);
    m_filter->setSourceModel(m_buffer);
    m_view->setModel(m_filter);
    body()->addWidget(m_view, 1);

    auto *actions = new QHBoxLayout;
    actions->setSpacing(8);
    m_follow = new QCheckBox(tr("Follow new lines"), this);
    m_follow->setObjectName(u"logFollow"_s);
    m_follow->setChecked(true);
    actions->addWidget(m_follow);
    m_count = new QLabel(this);
    m_count->setObjectName(u"logCount"_s);
    m_count->setForegroundRole(QPalette::PlaceholderText);
    actions->addWidget(m_count);
    actions->addStretch(1);

    auto *copy = Widgets::button(tr("Copy"), u"logCopy"_s, this,
                                 tr("Copy the selected lines, or every line shown when none is selected"));
    connect(copy, &QPushButton::clicked, this, &LogsPage::copyLines);
    actions->addWidget(copy);
    auto *copyShortcut = new QShortcut(QKeySequence::Copy, m_view);
    copyShortcut->setContext(Qt::WidgetShortcut);
    connect(copyShortcut, &QShortcut::activated, this, &LogsPage::copyLines);

    m_openFile = Widgets::button(tr("Open Log File"), u"logOpenFile"_s, this);
    connect(m_openFile, &QPushButton::clicked, this, &LogsPage::openLogFile);
    actions->addWidget(m_openFile);

    auto *clear = Widgets::button(tr("Clear"), u"logClear"_s, this,
                                  tr("Empty this view; the log file keeps every line"));
    connect(clear, &QPushButton::clicked, this, [this] {
        if (m_buffer)
            m_buffer->clear();
    });
    actions->addWidget(clear);
    body()->addLayout(actions);

    if (m_buffer) {
        for (int row = 0; row < m_buffer->rowCount(); ++row)
            addCategory(m_buffer->at(row).category);
        connect(m_buffer, &LogBuffer::entryAppended, this,
                [this](const LogEntry &entry) { addCategory(entry.category); });
    }
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_follow->isChecked())
            m_view->scrollToBottom();
        updateCount();
    });
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &LogsPage::updateCount);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &LogsPage::updateCount);
    connect(m_follow, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            m_view->scrollToBottom();
    });
    // Scrolling up to read stops following; back at the bottom it follows again.
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        QScrollBar *bar = m_view->verticalScrollBar();
        if (bar->isSliderDown())
            m_follow->setChecked(value == bar->maximum());
    });
    updateCount();
    m_view->scrollToBottom();
}

QString LogsPage::categoryLabel(const QString &category)
{
    // What each part of the app is called in plain words; the category's own name (for
    // QT_LOGGING_RULES) is the item's tooltip.
    static const QHash<QString, const char *> labels {
        { u"mpa.app"_s, QT_TR_NOOP("The app") },
        { u"mpa.cdp"_s, QT_TR_NOOP("Browser connection") },
        { u"mpa.page"_s, QT_TR_NOOP("Pages") },
        { u"mpa.autoaccept"_s, QT_TR_NOOP("Auto-accept") },
        { u"mpa.chat"_s, QT_TR_NOOP("Chat") },
        { u"mpa.scheduler"_s, QT_TR_NOOP("Prompt queue and schedule") },
        { u"mpa.quota"_s, QT_TR_NOOP("Quota") },
        { u"mpa.safety"_s, QT_TR_NOOP("Safety") },
        { u"mpa.agent"_s, QT_TR_NOOP("Tasks") },
        { u"mpa.bridge"_s, QT_TR_NOOP("Chat bridge") },
        { u"mpa.server"_s, QT_TR_NOOP("Servers") },
        { u"mpa.platform"_s, QT_TR_NOOP("System") },
        { u"mpa.settings"_s, QT_TR_NOOP("Settings") },
        { u"mpa.ui"_s, QT_TR_NOOP("Window and tray") },
    };
    const auto it = labels.constFind(category);
    return it != labels.cend() ? tr(*it) : category;
}

void LogsPage::addCategory(const QString &category)
{
    if (category.isEmpty() || m_category->findData(category) >= 0)
        return;
    m_category->addItem(categoryLabel(category), category);
    m_category->setItemData(m_category->count() - 1, category, Qt::ToolTipRole);
}

void LogsPage::updateCount()
{
    const int total = m_buffer ? m_buffer->rowCount() : 0;
    const int shown = m_filter->rowCount();
    const QString lines = tr("%n line(s)", nullptr, total);
    m_count->setText(shown == total ? lines : tr("%1 of %2").arg(shown).arg(lines));
    const QString file = Logging::logFilePath();
    m_openFile->setEnabled(!file.isEmpty());
    m_openFile->setToolTip(file.isEmpty() ? tr("This run writes no log file") : file);
}

void LogsPage::copyLines()
{
    const QModelIndexList selected = m_view->selectionModel()->selectedRows();
    QGuiApplication::clipboard()->setText(m_filter->linesAsText(selected));
}

void LogsPage::openLogFile()
{
    const QString file = Logging::logFilePath();
    if (file.isEmpty())
        return;
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(file)))
        qCWarning(lcUi).noquote() << "could not open" << file
                                  << "with the desktop's default application; open it by hand";
}

} // namespace mpa
