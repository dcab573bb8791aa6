#pragma once
// Help ▸ About: what this is, its version and the Qt it runs on, the licence, where to read
// more and report a problem, and where its settings and data live.

#include <QDialog>

class QLabel;

namespace mpa {

class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    AboutDialog(const QString &configDir, const QString &logDir, QWidget *parent = nullptr);
    QString text() const;

private:
    QLabel *m_text;
};

} // namespace mpa
