// The chat selector set as IDE profiles will write it.
#include "profiles/ChatSelectors.h"

#include "QtPrinters.h"
#include "chat/ChatSurface.h"
#include "profiles/IdeProfiles.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

TEST(ChatSelectorsTest, ReadsAProfilesChatObject)
{
    const QJsonObject profile = QJsonDocument::fromJson(R"({
        "id": "antigravity",
        "chat": {
          "root": "#agent-panel",
          "input": ["[contenteditable=true][role=textbox]", "textarea"],
          "sendButton": "button[aria-label='Send']",
          "stopButton": "button[aria-label='Stop']",
          "generating": [".spinner"],
          "userMessage": ".user",
          "reply": ".bot",
          "conversationTab": "[role=tab]",
          "activeConversationTab": "[role=tab][aria-selected=true]"
        }})"_ba)
                                    .object();
    QString error;
    const ChatSelectors s = ChatSelectors::fromProfile(profile, &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_EQ(s.root, QStringList { u"#agent-panel"_s });
    EXPECT_EQ(s.input, (QStringList { u"[contenteditable=true][role=textbox]"_s, u"textarea"_s }));
    EXPECT_EQ(s.generating, QStringList { u".spinner"_s });
    EXPECT_EQ(s.activeConversationTab, QStringList { u"[role=tab][aria-selected=true]"_s });
    EXPECT_TRUE(s.isUsable());
    // Round trip.
    EXPECT_EQ(ChatSelectors::fromJson(s.toJson(), &error), s);
    EXPECT_EQ(ChatSelectors::jsonKeys(),
              (QStringList { u"root"_s, u"input"_s, u"sendButton"_s, u"stopButton"_s, u"generating"_s,
                             u"userMessage"_s, u"reply"_s, u"conversationTab"_s, u"activeConversationTab"_s,
                             u"fileInput"_s, u"attachment"_s }));
}

TEST(ChatSelectorsTest, MistakesNameTheKey)
{
    QString error;
    ChatSelectors::fromJson(QJsonObject { { u"inputBox"_s, u"textarea"_s } }, &error);
    EXPECT_TRUE(error.startsWith(u"chat.inputBox is not a known selector"_s)) << error.toStdString();
    ChatSelectors::fromJson(QJsonObject { { u"input"_s, 3 } }, &error);
    EXPECT_EQ(error, u"chat.input must be a string or a list of strings"_s);
    ChatSelectors::fromJson(QJsonObject { { u"reply"_s, QJsonArray { u".a"_s, 1 } } }, &error);
    EXPECT_EQ(error, u"chat.reply must hold strings"_s);
    ChatSelectors::fromProfile(QJsonObject { { u"id"_s, u"x"_s } }, &error);
    EXPECT_EQ(error, u"the profile has no \"chat\" object"_s);
    QString why;
    EXPECT_FALSE(ChatSelectors::fromJson(QJsonObject { { u"input"_s, u"  "_s } }).isUsable(&why));
    EXPECT_EQ(why, u"no selector for the chat's input box (chat.input)"_s);
    EXPECT_TRUE(ChatSelectors::generic().isUsable());
}

TEST(ChatSelectorsTest, ConversationNamesMatchWholeThenByAUniquePart)
{
    const QList<ChatConversation> tabs
        = { { u"Refactor parser"_s, true }, { u"Fix  flaky test"_s, false }, { u"Fix build"_s, false } };
    QString error;
    EXPECT_EQ(ChatSurface::matchConversation(tabs, u"refactor PARSER"_s, &error), 0);
    EXPECT_EQ(ChatSurface::matchConversation(tabs, u"fix flaky test"_s, &error), 1);
    EXPECT_EQ(ChatSurface::matchConversation(tabs, u"flaky"_s, &error), 1);
    EXPECT_EQ(ChatSurface::matchConversation(tabs, u"Fix"_s, &error), -1);
    EXPECT_TRUE(error.contains(u"names more than one conversation"_s));
    EXPECT_EQ(ChatSurface::matchConversation({}, u"x"_s, &error), -1);
    EXPECT_EQ(error, u"no conversation named “x”: the chat shows no conversation tabs"_s);
}

TEST(ChatSelectorsTest, AProfilesChatLooksInItsAgentPanelUnlessItSaysOtherwise)
{
    QString error;
    const std::optional<IdeProfile> profile = IdeProfile::fromJson(
        QJsonDocument::fromJson(R"({"id": "x", "name": "X", "panelSelector": ["#panel", ".agent"],
                                    "chat": {"input": "textarea"}})"_ba)
            .object(),
        &error);
    ASSERT_TRUE(profile) << error.toStdString();
    EXPECT_EQ(profile->chat->root, (QStringList { u"#panel"_s, u".agent"_s }));
    const std::optional<IdeProfile> own
        = IdeProfile::fromJson(QJsonDocument::fromJson(R"({"id": "x", "name": "X", "panelSelector": "#panel",
                                    "chat": {"root": "#chat", "input": "textarea"}})"_ba)
                                   .object(),
                               &error);
    ASSERT_TRUE(own) << error.toStdString();
    EXPECT_EQ(own->chat->root, QStringList { u"#chat"_s });

    // Every bundled profile with a chat looks for it in its panel; Antigravity's conversations
    // are its button.grow tabs, not the editor's role=tab file tabs.
    IdeProfiles profiles;
    profiles.load();
    for (const IdeProfile &bundled : profiles.profiles()) {
        if (bundled.chat) {
            EXPECT_EQ(bundled.chat->root, bundled.panelSelectors) << bundled.id.toStdString();
        }
    }
    const IdeProfile *antigravity = profiles.find(u"antigravity"_s);
    ASSERT_TRUE(antigravity && antigravity->chat);
    EXPECT_EQ(antigravity->chat->conversationTab.value(0), u"button.grow"_s);
    EXPECT_TRUE(antigravity->chat->root.contains(u"#antigravity\\.agentPanel"_s));
}

} // namespace
