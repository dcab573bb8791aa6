#include "WelcomePanel.h"

#include "Widgets.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

WelcomePanel::WelcomePanel(Engine *engine, QWidget *parent)
    : QFrame(parent)
    , m_engine(engine)
{
    setObjectName(u"welcomePanel"_s);
    setFrameShape(QFrame::StyledPanel);
    // The palette's own colours: readable in light and dark themes alike.
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(4);
    auto *title = new QLabel(tr("Welcome to Multi Purpose Agent"), this);
    title->setObjectName(u"welcomeTitle"_s);
    QFont bold = title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    title->setFont(bold);
    layout->addWidget(title);
    m_text = Widgets::wrappingLabel(u"welcomeText"_s, this);
    m_text->setTextFormat(Qt::PlainText);
    layout->addWidget(m_text);
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(6);
    m_start = new QPushButton(this);
    m_start->setObjectName(u"welcomeStart"_s);
    connect(m_start, &QPushButton::clicked, this, &WelcomePanel::startIdeRequested);
    buttons->addWidget(m_start);
    m_connection = Widgets::button(tr("Connection Settings…"), u"welcomeConnection"_s, this);
    connect(m_connection, &QPushButton::clicked, this, &WelcomePanel::connectionPageRequested);
    buttons->addWidget(m_connection);
    m_demo = Widgets::button(tr("Try the Demo…"), u"welcomeDemo"_s, this,
                             tr("Restarts the app with a browser of its own on a demo agent panel"));
    m_demo->hide();
    connect(m_demo, &QPushButton::clicked, this, &WelcomePanel::demoRequested);
    buttons->addWidget(m_demo);
    buttons->addStretch(1);
    auto *done = Widgets::button(tr("Got It"), u"welcomeDone"_s, this,
                                 tr("Put the welcome away for good (setting ui/welcomed)"));
    connect(done, &QPushButton::clicked, this,
            [this] { m_engine->settings()->setValue(SettingKey::UiWelcomed, true); });
    buttons->addWidget(done);
    layout->addLayout(buttons);

    connect(engine, &Engine::statusChanged, this, &WelcomePanel::refresh);
    connect(engine->settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::UiWelcomed || key == SettingKey::CdpHost || key == SettingKey::CdpPort)
            refresh();
    });
    refresh();
}

bool WelcomePanel::isWanted() const
{
    return !m_engine->settings()->boolValue(SettingKey::UiWelcomed);
}

void WelcomePanel::setStartAction(const QString &text, bool enabled)
{
    m_start->setText(text);
    m_start->setEnabled(enabled);
    m_start->setToolTip(
        enabled
            ? tr("Starts it with debugging on port %1, as the Connection page does").arg(m_engine->cdpPort())
            : tr("No launcher for it was found on this system; pick another IDE on the "
                 "Connection page"));
}

void WelcomePanel::setDemo(bool inDemo, bool offered)
{
    m_inDemo = inDemo;
    m_demoOffered = offered && !inDemo;
    refresh();
}

void WelcomePanel::refresh()
{
    setVisible(isWanted());
    const QString address = u"%1:%2"_s.arg(m_engine->cdpHost()).arg(m_engine->cdpPort());
    // The welcome speaks of the one IDE it names (the first endpoint), not of any browser listed
    // beside it.
    const bool connected = m_engine->endpoint()->primary()->isConnected();
    QString text;
    if (connected)
        text = tr("Connected to %1. Switch Auto-accept on (on the Dashboard or in the tray icon's menu) and "
                  "the app clicks Accept, Run and Retry in your IDE's agent panel for you; the Prompt queue "
                  "page feeds it prompts.")
                   .arg(address);
    else
        text = tr("It needs an AI IDE (Antigravity, Cursor, VS Code, Windsurf) or Chrome started with "
                  "debugging on port %1; nothing answers at %2 yet.")
                   .arg(m_engine->cdpPort())
                   .arg(address);
    if (m_inDemo)
        text = tr("This is the demo: a browser of its own shows a demo agent panel, and auto-accept works "
                  "on it. Close that browser window to end the demo.");
    else if (m_demoOffered)
        text += u' '
            + tr("To try it without an IDE, choose Try the Demo (a browser with a demo agent panel).");
    m_text->setText(text);
    m_start->setVisible(!connected && !m_inDemo);
    m_demo->setVisible(m_demoOffered);
}

} // namespace mpa
