#pragma once
// The names an enum's values go by in JSON, logs and the API. One table per enum serves both
// directions, so a name written out always reads back:
//
//     constexpr EnumName<Phase> kPhaseNames[] { { Phase::Idle, u"idle" }, … };
//     enumName(kPhaseNames, phase);          // "idle"
//     enumValue(kPhaseNames, u"idle");       // Phase::Idle, or std::nullopt for a name not in it

#include <QString>
#include <QStringView>

#include <cstddef>
#include <optional>

namespace mpa {

template<typename Enum> struct EnumName
{
    Enum value;
    QStringView name;
};

// The value's name; empty for a value the table leaves out.
template<typename Enum, std::size_t N> QString enumName(const EnumName<Enum> (&table)[N], Enum value)
{
    for (const EnumName<Enum> &row : table) {
        if (row.value == value)
            return row.name.toString();
    }
    return {};
}

template<typename Enum, std::size_t N>
std::optional<Enum> enumValue(const EnumName<Enum> (&table)[N], QStringView name)
{
    for (const EnumName<Enum> &row : table) {
        if (row.name == name)
            return row.value;
    }
    return std::nullopt;
}

} // namespace mpa
