#include "TokenBox.h"

#include "Widgets.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "server/TokenFile.h"

#include <QClipboard>
#include <QDir>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

TokenBox::TokenBox(const QString &path, const QString &what, QWidget *parent)
    : QWidget(parent)
    , m_path(path)
    , m_what(what)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    m_field = new QLineEdit(this);
    m_field->setObjectName(u"tokenField"_s);
    m_field->setReadOnly(true);
    m_field->setEchoMode(QLineEdit::Password);
    m_reveal = Widgets::button(tr("Show"), u"tokenReveal"_s, this);
    connect(m_reveal, &QPushButton::clicked, this, [this] { setRevealed(!isRevealed()); });
    m_copy = Widgets::button(tr("Copy"), u"tokenCopy"_s, this);
    connect(m_copy, &QPushButton::clicked, this, &TokenBox::copyToClipboard);
    m_regenerate = Widgets::button(tr("Regenerate…"), u"tokenRegenerate"_s, this);
    connect(m_regenerate, &QPushButton::clicked, this, [this] { regenerate(); });
    QHBoxLayout *row = Widgets::row(m_field, { m_reveal, m_copy, m_regenerate });
    row->setSpacing(6);
    layout->addLayout(row);
    m_info = Widgets::wrappingLabel(u"tokenInfo"_s, this);
    m_info->setForegroundRole(QPalette::PlaceholderText);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_info);
    reload();
}

void TokenBox::reload()
{
    const QString token = TokenFile(m_path).read();
    if (!token.isEmpty())
        Logging::addSecret(token);
    m_field->setText(token);
    m_field->setPlaceholderText(tr("No token yet"));
    m_copy->setEnabled(!token.isEmpty());
    m_reveal->setEnabled(!token.isEmpty());
    m_regenerate->setText(token.isEmpty() ? tr("Create") : tr("Regenerate…"));
    m_info->setText(token.isEmpty()
                        ? tr("Created the first time %1 starts, or now with Create. Kept in %2.")
                              .arg(m_what, QDir::toNativeSeparators(m_path))
                        : tr("Kept in %1 (readable by you only).").arg(QDir::toNativeSeparators(m_path)));
}

bool TokenBox::isRevealed() const
{
    return m_field->echoMode() == QLineEdit::Normal;
}

void TokenBox::setRevealed(bool revealed)
{
    m_field->setEchoMode(revealed ? QLineEdit::Normal : QLineEdit::Password);
    m_reveal->setText(revealed ? tr("Hide") : tr("Show"));
}

void TokenBox::copyToClipboard()
{
    const QString token = TokenFile(m_path).read();
    if (!token.isEmpty())
        QGuiApplication::clipboard()->setText(token);
}

bool TokenBox::regenerate(bool confirmed)
{
    const bool exists = !TokenFile(m_path).read().isEmpty();
    if (exists && !confirmed) {
        const auto answer = QMessageBox::question(
            this, tr("Regenerate the token"),
            tr("Make a new token for %1? Clients that use the old one are refused from now on.").arg(m_what),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes)
            return false;
    }
    QString error;
    const QString token = exists ? TokenFile(m_path).regenerate(&error) : TokenFile(m_path).ensure(&error);
    if (token.isEmpty()) {
        qCWarning(lcServer).noquote() << "token for" << m_what << ":" << error;
        QMessageBox::warning(this, tr("Token"), tr("Could not write the token: %1.").arg(error));
        return false;
    }
    qCInfo(lcServer).noquote() << "new token for" << m_what << "written to" << m_path;
    reload();
    Q_EMIT regenerated();
    return true;
}

} // namespace mpa
