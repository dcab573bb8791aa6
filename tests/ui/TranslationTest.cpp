// The window in the user's language: the German catalogue is embedded and loads from a locale,
// the C locale and a language without a catalogue show English, and every string lupdate finds
// in the sources has a German translation with the same placeholders.
#include "AboutDialog.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "ScopedEnv.h"
#include "SettingsPage.h"
#include "TestEnvironment.h"
#include "TrayController.h"
#include "UiTest.h"
#include "UiTranslator.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMetaEnum>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <set>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class TranslationTest : public UiTest
{
protected:
    // Every page of a window at 800×600, each saved as translation-<language>-<page>.png beside
    // the other screenshots (build/<preset>/screenshots) to be looked at; returns what is cut off.
    QStringList everyPageAt800x600(const QString &language);
};

QStringList pageTitles(const MainWindow &window)
{
    QStringList titles;
    const auto *list = window.findChild<QListWidget *>(u"pageList"_s);
    for (int row = 0; list && row < list->count(); ++row)
        titles.append(list->item(row)->text());
    return titles;
}

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (const QAction *action : window.menuBar()->actions())
        titles.append(action->text());
    return titles;
}

TEST_F(TranslationTest, GermanIsEmbeddedAndTheWindowSpeaksIt)
{
    EXPECT_TRUE(UiTranslator::availableLanguages().contains(u"de"_s))
        << qPrintable(UiTranslator::availableLanguages().join(u", "_s));
    QStringList english;
    {
        MainWindow window(engine.get());
        english = pageTitles(window);
    }
    UiTranslator translator;
    ASSERT_TRUE(translator.load(QLocale(QLocale::German, QLocale::Germany)));
    EXPECT_EQ(translator.language(), u"de"_s);
    MainWindow window(engine.get());
    const QStringList german = pageTitles(window);
    ASSERT_EQ(german.size(), english.size());
    EXPECT_EQ(german.at(0), u"Übersicht"_s);
    EXPECT_TRUE(german.contains(u"Automatisch annehmen"_s)) << qPrintable(german.join(u", "_s));
    EXPECT_TRUE(german.contains(u"Warteschlange"_s)) << qPrintable(german.join(u", "_s));
    EXPECT_TRUE(german.contains(u"Kontingent"_s)) << qPrintable(german.join(u", "_s));
    for (int i = 0; i < german.size(); ++i)
        EXPECT_NE(german.at(i), english.at(i)) << "page " << i << " is not translated";
    EXPECT_EQ(menuTitles(window), (QStringList { u"&Datei"_s, u"&Hilfe"_s }));
}

TEST_F(TranslationTest, AnAustrianOrSwissLocaleGetsGermanToo)
{
    UiTranslator translator;
    EXPECT_TRUE(translator.load(QLocale(QLocale::German, QLocale::Austria)));
    EXPECT_TRUE(translator.load(QLocale(u"de_CH"_s)));
    EXPECT_EQ(translator.language(), u"de"_s);
}

TEST_F(TranslationTest, TheCLocaleShowsEnglish)
{
    UiTranslator translator;
    EXPECT_FALSE(translator.load(QLocale::c()));
    EXPECT_TRUE(translator.language().isEmpty());
    MainWindow window(engine.get());
    EXPECT_EQ(pageTitles(window).value(0), u"Dashboard"_s);
    EXPECT_EQ(menuTitles(window), (QStringList { u"&File"_s, u"&Help"_s }));
}

TEST_F(TranslationTest, EnglishSaysOnePromptAndTwoPrompts)
{
    UiTranslator translator;
    translator.load(QLocale::c());
    EXPECT_EQ(QCoreApplication::translate("mpa::ExtensionImportDialog", "%n prompt(s)", nullptr, 1),
              u"1 prompt"_s);
    EXPECT_EQ(QCoreApplication::translate("mpa::ExtensionImportDialog", "%n prompt(s)", nullptr, 2),
              u"2 prompts"_s);
    ASSERT_TRUE(translator.load(QLocale(QLocale::German)));
    EXPECT_EQ(QCoreApplication::translate("mpa::ExtensionImportDialog", "%n prompt(s)", nullptr, 1),
              u"1 Prompt"_s);
    EXPECT_EQ(QCoreApplication::translate("mpa::ExtensionImportDialog", "%n prompt(s)", nullptr, 2),
              u"2 Prompts"_s);
}

TEST_F(TranslationTest, ALanguageWithoutACatalogueFallsBackToEnglish)
{
    UiTranslator translator;
    EXPECT_FALSE(translator.load(QLocale(QLocale::Japanese, QLocale::Japan)));
    MainWindow window(engine.get());
    EXPECT_EQ(pageTitles(window).value(0), u"Dashboard"_s);
}

TEST_F(TranslationTest, UnloadingGoesBackToEnglish)
{
    UiTranslator translator;
    ASSERT_TRUE(translator.load(QLocale(QLocale::German)));
    translator.unload();
    MainWindow window(engine.get());
    EXPECT_EQ(pageTitles(window).value(0), u"Dashboard"_s);
}

TEST_F(TranslationTest, MpaLangChoosesTheLanguageOverTheSystems)
{
    {
        ScopedEnv lang("MPA_LANG", u"de"_s);
        EXPECT_EQ(UiTranslator::chosenLocale().language(), QLocale::German);
    }
    {
        ScopedEnv lang("MPA_LANG", u"C"_s);
        EXPECT_EQ(UiTranslator::chosenLocale().language(), QLocale::C);
    }
    ScopedEnv unset("MPA_LANG", QString());
    EXPECT_EQ(UiTranslator::chosenLocale(), QLocale::system());
}

// What German's longer words cut off in `root`: buttons and one-line labels narrower than their
// text, and a page that only fits by scrolling sideways.
QStringList clipped(QWidget *root)
{
    QStringList problems;
    const auto name = [](const QWidget *w, const QString &text) {
        return u"%1 \"%2\" (%3)"_s.arg(QString::fromLatin1(w->metaObject()->className()), text,
                                       w->objectName());
    };
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (button->isVisibleTo(root) && !button->text().isEmpty()
            && button->width() < button->minimumSizeHint().width())
            problems.append(u"cut off: "_s + name(button, button->text())
                            + u" %1 < %2 px"_s.arg(button->width()).arg(button->minimumSizeHint().width()));
    }
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (label->isVisibleTo(root) && !label->wordWrap() && !label->text().isEmpty()
            && label->textFormat() != Qt::RichText && label->pixmap().isNull()
            && label->width() < label->minimumSizeHint().width())
            problems.append(u"cut off: "_s + name(label, label->text())
                            + u" %1 < %2 px"_s.arg(label->width()).arg(label->minimumSizeHint().width()));
    }
    for (QComboBox *combo : root->findChildren<QComboBox *>()) {
        if (combo->isVisibleTo(root) && combo->width() < combo->minimumSizeHint().width())
            problems.append(u"cut off: "_s + name(combo, combo->currentText()));
    }
    for (QScrollArea *scroll : root->findChildren<QScrollArea *>()) {
        if (scroll->isVisibleTo(root) && scroll->horizontalScrollBar()->isVisible())
            problems.append(u"scrolls sideways: "_s + name(scroll, QString()));
    }
    return problems;
}

QStringList TranslationTest::everyPageAt800x600(const QString &language)
{
    MainWindow window(engine.get());
    window.resize(800, 600);
    window.show();
    QStringList problems;
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        const auto page = MainWindow::Page(i);
        window.showPage(page);
        const QString key
            = QString::fromLatin1(QMetaEnum::fromType<MainWindow::Page>().valueToKey(i)).toLower();
        screenshot(&window, u"translation-%1-%2"_s.arg(language, key));
        for (const QString &problem : clipped(window.page(page)))
            problems.append(key + u": "_s + problem);
    }
    return problems;
}

TEST_F(TranslationTest, EnglishFitsEveryPageAt800x600)
{
    const QStringList problems = everyPageAt800x600(u"en"_s);
    EXPECT_TRUE(problems.isEmpty()) << qPrintable(problems.join(u'\n'));
}

// German's longer words: the page list grows with "Automatisch annehmen", the pages get narrower.
TEST_F(TranslationTest, GermanFitsEveryPageAt800x600)
{
    UiTranslator translator;
    ASSERT_TRUE(translator.load(QLocale(QLocale::German)));
    const QStringList problems = everyPageAt800x600(u"de"_s);
    EXPECT_TRUE(problems.isEmpty()) << qPrintable(problems.join(u'\n'));
}

// Every text a page shows (labels, buttons, group titles, choices, placeholders, tooltips of
// what is visible), keyed by where it is, so English and German of one window can be compared.
QMap<QString, QString> visibleTexts(QWidget *root)
{
    QMap<QString, QString> texts;
    QHash<QString, int> seen;
    const auto add = [&](const QWidget *w, const QString &what, const QString &text) {
        if (text.trimmed().isEmpty())
            return;
        const QString key
            = u"%1/%2/%3"_s.arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), what);
        texts.insert(key + u"#"_s + QString::number(seen[key]++), text);
    };
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(root))
            continue;
        if (auto *label = qobject_cast<QLabel *>(w))
            add(w, u"text"_s, label->text());
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            add(w, u"text"_s, button->text());
        else if (auto *group = qobject_cast<QGroupBox *>(w))
            add(w, u"title"_s, group->title());
        else if (auto *line = qobject_cast<QLineEdit *>(w))
            add(w, u"placeholder"_s, line->placeholderText());
        else if (auto *combo = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < combo->count(); ++i)
                add(w, u"choice"_s, combo->itemText(i));
        }
        add(w, u"tooltip"_s, w->toolTip());
    }
    return texts;
}

// Names and words German takes as they are: a text made only of these is no untranslated
// sentence (product and provider names, protocol words).
bool onlyNames(const QString &text)
{
    static const QStringList names {
        u"Antigravity"_s,
        u"Cursor"_s,
        u"VS Code"_s,
        u"Windsurf"_s,
        u"Chromium"_s,
        u"Google Chrome"_s,
        u"Chrome"_s,
        u"OpenAI"_s,
        u"Ollama"_s,
        u"LM Studio"_s,
        u"GigaChat"_s,
        u"Anthropic"_s,
        u"OpenRouter"_s,
        u"DeepSeek"_s,
        u"Mistral"_s,
        u"Gemini"_s,
        u"Claude"_s,
        u"ChatGPT"_s,
        u"Multi Purpose Agent"_s,
        u"MCP"_s,
        u"HTTP"_s,
        u"CDP"_s,
        u"API"_s,
        u"URL"_s,
        u"Token"_s,
        u"Port"_s,
        u"Host"_s,
        u"OK"_s,
        u"Debug"_s,
        u"JSON"_s,
        u"Bridge"_s,
        u"Logs"_s,
        u"Start"_s,
        u"Stop"_s,
        u"Status"_s,
        u"Modell"_s,
        u"Tab"_s,
        u"Tabs"_s,
        u"Prompt"_s,
        u"Prompts"_s,
        u"Groq"_s,
        u"IDE"_s,
        u"Name"_s,
        u"Text"_s,
        u"System"_s,
        u"Chat"_s,
        u"default"_s,
        u"example.com"_s,
    };
    // A path or an address is a name too.
    if (text.startsWith(u'/') || text.contains(u"://"_s))
        return true;
    QString rest = text;
    for (const QString &name : names)
        rest.replace(name, QString());
    // What is left has no word of three letters or more: numbers, symbols, "s", "ms".
    static const QRegularExpression word(u"\\p{L}{3,}"_s);
    return !word.match(rest).hasMatch();
}

// Issue 34 item 9: a German window had English sentences on every page. Every text a page shows
// in German differs from its English, or is made of names only (onlyNames).
TEST_F(TranslationTest, EveryVisibleTextOfEveryPageIsGerman)
{
    QList<QMap<QString, QString>> english;
    {
        MainWindow window(engine.get());
        window.resize(1200, 900);
        window.show();
        for (int i = 0; i < MainWindow::kPageCount; ++i) {
            window.showPage(MainWindow::Page(i));
            english.append(visibleTexts(window.page(MainWindow::Page(i))));
        }
    }
    UiTranslator translator;
    ASSERT_TRUE(translator.load(QLocale(QLocale::German)));
    MainWindow window(engine.get());
    window.resize(1200, 900);
    window.show();
    QStringList untranslated;
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        window.showPage(MainWindow::Page(i));
        const QString page = QString::fromLatin1(QMetaEnum::fromType<MainWindow::Page>().valueToKey(i));
        const QMap<QString, QString> german = visibleTexts(window.page(MainWindow::Page(i)));
        for (auto it = german.cbegin(); it != german.cend(); ++it) {
            if (english.at(i).value(it.key()) == it.value() && !onlyNames(it.value()))
                untranslated.append(u"%1 %2: %3"_s.arg(page, it.key(), it.value()));
        }
    }
    EXPECT_TRUE(untranslated.isEmpty()) << untranslated.size() << " English texts in the German window:\n"
                                        << qPrintable(untranslated.join(u'\n'));
}

TEST_F(TranslationTest, TheTrayMenuAndTheAboutBoxSpeakGerman)
{
    UiTranslator translator;
    ASSERT_TRUE(translator.load(QLocale(QLocale::German)));
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    QStringList texts;
    for (const QAction *action : tray.menu()->actions())
        texts.append(action->text());
    EXPECT_TRUE(texts.contains(u"Beenden"_s)) << qPrintable(texts.join(u" | "_s));
    EXPECT_TRUE(texts.contains(u"Einstellungen …"_s)) << qPrintable(texts.join(u" | "_s));
    EXPECT_TRUE(texts.contains(u"Heute: 0 Klicks · 0 gesperrt"_s)) << qPrintable(texts.join(u" | "_s));
    tray.menu()->adjustSize();
    screenshot(tray.menu(), u"translation-de-tray-menu"_s);

    window.show();
    window.findChild<QAction *>(u"aboutAction"_s)->trigger();
    auto *about = window.findChild<AboutDialog *>(u"aboutDialog"_s);
    ASSERT_NE(about, nullptr);
    EXPECT_EQ(about->windowTitle(), u"Über Multi Purpose Agent"_s);
    EXPECT_TRUE(about->text().contains(u"MIT-Lizenz"_s));
    // Qt's own buttons speak German where the system has Qt's catalogue (qt6-translations-l10n).
    const bool qtCatalogue
        = QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + u"/qtbase_de.qm"_s);
    EXPECT_EQ(translator.hasQtCatalogue(), qtCatalogue);
    if (qtCatalogue) {
        const auto *box = about->findChild<QDialogButtonBox *>();
        ASSERT_NE(box, nullptr);
        ASSERT_NE(box->button(QDialogButtonBox::Close), nullptr);
        EXPECT_EQ(box->button(QDialogButtonBox::Close)->text(), u"Schließen"_s);
    }
    screenshot(about, u"translation-de-about"_s);
    about->close();
}

// One <message> of a .ts file.
struct TsMessage
{
    QString context, source, comment;
    bool plural = false;
    QString type; // "unfinished", "vanished", "obsolete" or empty (finished)
    QStringList translations; // one, or the plural forms
};

QList<TsMessage> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return {};
    }
    QList<TsMessage> messages;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"name"_s) {
            context = xml.readElementText();
        } else if (name == u"message"_s) {
            message = TsMessage();
            message.context = context;
            message.plural = xml.attributes().value(u"numerus"_s) == u"yes"_s;
        } else if (name == u"source"_s) {
            message.source = xml.readElementText();
        } else if (name == u"comment"_s) {
            message.comment = xml.readElementText();
        } else if (name == u"translation"_s) {
            message.type = xml.attributes().value(u"type"_s).toString();
            if (message.plural) {
                while (xml.readNextStartElement())
                    message.translations.append(xml.readElementText());
            } else {
                message.translations.append(xml.readElementText());
            }
            messages.append(message);
        }
    }
    if (xml.hasError())
        *error = u"%1 line %2: %3"_s.arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

// The placeholders a text uses (%1, %2, %n), each once, sorted.
std::set<QString> placeholders(const QString &text)
{
    static const QRegularExpression marker(u"%(?:L?\\d+|n)"_s);
    std::set<QString> found;
    for (auto it = marker.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured());
    return found;
}

QString describe(const TsMessage &message)
{
    return u"[%1] \"%2\""_s.arg(message.context, message.source);
}

// lupdate over today's sources, into a copy of each committed .ts: a string added to the code
// without a translation shows as unfinished here even before anyone ran lupdate. mpa_en.ts holds
// only the English plural forms (lupdate -pluralonly).
QStringList catalogueProblems(const QString &committed)
{
    const bool english = committed.endsWith(u"/mpa_en.ts"_s);
    QTemporaryDir dir;
    if (!dir.isValid())
        return { u"no temporary folder"_s };
    const QString updated = dir.filePath(u"catalogue.ts"_s);
    if (!QFile::copy(committed, updated))
        return { u"cannot copy "_s + committed };
    QStringList arguments { u"-no-obsolete"_s, u"-locations"_s, u"none"_s };
    if (english)
        arguments.append(u"-pluralonly"_s);
    arguments << u"@"_s + QStringLiteral(MPA_LUPDATE_SOURCES) << u"-ts"_s << updated;
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(MPA_LUPDATE), arguments);
    if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0)
        return { u"lupdate failed: "_s + QString::fromLocal8Bit(lupdate.readAll()) };

    QString error;
    const QList<TsMessage> messages = readTs(updated, &error);
    if (!error.isEmpty())
        return { error };
    if (messages.size() < (english ? 10 : 300))
        return { u"lupdate found only %1 strings: is the source list right?"_s.arg(messages.size()) };
    QStringList problems;
    for (const TsMessage &message : messages) {
        if (message.type == u"unfinished"_s) {
            problems.append(u"not translated: "_s + describe(message));
            continue;
        }
        for (const QString &translation : message.translations) {
            if (translation.trimmed().isEmpty())
                problems.append(u"empty translation: "_s + describe(message));
            // A plural form may leave out %n ("eine Seite"); every other placeholder must stay.
            std::set<QString> wanted = placeholders(message.source);
            std::set<QString> got = placeholders(translation);
            if (message.plural) {
                wanted.erase(u"%n"_s);
                got.erase(u"%n"_s);
            }
            if (wanted != got)
                problems.append(u"placeholders differ: "_s + describe(message) + u" → \""_s + translation
                                + u'"');
        }
    }
    return problems;
}

TEST_F(TranslationTest, EveryStringInTheSourcesHasATranslationInEveryCatalogue)
{
    const QDir folder(sourceDir() + u"/translations"_s);
    const QStringList catalogues = folder.entryList({ u"mpa_*.ts"_s }, QDir::Files, QDir::Name);
    ASSERT_TRUE(catalogues.contains(u"mpa_de.ts"_s)) << qPrintable(catalogues.join(u", "_s));
    ASSERT_TRUE(catalogues.contains(u"mpa_en.ts"_s)) << qPrintable(catalogues.join(u", "_s));
    for (const QString &catalogue : catalogues) {
        const QStringList problems = catalogueProblems(folder.filePath(catalogue));
        EXPECT_TRUE(problems.isEmpty())
            << problems.size() << " problem(s) in translations/" << qPrintable(catalogue)
            << " (build the update_translations target, then translate in Linguist):\n"
            << qPrintable(problems.join(u'\n'));
    }
}

TEST_F(TranslationTest, GermanPluralsHaveBothForms)
{
    QString error;
    const QList<TsMessage> messages = readTs(sourceDir() + u"/translations/mpa_de.ts"_s, &error);
    ASSERT_TRUE(error.isEmpty()) << qPrintable(error);
    int plurals = 0;
    for (const TsMessage &message : messages) {
        if (!message.plural)
            continue;
        ++plurals;
        EXPECT_EQ(message.translations.size(), 2) << qPrintable(describe(message));
    }
    EXPECT_GE(plurals, 10);
}

} // namespace
