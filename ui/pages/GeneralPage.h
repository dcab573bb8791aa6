#pragma once
// General: start at login (read back from the OS), notifications, where the files are, and
// resetting every setting.

#include "SettingsPage.h"

#include <functional>
#include <memory>

class QCheckBox;
class QLabel;

namespace mpa {

class Autostart;
struct AppPaths;

class GeneralPage : public SettingsPage
{
    Q_OBJECT
public:
    // Opens the extension import over the page (ExtensionImportDialog::offer, given by the window).
    using ImportOffer = std::function<void(QWidget *parent)>;
    // `paths`: the app's folders (shown, and the autostart entry's --config-dir).
    GeneralPage(Settings *appSettings, const AppPaths &paths, ImportOffer offerImport,
                QWidget *parent = nullptr);
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
