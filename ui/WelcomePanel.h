#pragma once
// The first-start welcome at the top of the window: what the app needs (an IDE or Chrome with
// debugging on the port it watches), a one-click "Start … with Debugging" (the Connection
// page's), the way to the Connection page, "Try the Demo" (not in the demo itself), and "Got It" to put it
// away for good (ui/welcomed). Once connected it says so and what to switch on.

#include <QFrame>

class QLabel;
class QPushButton;

namespace mpa {

class Engine;

class WelcomePanel : public QFrame
{
    Q_OBJECT
public:
    explicit WelcomePanel(Engine *engine, QWidget *parent = nullptr);

    // Whether the user still has to put it away (the window opens with it until then).
    bool isWanted() const;
    // The Start button's text and whether it can start anything (the Connection page's).
    void setStartAction(const QString &text, bool enabled);
    // Whether this run is the demo, and whether "Try the Demo" is offered (never in the demo).
    void setDemo(bool inDemo, bool offered);

Q_SIGNALS:
    void startIdeRequested();
    void connectionPageRequested();
    void demoRequested();

private:
    void refresh();

    Engine *m_engine;
    QLabel *m_text;
    QPushButton *m_start;
    QPushButton *m_connection;
    QPushButton *m_demo;
    bool m_demoOffered = false;
    bool m_inDemo = false;
};

} // namespace mpa
