(mpa) => {
  // Module chatLearn: observation mode (see core/chat/ChatLearner). While armed, it watches the
  // user's own clicks, in the capture phase and without ever stopping or changing them: the
  // first text box the user clicks or focuses is the chat's input, the first button-like
  // element clicked after that (not in the input) is its send button. For each it reports
  // selectors that find exactly that element, stable attributes first. After the send click it
  // watches what the page adds: the new node holding the text that was in the input is the
  // user's message, the next new node beside it is the reply; it reports selectors for both.
  //
  // The app arms it through its config ({armed, input}), which is pushed again into every new
  // document, so a reload or navigation while armed carries on where it was.
  const MAX_SELECTORS = 4;
  const TEST_ATTRIBUTES = ['data-testid', 'data-test', 'data-qa', 'data-cy', 'data-test-id'];
  const BUTTONISH = 'button, [role="button"], input[type="submit"], input[type="button"], input[type="image"], a[href]';
  const TEXT_INPUT_TYPES = ['', 'text', 'search', 'email', 'url'];

  let config = {};
  let listening = false;
  let inputEl = null; // the input learned in this document
  let sentText = '';
  let userEl = null;
  let observer = null;
  let watchTimer = 0;

  // ---- what looks generated (ids, classes, values a build or a framework made up) ----

  function looksGenerated(value) {
    const v = String(value || '');
    if (!v || v.length > 64) return true;
    if (/^(:|radix-|react-|headlessui-|mui-|ember\d|ext-gen|mat-|cdk-|ng-|__)/i.test(v)) return true;
    if (/:r[0-9a-z]+:/i.test(v)) return true;
    if (/\d{3,}/.test(v)) return true;
    if (/[0-9a-f]{6,}/i.test(v) && /\d/.test(v)) return true;
    if (/^[0-9]/.test(v)) return true;
    // Mixed letters and digits in a short token ("x9k2", "a1b2c3").
    if (/^[a-z0-9_-]{4,12}$/i.test(v) && (v.match(/\d/g) || []).length >= 2) return true;
    return false;
  }

  function stableClass(name) {
    if (!name || name.length < 3 || name.length > 40) return false;
    if (/[:[\]/.!@%#()]/.test(name)) return false; // tailwind variants and arbitrary values
    if (/^(css|sc|jsx|emotion|styled|svelte|astro)-/i.test(name)) return false;
    if (/^_/.test(name) || /\d/.test(name)) return false; // CSS modules, hashes
    if (/^(ng|mat|mdc|cdk)-/.test(name)) return false; // framework state classes
    if (/^(p|m|px|py|pt|pb|pl|pr|mx|my|mt|mb|ml|mr|w|h|min|max|text|bg|flex|grid|gap|rounded|border|items|justify|font|leading|tracking|shadow|opacity|z|top|left|right|bottom|inset|overflow|cursor|transition|duration|ease|space|divide|ring|outline|self|place|order|col|row|basis|grow|shrink)(-|$)/.test(name)) return false;
    return true;
  }

  // ---- selectors ----

  function quote(value) {
    return '"' + String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ') + '"';
  }

  function tagOf(el) {
    return el.tagName.toLowerCase();
  }

  function query(selector, root) {
    try {
      return [...(root || document).querySelectorAll(selector)];
    } catch (e) {
      return null;
    }
  }

  // Attribute selectors of `el`, best first (without the uniqueness check).
  function attributeCandidates(el) {
    const tag = tagOf(el);
    const out = [];
    if (el.id && !looksGenerated(el.id)) out.push('#' + CSS.escape(el.id));
    for (const name of TEST_ATTRIBUTES) {
      const v = el.getAttribute(name);
      if (v && !looksGenerated(v)) out.push(`${tag}[${name}=${quote(v)}]`);
    }
    const label = el.getAttribute('aria-label');
    if (label && label.length <= 80) out.push(`${tag}[aria-label=${quote(label)}]`);
    for (const name of ['name', 'placeholder', 'title']) {
      const v = el.getAttribute(name);
      if (v && v.length <= 80 && !(name === 'name' && looksGenerated(v))) out.push(`${tag}[${name}=${quote(v)}]`);
    }
    const role = el.getAttribute('role');
    const classes = [...el.classList].filter(stableClass);
    for (const c of classes) {
      out.push(role ? `${tag}[role=${quote(role)}].${CSS.escape(c)}` : `${tag}.${CSS.escape(c)}`);
    }
    if (role) out.push(`${tag}[role=${quote(role)}]`);
    for (const attr of [...el.attributes]) {
      if (!attr.name.startsWith('data-') || TEST_ATTRIBUTES.includes(attr.name)) continue;
      if (attr.value && !looksGenerated(attr.value) && attr.value.length <= 40) {
        out.push(`${tag}[${attr.name}=${quote(attr.value)}]`);
      }
    }
    return out;
  }

  // A short path from the nearest ancestor that a stable attribute finds alone.
  function structuralPath(el) {
    const steps = [];
    let node = el;
    while (node && node.nodeType === 1 && node !== document.documentElement) {
      const anchor = attributeCandidates(node).find((s) => {
        const found = query(s);
        return found && found.length === 1 && found[0] === node;
      });
      if (anchor && node !== el) {
        steps.unshift(anchor);
        break;
      }
      const parent = node.parentElement;
      if (!parent) break;
      const same = [...parent.children].filter((c) => c.tagName === node.tagName);
      steps.unshift(same.length > 1 ? `${tagOf(node)}:nth-of-type(${same.indexOf(node) + 1})` : tagOf(node));
      node = parent;
      if (steps.length >= 6) break;
    }
    return steps.join(' > ');
  }

  // Up to four selectors that find exactly `el` in this document, stable attributes first.
  function uniqueSelectors(el) {
    const out = [];
    for (const s of [...attributeCandidates(el), structuralPath(el)]) {
      if (!s || out.includes(s)) continue;
      const found = query(s);
      if (found && found.length === 1 && found[0] === el) out.push(s);
      if (out.length >= MAX_SELECTORS) break;
    }
    return out;
  }

  // Selectors that find `el` (and may find others like it) but nothing inside `other`: the
  // messages of one kind. Looks at the container and a few levels into it.
  function kindSelectors(el, other) {
    const out = [];
    const elements = [el, ...[...el.querySelectorAll('*')].slice(0, 30)];
    for (const candidate of elements) {
      const attrs = attributeCandidates(candidate).filter((s) => !s.startsWith('#'));
      // Pairs of data attributes narrow a shared one ([data-qa="bubble"][data-author="me"]).
      const data = attrs.filter((s) => /\[data-/.test(s));
      for (let i = 0; i < data.length; i++) {
        for (let j = i + 1; j < data.length; j++) {
          attrs.push(data[i] + data[j].slice(data[j].indexOf('[')));
        }
      }
      for (const s of attrs) {
        if (out.includes(s)) continue;
        const found = query(s);
        if (!found || !found.includes(candidate)) continue;
        if (found.some((f) => other && (other === f || other.contains(f) || f.contains(other)))) continue;
        if (found.some((f) => inputEl && (f === inputEl || f.contains(inputEl)))) continue;
        out.push(s);
        if (out.length >= MAX_SELECTORS) return out;
      }
    }
    return out;
  }

  // ---- what the user touches ----

  function textBox(target) {
    if (!(target instanceof Element)) return null;
    let el = target.closest('textarea, input, [contenteditable]');
    if (!el) return null;
    if (el.tagName === 'INPUT' && !TEXT_INPUT_TYPES.includes((el.getAttribute('type') || '').toLowerCase())) return null;
    if (el.hasAttribute('contenteditable')) {
      if (!el.isContentEditable) return null;
      while (el.parentElement && el.parentElement.isContentEditable) el = el.parentElement;
    }
    if (el.disabled || el.readOnly) return null;
    return el;
  }

  function labelOf(el) {
    return (el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.getAttribute('title') ||
      el.getAttribute('data-placeholder') || '').slice(0, 120);
  }

  function textOf(el) {
    if (!el) return '';
    const raw = el.tagName === 'TEXTAREA' || el.tagName === 'INPUT' ? el.value : el.innerText;
    return String(raw || '').replace(/\s+/g, ' ').trim();
  }

  function buttonLike(target) {
    if (!(target instanceof Element)) return null;
    const direct = target.closest(BUTTONISH);
    if (direct) return direct;
    // An icon: its nearest ancestor that is clickable.
    let node = target.closest('svg') || target;
    while (node && node !== document.body) {
      if (node.onclick || node.hasAttribute('tabindex') || getComputedStyle(node).cursor === 'pointer') return node;
      node = node.parentElement;
    }
    return null;
  }

  function currentInput() {
    if (inputEl && inputEl.isConnected) return inputEl;
    for (const s of config.input || []) {
      const found = query(s);
      if (found && found.length) return (inputEl = found[0]);
    }
    return null;
  }

  // The chat takes images when an <input type=file> for them (accept naming images, or none)
  // sits in the composer: inside the nearest ancestor holding both the box and the send button,
  // or at most three levels above it. Its selectors, or [] when there is none.
  function fileInputNear(input, button) {
    if (!input || !button) return [];
    let composer = input.parentElement;
    while (composer && !composer.contains(button)) composer = composer.parentElement;
    for (let level = 0; composer && level <= 3; level++, composer = composer.parentElement) {
      const files = [...composer.querySelectorAll('input[type="file"]')].filter((el) => {
        const accept = (el.getAttribute('accept') || '').toLowerCase();
        return !el.disabled && (!accept || accept.includes('image') || /\.(png|jpe?g|webp|gif)/.test(accept));
      });
      if (files.length) {
        const found = uniqueSelectors(files[0]);
        return found.length ? found : ['input[type="file"]'];
      }
    }
    return [];
  }

  // Only the user's own input teaches: a page cannot steer the learning with synthetic events.
  function onFocus(event) {
    if (!config.armed || (config.input && config.input.length)) return;
    if (event.type === 'pointerdown' && !event.isTrusted) return;
    const box = textBox(event.composedPath ? event.composedPath()[0] : event.target);
    if (!box) return;
    inputEl = box;
    const selectors = uniqueSelectors(box);
    config = { ...config, input: selectors };
    mpa.report('learned', { part: 'input', selectors, tag: tagOf(box), label: labelOf(box) });
  }

  function onClick(event) {
    if (!config.armed || !config.input || !config.input.length || config.sendLearned || !event.isTrusted) return;
    const target = event.composedPath ? event.composedPath()[0] : event.target;
    const input = currentInput();
    if (input && target instanceof Node && input.contains(target)) return;
    if (textBox(target)) return; // another text box, not a button
    const button = buttonLike(target);
    if (!button || (input && button.contains(input))) return;
    sentText = textOf(input);
    config = { ...config, sendLearned: true };
    const selectors = uniqueSelectors(button);
    const watching = sentText.length > 0;
    const fileInput = fileInputNear(input, button);
    mpa.report('learned', { part: 'send', selectors, tag: tagOf(button), label: labelOf(button), watching, fileInput });
    if (watching) watchMessages();
  }

  // ---- the messages, after the send ----

  function stopWatching() {
    if (observer) observer.disconnect();
    observer = null;
    clearTimeout(watchTimer);
    watchTimer = 0;
  }

  // The child of `parent` that holds `node`.
  function childHolding(parent, node) {
    while (node && node.parentElement !== parent) node = node.parentElement;
    return node;
  }

  function consider(node) {
    if (!(node instanceof Element)) return;
    const input = currentInput();
    if (input && (node.contains(input) || input.contains(node))) return;
    if (!userEl) {
      if (textOf(node).includes(sentText)) userEl = node;
      return;
    }
    if (node === userEl || userEl.contains(node) || node.contains(userEl)) return;
    const log = userEl.parentElement;
    if (!log || !log.contains(node)) return;
    const replyEl = childHolding(log, node);
    if (!replyEl || replyEl === userEl) return;
    stopWatching();
    const userMessage = kindSelectors(userEl, replyEl);
    const reply = kindSelectors(replyEl, userEl);
    if (userMessage.length && reply.length) mpa.report('learned', { part: 'messages', userMessage, reply });
    else mpa.report('messagesUnknown', { why: 'no selector tells the user\'s messages from the replies' });
  }

  function watchMessages() {
    stopWatching();
    userEl = null;
    observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          consider(node);
          if (!observer) return;
        }
      }
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    // A page that adds nothing (the send failed, or the chat reuses old nodes) is left alone.
    watchTimer = setTimeout(() => {
      stopWatching();
      mpa.report('messagesUnknown', { why: userEl ? 'no reply appeared' : 'the sent text did not appear on the page' });
    }, 60000);
  }

  function listen(on) {
    if (on === listening) return;
    listening = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('pointerdown', onFocus, true);
    window[method]('focusin', onFocus, true);
    window[method]('click', onClick, true);
  }

  function disarm() {
    config = {};
    inputEl = null;
    sentText = '';
    userEl = null;
    stopWatching();
    listen(false);
  }

  return {
    configure(next) {
      if (next && next.armed) {
        config = { armed: true, input: next.input || [], sendLearned: false };
        inputEl = null;
        listen(true);
      } else {
        disarm();
      }
    },
    arm(args) {
      this.configure({ ...(args || {}), armed: true });
      return true;
    },
    disarm() {
      disarm();
      return true;
    },
    dispose() {
      disarm();
    },
    // Where the learning stands in this document.
    state() {
      return { armed: !!config.armed, input: config.input || [], sendLearned: !!config.sendLearned };
    },
    // For tests and the log: the selectors this module would report for the element `selector` finds.
    selectorsFor(args) {
      const found = query(args && args.selector);
      return found && found.length ? uniqueSelectors(found[0]) : [];
    },
  };
}
