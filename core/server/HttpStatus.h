#pragma once
// The one place where the app's failures become HTTP statuses: the debug API answers a
// command's failure with the status of its kind. The table is the wire contract of README
// "Debug API" (400 bad request or params, 403 refused, 404 unknown, 409 not possible now, …);
// nothing outside core/server speaks statuses.

#include "common/CommandResult.h"

namespace mpa {

// 200 for a success, else the status of the failure's kind (500 for a failure without one).
int httpStatus(const CommandResult &result);
int httpStatus(ErrorKind kind);

} // namespace mpa
