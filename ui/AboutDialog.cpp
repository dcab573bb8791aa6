#include "AboutDialog.h"

#include "StatusIcon.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr auto kHomepage = "https://github.com/mpagent/multi-purpose-agent";

} // namespace

AboutDialog::AboutDialog(const QString &configDir, const QString &logDir, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("About Multi Purpose Agent"));
    setObjectName(u"aboutDialog"_s);
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *icon = new QLabel(this);
    icon->setPixmap(statusIcon(StatusIconState::Active).pixmap(48, 48));
    icon->setAlignment(Qt::AlignTop);
    top->addWidget(icon);
    const QString home = QString::fromLatin1(kHomepage);
    m_text = new QLabel(this);
    m_text->setObjectName(u"aboutText"_s);
    m_text->setTextFormat(Qt::RichText);
    m_text->setOpenExternalLinks(true);
    m_text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_text->setWordWrap(true);
    m_text->setText(
        tr("<h3>Multi Purpose Agent %1</h3>"
           "<p>Keeps the AI agents in your IDEs moving, feeds them prompts, pauses while the model's quota "
           "is spent, and lets other agents and LLMs work in your browser tabs — safely.</p>"
           "<p>Qt %2 (built with %3) · MIT licence</p>"
           "<p><a href=\"%4\">Project page</a> · <a href=\"%4/issues\">Report a problem</a></p>"
           "<p>Settings and data: <code>%5</code><br>Logs: <code>%6</code></p>")
            .arg(QStringLiteral(MPA_VERSION), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
                 home, QDir::toNativeSeparators(configDir).toHtmlEscaped(),
                 QDir::toNativeSeparators(logDir).toHtmlEscaped()));
    top->addWidget(m_text, 1);
    layout->addLayout(top);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *open = buttons->addButton(tr("Open the Settings Folder"), QDialogButtonBox::ActionRole);
    open->setObjectName(u"openConfigFolder"_s);
    connect(open, &QPushButton::clicked, this,
            [configDir] { QDesktopServices::openUrl(QUrl::fromLocalFile(configDir)); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(480, 260);
}

QString AboutDialog::text() const
{
    return m_text->text();
}

} // namespace mpa
