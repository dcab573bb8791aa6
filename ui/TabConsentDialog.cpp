#include "TabConsentDialog.h"

#include "WrappingLabel.h"

#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QSystemTrayIcon>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

TabConsentDialog::TabConsentDialog(const TabConsent::Request &request, std::chrono::milliseconds patience,
                                   QWidget *parent)
    : QDialog(parent)
    , m_request(request)
{
    setObjectName(u"tabConsentDialog"_s);
    const bool data = request.subject == TabConsent::Subject::SiteData;
    setWindowTitle(data ? tr("An agent asks for your sign-in") : tr("An agent asks for your tab"));
    setWindowFlag(Qt::WindowStaysOnTopHint);
    setAttribute(Qt::WA_DeleteOnClose);
    setModal(false);

    const QString site = request.site();
    auto *question = new QLabel(this);
    question->setObjectName(u"consentQuestion"_s);
    question->setTextFormat(Qt::RichText);
    if (data) {
        question->setText(tr("<b>%1</b> wants to read and change the cookies and stored data of <b>%2</b>.")
                              .arg(request.agentName().toHtmlEscaped(), site.toHtmlEscaped()));
    } else {
        question->setText(tr("<b>%1</b> wants to use the tab <b>%2</b>%3.")
                              .arg(request.agentName().toHtmlEscaped(), request.title.toHtmlEscaped(),
                                   site.isEmpty() ? QString() : u" (%1)"_s.arg(site.toHtmlEscaped())));
    }
    makeWrapping(question);
    auto *detail = new QLabel(
        data ? tr("Cookies hold your sign-in to the site, also those no page can read: with them the agent "
                  "could act as you there, from anywhere, until they expire. Refused by itself in %1 s.")
                   .arg(patience.count() / 1000)
             : tr("It could read the page and act in it as you would (click, type, navigate) until it "
                  "disconnects. Refused by itself in %1 s.")
                   .arg(patience.count() / 1000),
        this);
    makeWrapping(detail);

    auto *buttons = new QDialogButtonBox(this);
    m_allowOnce = buttons->addButton(tr("Allow once"), QDialogButtonBox::AcceptRole);
    m_allowOnce->setObjectName(u"allowOnce"_s);
    m_allowSite
        = buttons->addButton(site.isEmpty() ? tr("Allow for this site") : tr("Allow for %1").arg(site),
                             QDialogButtonBox::AcceptRole);
    m_allowSite->setObjectName(u"allowSite"_s);
    m_allowSite->setEnabled(!site.isEmpty());
    m_allowSite->setToolTip(data ? tr("Remembered in toolkit/dataSites.")
                                 : tr("Remembered in toolkit/allowedSites; remove it on the Servers page."));
    m_deny = buttons->addButton(tr("Deny"), QDialogButtonBox::RejectRole);
    m_deny->setObjectName(u"deny"_s);
    m_deny->setDefault(true); // Enter on a prompt that appeared under the cursor gives nothing away
    connect(m_allowOnce, &QPushButton::clicked, this, [this] { answer(TabConsent::Answer::AllowOnce); });
    connect(m_allowSite, &QPushButton::clicked, this, [this] { answer(TabConsent::Answer::AllowSite); });
    connect(m_deny, &QPushButton::clicked, this, [this] { answer(TabConsent::Answer::Deny); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(question);
    layout->addWidget(detail);
    layout->addWidget(buttons);
    setMinimumWidth(420);
}

void TabConsentDialog::answer(TabConsent::Answer answer)
{
    if (m_answered)
        return;
    m_answered = true;
    Q_EMIT answered(answer);
    close();
}

void TabConsentDialog::closeEvent(QCloseEvent *event)
{
    answer(TabConsent::Answer::Deny); // closing the window refuses (nothing after an answer)
    QDialog::closeEvent(event);
}

} // namespace mpa
