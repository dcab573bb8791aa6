#include "HttpStatus.h"

namespace mpa {

int httpStatus(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::None:
        return 200;
    case ErrorKind::BadInput:
        return 400;
    case ErrorKind::Refused:
        return 403;
    case ErrorKind::NotFound:
        return 404;
    case ErrorKind::Expired:
        return 408;
    case ErrorKind::Conflict:
        return 409;
    case ErrorKind::TooLarge:
        return 413;
    case ErrorKind::Unusable:
        return 422;
    case ErrorKind::Internal:
        return 500;
    case ErrorKind::Upstream:
        return 502;
    case ErrorKind::Unavailable:
        return 503;
    case ErrorKind::Timeout:
        return 504;
    case ErrorKind::Full:
        return 507;
    }
    return 500;
}

int httpStatus(const CommandResult &result)
{
    if (result.ok)
        return 200;
    // A failure put together by hand without a kind is still no success.
    return result.kind == ErrorKind::None ? 500 : httpStatus(result.kind);
}

} // namespace mpa
