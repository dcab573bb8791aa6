#pragma once
// What the app's run mask or agent bar (payload/run-mask.js) shows in a page, read as the user's
// eye would: from outside the page (its shadow root is closed to the page's scripts), through
// the DOM domain's pierce.

#include <QPointF>
#include <QString>

#include <optional>

namespace mpa {
class CdpSession;
}

namespace mpa::test {

struct RunMaskView
{
    bool present = false; // the mask's element is in the page
    QString text; // what its bar says
    std::optional<QPointF> stop; // the middle of its Stop button, when it shows one
};

RunMaskView runMaskIn(CdpSession *page);

} // namespace mpa::test
