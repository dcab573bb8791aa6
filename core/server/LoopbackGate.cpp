#include "LoopbackGate.h"

#include <QHostAddress>

using namespace Qt::StringLiterals;

namespace mpa {

HttpRequestGate *LoopbackGate::open(const HttpRequestGate::Limits &limits, quint16 port, QObject *owner,
                                    QString *error)
{
    close();
    auto *gate = new HttpRequestGate(limits, owner);
    if (!gate->listen(QHostAddress::LocalHost, port)) {
        if (error)
            *error = u"cannot listen on 127.0.0.1:%1: %2"_s.arg(port).arg(gate->errorString());
        delete gate;
        return nullptr;
    }
    m_gate = gate;
    return gate;
}

void LoopbackGate::close()
{
    if (!m_gate)
        return;
    m_gate->close();
    m_gate->deleteLater();
    m_gate = nullptr;
}

} // namespace mpa
