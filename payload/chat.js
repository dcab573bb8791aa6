// The chat surface's eyes in the page (see core/chat/ChatSurface): finds the prompt box, the
// send and stop buttons, the messages and the conversation tabs with the selectors the app
// passes in every call, and reports what it sees. It only reads the DOM, focuses and
// selects; typing, keys and clicks come from the app as trusted CDP input. No observers, no
// timers: it costs nothing until the app asks.
(mpa) => {
  const list = (v) => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []);
  let problems = [];

  // The elements of the first selector (in order) that matches inside any of the scopes.
  function queryAll(scopes, selectors) {
    for (const selector of list(selectors)) {
      const found = [];
      try {
        for (const scope of scopes) found.push(...scope.querySelectorAll(selector));
      } catch (e) {
        problems.push(`"${selector}" is not a valid CSS selector`);
        continue;
      }
      if (found.length) return found;
    }
    return [];
  }

  function roots(sel) {
    return list(sel.root).length ? queryAll([document], sel.root) : [document];
  }

  function visible(el) {
    if (!el || !el.isConnected || el.closest('[hidden]')) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    return el.getClientRects().length > 0;
  }

  function enabled(el) {
    return !(el.disabled || el.readOnly || el.getAttribute('aria-disabled') === 'true');
  }

  // A selector may match a node inside a rich editor: the editing host is the box.
  function editingHost(el) {
    if (el.isContentEditable) {
      while (el.parentElement && el.parentElement.isContentEditable) el = el.parentElement;
    }
    return el;
  }

  function kindOf(el) {
    if (el.tagName === 'TEXTAREA') return 'textarea';
    if (el.tagName === 'INPUT') return 'input';
    if (el.classList.contains('ProseMirror')) return 'prosemirror';
    if (el.hasAttribute('data-lexical-editor')) return 'lexical';
    return el.isContentEditable ? 'contenteditable' : 'other';
  }

  function textOf(el) {
    if (!el) return '';
    if (el.tagName === 'TEXTAREA' || el.tagName === 'INPUT') return el.value;
    const text = (el.innerText || '').replace(/[\u200b\ufeff]/g, '');
    // An empty rich editor still holds a line break (ProseMirror's trailing break).
    return text.trim() === '' ? '' : text.replace(/\n+$/, '');
  }

  function findInput(sel, scopes) {
    const candidates = queryAll(scopes, sel.input).map(editingHost).filter(visible);
    if (!candidates.length) return null;
    const focused = candidates.find((el) => el === document.activeElement || el.contains(document.activeElement));
    return focused || candidates.find(enabled) || candidates[0];
  }

  // The element's centre in this frame and, when every frame up to the top of this
  // document tree can be reached, in the top frame's viewport.
  function point(el) {
    const r = el.getBoundingClientRect();
    const local = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    let x = local.x;
    let y = local.y;
    let w = window;
    let reached = true;
    while (w !== w.top) {
      let frame = null;
      try { frame = w.frameElement; } catch (e) { frame = null; }
      if (!frame) { reached = false; break; }
      const fr = frame.getBoundingClientRect();
      const style = frame.ownerDocument.defaultView.getComputedStyle(frame);
      x += fr.left + frame.clientLeft + parseFloat(style.paddingLeft || '0');
      y += fr.top + frame.clientTop + parseFloat(style.paddingTop || '0');
      w = w.parent;
    }
    return { local, page: reached ? { x, y } : null, top: window === window.top };
  }

  function messageText(el) {
    return (el.innerText || el.textContent || '').trim();
  }

  function digest(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16);
  }

  function tabName(el) {
    const text = (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
    return text || el.getAttribute('aria-label') || el.getAttribute('title') || '';
  }

  function tabs(sel, scopes) {
    const all = queryAll(scopes, sel.conversationTab).filter(visible);
    const marked = list(sel.activeConversationTab).length ? queryAll(scopes, sel.activeConversationTab) : null;
    return all.map((el) => {
      let active;
      if (marked) {
        active = marked.some((m) => m === el || m.contains(el) || el.contains(m));
      } else {
        const current = el.getAttribute('aria-current');
        active = el.getAttribute('aria-selected') === 'true' || (current !== null && current !== 'false') ||
          ['active', 'selected', 'is-active', 'current'].some((c) => el.classList.contains(c));
      }
      return { el, name: tabName(el), active };
    });
  }

  function target(sel, scopes, what, index) {
    if (what === 'send') return queryAll(scopes, sel.sendButton).filter(visible)[0] || null;
    if (what === 'stop') return queryAll(scopes, sel.stopButton).filter(visible)[0] || null;
    if (what === 'tab') return (tabs(sel, scopes)[index] || {}).el || null;
    if (what === 'input') return findInput(sel, scopes);
    return null;
  }

  return {
    // Everything the app needs to know about the chat in one round trip.
    state(args) {
      problems = [];
      const sel = (args && args.sel) || {};
      const scopes = roots(sel);
      const out = {
        url: location.href,
        title: document.title,
        visibility: document.visibilityState,
        hasFocus: document.hasFocus(),
        rootFound: scopes.length > 0,
      };
      const input = scopes.length ? findInput(sel, scopes) : null;
      out.input = input
        ? {
            found: true,
            kind: kindOf(input),
            text: textOf(input),
            // Exactly what is in the box, line breaks and all (a key that became a line break).
            raw: input.tagName === 'TEXTAREA' || input.tagName === 'INPUT' ? input.value : input.innerHTML,
            focused: input === document.activeElement || input.contains(document.activeElement),
            enabled: enabled(input),
            point: point(input),
          }
        : { found: false };
      const send = scopes.length ? target(sel, scopes, 'send') : null;
      out.send = send ? { found: true, enabled: enabled(send), point: point(send) } : { found: false };
      const stop = queryAll(scopes, sel.stopButton).filter(visible);
      const busy = queryAll(scopes, sel.generating).filter(visible);
      out.generating = stop.length > 0 || busy.length > 0;
      const replies = queryAll(scopes, sel.reply);
      const last = replies.length ? messageText(replies[replies.length - 1]) : '';
      out.replyCount = replies.length;
      out.replyLength = last.length;
      out.replyDigest = digest(last);
      if (args && args.withReply) out.replyText = last;
      const users = queryAll(scopes, sel.userMessage);
      out.userCount = users.length;
      out.recentUser = users.slice(-5).map(messageText);
      if (args && args.withConversations) {
        out.conversations = tabs(sel, scopes).map(({ name, active }) => ({ name, active }));
      }
      out.problems = [...new Set(problems)];
      return out;
    },

    // Focuses the prompt box with the caret at the end, or with all its content selected
    // (so that typed text replaces it).
    focusInput(args) {
      problems = [];
      const sel = (args && args.sel) || {};
      const input = findInput(sel, roots(sel));
      if (!input) return { ok: false, problems };
      input.scrollIntoView({ block: 'nearest' });
      input.focus({ preventScroll: true });
      if (input.tagName === 'TEXTAREA' || input.tagName === 'INPUT') {
        if (args.selectAll) input.select();
        else input.setSelectionRange(input.value.length, input.value.length);
      } else {
        const range = document.createRange();
        range.selectNodeContents(input);
        if (!args.selectAll) range.collapse(false);
        const selection = getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
      return {
        ok: true,
        kind: kindOf(input),
        text: textOf(input),
        focused: input === document.activeElement || input.contains(document.activeElement),
        point: point(input),
      };
    },

    // Where to click the send or stop button, a conversation tab (by index) or the box.
    locate(args) {
      problems = [];
      const sel = (args && args.sel) || {};
      const el = target(sel, roots(sel), args.what, args.index);
      if (!el) return { found: false, problems };
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      return { found: true, enabled: enabled(el), point: point(el) };
    },

    // For elements no trusted click can reach (inside a frame of another origin that is not
    // its own target): a DOM click.
    domClick(args) {
      const sel = (args && args.sel) || {};
      const el = target(sel, roots(sel), args.what, args.index);
      if (!el) return false;
      el.click();
      return true;
    },
  };
}
