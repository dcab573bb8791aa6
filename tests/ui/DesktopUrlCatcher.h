#pragma once
// The desktop is a boundary: while one of these lives, the URLs of a scheme the app asks the
// desktop to open (QDesktopServices::openUrl) are caught here instead.

#include <QDesktopServices>
#include <QList>
#include <QObject>
#include <QUrl>

namespace mpa::test {

class DesktopUrlCatcher : public QObject
{
    Q_OBJECT
public:
    explicit DesktopUrlCatcher(const QString &scheme)
        : m_scheme(scheme)
    {
        QDesktopServices::setUrlHandler(m_scheme, this, "open");
    }
    ~DesktopUrlCatcher() override { QDesktopServices::unsetUrlHandler(m_scheme); }

    QList<QUrl> opened;

public Q_SLOTS:
    void open(const QUrl &url) { opened.append(url); }

private:
    QString m_scheme;
};

} // namespace mpa::test
