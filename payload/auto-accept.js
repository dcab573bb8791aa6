// Module `autoAccept`: clicks the agent panel's Accept / Run / Retry / Apply / Allow buttons
// the moment they appear, never a banned command, and counts what it did.
//
// Reaction comes from a MutationObserver over the agent panel(s) and the open shadow roots in
// them (only the added and changed nodes are looked at; the rest of a busy page is not
// observed once the panel is found); a scan of the panel every pollIntervalMs is the fallback
// for changes no mutation announces (a transition that shows a button, a panel re-rendered). A click
// counts once the button is gone, hidden or disabled within verifyMs, checked on mutations
// and on timers (never animation frames, which stop in background windows). Layout is read
// only for a button whose label passed: a busy page's churn costs its observer nothing.
//
// A button that runs something is clicked only when the command of its own step is read, whole,
// and the ban check (module banCheck) allows it under config.commandPolicy: see "the step and
// its command" below.
//
// The lease: this script keeps running in its isolated world after the app's CDP connection
// closes, and a later connection gets the same world back. So it acts only while the app
// renews a lease (renew(), every couple of seconds; each configure() renews too): once
// config.leaseMs pass without one, nothing is clicked, checked again right before each click,
// and the observers stop until the next renewal. A clean quit pushes disable() at once.
//
// Config (pushed by core/autoaccept/AutoAcceptController, live):
//   enabled, paused, leaseMs, acceptWords, rejectWords, bannedCommands, commandPolicy (rules |
//   allowlist), allowedCommands, interpreters, pollIntervalMs, userIdleMs, panelSelectors,
//   buttonSelectors, neverPanelSelectors, frameIsPanel, stepSelectors, messageSelectors,
//   commandSelectors, ignoreSelectors, stepTextIsCommand, rateLimit {clicks, perMs}, verifyMs
// Reports: clicked {label, kind, id, seenAt, clickedAt, verifiedAt, stats},
//   blocked {label, reason (banned | unverifiable | not-allowlisted), pattern (the rule or your
//     entry), why, command (as the page shows it, trimmed), id, stats},
//   verificationFailed {label, id, stats},
//   presence {present, stats} (top document only: whether the user is at this window — it is
//     visible and it or a frame in it has the focus; sent at start and on every change).
(mpa) => {
  const docId = Math.random().toString(36).slice(2) + Date.now().toString(36);
  const isTop = window === window.top;
  const list = (v) => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []);

  let config = null;
  let leaseUntil = -Infinity; // performance.now() after which the app counts as gone
  let leaseTimer = 0;
  const lease = { renewals: 0, lapses: 0 };
  let acceptPhrases = []; // each a list of words
  let rejectPhrases = [];
  let banned = []; // the user's entries (substrings and /regex/flags), checked by banCheck
  let panelSelector = '';
  let neverPanel = ''; // the profile's regions that are never the panel (the windowed fallback)
  let windowed = false; // no panel found: looking at the window minus neverPanel
  let candidateSelector = 'button, [role="button"]';
  let observer = null;
  let finder = null;
  let finderOn = false;
  let pollTimer = 0;
  let idleTimer = 0;
  let rateTimer = 0;
  let lastKeyAt = -Infinity;
  const clickTimes = [];
  let observedRoots = new WeakSet();
  let shadowRoots = new Set(); // the open shadow roots found in the panels
  let scanCount = 0;
  let lastTitle = null;
  const clicked = new WeakSet();
  const clickCount = new WeakMap(); // verified clicks per element (a button shown again is a new appearance)
  const blockedSeen = new WeakSet();
  const firstSeen = new WeakMap();
  const pending = []; // clicks waiting for verification
  let scopes = [];
  const stats = {
    doc: docId, clicks: 0, blocked: 0, failedVerifications: 0, fileEdits: 0, terminalCommands: 0,
    other: 0, scans: 0, panelFound: false,
    mutationBatches: 0, // the observer's deliveries: what the page's changes cost it
  };

  // ---- words and labels -----------------------------------------------------------------

  // A label's words: lower-case runs of letters, digits and "_". Labels are matched word by word,
  // with one regular expression for all: each one over Unicode classes costs a compile per page.
  const WORD_BREAK = /[^\p{L}\p{N}_]+/u;
  const wordsOf = (text) => String(text).toLowerCase().split(WORD_BREAK).filter(Boolean);
  const phraseOf = (phrase) => {
    const words = wordsOf(phrase);
    return words.length ? words : null;
  };
  // True when `phrase` (its words) stands in `words`, whole words in a row.
  function hasPhrase(words, phrase) {
    outer: for (let i = 0; i + phrase.length <= words.length; i++) {
      for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
      return true;
    }
    return false;
  }

  // Keyboard hints at the end of a label: "Run Alt+⏎", "Accept ⌘⏎", "Run (Ctrl+Enter)".
  const shortcutSuffix = new RegExp(
    '(?:\\s*[(\\[]?\\s*(?:(?:ctrl|control|alt|option|opt|shift|cmd|command|meta|super|win)\\s*\\+\\s*|[⌘⌥⇧⌃]\\s*\\+?\\s*)+' +
      '(?:⏎|↵|↩|⌫|enter|return|backspace|esc|escape|tab|space|f\\d{1,2}|[a-z0-9])?\\s*[)\\]]?|\\s*[⏎↵↩])\\s*$',
    'i');

  function normalizeLabel(text) {
    let label = String(text || '').replace(/[\u00a0\u2000-\u200b\u202f\ufeff]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
    for (let i = 0; i < 4; i++) {
      const next = label.replace(shortcutSuffix, '').trim();
      if (next === label || !next) break;
      label = next;
    }
    return label;
  }

  // textContent, not innerText: innerText forces a layout of the whole page, and most
  // candidates are turned down by their label before layout matters.
  function labelOf(el) {
    const text = el.textContent || '';
    if (text.trim()) return normalizeLabel(text);
    return normalizeLabel(el.getAttribute('aria-label') || el.getAttribute('title') || '');
  }

  function wordsMatch(label) {
    if (!label) return false;
    const words = wordsOf(label);
    if (!acceptPhrases.some((p) => hasPhrase(words, p))) return false;
    return !rejectPhrases.some((p) => hasPhrase(words, p));
  }

  const anyWord = (label, set) => wordsOf(label).some((w) => set.has(w));
  const RUN_LIKE = new Set(['run', 'execute', 'allow', 'confirm']);
  const EDIT_LIKE = new Set(['accept', 'apply', 'keep', 'save']);
  const kindOf = (label) => (anyWord(label, RUN_LIKE) ? 'terminalCommand' : anyWord(label, EDIT_LIKE) ? 'fileEdit' : 'other');

  // ---- the step and its command ----------------------------------------------------------
  //
  // A button that runs something is clicked only when the command of ITS step is read, whole:
  // the step is the profile's step element around the button, else the nearest ancestor that
  // holds the button and text of its own, climbing from the button's group of buttons and never
  // into a chat message's surroundings, an element that holds another step's button, or a list
  // of look-alike siblings (the earlier steps, whose buttons may be gone already). Every
  // command-bearing element of the step is read (pre, code, terminal-like and command-line-like
  // elements, fields, the profile's own), and the step's other text too: text we cannot place
  // is a second, disagreeing command. Hidden text, a terminal drawn as a picture, no command or
  // commands that disagree: "unverifiable", not clicked.

  // What the verdict's policy is for a command-running button (config.commandPolicy).
  let policy = { mode: 'rules', allowed: [], interpreters: [] };
  const rulesOnly = () => ({ mode: 'rules', allowed: [], interpreters: policy.interpreters });

  const GENERIC_COMMAND = 'pre, code, samp, [class*="terminal" i], [class*="cmdline" i], [class*="command-line" i], '
    + '[class*="commandline" i], [data-command], textarea, input:not([type]), input[type="text"], input[type="search"]';
  let commandSelector = GENERIC_COMMAND;
  let profileCommandSelector = ''; // the profile's own: aria-hidden is expected there (Monaco's lines)
  let stepSelector = '';
  let messageSelector = '';
  let ignoreSelector = '';
  let plainTextIsCommand = false;
  // A terminal drawn on a canvas (xterm.js): its text cannot be read. Monaco's own canvases
  // (the overview ruler, the minimap) draw no text of the command.
  const PICTURE = '.xterm, canvas:not(.monaco-editor canvas)';
  // Elements that only ever show a command (a block merely in `pre` may be a diff).
  const TERMINAL_LIKE = '[class*="terminal" i], [class*="cmdline" i], [class*="command-line" i], [class*="commandline" i], [data-command]';
  const FIELD = /^(?:INPUT|TEXTAREA)$/;
  const MAX_STEP_NODES = 3000;

  // Words a step shows around its command that are not the command: the question, a status.
  const CHROME = [
    /\b(?:(?:do\s+you\s+want\s+to\s+)?(?:run|execute|allow)(?:\s+(?:this|the\s+following|a))?\s+(?:terminal\s+|shell\s+)?command(?:\s+in\s+(?:the\s+)?terminal)?)\s*\??/gi,
    /\b(?:the\s+)?command\s+(?:failed|exited|finished|completed|succeeded|was\s+(?:skipped|rejected|blocked))(?:\s+with\s+exit\s+code\s+-?\d+)?\s*[.!…]?/gi,
    /\bexit\s+code\s*:?\s*-?\d+/gi,
    /\bwaiting\s+for\s+(?:your\s+)?(?:approval|review|confirmation|you)\b\s*[.…]*/gi,
    /^\s*(?:terminal|shell|command|bash|zsh|sh|pwsh|powershell|cmd|pending|running|ran|skipped|accepted|rejected|blocked|done|queued|failed|succeeded|completed)\s*[.:…]*\s*$/gim,
  ];
  function withoutChrome(text) {
    let t = text;
    for (const re of CHROME) t = t.replace(re, ' ');
    return t;
  }
  const MEANINGFUL = /[\p{L}\p{N}]/u;
  const meaningful = (text) => MEANINGFUL.test(text);
  // Two readings of the same command: spacing and a shell prompt in front do not count.
  const sameCommand = (text) => text.replace(/[\u00a0\s]+/g, ' ').replace(/^\s*[$#>%]\s+/, '').trim();

  function matchesSafe(el, selector) {
    if (!selector) return false;
    try {
      return el.matches(selector);
    } catch (e) {
      return false;
    }
  }

  // The nearest ancestor of `node` (through shadow hosts) matching `selector`, not past `limit`.
  function closestAcross(node, selector, limit) {
    for (let n = node; n && n.nodeType === 1; n = parentOf(n)) {
      if (matchesSafe(n, selector)) return n;
      if (n === limit) break;
    }
    return null;
  }

  // True when `node` is `ancestor` or inside it, through shadow roots (contains() stops at them).
  function within(ancestor, node) {
    for (let n = node; n; n = n.parentNode || n.host) if (n === ancestor) return true;
    return false;
  }

  function isCandidate(el) {
    return matchesSafe(el, candidateSelector);
  }

  // An actionable button (its label passes the words) other than those in `group`.
  function foreignAction(root, group) {
    const found = safeQueryAll(root, candidateSelector);
    for (const other of found) {
      if (within(group, other) || within(other, group)) continue;
      if (wordsMatch(labelOf(other))) return true;
    }
    return false;
  }

  // Text nodes under `root` outside buttons (the light tree; the group test needs no more).
  function hasTextOutsideButtons(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (!t.data.trim()) continue;
      const holder = t.parentElement && t.parentElement.closest(candidateSelector);
      if (!holder || !root.contains(holder)) return true;
    }
    return false;
  }

  // The button's group: the largest of its nearby ancestors that holds nothing but buttons
  // (Reject / Accept, Run / Skip / ▾): buttons there belong to the same step.
  function groupOf(el) {
    let group = el;
    for (let i = 0; i < 3; i++) {
      const up = parentOf(group);
      if (!up || up.nodeType !== 1 || scopes.includes(up) || up === document.body) break;
      if (up.childElementCount > 24 || safeQueryAll(up, `${commandSelector}, ${PICTURE}`).length) break;
      if (hasTextOutsideButtons(up)) break;
      group = up;
    }
    return group;
  }

  // Siblings that look like `node` (same tag, a class in common or none at all): a list of
  // steps or messages, not one step.
  function classesOf(el) {
    const c = el.getAttribute('class');
    return c ? c.trim().split(/\s+/) : [];
  }
  function repeats(parent, node) {
    const mine = classesOf(node);
    for (let s = parent.firstElementChild; s; s = s.nextElementSibling) {
      if (s === node || s.tagName !== node.tagName) continue;
      const theirs = classesOf(s);
      if (!mine.length && !theirs.length) return true;
      if (mine.some((c) => theirs.includes(c))) return true;
    }
    return false;
  }

  // Quick look: does `node` hold something to read besides the group's buttons?
  function holdsOwnText(node, group) {
    for (const block of safeQueryAll(node, `${commandSelector}, ${PICTURE}`)) {
      if (!group.contains(block)) return true;
    }
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (!t.data.trim() || group.contains(t)) continue;
      const parent = t.parentElement;
      if (parent && (parent.closest(candidateSelector) || (ignoreSelector && parent.closest(ignoreSelector)))) continue;
      if (meaningful(withoutChrome(t.data))) return true;
    }
    return false;
  }

  // The step of `el`: {node, group, profile}.
  function stepOf(el) {
    const group = groupOf(el);
    if (stepSelector) {
      const scope = scopes.find((s) => within(s, el)) || null;
      const profileStep = closestAcross(group, stepSelector, scope);
      if (profileStep && !scopes.includes(profileStep)) return { node: profileStep, group, profile: true };
    }
    let node = group;
    for (let depth = 0; depth < 10; depth++) {
      if (messageSelector && matchesSafe(node, messageSelector)) break; // never past a message
      const parent = parentOf(node);
      if (!parent || parent.nodeType !== 1 || scopes.includes(parent) || parent === document.body
        || parent === document.documentElement) break;
      if (repeats(parent, node) || foreignAction(parent, group)) break;
      node = parent;
      if (holdsOwnText(node, group)) break; // the nearest ancestor with text of its own
    }
    return { node, group, profile: false };
  }

  // ---- reading a step: text as shown, and whether any of it is hidden ----

  const transparent = (color) => {
    if (!color || color === 'transparent') return true;
    const m = /rgba?\(([^)]+)\)/.exec(color);
    if (!m) return false;
    const parts = m[1].split(/[\s,/]+/).filter(Boolean);
    return parts.length >= 4 && Number.parseFloat(parts[3]) < 0.1;
  };
  const BLOCK_DISPLAY = /^(?:block|flex|grid|list-item|table|table-row|flow-root)/;
  const PRE_SPACE = /^(?:pre|pre-wrap|pre-line|break-spaces)$/;

  // Whether an element with this style cuts its content off at its box (overflow, clip-path, clip).
  const clipsContent = (style) => style.overflowX !== 'visible' || style.overflowY !== 'visible'
    || style.clipPath !== 'none' || (!!style.clip && style.clip !== 'auto');

  function intersects(a, b, min = 1) {
    return Math.min(a.right, b.right) - Math.max(a.left, b.left) >= min
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) >= min;
  }

  // Reads the step: {sources: [{raw, variants, kind}], loose, hidden, picture, foreign, count}.
  // `checkHidden`: whether to look for hidden text too, which needs the page's layout; a
  // button that runs nothing is judged by its step's words alone, without forcing a layout.
  function readStep(step, group, checkHidden) {
    const ctx = {
      step, group, stepRect: null, hidden: '', picture: false, foreign: false, checkHidden,
      nodes: 0, range: document.createRange(), styles: new Map(),
    };
    const sources = [];
    const loose = [];
    const visit = (node, clips, inCommand, ariaOk, out) => {
      if (++ctx.nodes > MAX_STEP_NODES) return;
      if (node.nodeType === 3) {
        const parent = node.parentElement || (node.parentNode && node.parentNode.host);
        if (!parent || !node.data) return;
        const pre = PRE_SPACE.test(styleOf(parent, ctx).whiteSpace);
        if (!node.data.trim()) {
          out.push(pre ? node.data : ' ');
          return;
        }
        if (ctx.checkHidden && !ctx.hidden) ctx.hidden = textHidden(node, parent, clips, ariaOk, ctx);
        out.push(pre ? node.data.replace(/\u00a0/g, ' ') : node.data.replace(/[\s\u00a0]+/g, ' '));
        return;
      }
      if (node.nodeType !== 1) {
        if (node instanceof ShadowRoot || node.nodeType === 11) for (const c of node.childNodes) visit(c, clips, inCommand, ariaOk, out);
        return;
      }
      const el = node;
      if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'TEMPLATE') return;
      if (el !== step && isCandidate(el)) {
        const inGroup = within(group, el);
        const holdsGroup = el !== group && within(el, group);
        if (!inGroup && !holdsGroup && wordsMatch(labelOf(el))) ctx.foreign = true;
        // A button's own text is its label, not a command (one that wraps the button's group is
        // a container: what it holds is read).
        if (!holdsGroup) return;
      }
      if (ignoreSelector && matchesSafe(el, ignoreSelector)) return;
      if (matchesSafe(el, PICTURE)) {
        ctx.picture = true;
        return;
      }
      if (el.tagName === 'BR') {
        out.push('\n');
        return;
      }
      const style = styleOf(el, ctx);
      if (style.display === 'none') {
        // Its text is not shown: whatever it says is hidden from the person.
        if (!ctx.hidden && hasTextOutsideButtons(el)) ctx.hidden = 'text that is not displayed (display: none)';
        return;
      }
      let nextClips = clips;
      if (clipsContent(style)) {
        nextClips = clips.concat([{ el, strict: style.clipPath !== 'none' || (style.clip && style.clip !== 'auto') }]);
      }
      const nextAriaOk = ariaOk || (!!profileCommandSelector && matchesSafe(el, profileCommandSelector));
      const isCommand = !inCommand && el !== step && (matchesSafe(el, commandSelector) || (profileCommandSelector && matchesSafe(el, profileCommandSelector)));
      if (isCommand) {
        const source = readCommand(el, nextClips, nextAriaOk, visit);
        if (source) sources.push(source);
        return;
      }
      const block = BLOCK_DISPLAY.test(style.display);
      if (block && out.length) out.push('\n');
      const children = el.shadowRoot ? el.shadowRoot.childNodes : el.tagName === 'SLOT' ? el.assignedNodes({ flatten: true }) : el.childNodes;
      for (const c of children) visit(c, nextClips, inCommand, nextAriaOk, out);
      if (block) out.push('\n');
    };
    const rest = [];
    visit(step, [], false, false, rest);
    if (ctx.nodes > MAX_STEP_NODES) ctx.hidden = ctx.hidden || 'a step too large to read whole';
    // The step's own text besides its command elements, without the question and statuses.
    const looseText = tidy(withoutChrome(rest.join('')));
    if (meaningful(looseText)) loose.push(looseText);
    return { sources, loose, hidden: ctx.hidden, picture: ctx.picture, foreign: ctx.foreign };
  }

  // Line ends tidied (the spaces around a break a block made); spacing within lines kept.
  function tidy(text) {
    return text.replace(/[ \t]*\n[ \t\n]*/g, '\n').trim();
  }

  function styleOf(el, ctx) {
    let s = ctx.styles.get(el);
    if (!s) {
      s = getComputedStyle(el);
      ctx.styles.set(el, s);
    }
    return s;
  }

  // Why the text node `node` is not shown to the person ('' when it is).
  function textHidden(node, parent, clips, ariaOk, ctx) {
    if (!parent || parent.nodeType !== 1) return '';
    if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) {
      return 'text that is not shown (display, visibility or opacity)';
    }
    const style = styleOf(parent, ctx);
    if (transparent(style.color) || transparent(style.webkitTextFillColor)) return 'transparent text';
    if (Number.parseFloat(style.fontSize) < 4) return 'text too small to read';
    let opacity = 1;
    for (let n = parent; n && n.nodeType === 1; n = parentOf(n)) {
      opacity *= Number(styleOf(n, ctx).opacity);
      if (n === ctx.step) break;
    }
    if (opacity < 0.1) return 'nearly transparent text';
    if (!ariaOk) {
      const muted = parent.closest('[aria-hidden="true"]');
      if (muted && within(ctx.step, muted)) return 'text hidden from assistive technology (aria-hidden)';
    }
    ctx.range.selectNodeContents(node);
    const r = ctx.range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return 'text of no size';
    if (!ctx.stepRect) ctx.stepRect = ctx.step.getBoundingClientRect();
    if (!intersects(r, ctx.stepRect)) return 'text outside its step (off-screen)';
    for (const clip of clips) {
      if (!clip.rect) clip.rect = clip.el.getBoundingClientRect();
      if (clip.strict && !(r.left >= clip.rect.left && r.right <= clip.rect.right && r.top >= clip.rect.top && r.bottom <= clip.rect.bottom)) {
        return 'clipped text';
      }
      if (!intersects(r, clip.rect, 2)) return 'clipped text';
    }
    return '';
  }

  // One command-bearing element: {raw, variants, kind}; null when it is empty.
  function readCommand(el, clips, ariaOk, visit) {
    if (FIELD.test(el.tagName)) {
      const raw = String(el.value || '');
      if (!raw.trim()) return null;
      return { raw: raw.trim(), variants: [raw], kind: 'field', el };
    }
    const monaco = monacoLines(el);
    if (monaco) {
      const { container, lines } = monaco;
      visit(container, clips, true, ariaOk, []); // for the hidden-text checks; the lines are read below
      if (!lines.length) return null;
      return { raw: lines.join('\n').trim(), variants: joinings(lines), kind: 'block', el };
    }
    const out = [];
    for (const c of el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes) visit(c, clips, true, ariaOk, out);
    const raw = tidy(out.join(''));
    if (!raw) return null;
    return { raw, variants: [raw], kind: 'block', el };
  }

  // Monaco (VS Code's code blocks): one element per shown line, placed by `top`, spaces as
  // no-break spaces. A long line wraps into several: each break may be a newline or a wrap.
  function monacoLines(el) {
    const container = el.classList && el.classList.contains('view-lines') ? el : el.querySelector && el.querySelector('.view-lines');
    if (!container) return null;
    const rows = [...container.children].filter((r) => r.classList.contains('view-line'));
    rows.sort((a, b) => (Number.parseFloat(a.style.top) || 0) - (Number.parseFloat(b.style.top) || 0));
    const lines = rows.map((r) => (r.textContent || '').replace(/\u00a0/g, ' '));
    while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
    return { container, lines };
  }

  // Every reading of wrapped lines (a break is a newline or a wrap), at most 4 lines (8
  // readings); more lines: null (unverifiable).
  function joinings(lines) {
    if (lines.length > 4) return null;
    let readings = [lines[0]];
    for (const line of lines.slice(1)) readings = readings.flatMap((r) => [`${r}\n${line}`, r + line]);
    return readings;
  }

  // ---- the verdict ----

  const BLOCKED = { banned: 3, unverifiable: 2, 'not-allowlisted': 1 };
  const unverifiable = (reason, command = '') => ({ verdict: 'unverifiable', rule: 'unverifiable', reason, command });

  // The ban check's verdict (module banCheck, payload/ban-check.js: the same steps as the app's
  // own check) on every reading of `text` under `rules`; the worst one counts, null when every
  // reading is allowed. Anything but "allowed" — including a check that is missing or throws —
  // means no click.
  function verdictOf(text, variants, rules) {
    const check = globalThis.__mpa && globalThis.__mpa.banCheck;
    if (!check || typeof check.verdict !== 'function') {
      return { ...unverifiable('the ban check is not loaded in this page', text), checkFailed: true };
    }
    if (!variants) return unverifiable('a command of more than 4 lines in an editor, which may wrap', text);
    let worst = null;
    try {
      for (const reading of variants) {
        const v = memoVerdict(check, reading, rules);
        if (!v || v.verdict !== 'allowed') {
          const verdict = v && BLOCKED[v.verdict] ? v.verdict : 'unverifiable';
          if (!worst || BLOCKED[verdict] > BLOCKED[worst.verdict]) {
            worst = { verdict, rule: (v && v.rule) || verdict, reason: (v && v.reason) || 'the ban check gave no verdict', command: text };
          }
        }
      }
    } catch (e) {
      return { ...unverifiable(`the ban check failed: ${e && e.message}`, text), checkFailed: true };
    }
    return worst;
  }

  // The ban check is a pure function of the text, the user's entries and the policy (`rules` is
  // `policy` or rulesOnly(), both made from it): a step judged again (each mutation of its panel)
  // reuses its verdict. Emptied when the entries, the policy or the check itself change; at most
  // 256 texts are kept.
  const memo = { check: null, key: '', verdicts: new Map() };
  // From configure(), which the lease renews every 2 s: emptied only when what judges changed.
  function judgeWith(key) {
    if (memo.key === key) return;
    memo.key = key;
    memo.verdicts.clear();
  }
  function memoVerdict(check, reading, rules) {
    if (memo.check !== check || memo.verdicts.size >= 256) {
      memo.check = check;
      memo.verdicts.clear();
    }
    const at = `${rules.mode}\u0000${reading}`;
    if (memo.verdicts.has(at)) return memo.verdicts.get(at);
    const v = check.verdict(reading, banned, rules);
    memo.verdicts.set(at, v);
    return v;
  }

  function worse(a, b) {
    if (!a) return b;
    if (!b) return a;
    return BLOCKED[b.verdict] > BLOCKED[a.verdict] ? b : a;
  }

  // Labels that always run something.
  const RUNS = new Set(['run', 'execute']);
  const promptWords = /\b(?:run|execute|allow)(?:\s+(?:this|the\s+following|a))?\s+(?:terminal\s+|shell\s+)?command\b|\bcommand\s*\?/i;

  // What clicking `el` would do: {runs, verdict} — verdict null when it may be clicked.
  function judge(el, label) {
    const { node: step, group } = stepOf(el);
    const stepText = step.textContent || '';
    const said = anyWord(label, RUNS) || promptWords.test(stepText);
    let read = readStep(step, group, said);
    let blocks = read.sources;
    const runs = said || read.picture
      || blocks.some((s) => matchesSafe(s.el, TERMINAL_LIKE) || (!!profileCommandSelector && matchesSafe(s.el, profileCommandSelector)));
    const extra = [el.getAttribute('aria-label'), el.getAttribute('title')].filter(Boolean).join(' ');
    // The button's own words are read for a ban only (a title like "Run (Ctrl+Enter)" is no command).
    const extraVerdict = extra && verdictOf(extra, [extra], rulesOnly());
    let verdict = extraVerdict && extraVerdict.verdict === 'banned' ? extraVerdict : null;

    if (!runs) {
      // Not known to run anything (a file edit's Accept under its diff): every block it shows is
      // still checked against the ban rules, and one a rule bans is not clicked. Code is not a
      // command line, so what a shell could not read in it does not hold the click back.
      for (const s of blocks) {
        const v = verdictOf(s.raw, s.variants, rulesOnly());
        if (v && (v.verdict === 'banned' || v.checkFailed)) verdict = worse(verdict, v);
      }
      return { runs, verdict };
    }

    if (!said) {
      // It runs something after all (a terminal block): read again, now with hidden text.
      read = readStep(step, group, true);
      blocks = read.sources;
    }
    const commands = blocks.slice();
    if (plainTextIsCommand || blocks.length) {
      for (const text of read.loose) commands.push({ raw: text, variants: [text], kind: 'text' });
    }
    const shown = commands.map((s) => s.raw).join('\n');
    for (const s of commands) verdict = worse(verdict, verdictOf(s.raw, s.variants, policy));
    if (verdict && verdict.verdict === 'banned') return { runs, verdict };
    if (read.foreign) return { runs, verdict: unverifiable('its step holds another step\'s button', shown) };
    if (read.picture) return { runs, verdict: unverifiable('the step shows a terminal drawn as a picture, which cannot be read', shown) };
    if (read.hidden) return { runs, verdict: unverifiable(`the step shows ${read.hidden}`, shown) };
    if (!commands.length) {
      return { runs, verdict: unverifiable(read.loose.length ? 'the step shows text but no command element' : 'no command could be read in its step', read.loose.join('\n')) };
    }
    const distinct = new Set(commands.map((s) => sameCommand(s.raw)));
    if (distinct.size > 1) {
      return { runs, verdict: unverifiable(`its step shows ${distinct.size} different texts that could be the command`, shown) };
    }
    return { runs, verdict };
  }

  // ---- where to look --------------------------------------------------------------------

  function parentOf(node) {
    if (node.parentNode) return node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
    return null;
  }

  function inScope(node) {
    for (const scope of scopes) {
      let n = node;
      while (n) {
        if (scope === n || (scope.contains && scope.contains(n))) return true;
        const root = n.getRootNode();
        n = root instanceof ShadowRoot ? root.host : null;
      }
    }
    return false;
  }

  function safeQueryAll(root, selector) {
    try {
      return root.querySelectorAll(selector);
    } catch (e) {
      return [];
    }
  }

  // Every element under `root`, entering open shadow roots (which get observed on the way).
  function walk(root, visit) {
    const stack = [root];
    while (stack.length) {
      const r = stack.pop();
      if (r.nodeType === 1) visit(r);
      for (const el of safeQueryAll(r, candidateSelector)) visit(el);
      if (r.nodeType === 1 && r.shadowRoot) {
        observeRoot(r.shadowRoot);
        shadowRoots.add(r.shadowRoot);
        stack.push(r.shadowRoot);
      }
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_ELEMENT);
      for (let el = walker.nextNode(); el; el = walker.nextNode()) {
        if (el.shadowRoot) {
          observeRoot(el.shadowRoot);
          shadowRoots.add(el.shadowRoot);
          stack.push(el.shadowRoot);
        }
      }
    }
  }

  function refreshScopes() {
    const given = scopes; // what the observer watches now
    const found = [];
    if (panelSelector) {
      const roots = [document];
      for (let i = 0; i < roots.length; i++) {
        for (const el of safeQueryAll(roots[i], panelSelector)) found.push(el);
        if (!found.length) {
          const walker = document.createTreeWalker(roots[i], NodeFilter.SHOW_ELEMENT);
          for (let el = walker.nextNode(); el; el = walker.nextNode()) if (el.shadowRoot) roots.push(el.shadowRoot);
        }
      }
    }
    // Nested panels: keep the outermost only.
    scopes = found.filter((el) => !found.some((other) => other !== el && other.contains(el)));
    stats.panelFound = scopes.length > 0;
    windowed = false;
    if (!scopes.length && !isTop && config && config.frameIsPanel && document.documentElement) {
      scopes = [document.documentElement];
    } else if (!scopes.length && isTop && neverPanel && document.documentElement) {
      // An IDE window whose agent panel is not one we know: the whole window minus the
      // regions that are never the panel (editor, code lenses, notifications, dialogs, …).
      scopes = [document.documentElement];
      windowed = true;
    }
    stats.windowed = windowed;
    // A scope given up (the whole window of the windowed fallback once the panel appeared, a
    // panel gone) must not stay observed: the editor's every keystroke would still reach
    // onMutations. An observer cannot drop one root, so it starts again on the new scopes;
    // fullScan's walk observes the shadow roots in them again right after.
    if (observer && given.some((s) => !scopes.includes(s))) {
      observer.disconnect();
      observedRoots = new WeakSet();
    }
    for (const scope of scopes) observeRoot(scope);
    watchForPanel();
  }

  // ---- eligibility ----------------------------------------------------------------------

  // Style only (no layout): enabled, shown (checkVisibility looks at every ancestor's display,
  // visibility and opacity at once), taking pointer events.
  function shownAndEnabled(el) {
    if (!el.isConnected) return false;
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('fieldset[disabled], [inert]')) {
      return false;
    }
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false;
    return getComputedStyle(el).pointerEvents !== 'none';
  }

  // Layout: a size, and where the button is in the window, its centre shown. For a button that
  // runs a command (`hitTest`) a hit test: the button, not something over it, gets the click
  // (the person must see the step whose command runs). The hit test brings the whole page's
  // rendering up to date (pre-paint): 2–4 ms on a big page that keeps changing. A button that
  // runs nothing gets el.click(), which no overlay can intercept, so it is checked for what the
  // layout alone says: its centre is not cut off by a scrolling, collapsed or clipping ancestor.
  function sizedAndUncovered(el, hitTest) {
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) return false;
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    // Out of the window (a panel scrolled away from a new step): nothing to test there.
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
    if (!hitTest) return !clippedAt(el, x, y);
    const root = el.getRootNode();
    const hit = root.elementFromPoint ? root.elementFromPoint(x, y) : document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  }

  // Whether an ancestor that clips its content (overflow, clip-path, clip) cuts off the point.
  function clippedAt(el, x, y) {
    // The body's overflow is the window's (it propagates to the viewport): stop below it.
    for (let n = parentOf(el); n && n.nodeType === 1 && n !== document.body && n !== document.documentElement; n = parentOf(n)) {
      const s = getComputedStyle(n);
      if (s.display === 'contents') continue;
      if (!clipsContent(s)) continue;
      const r = n.getBoundingClientRect();
      if (x < r.left || x > r.right || y < r.top || y > r.bottom) return true;
    }
    return false;
  }

  function userIsTyping(now) {
    const idle = config ? Number(config.userIdleMs) || 0 : 0;
    if (now - lastKeyAt >= idle) return false;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(fullScan, Math.max(1, lastKeyAt + idle - now + 1));
    return true;
  }

  function rateLimited(now) {
    const limit = (config && config.rateLimit) || {};
    const max = Number(limit.clicks) || 20;
    const perMs = Number(limit.perMs) || 1000;
    while (clickTimes.length && now - clickTimes[0] >= perMs) clickTimes.shift();
    if (clickTimes.length < max) return false;
    if (!rateTimer) {
      rateTimer = setTimeout(() => {
        rateTimer = 0;
        fullScan();
      }, Math.max(1, clickTimes[0] + perMs - now + 1));
    }
    return true;
  }

  const leaseHeld = () => performance.now() < leaseUntil;
  const active = () => !!(config && config.enabled && !config.paused && leaseHeld());

  // A renewal from the app: the lease runs config.leaseMs from now. A lapsed lease that comes
  // back (the app reconnected) starts observing again.
  function renew() {
    const wasHeld = leaseHeld();
    leaseUntil = performance.now() + Math.max(1, Number(config && config.leaseMs) || 5000);
    lease.renewals++;
    clearTimeout(leaseTimer);
    leaseTimer = setTimeout(onLeaseCheck, leaseUntil - performance.now() + 1);
    if (!wasHeld && config) whenReady(start);
  }

  function onLeaseCheck() {
    leaseTimer = 0;
    if (leaseHeld()) {
      leaseTimer = setTimeout(onLeaseCheck, leaseUntil - performance.now() + 1);
      return;
    }
    lease.lapses++;
    stop();
  }

  // In the windowed fallback: inside a region that is never the panel (through shadow hosts).
  function inNeverPanel(el) {
    for (let n = el; n; ) {
      if (n.closest && n.closest(neverPanel)) return true;
      const root = n.getRootNode();
      n = root instanceof ShadowRoot ? root.host : null;
    }
    return false;
  }

  function consider(el) {
    if (clicked.has(el) || blockedSeen.has(el) || !el.isConnected) return;
    if (windowed && inNeverPanel(el)) return;
    if (!firstSeen.has(el)) firstSeen.set(el, performance.now());
    const label = labelOf(el);
    if (!wordsMatch(label)) return;
    if (!shownAndEnabled(el)) return;
    // Every button of a command step is judged, whatever its label ("Accept" under "Run
    // command?" runs the command); one whose command cannot be read whole is not clicked.
    const { runs, verdict } = judge(el, label);
    if (!sizedAndUncovered(el, runs)) return;
    const kind = runs ? 'terminalCommand' : kindOf(label);
    if (verdict) {
      blockedSeen.add(el);
      try {
        el.setAttribute('data-mpa-blocked', verdict.verdict === 'banned' ? 'true' : verdict.verdict);
      } catch (e) {}
      stats.blocked++;
      mpa.report('blocked', {
        label, reason: verdict.verdict, pattern: verdict.rule || verdict.verdict, why: verdict.reason || '',
        command: String(verdict.command || '').trim(), id: el.id || '', stats: { ...stats },
      });
      return;
    }
    const now = performance.now();
    if (userIsTyping(now) || rateLimited(now)) return;
    if (!active()) return; // the lease may have lapsed while this scan ran: fail closed
    clicked.add(el);
    clickTimes.push(now);
    const entry = { el, label, kind, seenAt: firstSeen.get(el), clickedAt: now };
    pending.push(entry);
    el.click();
    setTimeout(verifyAll, 20);
    verifyAll();
  }

  // ---- verification ---------------------------------------------------------------------

  function resolved(el) {
    if (!el.isConnected || el.disabled || el.getAttribute('aria-disabled') === 'true') return true;
    if (el.getClientRects().length === 0) return true;
    const style = getComputedStyle(el);
    return style.visibility !== 'visible' || style.display === 'none';
  }

  function verifyAll() {
    if (!pending.length) return;
    const now = performance.now();
    const verifyMs = (config && Number(config.verifyMs)) || 500;
    for (let i = pending.length - 1; i >= 0; i--) {
      const entry = pending[i];
      if (resolved(entry.el)) {
        pending.splice(i, 1);
        // Gone or hidden: should the same element come back, that is a new appearance, clicked
        // again, a few times at most (a button that keeps coming back is a loop). A button that
        // was only disabled (a Run while its command runs) is never clicked twice.
        const count = (clickCount.get(entry.el) || 0) + 1;
        clickCount.set(entry.el, count);
        const disabled = entry.el.disabled || entry.el.getAttribute('aria-disabled') === 'true';
        if (count < 3 && !disabled) clicked.delete(entry.el);
        stats.clicks++;
        stats[entry.kind === 'terminalCommand' ? 'terminalCommands' : entry.kind === 'fileEdit' ? 'fileEdits' : 'other']++;
        mpa.report('clicked', {
          label: entry.label, kind: entry.kind, id: entry.el.id || '', seenAt: entry.seenAt,
          clickedAt: entry.clickedAt, verifiedAt: now, stats: { ...stats },
        });
      } else if (now - entry.clickedAt > verifyMs) {
        pending.splice(i, 1);
        stats.failedVerifications++;
        mpa.report('verificationFailed', { label: entry.label, id: entry.el.id || '', stats: { ...stats } });
      }
    }
    if (pending.length) setTimeout(verifyAll, 25);
  }

  // ---- observation ----------------------------------------------------------------------

  // A node added to a panel: the button it is in, its own candidates, and the shadow roots in it.
  function scanAdded(node) {
    if (node.nodeType === 3) node = node.parentNode;
    if (!node || node.nodeType !== 1) {
      if (node instanceof ShadowRoot) node = node.host;
      else return;
    }
    const button = node.closest(candidateSelector);
    if (button && button !== node && inScope(button)) consider(button);
    if (!inScope(node)) return;
    walk(node, considerCandidate);
  }

  // A node whose attributes (or, `textOnly`, whose text) changed: the button it is or is in,
  // and for attributes the candidates under it (a container shown again shows its buttons),
  // those of the known shadow roots in it too. No walk: nothing was added.
  function scanChanged(node, textOnly) {
    if (node.nodeType === 3) node = node.parentNode;
    if (!node || node.nodeType !== 1) return;
    const button = node.closest(candidateSelector);
    if (button && inScope(button)) consider(button);
    if (textOnly || !inScope(node)) return;
    for (const el of safeQueryAll(node, candidateSelector)) consider(el);
    for (const root of shadowRoots) {
      if (node.contains(root.host)) for (const el of safeQueryAll(root, candidateSelector)) consider(el);
    }
  }

  // The page's title tells core which IDE this is; titles change after load.
  function reportPage() {
    if (!isTop || document.title === lastTitle) return;
    lastTitle = document.title;
    mpa.report('page', { title: document.title, url: location.href, stats: { ...stats } });
  }

  function onMutations(records) {
    stats.mutationBatches++;
    if (pending.length) verifyAll();
    if (!active()) return;
    // The panel itself went away (a re-render): find it again and look at all of it.
    if (records.some((r) => r.removedNodes.length) && scopes.some((s) => !s.isConnected)) {
      fullScan();
      return;
    }
    if (!scopes.length) return;
    // Most of a busy page's changes are outside the agent panel: one look at each changed
    // parent settles all of its records.
    const inside = new Map();
    const added = new Set();
    const changed = new Map(); // node → true when only its text changed
    for (const r of records) {
      let seen = inside.get(r.target);
      if (seen === undefined) inside.set(r.target, (seen = inScope(r.target)));
      if (!seen) continue;
      if (r.type === 'childList') {
        for (const n of r.addedNodes) added.add(n);
        // A shadow root attached to a host already in the page shows up as a change of the host.
        if (r.target.nodeType === 1 && r.target.shadowRoot && !observedRoots.has(r.target.shadowRoot)) {
          added.add(r.target);
        }
      } else {
        changed.set(r.target, r.type === 'characterData' && changed.get(r.target) !== false);
      }
    }
    for (const n of added) if (n.isConnected) scanAdded(n);
    for (const [n, textOnly] of changed) if (n.isConnected && !added.has(n)) scanChanged(n, textOnly);
  }

  const observeOptions = {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['disabled', 'aria-disabled', 'hidden', 'style', 'class'],
  };

  function observeRoot(root) {
    if (!observer || observedRoots.has(root)) return;
    observedRoots.add(root);
    observer.observe(root, observeOptions);
  }

  // The poll. Every fifth one (and the first, and one after the panel went or appeared) looks
  // for the panels again and walks them for new shadow roots; the others look only at the
  // candidates of the panels and of the shadow roots already known: on a big page the deep
  // look costs far more than the rest.
  function fullScan(deep = false) {
    if (!active() || !document.documentElement) return;
    stats.scans++;
    if (deep || scanCount++ % 5 === 0 || scopes.some((s) => !s.isConnected)) {
      refreshScopes();
      shadowRoots = new Set();
      for (const scope of scopes) walk(scope, considerCandidate);
      return;
    }
    for (const scope of scopes) for (const el of safeQueryAll(scope, candidateSelector)) consider(el);
    for (const root of shadowRoots) {
      if (root.host.isConnected) for (const el of safeQueryAll(root, candidateSelector)) consider(el);
    }
  }

  function considerCandidate(el) {
    if (el.matches(candidateSelector)) consider(el);
  }

  function onKey(event) {
    // The moment of the key press itself (the same for every listener of it, on the clock of
    // performance.now()), not when this listener got to run.
    if (event.isTrusted) lastKeyAt = event.timeStamp;
  }

  function stop() {
    if (observer) observer.disconnect();
    if (finder) finder.disconnect();
    observer = null;
    finder = null;
    finderOn = false;
    clearInterval(pollTimer);
    clearTimeout(idleTimer);
    clearTimeout(rateTimer);
    pollTimer = idleTimer = rateTimer = 0;
  }

  // While no panel is found, a light observer (child lists only) watches for one to appear;
  // once found, only the panels are observed, so a busy page's other changes cost nothing.
  function onFinderMutations(records) {
    if (!active() || !panelSelector) return;
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        let found = false;
        try {
          found = n.matches(panelSelector) || !!n.querySelector(panelSelector);
        } catch (e) {}
        if (found) {
          fullScan(true);
          return;
        }
      }
    }
  }

  function watchForPanel() {
    if (!finder || !document.documentElement) return;
    // In the windowed fallback a real panel may still appear: keep looking for it.
    if (scopes.length && !windowed) {
      if (finderOn) finder.disconnect();
      finderOn = false;
    } else if (!finderOn) {
      finder.observe(document, { childList: true, subtree: true });
      finderOn = true;
    }
  }

  function start() {
    stop();
    if (!active()) return;
    observer = new MutationObserver(onMutations);
    finder = new MutationObserver(onFinderMutations);
    finderOn = false;
    // A fresh observer: every root must be observed again (fullScan observes the panels and
    // the shadow roots in them).
    observedRoots = new WeakSet();
    pollTimer = setInterval(fullScan, Math.min(3000, Math.max(200, Number(config.pollIntervalMs) || 1000)));
    fullScan(true);
  }

  window.addEventListener('keydown', onKey, true);
  // "While you were away": core counts the clicks made while the window is not in front of the
  // user and says so when it is again (as the extension's focus/visibility listeners did).
  const userPresent = () => !document.hidden && document.hasFocus();
  let present = null;
  function reportPresence() {
    const now = userPresent();
    if (!isTop || now === present) return;
    present = now;
    mpa.report('presence', { present: now, stats: { ...stats } });
  }
  window.addEventListener('focus', reportPresence);
  window.addEventListener('blur', () => setTimeout(reportPresence, 0)); // after focus moved into a frame
  document.addEventListener('visibilitychange', reportPresence);
  // Core learns the page's title from here even while auto-accept is off in it.
  const titleWatch = new MutationObserver(reportPage);
  whenReady(() => {
    reportPage();
    reportPresence();
    const head = document.head || document.documentElement;
    if (head) titleWatch.observe(head, { childList: true, subtree: true, characterData: true });
  });

  function whenReady(fn) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn, { once: true });
    else fn();
  }

  // The profile's selectors of one kind as one selector; '' (and a problem report) when one is
  // not valid CSS.
  function selectorOf(value, what) {
    const selector = list(value).join(', ');
    if (!selector) return '';
    try {
      document.createDocumentFragment().querySelector(selector);
      return selector;
    } catch (e) {
      mpa.report('problem', { message: `a ${what} selector of the profile is not valid CSS: ${selector}` });
      return '';
    }
  }

  return {
    configure(next) {
      config = next || {};
      // A configuration comes from a live app: it counts as a renewal.
      leaseUntil = performance.now() + Math.max(1, Number(config.leaseMs) || 5000);
      lease.renewals++;
      clearTimeout(leaseTimer);
      leaseTimer = setTimeout(onLeaseCheck, leaseUntil - performance.now() + 1);
      acceptPhrases = list(config.acceptWords).map(phraseOf).filter(Boolean);
      rejectPhrases = list(config.rejectWords).map(phraseOf).filter(Boolean);
      banned = list(config.bannedCommands);
      const mode = config.commandPolicy;
      // Anything but the two known policies is read as the stricter one.
      policy = {
        mode: mode === undefined || mode === null || mode === 'rules' ? 'rules' : 'allowlist',
        allowed: list(config.allowedCommands),
        interpreters: list(config.interpreters),
      };
      judgeWith(JSON.stringify([banned, policy]));
      panelSelector = list(config.panelSelectors).join(', ');
      neverPanel = selectorOf(config.neverPanelSelectors, 'neverPanel');
      stepSelector = selectorOf(config.stepSelectors, 'steps.step');
      messageSelector = selectorOf(config.messageSelectors, 'steps.message');
      profileCommandSelector = selectorOf(config.commandSelectors, 'steps.command');
      commandSelector = profileCommandSelector ? `${GENERIC_COMMAND}, ${profileCommandSelector}` : GENERIC_COMMAND;
      ignoreSelector = selectorOf(config.ignoreSelectors, 'steps.ignore');
      plainTextIsCommand = config.stepTextIsCommand === true;
      candidateSelector = ['button', '[role="button"]', ...list(config.buttonSelectors)].join(', ');
      try {
        document.createDocumentFragment().querySelector(candidateSelector);
      } catch (e) {
        candidateSelector = 'button, [role="button"]';
        mpa.report('problem', { message: `a button selector of the profile is not valid CSS: ${list(config.buttonSelectors).join(', ')}` });
      }
      whenReady(start);
    },
    renew,
    // The app is quitting: stop at once, whatever the lease says.
    disable() {
      if (config) config = { ...config, enabled: false };
      leaseUntil = -Infinity;
      clearTimeout(leaseTimer);
      leaseTimer = 0;
      stop();
      return true;
    },
    stats() {
      return {
        ...stats, active: active(), pending: pending.length, top: isTop, url: location.href, title: document.title,
        lease: { ...lease, leftMs: Math.max(0, Math.round(leaseUntil - performance.now())) },
      };
    },
    scan() {
      fullScan(true);
      return { ...stats };
    },
    dispose() {
      clearTimeout(leaseTimer);
      leaseTimer = 0;
      stop();
      titleWatch.disconnect();
      window.removeEventListener('keydown', onKey, true);
    },
  };
}
