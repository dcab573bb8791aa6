// multi-purpose-agent: parses the command line and wires the engine to a tray app or to a
// headless run. Behaviour lives in mpa_core, the window and tray in mpa_ui.

#include "AppRuntime.h"
#include "CommandLine.h"
#include "ExtensionImportDialog.h"
#include "MainWindow.h"
#include "Subcommands.h"
#include "Theme.h"
#include "TrayController.h"
#include "UiTranslator.h"
#include "engine/Engine.h"
#include "platform/Display.h"

#include <QApplication>
#include <QCoreApplication>
#include <QTimer>

#include <cstdio>
#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

void setApplicationIdentity()
{
    QCoreApplication::setApplicationName(u"multi-purpose-agent"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(MPA_VERSION));
    QCoreApplication::setOrganizationDomain(u"mpagent.org"_s);
}

} // namespace mpa

namespace {

QStringList rawArguments(int argc, char **argv)
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args.append(QString::fromLocal8Bit(argv[i]));
    return args;
}

// A GUI can run: a desktop session, or a Qt platform plugin chosen on purpose (offscreen).
bool hasDisplay()
{
    return mpa::Display::desktopAvailable() || qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
}

int runHeadless(int argc, char **argv, const mpa::AppOptions &options)
{
    QCoreApplication app(argc, argv);
    mpa::setApplicationIdentity();
    mpa::AppRuntime runtime(options);
    if (const int code = runtime.prepare(); code >= 0)
        return code;
    QObject::connect(&runtime, &mpa::AppRuntime::quitRequested, &app, &QCoreApplication::exit);
    runtime.start();
    const int code = app.exec();
    runtime.shutdown();
    std::printf("%s\n", qPrintable(runtime.summaryLine()));
    std::fflush(stdout);
    return code;
}

int runTray(int argc, char **argv, const mpa::AppOptions &options)
{
    QApplication app(argc, argv);
    mpa::setApplicationIdentity();
    app.setQuitOnLastWindowClosed(false);
    // Before any window: every tr() from here on speaks the user's language.
    mpa::UiTranslator translator;
    translator.load(mpa::UiTranslator::chosenLocale());
    mpa::AppRuntime runtime(options);
    if (const int code = runtime.prepare(); code >= 0)
        return code;
    QObject::connect(&runtime, &mpa::AppRuntime::quitRequested, &app, &QCoreApplication::exit);

    std::unique_ptr<mpa::MainWindow> window;
    std::unique_ptr<mpa::TrayController> tray;
    auto buildUi = [&] {
        // Light, dark or the desktop's (ui/theme), before the first widget, and live after.
        mpa::Theme::follow(runtime.engine()->settings());
        window = std::make_unique<mpa::MainWindow>(runtime.engine());
        tray = std::make_unique<mpa::TrayController>(runtime.engine(), window.get());
        QObject::connect(tray.get(), &mpa::TrayController::quitRequested, &app, [&app] { app.exit(0); });
        QObject::connect(window.get(), &mpa::MainWindow::quitRequested, &app, [&app] { app.exit(0); });
        window->setDemoStarter([&runtime](QString *error) { return runtime.restartInDemo(error); },
                               runtime.isDemo());
        const bool trayShown = tray->start();
        if (trayShown && options.show)
            window->showAndRaise();
        // Once: the VS Code extension's settings, when the user's IDEs hold them.
        QTimer::singleShot(0, window.get(), [&window, &runtime] {
            if (mpa::ExtensionImportDialog::offerOnFirstStart(runtime.engine(), window.get()))
                window->showAndRaise();
        });
    };
    QObject::connect(&runtime, &mpa::AppRuntime::showWindowRequested, &app, [&window] {
        if (window)
            window->showAndRaise();
    });
    QObject::connect(&runtime, &mpa::AppRuntime::standbyChanged, &app, [&](bool standingBy) {
        if (!standingBy && !window)
            buildUi();
    });
    runtime.start();
    if (!runtime.isStandingBy())
        buildUi();
    const int code = app.exec();
    tray.reset();
    window.reset();
    runtime.shutdown();
    return code;
}

} // namespace

int main(int argc, char **argv)
{
    mpa::ParseResult parsed = mpa::CommandLine::parse(rawArguments(argc, argv));
    if (!parsed.error.isEmpty()) {
        std::fprintf(stderr, "multi-purpose-agent: %s\nTry 'multi-purpose-agent --help'.\n",
                     qPrintable(parsed.error));
        return 2;
    }
    mpa::AppOptions &options = parsed.options;
    if (options.help) {
        std::printf("%s", qPrintable(mpa::CommandLine::helpText()));
        return 0;
    }
    if (options.version) {
        std::printf("%s\n", qPrintable(mpa::CommandLine::versionText()));
        return 0;
    }
    if (options.mode == mpa::AppOptions::Mode::Mcp)
        return mpa::runMcp(argc, argv, options);
    if (options.mode == mpa::AppOptions::Mode::Ctl)
        return mpa::runCtl(argc, argv, options);
    if (options.mode == mpa::AppOptions::Mode::Run)
        return mpa::runTask(argc, argv, options);
    if (options.mode == mpa::AppOptions::Mode::Tray && !hasDisplay()) {
        options.mode = mpa::AppOptions::Mode::Headless;
        options.headlessFallback = true;
    }
    if (options.mode == mpa::AppOptions::Mode::Headless)
        return runHeadless(argc, argv, options);
    return runTray(argc, argv, options);
}
