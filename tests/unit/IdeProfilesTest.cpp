// IDE profiles: the bundled set, overrides and extensions from the config dir, invalid files.
#include "profiles/IdeProfiles.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QString profilesDir()
{
    return QDir(configDir()).filePath(IdeProfiles::folderName());
}

TEST(IdeProfilesTest, BundledProfilesLoadAndRecogniseTheirIdes)
{
    IdeProfiles profiles;
    profiles.load();
    EXPECT_TRUE(profiles.errors().isEmpty()) << profiles.errors().join(u'\n').toStdString();
    QStringList ids;
    for (const IdeProfile &p : profiles.profiles())
        ids.append(p.id);
    EXPECT_EQ(ids, (QStringList { u"antigravity"_s, u"cursor"_s, u"generic"_s, u"vscode"_s, u"windsurf"_s }));

    EXPECT_EQ(profiles.match(u"vscode-file://vscode-app/x/workbench.html"_s, u"parser.ts — Cursor"_s)->id,
              u"cursor"_s);
    EXPECT_EQ(profiles.match({}, u"main.py - demo - Visual Studio Code"_s)->id, u"vscode"_s);
    EXPECT_EQ(profiles.match({}, u"demo - Antigravity"_s)->id, u"antigravity"_s);
    EXPECT_EQ(profiles.match({}, u"demo — Windsurf"_s)->id, u"windsurf"_s);
    EXPECT_EQ(profiles.match(u"http://127.0.0.1/page.html"_s, u"Some page"_s)->id, u"generic"_s);
    // Whole words: "Cursory notes" is not Cursor.
    EXPECT_EQ(profiles.match({}, u"Cursory notes"_s)->id, u"generic"_s);

    for (const IdeProfile &p : profiles.profiles()) {
        EXPECT_FALSE(p.panelSelectors.isEmpty()) << p.id.toStdString();
        EXPECT_TRUE(p.origin.startsWith(u":/profiles/"_s));
        if (p.id != u"generic"_s) {
            ASSERT_TRUE(p.chat.has_value()) << p.id.toStdString();
            EXPECT_TRUE(p.chat->isUsable()) << p.id.toStdString();
        }
    }
}

TEST(IdeProfilesTest, TheConfigDirOverridesByIdAndAddsProfiles)
{
    writeFile(QDir(profilesDir()).filePath(u"cursor.json"_s), R"J({
        "id": "cursor", "name": "Cursor (mine)",
        "match": { "titlePatterns": ["My Cursor"] },
        "panelSelector": "#my-panel",
        "buttonSelectors": [".my-button"]
    })J"_ba);
    writeFile(QDir(profilesDir()).filePath(u"zed.json"_s), R"J({
        "id": "zed", "name": "Zed",
        "match": { "urlPatterns": ["/zed\\.dev/i"] },
        "panelSelector": [".agent-panel"],
        "chat": { "input": "textarea" }
    })J"_ba);
    IdeProfiles profiles;
    profiles.load(configDir());
    EXPECT_TRUE(profiles.errors().isEmpty()) << profiles.errors().join(u'\n').toStdString();
    EXPECT_EQ(profiles.profiles().size(), 6);

    const IdeProfile *cursor = profiles.find(u"cursor"_s);
    ASSERT_TRUE(cursor);
    EXPECT_EQ(cursor->name, u"Cursor (mine)"_s);
    EXPECT_EQ(cursor->panelSelectors, QStringList { u"#my-panel"_s });
    EXPECT_EQ(cursor->buttonSelectors, QStringList { u".my-button"_s });
    EXPECT_FALSE(cursor->chat.has_value());
    EXPECT_TRUE(cursor->origin.startsWith(profilesDir()));
    EXPECT_EQ(profiles.match({}, u"x - My Cursor"_s)->id, u"cursor"_s);
    EXPECT_EQ(profiles.match({}, u"x - Cursor"_s)->id, u"generic"_s)
        << "the override replaced the bundled patterns";

    const IdeProfile *zed = profiles.find(u"zed"_s);
    ASSERT_TRUE(zed);
    EXPECT_EQ(profiles.match(u"https://zed.dev/app"_s, {})->id, u"zed"_s);
    EXPECT_EQ(zed->chat->input, QStringList { u"textarea"_s });
}

TEST(IdeProfilesTest, AnInvalidFileIsReportedByNameAndSkipped)
{
    writeFile(QDir(profilesDir()).filePath(u"broken.json"_s), "{ not json");
    writeFile(QDir(profilesDir()).filePath(u"nopanel.json"_s),
              R"J({ "id": "nopanel", "name": "No panel" })J"_ba);
    writeFile(QDir(profilesDir()).filePath(u"typo.json"_s),
              R"J({ "id": "typo", "name": "Typo", "panelSelector": "x", "buttonSelector": ["y"] })J"_ba);
    writeFile(
        QDir(profilesDir()).filePath(u"badregex.json"_s),
        R"J({ "id": "badregex", "name": "Bad", "panelSelector": "x", "match": { "titlePatterns": ["/(/"] } })J"_ba);
    writeFile(QDir(profilesDir()).filePath(u"windsurf.json"_s),
              R"J({ "id": "Windsurf!", "name": "W", "panelSelector": "x" })J"_ba);
    writeFile(
        QDir(profilesDir()).filePath(u"good.json"_s),
        R"J({ "id": "good", "name": "Good", "panelSelector": ".p", "match": { "titlePatterns": ["Good IDE"] } })J"_ba);

    IdeProfiles profiles;
    profiles.load(configDir());
    const QStringList errors = profiles.errors();
    ASSERT_EQ(errors.size(), 5) << errors.join(u'\n').toStdString();
    const auto errorFor = [&](const QString &file) {
        const auto it
            = std::find_if(errors.begin(), errors.end(), [&](const QString &e) { return e.contains(file); });
        return it == errors.end() ? QString() : *it;
    };
    EXPECT_TRUE(errorFor(u"broken.json"_s).contains(u"not a JSON object"_s));
    EXPECT_TRUE(errorFor(u"nopanel.json"_s).contains(u"panelSelector"_s));
    EXPECT_TRUE(errorFor(u"typo.json"_s).contains(u"'buttonSelector' is not a profile key"_s));
    EXPECT_TRUE(errorFor(u"badregex.json"_s).contains(u"match.titlePatterns"_s));
    EXPECT_TRUE(errorFor(u"windsurf.json"_s).contains(u"'id'"_s));

    // The rest still load, and the bundled Windsurf stays as it was.
    ASSERT_TRUE(profiles.find(u"good"_s));
    ASSERT_TRUE(profiles.find(u"windsurf"_s));
    EXPECT_TRUE(profiles.find(u"windsurf"_s)->origin.startsWith(u":/"_s));
    EXPECT_FALSE(profiles.find(u"nopanel"_s));
    EXPECT_EQ(profiles.match({}, u"Good IDE"_s)->id, u"good"_s);
}

// "steps": where a command step's command lives, read into the profile and given back; a wrong
// key or type is named.
TEST(IdeProfilesTest, StepSelectorsAreReadAndWrongOnesNamed)
{
    writeFile(QDir(profilesDir()).filePath(u"stepped.json"_s), R"J({
        "id": "stepped", "name": "Stepped", "panelSelector": ".p", "match": { "titlePatterns": ["Stepped IDE"] },
        "steps": { "step": ".tool-call", "message": [".turn"], "command": [".cmd"], "ignore": [".status"],
                   "plainText": true }
    })J"_ba);
    writeFile(
        QDir(profilesDir()).filePath(u"stepkey.json"_s),
        R"J({ "id": "stepkey", "name": "K", "panelSelector": ".p", "steps": { "commands": [".x"] } })J"_ba);
    writeFile(
        QDir(profilesDir()).filePath(u"steptype.json"_s),
        R"J({ "id": "steptype", "name": "T", "panelSelector": ".p", "steps": { "plainText": "yes" } })J"_ba);
    writeFile(QDir(profilesDir()).filePath(u"steplist.json"_s),
              R"J({ "id": "steplist", "name": "L", "panelSelector": ".p", "steps": { "ignore": [1] } })J"_ba);

    IdeProfiles profiles;
    profiles.load(configDir());
    const IdeProfile *stepped = profiles.find(u"stepped"_s);
    ASSERT_TRUE(stepped) << profiles.errors().join(u'\n').toStdString();
    EXPECT_EQ(stepped->steps.step, QStringList { u".tool-call"_s });
    EXPECT_EQ(stepped->steps.message, QStringList { u".turn"_s });
    EXPECT_EQ(stepped->steps.command, QStringList { u".cmd"_s });
    EXPECT_EQ(stepped->steps.ignore, QStringList { u".status"_s });
    EXPECT_TRUE(stepped->steps.plainText);
    const std::optional<IdeProfile> again = IdeProfile::fromJson(stepped->toJson());
    ASSERT_TRUE(again);
    EXPECT_EQ(again->steps.toJson(), stepped->steps.toJson());

    const QString errors = profiles.errors().join(u'\n');
    EXPECT_TRUE(errors.contains(u"'commands' is not a steps key"_s)) << errors.toStdString();
    EXPECT_TRUE(errors.contains(u"'steps.plainText' must be true or false"_s)) << errors.toStdString();
    EXPECT_TRUE(errors.contains(u"steps.ignore"_s)) << errors.toStdString();
    EXPECT_FALSE(profiles.find(u"stepkey"_s));

    // The bundled IDE profiles say where their steps keep the command.
    profiles.load();
    EXPECT_FALSE(profiles.find(u"cursor"_s)->steps.step.isEmpty());
    EXPECT_FALSE(profiles.find(u"vscode"_s)->steps.command.isEmpty());
    EXPECT_FALSE(profiles.find(u"antigravity"_s)->steps.step.isEmpty());
    for (const IdeProfile &p : profiles.profiles())
        EXPECT_FALSE(p.steps.message.isEmpty()) << p.id.toStdString() << ": no chat-message boundary";
}

} // namespace
