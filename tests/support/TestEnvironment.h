#pragma once
// The suite's environment: Qt application object, QStandardPaths test mode, a fresh temporary
// config dir for every test, and the paths of the sources, fixtures and built app.

#include <QString>

class QCoreApplication;

namespace mpa::test {

// The current test's own empty config dir (created before the test, removed after it).
QString configDir();
// A fresh temporary folder that lives as long as the current test.
QString tempDir();
QString fixturesDir();
QString appBinary();
QString sourceDir();
QString buildDir();
// Where UI tests save their screenshots (build/<preset>/screenshots).
QString screenshotDir();

// Runs every test inside the application's event loop and returns the exit code.
int runAllTests(QCoreApplication &app);

} // namespace mpa::test
