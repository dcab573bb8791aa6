// The browser toolkit's eyes and hands in a page (see core/page/PageController): a compact
// snapshot of what a person can see and use, one line per element, with refs that name one
// element for as long as it lives in this document; and the DOM half of every action
// (resolve a ref, scroll it into view, find its clickable point and check nothing covers it,
// read state). Trusted input (mouse, keys, text) comes from the app over CDP.
//
// The registry is per document: a WeakMap element → ref and a Map ref → WeakRef. Numbers are
// never reused in a tab: the app passes the highest number it has seen (`base`), so a ref
// from a previous document never names an element of this one.
(mpa) => {
  const byElement = new WeakMap();
  const byRef = new Map();
  let next = 1;

  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE']);
  const INLINE = new Set(['B', 'I', 'EM', 'STRONG', 'SPAN', 'CODE', 'SMALL', 'MARK', 'ABBR', 'SUB', 'SUP',
    'TIME', 'KBD', 'S', 'U', 'Q', 'CITE', 'DFN', 'VAR', 'SAMP', 'BR', 'FONT', 'BDI', 'BDO', 'DEL', 'INS']);
  const INTERACTIVE = new Set(['link', 'button', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox',
    'listbox', 'option', 'slider', 'spinbutton', 'switch', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'treeitem', 'iframe', 'clickable']);
  // Their content is their name: nothing inside is listed on its own.
  const LEAF = new Set(['link', 'button', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'slider',
    'spinbutton', 'switch', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'clickable']);
  const INPUT_ROLES = {
    button: 'button', submit: 'button', reset: 'button', image: 'button', file: 'button',
    checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
  };

  const NOT_BLANK = /\S/;
  const collapse = (s) => (s || '').replace(/\s+/g, ' ').trim();
  // Cut to n characters, failing closed: the app masks cards, phones, IBANs, addresses and
  // tokens in what it sends on, and a cut value is one it can no longer recognise. So the word the
  // cut splits goes whole, and so do the words before it that could be part of such a value (a
  // digit or "@" in it, a group of up to four capitals and digits, separators only). Core's
  // Redactor::clip follows the same rule.
  const SPACE = /\s/;
  const partOfValue = (w) => /[\p{N}@]/u.test(w) || /^[A-Z0-9]{1,4}$/.test(w) || !/[\p{L}\p{N}]/u.test(w);
  const clip = (s, n) => {
    if (s.length <= n) return s;
    let end = n - 1;
    if (end > 0 && !SPACE.test(s[end]) && !SPACE.test(s[end - 1])) {
      while (end > 0 && !SPACE.test(s[end - 1])) end--;
    }
    for (;;) {
      let wordEnd = end;
      while (wordEnd > 0 && SPACE.test(s[wordEnd - 1])) wordEnd--;
      let wordStart = wordEnd;
      while (wordStart > 0 && !SPACE.test(s[wordStart - 1])) wordStart--;
      if (wordStart === wordEnd || !partOfValue(s.slice(wordStart, wordEnd))) { end = wordEnd; break; }
      end = wordStart;
    }
    return s.slice(0, end) + '…';
  };
  const quote = (s) => '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';

  function roleOf(el, tag = el.tagName) {
    const explicit = el.getAttribute('role');
    if (explicit) {
      const r = explicit.trim().split(/\s+/)[0];
      if (r !== 'presentation' && r !== 'none' && r !== 'generic') return r;
    }
    switch (tag) {
      case 'A': return el.hasAttribute('href') ? 'link' : null;
      case 'BUTTON': return 'button';
      case 'INPUT': {
        const type = (el.getAttribute('type') || 'text').toLowerCase();
        if (type === 'hidden') return null;
        return INPUT_ROLES[type] || 'textbox';
      }
      case 'SELECT': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'TEXTAREA': return 'textbox';
      case 'SUMMARY': return 'button';
      case 'H1': case 'H2': case 'H3': case 'H4': case 'H5': case 'H6': return 'heading';
      case 'IMG': return el.getAttribute('alt') ? 'img' : null;
      case 'IFRAME': case 'FRAME': return 'iframe';
      case 'DIALOG': return 'dialog';
    }
    if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) return 'textbox';
    return null;
  }

  // Text of a label-like element without the controls inside it (a select's options).
  function plainText(node) {
    let out = '';
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) out += c.data;
      else if (c.nodeType === 1 && !SKIP.has(c.tagName) && c.tagName !== 'SELECT' && c.tagName !== 'TEXTAREA'
        && c.tagName !== 'INPUT') out += ' ' + plainText(c);
    }
    return out;
  }

  function labelledBy(el) {
    const ids = el.getAttribute('aria-labelledby');
    if (!ids) return '';
    const root = el.getRootNode();
    return collapse(ids.split(/\s+/).map((id) => {
      const target = root.getElementById ? root.getElementById(id) : document.getElementById(id);
      return target ? plainText(target) : '';
    }).join(' '));
  }

  function nameOf(el, role) {
    const aria = el.getAttribute('aria-label');
    if (aria && aria.trim()) return collapse(aria);
    const by = labelledBy(el);
    if (by) return by;
    const tag = el.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
      if (tag === 'INPUT') {
        const type = (el.getAttribute('type') || '').toLowerCase();
        if (type === 'submit' || type === 'button' || type === 'reset')
          return collapse(el.value) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
        if (type === 'image') return collapse(el.alt || el.value);
      }
      if (el.labels && el.labels.length) {
        const text = collapse(Array.from(el.labels, plainText).join(' '));
        if (text) return text;
      }
      return collapse(el.getAttribute('title') || el.getAttribute('placeholder') || '');
    }
    if (tag === 'IMG') return collapse(el.getAttribute('alt'));
    if (tag === 'IFRAME' || tag === 'FRAME') return collapse(el.getAttribute('title') || el.getAttribute('name'));
    let text = role === 'textbox' ? '' : collapse(el.textContent);
    if (!text) {
      const img = el.querySelector && el.querySelector('img[alt],[aria-label],svg title');
      if (img) text = collapse(img.getAttribute('alt') || img.getAttribute('aria-label') || img.textContent);
    }
    return text || collapse(el.getAttribute('title') || el.getAttribute('placeholder') || '');
  }

  function refOf(el) {
    let ref = byElement.get(el);
    if (!ref) {
      ref = 'e' + next++;
      byElement.set(el, ref);
      byRef.set(ref, new WeakRef(el));
    }
    return ref;
  }

  function alive(el) {
    if (!el || !el.isConnected) return false;
    const doc = el.ownerDocument;
    return !!(doc && doc.defaultView);
  }

  function lookup(ref) {
    const weak = byRef.get(ref);
    const el = weak && weak.deref();
    if (!alive(el)) {
      if (weak) byRef.delete(ref);
      return null;
    }
    return el;
  }

  // "Element not found" first, as the LLM Browser Agent extension worded it (agents look for
  // "not found"), then why.
  function stale(ref, prefix) {
    const name = (prefix || '') + ref;
    return { error: `Element not found: ${name} — stale ref ${name}: the element is gone (or from a previous page); take a new snapshot`,
      stale: true };
  }

  // During a snapshot, read once (each read of location.origin or a document's URL makes a new
  // string); empty outside one.
  const urlOf = { doc: null, url: '', origin: '' };
  function linkTarget(el) {
    // el.href is resolved by the browser already: cheaper than new URL() on every link.
    let full = el.href;
    if (full && typeof full === 'object') full = full.baseVal; // SVG <a>
    if (!full || full.startsWith('javascript:')) return '';
    const doc = el.ownerDocument;
    if (doc !== urlOf.doc) { urlOf.doc = doc; urlOf.url = doc.URL; }
    const here = urlOf.url;
    const hash = full.indexOf('#');
    if (hash >= 0) {
      const hereHash = here.indexOf('#');
      if (full.slice(0, hash) === (hereHash >= 0 ? here.slice(0, hereHash) : here)) return full.slice(hash);
    }
    const origin = urlOf.origin || (urlOf.origin = location.origin);
    if (full.startsWith(origin + '/')) return full.slice(origin.length);
    return clip(full, 100);
  }

  function stateOf(el, role, out) {
    if ((el.disabled && 'disabled' in el) || el.getAttribute('aria-disabled') === 'true') out.push('[disabled]');
    if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox'
      || role === 'menuitemradio') {
      const checked = el.tagName === 'INPUT' ? (el.indeterminate ? 'mixed' : el.checked)
        : el.getAttribute('aria-checked');
      if (checked === true || checked === 'true') out.push('[checked]');
      else if (checked === 'mixed') out.push('[mixed]');
    }
    const pressed = el.getAttribute('aria-pressed');
    if (pressed === 'true') out.push('[pressed]');
    const expanded = el.getAttribute('aria-expanded');
    if (expanded === 'true') out.push('[expanded]');
    else if (expanded === 'false') out.push('[collapsed]');
    if (el.tagName === 'DETAILS' || (el.tagName === 'SUMMARY' && el.parentElement && el.parentElement.tagName === 'DETAILS'))
      out.push(el.parentElement.open ? '[expanded]' : '[collapsed]');
    if (el.getAttribute('aria-selected') === 'true' || (el.tagName === 'OPTION' && el.selected)) out.push('[selected]');
  }

  function valueOf(el, role, name, out) {
    const tag = el.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (role === 'textbox' || role === 'searchbox' || role === 'spinbutton' || role === 'slider') {
        if (tag === 'INPUT' && type !== 'text' && type !== 'search' && type !== 'number' && type !== 'range')
          out.push('type=' + type);
        const ph = el.getAttribute('placeholder');
        if (ph && collapse(ph) !== name) out.push('placeholder=' + quote(clip(collapse(ph), 60)));
        if (el.value) out.push('value=' + quote(type === 'password' ? '•'.repeat(Math.min(el.value.length, 8))
          : clip(collapse(el.value), 80)));
      }
    } else if (tag === 'SELECT') {
      // (selectedOptions makes a live collection: a single choice reads its one option instead.)
      const picked = el.multiple ? Array.from(el.selectedOptions)
        : el.selectedIndex >= 0 ? [el.options[el.selectedIndex]] : [];
      const chosen = picked.map((o) => collapse(o.label || o.text));
      if (chosen.length) out.push('value=' + quote(clip(chosen.join(', '), 80)));
      const labels = [];
      for (const o of el.options) {
        if (labels.length === 12) { labels.push(`…${el.options.length - 12} more`); break; }
        labels.push(clip(collapse(o.label || o.text), 30));
      }
      out.push('options=[' + labels.join('|') + ']');
    } else if (role === 'textbox' && el.isContentEditable) {
      const text = collapse(el.textContent);
      if (text) out.push('value=' + quote(clip(text, 80)));
    } else if (role === 'link') {
      const target = linkTarget(el);
      if (target) out.push('-> ' + target);
    }
  }

  // What follows an element's ref on its line: heading level, state and value.
  function detailsOf(el, role, name, isInteractive) {
    const extra = [];
    if (role === 'heading') extra.push('[level=' + (el.tagName[1] || el.getAttribute('aria-level') || 2) + ']');
    if (isInteractive) {
      stateOf(el, role, extra);
      valueOf(el, role, name, extra);
    }
    return extra.length ? ' ' + extra.join(' ') : '';
  }

  // ---- the snapshot ----------------------------------------------------------------------

  function snapshot(args) {
    const o = args || {};
    if (o.base && next < o.base) next = o.base;
    const prefix = o.prefix || '';
    const interactiveOnly = !!o.interactiveOnly;
    const maxElements = o.maxElements || 1000;
    const maxChars = o.maxChars || 40000;
    const lines = [];
    const frames = [];
    let chars = 0;
    let shown = 0;
    let omitted = 0;
    let interactive = 0;
    let named = 0;
    let full = false;
    // With o.viewport: the refs of the interactables the user could see without scrolling.
    const inView = o.viewport ? [] : null;
    // …and where each of them is in the top document's viewport ([x, y, width, height]), for the
    // marks of a screenshot (agent/vision).
    const boxes = o.viewport ? {} : null;
    const viewW = window.innerWidth;
    const viewH = window.innerHeight;

    function emit(line) {
      if (!full && (shown >= maxElements || chars + line.length + 1 > maxChars)) full = true;
      if (full) { omitted++; return false; }
      lines.push(line);
      chars += line.length + 1;
      shown++;
      return true;
    }

    // Short runs of text next to each other share a line ("3 days ago · by user 7").
    let lastText = -1;
    function emitText(text, indent) {
      if (interactiveOnly) return;
      text = clip(collapse(text), 100);
      if (!text) return;
      const head = indent + '- text: ';
      const last = lines.length - 1;
      if (lastText === last && last >= 0 && lines[last].startsWith(head) && !lines[last].startsWith(head + ' ')
        && lines[last].length + text.length < head.length + 120 && chars + text.length + 3 <= maxChars && !full) {
        lines[last] += ' · ' + text;
        chars += text.length + 3;
        return;
      }
      if (emit(head + text)) lastText = lines.length - 1;
    }

    function walkChildren(parent, indent, pointer, textDone) {
      // Direct text (with its inline elements) becomes one line, unless an ancestor's did.
      let ownText = false;
      // A label's words are its control's name: no line of their own.
      if (parent.tagName === 'LABEL' && parent.control) textDone = true;
      if (!textDone && !interactiveOnly) {
        for (let c = parent.firstChild; c; c = c.nextSibling) {
          if (c.nodeType === 3 && NOT_BLANK.test(c.data)) { ownText = true; break; }
        }
        if (ownText) {
          let text = '';
          for (let c = parent.firstChild; c; c = c.nextSibling) {
            if (c.nodeType === 3) text += c.data;
            else if (c.nodeType === 1 && INLINE.has(c.tagName)) text += c.tagName === 'BR' ? ' ' : c.textContent;
            else if (c.nodeType === 1) text += ' ';
          }
          emitText(text, indent);
        }
      }
      for (let c = parent.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 1) visit(c, indent, pointer, ownText && INLINE.has(c.tagName));
      }
    }

    function visit(el, indent, pointer, textDone) {
      const tag = el.tagName;
      if (SKIP.has(tag)) return;
      if (tag === 'SLOT') {
        const assigned = el.assignedNodes();
        if (assigned.length) {
          for (const n of assigned) {
            if (n.nodeType === 1) visit(n, indent, pointer, textDone);
            else if (n.nodeType === 3 && !textDone) emitText(n.data, indent);
          }
        } else {
          walkChildren(el, indent, pointer, textDone);
        }
        return;
      }
      if (el.getAttribute('aria-hidden') === 'true') return;
      const style = view.getComputedStyle(el);
      // Each computed property read costs: read only those this element needs.
      const display = style.display;
      if (display === 'none') return;
      const visibility = style.visibility;
      const shown_ = visibility !== 'hidden' && visibility !== 'collapse';
      let role = roleOf(el, tag);
      // The cursor matters for elements without a role of their own (and what they contain).
      // The cursor is inherited: below a pointer it changes nothing (see the uses below).
      const isPointer = (role && LEAF.has(role)) || pointer ? pointer : style.cursor === 'pointer';
      if (!role && isPointer && !pointer && shown_
        && (el.hasAttribute('onclick') || el.firstChild)) role = 'clickable';
      else if (!role && (el.hasAttribute('onclick') || (el.tabIndex >= 0 && el.hasAttribute('tabindex'))))
        role = 'clickable';
      if (role && shown_) {
        const isInteractive = INTERACTIVE.has(role);
        if (isInteractive || !interactiveOnly) {
          const landmark = !isInteractive && role !== 'heading' && role !== 'img';
          // Landmarks and other containers only get a line when they are named on purpose.
          const name = landmark ? collapse(el.getAttribute('aria-label') || labelledBy(el)) : nameOf(el, role);
          if ((isInteractive && role === 'clickable' && !name) || (landmark && !name)) {
            role = null; // a pointer cursor on an empty box names nothing worth acting on
          } else {
            // A box of no size shows nothing (offsetWidth: no DOMRect to make; SVG has none).
            if (!isInteractive || tag === 'INPUT' || el.offsetWidth > 0 || el.offsetHeight > 0
              || (el.offsetWidth === undefined && (el.getBoundingClientRect().width > 0))) {
              let line = indent + '- ' + role;
              if (name) line += ' ' + quote(clip(name, 80));
              if (isInteractive) {
                interactive++;
                if (name) named++;
                line += ' [ref=' + prefix + refOf(el) + ']';
                if (inView) {
                  const r = el.getBoundingClientRect();
                  if (r.bottom > 0 && r.right > 0 && r.top < viewH && r.left < viewW) {
                    inView.push(prefix + refOf(el));
                    const box = topBox(el);
                    if (box) boxes[prefix + refOf(el)] = box;
                  }
                }
              }
              line += detailsOf(el, role, name, isInteractive);
              if (role === 'iframe') {
                let inner = null;
                try { inner = el.contentDocument; } catch (e) { inner = null; }
                if (emit(line + ':')) {
                  if (inner && inner.documentElement) {
                    const outer = view;
                    view = inner.defaultView;
                    try { visit(inner.documentElement, indent + '  ', false, false); } finally { view = outer; }
                  }
                  else frames.push({ ref: refOf(el), src: el.src || '' });
                }
                return;
              }
              emit(line);
              if (LEAF.has(role)) return;
              if (role === 'heading' || role === 'img') {
                walkChildren(el, indent, pointer || isPointer, true);
                return;
              }
            }
          }
        }
      }
      // A box that scrolls on its own gets a ref, for scroll.
      // (Overflow does not apply to an inline box, nor to one that makes no box.)
      const overflow = shown_ && el.firstChild && display !== 'inline' && display !== 'contents'
        ? style.overflow : 'visible'; // or "hidden auto" and the like
      if (overflow !== 'visible' && (overflow.includes('auto') || overflow.includes('scroll'))
        && el !== el.ownerDocument.scrollingElement
        && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)) {
        const name = collapse(el.getAttribute('aria-label') || labelledBy(el));
        emit(indent + '- scrollable' + (name ? ' ' + quote(clip(name, 80)) : '') + ' [ref=' + prefix + refOf(el) + ']');
      }
      if (el.shadowRoot) {
        walkChildren(el.shadowRoot, indent, pointer || isPointer, textDone);
        return;
      }
      walkChildren(el, indent, pointer || isPointer, textDone || !shown_);
    }

    let scope = document.documentElement;
    if (o.scope) {
      const found = /^e\d+$/.test(o.scope) ? lookup(o.scope) : (() => {
        try { return document.querySelector(o.scope); } catch (e) { return undefined; }
      })();
      if (found === undefined) return { error: `scope "${o.scope}" is not a valid CSS selector or ref` };
      if (!found) {
        if (/^e\d+$/.test(o.scope)) return stale(o.scope, prefix);
        return { error: `scope "${o.scope}" matches no element` };
      }
      scope = found;
    }
    // The document itself first, as the LLM Browser Agent extension's snapshots began (agents
    // key on it); its characters count against maxChars, it is not an element.
    if (o.root) {
      const title = clip(collapse(document.title), 80);
      const root = '- RootWebArea' + (title ? ' ' + quote(title) : '');
      lines.push(root);
      chars += root.length + 1;
    }
    // The window whose getComputedStyle reads the elements visited (a frame's, inside it).
    let view = scope ? scope.ownerDocument.defaultView : window;
    try {
      if (scope) visit(scope, '', false, false);
    } finally {
      urlOf.doc = null; // outside a snapshot a document's URL may change (history.pushState)
      urlOf.origin = '';
    }
    if (byRef.size > 4 * (next - (o.base || 1)) + 1000) {
      for (const [ref, weak] of byRef) if (!alive(weak.deref())) byRef.delete(ref);
    }
    return {
      text: lines.join('\n'),
      frames,
      next,
      shown,
      omitted,
      interactive,
      named,
      url: location.href,
      title: document.title,
      ...(inView ? {
        inView,
        boxes,
        scroll: { x: Math.round(window.scrollX), y: Math.round(window.scrollY), height: document.documentElement.scrollHeight,
          viewHeight: viewH, viewWidth: viewW },
      } : {}),
    };
  }

  // ---- actions ---------------------------------------------------------------------------

  function describe(el) {
    let s = '<' + el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    else if (typeof el.className === 'string' && el.className.trim())
      s += '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.');
    s += '>';
    const text = clip(collapse(el.textContent), 40);
    return text ? `${s} "${text}"` : s;
  }

  function label(el) {
    const role = roleOf(el) || el.tagName.toLowerCase();
    const name = clip(nameOf(el, role), 40);
    return name ? `${role} "${name}"` : role;
  }

  // An element's box in the top document's viewport, through same-origin frames, rounded
  // ([x, y, width, height]); null inside a frame of another origin.
  function topBox(el) {
    const r = el.getBoundingClientRect();
    let x = r.x;
    let y = r.y;
    try {
      for (let w = el.ownerDocument.defaultView; w && w !== w.parent && w.frameElement; w = w.parent) {
        const fr = w.frameElement.getBoundingClientRect();
        x += fr.x + w.frameElement.clientLeft;
        y += fr.y + w.frameElement.clientTop;
      }
    } catch (e) { return null; }
    return [Math.round(x), Math.round(y), Math.round(r.width), Math.round(r.height)];
  }

  // The element at a point of the document (CSS pixels, as the page is scrolled now), for an
  // action at a point of a screenshot: what the security gate is told of it (elementFacts) — of
  // the interactive element the point is in, not of a span inside it — and the point in the
  // viewport. Through open shadow roots and same-origin frames; a frame of another origin is not
  // looked into ({unresolved}: the app asks the user).
  function factsAt(args) {
    const x = args.x - window.scrollX;
    const y = args.y - window.scrollY;
    if (!(x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight))
      return { error: 'the point is out of the view now (the page scrolled or changed size): look again' };
    let doc = document;
    let hx = x;
    let hy = y;
    let hit = deepHit(doc, hx, hy);
    while (hit && (hit.tagName === 'IFRAME' || hit.tagName === 'FRAME')) {
      let inner = null;
      try { inner = hit.contentDocument; } catch (e) { inner = null; }
      if (!inner || !inner.documentElement)
        return { unresolved: `${label(hit)} is a frame the app cannot look into`, viewport: { x, y } };
      const origin = contentOrigin(hit);
      hx -= origin.x;
      hy -= origin.y;
      doc = inner;
      hit = deepHit(doc, hx, hy);
    }
    if (!hit) return { unresolved: 'nothing is there', viewport: { x, y } };
    let el = hit;
    for (let n = hit; n && n.nodeType === 1;) {
      const role = roleOf(n);
      if ((role && INTERACTIVE.has(role)) || n.hasAttribute('onclick')) { el = n; break; }
      const root = n.parentElement ? null : n.getRootNode();
      n = n.parentElement || (root && root.host) || null;
    }
    return { facts: elementFacts(el), viewport: { x, y } };
  }

  // The element at a point, through open shadow roots.
  function deepHit(doc, x, y) {
    let hit = doc.elementFromPoint(x, y);
    // The app's own run mask (its Stop bar) steps aside while the agent's input goes through.
    if (hit && hit.tagName === 'MPA-RUN-MASK')
      hit = doc.elementsFromPoint(x, y).find((e) => e.tagName !== 'MPA-RUN-MASK') || null;
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  function composedContains(el, node) {
    for (let n = node; n; n = n.parentNode || n.host) {
      if (n === el) return true;
    }
    return false;
  }

  function hits(el, hit) {
    if (!hit) return false;
    if (composedContains(el, hit)) return true;
    // A label's click goes to its control (custom checkboxes hide the input under the label).
    const lbl = hit.closest && hit.closest('label');
    return !!(lbl && lbl.control === el);
  }

  function visibleRect(el) {
    const rects = el.getClientRects();
    const view = el.ownerDocument.defaultView;
    const vw = view.innerWidth;
    const vh = view.innerHeight;
    for (const r of rects) {
      const left = Math.max(r.left, 0);
      const top = Math.max(r.top, 0);
      const right = Math.min(r.right, vw);
      const bottom = Math.min(r.bottom, vh);
      if (right - left >= 1 && bottom - top >= 1) return { left, top, right, bottom };
    }
    return null;
  }

  function isVisible(el) {
    if (!alive(el)) return false;
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 || r.height > 0;
  }

  function isEnabled(el) {
    return !((el.disabled && 'disabled' in el) || el.getAttribute('aria-disabled') === 'true'
      || (el.closest && el.closest('fieldset:disabled') && el.matches(':disabled')));
  }

  // Whether the element's box lies inside its viewport and, through same-origin frames, inside
  // every viewport up to this window's.
  function inView(el) {
    const r = el.getBoundingClientRect();
    let left = r.left, top = r.top, right = r.right, bottom = r.bottom;
    let view = el.ownerDocument.defaultView;
    for (;;) {
      if (top < 0 || left < 0 || bottom > view.innerHeight || right > view.innerWidth) return false;
      if (view === window) return true;
      let frame = null;
      try { frame = view.frameElement; } catch (e) { frame = null; }
      if (!frame) return true;
      const o = contentOrigin(frame);
      left += o.x; right += o.x; top += o.y; bottom += o.y;
      view = frame.ownerDocument.defaultView;
    }
  }

  function contentOrigin(frame) {
    const fr = frame.getBoundingClientRect();
    const fs = frame.ownerDocument.defaultView.getComputedStyle(frame);
    return { x: fr.left + frame.clientLeft + parseFloat(fs.paddingLeft || '0'),
      y: fr.top + frame.clientTop + parseFloat(fs.paddingTop || '0') };
  }

  // After a scroll: until the browser has drawn it (its hit testing follows the drawn frame),
  // at most 100 ms.
  function settled() {
    return new Promise((resolve) => {
      let done = false;
      const finish = () => { if (!done) { done = true; resolve(); } };
      requestAnimationFrame(() => requestAnimationFrame(finish));
      setTimeout(finish, 100);
    });
  }

  // Scrolls the element into view when it is not; true when it scrolled. Inside a frame the
  // scroll stays as small as possible, so that the page around the frame does not move.
  function reveal(el) {
    if (inView(el)) return false;
    const top = window === window.top;
    el.scrollIntoView({ block: top ? 'center' : 'nearest', inline: top ? 'center' : 'nearest', behavior: 'instant' });
    return true;
  }

  // The point a click would take, in this window's coordinates (through same-origin frames),
  // checking at every level that nothing covers it.
  function locate(el) {
    const rect = visibleRect(el);
    if (!rect) return { error: `${label(el)} cannot be scrolled into view` };
    let x = (rect.left + rect.right) / 2;
    let y = (rect.top + rect.bottom) / 2;
    const hit = deepHit(el.ownerDocument, x, y);
    if (!hits(el, hit)) {
      return { error: hit ? `${label(el)} is covered by ${describe(hit)} at (${Math.round(x)}, ${Math.round(y)})`
        : `${label(el)} is outside the page`, covered: true };
    }
    let w = el.ownerDocument.defaultView;
    while (w !== window) {
      let frame = null;
      try { frame = w.frameElement; } catch (e) { frame = null; }
      if (!frame) break;
      const o = contentOrigin(frame);
      x += o.x;
      y += o.y;
      const outer = deepHit(frame.ownerDocument, x, y);
      if (outer !== frame) {
        return { error: `${label(el)} is covered by ${outer ? describe(outer) : 'nothing'} (its frame is hidden there)`,
          covered: true };
      }
      w = frame.ownerDocument.defaultView;
    }
    return { x, y };
  }

  function clickPoint(el, args) {
    if (!isVisible(el)) return { error: `${label(el)} is not visible` };
    if (args.enabled !== false && !isEnabled(el)) return { error: `${label(el)} is disabled` };
    if (!reveal(el)) return locate(el);
    return settled().then(() => locate(el));
  }

  function hasFocus(el) {
    const root = el.getRootNode();
    const active = root.activeElement;
    return !!active && (active === el || el.contains(active));
  }

  function editable(el) {
    return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable;
  }

  const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden']);
  // Inputs whose value is picked, not typed: fill sets them like a picker would.
  const PICKED = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);

  function inputType(el) {
    return el.tagName === 'INPUT' ? (el.getAttribute('type') || 'text').toLowerCase() : '';
  }

  function focusFor(el, selectAll) {
    if (!editable(el)) return { error: `${label(el)} does not take text (it is not an input, textarea or editable box)` };
    // Each refusal written whole: the window finds it by its wording (core/common/KnownSentences.cpp).
    if (NOT_TEXT.has(inputType(el))) {
      if (inputType(el) === 'checkbox' || inputType(el) === 'radio') {
        return { error: `${label(el)} does not take text: use check or uncheck` };
      }
      if (inputType(el) === 'file') return { error: `${label(el)} does not take text` };
      return { error: `${label(el)} does not take text: use click` };
    }
    if (el.readOnly) return { error: `${label(el)} is read-only` };
    if (!isEnabled(el)) return { error: `${label(el)} is disabled` };
    if (!isVisible(el)) return { error: `${label(el)} is not visible` };
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    el.focus({ preventScroll: true });
    const doc = el.ownerDocument;
    if (!hasFocus(el)) return { error: `${label(el)} did not take the focus` };
    if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') {
      try {
        if (selectAll) el.select();
        else el.setSelectionRange(el.value.length, el.value.length);
      } catch (e) {
        if (selectAll) el.select();
      }
    } else {
      const range = doc.createRange();
      range.selectNodeContents(el);
      if (!selectAll) range.collapse(false);
      const sel = doc.defaultView.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
    }
    return { ok: true, empty: !valueText(el), picked: PICKED.has(inputType(el)) };
  }

  // Sets a picked value (date, colour, range) as the browser's picker does: the native setter
  // (React's value tracker sees the change), then input and change events.
  function setPicked(el, value) {
    if (!PICKED.has(inputType(el))) return { error: `${label(el)} is typed into, not picked` };
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    native.set.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { value: el.value };
  }

  function valueText(el) {
    if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return el.value;
    if (el.isContentEditable) return el.innerText.replace(/\n$/, '');
    return '';
  }

  function checkedOf(el) {
    if (el.tagName === 'INPUT') return el.checked;
    const a = el.getAttribute('aria-checked') || el.getAttribute('aria-pressed') || el.getAttribute('aria-selected');
    return a === 'true';
  }

  function selectOptions(el, values) {
    if (el.tagName !== 'SELECT') return { error: `${label(el)} is not a select box` };
    if (!isEnabled(el)) return { error: `${label(el)} is disabled` };
    const options = Array.from(el.options);
    const chosen = [];
    for (const wanted of values) {
      const option = options.find((o) => o.value === wanted)
        || options.find((o) => collapse(o.label || o.text) === collapse(wanted))
        || options.find((o) => collapse(o.label || o.text).toLowerCase() === collapse(wanted).toLowerCase());
      if (!option) {
        return { error: `${label(el)} has no option "${wanted}" (it has ${options.map((o) =>
          quote(collapse(o.label || o.text))).join(', ')})` };
      }
      if (option.disabled) return { error: `option "${wanted}" of ${label(el)} is disabled` };
      chosen.push(option);
    }
    if (!el.multiple && chosen.length > 1) return { error: `${label(el)} takes one value, not ${chosen.length}` };
    for (const o of options) o.selected = chosen.includes(o);
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { selected: chosen.map((o) => o.value), labels: chosen.map((o) => collapse(o.label || o.text)) };
  }

  function scrollBy(el, args) {
    const target = el || document.scrollingElement || document.documentElement;
    const view = el ? null : window;
    const pageW = el ? el.clientWidth : window.innerWidth;
    const pageH = el ? el.clientHeight : window.innerHeight;
    const unit = args.unit === 'page' ? 0.9 : 1;
    const dx = (args.x || 0) * (args.unit === 'page' ? pageW * unit : 1);
    const dy = (args.y || 0) * (args.unit === 'page' ? pageH * unit : 1);
    if (view) view.scrollBy({ left: dx, top: dy, behavior: 'instant' });
    else target.scrollBy({ left: dx, top: dy, behavior: 'instant' });
    const at = { x: Math.round(view ? view.scrollX : target.scrollLeft), y: Math.round(view ? view.scrollY : target.scrollTop) };
    const max = { x: Math.round(target.scrollWidth - (el ? target.clientWidth : window.innerWidth)),
      y: Math.round(target.scrollHeight - (el ? target.clientHeight : window.innerHeight)) };
    return { scrollX: at.x, scrollY: at.y, maxX: Math.max(0, max.x), maxY: Math.max(0, max.y) };
  }

  function pageText() {
    return document.body ? document.body.innerText : document.documentElement.textContent;
  }

  function waitFor(args) {
    const deadline = Date.now() + (args.timeoutMs || 5000);
    const test = () => {
      if (args.ref) {
        const el = lookup(args.ref);
        if (!el) return { error: stale(args.ref, args.prefix).error };
        if (args.state === 'hidden' ? !isVisible(el) : isVisible(el)) return { ok: true };
      } else if (args.text !== undefined) {
        const has = pageText().includes(args.text);
        if (args.state === 'hidden' ? !has : has) return { ok: true };
      }
      return null;
    };
    return new Promise((resolve) => {
      const step = () => {
        const r = test();
        if (r) return resolve(r);
        if (Date.now() >= deadline) return resolve({ timeout: true });
        setTimeout(step, 50);
      };
      step();
    });
  }

  // What a security check needs to know of an element before it is acted on: what it is, where
  // it leads, and the form it would submit (its method, address and the kinds of fields in it).
  function elementFacts(el) {
    const attr = (n) => el.getAttribute(n) || '';
    const link = el.closest('a[href]');
    const form = el.form || el.closest('form');
    const tag = el.tagName.toLowerCase();
    const type = (tag === 'input' || tag === 'button') ? (el.type || '').toLowerCase() : attr('type').toLowerCase();
    const facts = {
      role: roleOf(el) || '',
      name: nameOf(el, roleOf(el) || '') || '',
      tag,
      type,
      autocomplete: attr('autocomplete').toLowerCase(),
      href: link ? link.href : '',
      download: !!(link && link.hasAttribute('download')),
      editable: !!el.isContentEditable,
      // The document it is in (a frame's own address): a secret is typed only on its site.
      frameUrl: (el.ownerDocument && el.ownerDocument.location) ? el.ownerDocument.location.href : location.href,
      submitsForm: !!form && ((tag === 'button' && (type === 'submit' || type === ''))
        || (tag === 'input' && (type === 'submit' || type === 'image'))),
    };
    // Where it is in the top document's viewport (through same-origin frames), for the outline
    // shown before an agent acts on it.
    const r = el.getBoundingClientRect();
    const box = { x: r.x, y: r.y, width: r.width, height: r.height };
    try {
      for (let w = el.ownerDocument.defaultView; w && w !== w.parent && w.frameElement; w = w.parent) {
        const fr = w.frameElement.getBoundingClientRect();
        box.x += fr.x + w.frameElement.clientLeft;
        box.y += fr.y + w.frameElement.clientTop;
      }
      facts.box = box;
    } catch (e) { /* a frame of another origin: no box */ }
    if (form) {
      const fields = new Set();
      for (const f of form.elements) {
        const ft = f.tagName.toLowerCase();
        const ac = (f.getAttribute('autocomplete') || '').toLowerCase().split(/\s+/).pop();
        if (ac && ac !== 'on' && ac !== 'off') fields.add(ac);
        if (ft === 'textarea') fields.add('textarea');
        else if (ft === 'input') fields.add((f.type || 'text').toLowerCase());
        else if (ft === 'select') fields.add('select');
      }
      facts.form = { method: (form.method || 'get').toUpperCase(), action: form.action || location.href, fields: [...fields] };
      facts.inForm = true;
    }
    return facts;
  }

  // ---- find: the first element a locator names ------------------------------------------

  // Every element of the document in order, through open shadow roots and same-origin frames
  // (the parts a snapshot walks), skipping what is never shown.
  function* elementsUnder(root) {
    for (let c = root.firstElementChild; c; c = c.nextElementSibling) {
      if (SKIP.has(c.tagName)) continue;
      yield c;
      if (c.shadowRoot) yield* elementsUnder(c.shadowRoot);
      if (c.tagName === 'IFRAME' || c.tagName === 'FRAME') {
        let inner = null;
        try { inner = c.contentDocument; } catch (e) { inner = null; }
        if (inner && inner.documentElement) yield* elementsUnder(inner);
      }
      yield* elementsUnder(c);
    }
  }

  // The words an element shows itself: its name for controls and links (what the snapshot
  // names them), else its own text with the inline elements in it.
  function ownText(el, role) {
    if (role && LEAF.has(role)) return nameOf(el, role);
    let text = '';
    let own = false;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) { text += c.data; if (c.data.trim()) own = true; }
      else if (c.nodeType === 1 && INLINE.has(c.tagName)) text += c.tagName === 'BR' ? ' ' : c.textContent;
      else if (c.nodeType === 1) text += ' ';
    }
    return own ? collapse(text) : '';
  }

  function isControl(el, role) {
    return el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA'
      || (!!role && (role === 'textbox' || role === 'searchbox' || role === 'combobox' || role === 'listbox'
        || role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'slider' || role === 'spinbutton'));
  }

  // What a locator kind reads of an element (null: the element does not have it).
  const LOCATORS = {
    role: (el, role) => role,
    text: (el, role) => ownText(el, role) || null,
    // A control's <label>s, and any element's aria-label or aria-labelledby.
    label: (el, role) => {
      const parts = [collapse(el.getAttribute('aria-label') || ''), labelledBy(el)];
      if (isControl(el, role) && el.labels) parts.push(...Array.from(el.labels, (l) => collapse(plainText(l))));
      const text = collapse(parts.filter(Boolean).join(' '));
      return text || null;
    },
    placeholder: (el) => el.getAttribute('placeholder'),
    testid: (el) => el.getAttribute('data-testid') ?? el.getAttribute('data-test-id') ?? el.getAttribute('data-test'),
    alt: (el) => el.getAttribute('alt'),
    title: (el) => el.getAttribute('title'),
  };

  // How far apart two names are (edit distance over their lower-case forms, cut at 60 chars).
  function distance(a, b) {
    a = a.toLowerCase().slice(0, 60);
    b = b.toLowerCase().slice(0, 60);
    let row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const nextRow = [i];
      for (let j = 1; j <= b.length; j++)
        nextRow[j] = Math.min(row[j] + 1, nextRow[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = nextRow;
    }
    return row[b.length] - (b.includes(a) || a.includes(b) ? 0.5 : 0);
  }

  // {locator, value, text?, exact?} → the first visible element it names: its ref and its line as
  // a snapshot shows it (with the ref), and how many match; or {error, notFound, closest}.
  function find(args) {
    if (args.base && next < args.base) next = args.base;
    const kind = args.locator;
    const read = LOCATORS[kind];
    if (!read) return { error: `unknown locator "${kind}": use one of ${Object.keys(LOCATORS).join(', ')}` };
    const exact = !!args.exact || kind === 'testid';
    const wanted = collapse(String(args.value));
    const named = args.text === undefined ? null : collapse(String(args.text));
    const same = (got, want, strict) => {
      got = collapse(got);
      return strict ? got === want : got.toLowerCase().includes(want.toLowerCase());
    };
    let first = null;
    let count = 0;
    const seen = new Map(); // what the page offers instead, for a miss: text → how often
    for (const el of elementsUnder(document)) {
      const role = roleOf(el);
      const got = read(el, role);
      if (got === null || got === undefined || got === '') continue;
      if (!isVisible(el)) continue;
      const isMatch = kind === 'role' ? got === wanted.toLowerCase() : same(got, wanted, exact);
      const name = named === null ? null : nameOf(el, role || '');
      if (isMatch && (named === null || same(name, named, !!args.exact))) {
        if (!first) first = { el, role };
        count++;
        continue;
      }
      if (seen.size < 2000) {
        const offered = kind === 'role' ? (named === null ? got : (got === wanted.toLowerCase() ? name : '')) : got;
        if (offered) seen.set(clip(collapse(offered), 80), true);
      }
    }
    if (first) {
      const el = first.el;
      const role = first.role || 'generic';
      const name = first.role ? nameOf(el, role)
        : collapse(el.getAttribute('aria-label') || labelledBy(el) || ownText(el, null));
      const ref = (args.prefix || '') + refOf(el);
      const line = '- ' + role + (name ? ' ' + quote(clip(name, 80)) : '') + ' [ref=' + ref + ']'
        + detailsOf(el, role, name, INTERACTIVE.has(role));
      return { ref, line, role, name, count, next };
    }
    const target = kind === 'role' && named !== null ? named : wanted;
    const closest = Array.from(seen.keys()).map((t) => [t, distance(target, t)])
      .sort((a, b) => a[1] - b[1]).slice(0, 5).map((p) => p[0]);
    const what = kind === 'role'
      ? `no visible element with role "${wanted}"${named !== null ? ` named "${named}"` : ''}`
      : `no visible element with ${kind === 'text' ? 'the text' : kind} "${wanted}"${named !== null ? ` named "${named}"` : ''}`;
    const hint = closest.length ? `; closest ${kind === 'role' && named === null ? 'roles' : 'names'}: ${closest.map(quote).join(', ')}` : '';
    return { error: `not found: ${what}${hint}`, notFound: true, closest, next };
  }

  // Whether a press and move on the element would start an HTML5 drag.
  function draggable(el) {
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const d = n.getAttribute('draggable');
      if (d === 'true') return true;
      if (d === 'false') return false;
      if ((n.tagName === 'A' && n.hasAttribute('href')) || n.tagName === 'IMG') return true;
    }
    return false;
  }

  // The element at a point of this window: its label and whether it drags (for drag by points).
  function at(args) {
    const hit = deepHit(document, args.x, args.y);
    return hit ? { label: label(hit), draggable: draggable(hit) } : { label: 'nothing', draggable: false };
  }

  const ops = {
    point: (el, args) => {
      const point = clickPoint(el, args);
      const withDrag = (p) => (p && !p.error && args.drag ? Object.assign(p, { draggable: draggable(el) }) : p);
      return point && typeof point.then === 'function' ? point.then(withDrag) : withDrag(point);
    },
    scrollIntoView: (el) => {
      if (!isVisible(el)) return { error: `${label(el)} is not visible` };
      const scrolled = reveal(el);
      const report = () => {
        const r = el.getBoundingClientRect();
        return { scrolled, inView: inView(el), x: Math.round(r.left), y: Math.round(r.top),
          width: Math.round(r.width), height: Math.round(r.height) };
      };
      return scrolled ? settled().then(report) : report();
    },
    hover: (el, args) => clickPoint(el, Object.assign({ enabled: false }, args)),
    focus: (el) => {
      if (!isVisible(el)) return { error: `${label(el)} is not visible` };
      el.focus();
      return hasFocus(el) ? { ok: true } : { error: `${label(el)} cannot take the focus` };
    },
    editStart: (el, args) => focusFor(el, !!args.selectAll),
    // upload: the element must be a file input; what it takes.
    fileTarget: (el) => {
      if (!(el instanceof HTMLInputElement) || el.type !== 'file')
        return { error: `${label(el)} is not a file input (<input type=file>)` };
      if (el.disabled) return { error: `${label(el)} is disabled` };
      return { multiple: el.multiple, accept: el.accept };
    },
    fileNames: (el) => ({ names: Array.from(el.files || [], (f) => f.name), sizes: Array.from(el.files || [], (f) => f.size) }),
    // fill_form: how a field takes its value (picked from options, checked, or typed).
    fieldKind: (el) => {
      const role = roleOf(el);
      if (el.tagName === 'SELECT') return { kind: 'select', role };
      if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox'
        || role === 'menuitemradio') return { kind: 'check', role };
      return { kind: 'text', role };
    },
    setPicked: (el, args) => setPicked(el, String(args.value)),
    value: (el) => ({ value: valueText(el) }),
    checkState: (el) => {
      const role = roleOf(el);
      if (role !== 'checkbox' && role !== 'radio' && role !== 'switch' && role !== 'menuitemcheckbox'
        && role !== 'menuitemradio' && role !== 'option' && role !== 'tab')
        return { error: `${label(el)} is not a checkbox, radio button or switch` };
      return { checked: checkedOf(el), role, enabled: isEnabled(el) };
    },
    select: (el, args) => selectOptions(el, args.values || []),
    scroll: (el, args) => scrollBy(el, args),
    get: (el, args) => {
      switch (args.what) {
        case 'text': return { value: el ? el.innerText : pageText() };
        case 'value': return el ? { value: valueText(el) } : { error: 'get value needs a ref' };
        case 'attribute': return el ? { value: el.getAttribute(args.name) } : { error: 'get attribute needs a ref' };
        case 'html': return { value: (el || document.documentElement).outerHTML };
        case 'url': return { value: location.href };
        case 'title': return { value: document.title };
        case 'element': return el ? { value: elementFacts(el) } : { error: 'get element needs a ref' };
        case 'box': {
          if (!el) return { error: 'get box needs a ref' };
          const r = el.getBoundingClientRect();
          return { value: { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height,
            top: r.top, right: r.right, bottom: r.bottom, left: r.left } };
        }
        case 'count': {
          let found = null;
          try { found = (el || document).querySelectorAll(args.selector); } catch (e) {
            return { error: `"${args.selector}" is not a valid CSS selector` };
          }
          return { value: found.length };
        }
      }
      return { error: `cannot get "${args.what}"` };
    },
    is: (el, args) => {
      switch (args.what) {
        case 'visible': return { value: isVisible(el) };
        case 'enabled': return { value: isEnabled(el) };
        case 'checked': return { value: checkedOf(el) };
        case 'focused': return { value: hasFocus(el) || !!(el.shadowRoot && el.shadowRoot.activeElement) };
      }
      return { error: `cannot tell whether it is "${args.what}"` };
    },
    rect: (el, args) => {
      if (args.scroll) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
    },
    // Brings an iframe into view before something inside it is acted on.
    reveal: (el) => (reveal(el) ? settled().then(() => ({ ok: true, scrolled: true })) : { ok: true }),
    // A point in an iframe's content (an out-of-process one) → the same point in this window,
    // if the iframe itself is what is at that point here.
    frameHit: (el, args) => {
      const origin = contentOrigin(el);
      const x = origin.x + args.x;
      const y = origin.y + args.y;
      const hit = deepHit(document, x, y);
      return hit === el ? { x, y } : { error: `${label(el)} is covered by ${hit ? describe(hit) : 'nothing'}`, covered: true };
    },
  };

  return {
    snapshot,
    // One action's DOM half: {op, ref?, ...} → result object, or {error}.
    call(args) {
      const op = ops[args.op];
      if (!op) return { error: `unknown operation ${args.op}` };
      let el = null;
      if (args.ref) {
        el = lookup(args.ref);
        if (!el) return stale(args.ref, args.prefix);
      } else if (args.op !== 'scroll' && args.op !== 'get') {
        return { error: 'a ref is needed' };
      }
      return op(el, args);
    },
    waitFor,
    find,
    at,
    factsAt,
    pixelRatio: () => ({ dpr: window.devicePixelRatio || 1 }),
    // The element itself (a handle for DOM commands such as DOM.setFileInputFiles), or null.
    elementOf(args) {
      return lookup(args.ref) || null;
    },
    // The element's label for messages ("button "Submit"").
    describeRef(args) {
      const el = lookup(args.ref);
      return el ? { label: label(el) } : stale(args.ref, args.prefix);
    },
  };
}
