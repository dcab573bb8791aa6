// The one mapping of the app's failures to HTTP statuses (server/HttpStatus): every kind has the
// status the debug API answered before kinds existed (README "Debug API", "Errors"), and no
// failure is answered 200.
#include "server/HttpStatus.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

TEST(HttpStatusTest, EveryKindHasTheStatusOfTheWireContract)
{
    const std::pair<ErrorKind, int> table[] = {
        { ErrorKind::BadInput, 400 }, { ErrorKind::Refused, 403 },     { ErrorKind::NotFound, 404 },
        { ErrorKind::Expired, 408 },  { ErrorKind::Conflict, 409 },    { ErrorKind::TooLarge, 413 },
        { ErrorKind::Unusable, 422 }, { ErrorKind::Internal, 500 },    { ErrorKind::Upstream, 502 },
        { ErrorKind::Timeout, 504 },  { ErrorKind::Unavailable, 503 }, { ErrorKind::Full, 507 },
    };
    for (const auto &[kind, status] : table) {
        EXPECT_EQ(httpStatus(kind), status) << int(kind);
        EXPECT_EQ(httpStatus(CommandResult::failure(u"why"_s, kind)), status) << int(kind);
    }
    EXPECT_EQ(std::size(table), size_t(ErrorKind::Internal)) << "every kind but None is in the table";
}

TEST(HttpStatusTest, ASuccessIs200AndAFailureNever)
{
    EXPECT_EQ(httpStatus(CommandResult::success()), 200);
    EXPECT_EQ(CommandResult::success().kind, ErrorKind::None);
    EXPECT_EQ(httpStatus(CommandResult::failure(u"why"_s)), 400) << "BadInput is the default";
    EXPECT_EQ(CommandResult::failure(u"why"_s, ErrorKind::None).kind, ErrorKind::Internal);
    CommandResult byHand;
    byHand.ok = false;
    byHand.error = u"why"_s;
    EXPECT_EQ(httpStatus(byHand), 500);
}

TEST(HttpStatusTest, TheWireCarriesNoKind)
{
    const QJsonObject json = CommandResult::failure(u"the tab closed"_s, ErrorKind::Conflict).toJson();
    EXPECT_EQ(json, (QJsonObject { { u"success"_s, false }, { u"error"_s, u"the tab closed"_s } }));
}
