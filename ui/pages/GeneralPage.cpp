#include "GeneralPage.h"

#include "Widgets.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "platform/Autostart.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QStringList autostartArguments(const AppPaths &paths)
{
    // A separate config dir is a separate instance: start that one.
    if (QDir(paths.configDir) != QDir(AppPaths::standard().configDir))
        return { u"--config-dir"_s, paths.configDir };
    return {};
}

// A folder's path that never makes the page scroll sideways (a deep config folder, German's
// wider page list): shortened in the middle when the row is too narrow, whole in its tooltip
// and in text(); selectable as usual when it fits.
class PathLabel : public QLabel
{
public:
    using QLabel::QLabel;
    QSize minimumSizeHint() const override
    {
        return { fontMetrics().averageCharWidth() * 20, QLabel::minimumSizeHint().height() };
    }

protected:
    void paintEvent(QPaintEvent *event) override
    {
        const QRect area = contentsRect();
        if (fontMetrics().horizontalAdvance(text()) <= area.width()) {
            QLabel::paintEvent(event);
            return;
        }
        QPainter painter(this);
        painter.setPen(palette().color(foregroundRole()));
        painter.drawText(area, int(alignment()),
                         fontMetrics().elidedText(text(), Qt::ElideMiddle, area.width()));
    }
};

QWidget *folderRow(const QString &path, const QString &name, QWidget *parent)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new PathLabel(QDir::toNativeSeparators(path), row);
    label->setToolTip(QDir::toNativeSeparators(path));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setObjectName(name + u"Path"_s);
    layout->addWidget(label, 1);
    auto *open = new QPushButton(QCoreApplication::translate("mpa::GeneralPage", "Open"), row);
    open->setObjectName(name + u"Open"_s);
    QObject::connect(open, &QPushButton::clicked, row,
                     [path] { QDesktopServices::openUrl(QUrl::fromLocalFile(path)); });
    layout->addWidget(open);
    return row;
}

} // namespace

GeneralPage::GeneralPage(Settings *appSettings, const AppPaths &paths, ImportOffer offerImport,
                         QWidget *parent)
    : SettingsPage(appSettings, tr("General"), QString(), parent)
    , m_autostart(Autostart::create(QCoreApplication::applicationFilePath(), autostartArguments(paths)))
{
    QFormLayout *startup = addFormGroup(tr("Startup and notifications"));
    m_startAtLogin = new QCheckBox(tr("Start Multi Purpose Agent when I log in"), this);
    m_startAtLogin->setObjectName(u"startAtLogin"_s);
    startup->addRow(m_startAtLogin);
    m_autostartInfo = hint(QString(), this);
    m_autostartInfo->setObjectName(u"autostartInfo"_s);
    startup->addRow(m_autostartInfo);
    connect(m_startAtLogin, &QCheckBox::toggled, this, [this](bool on) {
        QString error;
        if (!m_autostart->setEnabled(on, &error)) {
            qCWarning(lcPlatform).noquote() << "start at login:" << error;
            QMessageBox::warning(this, tr("Start at login"),
                                 tr("Could not change the start at login: %1.").arg(error));
        } else {
            qCInfo(lcPlatform).noquote()
                << "start at login" << (on ? "on" : "off") << "(" << m_autostart->location() << ")";
        }
        refreshAutostart();
    });
    addField(startup, QString(), SettingKey::UiNotifications,
             SettingField::Options().withText(tr("Show desktop notifications")));
    startup->addRow(
        hint(tr("When the connection to the IDE is lost or back, a command was blocked, the queue "
                "finished, or the quota ran out or reset. At most one per subject every few seconds."),
             this));
    addField(startup, QString(), SettingKey::UiSessionSummary,
             SettingField::Options().withText(tr("Sum up the session when auto-accept is switched off")));
    addField(startup, QString(), SettingKey::UiWhileAway,
             SettingField::Options().withText(tr("Say what was clicked while I was away from the IDE")));
    addField(startup, QString(), SettingKey::UiWeeklySummary,
             SettingField::Options().withText(tr("Sum up last week when a new week begins")));
    addField(
        startup, QString(), SettingKey::UiTrayNotice,
        SettingField::Options().withText(tr("Say that the app is still running when I close the window")));

    QFormLayout *look = addFormGroup(tr("Appearance"));
    addField(look, tr("Colours:"), SettingKey::UiTheme,
             SettingField::Options().withChoices({ { u"system"_s, tr("As the desktop has them") },
                                                   { u"light"_s, tr("Light") },
                                                   { u"dark"_s, tr("Dark") } }));
    look->addRow(hint(
        tr("Light and Dark use Qt's Fusion style, whatever the desktop's theme. Changes at once."), this));

    QFormLayout *files = addFormGroup(tr("Files"));
    files->addRow(tr("Settings and data:"), folderRow(paths.configDir, u"configDir"_s, this));
    files->addRow(tr("Logs:"), folderRow(paths.logDir, u"logDir"_s, this));
    if (const QString moved = settings()->recoveredFrom(); !moved.isEmpty()) {
        auto *recovered = hint(tr("The settings file could not be read when the app started; it was kept as "
                                  "%1 and the defaults are in use.")
                                   .arg(QDir::toNativeSeparators(moved)),
                               this);
        recovered->setObjectName(u"settingsRecovered"_s);
        files->addRow(recovered);
    }

    QVBoxLayout *extension = addGroup(tr("Coming from the VS Code extension"));
    extension->addWidget(
        hint(tr("Brings the Multi Purpose Agent extension's settings over from the settings.json of "
                "Antigravity, VS Code, Cursor or Windsurf: the schedule, the queue's prompts, the check "
                "prompt, the quota, the port and the debug server. You see every value before it is "
                "imported."),
             this));
    auto *importButton
        = Widgets::button(tr("Import from the VS Code Extension…"), u"importExtension"_s, this);
    connect(importButton, &QPushButton::clicked, this,
            [this, offerImport = std::move(offerImport)] { offerImport(this); });
    auto *importRow = new QHBoxLayout;
    importRow->addWidget(importButton);
    importRow->addStretch(1);
    extension->addLayout(importRow);

    QVBoxLayout *reset = addGroup(tr("Reset"));
    reset->addWidget(
        hint(tr("Puts every setting back to its default. Tokens, the prompt queue, the history and "
                "the statistics stay."),
             this));
    auto *resetButton = Widgets::button(tr("Reset All Settings…"), u"resetAll"_s, this);
    connect(resetButton, &QPushButton::clicked, this, &GeneralPage::resetAll);
    auto *resetRow = new QHBoxLayout;
    resetRow->setSpacing(6);
    resetRow->addWidget(resetButton);
    resetRow->addStretch(1);
    reset->addLayout(resetRow);
    body()->addStretch(1);
    refreshAutostart();
}

GeneralPage::~GeneralPage() = default;

void GeneralPage::showEvent(QShowEvent *event)
{
    refreshAutostart(); // the user may have changed it elsewhere
    SettingsPage::showEvent(event);
}

void GeneralPage::refreshAutostart()
{
    const QSignalBlocker blocker(m_startAtLogin);
    m_startAtLogin->setEnabled(m_autostart->isSupported());
    m_startAtLogin->setChecked(m_autostart->isSupported() && m_autostart->isEnabled());
    if (!m_autostart->isSupported())
        m_autostartInfo->setText(tr("Starting at login is not supported on this system."));
    else
        m_autostartInfo->setText(
            m_autostart->isEnabled()
                ? tr("Started at login by %1").arg(QDir::toNativeSeparators(m_autostart->location()))
                : tr("Not started at login (the entry would be %1)")
                      .arg(QDir::toNativeSeparators(m_autostart->location())));
}

bool GeneralPage::resetAll()
{
    if (!Widgets::confirm(this, tr("Reset all settings"), tr("Put every setting back to its default?"),
                          tr("Auto-accept words, the ban list, the schedule, the connection and the servers "
                             "go back to their defaults. This cannot be undone here; a copy of the old "
                             "settings is kept next to settings.ini."),
                          tr("Reset All Settings"), Widgets::Risk::Destructive, u"resetConfirmation"_s))
        return false;
    // Pressed by the debug API's ui actions: only what the API's own resetAllSettings resets
    // (what only a person changes — the API's rights, what auto-accept clicks — stays).
    const auto scope = Widgets::ApiAction::running() ? Settings::ResetScope::ExceptPrivileged
                                                     : Settings::ResetScope::Everything;
    QString backup, error;
    if (!settings()->resetAllWithBackup(scope, &backup, &error)) {
        QMessageBox::warning(this, tr("Reset all settings"), error);
        return false;
    }
    return true;
}

} // namespace mpa
