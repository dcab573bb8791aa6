#include "ProcFsProcessFinder.h"

namespace mpa {

std::unique_ptr<ProcessFinder> ProcessFinder::createDefault()
{
    return std::make_unique<ProcFsProcessFinder>(QStringLiteral("/proc"));
}

} // namespace mpa
