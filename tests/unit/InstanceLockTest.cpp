#include "platform/InstanceLock.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

TEST(InstanceLockTest, SecondHolderOfTheSameFolderIsRefused)
{
    InstanceLock first(test::configDir());
    ASSERT_EQ(first.tryAcquire(), InstanceLock::Result::Acquired);
    InstanceLock second(test::configDir());
    EXPECT_EQ(second.tryAcquire(), InstanceLock::Result::HeldByOther);
    EXPECT_EQ(second.holderPid(), QCoreApplication::applicationPid());

    InstanceLock elsewhere(test::tempDir());
    EXPECT_EQ(elsewhere.tryAcquire(), InstanceLock::Result::Acquired);
}

TEST(InstanceLockTest, ArgumentsAreForwardedToTheHolder)
{
    InstanceLock holder(test::configDir());
    ASSERT_EQ(holder.tryAcquire(), InstanceLock::Result::Acquired);
    QSignalSpy received(&holder, &InstanceLock::argumentsReceived);

    // forwardArguments() blocks, so the holder must answer from another thread's view:
    // run the client in a thread while this one serves.
    bool acknowledged = false;
    QThread *client = QThread::create([&] {
        InstanceLock other(test::configDir());
        acknowledged = other.forwardArguments({ u"--show"_s, u"--verbose"_s }, 5000);
    });
    client->start();
    ASSERT_TRUE(test::waitUntil([&] { return client->isFinished(); }));
    delete client;
    EXPECT_TRUE(acknowledged);
    ASSERT_EQ(received.count(), 1);
    EXPECT_EQ(received.at(0).at(0).toStringList(), (QStringList { u"--show"_s, u"--verbose"_s }));
}

TEST(InstanceLockTest, StandbyTakesOverWhenTheHolderReleases)
{
    auto holder = std::make_unique<InstanceLock>(test::configDir());
    ASSERT_EQ(holder->tryAcquire(), InstanceLock::Result::Acquired);
    InstanceLock standby(test::configDir());
    ASSERT_EQ(standby.tryAcquire(), InstanceLock::Result::HeldByOther);
    QSignalSpy acquired(&standby, &InstanceLock::acquired);
    standby.waitForTakeover();
    EXPECT_EQ(acquired.count(), 0);
    holder.reset();
    ASSERT_TRUE(test::waitUntil([&] { return acquired.count() == 1; }, std::chrono::seconds(5)));
    EXPECT_TRUE(standby.isHeld());
}

} // namespace
