#pragma once
// GoogleTest printers for the Qt types the tests compare, so failures show values, not bytes.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QVariant>

#include <ostream>

inline void PrintTo(const QString &value, std::ostream *os)
{
    *os << '"' << value.toStdString() << '"';
}

inline void PrintTo(const QByteArray &value, std::ostream *os)
{
    *os << "QByteArray(\"" << value.toStdString() << "\")";
}

inline void PrintTo(const QStringList &value, std::ostream *os)
{
    *os << '[';
    for (qsizetype i = 0; i < value.size(); ++i)
        *os << (i ? ", " : "") << '"' << value.at(i).toStdString() << '"';
    *os << ']';
}

inline void PrintTo(const QJsonObject &value, std::ostream *os)
{
    *os << QJsonDocument(value).toJson(QJsonDocument::Compact).toStdString();
}

inline void PrintTo(const QJsonArray &value, std::ostream *os)
{
    *os << QJsonDocument(value).toJson(QJsonDocument::Compact).toStdString();
}

inline void PrintTo(const QJsonValue &value, std::ostream *os)
{
    *os << QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact).toStdString();
}

inline void PrintTo(const QVariant &value, std::ostream *os)
{
    *os << "QVariant(" << value.metaType().name() << ", " << value.toString().toStdString() << ')';
}

inline void PrintTo(const QUrl &value, std::ostream *os)
{
    *os << "QUrl(" << value.toString().toStdString() << ')';
}
