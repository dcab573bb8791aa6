#pragma once
// The desktop's answer to "may this agent use your tab?": a small window, kept on top and not
// modal (the app goes on working while it waits), that names the agent, the tab and its site
// and offers Allow once · Allow for this site · Deny. Closing it is Deny. TabConsentPrompter
// (TabConsentPrompter.h) registers it as TabConsent's asker and says so in the tray.

#include "actions/TabConsent.h"

#include <QDialog>
#include <QPointer>

#include <functional>

class QPushButton;

namespace mpa {

class TabConsentDialog : public QDialog
{
    Q_OBJECT
public:
    TabConsentDialog(const TabConsent::Request &request, std::chrono::milliseconds patience,
                     QWidget *parent = nullptr);

    const TabConsent::Request &request() const { return m_request; }
    QPushButton *allowOnceButton() const { return m_allowOnce; }
    QPushButton *allowSiteButton() const { return m_allowSite; }
    QPushButton *denyButton() const { return m_deny; }

Q_SIGNALS:
    void answered(mpa::TabConsent::Answer answer);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void answer(TabConsent::Answer answer);

    TabConsent::Request m_request;
    QPushButton *m_allowOnce;
    QPushButton *m_allowSite;
    QPushButton *m_deny;
    bool m_answered = false;
};

} // namespace mpa
