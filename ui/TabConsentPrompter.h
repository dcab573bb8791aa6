#pragma once
// The desktop as TabConsent's asker: a TabConsentDialog (TabConsentDialog.h) per question,
// with a tray message beside it.

#include "TabConsentDialog.h"
#include "actions/TabConsent.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QSystemTrayIcon;

namespace mpa {

// Makes the desktop the one TabConsent asks: a TabConsentDialog per question, a tray message
// beside it, and the dialog closed when the question is withdrawn (nobody answered in time).
class TabConsentPrompter : public QObject
{
    Q_OBJECT
public:
    // `tray` may be null (no tray on this desktop): the dialog alone asks.
    TabConsentPrompter(TabConsent *consent, std::function<QSystemTrayIcon *()> tray,
                       QObject *parent = nullptr);

    QList<TabConsentDialog *> openDialogs() const;

Q_SIGNALS:
    void dialogShown(mpa::TabConsentDialog *dialog);

private:
    void ask(const TabConsent::Request &request, std::function<void(TabConsent::Answer)> answer);

    QPointer<TabConsent> m_consent;
    std::function<QSystemTrayIcon *()> m_tray;
    QList<QPointer<TabConsentDialog>> m_dialogs;
};

} // namespace mpa
