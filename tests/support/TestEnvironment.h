#pragma once
// The suite's environment: Qt application object, QStandardPaths test mode, a fresh temporary
// config dir for every test, and the paths of the sources, fixtures and built app.

#include <QByteArray>
#include <QJsonArray>
#include <QString>
#include <QtGlobal>

class QCoreApplication;

namespace mpa::test {

// The current test's own empty config dir (created before the test, removed after it).
QString configDir();
// A fresh temporary folder that lives as long as the current test.
QString tempDir();
QString fixturesDir();
// The content of a file under tests/fixtures (empty, with a test failure, when it cannot be read).
QByteArray readFixture(const QString &path);
// Writes `content` to `path`, creating its folders (a test failure when it cannot).
void writeFile(const QString &path, const QByteArray &content);
// The same for text, as UTF-8.
void writeTextFile(const QString &path, const QString &text);
// A loopback TCP port that nothing listens on at the moment of the call.
quint16 freePort();
// The ban list's shared corpus (tests/fixtures/ban-corpus.json: {command, verdict, why} cases)
// that the app's check and the page script's are both held to.
// The corpus both halves of the ban check are held to (tests/fixtures/ban-corpus.json).
QJsonArray banCorpus(const QString &name = QStringLiteral("ban-corpus.json"));
QString appBinary();
QString sourceDir();
QString buildDir();
// Where UI tests save their screenshots (build/<preset>/screenshots).
QString screenshotDir();

// Runs every test inside the application's event loop and returns the exit code.
int runAllTests(QCoreApplication &app);

} // namespace mpa::test
