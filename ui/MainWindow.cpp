#include "MainWindow.h"

#include "engine/Engine.h"
#include "logging/Logging.h"

#include <QAction>
#include <QCloseEvent>
#include <QGroupBox>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

MainWindow::MainWindow(Engine *engine, QWidget *parent)
    : QMainWindow(parent)
    , m_engine(engine)
{
    setWindowTitle(tr("Multi Purpose Agent"));
    setObjectName(u"mainWindow"_s);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);

    m_noTrayBanner
        = new QLabel(tr("This desktop has no system tray, so Multi Purpose Agent lives in this window. "
                        "Closing it minimises it; use File ▸ Quit to exit."),
                     central);
    m_noTrayBanner->setObjectName(u"noTrayBanner"_s);
    m_noTrayBanner->setWordWrap(true);
    m_noTrayBanner->setStyleSheet(
        u"QLabel { background: #fff4ce; color: #3b2f00; padding: 8px; border-radius: 4px; }"_s);
    m_noTrayBanner->hide();
    layout->addWidget(m_noTrayBanner);

    m_status = new QLabel(central);
    m_status->setObjectName(u"statusLine"_s);
    QFont bold = m_status->font();
    bold.setBold(true);
    m_status->setFont(bold);
    layout->addWidget(m_status);

    auto *targetsBox = new QGroupBox(tr("Attached pages"), central);
    auto *targetsLayout = new QVBoxLayout(targetsBox);
    m_targets = new QListWidget(targetsBox);
    m_targets->setObjectName(u"targetList"_s);
    targetsLayout->addWidget(m_targets);
    layout->addWidget(targetsBox, 1);

    auto *logBox = new QGroupBox(tr("Log"), central);
    auto *logLayout = new QVBoxLayout(logBox);
    m_log = new QListView(logBox);
    m_log->setObjectName(u"logView"_s);
    m_log->setUniformItemSizes(true);
    if (LogBuffer *buffer = Logging::buffer()) {
        m_log->setModel(buffer);
        connect(buffer, &LogBuffer::rowsInserted, m_log, [this] { m_log->scrollToBottom(); });
    }
    logLayout->addWidget(m_log);
    layout->addWidget(logBox, 2);

    setCentralWidget(central);

    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quit = fileMenu->addAction(tr("&Quit"));
    quit->setObjectName(u"windowQuitAction"_s);
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &MainWindow::quitRequested);
    resize(760, 520);

    connect(m_engine, &Engine::statusChanged, this, &MainWindow::refresh);
    connect(m_engine->endpoint(), &CdpEndpoint::sessionInfoChanged, this, &MainWindow::refresh);
    refresh();
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

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_trayAvailable) {
        hide(); // the tray icon brings it back
        event->ignore();
        return;
    }
    showMinimized();
    event->ignore();
}

void MainWindow::refresh()
{
    m_status->setText(m_engine->statusLine());
    m_targets->clear();
    for (CdpSession *session : m_engine->endpoint()->pageSessions()) {
        const CdpTargetInfo &info = session->targetInfo();
        m_targets->addItem(info.title.isEmpty() ? info.url : info.title + u" — "_s + info.url);
    }
    if (m_targets->count() == 0)
        m_targets->addItem(tr("No pages attached yet"));
}

} // namespace mpa
