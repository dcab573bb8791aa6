#pragma once
// The one-time offer on the first start: when nothing answers on the debugging port but a known
// IDE runs (without debugging on that port), ask "Antigravity is running without debugging —
// restart it with debugging?" once, ever (ui/relaunchOffered). Restart runs the engine's
// IdeRelauncher: the IDE quits, may ask to save, and opens again with the flag and its folders.

#include "platform/RunningIde.h"

#include <QMessageBox>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <functional>
#include <optional>

class QWidget;

namespace mpa {

class Engine;

class RelaunchOffer : public QObject
{
    Q_OBJECT
public:
    // How long after the start the engine may take to find the IDE before the offer is made.
    static constexpr std::chrono::seconds kGrace { 10 };

    using Finder = std::function<std::optional<RunningIde>()>;

    // Looks once, kGrace after construction; `window` is the dialog's parent.
    RelaunchOffer(Engine *engine, QWidget *window);

    // The running IDE the offer would be about (default: the engine's relauncher's first find).
    void setFinder(Finder finder) { m_finder = std::move(finder); }
    // Offers now when it should (see the header); true when it did.
    bool check();
    QMessageBox *dialog() const { return m_dialog; }

Q_SIGNALS:
    void offered(const QString &question);

private:
    Engine *m_engine;
    QPointer<QWidget> m_window;
    Finder m_finder;
    QTimer m_timer;
    QPointer<QMessageBox> m_dialog;
};

} // namespace mpa
