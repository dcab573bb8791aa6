#pragma once
// The browser is a boundary for the Tasks and Bridge page tests: one fixed checkout page as the
// toolkit would show it, a card number box (e1) and a "Pay now" button (e2) that submits a POST
// form with the card's fields, so the security gate holds a click on it. Clicks are counted;
// any other command is "not in this page".

#include "common/CommandResult.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace mpa::test {

inline void answerAsCheckoutPage(const QString &type, const QJsonObject &params, const CommandReply &reply,
                                 int *clicks)
{
    using namespace Qt::StringLiterals;
    if (type == u"snapshot"_s) {
        return reply(CommandResult::success(
            QJsonObject { { u"snapshot"_s,
                            u"- heading \"Checkout\" [level=1]\n- textbox \"Card number\" "
                            "[ref=e1]\n- button \"Pay now\" [ref=e2]"_s },
                          { u"url"_s, u"https://shop.example/checkout"_s },
                          { u"title"_s, u"Checkout — Shop"_s },
                          { u"inView"_s, QJsonArray { u"e1"_s, u"e2"_s } } }));
    }
    if (type == u"tab"_s) {
        return reply(CommandResult::success(
            QJsonObject { { u"tabs"_s,
                            QJsonArray { QJsonObject { { u"tab"_s, u"T1"_s },
                                                       { u"title"_s, u"Checkout — Shop"_s },
                                                       { u"url"_s, u"https://shop.example/checkout"_s },
                                                       { u"yours"_s, true },
                                                       { u"current"_s, true } } } } }));
    }
    if (type == u"get"_s && params.value(u"ref").toString() == u"e2"_s) {
        return reply(CommandResult::success(QJsonObject {
            { u"value"_s,
              QJsonObject {
                  { u"role"_s, u"button"_s },
                  { u"name"_s, u"Pay now"_s },
                  { u"tag"_s, u"button"_s },
                  { u"type"_s, u"submit"_s },
                  { u"submitsForm"_s, true },
                  { u"form"_s,
                    QJsonObject { { u"method"_s, u"POST"_s },
                                  { u"action"_s, u"https://shop.example/pay"_s },
                                  { u"fields"_s, QJsonArray { u"cc-number"_s, u"cc-csc"_s } } } } } } }));
    }
    if (type == u"click"_s) {
        ++*clicks;
        return reply(CommandResult::success(QJsonObject()));
    }
    reply(CommandResult::failure(u"not in this page"_s));
}

} // namespace mpa::test
