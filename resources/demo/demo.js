// A make-believe AI agent: it keeps proposing file edits and terminal commands (a few of them
// destructive) and waits for someone to press Accept / Run. Whoever presses them — a person or
// Multi Purpose Agent — sees the step resolve, as in a real IDE's agent panel.
(() => {
  'use strict';
  const messages = document.getElementById('messages');
  const statusBar = document.getElementById('status-bar');
  const generating = document.getElementById('generating');
  const stats = { steps: 0, accepted: 0, rejected: 0 };

  const edits = [
    { file: 'src/parser.ts', add: 'if (input.trim() === "") return emptyAst();', del: 'if (!input) return emptyAst();' },
    { file: 'src/lexer.ts', add: 'case "\\t": return this.skipWhitespace();', del: 'case "\\t": break;' },
    { file: 'test/parser.test.ts', add: 'it("parses an empty file", () => expect(parse("")).toEqual(emptyAst()));', del: '' },
    { file: 'README.md', add: '- Empty input now yields an empty AST.', del: '' },
  ];
  // Every other step is a command; the second and every few after are ones no one should run.
  const commands = [
    { cmd: 'npm test -- parser', out: 'Tests: 42 passed, 42 total' },
    { cmd: 'rm -rf / --no-preserve-root', out: '', banned: true },
    { cmd: 'git status --short', out: ' M src/parser.ts\n M src/lexer.ts' },
    { cmd: 'npx eslint src --fix', out: '✔ No problems found' },
    { cmd: 'sudo dd if=/dev/zero of=/dev/sda bs=1M', out: '', banned: true },
    { cmd: 'npm run build', out: 'Built in 1.8 s' },
    { cmd: 'ls -la dist', out: 'index.js  index.d.ts' },
  ];
  let editIndex = 0;
  let commandIndex = 0;
  let tick = 0;

  function updateStatus() {
    const waiting = messages.querySelectorAll('.step:not(.done):not(.rejected)').length;
    statusBar.textContent = `Agent steps: ${stats.steps} · accepted: ${stats.accepted} · ` +
      `rejected: ${stats.rejected} · waiting: ${waiting}`;
  }

  function element(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function button(label, primary, shortcut) {
    const b = element('button', primary ? 'btn primary' : 'btn', label);
    if (shortcut) b.appendChild(element('kbd', '', shortcut));
    return b;
  }

  function resolve(step, state, text) {
    step.classList.add(state);
    step.querySelector('.state').textContent = text;
    step.querySelector('.actions')?.remove();
    if (state === 'done') stats.accepted++; else stats.rejected++;
    updateStatus();
  }

  function say(text) {
    messages.appendChild(element('div', 'message', text));
  }

  function proposeEdit() {
    const e = edits[editIndex++ % edits.length];
    say(`I'll update ${e.file}.`);
    const step = element('div', 'step edit');
    const title = element('div', 'step-title');
    title.append(element('span', '', `✎ ${e.file}`), element('span', 'state', 'Waiting for review'));
    const diff = element('pre', 'diff');
    if (e.del) diff.appendChild(element('div', 'del', '- ' + e.del));
    diff.appendChild(element('div', 'add', '+ ' + e.add));
    const actions = element('div', 'actions');
    const accept = button('Accept', true, '⌘⏎');
    const reject = button('Reject', false);
    accept.addEventListener('click', () => resolve(step, 'done', 'Accepted'));
    reject.addEventListener('click', () => resolve(step, 'rejected', 'Rejected'));
    actions.append(accept, reject);
    step.append(title, diff, actions);
    messages.appendChild(step);
  }

  function proposeCommand() {
    const c = commands[commandIndex++ % commands.length];
    say(c.banned ? 'Let me clean up the workspace first.' : `Running \`${c.cmd.split(' ')[0]}\` to check.`);
    const step = element('div', 'step command');
    const title = element('div', 'step-title');
    title.append(element('span', '', '⌘ Run command?'), element('span', 'state', 'Waiting for approval'));
    const pre = element('pre', 'terminal');
    pre.appendChild(element('code', '', c.cmd));
    const actions = element('div', 'actions');
    const run = button('Run', true, 'Alt+⏎');
    run.setAttribute('title', 'Run command: ' + c.cmd);
    const skip = button('Skip', false);
    const dropdown = element('div', 'dropdown');
    const toggle = button('▾', false);
    toggle.setAttribute('aria-label', 'More run options');
    const menu = element('div', 'dropdown-menu');
    menu.append(element('button', '', 'Always run'), element('button', '', 'Ask every time'));
    toggle.addEventListener('click', () => dropdown.classList.toggle('open'));
    dropdown.append(toggle, menu);
    run.addEventListener('click', () => {
      pre.appendChild(element('div', 'output', c.out || '(no output)'));
      resolve(step, 'done', 'Ran');
    });
    skip.addEventListener('click', () => resolve(step, 'rejected', 'Skipped'));
    actions.append(run, skip, dropdown);
    step.append(title, pre, actions);
    messages.appendChild(step);
  }

  function trim() {
    // Keep the page bounded on long runs: drop the oldest resolved entries.
    while (messages.children.length > 60) {
      const oldest = messages.firstElementChild;
      if (oldest.matches('.step:not(.done):not(.rejected)')) break;
      oldest.remove();
    }
  }

  function step() {
    tick++;
    stats.steps++;
    generating.hidden = false;
    setTimeout(() => {
      generating.hidden = true;
      if (tick % 2 === 0) proposeCommand(); else proposeEdit();
      trim();
      messages.scrollTop = messages.scrollHeight;
      updateStatus();
    }, 300);
  }

  document.getElementById('composer').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = document.getElementById('prompt-input');
    const text = input.textContent.trim();
    if (!text) return;
    messages.appendChild(element('div', 'message user', text));
    input.textContent = '';
    step();
  });
  document.getElementById('prompt-input').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      document.getElementById('composer').requestSubmit();
    }
  });

  say('Hi! I am a demo agent. I will keep proposing edits and commands.');
  updateStatus();
  step();
  setInterval(step, 2500);
})();
