#pragma once
// Loads the window's language before any window is made: our own catalogue, embedded from
// translations/mpa_<lang>.ts as :/i18n/mpa_<lang>.qm, and Qt's own (qtbase_<lang>.qm from the
// Qt install, for the standard dialogs' buttons) when the system has it. English, the source
// language, is what shows when no catalogue fits; its own small catalogue (mpa_en, plural forms
// only: "1 prompt", "2 prompts") is always loaded underneath.

#include <QLocale>
#include <QTranslator>

namespace mpa {

class UiTranslator
{
public:
    UiTranslator() = default;
    ~UiTranslator();
    UiTranslator(const UiTranslator &) = delete;
    UiTranslator &operator=(const UiTranslator &) = delete;

    // The language to show: MPA_LANG when set (a locale name such as "de" or "de_AT"; "C" or
    // "en" for English), else the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
    static QLocale chosenLocale();
    // The languages with a full catalogue in the app (e.g. "de"), English not included.
    static QStringList availableLanguages();

    // Installs the catalogues for `locale` on the running application, replacing those this
    // object installed before. True when our own catalogue was found (else English shows).
    bool load(const QLocale &locale);
    // Removes what load() installed: the source texts, as tr() has them.
    void unload();
    // The language of the loaded catalogue ("de"), empty for English.
    QString language() const { return m_language; }
    // Whether Qt's own catalogue for that language was found (qtbase_<lang>.qm).
    bool hasQtCatalogue() const { return m_qtInstalled; }

private:
    QTranslator m_english;
    QTranslator m_app;
    QTranslator m_qt;
    bool m_englishInstalled = false;
    bool m_appInstalled = false;
    bool m_qtInstalled = false;
    QString m_language;
};

} // namespace mpa
