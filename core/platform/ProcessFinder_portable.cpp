// Other systems (BSDs, …): a /proc tree when one is mounted in the Linux layout, otherwise
// an empty process list with an error that says why.
#include "ProcFsProcessFinder.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

class UnsupportedProcessFinder : public ProcessFinder
{
public:
    QList<ProcessInfo> processes(QString *error) const override
    {
        if (error)
            *error = u"listing processes is not supported on this system"_s;
        return {};
    }
    QList<quint16> listeningTcpPorts(qint64, QString *error) const override
    {
        if (error)
            *error = u"listing listening ports is not supported on this system"_s;
        return {};
    }
};

} // namespace

std::unique_ptr<ProcessFinder> ProcessFinder::createDefault()
{
    if (QDir(u"/proc/self/net"_s).exists())
        return std::make_unique<ProcFsProcessFinder>(u"/proc"_s);
    return std::make_unique<UnsupportedProcessFinder>();
}

} // namespace mpa
