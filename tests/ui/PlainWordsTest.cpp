// What a person reads in the window speaks plainly (issue 20, item 11): no label, button, choice
// or group title names a setting key or a logging category — those are for power users, in
// tooltips — and every status text wraps instead of being cut off or scrolling sideways.
#include "EngineControls.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "SettingsPage.h"
#include "Theme.h"
#include "UiTest.h"
#include "logging/LogCategories.h"
#include "pages/LogsPage.h"
#include "pages/ServersPage.h"
#include "server/ToolkitServerService.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTcpServer>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class PlainWordsTest : public UiTest
{
protected:
    // The widgets that reach past the visible width of `scroll`, by name and minimum width.
    static QString tooWide(const QScrollArea *scroll)
    {
        QStringList found;
        const int visible = scroll->viewport()->width();
        for (const QWidget *w : scroll->widget()->findChildren<QWidget *>()) {
            const int right = w->mapTo(scroll->widget(), QPoint(w->width(), 0)).x();
            if (right > visible && w->minimumSizeHint().width() > 0)
                found.append(u"%1 %2 (min %3, right %4)"_s
                                 .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                                 .arg(w->minimumSizeHint().width())
                                 .arg(right));
        }
        return found.mid(0, 8).join(u"; "_s);
    }

    // Every text of `page` a person reads without hovering, with where it is.
    static QList<std::pair<QString, QString>> readableTexts(const QWidget *page)
    {
        QList<std::pair<QString, QString>> texts;
        for (const QLabel *label : page->findChildren<QLabel *>())
            texts.append({ label->objectName(), label->text() });
        for (const QAbstractButton *button : page->findChildren<QAbstractButton *>())
            texts.append({ button->objectName(), button->text() });
        for (const QGroupBox *box : page->findChildren<QGroupBox *>())
            texts.append({ u"group"_s, box->title() });
        for (const QLineEdit *edit : page->findChildren<QLineEdit *>())
            texts.append({ edit->objectName(), edit->placeholderText() });
        for (const QComboBox *combo : page->findChildren<QComboBox *>()) {
            for (int i = 0; i < combo->count(); ++i)
                texts.append({ combo->objectName(), combo->itemText(i) });
        }
        return texts;
    }
};

TEST_F(PlainWordsTest, NoPageNamesASettingOrALogCategoryOutsideTooltips)
{
    // A failed server too: its error carries the setting's name, which belongs in the tooltip.
    QTcpServer squatter;
    ASSERT_TRUE(squatter.listen(QHostAddress::LocalHost, 0));
    settings->setValue(SettingKey::AgentServerPort, squatter.serverPort());
    settings->setValue(SettingKey::AgentServerEnabled, true);
    engine->toolkitServer()->start();
    ASSERT_FALSE(engine->toolkitServer()->error().isEmpty());
    ASSERT_TRUE(engine->toolkitServer()->error().contains(u"agentServer/port"_s));

    MainWindow window(engine.get());
    window.show();
    QStringList names;
    for (const SettingSpec &spec : Settings::defaultTable())
        names.append(QString::fromLatin1(spec.name));
    for (const QLoggingCategory *category : { &lcApp(), &lcCdp(), &lcScheduler(), &lcServer(), &lcUi() })
        names.append(QString::fromLatin1(category->categoryName()));
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        SettingsPage *page = window.page(MainWindow::Page(i));
        for (const auto &[where, text] : readableTexts(page)) {
            for (const QString &name : std::as_const(names)) {
                // "mpa.cdp" inside a path or a longer word is not the category.
                const QRegularExpression word(u"(^|[\\s(“\"'])"_s + QRegularExpression::escape(name)
                                              + u"($|[\\s).,;:”\"'])"_s);
                EXPECT_FALSE(word.match(text).hasMatch())
                    << page->title().toStdString() << " / " << where.toStdString() << ": "
                    << text.toStdString();
            }
        }
        // Every setting's field names its key for power users, in its tooltip.
        for (const SettingField *f : page->findChildren<SettingField *>()) {
            const QString name = QString::fromLatin1(settings->spec(f->key()).name);
            EXPECT_TRUE(f->toolTip().contains(name) || f->editor()->toolTip().contains(name))
                << page->title().toStdString() << ": " << name.toStdString();
        }
    }
    auto *servers = window.page<ServersPage>();
    const QString evaluate = editor<QAbstractButton>(servers, SettingKey::DebugAllowEvaluate)->text();
    EXPECT_EQ(evaluate, u"Let the debug API run any script in your pages"_s);
    engine->toolkitServer()->stop();
}

TEST_F(PlainWordsTest, TheLogsPageNamesThePartsOfTheAppPlainly)
{
    LogsPage page;
    auto *category = page.findChild<QComboBox *>(u"logCategory"_s);
    ASSERT_TRUE(category);
    EXPECT_EQ(category->itemText(0), u"All parts of the app"_s);
    const int cdp = category->findData(u"mpa.cdp"_s);
    ASSERT_GE(cdp, 0);
    EXPECT_EQ(category->itemText(cdp), u"Browser connection"_s);
    EXPECT_EQ(category->itemData(cdp, Qt::ToolTipRole).toString(), u"mpa.cdp"_s)
        << "the name for power users";
    const int scheduler = category->findData(u"mpa.scheduler"_s);
    ASSERT_GE(scheduler, 0);
    EXPECT_EQ(category->itemText(scheduler), u"Prompt queue and schedule"_s);
}

// Each page at 800×600: nothing scrolls sideways, and every status text (a label the page
// names and fills in) wraps.
TEST_F(PlainWordsTest, EveryStatusTextWrapsAndNoPageScrollsSideways)
{
    MainWindow window(engine.get());
    window.resize(800, 600);
    window.show();
    // Titles, a line count and folder paths (which have no spaces to wrap at) keep one line.
    const QStringList fixedWidth { u"pageTitle"_s, u"logCount"_s, u"configDirPath"_s, u"logDirPath"_s };
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        window.showPage(MainWindow::Page(i));
        SettingsPage *page = window.page(MainWindow::Page(i));
        QCoreApplication::processEvents();
        auto *scroll = page->findChild<QScrollArea *>();
        ASSERT_TRUE(scroll);
        EXPECT_EQ(scroll->horizontalScrollBar()->maximum(), 0)
            << page->title().toStdString() << ": too wide: " << tooWide(scroll).toStdString();
        for (const QLabel *label : page->findChildren<QLabel *>()) {
            if (label->objectName().isEmpty() || fixedWidth.contains(label->objectName())
                || label->objectName().startsWith(u"qt_"_s))
                continue;
            EXPECT_TRUE(label->wordWrap())
                << page->title().toStdString() << " / " << label->objectName().toStdString();
        }
    }
}

// Under a dark palette (Fusion, as a dark desktop gives) an error is still red and readable:
// light red text on the dark window, not the light theme's dark red.
TEST_F(PlainWordsTest, ErrorsStayReadableOnADarkPalette)
{
    const QPalette before = QApplication::palette();
    QApplication::setPalette(Theme::darkPalette());
    {
        QTcpServer squatter;
        ASSERT_TRUE(squatter.listen(QHostAddress::LocalHost, 0));
        settings->setValue(SettingKey::AgentServerPort, squatter.serverPort());
        settings->setValue(SettingKey::AgentServerEnabled, true);
        engine->toolkitServer()->start();
        MainWindow window(engine.get());
        window.resize(800, 600);
        window.showPage(MainWindow::Page::Servers);
        window.show();
        auto *state = window.page<ServersPage>()->findChild<QLabel *>(u"agentServerState"_s);
        ASSERT_TRUE(state);
        EXPECT_TRUE(state->property("error").toBool());
        const QColor text = state->palette().color(QPalette::WindowText);
        EXPECT_GT(text.lightness(), 150) << text.name().toStdString();
        EXPECT_GT(text.red(), text.green() + 60) << "still red: " << text.name().toStdString();
        window.page<ServersPage>()->findChild<QScrollArea *>()->ensureWidgetVisible(state);
        screenshot(&window, u"servers-port-clash-dark"_s);
        engine->toolkitServer()->stop();
    }
    QApplication::setPalette(before);
}

} // namespace
