#include "ProcessFinder.h"

using namespace Qt::StringLiterals;

namespace mpa {

QString ProcessInfo::option(const QString &name) const
{
    const QString flag = u"--"_s + name;
    const QString prefix = flag + u'=';
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == flag)
            return i + 1 < arguments.size() ? arguments.at(i + 1) : QString();
        if (argument.startsWith(prefix))
            return argument.mid(prefix.size());
    }
    return {};
}

} // namespace mpa
