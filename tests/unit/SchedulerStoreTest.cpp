// The scheduler's three files, with real files in a temp dir: what is saved is read back, and a
// corrupt one is moved aside with a sentence for the user while the others still load.
#include "scheduler/SchedulerStore.h"

#include "TestEnvironment.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

TEST(SchedulerStoreTest, WhatIsSavedIsLoadedAndACorruptFileIsMovedAsideAlone)
{
    const QString dir = tempDir();
    SchedulerStore store(dir);
    PromptQueue queue;
    QueueItem item;
    item.text = u"first task"_s;
    queue.items.append(item);
    ASSERT_TRUE(store.saveQueue(queue));
    ASSERT_TRUE(store.saveStats({ { u"promptsSent"_s, 3 } }));
    {
        QFile history(QDir(dir).filePath(SchedulerStore::historyFileName()));
        ASSERT_TRUE(history.open(QIODevice::WriteOnly));
        history.write("{ not json");
    }
    const SchedulerStore::Loaded loaded = store.load();
    EXPECT_TRUE(loaded.queueExisted);
    ASSERT_EQ(loaded.queue.items.size(), 1);
    EXPECT_EQ(loaded.queue.items.first().text, u"first task"_s);
    EXPECT_EQ(loaded.stats.value(u"promptsSent"_s).toInt(), 3);
    EXPECT_TRUE(loaded.history.isEmpty());
    ASSERT_EQ(loaded.notices.size(), 1);
    EXPECT_TRUE(loaded.notices.first().contains(SchedulerStore::historyFileName()))
        << loaded.notices.first().toStdString();
    EXPECT_TRUE(loaded.notices.first().contains(u"moved to"_s));
    EXPECT_EQ(QDir(dir).entryList({ u"history.json.corrupt-*"_s }).size(), 1);
}

TEST(SchedulerStoreTest, NothingSavedYetIsAnEmptyStartWithoutNotices)
{
    const SchedulerStore::Loaded loaded = SchedulerStore(tempDir()).load();
    EXPECT_FALSE(loaded.queueExisted);
    EXPECT_TRUE(loaded.queue.items.isEmpty());
    EXPECT_TRUE(loaded.notices.isEmpty());
}

} // namespace
