#pragma once
// The words the window shows for an enum's values: one table per enum, as EnumNames holds the
// names the API uses, each text marked for lupdate in the context it is translated in.
//
//     constexpr EnumText<Phase> kPhaseTexts[] { { Phase::Sending, QT_TRANSLATE_NOOP("Ctx", "sending") }, … };
//     enumText("Ctx", kPhaseTexts, phase);   // "wird gesendet" in German; empty for a value left out

#include <QCoreApplication>
#include <QString>

#include <cstddef>

namespace mpa {

template<typename Enum> struct EnumText
{
    Enum value;
    const char *text;
};

template<typename Enum, std::size_t N>
QString enumText(const char *context, const EnumText<Enum> (&table)[N], Enum value)
{
    for (const EnumText<Enum> &row : table) {
        if (row.value == value)
            return QCoreApplication::translate(context, row.text);
    }
    return {};
}

} // namespace mpa
