// Module chatWatch: tells the chat-tab bridge (core/bridge/BridgeSession) the moment a web chat
// starts and stops generating, and when its page has gone quiet, so a finished reply is taken at
// once instead of at the next look. Configured with the chat profile's stop / generating
// selectors: {active, stopButton, generating, quietMs}. Reports 'generating' {generating} when
// that flips and 'settled' once no DOM change happened for quietMs while not generating.
// A MutationObserver only while active; each batch of changes costs a few selector queries.
// 'settled' needs a timer, so in a background tab it comes late; the app does not wait for it
// once the stop button is gone.
(mpa) => {
  const list = (v) => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []);
  let config = null;
  let observer = null;
  let checkTimer = null;
  let settleTimer = null;
  let generating = false;

  function visible(el) {
    if (!el || !el.isConnected || el.closest('[hidden]')) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    return el.getClientRects().length > 0;
  }
  function anyVisible(selectors) {
    for (const s of selectors) {
      let found = [];
      try {
        found = document.querySelectorAll(s);
      } catch (e) {
        continue;
      }
      for (const el of found) if (visible(el)) return true;
    }
    return false;
  }
  function check() {
    checkTimer = null;
    if (!config) return;
    const now = anyVisible(list(config.stopButton)) || anyVisible(list(config.generating));
    if (now !== generating) {
      generating = now;
      mpa.report('generating', { generating });
    }
    clearTimeout(settleTimer);
    if (!generating) settleTimer = setTimeout(() => mpa.report('settled', {}), config.quietMs || 60);
  }
  // Checked in the observer's own callback, not on a timer: a chat tab in the background has
  // its timers throttled (to once a second, or a minute), its observers not.
  function onMutations() {
    check();
  }
  function stop() {
    if (observer) observer.disconnect();
    observer = null;
    clearTimeout(checkTimer);
    clearTimeout(settleTimer);
    checkTimer = settleTimer = null;
  }
  function start() {
    stop();
    const root = document.documentElement;
    if (!root) return;
    observer = new MutationObserver(onMutations);
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true,
      attributeFilter: ['hidden', 'class', 'style', 'aria-busy', 'data-state', 'disabled', 'aria-label'] });
    generating = anyVisible(list(config.stopButton)) || anyVisible(list(config.generating));
  }

  return {
    configure(next) {
      config = next && next.active ? next : null;
      if (!config) return stop();
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
      else start();
    },
    dispose: stop,
    state() {
      return { active: !!config, generating };
    },
  };
}
