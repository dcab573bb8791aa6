// Module `autoAccept`: clicks the agent panel's Accept / Run / Retry / Apply / Allow buttons
// the moment they appear, never a banned command, and counts what it did.
//
// Reaction comes from a MutationObserver over the agent panel(s) and the open shadow roots in
// them (only the added and changed nodes are looked at; the rest of a busy page is not
// observed once the panel is found); a scan of the panel every pollIntervalMs is the fallback
// for changes no mutation announces (a transition that shows a button, a panel re-rendered). A click
// counts once the button is gone, hidden or disabled within verifyMs, checked on mutations
// and on timers (never animation frames, which stop in background windows).
//
// The lease: this script keeps running in its isolated world after the app's CDP connection
// closes, and a later connection gets the same world back. So it acts only while the app
// renews a lease (renew(), every couple of seconds; each configure() renews too): once
// config.leaseMs pass without one, nothing is clicked, checked again right before each click,
// and the observers stop until the next renewal. A clean quit pushes disable() at once.
//
// Config (pushed by core/autoaccept/AutoAcceptController, live):
//   enabled, paused, leaseMs, acceptWords, rejectWords, bannedCommands, pollIntervalMs,
//   userIdleMs, panelSelectors, buttonSelectors, frameIsPanel, rateLimit {clicks, perMs}, verifyMs
// Reports: clicked {label, kind, id, seenAt, clickedAt, verifiedAt, stats},
//   blocked {label, reason (banned | unverifiable | unreadable), pattern (the rule or your entry),
//     why, command, id, stats},
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
  let acceptRes = [];
  let rejectRes = [];
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
  };

  // ---- words and labels -----------------------------------------------------------------

  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  function phraseRe(phrase) {
    const words = String(phrase).toLowerCase().trim().split(/\s+/).filter(Boolean).map(escape);
    if (!words.length) return null;
    return new RegExp(`(?:^|[^\\p{L}\\p{N}_])${words.join('\\s+')}(?=$|[^\\p{L}\\p{N}_])`, 'u');
  }

  // Keyboard hints at the end of a label: "Run Alt+⏎", "Accept ⌘⏎", "Run (Ctrl+Enter)".
  const shortcutSuffix = new RegExp(
    '(?:\\s*[(\\[]?\\s*(?:(?:ctrl|control|alt|option|opt|shift|cmd|command|meta|super|win)\\s*\\+\\s*|[⌘⌥⇧⌃]\\s*\\+?\\s*)+' +
      '(?:⏎|↵|↩|⌫|enter|return|backspace|esc|escape|tab|space|f\\d{1,2}|[a-z0-9])?\\s*[)\\]]?|\\s*[⏎↵↩])\\s*$',
    'iu');

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
    if (!acceptRes.some((re) => re.test(label))) return false;
    return !rejectRes.some((re) => re.test(label));
  }

  const runLike = /(?:^|[^\p{L}])(?:run|execute|allow|allow once|confirm)(?=$|[^\p{L}])/u;
  const editLike = /(?:^|[^\p{L}])(?:accept|apply|keep|save)(?=$|[^\p{L}])/u;
  const kindOf = (label) => (runLike.test(label) ? 'terminalCommand' : editLike.test(label) ? 'fileEdit' : 'other');

  // ---- the ban list ---------------------------------------------------------------------

  const collapse = (s) => String(s).toLowerCase().replace(/\s+/g, ' ').trim();

  // The verdict of the ban list (module banCheck, payload/ban-check.js: the same steps as the
  // app's own check) on the command and on the button's aria-label/title. Anything but
  // "allowed" — including a check that is missing or throws — means no click.
  function banVerdict(command, extra) {
    const check = globalThis.__mpa && globalThis.__mpa.banCheck;
    if (!check || typeof check.verdict !== 'function') {
      return { verdict: 'unverifiable', rule: 'unverifiable', reason: 'the ban check is not loaded in this page' };
    }
    try {
      for (const text of [command, extra]) {
        if (!text) continue;
        const v = check.verdict(text, banned);
        if (v.verdict !== 'allowed') return v;
      }
      return { verdict: 'allowed', rule: '', reason: '' };
    } catch (e) {
      return { verdict: 'unverifiable', rule: 'unverifiable', reason: `the ban check failed: ${e && e.message}` };
    }
  }

  // Where a command is shown: a code or terminal block, or a field holding it.
  const blockSelector = 'pre, code, [class*="terminal" i], [data-command], textarea, input:not([type]), input[type="text"]';
  const fieldSelector = 'textarea, input';
  // Signs that a row asks to run a command, though its text may not be readable: Antigravity's
  // "Run command?" prompt over [Reject] [Accept], a terminal drawn on a canvas (xterm).
  const commandPrompt = /\b(?:run|execute)\s+(?:this\s+|the\s+following\s+)?command\b|\bcommand\s*\?|\bterminal\b/i;
  const terminalSelector = '.xterm, canvas, [class*="terminal" i], [data-command]';
  // Labels that always run something: without a readable command they are never clicked.
  const runsSomething = /(?:^|[^\p{L}])(?:run|execute)(?=$|[^\p{L}])/u;

  // A sibling holding an actionable button of its own is another agent step: its command is
  // not this button's.
  function holdsOtherAction(node, el) {
    for (const other of safeQueryAll(node, candidateSelector)) {
      if (other !== el && !other.contains(el) && wordsMatch(labelOf(other))) return true;
    }
    return node.matches(candidateSelector) && node !== el && !node.contains(el) && wordsMatch(labelOf(node));
  }

  function readBlock(node) {
    if (node.matches(fieldSelector)) return node.value || '';
    return node.textContent || '';
  }

  // The command text near `el`: the nearest block among the siblings of the button and of its
  // ancestors, before it first, then after it (bounded; another step's button ends the search).
  function nearbyCommand(el) {
    let node = el;
    for (let depth = 0; depth < 6 && node; depth++) {
      for (const direction of ['previousElementSibling', 'nextElementSibling']) {
        let sibling = node[direction];
        for (let n = 0; sibling && n < 6; n++, sibling = sibling[direction]) {
          if (holdsOtherAction(sibling, el)) break;
          if (sibling.matches(blockSelector)) return { found: true, text: readBlock(sibling) };
          const inner = safeQueryAll(sibling, blockSelector);
          if (inner.length) {
            const pick = direction === 'previousElementSibling' ? inner[inner.length - 1] : inner[0];
            return { found: true, text: readBlock(pick) };
          }
        }
      }
      const parent = node.parentNode;
      node = parent instanceof ShadowRoot ? parent.host : parent;
      if (node && node.nodeType !== 1) node = null;
      if (node && scopes.includes(node)) break;
    }
    return { found: false, text: '' };
  }

  // True when the button sits in a row that asks to run a command: the row's own words (not its
  // buttons') say so, or it holds a terminal. Climbs from the button's group of buttons up to
  // the row, never into a neighbouring step.
  function inCommandRow(el) {
    const group = parentOf(el);
    let node = group;
    for (let depth = 0; depth < 4 && node && node.nodeType === 1; depth++, node = parentOf(node)) {
      if (scopes.includes(node)) break;
      let foreign = false;
      for (const other of safeQueryAll(node, candidateSelector)) {
        if (other !== el && !(group && group.contains(other)) && wordsMatch(labelOf(other))) foreign = true;
      }
      if (foreign) break;
      let words = '';
      for (const child of node.children) {
        if (child.matches(candidateSelector) || safeQueryAll(child, candidateSelector).length) continue;
        words += ' ' + (child.textContent || '');
      }
      if (commandPrompt.test(words) || safeQueryAll(node, terminalSelector).length) return true;
    }
    return false;
  }

  // What the button would run: {row, runs, raw, command, extra}. `row` says the button approves running
  // something; `command` is what could be read of it ('' when nothing could: fail closed).
  function commandFor(el, label) {
    const near = nearbyCommand(el);
    const text = collapse(near.text);
    // `runs`: the button runs a command (a Run label, or a command row); a block nearby that is
    // not known to be a command (a diff under Accept) is still checked against the list.
    const runs = runsSomething.test(label) || inCommandRow(el);
    const extra = [el.getAttribute('aria-label'), el.getAttribute('title')].filter(Boolean).join(' ');
    return { row: runs || near.found, runs, raw: near.text, command: text, extra };
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
      if (r.nodeType === 1 && r.shadowRoot) stack.push(r.shadowRoot);
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_ELEMENT);
      for (let el = walker.nextNode(); el; el = walker.nextNode()) {
        if (el.shadowRoot) {
          observeRoot(el.shadowRoot);
          stack.push(el.shadowRoot);
        }
      }
    }
  }

  function refreshScopes() {
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
    for (const scope of scopes) observeRoot(scope);
    watchForPanel();
  }

  // ---- eligibility ----------------------------------------------------------------------

  function visibleAndClickable(el) {
    if (!el.isConnected) return false;
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('fieldset[disabled], [inert]')) {
      return false;
    }
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) return false;
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible' || style.display === 'none' || style.pointerEvents === 'none') return false;
    if (Number(style.opacity) === 0) return false;
    for (let n = parentOf(el); n && n.nodeType === 1; n = parentOf(n)) {
      const s = getComputedStyle(n);
      if (Number(s.opacity) === 0) return false;
    }
    // Hit test at the centre: the button, not something over it, gets the click.
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight) {
      const root = el.getRootNode();
      const hit = root.elementFromPoint ? root.elementFromPoint(x, y) : document.elementFromPoint(x, y);
      if (!hit || (hit !== el && !el.contains(hit))) return false;
    }
    return true;
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
    if (!visibleAndClickable(el)) return;
    let kind = kindOf(label);
    // Every button in a command row is checked, whatever its label ("Accept" under "Run
    // command?" runs the command); one whose command cannot be read is not clicked.
    const context = commandFor(el, label);
    if (context.runs) kind = 'terminalCommand';
    if (context.row) {
      const v = context.command ? banVerdict(context.raw, context.extra) : null;
      if (!context.command || v.verdict !== 'allowed') {
        blockedSeen.add(el);
        const reason = !context.command ? 'unreadable' : v.verdict;
        try {
          el.setAttribute('data-mpa-blocked', reason === 'banned' ? 'true' : reason);
        } catch (e) {}
        stats.blocked++;
        mpa.report('blocked', {
          label, reason, pattern: v ? v.rule : '', why: v ? v.reason : '', command: context.command, id: el.id || '',
          stats: { ...stats },
        });
        return;
      }
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

  function scanNode(node) {
    if (node.nodeType === 3) node = node.parentNode;
    if (!node || node.nodeType !== 1) {
      if (node instanceof ShadowRoot) node = node.host;
      else return;
    }
    const button = node.closest(candidateSelector);
    if (button && button !== node && inScope(button)) consider(button);
    if (!inScope(node)) return;
    walk(node, (el) => {
      if (el.matches(candidateSelector)) consider(el);
    });
  }

  // The page's title tells core which IDE this is; titles change after load.
  function reportPage() {
    if (!isTop || document.title === lastTitle) return;
    lastTitle = document.title;
    mpa.report('page', { title: document.title, url: location.href, stats: { ...stats } });
  }

  function onMutations(records) {
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
    const touched = new Set();
    for (const r of records) {
      let seen = inside.get(r.target);
      if (seen === undefined) inside.set(r.target, (seen = inScope(r.target)));
      if (!seen) continue;
      if (r.type === 'childList') {
        for (const n of r.addedNodes) touched.add(n);
        // A shadow root attached to a host already in the page shows up as a change of the host.
        if (r.target.nodeType === 1 && r.target.shadowRoot && !observedRoots.has(r.target.shadowRoot)) {
          touched.add(r.target);
        }
      } else {
        touched.add(r.target);
      }
    }
    for (const n of touched) if (n.isConnected) scanNode(n);
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

  function fullScan() {
    if (!active() || !document.documentElement) return;
    stats.scans++;
    refreshScopes();
    for (const scope of scopes) {
      walk(scope, (el) => {
        if (el.matches(candidateSelector)) consider(el);
      });
    }
  }

  function onKey(event) {
    if (event.isTrusted) lastKeyAt = performance.now();
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
          fullScan();
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
    fullScan();
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

  return {
    configure(next) {
      config = next || {};
      // A configuration comes from a live app: it counts as a renewal.
      leaseUntil = performance.now() + Math.max(1, Number(config.leaseMs) || 5000);
      lease.renewals++;
      clearTimeout(leaseTimer);
      leaseTimer = setTimeout(onLeaseCheck, leaseUntil - performance.now() + 1);
      acceptRes = list(config.acceptWords).map(phraseRe).filter(Boolean);
      rejectRes = list(config.rejectWords).map(phraseRe).filter(Boolean);
      banned = list(config.bannedCommands);
      panelSelector = list(config.panelSelectors).join(', ');
      neverPanel = list(config.neverPanelSelectors).join(', ');
      try {
        if (neverPanel) document.createDocumentFragment().querySelector(neverPanel);
      } catch (e) {
        neverPanel = '';
        mpa.report('problem', { message: `a neverPanel selector of the profile is not valid CSS: ${list(config.neverPanelSelectors).join(', ')}` });
      }
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
      fullScan();
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
