#include "RunMaskProbe.h"

#include "HeadlessChromium.h"
#include "cdp/CdpSession.h"

#include <QJsonArray>
#include <QJsonObject>

#include <functional>

using namespace Qt::StringLiterals;

namespace mpa::test {

RunMaskView runMaskIn(CdpSession *page)
{
    RunMaskView view;
    const CdpResult document
        = sendAndWait(page, u"DOM.getDocument"_s, { { u"depth"_s, -1 }, { u"pierce"_s, true } });
    if (!document.ok())
        return view;
    int buttonId = 0;
    bool buttonHidden = false;
    std::function<void(const QJsonObject &, bool, bool)> walk
        = [&](const QJsonObject &node, bool inMask, bool inText) {
              const QString name = node.value(u"nodeName"_s).toString();
              const bool mask = inMask || name == u"MPA-RUN-MASK"_s;
              view.present = view.present || name == u"MPA-RUN-MASK"_s;
              const QJsonArray attributes = node.value(u"attributes"_s).toArray();
              // attributes: name, value, name, value …
              const auto classOf = [&attributes]() {
                  for (qsizetype at = 0; at + 1 < attributes.size(); at += 2) {
                      if (attributes.at(at).toString() == u"class"_s)
                          return attributes.at(at + 1).toString().split(u' ');
                  }
                  return QStringList();
              };
              const bool text = inText || (mask && classOf().contains(u"text"_s));
              if (mask && name == u"BUTTON"_s)
                  buttonId = node.value(u"nodeId"_s).toInt();
              if (mask && classOf().contains(u"nostop"_s))
                  buttonHidden = true;
              if (text && node.value(u"nodeType"_s).toInt() == 3)
                  view.text += node.value(u"nodeValue"_s).toString();
              for (const QString &key : { u"children"_s, u"shadowRoots"_s }) {
                  for (const QJsonValue &child : node.value(key).toArray())
                      walk(child.toObject(), mask, text);
              }
          };
    walk(document.result.value(u"root"_s).toObject(), false, false);
    if (buttonId == 0 || buttonHidden)
        return view;
    const CdpResult box = sendAndWait(page, u"DOM.getBoxModel"_s, { { u"nodeId"_s, buttonId } });
    const QJsonArray quad = box.result.value(u"model"_s).toObject().value(u"border"_s).toArray();
    if (quad.size() == 8)
        view.stop = QPointF((quad.at(0).toDouble() + quad.at(4).toDouble()) / 2,
                            (quad.at(1).toDouble() + quad.at(5).toDouble()) / 2);
    return view;
}

} // namespace mpa::test
