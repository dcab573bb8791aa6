// The data files the app keeps in memory and writes a moment after each change
// (common/JsonStore: auto-accept's statistics and the quota history build on it), with real
// files in a temp config dir.
#include "common/JsonStore.h"

#include "TestEnvironment.h"
#include "Wait.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

Q_LOGGING_CATEGORY(lcStoreTest, "mpa.test.store")

class WordStore : public JsonStore
{
public:
    explicit WordStore(const QString &path)
        : JsonStore(path, std::chrono::milliseconds(50), u"the words"_s, lcStoreTest(), nullptr)
    {
        words = jsonWords(loadFile().object);
    }
    ~WordStore() override { saveIfChanged(); }

    void add(const QString &word)
    {
        words.append(word);
        touch();
    }
    static QStringList jsonWords(const QJsonObject &json)
    {
        return json.value(u"words").toVariant().toStringList();
    }

    QStringList words;

protected:
    QJsonObject toJson() const override { return { { u"words"_s, QJsonArray::fromStringList(words) } }; }
};

QJsonObject fileObject(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

TEST(JsonStoreTest, AChangeIsSignalledAtOnceAndWrittenAMomentLater)
{
    const QString path = QDir(configDir()).filePath(u"words.json"_s);
    WordStore store(path);
    QSignalSpy changed(&store, &JsonStore::changed);
    store.add(u"alpha"_s);
    EXPECT_EQ(changed.count(), 1);
    EXPECT_FALSE(QFile::exists(path)) << "not written on every change";
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(path); })) << "written a moment after the change";
    EXPECT_EQ(WordStore::jsonWords(fileObject(path)), QStringList { u"alpha"_s });
    EXPECT_EQ(fileObject(path).value(u"version").toInt(), 1) << "a JsonDataFile, with its version";
}

TEST(JsonStoreTest, WhatChangedLastIsWrittenWhenTheOwnerGoes)
{
    const QString path = QDir(configDir()).filePath(u"words.json"_s);
    {
        WordStore store(path);
        store.add(u"alpha"_s);
        store.add(u"beta"_s);
    }
    EXPECT_EQ(WordStore::jsonWords(fileObject(path)), (QStringList { u"alpha"_s, u"beta"_s }));
    WordStore again(path);
    EXPECT_EQ(again.words, (QStringList { u"alpha"_s, u"beta"_s })) << "read back on the next start";
}

TEST(JsonStoreTest, ASaveTheDiskRefusesSaysWhyAndKeepsTheChange)
{
    // The file's folder is a plain file: nothing can be written below it.
    const QString blocker = QDir(configDir()).filePath(u"not-a-folder"_s);
    QFile file(blocker);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    const QString path = blocker + u"/words.json"_s;
    WordStore store(path);
    store.add(u"alpha"_s);
    QString error;
    EXPECT_FALSE(store.save(&error));
    EXPECT_FALSE(error.isEmpty()) << "the reason is given";
    EXPECT_EQ(store.words, QStringList { u"alpha"_s }) << "nothing in memory is lost";
    ASSERT_TRUE(QFile::remove(blocker));
    ASSERT_TRUE(QDir(configDir()).mkdir(u"not-a-folder"_s));
    EXPECT_TRUE(store.save(&error)) << qPrintable(error);
    EXPECT_EQ(WordStore::jsonWords(fileObject(path)), QStringList { u"alpha"_s });
}

} // namespace
