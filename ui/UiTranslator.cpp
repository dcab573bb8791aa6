#include "UiTranslator.h"

#include "logging/LogCategories.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

const QString kCatalogueDir = u":/i18n"_s;

} // namespace

UiTranslator::~UiTranslator()
{
    unload();
}

QLocale UiTranslator::chosenLocale()
{
    const QString forced = qEnvironmentVariable("MPA_LANG").trimmed();
    if (!forced.isEmpty())
        return QLocale(forced);
    return QLocale::system();
}

QStringList UiTranslator::availableLanguages()
{
    QStringList languages;
    const QStringList files = QDir(kCatalogueDir).entryList({ u"mpa_*.qm"_s }, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const QString language = file.mid(4, file.size() - 4 - 3);
        if (language != u"en"_s)
            languages.append(language);
    }
    return languages;
}

bool UiTranslator::load(const QLocale &locale)
{
    unload();
    // The plural forms of the source language, under any other (the last installed is asked first).
    if (m_english.load(u"mpa_en"_s, kCatalogueDir))
        m_englishInstalled = QCoreApplication::installTranslator(&m_english);
    // QTranslator::load(QLocale…) tries each of the locale's UI languages in turn (de_AT, de…).
    if (locale.language() != QLocale::C && locale.language() != QLocale::English
        && m_app.load(locale, u"mpa"_s, u"_"_s, kCatalogueDir)) {
        m_appInstalled = QCoreApplication::installTranslator(&m_app);
        m_language = QLocale::languageToCode(QLocale(m_app.language()).language());
    }
    if (m_appInstalled
        && m_qt.load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        m_qtInstalled = QCoreApplication::installTranslator(&m_qt);
    qCInfo(lcUi) << "UI language for" << locale.name() << ":"
                 << (m_appInstalled ? m_language : u"en (source)"_s)
                 << (m_qtInstalled ? "with Qt's own catalogue" : "without Qt's own catalogue");
    return m_appInstalled;
}

void UiTranslator::unload()
{
    if (m_qtInstalled)
        QCoreApplication::removeTranslator(&m_qt);
    if (m_appInstalled)
        QCoreApplication::removeTranslator(&m_app);
    if (m_englishInstalled)
        QCoreApplication::removeTranslator(&m_english);
    m_qtInstalled = m_appInstalled = m_englishInstalled = false;
    m_language.clear();
}

} // namespace mpa
