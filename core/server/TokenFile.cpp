#include "TokenFile.h"

#include "common/Refuse.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "platform/ThisProcess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace mpa {

TokenFile::TokenFile(QString path)
    : m_path(std::move(path))
{
}

QString TokenFile::generate()
{
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(bytes.begin(), bytes.end());
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

bool TokenFile::matches(const QString &expected, const QString &presented)
{
    if (expected.isEmpty())
        return false;
    const QByteArray a = expected.toUtf8();
    const QByteArray b = presented.toUtf8();
    // Length differences still walk the whole expected token.
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a.at(i) ^ (i < b.size() ? b.at(i) : 0));
    return diff == 0;
}

QString TokenFile::read() const
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

bool TokenFile::trusted(QString *error) const
{
    const QFileInfo info(m_path);
    if (info.isSymLink())
        return refuse(error, u"it is a link (to %1), not a file of its own"_s.arg(info.symLinkTarget()));
    if (!info.exists())
        return true;
    const std::optional<uint> me = ThisProcess::userId();
    if (me && info.ownerId() != *me)
        return refuse(error, u"it belongs to another user (uid %1)"_s.arg(info.ownerId()));
    if (info.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther))
        return refuse(error,
                      u"other users could read or change it (mode %1)"_s.arg(
                          QString::number(int(info.permissions() & 0x0777), 16)));
    const QString token = read();
    if (!token.isEmpty() && token.size() < kMinimumLength)
        return refuse(error,
                      u"it is too short to be safe (%1 characters; at least %2)"_s.arg(token.size())
                          .arg(kMinimumLength));
    return true;
}

QString TokenFile::ensure(QString *error, QString *replaced) const
{
    QString why;
    if (trusted(&why)) {
        QString existing = read();
        if (!existing.isEmpty())
            return existing;
        return regenerate(error);
    }
    // The old token may be known to someone else: it is never used again.
    if (replaced)
        *replaced = why;
    if (QFileInfo(m_path).isSymLink())
        QFile::remove(m_path); // the link goes; what it points at is never written
    QString failed;
    QString token = regenerate(&failed);
    // The log says what happened, not what was meant to: a file of another user's may not be
    // replaceable at all.
    if (token.isEmpty()) {
        qCWarning(lcServer).noquote() << u"%1: %2; no new token could be made (%3), so the server stays off "
                                         "until the file is removed or made yours"_s.arg(m_path, why, failed);
        if (error)
            *error = failed;
        return {};
    }
    qCWarning(lcServer).noquote() << u"%1: %2; a new token was made (clients need the new one)"_s.arg(m_path,
                                                                                                      why);
    return token;
}

QString TokenFile::regenerate(QString *error) const
{
    QString token = generate();
    if (!write(token, error))
        return {};
    return token;
}

bool TokenFile::write(const QString &token, QString *error) const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    // The temporary file gets the mode before the secret goes in.
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    file.write(token.toUtf8() + '\n');
    if (!file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    return true;
}

} // namespace mpa
