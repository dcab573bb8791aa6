#include "UserText.h"

#include <QCoreApplication>

namespace mpa {

namespace {

// The lowest %N (1–99) in `text`, or 0 when there is none.
int lowestMarker(const QString &text)
{
    int lowest = 0;
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'%' || !text.at(i + 1).isDigit())
            continue;
        int number = text.at(i + 1).digitValue();
        if (i + 2 < text.size() && text.at(i + 2).isDigit())
            number = number * 10 + text.at(i + 2).digitValue();
        if (number > 0 && (lowest == 0 || number < lowest))
            lowest = number;
    }
    return lowest;
}

// Every %N in `text` replaced at once by its value, so a value that holds "%2" stays as it is.
QString substitute(const QString &text, const QList<int> &numbers, const QStringList &values)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'%' && i + 1 < text.size() && text.at(i + 1).isDigit()) {
            int number = text.at(i + 1).digitValue();
            qsizetype length = 2;
            if (i + 2 < text.size() && text.at(i + 2).isDigit()) {
                number = number * 10 + text.at(i + 2).digitValue();
                length = 3;
            }
            if (const qsizetype at = numbers.indexOf(number); at >= 0) {
                out += values.at(at);
                i += length - 1;
                continue;
            }
        }
        out += text.at(i);
    }
    return out;
}

} // namespace

UserText::UserText(const char *context, const char *source)
    : m_context(context)
    , m_source(source)
{
}

UserText UserText::plain(const QString &text)
{
    UserText result;
    result.m_plain = text;
    return result;
}

UserText UserText::fromEnglish(const char *context, const QString &english)
{
    if (english.isEmpty())
        return {};
    UserText result;
    result.m_context = context;
    result.m_source = english.toUtf8();
    return result;
}

UserText UserText::arg(const UserText &value) const
{
    UserText result = *this;
    result.m_args.append(value);
    return result;
}

UserText UserText::joined(const QList<UserText> &parts, const QString &separator)
{
    if (parts.size() == 1)
        return parts.first();
    UserText result;
    result.m_join = true;
    result.m_plain = separator;
    result.m_args = parts;
    return result;
}

QString UserText::english() const
{
    return render(false);
}

QString UserText::translated() const
{
    return render(true);
}

QString UserText::render(bool translate) const
{
    if (m_join) {
        QStringList parts;
        for (const UserText &part : m_args)
            parts.append(part.render(translate));
        return parts.join(m_plain);
    }
    if (m_source.isEmpty())
        return m_plain;
    QString text = translate ? QCoreApplication::translate(m_context.constData(), m_source.constData())
                             : QString::fromUtf8(m_source);
    if (m_args.isEmpty())
        return text;
    // The markers in the order QString::arg fills them: the lowest first. The English text
    // decides which numbers there are; a translation may put them in another order.
    QList<int> numbers;
    QString markers = QString::fromUtf8(m_source);
    for (qsizetype i = 0; i < m_args.size(); ++i) {
        const int lowest = lowestMarker(markers);
        if (lowest == 0)
            break;
        numbers.append(lowest);
        markers.replace(u'%' + QString::number(lowest), QString());
    }
    QStringList values;
    for (qsizetype i = 0; i < numbers.size(); ++i)
        values.append(m_args.at(i).render(translate));
    return substitute(text, numbers, values);
}

} // namespace mpa
