#pragma once
// The app's one window. For now: the engine's status, the attached pages and a live log tail;
// the settings pages join it as they are built. When the desktop has no tray the window says
// so and closing it minimises instead of hiding, so the app can never get lost.

#include <QMainWindow>

class QLabel;
class QListView;
class QListWidget;

namespace mpa {

class Engine;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(Engine *engine, QWidget *parent = nullptr);

    void setTrayAvailable(bool available);
    bool closeMinimizes() const { return !m_trayAvailable; }
    void showAndRaise();

Q_SIGNALS:
    void quitRequested();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void refresh();

    Engine *m_engine;
    QLabel *m_noTrayBanner;
    QLabel *m_status;
    QListWidget *m_targets;
    QListView *m_log;
    bool m_trayAvailable = true;
};

} // namespace mpa
