#include "RelaunchOffer.h"

#include "cdp/CdpEndpoint.h"
#include "cdp/IdeRelauncher.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QMessageBox>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace mpa {

RelaunchOffer::RelaunchOffer(Engine *engine, QWidget *window)
    : QObject(window)
    , m_engine(engine)
    , m_window(window)
{
    m_finder = [this]() -> std::optional<RunningIde> {
        QString error;
        return m_engine->relauncher()->find(0, QString(), &error);
    };
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &RelaunchOffer::check);
    if (!m_engine->settings()->boolValue(SettingKey::UiRelaunchOffered))
        m_timer.start(kGrace);
}

bool RelaunchOffer::check()
{
    Settings *settings = m_engine->settings();
    if (settings->boolValue(SettingKey::UiRelaunchOffered) || m_dialog || !m_engine->isRunning()
        || m_engine->endpoint()->isConnected() || m_engine->relauncher()->isBusy())
        return false;
    const std::optional<RunningIde> running = m_finder();
    const quint16 port = quint16(settings->intValue(SettingKey::CdpPort));
    if (!running || running->debugPort == port)
        return false; // nothing to restart, or it runs with the flag and is still coming up
    settings->setValue(SettingKey::UiRelaunchOffered, true);

    const QString question
        = tr("%1 is running without debugging — restart it with debugging?").arg(running->ideName);
    m_dialog = new QMessageBox(QMessageBox::Question, tr("Restart %1").arg(running->ideName), question,
                               QMessageBox::NoButton, m_window);
    m_dialog->setObjectName(u"relaunchOffer"_s);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog->setInformativeText(tr("The app drives %1 through its debugging port %2, and nothing answers "
                                    "there. %1 quits as if you chose "
                                    "Quit (it may ask you to save your files) and opens again with the same "
                                    "folders. This is asked once; "
                                    "the Connection page can do it any time.")
                                     .arg(running->ideName)
                                     .arg(port));
    QPushButton *restart
        = m_dialog->addButton(tr("Restart %1").arg(running->ideName), QMessageBox::AcceptRole);
    restart->setObjectName(u"relaunchOfferRestart"_s);
    QPushButton *later = m_dialog->addButton(tr("Not Now"), QMessageBox::RejectRole);
    later->setObjectName(u"relaunchOfferLater"_s);
    const qint64 pid = running->pid;
    connect(restart, &QPushButton::clicked, this, [this, pid] {
        IdeRelauncher::Request request;
        request.pid = pid;
        request.host = m_engine->settings()->stringValue(SettingKey::CdpHost);
        request.port = quint16(m_engine->settings()->intValue(SettingKey::CdpPort));
        m_engine->relauncher()->relaunch(request, this, nullptr);
    });
    m_dialog->open();
    Q_EMIT offered(question);
    return true;
}

} // namespace mpa
