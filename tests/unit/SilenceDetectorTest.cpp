// When a queue step's agent counts as silent: on times given by hand, no clock, no chat.
#include "scheduler/SilenceDetector.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace mpa;

namespace {

ChatObservation seen(int replies, qint64 length, bool generating = false)
{
    ChatObservation o;
    o.ok = true;
    o.replyCount = replies;
    o.replyLength = length;
    o.replyDigest = QString::number(length);
    o.generating = generating;
    return o;
}

TEST(SilenceDetectorTest, TheWindowOpensNoSoonerThanTheSettlingTimeAfterTheSend)
{
    SilenceDetector silence(10s);
    silence.start(1000);
    silence.observe(seen(1, 10), 2000);
    EXPECT_FALSE(silence.isSilent(1000 + 5000, 5s)) << "5 s after the send: still settling";
    EXPECT_FALSE(silence.isSilent(1000 + 14999, 5s));
    EXPECT_TRUE(silence.isSilent(1000 + 15000, 5s));
}

TEST(SilenceDetectorTest, AGrowingReplyOrAGeneratingIndicatorIsActivity)
{
    SilenceDetector silence(0s);
    silence.start(0);
    silence.observe(seen(1, 10), 1000);
    silence.observe(seen(1, 25), 20000); // the reply grew
    EXPECT_FALSE(silence.isSilent(29999, 10s));
    EXPECT_TRUE(silence.isSilent(30000, 10s));
    silence.observe(seen(1, 25, true), 40000); // generating, same text
    EXPECT_FALSE(silence.isSilent(45000, 10s));
    silence.noteActivity(60000);
    EXPECT_EQ(silence.quietSince(), 60000);
}

TEST(SilenceDetectorTest, WhatCannotBeSeenIsNotSilenceAndTheProblemIsSaidOnce)
{
    SilenceDetector silence(0s);
    silence.start(0);
    ChatObservation blind;
    blind.error = u"the chat's page is gone"_s;
    EXPECT_EQ(silence.observe(blind, 1000), std::optional<QString>(u"the chat's page is gone"_s));
    EXPECT_EQ(silence.observe(blind, 50000), std::nullopt) << "said once";
    EXPECT_FALSE(silence.isSilent(55000, 10s));
    EXPECT_EQ(silence.problem(), u"the chat's page is gone"_s);
    silence.observe(seen(1, 10), 56000);
    EXPECT_TRUE(silence.seenAgain());
    EXPECT_TRUE(silence.problem().isEmpty());
    silence.start(70000);
    EXPECT_FALSE(silence.seenAgain());
}

} // namespace
