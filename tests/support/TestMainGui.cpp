// Test main for widget suites (run with QT_QPA_PLATFORM=offscreen).
#include "TestEnvironment.h"

#include <QApplication>

#include <gtest/gtest.h>

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("mpa-ui-tests"));
    // As in the app: closing the last window (a dialog, a page shown on its own) must not end
    // the event loop the tests run in.
    QApplication::setQuitOnLastWindowClosed(false);
    return mpa::test::runAllTests(app);
}
