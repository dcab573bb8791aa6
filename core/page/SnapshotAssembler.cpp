#include "SnapshotAssembler.h"

#include "cdp/CdpEndpoint.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

SnapshotAssembler::SnapshotAssembler(CdpEndpoint *endpoint, FrameRouter *frames, RefMarks refMarks,
                                     PayloadCall payload, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_frames(frames)
    , m_nextRef(std::move(refMarks))
    , m_payload(std::move(payload))
{
}

void SnapshotAssembler::assemble(const FrameRouter::Target &target, const QString &prefix, int maxElements,
                                 int maxChars, const SnapshotOptions &options, const Result &done)
{
    if (!target.session)
        return done({}, tr("the page is gone"));
    const QString key = target.key();
    QJsonObject args { { u"interactiveOnly"_s, options.interactiveOnly },
                       { u"maxElements"_s, maxElements },
                       { u"maxChars"_s, maxChars },
                       { u"base"_s, m_nextRef->value(key, 1) },
                       { u"prefix"_s, prefix } };
    if (!options.scope.isEmpty())
        args.insert(u"scope"_s, options.scope);
    if (options.viewport && prefix.isEmpty())
        args.insert(u"viewport"_s, true);
    // The tab's whole page begins with its document line (- RootWebArea "Title").
    if (prefix.isEmpty() && options.scope.isEmpty())
        args.insert(u"root"_s, true);
    m_payload(target, u"snapshot"_s, args,
              [this, target, key, prefix, maxElements, maxChars, options, done](const QJsonObject &r,
                                                                                const QString &error) {
                  if (!error.isEmpty())
                      return done({}, error);
                  m_nextRef->insert(key, std::max(m_nextRef->value(key, 1), r.value(u"next").toInt()));
                  const QJsonArray frames = r.value(u"frames").toArray();
                  auto state = std::make_shared<QJsonObject>(r);
                  state->remove(u"frames"_s);
                  state->remove(u"next"_s);
                  if (frames.isEmpty() || !target.session)
                      return splice(state, {}, prefix, maxElements, maxChars, options, done);
                  // Cross-origin frames the payload could not enter: out-of-process ones are child
                  // targets of this session; the others are frames of this session in their own
                  // origin. Matched by address, then in document order.
                  target.session->send(
                      u"Page.getFrameTree"_s, {}, this,
                      [this, target, frames, state, prefix, maxElements, maxChars, options,
                       done](const CdpResult &tree) {
                          if (!target.session)
                              return done({}, tr("the page is gone"));
                          QList<CdpSession *> children;
                          for (CdpSession *s : m_endpoint->sessions()) {
                              if (s->parentSession() == target.session && !s->isPage() && s->isAttached())
                                  children.append(s);
                          }
                          const QList<FrameRouter::Candidate> candidates = FrameRouter::candidates(
                              tree.result.value(u"frameTree").toObject(), target, children);
                          const QList<std::pair<QString, FrameRouter::Target>> splices
                              = FrameRouter::match(frames, candidates);
                          splice(state, splices, prefix, maxElements, maxChars, options, done);
                      });
              });
}

void SnapshotAssembler::splice(const std::shared_ptr<QJsonObject> &state,
                               QList<std::pair<QString, FrameRouter::Target>> splices, const QString &prefix,
                               int maxElements, int maxChars, const SnapshotOptions &options,
                               const Result &done)
{
    if (splices.isEmpty()) {
        QJsonObject out = *state;
        const int omitted = out.value(u"omitted").toInt();
        QString text = out.value(u"text").toString();
        if (omitted > 0 && prefix.isEmpty()) {
            text += u"\n# %1 more element(s) not shown (maxElements %2, maxChars %3): use scope, "
                    "interactiveOnly or higher limits"_s.arg(omitted)
                        .arg(maxElements)
                        .arg(maxChars);
        }
        out.insert(u"snapshot"_s, text);
        out.remove(u"text"_s);
        out.insert(u"truncated"_s, omitted > 0);
        return done(out, {});
    }
    // Plain variables, not a structured binding: clang before 16 cannot capture one (fuzz preset).
    const std::pair<QString, FrameRouter::Target> next = splices.takeFirst();
    const QString ref = next.first;
    const FrameRouter::Target child = next.second;
    const int frameNo = m_frames->route(child, prefix + ref);
    const int shown = state->value(u"shown").toInt();
    const int chars = int(state->value(u"text").toString().size());
    SnapshotOptions inner = options;
    inner.scope.clear();
    assemble(child, u"f%1"_s.arg(frameNo), std::max(1, maxElements - shown), std::max(1, maxChars - chars),
             inner,
             [this, state, ref, splices, prefix, maxElements, maxChars, options, done](const QJsonObject &sub,
                                                                                       const QString &error) {
                 QString text = state->value(u"text").toString();
                 const qsizetype at = text.indexOf(u"[ref=%1%2]"_s.arg(prefix, ref));
                 if (at >= 0) {
                     const qsizetype lineStart = text.lastIndexOf(u'\n', at) + 1;
                     qsizetype indent = 0;
                     while (text.at(lineStart + indent) == u' ')
                         ++indent;
                     qsizetype lineEnd = text.indexOf(u'\n', at);
                     if (lineEnd < 0)
                         lineEnd = text.size();
                     QString inner = error.isEmpty() ? sub.value(u"snapshot"_s).toString()
                                                     : u"- text: (frame not readable: %1)"_s.arg(error);
                     const QString pad = QString(indent + 2, u' ');
                     if (!inner.isEmpty()) {
                         inner = pad + inner;
                         inner.replace(u"\n"_s, u"\n"_s + pad);
                         text.insert(lineEnd, u"\n"_s + inner);
                     }
                 }
                 state->insert(u"text"_s, text);
                 for (const QString &key : { u"shown"_s, u"omitted"_s, u"interactive"_s, u"named"_s })
                     state->insert(key, state->value(key).toInt() + sub.value(key).toInt());
                 splice(state, splices, prefix, maxElements, maxChars, options, done);
             });
}

} // namespace mpa
