#pragma once
// One set of field helpers for the app's JSON records (runs, bridge sessions, the queue, prompt
// history, chat state, targets): times as ISO 8601 in UTC with milliseconds, text left out when
// empty, lists of records, and a record's members bound to their keys once in a table that
// serves reading and writing alike, so a key written always reads back:
//
//     constexpr JsonTextField<Step> kStepTexts[] { { u"tool", &Step::tool }, … };
//     readFields(json, step, kStepTexts);             // each member from its key ("" if missing)
//     writeTexts(json, step, kStepTexts, EmptyText::Omit);

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <QStringView>

#include <cstddef>
#include <type_traits>

namespace mpa {

// `time` in UTC with milliseconds; "" for an invalid time.
QString jsonTime(const QDateTime &time);
// The time `value` holds as jsonTime() writes it; invalid when it holds none.
QDateTime jsonTimeFrom(const QJsonValue &value);
// Inserts `value` under `key` unless it is empty, so a file holds what happened and little else.
void putText(QJsonObject &json, const QString &key, const QString &value);
// The strings of an array (anything else in it reads as ""); empty when `value` is no array.
QStringList jsonStrings(const QJsonValue &value);

// Each item's toJson(), in order.
template<typename T> QJsonArray jsonArrayOf(const QList<T> &items)
{
    QJsonArray array;
    for (const T &item : items)
        array.append(item.toJson());
    return array;
}

// T::fromJson of each object of an array, in order.
template<typename T> QList<T> jsonListOf(const QJsonValue &value)
{
    QList<T> items;
    for (const QJsonValue &item : value.toArray())
        items.append(T::fromJson(item.toObject()));
    return items;
}

// A record's member bound to its key. T is QString, bool, int or qint64.
template<typename Record, typename T = QString> struct JsonField
{
    QStringView key;
    T Record::*member;
};
template<typename Record> using JsonTextField = JsonField<Record, QString>;

// `value` as a T: "", false or 0 when it is missing or of another type.
template<typename T> T jsonValueAs(const QJsonValue &value)
{
    if constexpr (std::is_same_v<T, QString>)
        return value.toString();
    else if constexpr (std::is_same_v<T, bool>)
        return value.toBool();
    else if constexpr (std::is_same_v<T, int>)
        return value.toInt();
    else
        return value.toInteger();
}

// Each field's member from its key, as jsonValueAs reads it.
template<typename Record, typename T, std::size_t N>
void readFields(const QJsonObject &json, Record &record, const JsonField<Record, T> (&fields)[N])
{
    for (const JsonField<Record, T> &field : fields)
        record.*field.member = jsonValueAs<T>(json.value(field.key));
}

enum class EmptyText { Write, Omit };

// Each field's member under its key; an empty one is written as "" or left out, as `empty` says.
template<typename Record, std::size_t N>
void writeTexts(QJsonObject &json, const Record &record, const JsonTextField<Record> (&fields)[N],
                EmptyText empty)
{
    for (const JsonTextField<Record> &field : fields) {
        const QString &value = record.*field.member;
        if (empty == EmptyText::Write || !value.isEmpty())
            json.insert(field.key, value);
    }
}

} // namespace mpa
