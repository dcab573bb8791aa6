// The chat surface's eyes in the page (see core/chat/ChatSurface): finds the prompt box, the
// send and stop buttons, the messages and the conversation tabs with the selectors the app
// passes in every call, and reports what it sees. It only reads the DOM, focuses and
// selects; typing, keys and clicks come from the app as trusted CDP input. No observers, no
// timers: it costs nothing until the app asks.
//
// Where it looks: inside the agent panel (sel.root, the IDE profile's panel). When the page
// has no such panel, in the window minus the parts of an IDE workbench that never hold the
// agent's chat (editors and their tabs, find / replace and search boxes, quick input,
// terminals, notifications, bars), and once the prompt box is found, in the panel around it.
// A prompt box must be visible and big enough to type into: Monaco's hidden input
// textareas, IME overlays and collapsed boxes never count.
(mpa) => {
  const list = (v) => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []);
  let problems = [];

  // Parts of a VS Code-style workbench that are never the chat: the editors (also merge and
  // diff editors, their tabs and code lenses), the editor's find / replace widget, quick
  // input, the search viewlet, terminals, notifications, dialogs and the bars.
  const NEVER_IN = [
    '.part.editor', '[id="workbench.parts.editor"]', '.editor-group-container', '.monaco-editor',
    '.find-widget', '.quick-input-widget', '.search-view', '[id="workbench.view.search"]',
    '.xterm', '.debug-toolbar', '.part.activitybar', '.part.statusbar', '.part.titlebar', '.composite-bar',
    '.notifications-toasts', '.notifications-center', '.monaco-dialog-box',
  ].join(',');
  // Input elements that are never a prompt box: Monaco's hidden textareas, IME overlays,
  // the terminal's helper.
  const NEVER_BOX = 'textarea.inputarea, textarea.ime-text-area, .ime-text-area, textarea.xterm-helper-textarea, .native-edit-context';
  const MIN_BOX_WIDTH = 80;
  const MIN_BOX_HEIGHT = 16;
  // An age shown after a conversation's name ("Fix the parser 3m", "Write docs 12s").
  const AGE_SUFFIX = /\s*\d{1,3}\s?[smhd]$/;

  function excluded(el) {
    return !!el.closest(NEVER_IN);
  }

  function visible(el) {
    if (!el || !el.isConnected || el.closest('[hidden]')) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || parseFloat(style.opacity) < 0.1) return false;
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

  function imeOverlay(el) {
    const c = String(el.className || '').toLowerCase();
    return /(^|\s)ime(\s|$)/.test(c) || c.includes('ime-text-area');
  }

  function usableBox(el) {
    if (el.matches(NEVER_BOX) || imeOverlay(el) || excluded(el) || !visible(el)) return false;
    const r = el.getBoundingClientRect();
    return r.width >= MIN_BOX_WIDTH && r.height >= MIN_BOX_HEIGHT;
  }

  // Where to look: { roots, rootFound, kind }. `kind` is "panel" (the profile's panel),
  // "window" (no panel asked for, or it is not on this page).
  function scopeOf(sel) {
    const rootSelectors = list(sel.root);
    for (const selector of rootSelectors) {
      let found;
      try {
        found = [...document.querySelectorAll(selector)];
      } catch (e) {
        problems.push(`"${selector}" is not a valid CSS selector`);
        continue;
      }
      const shown = found.filter(visible);
      if (shown.length) return { roots: shown, rootFound: true, kind: 'panel' };
    }
    return { roots: [document], rootFound: false, kind: 'window', asked: rootSelectors.length > 0 };
  }

  // The elements of the first selector (in order) with a match that passes `keep`, inside
  // the scope and outside the regions that are never the chat.
  function queryAll(scope, selectors, keep) {
    for (const selector of list(selectors)) {
      const found = [];
      try {
        for (const root of scope.roots) found.push(...root.querySelectorAll(selector));
      } catch (e) {
        problems.push(`"${selector}" is not a valid CSS selector`);
        continue;
      }
      const kept = found.filter((el) => !excluded(el) && (!keep || keep(el)));
      if (kept.length) return kept;
    }
    return [];
  }

  function findInput(sel, scope) {
    let candidates = [];
    for (const selector of list(sel.input)) {
      let found;
      try {
        found = [];
        for (const root of scope.roots) found.push(...root.querySelectorAll(selector));
      } catch (e) {
        problems.push(`"${selector}" is not a valid CSS selector`);
        continue;
      }
      candidates = [...new Set(found.map(editingHost))].filter(usableBox);
      if (candidates.length) break;
    }
    if (!candidates.length) return null;
    const focused = candidates.find((el) => el === document.activeElement || el.contains(document.activeElement));
    return focused || candidates.find(enabled) || candidates[0];
  }

  // On a page without the profile's panel: the largest ancestor of the prompt box that holds
  // none of the regions that are never the chat (the whole page when it has none of them).
  function panelAround(input) {
    if (!document.querySelector(NEVER_IN)) return document;
    let el = input;
    while (el.parentElement && el.parentElement !== document.documentElement &&
           !el.parentElement.querySelector(NEVER_IN)) {
      el = el.parentElement;
    }
    return el;
  }

  // The scope and the prompt box, in one pass: the panel when it has a box; else the window,
  // narrowed to the panel around the box it finds there.
  function locate(sel) {
    const scope = scopeOf(sel);
    let input = findInput(sel, scope);
    if (!input && scope.rootFound) {
      const wide = { roots: [document], rootFound: true, kind: 'window' };
      input = findInput(sel, wide);
      if (input) scope.roots = [panelAround(input)];
      if (input) scope.kind = 'around-input';
    } else if (input && !scope.rootFound) {
      scope.roots = [panelAround(input)];
      scope.kind = 'around-input';
    }
    return { scope, input };
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
    const name = text || el.getAttribute('aria-label') || el.getAttribute('title') || '';
    return name.replace(AGE_SUFFIX, '').trim() || name;
  }

  function isActiveTab(el) {
    const current = el.getAttribute('aria-current');
    return el.getAttribute('aria-selected') === 'true' || (current !== null && current !== 'false') ||
      el.getAttribute('data-state') === 'active' ||
      ['active', 'selected', 'is-active', 'current'].some((c) => el.classList.contains(c));
  }

  function tabs(sel, scope) {
    const all = queryAll(scope, sel.conversationTab, visible);
    const marked = list(sel.activeConversationTab).length ? queryAll(scope, sel.activeConversationTab) : null;
    return all.map((el) => ({
      el,
      name: tabName(el),
      active: marked ? marked.some((m) => m === el || m.contains(el) || el.contains(m)) : isActiveTab(el),
    }));
  }

  // Without a profile's chat.fileInput / chat.attachment: a file input that takes images, and
  // the previews chats commonly show for an attached file.
  const DEFAULT_FILE_INPUT = ['input[type="file"][accept*="image"]', 'input[type="file"]:not([accept])'];
  const DEFAULT_ATTACHMENT = [
    '[data-testid*="attachment" i]', '[data-testid*="file-preview" i]', '[aria-label*="Remove file" i]',
    '[aria-label*="Remove attachment" i]', '[aria-label*="Remove image" i]',
  ];
  function fileInputOf(sel) {
    const selectors = list(sel.fileInput).length ? list(sel.fileInput) : DEFAULT_FILE_INPUT;
    const { input } = locate(sel);
    let best = null;
    let bestDistance = Infinity;
    for (const selector of selectors) {
      let found;
      try {
        found = [...document.querySelectorAll(selector)].filter((el) => el.tagName === 'INPUT' && el.type === 'file' && !el.disabled);
      } catch (e) {
        problems.push(`"${selector}" is not a valid CSS selector`);
        continue;
      }
      for (const el of found) {
        // Nearest the prompt box: the fewest steps up to an ancestor holding both.
        let distance = 0;
        let up = el;
        while (up && input && !up.contains(input)) {
          up = up.parentElement;
          distance++;
        }
        if (!input) distance = 0;
        if (distance < bestDistance) {
          best = el;
          bestDistance = distance;
        }
      }
      if (best) return best;
    }
    return null;
  }

  function target(sel, what, index) {
    const { scope, input } = locate(sel);
    if (what === 'send') return queryAll(scope, sel.sendButton, visible)[0] || null;
    if (what === 'stop') return queryAll(scope, sel.stopButton, visible)[0] || null;
    if (what === 'tab') return (tabs(sel, scope)[index] || {}).el || null;
    if (what === 'input') return input;
    return null;
  }

  return {
    // Everything the app needs to know about the chat in one round trip.
    state(args) {
      problems = [];
      const sel = (args && args.sel) || {};
      const { scope, input } = locate(sel);
      const out = {
        url: location.href,
        title: document.title,
        visibility: document.visibilityState,
        hasFocus: document.hasFocus(),
        rootFound: scope.rootFound,
        rootAsked: list(sel.root).length > 0,
        scope: scope.kind,
      };
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
      const send = queryAll(scope, sel.sendButton, visible)[0];
      out.send = send ? { found: true, enabled: enabled(send), point: point(send) } : { found: false };
      const stop = queryAll(scope, sel.stopButton, visible);
      const busy = queryAll(scope, sel.generating, visible);
      out.generating = stop.length > 0 || busy.length > 0;
      const replies = queryAll(scope, sel.reply);
      const last = replies.length ? messageText(replies[replies.length - 1]) : '';
      out.replyCount = replies.length;
      out.replyLength = last.length;
      out.replyDigest = digest(last);
      if (args && args.withReply) out.replyText = last;
      const users = queryAll(scope, sel.userMessage);
      out.userCount = users.length;
      out.recentUser = users.slice(-5).map(messageText);
      if (args && args.withConversations) {
        out.conversations = tabs(sel, scope).map(({ name, active }) => ({ name, active }));
      }
      out.problems = [...new Set(problems)];
      return out;
    },

    // Focuses the prompt box with the caret at the end, or with all its content selected
    // (so that typed text replaces it).
    focusInput(args) {
      problems = [];
      const sel = (args && args.sel) || {};
      const { input } = locate(sel);
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
      const el = target(sel, args.what, args.index);
      if (!el) return { found: false, problems };
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      return { found: true, enabled: enabled(el), point: point(el) };
    },

    // The chat's file input for an attachment (the app puts a file in with
    // DOM.setFileInputFiles): sel.fileInput, else an <input type=file> that takes images, the
    // one nearest the prompt box first. Answers the element itself (not by value), or null.
    fileInput(args) {
      const sel = (args && args.sel) || {};
      return fileInputOf(sel);
    },

    // What the app waits on after an upload: how many attachments the chat shows
    // (sel.attachment, else common preview markup), and whether it has a file input at all.
    attachments(args) {
      problems = [];
      const sel = (args && args.sel) || {};
      const selectors = list(sel.attachment).length ? list(sel.attachment) : DEFAULT_ATTACHMENT;
      const found = new Set();
      for (const selector of selectors) {
        try {
          for (const el of document.querySelectorAll(selector)) found.add(el);
        } catch (e) {
          problems.push(`"${selector}" is not a valid CSS selector`);
        }
      }
      return { count: found.size, fileInput: !!fileInputOf(sel), problems };
    },

    // For elements no trusted click can reach (inside a frame of another origin that is not
    // its own target): a DOM click.
    domClick(args) {
      const sel = (args && args.sel) || {};
      const el = target(sel, args.what, args.index);
      if (!el) return false;
      el.click();
      return true;
    },
  };
}
