#pragma once
// What every fuzz target shares: the input as Qt types, and a quiet Qt (a parser that logs a
// warning per bad input would spend the run writing to stderr). A target is one function,
// LLVMFuzzerTestOneInput, built twice: against libFuzzer (scripts/fuzz, clang) and against
// ReplayMain.cpp (the ci preset's replay test, any compiler).

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <cstddef>
#include <cstdint>

namespace mpa::fuzz {

inline void quietQt()
{
    static const bool done = [] {
        qInstallMessageHandler([](QtMsgType, const QMessageLogContext &, const QString &) {});
        return true;
    }();
    (void)done;
}

// The bytes as they are (no copy beyond QByteArray's own).
inline QByteArray bytes(const uint8_t *data, size_t size)
{
    quietQt();
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

inline QString text(const uint8_t *data, size_t size)
{
    return QString::fromUtf8(bytes(data, size));
}

} // namespace mpa::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
