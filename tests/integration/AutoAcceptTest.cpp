// Auto-accept in real Chromium on fixture agent panels (tests/fixtures/autoaccept): exactly the
// eligible buttons are clicked, banned commands are blocked and reported, the counts are
// exact, and it keeps working after a reload, in new tabs, in frames, paused and reconfigured.
#include "AppRun.h"
#include "FakeClock.h"
#include "PayloadTest.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "page/PayloadHub.h"
#include "settings/Settings.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace mpa {
inline void PrintTo(const AutoAcceptCounts &counts, std::ostream *os)
{
    *os << QJsonDocument(counts.toJson()).toJson(QJsonDocument::Compact).toStdString();
}
} // namespace mpa

namespace {

std::string show(const AutoAcceptCounts &counts)
{
    return QJsonDocument(counts.toJson()).toJson(QJsonDocument::Compact).toStdString();
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

class AutoAcceptTest : public PayloadTest
{
protected:
    void SetUp() override
    {
        PayloadTest::SetUp();
        settings = std::make_unique<Settings>(QDir(configDir()).filePath(u"settings.ini"_s));
        controller = std::make_unique<AutoAcceptController>(endpoint, hub.get(), settings.get(), configDir());
        settings->setValue(SettingKey::AutoAcceptEnabled, true);
        // No key presses in these pages unless a test makes them.
        settings->setValue(SettingKey::AutoAcceptUserIdleMs, 0);
    }

    void TearDown() override
    {
        controller.reset();
        PayloadTest::TearDown();
    }

    CdpSession *open(const QUrl &url) { return openPageInFront(endpoint, url); }

    static QStringList clickedIn(CdpSession *page)
    {
        QString error;
        const QJsonValue value
            = evaluate(page, u"window.__clicked ? window.__clicked.slice() : null"_s, &error);
        QStringList ids;
        for (const QJsonValue &id : value.toArray())
            ids.append(id.toString());
        return ids;
    }

    bool waitClicked(CdpSession *page, const QStringList &ids, std::chrono::milliseconds timeout = 10s)
    {
        return waitUntil(
            [&] {
                const QStringList clicked = clickedIn(page);
                return std::all_of(ids.begin(), ids.end(),
                                   [&](const QString &id) { return clicked.contains(id); });
            },
            timeout);
    }

    // Runs the payload's own scan in a frame of the page and returns its stats: once it
    // returns, whatever that scan would click has been clicked.
    QJsonObject scanNow(CdpSession *page, const QString &frameId = {})
    {
        return callModule(page, QString::fromLatin1(AutoAcceptController::kModule), u"scan"_s, frameId)
            .toObject();
    }

    QJsonObject payloadStats(CdpSession *page)
    {
        return callModule(page, QString::fromLatin1(AutoAcceptController::kModule), u"stats"_s).toObject();
    }

    // True once the page's payload runs with `active` as its state (config pushed).
    bool waitActive(CdpSession *page, bool active)
    {
        return waitUntil([&] {
            const QJsonObject stats = payloadStats(page);
            return stats.contains(u"active"_s) && stats.value(u"active").toBool() == active;
        });
    }

    static void addStep(CdpSession *page, const QJsonObject &step)
    {
        QString error;
        evaluate(page,
                 u"addStep(%1)"_s.arg(QString::fromUtf8(QJsonDocument(step).toJson(QJsonDocument::Compact))),
                 &error);
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    }

    std::unique_ptr<Settings> settings;
    std::unique_ptr<AutoAcceptController> controller;
};

const QStringList kPanelClicked { u"accept-edit"_s, u"run-harmless"_s, u"retry"_s, u"stubborn-apply"_s,
                                  u"shadow-allow"_s };

TEST_F(AutoAcceptTest, ClicksExactlyTheEligibleButtonsAndBlocksTheBannedCommand)
{
    QSignalSpy blocked(controller.get(), &AutoAcceptController::commandBlocked);
    QSignalSpy clicked(controller.get(), &AutoAcceptController::clicked);
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);

    ASSERT_TRUE(waitUntil([&] {
        const AutoAcceptCounts run = controller->runCounts();
        return run.clicks == 4 && run.blocked == 1 && run.failedVerifications == 1;
    })) << show(controller->runCounts());
    scanNow(page);
    EXPECT_EQ(sorted(clickedIn(page)), sorted(kPanelClicked));

    AutoAcceptCounts expected;
    expected.clicks = 4; // accept-edit, run-harmless, retry, shadow-allow (stubborn-apply stayed)
    expected.blocked = 1;
    expected.failedVerifications = 1;
    expected.fileEdits = 1;
    expected.terminalCommands = 2; // Run and Allow once
    AutoAcceptCounts expectedRun = expected;
    expectedRun.sessions = 1; // the run's first click made it a session
    EXPECT_EQ(controller->runCounts(), expectedRun) << show(controller->runCounts());
    EXPECT_EQ(controller->stats()->cumulative(), expectedRun);
    EXPECT_EQ(clicked.count(), 4);
    // Each verified click's reaction time (button seen → click verified, measured by the page
    // script) is kept for the Dashboard's histogram: one per click, each a plausible time.
    ASSERT_EQ(controller->stats()->reactionsMs().size(), 4);
    for (const double ms : controller->stats()->reactionsMs()) {
        EXPECT_GT(ms, 0);
        EXPECT_LT(ms, 5000);
    }

    ASSERT_EQ(blocked.count(), 1);
    EXPECT_TRUE(blocked.at(0).at(1).toString().contains(u"autoaccept/panel.html"_s));
    EXPECT_EQ(blocked.at(0).at(2).toString(), u"recursive-delete"_s);
    EXPECT_TRUE(blocked.at(0).at(3).toString().contains(u"rm -rf / --no-preserve-root"_s));
    ASSERT_EQ(controller->recentBlocked().size(), 1);
    EXPECT_EQ(controller->recentBlocked().first().pattern, u"recursive-delete"_s);
    EXPECT_EQ(evaluate(page, u"document.getElementById('run-banned').dataset.mpaBlocked"_s).toString(),
              u"true"_s);

    // Counted once: more scans do not report the banned button again.
    scanNow(page);
    bool collected = false;
    controller->collectNow(controller.get(), [&] { collected = true; });
    ASSERT_TRUE(waitUntil([&] { return collected; }));
    EXPECT_EQ(controller->runCounts(), expectedRun);
    EXPECT_EQ(blocked.count(), 1);

    // The target's own counts and profile.
    const auto targets = controller->targets();
    const auto it = std::find_if(targets.begin(), targets.end(),
                                 [&](const auto &t) { return t.targetId == page->targetId(); });
    ASSERT_NE(it, targets.end());
    EXPECT_EQ(it->counts, expected);
    EXPECT_EQ(it->profileId, u"generic"_s);
}

TEST_F(AutoAcceptTest, ButtonsAppearingOverTimeInShadowRootsAndAfterChanges)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));

    addStep(page, { { u"id"_s, u"late-accept"_s }, { u"label"_s, u"Accept"_s } });
    addStep(page,
            { { u"id"_s, u"late-shadow-run"_s },
              { u"label"_s, u"Run"_s },
              { u"code"_s, u"make test"_s },
              { u"shadow"_s, true } });
    addStep(page,
            { { u"id"_s, u"late-banned"_s },
              { u"label"_s, u"Run"_s },
              { u"code"_s, u"sudo  DD   if=/dev/zero of=/dev/sda"_s } });
    addStep(page,
            { { u"id"_s, u"late-disabled"_s },
              { u"label"_s, u"Apply"_s },
              { u"attrs"_s, QJsonObject { { u"disabled"_s, u""_s } } } });
    addStep(
        page,
        { { u"id"_s, u"late-running"_s }, { u"label"_s, u"Running…"_s }, { u"code"_s, u"npm run lint"_s } });
    ASSERT_TRUE(waitClicked(page, { u"late-accept"_s, u"late-shadow-run"_s }));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked == 2; }));
    EXPECT_EQ(controller->recentBlocked().first().pattern, u"dd-device"_s);
    EXPECT_EQ(controller->recentBlocked().first().command, u"sudo  DD   if=/dev/zero of=/dev/sda"_s)
        << "the command is reported as the page shows it: case and spacing kept";
    scanNow(page);
    EXPECT_FALSE(clickedIn(page).contains(u"late-disabled"_s));
    EXPECT_FALSE(clickedIn(page).contains(u"late-running"_s));

    // Enabled later; the label changes from "Running…" to "Run": both are clicked then.
    evaluate(page, u"document.getElementById('late-disabled').disabled = false"_s);
    evaluate(page, u"document.getElementById('late-running').textContent = 'Run'"_s);
    ASSERT_TRUE(waitClicked(page, { u"late-disabled"_s, u"late-running"_s }));
    // A button that went away and comes back is a new appearance: clicked again.
    evaluate(page, u"document.getElementById('retry').style.display = ''"_s);
    ASSERT_TRUE(waitUntil([&] { return clickedIn(page).count(u"retry"_s) == 2; }));
    // One that was only disabled (a Run while its command runs) is not clicked again.
    evaluate(page,
             u"(() => { const b = document.getElementById('card').shadowRoot.getElementById('shadow-allow'); "
             "b.disabled = false; })()"_s);
    scanNow(page);
    EXPECT_EQ(clickedIn(page).count(u"shadow-allow"_s), 1);
    // Reaction comes from the DOM observer, not the 1 s poll.
    const double reaction
        = evaluate(page, u"window.__clickTimes['late-accept'] - window.__insertedAt['late-accept']"_s)
              .toDouble();
    EXPECT_LT(reaction, 200.0);
}

TEST_F(AutoAcceptTest, APanelThatAppearsLaterOrIsRenderedAgainIsFound)
{
    // No agent panel at first: nothing to click, until one appears.
    CdpSession *page = open(fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitActive(page, true));
    const QString addPanel = uR"JS((() => {
      window.__clicked = window.__clicked || [];
      const panel = document.createElement('aside');
      panel.className = 'agent-panel';
      const button = document.createElement('button');
      button.id = '%1';
      button.textContent = 'Accept';
      button.addEventListener('click', () => {
        window.__clicked.push(button.id);
        window.__clickedAt = performance.now();
        button.remove();
      });
      panel.appendChild(button);
      document.querySelector('.agent-panel')?.remove();
      window.__addedAt = performance.now();
      document.body.appendChild(panel);
    })())JS"_s;
    evaluate(page, addPanel.arg(u"in-new-panel"_s));
    ASSERT_TRUE(waitClicked(page, { u"in-new-panel"_s }));
    // Seen as it appeared, not at the next scan (every 1000 ms).
    EXPECT_LT(evaluate(page, u"window.__clickedAt - window.__addedAt"_s).toDouble(), 500.0);
    // The panel rendered again as a new element: found again (by the next scan at the latest).
    evaluate(page, addPanel.arg(u"in-rendered-panel"_s));
    ASSERT_TRUE(waitClicked(page, { u"in-rendered-panel"_s }));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().clicks == 2; }));
}

TEST_F(AutoAcceptTest, AReloadAndANewTabAreCoveredToo)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitUntil([&] {
        return controller->runCounts().failedVerifications == 1 && controller->runCounts().clicks == 4;
    })) << show(controller->runCounts());

    sendAndWait(page, u"Page.reload"_s);
    ASSERT_TRUE(waitUntil([&] {
        return controller->runCounts().failedVerifications == 2 && controller->runCounts().clicks == 8;
    })) << show(controller->runCounts());
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    scanNow(page);
    EXPECT_EQ(sorted(clickedIn(page)), sorted(kPanelClicked));
    EXPECT_EQ(controller->runCounts().clicks, 8);
    EXPECT_EQ(controller->runCounts().blocked, 2);

    CdpSession *second = open(fixtureUrl(u"autoaccept/panel.html?second"_s));
    ASSERT_TRUE(second);
    ASSERT_TRUE(waitUntil([&] {
        return controller->runCounts().failedVerifications == 3 && controller->runCounts().clicks == 12;
    })) << show(controller->runCounts());
    scanNow(second);
    EXPECT_EQ(sorted(clickedIn(second)), sorted(kPanelClicked));
    EXPECT_EQ(controller->runCounts().clicks, 12);
}

// Nothing may cover a button that runs a command: the person must be able to see the step
// whose command runs (an overlay may show something else over it). A button that runs nothing
// gets el.click(), which no overlay intercepts, and is judged by its words: covered or not, it is
// clicked, without the page-wide hit test that a big, busy page pays 2–4 ms for; but not when an
// ancestor cuts it off (a collapsed section, a box scrolled away from it).
TEST_F(AutoAcceptTest, ACoveredButtonIsClickedOnlyWhenItRunsNothingACutOffOneNever)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    QString error;
    evaluate(page, uR"((() => {
        for (const [id, label, code] of [['covered-edit', 'Accept', ''], ['covered-npm', 'Run', 'npm test']]) {
          addStep({ id, label, code });
          const step = document.getElementById(id).closest('.step');
          step.classList.add('covered');
          const overlay = document.createElement('div');
          overlay.className = 'overlay';
          step.appendChild(overlay);
        }
        return true;
      })())"_s,
             &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    // Cut off by its ancestors, without a hit test: a collapsed section's Accept, and one scrolled
    // out of its box while the box is in the window. Neither is clicked.
    evaluate(page, uR"((() => {
        // At the top of the panel, where the window shows them.
        const early = Object.assign(document.createElement('div'), { id: 'early' });
        document.querySelector('.agent-panel').prepend(early);
        addStep({ id: 'collapsed-accept', label: 'Accept', into: '#early' });
        document.getElementById('collapsed-accept').closest('.actions').style.cssText = 'height: 0; overflow: hidden';
        addStep({ id: 'scrolled-accept', label: 'Accept', into: '#early' });
        const box = document.getElementById('scrolled-accept').closest('.actions');
        box.style.cssText = 'height: 20px; overflow: auto';
        box.insertBefore(Object.assign(document.createElement('div'), { style: 'height: 200px' }), box.firstChild);
        return true;
      })())"_s,
             &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_TRUE(waitClicked(page, { u"covered-edit"_s }));
    scanNow(page);
    const QStringList clicked = clickedIn(page);
    EXPECT_FALSE(clicked.contains(u"collapsed-accept"_s)) << clicked.join(u',').toStdString();
    EXPECT_FALSE(clicked.contains(u"scrolled-accept"_s)) << clicked.join(u',').toStdString();
    EXPECT_FALSE(clicked.contains(u"covered-npm"_s)) << clicked.join(u',').toStdString();
    EXPECT_FALSE(clicked.contains(u"covered-run"_s)) << clicked.join(u',').toStdString();
    // Uncovered, the same command step is clicked.
    evaluate(page,
             u"document.getElementById('covered-npm').closest('.step').querySelector('.overlay').remove()"_s);
    EXPECT_TRUE(waitClicked(page, { u"covered-npm"_s }));
}

// "While you were away" (the extension's analytics/focus.js: window focus/blur and
// visibilitychange): clicks made while another tab is in front are counted, and said when the
// panel's tab is in front again — real focus changes of the browser, by Page.bringToFront.
TEST_F(AutoAcceptTest, ClicksWhileTheUserIsElsewhereAreToldWhenTheyAreBack)
{
    QSignalSpy returned(controller.get(), &AutoAcceptController::userReturned);
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    ASSERT_TRUE(waitUntil([&] { return evaluate(page, u"document.hasFocus()"_s).toBool(); }))
        << "the panel's tab never had the focus";

    CdpSession *other = open(fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(other);
    ASSERT_TRUE(waitUntil([&] { return !evaluate(page, u"document.hasFocus()"_s).toBool(); }))
        << "the panel's tab kept the focus behind another one";
    const qint64 before = controller->runCounts().clicks;
    addStep(page, { { u"id"_s, u"away-accept"_s }, { u"label"_s, u"Accept"_s } });
    addStep(page, { { u"id"_s, u"away-retry"_s }, { u"label"_s, u"Retry"_s } });
    ASSERT_TRUE(waitClicked(page, { u"away-accept"_s, u"away-retry"_s }));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().clicks == before + 2; }));
    EXPECT_TRUE(returned.isEmpty()) << "said while the user is still elsewhere";

    sendAndWait(page, u"Page.bringToFront"_s);
    ASSERT_TRUE(waitUntil([&] { return !returned.isEmpty(); })) << "nothing said on coming back";
    EXPECT_EQ(returned.at(0).at(0).toString(), page->targetId());
    EXPECT_EQ(returned.at(0).at(2).toInt(), 2);
    // Clicks while the user is there are not "while away".
    addStep(page, { { u"id"_s, u"here-accept"_s }, { u"label"_s, u"Accept"_s } });
    ASSERT_TRUE(waitClicked(page, { u"here-accept"_s }));
    sendAndWait(other, u"Page.bringToFront"_s);
    sendAndWait(page, u"Page.bringToFront"_s);
    ASSERT_TRUE(waitUntil([&] { return evaluate(page, u"document.hasFocus()"_s).toBool(); }));
    bool collected = false;
    controller->collectNow(controller.get(), [&] { collected = true; });
    ASSERT_TRUE(waitUntil([&] { return collected; }));
    EXPECT_EQ(returned.size(), 1);
}

TEST_F(AutoAcceptTest, PausesGloballyAndPerTarget)
{
    CdpSession *first = open(fixtureUrl(u"autoaccept/panel.html?first"_s));
    CdpSession *second = open(fixtureUrl(u"autoaccept/panel.html?second"_s));
    ASSERT_TRUE(first && second);
    ASSERT_TRUE(waitClicked(first, kPanelClicked) && waitClicked(second, kPanelClicked));

    controller->setPaused(true);
    ASSERT_TRUE(waitActive(first, false) && waitActive(second, false));
    addStep(first, { { u"id"_s, u"while-paused"_s }, { u"label"_s, u"Accept"_s } });
    scanNow(first);
    EXPECT_FALSE(clickedIn(first).contains(u"while-paused"_s));
    controller->setPaused(false);
    ASSERT_TRUE(waitClicked(first, { u"while-paused"_s }));

    controller->setTargetPaused(first->targetId(), true);
    ASSERT_TRUE(waitActive(first, false));
    EXPECT_TRUE(payloadStats(second).value(u"active").toBool());
    addStep(first, { { u"id"_s, u"target-paused"_s }, { u"label"_s, u"Accept"_s } });
    addStep(second, { { u"id"_s, u"other-target"_s }, { u"label"_s, u"Accept"_s } });
    ASSERT_TRUE(waitClicked(second, { u"other-target"_s }));
    scanNow(first);
    EXPECT_FALSE(clickedIn(first).contains(u"target-paused"_s));
    controller->setTargetPaused(first->targetId(), false);
    ASSERT_TRUE(waitClicked(first, { u"target-paused"_s }));
}

TEST_F(AutoAcceptTest, ConfigChangesApplyLiveWithoutReinjection)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    const QString doc = payloadStats(page).value(u"doc").toString();

    settings->setValue(SettingKey::AutoAcceptAcceptWords, QStringList { u"proceed"_s, u"run"_s });
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"/npm\\s+publish/i"_s });
    ASSERT_TRUE(waitUntil([&] {
        addStep(page, { { u"id"_s, u"probe-proceed"_s }, { u"label"_s, u"Proceed"_s } });
        scanNow(page);
        return clickedIn(page).contains(u"probe-proceed"_s);
    }));
    addStep(page, { { u"id"_s, u"now-not-accept"_s }, { u"label"_s, u"Accept"_s } });
    addStep(page,
            { { u"id"_s, u"publish"_s },
              { u"label"_s, u"Run"_s },
              { u"code"_s, u"npm   publish --tag next"_s } });
    addStep(page,
            { { u"id"_s, u"rm-now-fine"_s }, { u"label"_s, u"Run"_s }, { u"code"_s, u"rm -rf ./build"_s } });
    ASSERT_TRUE(waitClicked(page, { u"rm-now-fine"_s }));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked == 2; }));
    EXPECT_EQ(controller->recentBlocked().first().pattern, u"/npm\\s+publish/i"_s);
    scanNow(page);
    EXPECT_FALSE(clickedIn(page).contains(u"now-not-accept"_s));
    EXPECT_FALSE(clickedIn(page).contains(u"publish"_s));
    EXPECT_EQ(payloadStats(page).value(u"doc").toString(), doc)
        << "the config push must not re-run the module";

    // Off: nothing more is clicked; on again: it is.
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    ASSERT_TRUE(waitActive(page, false));
    addStep(page, { { u"id"_s, u"while-off"_s }, { u"label"_s, u"Run"_s }, { u"code"_s, u"npm test"_s } });
    scanNow(page);
    EXPECT_FALSE(clickedIn(page).contains(u"while-off"_s));
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    ASSERT_TRUE(waitClicked(page, { u"while-off"_s }));
}

// Switched on with the IDE already open (no navigation to bring the modules in): the ban check
// arrives with auto-accept, so a harmless command is clicked and a banned one is not. Found on
// a real VS Code (code-server), where a command button was blocked as "ban check not loaded".
TEST_F(AutoAcceptTest, SwitchedOnInAnOpenPageTheBanCheckComesWithIt)
{
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    QString error;
    ASSERT_TRUE(waitUntil([&] { return evaluate(page, u"document.readyState"_s, &error) == u"complete"_s; }));
    ASSERT_EQ(hub->injectorFor(page), nullptr) << "nothing is installed while auto-accept is off";

    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    ASSERT_TRUE(waitClicked(page, kPanelClicked)) << clickedIn(page).join(u", "_s).toStdString();
    EXPECT_TRUE(hub->injectorFor(page)->hasScript(AutoAcceptController::banCheckScript().name));
    ASSERT_TRUE(waitUntil([&] { return controller->recentBlocked().size() == 1; }));
    EXPECT_EQ(controller->recentBlocked().first().pattern, u"recursive-delete"_s)
        << controller->recentBlocked().first().command.toStdString();
}

TEST_F(AutoAcceptTest, NoClickWhileTheUserTypes)
{
    settings->setValue(SettingKey::AutoAcceptUserIdleMs, 3000);
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));

    for (const char *type : { "keyDown", "keyUp" })
        sendAndWait(
            page, u"Input.dispatchKeyEvent"_s,
            { { u"type"_s, QString::fromLatin1(type) }, { u"key"_s, u"a"_s }, { u"text"_s, u"a"_s } });
    addStep(page, { { u"id"_s, u"typed-over"_s }, { u"label"_s, u"Accept"_s } });
    scanNow(page);
    EXPECT_FALSE(clickedIn(page).contains(u"typed-over"_s));
    ASSERT_TRUE(waitClicked(page, { u"typed-over"_s }));
    const double afterKey
        = evaluate(page, u"window.__clickTimes['typed-over'] - window.__keys[window.__keys.length - 1]"_s)
              .toDouble();
    EXPECT_GE(afterKey, 3000.0);
}

// `page` with ?frames= naming a cross-site (out-of-process) and a cross-port (same process) frame.
QUrl withFrames(QUrl page, const QUrl &crossSite, const QUrl &crossPort)
{
    const auto frameSpec = [](const QString &name, const QUrl &frameUrl) -> QString {
        return name + u'=' + QString::fromLatin1(QUrl::toPercentEncoding(frameUrl.toString()));
    };
    page.setQuery(u"frames="_s
                  + QString::fromLatin1(QUrl::toPercentEncoding(frameSpec(u"oopif"_s, crossSite) + u','
                                                                + frameSpec(u"sameproc"_s, crossPort))));
    return page;
}

TEST_F(AutoAcceptTest, FramesInAndOutOfProcessAreCovered)
{
    CdpSession *page = open(withFrames(fixtureUrl(u"autoaccept/framed.html"_s),
                                       crossSiteUrl(u"autoaccept/frame-panel.html"_s),
                                       crossPortUrl(u"autoaccept/frame-panel.html"_s)));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, { u"oopif:frame-run"_s, u"sameproc:frame-run"_s }));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked == 2; }));

    // The cross-site frame is a target of its own; the cross-port one is a frame of the page.
    const QList<CdpSession *> sessions = endpoint->sessions();
    EXPECT_TRUE(std::any_of(sessions.begin(), sessions.end(), [&](CdpSession *s) {
        return s->parentSession() == page && s->targetInfo().url.contains(u"localhost"_s);
    }));
    EXPECT_EQ(hub->injectorFor(page)->frameIds().size(), 2);
    scanNow(page);
    EXPECT_EQ(sorted(clickedIn(page)), sorted({ u"oopif:frame-run"_s, u"sameproc:frame-run"_s }));
    EXPECT_EQ(controller->runCounts().clicks, 2);
    for (const auto &b : controller->recentBlocked()) {
        EXPECT_EQ(b.pattern, u"format-disk"_s);
        EXPECT_EQ(b.targetId, page->targetId()) << "a frame's block is reported for its page";
    }
    const auto targets = controller->targets();
    const auto it = std::find_if(targets.begin(), targets.end(),
                                 [&](const auto &t) { return t.targetId == page->targetId(); });
    ASSERT_NE(it, targets.end());
    EXPECT_EQ(it->profileId, u"vscode"_s);
}

TEST_F(AutoAcceptTest, AWebPagesFramesAreNotPanels)
{
    CdpSession *page = open(withFrames(fixtureUrl(u"autoaccept/framed-web.html"_s),
                                       crossSiteUrl(u"autoaccept/frame-panel.html"_s),
                                       crossPortUrl(u"autoaccept/frame-panel.html"_s)));
    ASSERT_TRUE(page);
    // Every frame's payload runs and has looked at its document; nothing was clicked.
    PayloadInjector *injector = nullptr;
    CdpSession *oopif = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        injector = hub->injectorFor(page);
        for (CdpSession *s : endpoint->sessions()) {
            if (s->parentSession() == page)
                oopif = s;
        }
        return injector && injector->frameIds().size() == 2 && oopif && hub->injectorFor(oopif)
            && hub->injectorFor(oopif)->isReady();
    }));
    for (const QString &frameId : injector->frameIds())
        EXPECT_TRUE(waitUntil([&] { return scanNow(page, frameId).value(u"scans"_s).toInt() > 0; }));
    std::optional<QJsonValue> oopifScan;
    QObject context;
    hub->injectorFor(oopif)->evaluate(
        PayloadInjector::moduleCall(QString::fromLatin1(AutoAcceptController::kModule), u"scan"_s), &context,
        [&](const QJsonValue &v, const CdpError &) { oopifScan = v; });
    ASSERT_TRUE(waitUntil([&] { return oopifScan.has_value(); }));
    EXPECT_GT(oopifScan->toObject().value(u"scans"_s).toInt(), 0);
    EXPECT_TRUE(clickedIn(page).isEmpty()) << clickedIn(page).join(u", "_s).toStdString();
    EXPECT_EQ(controller->runCounts().clicks, 0);
    EXPECT_EQ(controller->runCounts().blocked, 0);
}

// The app as users run it: `multi-purpose-agent --headless --auto-accept --cdp-port P` on a
// browser it has never seen, its summary line counting what it did.
TEST_F(AutoAcceptTest, TheHeadlessAppWithAutoAcceptClicksOnlyTheEligibleButtons)
{
    controller.reset(); // only the app clicks here
    AppRun app({ u"--headless"_s, u"--auto-accept"_s, u"--cdp-port"_s, QString::number(browser().port()),
                 u"--config-dir"_s, tempDir() });
    ASSERT_TRUE(app.waitForStderr(u"connected to Chrome"_s)) << app.dump().toStdString();
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html?app"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked)) << app.dump().toStdString();
    ASSERT_TRUE(app.waitForStderr(u"still there 500 ms later"_s)) << app.dump().toStdString();
    ASSERT_TRUE(app.waitForStderr(u"is refused by the ban list (recursive-delete)"_s))
        << app.dump().toStdString();
    app.signal(SIGTERM);
    ASSERT_EQ(app.finish(), 0) << app.dump().toStdString();
    EXPECT_EQ(sorted(clickedIn(page)), sorted(kPanelClicked));
    EXPECT_EQ(app.summary().value(u"clicks"_s).toInt(), 4) << app.dump().toStdString();
    EXPECT_EQ(app.summary().value(u"blocked"_s).toInt(), 1) << app.dump().toStdString();
}

// Antigravity's real layout (the original extension's own description of it, see the fixture's
// header): Accept in a "Run command?" row runs the command, so it is checked like Run; a
// command that cannot be read is not clicked (fail closed); span buttons are clicked.
TEST_F(AutoAcceptTest, OnAntigravitysLayoutEveryCommandIsCheckedAndAnUnreadableOneIsNotClicked)
{
    QSignalSpy blocked(controller.get(), &AutoAcceptController::commandBlocked);
    CdpSession *page = open(fixtureUrl(u"autoaccept/antigravity-run-command.html"_s));
    ASSERT_TRUE(page);
    const QStringList eligible { u"accept-harmless"_s, u"span-accept"_s, u"run-field"_s };
    ASSERT_TRUE(waitClicked(page, eligible));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked == 5; }))
        << show(controller->runCounts());
    scanNow(page);
    EXPECT_EQ(sorted(clickedIn(page)), sorted(eligible))
        << "exactly the eligible buttons, nothing outside the panel";

    const auto marked = [&](const QString &id) {
        return evaluate(page, u"document.getElementById('%1').dataset.mpaBlocked || ''"_s.arg(id)).toString();
    };
    EXPECT_EQ(marked(u"accept-banned"_s), u"true"_s) << "Accept under Run command? with rm -rf /";
    EXPECT_EQ(marked(u"retry-banned"_s), u"true"_s) << "Retry under a failed banned command";
    EXPECT_EQ(marked(u"run-field-banned"_s), u"true"_s) << "a banned command in a textarea";
    EXPECT_EQ(marked(u"accept-unreadable"_s), u"unverifiable"_s) << "a command drawn on a canvas";
    EXPECT_EQ(marked(u"run-bare"_s), u"unverifiable"_s) << "a Run with no command at all";

    QStringList patterns;
    for (const auto &b : controller->recentBlocked())
        patterns.append(b.pattern);
    EXPECT_EQ(patterns.filter(QRegularExpression(u"^unverifiable: "_s)).size(), 2)
        << patterns.join(u" | "_s).toStdString();
    EXPECT_TRUE(patterns.contains(u"recursive-delete"_s));
    EXPECT_TRUE(patterns.contains(u"dd-device"_s));
    EXPECT_TRUE(patterns.contains(u"format-disk"_s));
    EXPECT_EQ(blocked.count(), 5);

    const auto targets = controller->targets();
    const auto it = std::find_if(targets.begin(), targets.end(),
                                 [&](const auto &t) { return t.targetId == page->targetId(); });
    ASSERT_NE(it, targets.end());
    EXPECT_EQ(it->profileId, u"antigravity"_s);
    EXPECT_EQ(it->counts.terminalCommands, 2) << "Accept under Run command? and Run count as commands";
    EXPECT_EQ(it->counts.fileEdits, 1);
}

// Issue 28: a button that runs something vouches only for the command of its own step, read
// whole. Each refused step has a harmless decoy the old "nearest code block" search took for its
// command (fixture header: Antigravity's "Run command?" rows as the original extension describes
// them, the usual ways of hiding text).
TEST_F(AutoAcceptTest, OnlyTheCommandOfTheButtonsOwnStepCanMakeItClickable)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/steps.html"_s));
    ASSERT_TRUE(page);
    const QStringList refused { u"nothing-accept"_s,   u"cmdline-accept"_s, u"two-accept"_s,
                                u"span-run"_s,         u"hidden-display"_s, u"hidden-visibility"_s,
                                u"hidden-zero"_s,      u"hidden-aria"_s,    u"hidden-transparent"_s,
                                u"hidden-offscreen"_s, u"hidden-clipped"_s };
    ASSERT_TRUE(waitClicked(page, { u"own-accept"_s })) << "a step with its own readable, harmless command";
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked == refused.size(); }))
        << show(controller->runCounts());

    // A removed earlier step: its Run is clicked and gone; the later step of the same turn shows
    // no command, and the earlier one's block is not its command.
    evaluate(page, u"addEarlierStep()"_s);
    ASSERT_TRUE(waitClicked(page, { u"earlier-run"_s }));
    evaluate(page, u"addLaterStep()"_s);
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked == refused.size() + 1; }))
        << show(controller->runCounts());
    scanNow(page);
    EXPECT_EQ(sorted(clickedIn(page)), sorted({ u"own-accept"_s, u"earlier-run"_s }));

    const auto marked = [&](const QString &id) {
        return evaluate(page, u"document.getElementById('%1').dataset.mpaBlocked || ''"_s.arg(id)).toString();
    };
    EXPECT_EQ(marked(u"nothing-accept"_s), u"unverifiable"_s)
        << "no command of its own: not the user's git status";
    EXPECT_EQ(marked(u"cmdline-accept"_s), u"true"_s) << "the command outside a code block is read";
    EXPECT_EQ(marked(u"two-accept"_s), u"true"_s) << "both blocks of the step are read";
    EXPECT_FALSE(marked(u"span-run"_s).isEmpty())
        << "the command in a span is read, not the block after the button";
    // Hidden text is never vouched for: the step is unverifiable, or banned when what is shown
    // is banned by itself (text taken out of the flow reads as a line of its own).
    for (const QString &id : refused.filter(u"hidden-"_s))
        EXPECT_FALSE(marked(id).isEmpty()) << id.toStdString() << ": hidden text is not vouched for";
    for (const QString &id :
         { u"hidden-visibility"_s, u"hidden-zero"_s, u"hidden-aria"_s, u"hidden-transparent"_s })
        EXPECT_EQ(marked(id), u"unverifiable"_s) << id.toStdString();
    EXPECT_EQ(marked(u"later-accept"_s), u"unverifiable"_s)
        << "the removed earlier step's block is not its command";

    // Reported as the page shows the command, and why the unverifiable ones wait.
    QStringList commands;
    QStringList patterns;
    for (const auto &b : controller->recentBlocked()) {
        commands.append(b.command);
        patterns.append(b.pattern);
    }
    EXPECT_TRUE(commands.contains(u"mkfs.ext4 /dev/sda1"_s)) << commands.join(u" | "_s).toStdString();
    EXPECT_TRUE(commands.contains(u"rm -rf ~"_s)) << commands.join(u" | "_s).toStdString();
    EXPECT_GE(patterns
                  .filter(QRegularExpression(
                      u"^unverifiable: .*(hidden|transparent|clipped|no size|off-screen|not shown)"_s))
                  .size(),
              4)
        << patterns.join(u" | "_s).toStdString();
    EXPECT_TRUE(patterns.contains(u"unverifiable: no command could be read in its step"_s))
        << patterns.join(u" | "_s).toStdString();
}

// Allow-list mode (safety/commandPolicy = allowlist): a command runs only when the allow list
// holds it; the rest waits for the person; buttons that run nothing follow the words as before.
// The policy follows the setting live.
TEST_F(AutoAcceptTest, InAllowListModeOnlyAllowListedCommandsAreClicked)
{
    settings->setValue(SettingKey::SafetyCommandPolicy, u"allowlist"_s);
    settings->setValue(SettingKey::SafetyAllowedCommands, QStringList { u"git status"_s, u"npm test *"_s });
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html?allowlist"_s));
    ASSERT_TRUE(page);
    // panel.html: the file edit, npm test, Retry and Allow once are clicked; rm -rf / is not.
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    addStep(page,
            { { u"id"_s, u"allowed-status"_s }, { u"label"_s, u"Run"_s }, { u"code"_s, u"git status"_s } });
    addStep(page,
            { { u"id"_s, u"publish-waits"_s },
              { u"label"_s, u"Run"_s },
              { u"code"_s, u"npm publish --access public"_s } });
    addStep(page, { { u"id"_s, u"edit-accept"_s }, { u"label"_s, u"Accept"_s } });
    ASSERT_TRUE(waitClicked(page, { u"allowed-status"_s, u"edit-accept"_s }));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked == 2; }))
        << show(controller->runCounts());
    scanNow(page);
    EXPECT_FALSE(clickedIn(page).contains(u"publish-waits"_s));
    EXPECT_EQ(evaluate(page, u"document.getElementById('publish-waits').dataset.mpaBlocked"_s).toString(),
              u"not-allowlisted"_s);
    const auto publish
        = std::find_if(controller->recentBlocked().cbegin(), controller->recentBlocked().cend(),
                       [](const auto &b) { return b.command == u"npm publish --access public"_s; });
    ASSERT_NE(publish, controller->recentBlocked().cend());
    EXPECT_TRUE(publish->pattern.startsWith(u"not in the allow list"_s)) << publish->pattern.toStdString();

    // Back to the rules: the same kind of command is clicked again (the policy is pushed live).
    settings->setValue(SettingKey::SafetyCommandPolicy, u"rules"_s);
    ASSERT_TRUE(waitUntil([&] {
        addStep(page,
                { { u"id"_s, u"publish-rules"_s },
                  { u"label"_s, u"Run"_s },
                  { u"code"_s, u"npm publish --dry-run"_s } });
        scanNow(page);
        return clickedIn(page).contains(u"publish-rules"_s);
    }));
}

// A VS Code window whose chat view the profile does not know: auto-accept looks at the whole
// window minus what is never the agent panel (fixture header: VS Code's own class names).
TEST_F(AutoAcceptTest, WithoutAKnownPanelAnIdeWindowMinusEditorNotificationsAndDialogsIsWatched)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/vscode-workbench.html"_s));
    ASSERT_TRUE(page);
    const QStringList eligible { u"chat-accept"_s, u"chat-run"_s };
    ASSERT_TRUE(waitClicked(page, eligible));
    ASSERT_TRUE(waitUntil([&] { return controller->runCounts().blocked >= 1; }));
    scanNow(page);
    EXPECT_EQ(sorted(clickedIn(page)), sorted(eligible))
        << "never the code lenses, the notification, the trust dialog, Run and Debug or the bars";
    EXPECT_EQ(evaluate(page, u"document.getElementById('chat-run-banned').dataset.mpaBlocked"_s).toString(),
              u"true"_s);
    EXPECT_TRUE(payloadStats(page).value(u"windowed"_s).toBool());
    EXPECT_FALSE(payloadStats(page).value(u"panelFound"_s).toBool());
    EXPECT_EQ(controller->runCounts().blocked, 1) << "nothing outside the fallback scope is even considered";
}

// The panel appears after the window was watched whole: from then on only the panel is
// observed, so the editor's every keystroke no longer reaches the page script (measured on the
// real workbench, the whole window stayed observed: the payload's cost there doubled).
TEST_F(AutoAcceptTest, APanelFoundAfterTheWindowedFallbackIsAllThatStaysObserved)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/vscode-workbench.html"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, { u"chat-accept"_s, u"chat-run"_s }));
    ASSERT_TRUE(payloadStats(page).value(u"windowed"_s).toBool());
    evaluate(page,
             u"(() => { const p = document.createElement('div'); p.setAttribute('data-mpa-agent-panel', ''); "
             "p.id = 'late-panel'; document.body.appendChild(p); return true; })()"_s);
    ASSERT_TRUE(waitUntil([&] {
        const QJsonObject stats = payloadStats(page);
        return stats.value(u"panelFound"_s).toBool() && !stats.value(u"windowed"_s).toBool();
    })) << "the panel that appeared was not taken as the scope";
    const int before = payloadStats(page).value(u"mutationBatches"_s).toInt();
    // Twenty separate changes in the editor, each in its own task (each its own delivery when
    // observed), then a step in the panel, whose click says every earlier delivery was made.
    for (int i = 0; i < 20; ++i) {
        evaluate(
            page,
            u"document.querySelector('.monaco-editor').appendChild(document.createElement('span')) && true"_s);
    }
    addStep(page,
            { { u"id"_s, u"late-accept"_s }, { u"label"_s, u"Accept"_s }, { u"into"_s, u"#late-panel"_s } });
    ASSERT_TRUE(waitClicked(page, { u"chat-accept"_s, u"chat-run"_s, u"late-accept"_s }));
    const int batches = payloadStats(page).value(u"mutationBatches"_s).toInt() - before;
    EXPECT_GE(batches, 1) << "the panel's own change was observed";
    EXPECT_LT(batches, 10) << "the editor's changes still reach the observer: " << batches << " deliveries";
}

// ---- the lease: the page script outlives the app's connection, so it must stop by itself ----

class AutoAcceptLeaseTest : public AutoAcceptTest
{
protected:
    // The app's world in `page`, reached from this test's own connection the way a later app
    // would reach it: by opening the world of the same name, where the app's modules still run
    // (the test adds an empty module of its own, nothing else).
    PayloadInjector *appWorld(CdpSession *page)
    {
        PayloadInjector *injector = hub->ensureScript(page, u"none"_s);
        injector->addScript({ u"leaseProbe"_s, u"(mpa) => ({})"_s });
        EXPECT_TRUE(waitUntil([&] { return injector->isReady(); })) << "the app's world is not there";
        return injector;
    }

    QJsonObject callModule(PayloadInjector *injector, const QString &function)
    {
        std::optional<QJsonValue> out;
        QObject context;
        injector->evaluate(
            PayloadInjector::moduleCall(QString::fromLatin1(AutoAcceptController::kModule), function),
            &context, [&](const QJsonValue &v, const CdpError &) { out = v; });
        EXPECT_TRUE(waitUntil([&] { return out.has_value(); }));
        return out.value_or(QJsonValue()).toObject();
    }

    // Adds an eligible button and runs the page script's own scan, so whatever it would click is
    // clicked when this returns (no waiting for a time to pass).
    bool clickedAfterScan(CdpSession *page, PayloadInjector *world, const QString &id)
    {
        addStep(page, { { u"id"_s, id }, { u"label"_s, u"Accept"_s } });
        callModule(world, u"scan"_s);
        return clickedIn(page).contains(id);
    }

    std::unique_ptr<AppRun> startApp()
    {
        controller.reset(); // only the app clicks here
        auto app = std::make_unique<AppRun>(QStringList { u"--headless"_s, u"--auto-accept"_s,
                                                          u"--cdp-port"_s, QString::number(browser().port()),
                                                          u"--config-dir"_s, tempDir() });
        EXPECT_TRUE(app->waitForStderr(u"connected to Chrome"_s)) << app->dump().toStdString();
        return app;
    }

    struct ClickingApp
    {
        std::unique_ptr<AppRun> app;
        CdpSession *page = nullptr; // the panel it clicked in
    };
    // The app started (startApp()) and a panel page (autoaccept/panel.html?`query`) it has
    // clicked in; no page, with a test failure, when it opened none or the app clicked nothing.
    ClickingApp startAppClickingInPanel(const QString &query)
    {
        ClickingApp running { startApp() };
        CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html?"_s + query));
        EXPECT_TRUE(page);
        if (page && waitClicked(page, kPanelClicked))
            running.page = page;
        else if (page)
            ADD_FAILURE() << "the app clicked nothing in the panel: " << running.app->dump().toStdString();
        return running;
    }
};

TEST_F(AutoAcceptLeaseTest, QuittingTheAppStopsClickingAtOnce)
{
    auto [app, page] = startAppClickingInPanel(u"lease-quit"_s);
    ASSERT_TRUE(page);
    app->signal(SIGTERM);
    ASSERT_EQ(app->finish(), 0) << app->dump().toStdString();
    EXPECT_TRUE(app->err().contains(u"auto-accept stopped in"_s)) << app->dump().toStdString();

    PayloadInjector *world = appWorld(page);
    const QJsonObject stats = callModule(world, u"stats"_s);
    EXPECT_FALSE(stats.value(u"active"_s).toBool()) << "the script in the page still counts itself active";
    EXPECT_EQ(stats.value(u"lease"_s).toObject().value(u"leftMs"_s).toInt(), 0);
    EXPECT_FALSE(clickedAfterScan(page, world, u"after-quit"_s))
        << "a button that appeared after the app quit was clicked";
}

TEST_F(AutoAcceptLeaseTest, AKilledAppsScriptStopsWhenItsLeaseLapses)
{
    auto [app, page] = startAppClickingInPanel(u"lease-kill"_s);
    ASSERT_TRUE(page);
    app->signal(SIGKILL);
    app->finish();

    // Killed, the app told nobody: its script still runs on the lease it last got.
    PayloadInjector *world = appWorld(page);
    const QJsonObject held = callModule(world, u"stats"_s).value(u"lease"_s).toObject();
    ASSERT_GT(held.value(u"leftMs"_s).toInt(), 0) << "the lease lapsed before the test could look";
    EXPECT_LE(held.value(u"leftMs"_s).toInt(), int(AutoAcceptController::kLeaseDuration.count()));
    if (held.value(u"leftMs"_s).toInt() > 500) {
        EXPECT_TRUE(clickedAfterScan(page, world, u"before-lapse"_s))
            << "while its lease holds the orphaned script still clicks (what the lease bounds)";
    }

    // Within the lease (5 s after the last renewal) it stops for good.
    ASSERT_TRUE(waitUntil(
        [&] {
            const QJsonObject stats = callModule(world, u"stats"_s);
            return !stats.value(u"active"_s).toBool()
                && stats.value(u"lease"_s).toObject().value(u"lapses"_s).toInt() >= 1;
        },
        AutoAcceptController::kLeaseDuration + 3s));
    EXPECT_FALSE(clickedAfterScan(page, world, u"after-lapse"_s))
        << "a button that appeared after the lease lapsed was clicked";
}

TEST_F(AutoAcceptLeaseTest, RenewalsKeepALiveAppClickingPastTheLease)
{
    // A short lease, so that several lapse times pass while the app is alive.
    controller->setLeaseTiming(100ms, 400ms);
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html?lease-renew"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    ASSERT_TRUE(waitUntil([&] {
        return payloadStats(page).value(u"lease"_s).toObject().value(u"renewals"_s).toInt() >= 15;
    })) << "the app did not renew the lease";
    const QJsonObject lease = payloadStats(page).value(u"lease"_s).toObject();
    EXPECT_EQ(lease.value(u"lapses"_s).toInt(), 0) << "the lease lapsed while the app was alive";
    addStep(page, { { u"id"_s, u"late-accept"_s }, { u"label"_s, u"Accept"_s } });
    EXPECT_TRUE(waitClicked(page, { u"late-accept"_s }));
}

// ---- time: the stats poll, the lease renewals and the quitting wait run on the Clock ----

class AutoAcceptClockTest : public AutoAcceptTest
{
protected:
    void SetUp() override
    {
        AutoAcceptTest::SetUp();
        // The same controller, on a clock that moves only when the test moves it.
        controller.reset();
        controller = std::make_unique<AutoAcceptController>(endpoint, hub.get(), settings.get(), configDir(),
                                                            nullptr, &clock);
    }

    int renewals(CdpSession *page)
    {
        return payloadStats(page).value(u"lease"_s).toObject().value(u"renewals"_s).toInt(-1);
    }

    FakeClock clock { QDateTime(QDate(2026, 3, 2), QTime(9, 0), QTimeZone::utc()) };
};

TEST_F(AutoAcceptClockTest, TheLeaseIsRenewedWhenTheClockComesToTheRenewalNotBefore)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html?clock-lease"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    const int before = renewals(page);
    ASSERT_GE(before, 0) << "the page script reports no lease";

    // A renewal is sent the moment its timer fires; the stats call after it on the same
    // connection would see it. Up to a millisecond before the renewal time: none.
    clock.advance(AutoAcceptController::kLeaseRenewal - 1ms);
    EXPECT_EQ(renewals(page), before) << "the lease was renewed before the clock came to it";
    clock.advance(1ms);
    EXPECT_TRUE(waitUntil([&] { return renewals(page) == before + 1; }))
        << "no renewal when the clock came to it (renewals: " << renewals(page) << ")";
    // And it keeps renewing: the timer re-armed itself.
    clock.advance(AutoAcceptController::kLeaseRenewal);
    EXPECT_TRUE(waitUntil([&] { return renewals(page) == before + 2; }))
        << "the renewal did not repeat (renewals: " << renewals(page) << ")";
    EXPECT_EQ(payloadStats(page).value(u"lease"_s).toObject().value(u"lapses"_s).toInt(), 0);
}

TEST_F(AutoAcceptClockTest, TheStatsAreCollectedWhenTheClockComesToTheIntervalNotBefore)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html?clock-collect"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    // Counts the app's stats calls in the page (this test reads the count, not stats()).
    evaluateInWorld(page,
                    u"(() => { const m = globalThis.__mpa.autoAccept; const stats = m.stats; "
                    "globalThis.__statsCalls = 0; m.stats = (...a) => { globalThis.__statsCalls++; "
                    "return stats(...a); }; return true; })()"_s);
    const auto calls = [&] { return evaluateInWorld(page, u"globalThis.__statsCalls"_s).toInt(-1); };
    ASSERT_EQ(calls(), 0);

    clock.advance(AutoAcceptController::kCollectInterval - 1ms);
    EXPECT_EQ(calls(), 0) << "the stats were collected before the clock came to the interval";
    clock.advance(1ms);
    EXPECT_TRUE(waitUntil([&] { return calls() == 1; })) << "calls: " << calls();
    clock.advance(AutoAcceptController::kCollectInterval);
    EXPECT_TRUE(waitUntil([&] { return calls() == 2; })) << "the poll did not repeat; calls: " << calls();
}

TEST_F(AutoAcceptClockTest, QuittingWaitsForThePagesAtMostUntilTheClockSaysTheTimeoutIsOver)
{
    CdpSession *page = open(fixtureUrl(u"autoaccept/panel.html?clock-quit"_s));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, kPanelClicked));
    // No event is handled between the call and the clock's moves, so no page's answer can end
    // the wait: only its timeout can, and it must come with the clock, not with real time.
    bool done = false;
    QObject context;
    controller->disableEverywhere(3s, &context, [&] { done = true; });
    clock.advance(3s - 1ms);
    EXPECT_FALSE(done) << "the wait ended before the clock came to its timeout";
    clock.advance(1ms);
    EXPECT_TRUE(done) << "the wait did not end when the clock came to its timeout";
    // The pages' answers come after it and change nothing; the script did stop.
    EXPECT_TRUE(waitActive(page, false));
}

class AutoAcceptProfileTest : public AutoAcceptTest, public ::testing::WithParamInterface<const char *>
{
};

TEST_P(AutoAcceptProfileTest, ClicksInsideTheIdesAgentPanelOnly)
{
    const QString id = QString::fromLatin1(GetParam());
    CdpSession *page = open(fixtureUrl(u"autoaccept/%1.html"_s.arg(id)));
    ASSERT_TRUE(page);
    ASSERT_TRUE(waitClicked(page, { u"profile-button"_s, u"panel-run"_s }));
    scanNow(page);
    EXPECT_EQ(sorted(clickedIn(page)), sorted({ u"profile-button"_s, u"panel-run"_s }));
    const auto targets = controller->targets();
    const auto it = std::find_if(targets.begin(), targets.end(),
                                 [&](const auto &t) { return t.targetId == page->targetId(); });
    ASSERT_NE(it, targets.end());
    EXPECT_EQ(it->profileId, id);
    EXPECT_EQ(it->counts.clicks, 2);
}

INSTANTIATE_TEST_SUITE_P(Ides, AutoAcceptProfileTest,
                         ::testing::Values("antigravity", "cursor", "vscode", "windsurf"));

} // namespace
