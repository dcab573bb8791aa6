#pragma once
// The app's one window: a status line, a list of pages on the left (Dashboard, Auto-accept,
// Prompt queue, History, Quota, Safety, Connection, Servers, Agents, Tasks, Bridge, Models, Logs,
// General) and the chosen page on the right. When the desktop has no tray the window says so and
// closing it minimises instead of hiding, so the app can never get lost; File ▸ Quit exits.

#include <QMainWindow>

class QLabel;
class QListWidget;
class QStackedWidget;

namespace mpa {

class Engine;
class RelaunchOffer;
class SettingsPage;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum class Page {
        Dashboard,
        AutoAccept,
        Queue,
        History,
        Quota,
        Safety,
        Connection,
        Servers,
        Agents,
        Tasks,
        Bridge,
        Models,
        Logs,
        General
    };
    Q_ENUM(Page)
    static constexpr int kPageCount = int(Page::General) + 1;

    explicit MainWindow(Engine *engine, QWidget *parent = nullptr);

    void setTrayAvailable(bool available);
    bool closeMinimizes() const { return !m_trayAvailable; }
    void showAndRaise();
    void showAbout();
    void showPage(Page page);
    Page currentPage() const;
    SettingsPage *page(Page page) const;
    template<typename T> T *page() const { return findChild<T *>(); }
    RelaunchOffer *relaunchOffer() const { return m_relaunchOffer; }

Q_SIGNALS:
    void quitRequested();
    // Closing hid the window while the app goes on in the tray.
    void hiddenToTray();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void refresh();

    Engine *m_engine;
    RelaunchOffer *m_relaunchOffer = nullptr;
    QLabel *m_noTrayBanner;
    QLabel *m_statusIcon;
    QLabel *m_status;
    QListWidget *m_nav;
    QStackedWidget *m_stack;
    bool m_trayAvailable = true;
};

} // namespace mpa
