// UserText: one sentence, English for the API, the log and the data files, and in the user's
// language through whatever translators the application has installed.
#include "common/UserText.h"

#include "scheduler/PromptQueue.h"
#include "scheduler/QueueReasons.h"

#include <QCoreApplication>
#include <QHash>
#include <QTranslator>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// A catalogue given in the test: QTranslator's own lookup, as a .qm file would answer it.
class TableTranslator : public QTranslator
{
public:
    QHash<QString, QString> table; // "context|source" → translation
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        return table.value(QString::fromUtf8(context) + u'|' + QString::fromUtf8(source));
    }
    bool isEmpty() const override { return table.isEmpty(); }
};

class UserTextTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        translator.table = {
            { u"ctx|%1 is outside %2–%3"_s, u"%1 liegt außerhalb von %2–%3"_s },
            { u"ctx|%1 is out of quota until %2"_s, u"bis %2 kein Kontingent mehr für %1"_s },
            { u"ctx|a watched model"_s, u"ein beobachtetes Modell"_s },
            { u"mpa::PromptQueue|Stopped by the user."_s, u"Vom Benutzer gestoppt."_s },
        };
        QCoreApplication::installTranslator(&translator);
    }
    void TearDown() override { QCoreApplication::removeTranslator(&translator); }

    TableTranslator translator;
};

TEST_F(UserTextTest, EnglishIsTheSourceAndTranslatedGoesThroughTheTranslators)
{
    const UserText text = UserText("ctx", "%1 is outside %2–%3").arg(70000).arg(1).arg(65535);
    EXPECT_EQ(text.english(), u"70000 is outside 1–65535"_s);
    EXPECT_EQ(text.translated(), u"70000 liegt außerhalb von 1–65535"_s);
}

TEST_F(UserTextTest, ATranslationMayPutTheValuesInAnotherOrder)
{
    const UserText text = UserText("ctx", "%1 is out of quota until %2").arg(u"Claude"_s).arg(u"14:00"_s);
    EXPECT_EQ(text.english(), u"Claude is out of quota until 14:00"_s);
    EXPECT_EQ(text.translated(), u"bis 14:00 kein Kontingent mehr für Claude"_s);
}

TEST_F(UserTextTest, AValueIsItselfTranslatedOrKeptAsItIs)
{
    const UserText nested = UserText("ctx", "%1 is out of quota until %2")
                                .arg(UserText("ctx", "a watched model"))
                                .arg(u"%2 o'clock"_s); // plain text with a marker in it stays as it is
    EXPECT_EQ(nested.english(), u"a watched model is out of quota until %2 o'clock"_s);
    EXPECT_EQ(nested.translated(), u"bis %2 o'clock kein Kontingent mehr für ein beobachtetes Modell"_s);
    EXPECT_EQ(UserText::plain(u"the browser's own words"_s).translated(), u"the browser's own words"_s);
}

TEST_F(UserTextTest, PartsJoinedKeepTheirSeparatorInEveryLanguage)
{
    const UserText joined
        = UserText::joined({ UserText("ctx", "%1 is out of quota until %2").arg(u"A"_s).arg(u"9:00"_s),
                             UserText("ctx", "a watched model") },
                           u"; "_s);
    EXPECT_EQ(joined.english(), u"A is out of quota until 9:00; a watched model"_s);
    EXPECT_EQ(joined.translated(), u"bis 9:00 kein Kontingent mehr für A; ein beobachtetes Modell"_s);
}

TEST_F(UserTextTest, AnUntranslatedSentenceStaysEnglish)
{
    const UserText text = UserText("ctx", "%1 is not a whole number").arg(u"x"_s);
    EXPECT_EQ(text.translated(), u"x is not a whole number"_s);
    EXPECT_TRUE(UserText().isEmpty());
    EXPECT_TRUE(UserText().translated().isEmpty());
}

// queue.json holds the English; read back, a sentence without values is translated again.
TEST_F(UserTextTest, AQueueReasonReadBackFromQueueJsonIsTranslatedAgain)
{
    PromptQueue queue;
    queue.replace({ u"a"_s });
    queue.reason = QueueReasons::stoppedByUser();
    const QJsonObject saved = queue.toJson();
    EXPECT_EQ(saved.value(u"reason"_s).toString(), u"Stopped by the user."_s);
    const PromptQueue loaded = PromptQueue::fromJson(saved);
    EXPECT_EQ(loaded.reason.english(), u"Stopped by the user."_s);
    EXPECT_EQ(loaded.reason.translated(), u"Vom Benutzer gestoppt."_s);
    EXPECT_TRUE(PromptQueue::fromJson(QJsonObject {}).reason.isEmpty());
}

// Issue 34 item 19: an error that already ends in "?" is not followed by a second mark
// ("…is the agent panel open?. It was tried twice" read wrong); one without an end mark gets
// its full stop. The error text is ChatSendJob's own wording for a missing chat box.
TEST_F(UserTextTest, ASendFailureKeepsTheErrorsOwnEndMark)
{
    const UserText asked
        = QueueReasons::sendFailed(2, u"hello"_s, u"no chat box was found; is the agent panel open?"_s);
    EXPECT_EQ(asked.english(),
              u"Prompt 2 (“hello”) could not be sent: no chat box was found; is the agent panel open? It was "
              "tried twice; the queue stopped there. Fix the problem and start the queue again."_s);
    EXPECT_FALSE(asked.english().contains(u"?."_s));
    EXPECT_FALSE(asked.translated().contains(u"?."_s)) << asked.translated().toStdString();

    const UserText plain = QueueReasons::sendFailed(1, u"x"_s, u"the chat tab is gone"_s);
    EXPECT_TRUE(plain.english().contains(u"the chat tab is gone. It was tried twice"_s))
        << plain.english().toStdString();
    EXPECT_FALSE(plain.english().contains(u".."_s));
}

} // namespace
