#include "ConnectionPage.h"

#include "EndpointsBox.h"
#include "ErrorStyle.h"
#include "Widgets.h"
#include "common/KnownSentences.h"
#include "common/Refuse.h"
#include "common/TextPattern.h"
#include "settings/Settings.h"

#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa {

namespace {

constexpr auto kStartTimeout = 60s;

QString nativePath(const QString &path)
{
    const QString home = QDir::homePath();
    QString shown = QDir::toNativeSeparators(path);
    if (path.startsWith(home + u'/'))
        shown = u"~"_s + QDir::toNativeSeparators(path.mid(home.size()));
    return shown;
}

} // namespace

ConnectionPage::ConnectionPage(ConnectionModel *model, EndpointsModel *endpoints, Settings *appSettings,
                               QWidget *parent)
    : SettingsPage(
        appSettings, tr("Connection"),
        tr("The app drives your IDE through its DevTools debugging port. The IDE has to be started "
           "with --remote-debugging-port; below you can make its launcher do that."),
        parent)
    , m_model(model)
    , m_ides(model->ides())
{
    // The endpoint.
    QGroupBox *endpointBox = nullptr;
    QFormLayout *endpoint = addFormGroup(tr("Debugging endpoint"), &endpointBox);
    m_host = addField(endpoint, tr("Host:"), SettingKey::CdpHost);
    m_port = addField(endpoint, tr("Port:"), SettingKey::CdpPort);
    m_engineState = Widgets::wrappingLabel(u"engineState"_s, endpointBox);
    endpoint->addRow(tr("Now:"), m_engineState);

    auto *testRow = new QHBoxLayout;
    testRow->setSpacing(6);
    m_testButton = Widgets::button(tr("Test Connection"), u"testConnection"_s, endpointBox,
                                   tr("Ask the address above what it offers, without disturbing the running "
                                      "connection"));
    connect(m_testButton, &QPushButton::clicked, this, &ConnectionPage::testConnection);
    testRow->addWidget(m_testButton);
    m_testResult = Widgets::wrappingLabel(u"testResult"_s, endpointBox);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    testRow->addWidget(m_testResult, 1);
    endpoint->addRow(testRow);
    m_targets = new QTreeWidget(endpointBox);
    m_targets->setObjectName(u"testTargets"_s);
    m_targets->setHeaderLabels({ tr("Page"), tr("Type"), tr("The app") });
    m_targets->setRootIsDecorated(false);
    m_targets->setUniformRowHeights(true);
    m_targets->setMinimumHeight(120);
    m_targets->header()->setStretchLastSection(false);
    m_targets->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_targets->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_targets->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_targets->hide();
    endpoint->addRow(m_targets);
    connect(model, &ConnectionModel::probed, this, &ConnectionPage::showProbeResult);

    // Every browser the app watches, the one above first.
    QGroupBox *browsersBox = nullptr;
    QVBoxLayout *browsers = addGroup(tr("Browsers the app watches"), &browsersBox);
    m_endpoints = new EndpointsBox(endpoints, appSettings, browsersBox);
    browsers->addWidget(m_endpoints);

    // Pages to leave alone.
    QFormLayout *ignore = addFormGroup(tr("Pages to leave alone"));
    SettingField::Options ignoreOptions;
    ignoreOptions.visibleLines = 3;
    ignoreOptions.placeholder = tr("e.g. Settings, or /github\\.com\\/.*\\/pull/");
    ignoreOptions.lineCheck = [](const QString &line, QString *error) {
        const TextPattern pattern(line);
        return pattern.isValid() || refuse(error, tr("%1: %2").arg(line, pattern.errorString()));
    };
    addField(ignore, QString(), SettingKey::CdpIgnoreTargets, ignoreOptions);
    ignore->addRow(hint(tr("One per line: pages whose title or address contains the text (or matches "
                           "/regex/) are never touched."),
                        this));

    // Relaunching an IDE with debugging.
    QGroupBox *ideBox = nullptr;
    QFormLayout *ide = addFormGroup(tr("Start an IDE with debugging"), &ideBox);
    m_ideCombo = new QComboBox(ideBox);
    m_ideCombo->setObjectName(u"ideChoice"_s);
    for (const ConnectionModel::Ide &info : std::as_const(m_ides))
        m_ideCombo->addItem(info.name, info.id);
    // The first IDE this system has a launcher for is the one offered.
    for (int i = 0; i < m_ides.size(); ++i) {
        if (model->launcher(m_ides.at(i).id).found) {
            m_ideCombo->setCurrentIndex(i);
            break;
        }
    }
    connect(m_ideCombo, &QComboBox::currentIndexChanged, this, &ConnectionPage::refreshLauncher);
    connect(m_ideCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (isVisible())
            refreshRelaunch();
    });
    ide->addRow(tr("IDE:"), m_ideCombo);
    m_launcherState = Widgets::wrappingLabel(u"launcherState"_s, ideBox);
    m_launcherState->setTextInteractionFlags(Qt::TextSelectableByMouse);
    ide->addRow(tr("Launcher:"), m_launcherState);
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(6);
    m_rewrite = new QPushButton(ideBox);
    m_rewrite->setObjectName(u"launcherRewrite"_s);
    connect(m_rewrite, &QPushButton::clicked, this, &ConnectionPage::rewriteLauncher);
    buttons->addWidget(m_rewrite);
    m_restore = Widgets::button(tr("Restore Original"), u"launcherRestore"_s, ideBox);
    connect(m_restore, &QPushButton::clicked, this, &ConnectionPage::restoreLauncher);
    buttons->addWidget(m_restore);
    buttons->addStretch(1);
    ide->addRow(buttons);
    // Starting has a row of its own: its button names the IDE ("Start Google Chrome
    // with Debugging"), too long to share a row with the launcher's at 800×600.
    auto *startRow = new QHBoxLayout;
    startRow->setSpacing(6);
    m_start = new QPushButton(ideBox);
    m_start->setObjectName(u"ideStart"_s);
    connect(m_start, &QPushButton::clicked, this, [this] { startIde(); });
    startRow->addWidget(m_start);
    m_cancelStart = Widgets::button(tr("Cancel"), u"ideStartCancel"_s, ideBox,
                                    tr("Stop waiting for the port (the started program is left running)"));
    m_cancelStart->hide();
    connect(m_cancelStart, &QPushButton::clicked, this, &ConnectionPage::cancelStart);
    startRow->addWidget(m_cancelStart);
    m_relaunch
        = Widgets::button(tr("Restart Running IDE with Debugging"), u"ideRelaunch"_s, ideBox,
                          tr("Quit the IDE that runs now and open it again with debugging on the app's port "
                             "and the same folders"));
    connect(m_relaunch, &QPushButton::clicked, this, [this] { relaunchIde(); });
    startRow->addStretch(1);
    ide->addRow(startRow);
    // A row of its own: five buttons in one row make the page scroll sideways at 800×600.
    auto *relaunchRow = new QHBoxLayout;
    relaunchRow->addWidget(m_relaunch);
    relaunchRow->addStretch(1);
    ide->addRow(relaunchRow);
    m_startState = Widgets::wrappingLabel(u"startState"_s, ideBox);
    m_startState->hide();
    ide->addRow(m_startState);
    connect(model, &ConnectionModel::relaunchProgress, this, [this](const QString &message) {
        ErrorStyle::setError(m_startState, false);
        m_startState->setText(knownSentence(message).translated());
        m_startState->show();
    });
    // An IDE started or quit outside the app shows here within the poll's interval.
    m_relaunchPoll.setInterval(3s);
    connect(&m_relaunchPoll, &QTimer::timeout, this, &ConnectionPage::refreshRelaunch);
    connect(model, &ConnectionModel::relaunchFinished, this,
            [this](const ConnectionModel::RelaunchResult &result) {
                refreshRelaunch();
                m_startState->show();
                ErrorStyle::setError(m_startState, !result.ok);
                if (result.ok)
                    m_startState->setText(
                        tr("%1 is back with debugging on port %2 (%3), with %n folder(s) open. The "
                           "app attaches to it by itself.",
                           nullptr, result.folders)
                            .arg(result.ideName)
                            .arg(savedPort())
                            .arg(result.browser));
                else
                    m_startState->setText(tr("Could not restart with debugging: %1.")
                                              .arg(knownSentence(result.error).translated()));
            });
    connect(model, &ConnectionModel::waitAttemptFailed, this, [this] {
        const ConnectionModel::Ide *info = selectedIde();
        QString text = tr("Waiting for %1 to open port %2… (%3 s)")
                           .arg(info ? info->name : QString())
                           .arg(savedPort())
                           .arg(m_startClock.elapsed() / 1000);
        if (m_lastPid != 0 && !m_model->startedIdeRunning())
            text += u' '
                + tr("The program started ended at once (exit code 0), as a launcher that hands over does; "
                     "if "
                     "no window opens, %1 may already be running without debugging.")
                      .arg(info ? info->name : QString());
        m_startState->setText(text);
    });
    connect(model, &ConnectionModel::waitFinished, this, &ConnectionPage::showStartResult);
    // A program that ends with an error before the port opens is the answer: stop waiting.
    connect(model, &ConnectionModel::startedIdeExited, this, [this](int exitCode, bool crashed) {
        if (!crashed && exitCode == 0)
            return; // a launcher that handed over to the IDE; the port tells
        startedProgramEnded(exitCode, crashed);
    });
    body()->addStretch(1);

    connect(settings(), &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::CdpHost || key == SettingKey::CdpPort) {
            refreshAddressNotes();
            refreshLauncher();
        }
    });
    connect(model, &ConnectionModel::statusChanged, this, &ConnectionPage::refreshEngineState);
    refreshAddressNotes();
    refreshEngineState();
    refreshLauncher();
}

ConnectionPage::~ConnectionPage() = default;

void ConnectionPage::showEvent(QShowEvent *event)
{
    SettingsPage::showEvent(event);
    refreshRelaunch();
    m_relaunchPoll.start();
}

void ConnectionPage::hideEvent(QHideEvent *event)
{
    m_relaunchPoll.stop();
    SettingsPage::hideEvent(event);
}

void ConnectionPage::refreshRelaunch()
{
    if (m_model->isRelaunching()) {
        m_relaunch->setEnabled(false);
        return;
    }
    const std::optional<ConnectionModel::RunningIde> running = m_model->runningIde(selectedIdeId());
    m_relaunch->setEnabled(running.has_value());
    m_relaunch->setToolTip(
        running ? tr("Quit %1 (process %2) and open it again with debugging on the app's port and the same "
                     "folders")
                      .arg(running->ideName)
                      .arg(running->pid)
                : nothingToRestart());
}

QString ConnectionPage::nothingToRestart() const
{
    // The page's own sentence (core's is English, for the log and the API): which IDEs it
    // looked for.
    QStringList names;
    for (const ConnectionModel::Ide &ide : m_ides) {
        if (!ide.dedicatedProfile)
            names.append(ide.name);
    }
    return tr("Nothing to restart: none of %1 is running.").arg(QLocale().createSeparatedList(names));
}

void ConnectionPage::cancelStart()
{
    if (!m_model->isWaiting())
        return;
    m_model->cancelWait();
    m_start->setEnabled(true);
    m_cancelStart->hide();
    const ConnectionModel::Ide *info = selectedIde();
    const QString name = info ? info->name : tr("The IDE");
    ErrorStyle::setError(m_startState, false);
    m_startState->setText(
        m_model->startedIdeRunning()
            ? tr("Stopped waiting. %1 is still running (process %2); close it yourself if you "
                 "do not want it.")
                  .arg(name)
                  .arg(m_lastPid)
            : tr("Stopped waiting."));
}

void ConnectionPage::showStartResult(const ConnectionModel::ProbeResult &result)
{
    const ConnectionModel::Ide *info = selectedIde();
    const QString name = info ? info->name : tr("The IDE");
    m_start->setEnabled(true);
    m_cancelStart->hide();
    ErrorStyle::setError(m_startState, !result.ok);
    if (result.ok)
        m_startState->setText(tr("%1 answers on port %2 (%3). The app attaches to it by itself.")
                                  .arg(name)
                                  .arg(result.port)
                                  .arg(result.browser));
    else
        m_startState->setText(tr("%1 did not open port %2 within %3 s. If it was already running, close "
                                 "all its windows and start it again.")
                                  .arg(name)
                                  .arg(result.port)
                                  .arg(kStartTimeout.count()));
}

void ConnectionPage::startedProgramEnded(int exitCode, bool crashed)
{
    if (!m_model->isWaiting())
        return; // the port answered first, or the user cancelled
    m_model->cancelWait();
    m_start->setEnabled(true);
    m_cancelStart->hide();
    const ConnectionModel::Ide *info = selectedIde();
    const QString name = info ? info->name : tr("The IDE");
    QString text = crashed
        ? tr("%1 was killed before it opened port %2.").arg(name).arg(savedPort())
        : tr("%1 ended before it opened port %2 (exit code %3).").arg(name).arg(savedPort()).arg(exitCode);
    const QString said = m_model->startedIdeOutput(6);
    if (!said.isEmpty())
        text += u'\n' + tr("The last it printed: %1").arg(said);
    const QString outputFile = m_model->startedIdeOutputFile();
    if (!outputFile.isEmpty())
        text += u'\n' + tr("All it wrote is in %1.").arg(QDir::toNativeSeparators(outputFile));
    ErrorStyle::setError(m_startState);
    m_startState->setText(text);
}

quint16 ConnectionPage::savedPort() const
{
    return quint16(settings()->intValue(SettingKey::CdpPort));
}

void ConnectionPage::refreshAddressNotes()
{
    // A --cdp-host/--cdp-port (or the demo) wins for this run; say so next to the fields.
    const QString savedHost = settings()->stringValue(SettingKey::CdpHost);
    const bool differs = m_model->host() != savedHost || m_model->port() != savedPort();
    const QString note = differs ? tr("This run uses %1:%2 (set on the command line); the saved address "
                                      "applies from the next start.")
                                       .arg(m_model->host())
                                       .arg(m_model->port())
                                 : QString();
    m_port->setNote(note);
}

void ConnectionPage::refreshEngineState()
{
    refreshAddressNotes(); // a command-line or demo address arrives with a reconnect
    QString text = m_model->statusLine();
    const QString browser = m_model->browserVersion();
    if (m_model->isConnected() && !browser.isEmpty())
        text += u" ("_s + browser + u')';
    m_engineState->setText(text);
    // A failed start or restart is old news once the app is connected: it goes, not to be read
    // as the state of a connection that works.
    if (m_model->isConnected() && m_startState->property("error").toBool()) {
        ErrorStyle::setError(m_startState, false);
        m_startState->clear();
        m_startState->hide();
    }
}

void ConnectionPage::testConnection()
{
    const QString host = qobject_cast<QLineEdit *>(m_host->editor())->text().trimmed();
    const auto port = quint16(qobject_cast<QSpinBox *>(m_port->editor())->value());
    if (!settings()->validate(SettingKey::CdpHost, host)) {
        m_host->commit(); // shows the problem under the field
        ErrorStyle::setError(m_testResult);
        m_testResult->setText(tr("Fix the host first."));
        return;
    }
    m_testButton->setEnabled(false);
    ErrorStyle::setError(m_testResult, false);
    m_testResult->setText(tr("Asking %1:%2…").arg(host).arg(port));
    m_targets->clear();
    m_targets->hide();
    m_model->probe(host, port);
}

void ConnectionPage::showProbeResult(const ConnectionModel::ProbeResult &result)
{
    m_testButton->setEnabled(true);
    m_targets->clear();
    ErrorStyle::setError(m_testResult, !result.ok);
    if (!result.ok) {
        m_testResult->setText(ErrorStyle::sentence(result.error));
        m_targets->hide();
        return;
    }
    int usable = 0;
    for (const ConnectionModel::Target &target : result.targets) {
        QString verdict;
        if (!target.attachable)
            verdict = tr("skips: another debugger holds it");
        else if (!target.skipReason.isEmpty())
            verdict = tr("skips: %1").arg(target.skipReason);
        else {
            verdict = tr("attaches");
            ++usable;
        }
        const QString title = target.title.isEmpty() ? target.url : target.title;
        auto *item = new QTreeWidgetItem(m_targets, { title, target.type, verdict });
        item->setToolTip(0, target.url);
        item->setToolTip(2, verdict);
    }
    m_targets->setVisible(!result.targets.isEmpty());
    const QString who = result.browser.isEmpty() ? tr("A DevTools endpoint") : result.browser;
    const auto count = result.targets.size();
    m_testResult->setText((count == 1 ? tr("%1 answers at %2 · 1 target, %3 to work on")
                                      : tr("%1 answers at %2 · %4 targets, %3 to work on"))
                              .arg(who, result.address)
                              .arg(usable)
                              .arg(count));
}

const ConnectionModel::Ide *ConnectionPage::selectedIde() const
{
    const int index = m_ideCombo->currentIndex();
    return index >= 0 && index < m_ides.size() ? &m_ides.at(index) : nullptr;
}

QString ConnectionPage::selectedIdeId() const
{
    const ConnectionModel::Ide *info = selectedIde();
    return info ? info->id : QString();
}

void ConnectionPage::selectIde(const QString &id)
{
    m_ideCombo->setCurrentIndex(m_ideCombo->findData(id));
}

void ConnectionPage::refreshLauncher()
{
    const ConnectionModel::Ide *info = selectedIde();
    if (!info)
        return;
    const ConnectionModel::Launcher state = m_model->launcher(info->id);
    const quint16 port = savedPort();
    QString text;
    if (!state.found)
        text = tr("No launcher for %1 was found on this system.").arg(info->name);
    else if (state.separate && !state.rewritten)
        text = tr("%1 — starts %2 without debugging. Adding debugging writes a separate entry "
                  "“%3” to %4 with a profile of its own; %1 stays as it is.")
                   .arg(nativePath(state.launcherPath), info->name, state.separateName,
                        nativePath(state.separatePath));
    else if (state.separate && state.port != port)
        text = tr("The entry “%1” (%2) starts %3 with debugging on port %4, but the app "
                  "watches port %5. Your entry %6 is unchanged.")
                   .arg(state.separateName, nativePath(state.separatePath), info->name)
                   .arg(state.port)
                   .arg(port)
                   .arg(nativePath(state.originalPath));
    else if (state.separate)
        text = tr("The entry “%1” (%2) starts %3 with debugging on port %4 in a profile of "
                  "its own. Your entry %5 is unchanged.")
                   .arg(state.separateName, nativePath(state.separatePath), info->name)
                   .arg(state.port)
                   .arg(nativePath(state.originalPath));
    else if (!state.rewritten)
        text = tr("%1 — starts %2 without debugging.").arg(nativePath(state.launcherPath), info->name);
    else if (state.port != port)
        text = tr("%1 starts %2 with debugging on port %3, but the app watches port %4.")
                   .arg(nativePath(state.launcherPath), info->name)
                   .arg(state.port)
                   .arg(port);
    else
        text = tr("%1 starts %2 with debugging on port %3. The original is kept (%4).")
                   .arg(nativePath(state.launcherPath), info->name)
                   .arg(state.port)
                   .arg(nativePath(state.originalPath));
    m_launcherState->setText(text);

    m_rewrite->setText(state.rewritten && state.port != port ? tr("Update to Port %1").arg(port)
                           : state.separate                  ? tr("Add Debugging Entry")
                                                             : tr("Add Debugging to Launcher"));
    m_rewrite->setEnabled(state.found && !(state.rewritten && state.port == port));
    m_rewrite->setToolTip(
        state.separate ? tr("Write %1, a separate entry “%2” that starts %3 with --remote-debugging-port=%4 "
                            "and a profile of its own; %5 is not changed")
                             .arg(nativePath(state.separatePath), state.separateName, info->name)
                             .arg(port)
                             .arg(nativePath(state.originalPath))
                       : tr("Make the usual way of starting %1 pass --remote-debugging-port=%2")
                             .arg(info->name)
                             .arg(port));
    m_restore->setText(state.separate ? tr("Remove Debugging Entry") : tr("Restore Original"));
    m_restore->setToolTip(
        state.separate && state.rewritten ? tr("Delete %1").arg(nativePath(state.separatePath)) : QString());
    m_restore->setEnabled(state.rewritten);
    m_start->setText(tr("Start %1 with Debugging").arg(info->name));
    m_start->setEnabled(state.found && !m_model->isWaiting());
    Q_EMIT launcherChanged();
}

bool ConnectionPage::isWaitingForIde() const
{
    return m_model->isWaiting();
}

QString ConnectionPage::startText() const
{
    return m_start->text();
}

bool ConnectionPage::canStartIde() const
{
    const ConnectionModel::Ide *info = selectedIde();
    return info && m_model->launcher(info->id).found;
}

bool ConnectionPage::rewriteLauncher()
{
    const ConnectionModel::Ide *info = selectedIde();
    if (!info)
        return false;
    QString error;
    if (!m_model->rewriteLauncher(info->id, savedPort(), &error)) {
        m_launcherState->setText(tr("Could not change the launcher: %1.").arg(error));
        return false;
    }
    refreshLauncher();
    return true;
}

bool ConnectionPage::restoreLauncher()
{
    const ConnectionModel::Ide *info = selectedIde();
    if (!info)
        return false;
    QString error;
    if (!m_model->restoreLauncher(info->id, &error)) {
        m_launcherState->setText(tr("Could not restore the launcher: %1.").arg(error));
        return false;
    }
    refreshLauncher();
    return true;
}

bool ConnectionPage::relaunchIde(bool confirmed)
{
    if (m_model->isRelaunching())
        return false;
    const std::optional<ConnectionModel::RunningIde> running = m_model->runningIde(selectedIdeId());
    if (!running) {
        ErrorStyle::setError(m_startState);
        m_startState->setText(nothingToRestart());
        m_startState->show();
        return false;
    }
    const quint16 port = savedPort();
    if (!confirmed) {
        const QString folders = running->folders.isEmpty()
            ? tr("It opens again without a folder.")
            : tr("It opens again with: %1").arg(running->folders.join(u", "_s));
        const QString restart = tr("Restart %1").arg(running->ideName);
        if (!Widgets::confirm(
                this, restart, tr("Restart %1 with debugging on port %2?").arg(running->ideName).arg(port),
                tr("%1 quits as if you chose Quit (it may ask you to save your files), then starts "
                   "again with --remote-debugging-port=%2. %3")
                    .arg(running->ideName)
                    .arg(port)
                    .arg(folders),
                restart))
            return false;
    }
    m_model->relaunch(running->pid, settings()->stringValue(SettingKey::CdpHost), port);
    refreshRelaunch(); // busy: off until it is done
    return true;
}

bool ConnectionPage::startIde(bool confirmed)
{
    const ConnectionModel::Ide *info = selectedIde();
    if (!info)
        return false;
    const quint16 port = savedPort();
    if (!m_model->canStartIde(info->id)) {
        ErrorStyle::setError(m_startState);
        m_startState->setText(
            tr("No launcher for %1 was found, so it cannot be started from here.").arg(info->name));
        m_startState->show();
        return false;
    }
    // A browser started in a profile of its own runs beside the user's windows of it: nothing
    // to close first, so nothing to ask.
    if (!confirmed && !info->dedicatedProfile) {
        const QString start = tr("Start %1").arg(info->name);
        if (!Widgets::confirm(
                this, start, tr("Close every %1 window first.").arg(info->name),
                tr("A %1 that is still running ignores the debugging flag and only opens another "
                   "window. Start %1 with debugging on port %2 now?")
                    .arg(info->name)
                    .arg(port),
                start))
            return false;
    }
    QString error;
    const qint64 pid = m_model->startIde(info->id, port, &error);
    if (pid == 0) {
        ErrorStyle::setError(m_startState);
        m_startState->setText(tr("Could not start %1 (%2).").arg(info->name, error));
        m_startState->show();
        return false;
    }
    m_lastPid = pid;
    Q_EMIT ideStarted(m_lastPid);
    ErrorStyle::setError(m_startState, false);
    m_startState->setText(tr("Waiting for %1 to open port %2…").arg(info->name).arg(port));
    m_startState->show();
    m_start->setEnabled(false);
    m_cancelStart->show();
    m_startClock.start();
    // Where the app will look for it: the saved address (an IDE started here listens on this
    // machine; a host that forwards to it, e.g. a tunnel's, is probed as the engine will).
    m_model->waitForIde(settings()->stringValue(SettingKey::CdpHost), port, kStartTimeout);
    return true;
}

} // namespace mpa
