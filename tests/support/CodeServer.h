#pragma once
// A real VS Code workbench for tests: npm code-server (installed by scripts/test, see
// mpa_install_code_server in scripts/lib/common.sh; its entry point in MPA_CODE_SERVER) on
// 127.0.0.1 with its own user-data and extensions folders, serving one folder. Stopped with the
// object.

#include <QProcess>
#include <QString>
#include <QUrl>

namespace mpa {
class CdpSession;
}

namespace mpa::test {

// Presses and releases a key in the workbench's `page` as the user would (CDP key events):
// `key` and `code` as KeyboardEvent names them, `keyCode` its Windows key code, `modifiers` CDP's
// bit field (2: Ctrl).
void pressKey(CdpSession *page, const QString &key, const QString &code, int keyCode, int modifiers = 0);

class CodeServer
{
public:
    CodeServer();
    ~CodeServer();

    // Starts it on `folder` and waits until it answers; false with error() when it cannot.
    bool start(const QString &folder);
    QUrl url() const; // the workbench on `folder`
    QString error() const { return m_error; }
    QString output() const { return m_output; }

private:
    QProcess m_process;
    quint16 m_port = 0;
    QString m_folder;
    QString m_error;
    QString m_output;
};

} // namespace mpa::test
