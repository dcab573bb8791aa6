(mpa) => {
  // Module runMask: while an LLM task run works in this tab, a mask says so (what it is doing,
  // and a Stop button) and the user's clicks and keys are held back, so they cannot cross the
  // agent's actions. The agent's own input goes through: the app calls pass({on: true}) right
  // before it sends its trusted input and pass({on: false}) right after. Shown only in the top
  // document and only while the tab is the one in front; the app turns it off when the run
  // waits for the user or ends. outline() marks the element the agent acts on next.
  // Mode 'bar' is the status bar of a tab an outside agent holds: the same bar (who, what it did
  // last, Stop), no veil and nothing held back; only its Stop button takes pointer events, so the
  // page under the bar stays usable. Without `stop` it only says something (released) until its
  // lease runs out.
  const HELD = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick',
    'contextmenu', 'keydown', 'keyup', 'keypress', 'beforeinput', 'touchstart', 'touchend'];
  const isTop = window.top === window;
  let config = { active: false, text: '', mode: 'mask', stop: true };
  // The app renews the mask while the run works; a mask whose app went away (quit, crash, lost
  // connection) lets go by itself when the lease runs out.
  let expires = 0;
  let leaseTimer = 0;
  let passing = false;
  let held = 0;
  let host = null;
  let bar = null;
  let frame = null;
  let label = null;

  function visible() {
    return document.visibilityState === 'visible';
  }

  function expire() {
    if (!config.active || performance.now() < expires) return false;
    config = { active: false, text: '', mode: 'mask', stop: true };
    passing = false;
    draw();
    return true;
  }

  function hold(event) {
    if (!config.active || config.mode === 'bar' || passing || !visible() || expire()) return;
    if (host && event.composedPath && event.composedPath().includes(host)) return; // its Stop button
    event.stopImmediatePropagation();
    event.preventDefault();
    if (event.type === 'mousedown' || event.type === 'keydown') held++;
  }
  for (const type of HELD) window.addEventListener(type, hold, true);

  function build() {
    host = document.createElement('mpa-run-mask');
    host.style.cssText = 'all: initial; position: fixed; inset: 0; z-index: 2147483647; pointer-events: none;';
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = `<style>
      .veil { position: fixed; inset: 0; box-shadow: inset 0 0 0 3px rgba(26, 115, 232, .85);
              background: rgba(26, 115, 232, .04); pointer-events: none; }
      .bar { position: fixed; right: 12px; bottom: 12px; display: flex; align-items: center; gap: 10px;
             max-width: min(520px, 80vw); padding: 8px 10px 8px 12px; border-radius: 8px;
             font: 13px/1.35 system-ui, sans-serif; color: #fff; background: rgba(23, 43, 77, .94);
             box-shadow: 0 4px 14px rgba(0, 0, 0, .3); pointer-events: auto; }
      .bar.passing { pointer-events: none; }
      .agent .veil { display: none; }
      .agent .bar { pointer-events: none; background: rgba(32, 33, 36, .92); }
      .agent .bar button { pointer-events: auto; }
      .agent .bar.passing button { pointer-events: none; }
      .agent .dot { background: #ffb74d; }
      .nostop button { display: none; }
      .dot { width: 8px; height: 8px; flex: none; border-radius: 50%; background: #4cc2ff; }
      .text { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
      button { flex: none; font: inherit; color: #172b4d; background: #fff; border: 0; border-radius: 5px;
               padding: 3px 10px; cursor: pointer; }
    </style><div class="frame"><div class="veil"></div><div class="bar"><span class="dot"></span>
      <span class="text"></span><button type="button">Stop</button></div></div>`;
    frame = root.querySelector('.frame');
    bar = root.querySelector('.bar');
    label = root.querySelector('.text');
    const stop = root.querySelector('button');
    stop.addEventListener('click', () => mpa.report('stop', { mode: config.mode }));
    stop.title = 'Stop the agent here';
  }

  function draw() {
    if (!isTop) return;
    const show = config.active && visible() && document.documentElement;
    if (!show) {
      if (host) host.remove();
      return;
    }
    if (!host) build();
    if (!host.isConnected) document.documentElement.appendChild(host);
    label.textContent = config.text || 'The AI agent is working in this tab';
    label.title = label.textContent;
    frame.classList.toggle('agent', config.mode === 'bar');
    frame.classList.toggle('nostop', config.stop === false);
    bar.classList.toggle('passing', passing);
  }

  // The element an agent is about to act on, outlined for a moment before the action: drawn in
  // the top layer (a manual popover) so nothing of the page covers it, and never a target of any
  // event (pointer-events: none), so the action itself and the user's clicks go where they would.
  let outlineHost = null;
  let outlineTimer = 0;
  function outline(args) {
    if (!isTop || !document.documentElement) return { shown: false };
    const box = args || {};
    if (!(box.width > 0 && box.height > 0)) return { shown: false };
    if (!outlineHost) {
      outlineHost = document.createElement('mpa-agent-outline');
      outlineHost.setAttribute('popover', 'manual');
      outlineHost.style.cssText = 'all: initial; position: fixed; inset: 0; width: 100vw; height: 100vh; margin: 0; '
        + 'padding: 0; border: 0; background: transparent; overflow: visible; pointer-events: none; z-index: 2147483647;';
      const root = outlineHost.attachShadow({ mode: 'closed' });
      root.innerHTML = `<style>
        .box { position: fixed; box-sizing: border-box; border: 3px solid #ff6a00; border-radius: 4px;
               box-shadow: 0 0 0 3px rgba(255, 106, 0, .25); pointer-events: none; }
      </style><div class="box"></div>`;
      outlineHost.box = root.querySelector('.box');
    }
    const pad = 3;
    Object.assign(outlineHost.box.style, {
      left: `${box.x - pad}px`, top: `${box.y - pad}px`,
      width: `${box.width + 2 * pad}px`, height: `${box.height + 2 * pad}px`,
    });
    if (!outlineHost.isConnected) document.documentElement.appendChild(outlineHost);
    try {
      if (outlineHost.showPopover && !outlineHost.matches(':popover-open')) outlineHost.showPopover();
    } catch (e) { /* no top layer here: the fixed box with the highest z-index stands in */ }
    clearTimeout(outlineTimer);
    // Shown `ms` before the action and a little past it, so the action lands while it shows.
    const ms = Math.max(100, Math.min(5000, box.ms || 600)) + 400;
    outlineTimer = setTimeout(() => outlineHost && outlineHost.remove(), ms);
    return { shown: true };
  }

  // Set-of-marks for a screenshot the model gets (agent/vision): each ref's box outlined and
  // numbered with its ref, in the top layer, for the moment of the capture only; the mask and the
  // outline step aside meanwhile (the model sees the page, not the app). clearMarks() takes the
  // marks away and brings them back. Never a target of any event.
  const MARK_COLOR = '#ff00aa';
  let marksHost = null;
  function marks(args) {
    clearMarks();
    if (!isTop || !document.documentElement) return { shown: 0 };
    marksHost = document.createElement('mpa-vision-marks');
    marksHost.setAttribute('popover', 'manual');
    marksHost.style.cssText = 'all: initial; position: fixed; inset: 0; width: 100vw; height: 100vh; margin: 0; '
      + 'padding: 0; border: 0; background: transparent; overflow: visible; pointer-events: none; z-index: 2147483647;';
    const root = marksHost.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = `.m { position: fixed; box-sizing: border-box; border: 2px solid ${MARK_COLOR}; pointer-events: none; }
      .n { position: absolute; left: -2px; bottom: 100%; padding: 0 3px; font: bold 11px/13px monospace;
           color: #fff; background: ${MARK_COLOR}; white-space: nowrap; }
      .n.inside { bottom: auto; top: 0; }`;
    root.appendChild(style);
    let shown = 0;
    for (const m of (args && args.marks) || []) {
      if (!(m.width > 0 && m.height > 0)) continue;
      const box = document.createElement('div');
      box.className = 'm';
      Object.assign(box.style, { left: `${m.x}px`, top: `${m.y}px`, width: `${m.width}px`, height: `${m.height}px` });
      const tag = document.createElement('span');
      tag.className = m.y < 14 ? 'n inside' : 'n';
      tag.textContent = String(m.ref || '');
      box.appendChild(tag);
      root.appendChild(box);
      shown++;
    }
    if (host) host.style.visibility = 'hidden';
    if (outlineHost) outlineHost.style.visibility = 'hidden';
    document.documentElement.appendChild(marksHost);
    try { if (marksHost.showPopover) marksHost.showPopover(); } catch (e) { /* the highest z-index stands in */ }
    return { shown, dpr: window.devicePixelRatio || 1 };
  }
  function clearMarks() {
    if (marksHost) marksHost.remove();
    marksHost = null;
    if (host) host.style.visibility = '';
    if (outlineHost) outlineHost.style.visibility = '';
    return { cleared: true };
  }

  document.addEventListener('visibilitychange', draw);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw, { once: true });

  return {
    configure(next) {
      config = Object.assign({ active: false, text: '', mode: 'mask', stop: true, leaseMs: 6000 }, next || {});
      if (!config.active) passing = false;
      expires = performance.now() + config.leaseMs;
      clearTimeout(leaseTimer);
      if (config.active) leaseTimer = setTimeout(expire, config.leaseMs + 50);
      draw();
    },
    pass(args) {
      passing = !!(args && args.on);
      if (bar) bar.classList.toggle('passing', passing);
      return { passing };
    },
    outline,
    marks,
    clearMarks,
    state() {
      return { active: !!config.active, shown: !!(host && host.isConnected), passing, held, text: config.text || '',
               mode: config.mode, stop: config.stop !== false,
               outlined: !!(outlineHost && outlineHost.isConnected) };
    },
    dispose() {
      clearTimeout(leaseTimer);
      clearTimeout(outlineTimer);
      if (outlineHost) outlineHost.remove();
      clearMarks();
      for (const type of HELD) window.removeEventListener(type, hold, true);
      document.removeEventListener('visibilitychange', draw);
      if (host) host.remove();
    },
  };
}
