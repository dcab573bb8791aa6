#include "ThisProcess.h"

#include <QElapsedTimer>

namespace mpa::ThisProcess {

qint64 msSinceFirstCall()
{
    static QElapsedTimer sinceFirstCall = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return sinceFirstCall.elapsed();
}

} // namespace mpa::ThisProcess
