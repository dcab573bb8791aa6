#pragma once
// What the scheduler's tests (SchedulerTest, QueueRunnerTest) start from: settings in the
// test's config dir in queue mode with the 30 s silence rule, and a fake clock at
// 2024-03-30 10:00 in the zone the test asks for.

#include "FakeClock.h"
#include "TestEnvironment.h"
#include "settings/Settings.h"

#include <QDir>
#include <QTimeZone>

#include <gtest/gtest.h>

#include <memory>

namespace mpa::test {

class ScheduleTestBase : public ::testing::Test
{
protected:
    void startSettingsAndClock(const QTimeZone &zone)
    {
        dir = configDir();
        settings = std::make_unique<Settings>(QDir(dir).filePath(QStringLiteral("settings.ini")));
        set(SettingKey::ScheduleMode, QStringLiteral("queue"));
        set(SettingKey::ScheduleSilenceTimeoutS, 30);
        clock = std::make_unique<FakeClock>(QDateTime(QDate(2024, 3, 30), QTime(10, 0), zone), zone);
    }

    void set(SettingKey key, const QVariant &value)
    {
        QString error;
        ASSERT_TRUE(settings->setValue(key, value, &error)) << error.toStdString();
    }

    QString dir;
    std::unique_ptr<Settings> settings;
    std::unique_ptr<FakeClock> clock;
};

} // namespace mpa::test
