#pragma once
// For tests of calls that follow the synchronous error convention (bool, QString *error): the
// sentence a call refuses with, and a test failure when it does not refuse.

#include <QString>

#include <gtest/gtest.h>

#include <functional>

namespace mpa::test {

inline QString refusalOf(const std::function<bool(QString *error)> &call)
{
    QString error;
    EXPECT_FALSE(call(&error)) << "it was expected to refuse";
    EXPECT_FALSE(error.isEmpty()) << "a refusal names what was wrong";
    return error;
}

} // namespace mpa::test
