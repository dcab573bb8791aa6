#pragma once
// A freedesktop.org desktop entry (.desktop file) read and written without losing anything:
// groups, keys, comments and unknown lines keep their order. Also the Exec key's quoting
// rules, so a launcher's command line can be taken apart and put back.

#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

class DesktopEntry
{
public:
    static std::optional<DesktopEntry> load(const QString &path, QString *error = nullptr);
    static DesktopEntry parse(const QString &text);
    QString toString() const;
    bool save(const QString &path, QString *error = nullptr) const; // atomic

    QStringList groups() const;
    QStringList keys(const QString &group) const; // in file order, localized ones ("Name[de]") too
    QString value(const QString &group, const QString &key, const QString &fallback = {}) const;
    bool contains(const QString &group, const QString &key) const;
    // Sets the key, adding the group or key at its end when missing.
    void setValue(const QString &group, const QString &key, const QString &value);
    void remove(const QString &group, const QString &key);

    static constexpr const char *kMainGroup = "Desktop Entry";

    // Exec value → argument list (the spec's quoting; field codes such as %U stay as they are)
    // and back. Returns nullopt on unbalanced quotes.
    static std::optional<QStringList> splitExec(const QString &exec);
    static QString joinExec(const QStringList &arguments);

private:
    struct Line
    {
        QString group; // the group this line belongs to ("" before the first header)
        QString key; // empty for comments, blank lines and headers
        QString raw; // the line as written (headers, comments) or the value (keys)
        bool isHeader = false;
    };
    static QString unescapeValue(const QString &value);
    static QString escapeValue(const QString &value);

    QList<Line> m_lines;
};

} // namespace mpa
