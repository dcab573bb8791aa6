#include "ProcessGroup.h"

#include <QProcess>

// Without process groups the child itself is all we can reach; QProcess::kill() in the
// caller does the work, so these report nothing more to do.
namespace mpa::ProcessGroup {

void makeLeader(QProcess &) { }

bool signal(qint64, Signal)
{
    return false;
}

bool isAlive(qint64)
{
    return false;
}

} // namespace mpa::ProcessGroup
