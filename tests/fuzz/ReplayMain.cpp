// Replays a fuzz target's saved inputs in an ordinary build: each file of each folder given
// (tests/fuzz/regressions/<target>, tests/fuzz/corpus/<target>) is fed once to the target's
// LLVMFuzzerTestOneInput, as libFuzzer would. A crash or sanitizer report fails the test; the
// file being fed is printed first so the failure names it. A folder that does not exist is
// skipped; finding no input at all fails.
#include "FuzzSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FOLDER…  (feeds every file of each folder to the target)\n", argv[0]);
        return 2;
    }
    mpa::fuzz::quietQt();
    QElapsedTimer timer;
    timer.start();
    int fed = 0;
    for (int i = 1; i < argc; ++i) {
        const QDir folder(QString::fromLocal8Bit(argv[i]));
        if (!folder.exists())
            continue; // a target with no regression inputs (yet) has no folder for them
        const QStringList names = folder.entryList(QDir::Files | QDir::Hidden, QDir::Name);
        for (const QString &name : names) {
            QFile file(folder.filePath(name));
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "%s: cannot be read: %s\n", qPrintable(file.fileName()),
                             qPrintable(file.errorString()));
                return 1;
            }
            const QByteArray input = file.readAll();
            std::fprintf(stderr, "%s\n", qPrintable(file.fileName()));
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.constData()),
                                   size_t(input.size()));
            ++fed;
        }
    }
    if (fed == 0) {
        std::fprintf(stderr, "no inputs found: a replay that feeds nothing proves nothing\n");
        return 1;
    }
    std::printf("%d inputs replayed in %lld ms\n", fed, static_cast<long long>(timer.elapsed()));
    return 0;
}
