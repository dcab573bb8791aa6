#pragma once
// The HTTP gate a server listens through: on 127.0.0.1 only, whatever anyone configures, since
// the servers behind it drive the user's browser. One gate at a time.

#include "common/HttpRequestGate.h"

#include <QPointer>

namespace mpa {

class LoopbackGate
{
public:
    // A new gate owned by `owner` (closing the one before); nullptr, with *error saying why,
    // when the port cannot be had.
    HttpRequestGate *open(const HttpRequestGate::Limits &limits, quint16 port, QObject *owner,
                          QString *error);
    // Takes no more connections; those still waiting for an answer get it until the gate is
    // deleted from the event loop.
    void close();

    bool isListening() const { return m_gate && m_gate->isListening(); }
    quint16 port() const { return m_gate ? m_gate->serverPort() : 0; }

private:
    QPointer<HttpRequestGate> m_gate;
};

} // namespace mpa
