#pragma once
// General: start at login (read back from the OS), notifications, where the files are, and
// resetting every setting.

#include "SettingsPage.h"

#include <memory>

class QCheckBox;
class QLabel;

namespace mpa {

class Autostart;

class GeneralPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit GeneralPage(Engine *engine, QWidget *parent = nullptr);
    ~GeneralPage() override;

    // Resets every setting after the user confirms; returns whether it did.
    bool resetAll();
    // Re-reads the autostart state from the OS.
    void refreshAutostart();

protected:
    void showEvent(QShowEvent *event) override;

private:
    std::unique_ptr<Autostart> m_autostart;
    QCheckBox *m_startAtLogin;
    QLabel *m_autostartInfo;
};

} // namespace mpa
