#pragma once
// What the widget tests share: a fresh config dir with real settings and an engine, XDG folders
// of its own, and helpers to find a setting's field, type into editors the way a user does,
// answer the next dialog, and save a screenshot.

#include "ScopedEnv.h"
#include "SettingField.h"
#include "TestEnvironment.h"
#include "UiTranslator.h"
#include "engine/Engine.h"
#include "models/Models.h"
#include "settings/Settings.h"

#include <QPointer>
#include <QWidget>

#include <gtest/gtest.h>

#include <memory>

class QAbstractButton;
class QLineEdit;
class QPlainTextEdit;
class QUrl;

namespace mpa {
class LocalWebServer;
}

namespace mpa::test {

class HeadlessChromium;

class UiTest : public ::testing::Test
{
protected:
    void SetUp() override;
    void TearDown() override;

    // The field bound to `key` under `root`.
    static SettingField *field(const QWidget *root, SettingKey key);
    template<typename Editor> static Editor *editor(const QWidget *root, SettingKey key)
    {
        SettingField *f = field(root, key);
        return f ? qobject_cast<Editor *>(f->editor()) : nullptr;
    }

    // Replaces the text the way a user does (select all, type), without pressing Enter.
    static void typeInto(QLineEdit *edit, const QString &text);
    static void typeInto(QPlainTextEdit *edit, const QString &text);
    static void pressEnter(QWidget *widget);
    // Clicks the button whose text contains `buttonText` in the next modal dialog (message
    // boxes opened with exec()); `seen` receives the dialog's text.
    static void answerNextDialog(const QString &buttonText, QString *seen = nullptr);
    // Clicks `button`, which opens a modal dialog, answers it with the button whose text contains
    // `answer`, and returns what the dialog said.
    static QString clickAndAnswer(QAbstractButton *button, const QString &answer);
    // Saves `widget` as build/<preset>/screenshots/<name>.png.
    static void screenshot(QWidget *widget, const QString &name);

    // Starts the engine on `browser` and waits until it is connected.
    ::testing::AssertionResult startEngineOn(const HeadlessChromium &browser);
    // Serves tests/fixtures from `site` on a loopback port.
    static ::testing::AssertionResult serveFixtures(LocalWebServer &site);
    // Starts `browser`, serves the fixtures from `site` and turns auto-accept on, clicking at
    // once (no wait for the user's idle time): how a test that watches it at work begins.
    ::testing::AssertionResult autoAcceptOnFixtures(HeadlessChromium &browser, LocalWebServer &site);
    // Opens `url` as a new page in the engine's browser; its target id (empty when it could not).
    QString openPage(const QUrl &url);

    // The pages' models over `engine`, as the window builds them (made on first use, and again
    // for a new engine).
    Models *models();

    QString xdgConfigHome, xdgDataHome, xdgDataDirs;
    std::unique_ptr<Settings> settings;
    std::unique_ptr<Engine> engine;

private:
    std::unique_ptr<Models> m_models;
    QPointer<Engine> m_modelsEngine;
    std::unique_ptr<ScopedEnv> m_config, m_data, m_dirs;
    std::unique_ptr<UiTranslator> m_english;
};

} // namespace mpa::test
