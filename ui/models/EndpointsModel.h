#pragma once
// The browsers (CDP endpoints) the engine watches, as the window shows them: their names for the
// choices of one, and for the Connection page's list each one's state, pages and IDE as plain
// data, with adding, removing and testing one. Models (ui/models/Models.h) builds it over the
// engine's CdpEndpoint (ui/models/CdpEndpointsModel.h); tests give a fake.

#include "common/CommandResult.h"

#include <QObject>
#include <QStringList>

namespace mpa {

class EndpointsModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // A watched endpoint, or an entry of cdp/endpoints the engine has not taken up yet.
    struct Endpoint
    {
        enum class State { Starting, Connecting, Connected, Retrying, Stopped };

        QString name; // host:port, or a service's address without its secrets
        QString entry; // as cdp/endpoints holds it; empty for the first (cdp/host, cdp/port)
        bool first = false;
        bool remote = false; // a remote browser service
        // A remote service listed in autoAccept/remoteEndpoints (auto-accept clicks there).
        bool autoAccepted = false;
        State state = State::Starting; // Starting: not taken up yet (its keychain entry is read)
        QString duplicateOf; // the endpoint it reaches the same browser through
        bool refusedForGood = false; // it stopped for good (lastError says why)
        QString lastError; // core's English; empty when none
        QString browserVersion; // while connected
        int pages = 0;
        QStringList ides; // the IDE profiles (core's English names) of the agent panels on its pages
    };
    // What Add… hands on (EndpointDialog): the entry, and a remote service's secrets.
    struct AddRequest
    {
        QString entry; // as cdp/endpoints holds it: no query, no user, no password
        QString name; // the endpoint's name (nameOf), which keys its secret
        bool remote = false;
        QString query; // "token=…", or the query pasted
        QString header; // "Authorization: Bearer …"
        bool autoAccept = false; // list it in autoAccept/remoteEndpoints
    };

    // Every watched endpoint by name ("127.0.0.1:9222"), in the settings' order.
    virtual QStringList names() const = 0;
    // The first, then the others in the settings' order, then the entries not taken up yet.
    virtual QList<Endpoint> endpoints() const = 0;
    // The name an entry of cdp/endpoints is known by, as the engine names it; the entry itself
    // when it cannot be read.
    virtual QString nameOf(const QString &entry) const = 0;
    // Why the keychain cannot keep a token (core's English); empty when it can, or there is none.
    virtual QString keychainProblem() const = 0;

    // Keeps a remote service's secret in the keychain (for this session only when the keychain is
    // not available), then adds the entry to cdp/endpoints and, when asked, to
    // autoAccept/remoteEndpoints. `done` (only while `context` lives; nothing is saved after it
    // is gone) gets {"sessionOnly": why the keychain could not keep it} or why not: Refused when
    // the keychain refused the secret, BadInput when the settings refused the entry.
    virtual void add(const AddRequest &request, QObject *context, CommandReply done) = 0;
    // Takes the entry away from cdp/endpoints and autoAccept/remoteEndpoints, and a remote
    // service's secret from the keychain; false with `error` when the settings refused.
    // `secretRemoved` gets the keychain's answer (called only when a secret was asked to go).
    virtual bool remove(const QString &entry, QString *error, CommandReply secretRemoved) = 0;
    // Asks the host:port endpoint `name` what answers there: {browser, address, targets} or why
    // not.
    virtual void test(const QString &name, CommandReply done) = 0;

Q_SIGNALS:
    // An endpoint was added or removed.
    void changed();
    // What endpoints() says changed (a state, the pages, an IDE found, the settings' lists).
    void stateChanged();
};

} // namespace mpa
