#pragma once
// The Connection page's list of browsers: every endpoint the engine watches (the first one, from
// the fields above it, marked as such), each with its state, the IDE found on its pages and how
// many pages it has, kept live. Add… asks for another (host:port, or a remote browser service's
// address with its token and header line, which go to the keychain, never to settings.ini),
// Remove takes one away with its keychain entry, Test asks one what answers there. Also where
// new agent tabs open (toolkit/defaultEndpoint).

#include "models/EndpointsModel.h"

#include <QDialog>
#include <QWidget>

#include <optional>

class QCheckBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace mpa {

class EndpointChoice;
class Settings;

// What Add… asks for: the address as typed (a token pasted in it is moved to the token field),
// and for a remote service its token, header line and whether auto-accept may click there.
class EndpointDialog : public QDialog
{
    Q_OBJECT
public:
    using Request = EndpointsModel::AddRequest;

    EndpointDialog(Settings *settings, EndpointsModel *endpoints, const QString &keychainNote,
                   QWidget *parent = nullptr);

    // The request when every field is right, else nullopt with the reason under its field.
    std::optional<Request> check();
    // Something went wrong after the fields were right (the keychain refused).
    void showFailure(const QString &text);

Q_SIGNALS:
    void submitted(const mpa::EndpointDialog::Request &request);

private:
    void addressEdited();
    // Moves a token given in the address's query to the token field.
    void splitToken();
    void showRemoteRows(bool shown);

    Settings *m_settings;
    EndpointsModel *m_endpoints;
    QLineEdit *m_address;
    QLabel *m_addressError;
    QFormLayout *m_form;
    QList<QWidget *> m_remoteRows; // the fields only a remote service has
    QLineEdit *m_token;
    QLineEdit *m_header;
    QLabel *m_headerError;
    QCheckBox *m_autoAccept;
    QLabel *m_failure;
    QPushButton *m_add;
    int m_typedLength = 0;
};

class EndpointsBox : public QWidget
{
    Q_OBJECT
public:
    EndpointsBox(EndpointsModel *endpoints, Settings *appSettings, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    // Opens the Add dialog (not modal for the event loop: it answers through submitted()).
    EndpointDialog *openAddDialog();
    // Removes the endpoint in `row` (never the first) from the settings, from auto-accept's
    // remote list and its secret from the keychain; asks first unless `confirmed`.
    bool removeEndpoint(int row, bool confirmed = false);
    // Tests the endpoint in `row`: a host:port is asked what answers there, a remote service's
    // live state is said.
    void testEndpoint(int row);

    // The state of one endpoint in the window's words.
    static QString stateText(const EndpointsModel::Endpoint &endpoint);

Q_SIGNALS:
    // The answer of a host:port asked by testEndpoint() is shown.
    void testFinished();

private:
    void refresh();
    void refreshButtons();
    void add(EndpointDialog *dialog, const EndpointDialog::Request &request);
    void showTestResult(const CommandResult &result);
    QString entryOfRow(int row) const;
    Settings *settings() const { return m_settings; }

    EndpointsModel *m_endpoints;
    Settings *m_settings;
    QTableWidget *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_test;
    QLabel *m_result;
    EndpointChoice *m_defaultEndpoint;
    bool m_testing = false; // a host:port is being asked
};

} // namespace mpa
