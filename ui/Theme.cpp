#include "Theme.h"

#include "settings/Settings.h"

#include <QApplication>
#include <QEvent>
#include <QPointer>
#include <QSet>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

#include <utility>

using namespace Qt::StringLiterals;

namespace mpa::Theme {

namespace {

struct Desktop
{
    bool known = false;
    QString styleName;
    QPalette palette;
};

Desktop &desktop()
{
    static Desktop d;
    return d;
}

void remember()
{
    Desktop &d = desktop();
    if (d.known || !qApp)
        return;
    d.known = true;
    d.styleName = QApplication::style() ? QApplication::style()->name() : QString();
    d.palette = QApplication::palette();
}

// GTK's documented way to ask for a theme's dark variant: GTK_THEME=Adwaita:dark.
bool desktopAsksForDark()
{
    return qEnvironmentVariable("GTK_THEME").endsWith(u":dark"_s, Qt::CaseInsensitive);
}

void useFusion(const QPalette &palette)
{
    if (QApplication::style()->name().compare(u"fusion"_s, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    QApplication::setPalette(palette);
}

class PaletteWatcher : public QObject
{
public:
    PaletteWatcher(QWidget *widget, std::function<void()> restyle)
        : QObject(widget)
        , m_restyle(std::move(restyle))
    {
        widget->installEventFilter(this);
        watchers().insert(this);
        m_styledFor = current(); // whenPaletteChanges has just restyled it
    }

    ~PaletteWatcher() override { watchers().remove(this); }

    bool eventFilter(QObject *, QEvent *event) override
    {
        // The application's palette or style changed (not the widget's own palette, which
        // restyle itself may set).
        if (event->type() == QEvent::ApplicationPaletteChange || event->type() == QEvent::StyleChange)
            restyle();
        return false;
    }

    // Once per palette and style: a change reaches a watcher both through apply() and, for
    // widgets without a style sheet, as an event.
    void restyle()
    {
        if (m_busy || m_styledFor == current())
            return;
        m_busy = true;
        m_styledFor = current();
        m_restyle();
        m_busy = false;
    }

    // Every live watcher: apply() restyles them itself, as a widget with a style sheet is not
    // told when the application's palette changes.
    static QSet<PaletteWatcher *> &watchers()
    {
        static QSet<PaletteWatcher *> all;
        return all;
    }

private:
    static std::pair<qint64, const QStyle *> current()
    {
        return { QApplication::palette().cacheKey(), QApplication::style() };
    }

    std::function<void()> m_restyle;
    std::pair<qint64, const QStyle *> m_styledFor;
    bool m_busy = false;
};

} // namespace

QPalette darkPalette()
{
    // Fields and buttons a little lighter than the window: Fusion outlines them with the window's
    // colour darkened, which a field darker than the window would swallow (an unticked check box
    // was all but invisible).
    const QColor window(0x2d, 0x2d, 0x2d);
    const QColor base(0x3a, 0x3a, 0x3a);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x80, 0x80, 0x80);
    const QColor highlight(0x2a, 0x82, 0xda);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x34, 0x34, 0x34));
    p.setColor(QPalette::ToolTipBase, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3c, 0x3c, 0x3c));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Midlight, QColor(0x48, 0x48, 0x48));
    p.setColor(QPalette::Mid, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::Dark, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Shadow, QColor(0x12, 0x12, 0x12));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xff));
    for (const auto role :
         { QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText })
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}

QPalette lightPalette()
{
    QStyle *fusion = QStyleFactory::create(u"Fusion"_s);
    const QPalette palette = fusion ? fusion->standardPalette() : QPalette();
    delete fusion;
    return palette;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

void apply(const QString &theme)
{
    remember();
    if (theme == u"dark"_s || (theme == u"system"_s && desktopAsksForDark() && !isDark(desktop().palette))) {
        useFusion(darkPalette());
    } else if (theme == u"light"_s) {
        useFusion(lightPalette());
    } else {
        const Desktop &d = desktop();
        if (!d.styleName.isEmpty() && QApplication::style()->name() != d.styleName)
            QApplication::setStyle(d.styleName);
        QApplication::setPalette(d.palette);
    }
    const QList<PaletteWatcher *> watchers = PaletteWatcher::watchers().values();
    for (PaletteWatcher *watcher : watchers)
        watcher->restyle();
}

void follow(Settings *settings)
{
    apply(settings->stringValue(SettingKey::UiTheme));
    QObject::connect(settings, &Settings::changed, qApp, [settings](SettingKey key) {
        if (key == SettingKey::UiTheme)
            apply(settings->stringValue(SettingKey::UiTheme));
    });
}

QColor mix(const QColor &a, const QColor &b, qreal amount)
{
    const auto blend = [amount](int x, int y) { return int(x + (y - x) * amount + 0.5); };
    return QColor(blend(a.red(), b.red()), blend(a.green(), b.green()), blend(a.blue(), b.blue()));
}

QColor noticeBase(const QPalette &palette)
{
    return mix(palette.color(QPalette::Base), palette.color(QPalette::Highlight),
               isDark(palette) ? 0.18 : 0.08);
}

QColor noticeAccent(const QPalette &palette)
{
    return mix(palette.color(QPalette::Base), palette.color(QPalette::Highlight), 0.6);
}

QColor warningBase(const QPalette &palette)
{
    if (isDark(palette)) // from the window, the darker ground there, so light text stays clear on it
        return mix(palette.color(QPalette::Window), QColor(0xf0, 0xb4, 0x00), 0.16);
    return mix(palette.color(QPalette::Base), QColor(0xf0, 0xb4, 0x00), 0.2);
}

QColor warningText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0xc1, 0x4d) : QColor(0x8a, 0x53, 0x00);
}

void whenPaletteChanges(QWidget *widget, std::function<void()> restyle)
{
    restyle();
    new PaletteWatcher(widget, std::move(restyle));
}

} // namespace mpa::Theme
