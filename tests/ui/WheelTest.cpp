// Scrolling a page must never change a setting (every edit saves at once): spin boxes and combo
// boxes take the wheel only when they have the focus. Seen on the Prompt queue page, where one
// notch over "Silent for" turned 30 s into 29 s and scrolling switched "After sending".
#include "UiTest.h"
#include "pages/QueuePage.h"

#include <QApplication>
#include <QComboBox>
#include <QSpinBox>
#include <QWheelEvent>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class WheelTest : public UiTest
{
protected:
    static void wheelDown(QWidget *widget)
    {
        const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
        QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(widget, &event);
    }
};

TEST_F(WheelTest, ScrollingOverAFieldScrollsThePageAndChangesNothing)
{
    QueuePage page(models()->queue(), models()->endpoints(), settings.get());
    page.resize(720, 400); // shorter than the page: it scrolls
    page.show();
    QApplication::setActiveWindow(&page);
    auto *mode = editor<QComboBox>(&page, SettingKey::ScheduleQueueMode);
    auto *silence = editor<QSpinBox>(&page, SettingKey::ScheduleSilenceTimeoutS);
    ASSERT_TRUE(mode && silence);
    const QString modeBefore = settings->stringValue(SettingKey::ScheduleQueueMode);
    const int silenceBefore = settings->intValue(SettingKey::ScheduleSilenceTimeoutS);

    for (int notch = 0; notch < 3; ++notch) {
        wheelDown(mode);
        wheelDown(silence);
    }
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleQueueMode), modeBefore);
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), silenceBefore);
    EXPECT_FALSE(silence->hasFocus()) << "the wheel gives no focus";

    // Focused (clicked or tabbed into), the field takes the wheel as before.
    silence->setFocus();
    ASSERT_TRUE(silence->hasFocus());
    wheelDown(silence);
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), silenceBefore - 1);
}

} // namespace
