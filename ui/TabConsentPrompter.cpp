#include "TabConsentPrompter.h"

#include <QSystemTrayIcon>

using namespace Qt::StringLiterals;

namespace mpa {

TabConsentPrompter::TabConsentPrompter(TabConsent *consent, std::function<QSystemTrayIcon *()> tray,
                                       QObject *parent)
    : QObject(parent)
    , m_consent(consent)
    , m_tray(std::move(tray))
{
    consent->setAsker(
        this, [this](const TabConsent::Request &request, std::function<void(TabConsent::Answer)> answer) {
            ask(request, std::move(answer));
        });
    connect(consent, &TabConsent::withdrawn, this, [this](const QString &key, const CommandCaller &caller) {
        for (const QPointer<TabConsentDialog> &dialog : std::as_const(m_dialogs)) {
            if (dialog && dialog->request().key() == key
                && dialog->request().caller.clientId == caller.clientId
                && dialog->request().caller.channel == caller.channel)
                dialog->close(); // already refused: its Deny changes nothing
        }
    });
}

QList<TabConsentDialog *> TabConsentPrompter::openDialogs() const
{
    QList<TabConsentDialog *> open;
    for (const QPointer<TabConsentDialog> &dialog : m_dialogs) {
        if (dialog && dialog->isVisible()) // closed ones wait for deletion
            open.append(dialog);
    }
    return open;
}

void TabConsentPrompter::ask(const TabConsent::Request &request,
                             std::function<void(TabConsent::Answer)> answer)
{
    auto *dialog
        = new TabConsentDialog(request, m_consent ? m_consent->patience() : std::chrono::seconds(60));
    connect(dialog, &TabConsentDialog::answered, this, [answer](TabConsent::Answer a) { answer(a); });
    m_dialogs.removeIf([](const QPointer<TabConsentDialog> &d) { return d.isNull(); });
    m_dialogs.append(dialog);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    if (QSystemTrayIcon *tray = m_tray ? m_tray() : nullptr; tray && tray->isVisible()) {
        const QString site = request.site();
        if (request.subject == TabConsent::Subject::SiteData) {
            tray->showMessage(tr("An agent asks for your sign-in"),
                              tr("%1 wants the cookies and storage of %2. Answer in the window that opened.")
                                  .arg(request.agentName(), site),
                              QSystemTrayIcon::Warning);
        } else {
            tray->showMessage(tr("An agent asks for your tab"),
                              tr("%1 wants to use “%2”%3. Answer in the window that opened.")
                                  .arg(request.agentName(), request.title,
                                       site.isEmpty() ? QString() : u" (%1)"_s.arg(site)),
                              QSystemTrayIcon::Information);
        }
    }
    Q_EMIT dialogShown(dialog);
}

} // namespace mpa
