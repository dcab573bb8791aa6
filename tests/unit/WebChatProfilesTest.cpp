// Web chat profiles: the bundled set and the real URLs of each chat, the generic fallback,
// overrides and additions from the config dir, a broken file, and saving a learned profile.
#include "profiles/WebChatProfiles.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QString chatsDir()
{
    return QDir(configDir()).filePath(WebChatProfiles::folderName());
}

QString matchedId(const WebChatProfiles &profiles, const QString &url, const QString &title = {})
{
    const WebChatProfile *profile = profiles.match(url, title);
    return profile ? profile->id : u"(none)"_s;
}

TEST(WebChatProfilesTest, BundledProfilesLoadWithEveryPartTheBridgeNeeds)
{
    WebChatProfiles profiles;
    profiles.load();
    EXPECT_TRUE(profiles.errors().isEmpty()) << profiles.errors().join(u'\n').toStdString();
    QStringList ids;
    for (const WebChatProfile &p : profiles.profiles())
        ids.append(p.id);
    EXPECT_EQ(ids, (QStringList { u"aistudio"_s, u"chatgpt"_s, u"claude"_s, u"gemini"_s, u"generic"_s }));
    for (const WebChatProfile &p : profiles.profiles()) {
        SCOPED_TRACE(p.id.toStdString());
        EXPECT_TRUE(p.origin.startsWith(u":/profiles/chats/"_s)) << p.origin.toStdString();
        EXPECT_FALSE(p.name.isEmpty());
        EXPECT_FALSE(p.chat.input.isEmpty());
        EXPECT_FALSE(p.chat.sendButton.isEmpty());
        EXPECT_FALSE(p.chat.stopButton.isEmpty());
        EXPECT_FALSE(p.chat.userMessage.isEmpty());
        EXPECT_FALSE(p.chat.reply.isEmpty());
        EXPECT_FALSE(p.learned);
    }
    EXPECT_TRUE(profiles.find(u"generic"_s)->isFallback());
}

TEST(WebChatProfilesTest, EachChatIsRecognisedByItsRealUrls)
{
    WebChatProfiles profiles;
    profiles.load();
    EXPECT_EQ(matchedId(profiles, u"https://chatgpt.com/c/67a1f3e2-9b0c-8001-a2b3-4c5d6e7f8091"_s),
              u"chatgpt"_s);
    EXPECT_EQ(matchedId(profiles, u"https://chatgpt.com/"_s), u"chatgpt"_s);
    EXPECT_EQ(matchedId(profiles, u"https://chat.openai.com/c/0b5e2c1d-1234-4abc-9def-0123456789ab"_s),
              u"chatgpt"_s);
    EXPECT_EQ(matchedId(profiles, u"https://claude.ai/chat/3f1e2d4c-5b6a-4789-90ab-cdef01234567"_s),
              u"claude"_s);
    EXPECT_EQ(matchedId(profiles, u"https://claude.ai/new"_s), u"claude"_s);
    EXPECT_EQ(matchedId(profiles, u"https://gemini.google.com/app/8c4f2a7b1e9d3c05"_s), u"gemini"_s);
    EXPECT_EQ(matchedId(profiles, u"https://aistudio.google.com/prompts/1AbCdEfGhIjKlMnOpQrStUvWxYz012345"_s),
              u"aistudio"_s);
    EXPECT_EQ(matchedId(profiles, u"https://aistudio.google.com/prompts/new_chat"_s), u"aistudio"_s);

    // Anything else, lookalikes included, gets the generic profile.
    EXPECT_EQ(matchedId(profiles, u"https://chat.example.com/room/1"_s, u"Example chat"_s), u"generic"_s);
    EXPECT_EQ(matchedId(profiles, u"https://example.com/?next=https://chatgpt.com/"_s), u"generic"_s);
    EXPECT_EQ(matchedId(profiles, u"https://notclaude.ai/chat/1"_s), u"generic"_s);
    EXPECT_EQ(matchedId(profiles, u"https://google.com/search?q=gemini.google.com"_s), u"generic"_s);
    EXPECT_FALSE(profiles.find(u"generic"_s)->matches(u"https://chat.example.com/"_s, u"Chat"_s));
}

TEST(WebChatProfilesTest, TheConfigDirOverridesByIdAndAddsProfilesThatMatchFirst)
{
    writeFile(QDir(chatsDir()).filePath(u"claude.json"_s), R"J({
        "id": "claude", "name": "Claude (mine)",
        "match": { "urlPatterns": ["/^https:\\/\\/claude\\.ai\\//i"] },
        "chat": { "input": "#my-box", "sendButton": "#my-send", "reply": ".my-reply" }
    })J"_ba);
    writeFile(QDir(chatsDir()).filePath(u"work-gpt.json"_s), R"J({
        "id": "work-gpt", "name": "ChatGPT at work",
        "match": { "urlPatterns": ["chatgpt.com/g/"] },
        "chat": { "input": "#prompt-textarea", "sendButton": "#send" }
    })J"_ba);
    WebChatProfiles profiles;
    profiles.load(configDir());
    EXPECT_TRUE(profiles.errors().isEmpty()) << profiles.errors().join(u'\n').toStdString();
    EXPECT_EQ(profiles.profiles().size(), 6);

    const WebChatProfile *claude = profiles.find(u"claude"_s);
    ASSERT_TRUE(claude);
    EXPECT_EQ(claude->name, u"Claude (mine)"_s);
    EXPECT_EQ(claude->chat.input, QStringList { u"#my-box"_s });
    EXPECT_EQ(claude->origin, QDir(chatsDir()).filePath(u"claude.json"_s));
    EXPECT_EQ(matchedId(profiles, u"https://claude.ai/chat/1"_s), u"claude"_s);

    // The user's profile wins over the bundled one that matches too.
    EXPECT_EQ(matchedId(profiles, u"https://chatgpt.com/g/g-abc-helper/c/123"_s), u"work-gpt"_s);
    EXPECT_EQ(matchedId(profiles, u"https://chatgpt.com/c/123"_s), u"chatgpt"_s);
}

TEST(WebChatProfilesTest, ABrokenUserFileIsSkippedAndNamed)
{
    const QString broken = QDir(chatsDir()).filePath(u"broken.json"_s);
    const QString noInput = QDir(chatsDir()).filePath(u"no-input.json"_s);
    const QString badPattern = QDir(chatsDir()).filePath(u"bad-pattern.json"_s);
    writeFile(broken, "{ \"id\": \"broken\", ");
    writeFile(noInput, R"J({ "id": "no-input", "name": "No input", "chat": { "sendButton": "#send" } })J"_ba);
    writeFile(badPattern, R"J({ "id": "bad-pattern", "name": "Bad", "match": { "urlPatterns": ["/(/"] },
                          "chat": { "input": "textarea" } })J"_ba);
    WebChatProfiles profiles;
    profiles.load(configDir());
    ASSERT_EQ(profiles.errors().size(), 3) << profiles.errors().join(u'\n').toStdString();
    const QString all = profiles.errors().join(u'\n');
    EXPECT_TRUE(all.contains(broken + u" was skipped: it is not a JSON object"_s)) << all.toStdString();
    EXPECT_TRUE(all.contains(noInput + u" was skipped: no selector for the chat's input box (chat.input)"_s))
        << all.toStdString();
    EXPECT_TRUE(all.contains(badPattern + u" was skipped: match.urlPatterns: '/(/' is not a valid pattern"_s))
        << all.toStdString();
    // The others still load.
    EXPECT_EQ(profiles.profiles().size(), 5);
    EXPECT_FALSE(profiles.find(u"broken"_s));
}

TEST(WebChatProfilesTest, UnknownKeysAreNamed)
{
    QString error;
    EXPECT_FALSE(WebChatProfile::fromJson(
        QJsonDocument::fromJson(R"J({ "id": "x", "name": "X", "chat": { "input": "t" }, "panel": "#p" })J")
            .object(),
        &error));
    EXPECT_TRUE(error.startsWith(u"'panel' is not a web chat profile key"_s)) << error.toStdString();
    EXPECT_FALSE(WebChatProfile::fromJson(
        QJsonDocument::fromJson(R"J({ "id": "x", "name": "X", "chat": { "input": "t", "replies": "r" } })J")
            .object(),
        &error));
    EXPECT_TRUE(error.startsWith(u"chat.replies is not a known selector"_s)) << error.toStdString();
}

TEST(WebChatProfilesTest, ALearnedProfileIsSavedAndFoundAgainForItsHost)
{
    const QUrl page(u"http://chat.example.com:8080/room/42?draft=1"_s);
    WebChatProfile learned;
    learned.id = WebChatProfile::learnedId(page);
    EXPECT_EQ(learned.id, u"learned-chat.example.com-8080"_s);
    EXPECT_EQ(WebChatProfile::learnedId(QUrl(u"https://chat.example.com/x"_s)),
              u"learned-chat.example.com"_s);
    learned.name = u"chat.example.com (learned)"_s;
    learned.urlPatterns = { WebChatProfile::hostPattern(page) };
    learned.chat = ChatSelectors::generic();
    learned.chat.input = { u"[aria-label=\"Message\"]"_s };
    learned.chat.sendButton = { u"[data-qa=\"composer-send\"]"_s };
    learned.learned = true;
    learned.learnedAt = QDateTime(QDate(2026, 11, 25), QTime(10, 0), Qt::UTC);

    WebChatProfiles profiles;
    profiles.load(configDir());
    ASSERT_TRUE(profiles.save(configDir(), learned));
    const QString path = QDir(chatsDir()).filePath(learned.id + u".json"_s);
    EXPECT_TRUE(QFileInfo::exists(path));

    // save() loaded again: the profile is there, equal to what was saved.
    const WebChatProfile *found = profiles.match(u"http://chat.example.com:8080/room/43"_s, {});
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, learned.id);
    EXPECT_EQ(found->origin, path);
    EXPECT_EQ(found->chat, learned.chat);
    EXPECT_TRUE(found->learned);
    EXPECT_EQ(found->learnedAt, learned.learnedAt);
    EXPECT_EQ(found->toJson(), learned.toJson());
    // Another host, or the same host on another port, is not this chat.
    EXPECT_EQ(matchedId(profiles, u"http://chat.example.com:9090/room/43"_s), u"generic"_s);
    EXPECT_EQ(matchedId(profiles, u"http://chat.example.com.evil.test:8080/"_s), u"generic"_s);

    // A fresh load from disk reads the same.
    WebChatProfiles again;
    again.load(configDir());
    EXPECT_TRUE(again.errors().isEmpty()) << again.errors().join(u'\n').toStdString();
    ASSERT_TRUE(again.find(learned.id));
    EXPECT_EQ(again.find(learned.id)->toJson(), learned.toJson());
}

TEST(WebChatProfilesTest, SaveRefusesASymlinkedPathAndWritesNothing)
{
    const QString target = QDir(tempDir()).filePath(u"elsewhere.json"_s);
    writeFile(target, "untouched");
    QDir().mkpath(chatsDir());
    WebChatProfile profile;
    profile.id = u"learned-chat.example.com"_s;
    profile.name = u"chat.example.com (learned)"_s;
    profile.chat.input = { u"textarea"_s };
    const QString link = QDir(chatsDir()).filePath(profile.id + u".json"_s);
    ASSERT_TRUE(QFile::link(target, link));

    WebChatProfiles profiles;
    QString error;
    EXPECT_FALSE(profiles.save(configDir(), profile, &error));
    EXPECT_TRUE(error.contains(u"is a symbolic link"_s)) << error.toStdString();
    EXPECT_TRUE(error.contains(link)) << error.toStdString();
    QFile file(target);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), "untouched");
    EXPECT_TRUE(QFileInfo(link).isSymLink());
}

TEST(WebChatProfilesTest, SaveRefusesAProfileWithoutAnInput)
{
    WebChatProfile profile;
    profile.id = u"learned-x"_s;
    profile.name = u"X"_s;
    WebChatProfiles profiles;
    QString error;
    EXPECT_FALSE(profiles.save(configDir(), profile, &error));
    EXPECT_TRUE(error.contains(u"chat.input"_s)) << error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(QDir(chatsDir()).filePath(u"learned-x.json"_s)));
}

} // namespace

TEST(WebChatProfilesTest, WhetherTheChatTakesImagesIsReadSavedAndLearned)
{
    const QJsonObject old { { u"id"_s, u"old"_s },
                            { u"name"_s, u"Old"_s },
                            { u"chat"_s, QJsonObject { { u"input"_s, u"textarea"_s } } } };
    QString error;
    // A profile from before the flag: no images.
    const std::optional<WebChatProfile> before = WebChatProfile::fromJson(old, &error);
    ASSERT_TRUE(before) << error.toStdString();
    EXPECT_FALSE(before->images);
    EXPECT_FALSE(before->toJson().contains(u"images"_s));
    // Set by the user, kept on save.
    QJsonObject set = old;
    set.insert(u"images"_s, true);
    set.insert(u"chat"_s,
               QJsonObject { { u"input"_s, u"textarea"_s }, { u"fileInput"_s, u"input#upload"_s } });
    const std::optional<WebChatProfile> with = WebChatProfile::fromJson(set, &error);
    ASSERT_TRUE(with) << error.toStdString();
    EXPECT_TRUE(with->images);
    EXPECT_EQ(with->chat.fileInput, QStringList { u"input#upload"_s });
    EXPECT_TRUE(WebChatProfile::fromJson(with->toJson(), &error)->images);
    // Not a flag: refused, naming it.
    set.insert(u"images"_s, u"yes"_s);
    EXPECT_FALSE(WebChatProfile::fromJson(set, &error));
    EXPECT_TRUE(error.contains(u"images"_s)) << error.toStdString();
    // Learned: images when a file input was found by the message box.
    ChatSelectors chat = ChatSelectors::generic();
    chat.fileInput.clear();
    const QUrl page(u"https://chat.example.com/c/1"_s);
    EXPECT_FALSE(WebChatProfile::learnedFor(page, chat, QDateTime::currentDateTimeUtc()).images);
    chat.fileInput = { u"input[type=\"file\"]"_s };
    EXPECT_TRUE(WebChatProfile::learnedFor(page, chat, QDateTime::currentDateTimeUtc()).images);
}
