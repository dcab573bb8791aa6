#pragma once
// The engine's one-line status ("Connected to 127.0.0.1:9004 · 2 pages · paused"): in English
// for the debug API and the log (Engine::statusLine), in the user's language for the window and
// the tray. The words are marked for lupdate here and translated only when asked for.

#include <QString>
#include <QStringList>

namespace mpa {

class Engine;

enum class StatusWords {
    English, // the API's and the log's
    Translated, // the window's: through the installed translators
};

QString engineStatusLine(const Engine &engine, StatusWords words);
// With several endpoints, one line for each ("127.0.0.1:9222: connected · 3 pages",
// "ws://host:3000/ (token hidden): waiting for the browser"); none with one.
QStringList endpointStatusLines(const Engine &engine, StatusWords words);

} // namespace mpa
