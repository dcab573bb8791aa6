#include "MainWindow.h"

#include "AboutDialog.h"
#include "ExtensionImportDialog.h"
#include "PageIcons.h"
#include "RelaunchOffer.h"
#include "StatusIcon.h"
#include "Theme.h"
#include "WelcomePanel.h"
#include "Widgets.h"
#include "WindowAutomation.h"
#include "WrappingLabel.h"
#include "autoaccept/AutoAcceptController.h"
#include "engine/Engine.h"
#include "engine/EngineStatus.h"
#include "logging/LogCategories.h"
#include "models/Models.h"
#include "pages/AgentsPage.h"
#include "pages/AutoAcceptPage.h"
#include "pages/BridgePage.h"
#include "pages/ConnectionPage.h"
#include "pages/DashboardPage.h"
#include "pages/GeneralPage.h"
#include "pages/HistoryPage.h"
#include "pages/LogsPage.h"
#include "pages/ModelsPage.h"
#include "pages/QueuePage.h"
#include "pages/QuotaPage.h"
#include "pages/SafetyPage.h"
#include "pages/ServersPage.h"
#include "pages/TasksPage.h"
#include "settings/Settings.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaEnum>
#include <QScreen>
#include <QSettings>
#include <QShortcut>
#include <QStackedWidget>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

MainWindow::MainWindow(Engine *engine, QWidget *parent)
    : QMainWindow(parent)
    , m_engine(engine)
    , m_models(new Models(engine, this))
{
    setWindowTitle(tr("Multi Purpose Agent"));
    setObjectName(u"mainWindow"_s);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_noTrayBanner
        = new QLabel(tr("This desktop has no system tray, so Multi Purpose Agent lives in this window. "
                        "Closing it minimises it; use File ▸ Quit to exit."),
                     central);
    m_noTrayBanner->setObjectName(u"noTrayBanner"_s);
    makeWrapping(m_noTrayBanner);
    Theme::whenPaletteChanges(m_noTrayBanner, [this] {
        const QPalette palette = QApplication::palette();
        m_noTrayBanner->setStyleSheet(
            u"QLabel { background: %1; color: %2; padding: 8px 12px; "
            "border-bottom: 1px solid %3; }"_s.arg(Theme::warningBase(palette).name(),
                                                   palette.color(QPalette::Text).name(),
                                                   Theme::warningText(palette).name()));
    });
    m_noTrayBanner->hide();
    layout->addWidget(m_noTrayBanner);

    auto *header = new QWidget(central);
    header->setObjectName(u"statusHeader"_s);
    auto *headerLayout = new QHBoxLayout(header);
    headerLayout->setContentsMargins(12, 8, 12, 8);
    headerLayout->setSpacing(8);
    m_statusIcon = new QLabel(header);
    m_statusIcon->setObjectName(u"statusIcon"_s);
    m_statusIcon->setFixedSize(20, 20);
    headerLayout->addWidget(m_statusIcon);
    m_status = new QLabel(header);
    m_status->setObjectName(u"statusLine"_s);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_status->font();
    bold.setBold(true);
    m_status->setFont(bold);
    headerLayout->addWidget(m_status, 1);
    layout->addWidget(header);
    auto *rule = new QFrame(central);
    rule->setFrameShape(QFrame::HLine);
    rule->setFrameShadow(QFrame::Sunken);
    layout->addWidget(rule);
    m_welcome = new WelcomePanel(engine, central);
    auto *welcomeRow = new QHBoxLayout;
    welcomeRow->setContentsMargins(12, 6, 12, 2);
    welcomeRow->addWidget(m_welcome);
    layout->addLayout(welcomeRow);

    auto *split = new QHBoxLayout;
    split->setContentsMargins(0, 0, 0, 0);
    split->setSpacing(0);
    m_nav = new QListWidget(central);
    m_nav->setObjectName(u"pageList"_s);
    m_nav->setFrameShape(QFrame::NoFrame);
    m_nav->setSpacing(1);
    m_nav->setIconSize(QSize(kPageIconSize, kPageIconSize));
    m_nav->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_stack = new QStackedWidget(central);
    m_stack->setObjectName(u"pages"_s);

    const QList<SettingsPage *> pages {
        new DashboardPage(m_models->stats(), m_stack),
        new AutoAcceptPage(m_models->autoAccept(), m_models->stats(), engine->settings(),
                           m_models->configDir(), m_stack),
        new QueuePage(m_models->queue(), m_models->endpoints(), engine->settings(), m_stack),
        new HistoryPage(m_models->history(), m_stack),
        new QuotaPage(engine->quota(), engine->quotaHistory(), m_models->stats(), engine->settings(),
                      m_stack),
        new SafetyPage(engine->settings(), m_models->autoAccept(), m_stack),
        new ConnectionPage(m_models->connection(), m_models->endpoints(), engine->settings(), m_stack),
        new ServersPage(engine->settings(), engine->paths(), engine->debugApi(), engine->toolkitServer(),
                        m_stack),
        new AgentsPage(m_models->agents(), m_stack),
        new TasksPage(m_models->runs(), m_models->tabs(), engine->settings(), m_stack),
        new BridgePage(m_models->bridge(), m_models->tabs(), engine->settings(), m_stack),
        new ModelsPage(
            engine->settings(), [engine] { return engine->secrets(); }, engine->clock(), m_stack),
        new LogsPage(m_stack),
        new GeneralPage(
            engine->settings(), engine->paths(),
            [engine](QWidget *parent) { ExtensionImportDialog::offer(engine, parent); }, m_stack),
    };
    static_assert(kPageCount == 14);
    for (SettingsPage *page : pages) {
        m_stack->addWidget(page);
        m_nav->addItem(page->title());
    }
    // The icons follow the palette (drawn ones are redrawn in the new text colour); the list is
    // as wide as its widest item (padding, icon, title) needs, no wider: the page gets the rest.
    Theme::whenPaletteChanges(m_nav, [this] {
        // A style sheet keeps the palette the widget had when it was set: given the new palette
        // and set again, the list takes the new theme's colours at once (not after a restart).
        m_nav->setStyleSheet(QString());
        m_nav->setPalette(QApplication::palette(m_nav));
        m_nav->setStyleSheet(u"QListWidget#pageList { padding-top: 6px; } "
                             "QListWidget#pageList::item { padding: 6px 12px; }"_s);
        const QStringList ids = settingsPages();
        const bool useTheme = PageIcons::themeCovers(ids);
        for (int i = 0; i < ids.size(); ++i)
            m_nav->item(i)->setIcon(PageIcons::icon(ids.at(i), QApplication::palette(), useTheme));
        m_nav->setFixedWidth(m_nav->sizeHintForColumn(0) + 2 * m_nav->frameWidth() + 8);
    });
    // A link on a page ("Connection settings…") opens the page it names.
    for (SettingsPage *page : pages) {
        connect(page, &SettingsPage::pageRequested, this, [this](const QString &name) {
            bool ok = false;
            const int value = QMetaEnum::fromType<Page>().keyToValue(name.toLatin1().constData(), &ok);
            if (ok)
                showPage(Page(value));
        });
    }
    auto *connection = qobject_cast<ConnectionPage *>(pages.at(int(Page::Connection)));
    const auto offerStart = [this, connection] {
        m_welcome->setStartAction(connection->startText(), connection->canStartIde());
    };
    connect(connection, &ConnectionPage::launcherChanged, this, offerStart);
    offerStart();
    connect(m_welcome, &WelcomePanel::connectionPageRequested, this, [this] { showPage(Page::Connection); });
    connect(m_welcome, &WelcomePanel::startIdeRequested, this, [this, connection] {
        showPage(Page::Connection); // where the wait for the port shows
        if (!connection->isWaitingForIde())
            connection->startIde();
    });
    connect(m_nav, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    // The window opens on the page last looked at, also after a restart (ui/lastPage).
    m_nav->setCurrentRow(int(lastPage()));
    connect(m_nav, &QListWidget::currentRowChanged, this, [this](int row) {
        // Logs has its own way in (the tray's Logs…), so it is not what Settings… comes back to.
        if (row >= 0 && Page(row) != Page::Logs)
            m_engine->settings()->setValue(SettingKey::UiLastPage, settingsPages().at(row));
    });
    split->addWidget(m_nav);
    auto *divider = new QFrame(central);
    divider->setFrameShape(QFrame::VLine);
    divider->setFrameShadow(QFrame::Sunken);
    split->addWidget(divider);
    split->addWidget(m_stack, 1);
    layout->addLayout(split, 1);
    setCentralWidget(central);

    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quit = fileMenu->addAction(tr("&Quit"));
    quit->setObjectName(u"windowQuitAction"_s);
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &MainWindow::quitRequested);
    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    m_tryDemo = helpMenu->addAction(tr("&Try the Demo…"));
    m_tryDemo->setObjectName(u"tryDemoAction"_s);
    m_tryDemo->setVisible(false); // until there is a way to start it, and never in the demo
    connect(m_tryDemo, &QAction::triggered, this, [this] { tryDemo(); });
    connect(m_welcome, &WelcomePanel::demoRequested, this, [this] { tryDemo(); });
    QAction *about = helpMenu->addAction(tr("&About Multi Purpose Agent"));
    about->setObjectName(u"aboutAction"_s);
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
    // The usual keys close the window (to the tray, or minimised without one).
    // (Ctrl+W by name too: QKeySequence::Close is empty where the platform theme defines none.)
    // Escape is not a shortcut: a shortcut wins over an open drop-down or an item being edited,
    // which must take Escape for themselves; keyPressEvent gets the Escape they leave.
    QList<QKeySequence> closeKeys = QKeySequence::keyBindings(QKeySequence::Close);
    if (const QKeySequence ctrlW(Qt::CTRL | Qt::Key_W); !closeKeys.contains(ctrlW))
        closeKeys.append(ctrlW);
    for (const QKeySequence &keys : std::as_const(closeKeys)) {
        auto *shortcut = new QShortcut(keys, this);
        connect(shortcut, &QShortcut::activated, this, &QWidget::close);
    }
    restoreWindowGeometry();

    // getUISnapshot, listUIElements and uiAction answer from this window.
    m_automation = new WindowAutomation(this, m_engine->settings());

    connect(m_engine, &Engine::statusChanged, this, &MainWindow::refresh);
    connect(m_engine->settings(), &Settings::changed, this, &MainWindow::refresh);
    // Pages paused one by one can pause the whole icon (statusIconState).
    connect(m_engine->autoAccept(), &AutoAcceptController::targetsChanged, this, &MainWindow::refresh);
    // An IDE that runs without debugging on the first start: offer once to restart it.
    m_relaunchOffer = new RelaunchOffer(m_engine, this);
    refresh();
    m_engine->setDesktopUi(this);
}

MainWindow::~MainWindow()
{
    if (isVisible())
        saveWindowGeometry();
    if (m_engine->desktopUi() == this)
        m_engine->setDesktopUi(nullptr);
}

QJsonObject MainWindow::uiSnapshot() const
{
    return m_automation->snapshot();
}

void MainWindow::performUiAction(const QString &type, const QString &target, const QJsonValue &value,
                                 CommandReply reply)
{
    m_automation->perform(type, target, value, std::move(reply));
}

QStringList MainWindow::settingsPages() const
{
    const QMetaEnum pages = QMetaEnum::fromType<Page>();
    QStringList names;
    for (int i = 0; i < kPageCount; ++i) {
        QString name = QString::fromLatin1(pages.valueToKey(i));
        name[0] = name[0].toLower();
        names.append(name);
    }
    return names;
}

bool MainWindow::showSettings(const QString &page, QString *error)
{
    if (!page.isEmpty()) {
        const QStringList pages = settingsPages();
        int index = -1;
        for (int i = 0; i < pages.size() && index < 0; ++i) {
            if (pages.at(i).compare(page, Qt::CaseInsensitive) == 0)
                index = i;
        }
        if (index < 0) {
            if (error)
                *error = tr("there is no settings page '%1'; the pages are %2")
                             .arg(page, settingsPages().join(u", "_s));
            return false;
        }
        showPage(Page(index));
    }
    showAndRaise();
    return true;
}

bool MainWindow::openWithDesktop(const QString &path, QString *error)
{
    if (QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
        return true;
    if (error)
        *error = tr("no application would open %1").arg(QDir::toNativeSeparators(path));
    return false;
}

bool MainWindow::isWelcoming() const
{
    return m_welcome->isWanted();
}

void MainWindow::showPage(Page page)
{
    m_nav->setCurrentRow(int(page));
}

MainWindow::Page MainWindow::lastPage() const
{
    const QString id = m_engine->settings()->stringValue(SettingKey::UiLastPage);
    // By id, in any case ("Queue" typed into the file by hand is the queue page).
    const QStringList pages = settingsPages();
    int index = -1;
    for (int i = 0; i < pages.size() && index < 0; ++i) {
        if (pages.at(i).compare(id, Qt::CaseInsensitive) == 0)
            index = i;
    }
    if (index < 0) {
        qCWarning(lcUi).noquote()
            << u"ui/lastPage names no page ('%1'; the pages are %2); opening the Dashboard"_s.arg(
                   id, settingsPages().join(u", "_s));
        return Page::Dashboard;
    }
    return Page(index);
}

MainWindow::Page MainWindow::currentPage() const
{
    return Page(m_stack->currentIndex());
}

SettingsPage *MainWindow::page(Page page) const
{
    return qobject_cast<SettingsPage *>(m_stack->widget(int(page)));
}

void MainWindow::setTrayAvailable(bool available)
{
    m_trayAvailable = available;
    m_noTrayBanner->setVisible(!available);
}

void MainWindow::showAndRaise()
{
    if (isMinimized())
        showNormal();
    else
        show();
    raise();
    activateWindow();
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    // An Escape no widget took (a drop-down closes its list, an editor drops the edit): as in a
    // dialog, it closes the window.
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier) {
        close();
        return;
    }
    QMainWindow::keyPressEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    event->ignore();
    if (m_trayAvailable) {
        hide(); // the tray icon brings it back
        Q_EMIT hiddenToTray();
    } else {
        showMinimized();
    }
}

void MainWindow::hideEvent(QHideEvent *event)
{
    if (!event->spontaneous()) // minimising is not leaving: the size and place stay as they are
        saveWindowGeometry();
    QMainWindow::hideEvent(event);
}

QSize MainWindow::defaultSize()
{
    // Laid out tall first, so nothing above the page list is squeezed while it is measured.
    const QSize before = size();
    resize(1000, 2000);
    centralWidget()->layout()->activate();
    layout()->activate();
    int listHeight = 2 * m_nav->frameWidth() + 6; // the list's padding-top
    for (int row = 0; row < m_nav->count(); ++row)
        listHeight += m_nav->sizeHintForRow(row) + 2 * m_nav->spacing();
    const int above = m_nav->mapTo(this, QPoint(0, 0)).y();
    resize(before);
    QSize wanted(1000, std::max(660, above + listHeight + 4));
    if (const QScreen *shown = screen()) {
        // Within the screen, less a margin for the window's frame and title.
        const QRect available = shown->availableGeometry();
        wanted = wanted.boundedTo(QSize(available.width() - 16, available.height() - 40));
    }
    return wanted.expandedTo(minimumSizeHint());
}

QString MainWindow::windowStateFile() const
{
    return QDir(m_engine->paths().configDir).filePath(u"window.ini"_s);
}

void MainWindow::restoreWindowGeometry()
{
    // The window's own state, not a setting: it changes with every move and is no choice to
    // reset, import or set over the debug API.
    const QSettings state(windowStateFile(), QSettings::IniFormat);
    const QByteArray kept = state.value(u"geometry"_s).toByteArray();
    if (!kept.isEmpty() && restoreGeometry(kept))
        return;
    if (!kept.isEmpty())
        qCWarning(lcUi).noquote() << windowStateFile()
                                  << "holds no window size and place; opening at the default size";
    resize(defaultSize());
}

void MainWindow::saveWindowGeometry()
{
    QSettings state(windowStateFile(), QSettings::IniFormat);
    const QByteArray geometry = saveGeometry();
    if (state.value(u"geometry"_s).toByteArray() == geometry)
        return;
    state.setValue(u"geometry"_s, geometry);
    state.sync();
    if (state.status() != QSettings::NoError)
        qCWarning(lcUi).noquote() << "could not keep the window's size and place in" << windowStateFile();
}

void MainWindow::setDemoStarter(std::function<bool(QString *error)> starter, bool inDemo)
{
    m_demoStarter = std::move(starter);
    m_inDemo = inDemo;
    const bool offered = m_demoStarter && !m_inDemo;
    m_tryDemo->setVisible(offered);
    m_welcome->setDemo(inDemo, offered);
}

bool MainWindow::tryDemo(bool confirmed)
{
    if (!m_demoStarter || m_inDemo)
        return false;
    if (!confirmed
        && !Widgets::confirm(this, tr("Try the Demo"), tr("Restart Multi Purpose Agent in the demo?"),
                             tr("The app quits and starts again with a browser of its own showing a demo "
                                "agent panel, auto-accept on for that run. Your settings stay as they are. "
                                "Closing the demo's browser window ends the demo; then start the app "
                                "again as usual."),
                             tr("Restart in the Demo")))
        return false;
    QString error;
    if (!m_demoStarter(&error)) {
        qCWarning(lcUi).noquote() << "the demo could not be started:" << error;
        QMessageBox::warning(this, tr("Try the Demo"), tr("The demo could not be started: %1.").arg(error));
        return false;
    }
    return true;
}

void MainWindow::showAbout()
{
    auto *about = new AboutDialog(m_engine->paths().configDir, m_engine->paths().logDir, this);
    about->setAttribute(Qt::WA_DeleteOnClose);
    about->show();
}

void MainWindow::refresh()
{
    m_status->setText(engineStatusLine(*m_engine, StatusWords::Translated));
    m_statusIcon->setPixmap(statusIcon(statusIconState(m_engine)).pixmap(20, 20));
}

} // namespace mpa
