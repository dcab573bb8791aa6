#pragma once
// A server's secret token as the settings window shows it: hidden until asked, copied to the
// clipboard, regenerated after a confirmation. The token lives in its own file (TokenFile,
// mode 0600), never in the settings.

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace mpa {

class TokenBox : public QWidget
{
    Q_OBJECT
public:
    // `what` names the server in sentences ("the debug API").
    TokenBox(const QString &path, const QString &what, QWidget *parent = nullptr);

    QString path() const { return m_path; }
    bool isRevealed() const;
    void setRevealed(bool revealed);
    void copyToClipboard();
    // Asks first unless `confirmed`; returns whether a new token was written.
    bool regenerate(bool confirmed = false);
    // Reads the file again (another part of the app may have created it).
    void reload();

Q_SIGNALS:
    void regenerated();

private:
    QString m_path;
    QString m_what;
    QLineEdit *m_field;
    QPushButton *m_reveal;
    QPushButton *m_copy;
    QPushButton *m_regenerate;
    QLabel *m_info;
};

} // namespace mpa
