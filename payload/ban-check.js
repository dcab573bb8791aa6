// Module `banCheck`: the ban list's verdict on a command, the same one the app gives
// (core/safety/BanList.cpp implements the same steps; tests/fixtures/ban-corpus.json holds the
// cases both must agree on).
//
// A command is read as a shell reads it before it is matched: `\`-newlines joined, Unicode
// folded (NFKC, any space a space), quotes and backslash escapes removed inside words, split
// at ; && || | & and newlines, wrappers dropped (sudo, env and its VAR=value, command, nohup,
// exec, time, doas, nice), a path's directory dropped (/bin/rm is rm), short flag clusters
// split and sorted (-rf = -r -f = -fr), long flags mapped (--recursive --force = -r -f), and
// ~, $HOME and ${HOME} taken as one. Then:
//   banned        a built-in rule (recursive rm/rd/del/Remove-Item of /, a drive root, ~, *, or
//                 a top-level system folder; dd onto a device; mkfs/format; a redirect onto a
//                 block device; recursive chmod/chown of /; a fork bomb; find / -delete; a
//                 download piped into a shell) or one of the user's entries matches;
//   unverifiable  the text hides what runs: command substitution, backticks, eval, alias,
//                 source or `.` of a download, a pipe into a shell or interpreter;
//   allowed       otherwise.
// User entries: "/re/flags" is a JavaScript regex run on the trimmed original text; anything
// else is a substring, matched without case on the whitespace-collapsed text and on the
// normalised one.
(mpa) => {
  const SYSTEM_DIRS = new Set(['/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/opt',
    '/proc', '/root', '/sbin', '/srv', '/sys', '/usr', '/var', '/system', '/library', '/applications', '/users',
    '/private', '/system32', '/windows', '/program files']);
  const WRAPPERS = new Set(['sudo', 'doas', 'env', 'command', 'nohup', 'exec', 'time', 'nice', 'builtin']);
  const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh', 'python', 'python3',
    'python2', 'perl', 'ruby', 'node', 'php', 'iex', 'invoke-expression', 'pwsh', 'powershell', 'cmd']);
  const DOWNLOADERS = new Set(['curl', 'wget', 'iwr', 'irm', 'invoke-webrequest', 'invoke-restmethod', 'fetch']);
  const LONG_FLAGS = { recursive: 'r', force: 'f', 'no-preserve-root': 'P', delete: 'delete' };
  const BLOCK_DEVICE = /^\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|md\d|dm-\d|mapper\/|root|sr\d)/;

  // ---- reading the command as a shell would ----

  function fold(text) {
    let t = String(text == null ? '' : text);
    try {
      t = t.normalize('NFKC');
    } catch (e) {}
    t = t.replace(/\\\r?\n/g, '');
    return t.replace(/[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\t\f\v]/g, ' ').replace(/\r\n?/g, '\n');
  }

  // Words and operators; quotes and escapes are resolved inside words.
  function tokenize(text) {
    const tokens = [];
    let word = null;
    const push = () => {
      if (word !== null) tokens.push({ word });
      word = null;
    };
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === ' ') {
        push();
      } else if (c === '\n' || c === ';') {
        push();
        tokens.push({ op: ';' });
      } else if (c === '&' || c === '|') {
        push();
        if (text[i + 1] === c) {
          tokens.push({ op: c + c });
          i++;
        } else if (c === '&' && text[i + 1] === '>') {
          tokens.push({ op: '>' });
          i++;
        } else {
          tokens.push({ op: c });
        }
      } else if (c === '>' || c === '<') {
        // 2>, >>, >| … all write (or read) a file: one redirect token.
        if (word !== null && /^\d+$/.test(word)) word = null;
        push();
        while (text[i + 1] === '>' || text[i + 1] === '|' || text[i + 1] === '&') i++;
        tokens.push({ op: c });
      } else if (c === "'") {
        const end = text.indexOf("'", i + 1);
        word = (word || '') + text.slice(i + 1, end < 0 ? text.length : end);
        i = end < 0 ? text.length : end;
      } else if (c === '"') {
        let j = i + 1;
        let out = '';
        for (; j < text.length && text[j] !== '"'; j++) {
          if (text[j] === '\\' && j + 1 < text.length && '"\\$`'.includes(text[j + 1])) j++;
          out += text[j];
        }
        word = (word || '') + out;
        i = j;
      } else if (c === '\\') {
        // A Windows path (C:\Windows, D:\) keeps its separators; elsewhere a backslash escapes.
        if (word !== null && /^[A-Za-z]:/.test(word)) word += '/';
        else if (i + 1 < text.length) word = (word || '') + text[++i];
      } else {
        word = (word || '') + c;
      }
    }
    push();
    return tokens;
  }

  function normalPath(p) {
    let t = p.replace(/^\$\{HOME\}|^\$HOME\b|^\$\{HOME:-[^}]*\}/i, '~');
    t = t.replace(/^%userprofile%/i, '~').replace(/^\$env:userprofile/i, '~');
    t = t.replace(/\\/g, '/').replace(/\/+/g, '/');
    if (/^[a-z]:\/?\*?$/i.test(t)) return `${t[0].toLowerCase()}:/${t.endsWith('*') ? '*' : ''}`;
    if (t.length > 1) t = t.replace(/\/$/, '');
    return t.toLowerCase();
  }

  // Simple commands: {name, args: [normalised words], flags: Set, redirects: [targets], pipedFrom}.
  function commands(text) {
    const tokens = tokenize(text);
    const list = [];
    let current = null;
    let pending = null; // a redirect waiting for its target
    const start = (pipedFrom) => {
      current = { words: [], redirects: [], pipedFrom };
      list.push(current);
    };
    start(null);
    for (const t of tokens) {
      if (t.op) {
        if (t.op === '>' || t.op === '<') {
          pending = t.op;
        } else {
          const previous = current;
          start(t.op === '|' ? previous : null);
        }
        continue;
      }
      if (pending) {
        if (pending === '>') current.redirects.push(normalPath(t.word));
        pending = null;
        continue;
      }
      current.words.push(t.word);
    }
    return list.filter((c) => c.words.length || c.redirects.length).map(simple);
  }

  function simple(c) {
    const words = c.words.slice();
    // Wrappers and assignments in front of the command.
    for (;;) {
      if (!words.length) break;
      const w = words[0];
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
        words.shift();
        continue;
      }
      const base = basename(w);
      if (WRAPPERS.has(base)) {
        words.shift();
        while (words.length && /^-/.test(words[0])) {
          const flag = words.shift();
          // sudo -u USER, nice -n 10: the flag's value goes too.
          if (/^-[ugnCDhpr]$/.test(flag) && words.length) words.shift();
        }
        continue;
      }
      break;
    }
    const name = words.length ? basename(words[0]) : '';
    const flags = new Set();
    const args = [];
    let optionsDone = false;
    for (const raw of words.slice(1)) {
      if (!optionsDone && raw === '--') {
        optionsDone = true;
        continue;
      }
      if (!optionsDone && /^--[a-z]/i.test(raw)) {
        const long = raw.slice(2).toLowerCase().split('=')[0];
        flags.add(LONG_FLAGS[long] || `--${long}`);
        continue;
      }
      if (!optionsDone && /^-[a-z]+$/i.test(raw) && name !== 'find' && name !== 'dd') {
        for (const ch of raw.slice(1)) flags.add(/[rR]/.test(ch) ? 'r' : ch);
        continue;
      }
      if (!optionsDone && /^-[a-z-]+$/i.test(raw)) {
        // PowerShell (-Recurse, -Force) and find (-delete) spell words with one dash.
        const long = raw.slice(1).toLowerCase();
        flags.add(long === 'recurse' ? 'r' : long === 'force' ? 'f' : `-${long}`);
        continue;
      }
      if (/^\/[a-z?]$/i.test(raw) && WINDOWS_DELETERS.has(name)) {
        flags.add(`/${raw[1].toLowerCase()}`);
        continue;
      }
      args.push(raw);
    }
    return { name, args, paths: args.map(normalPath), flags, redirects: c.redirects, pipedFrom: c.pipedFrom };
  }

  const WINDOWS_DELETERS = new Set(['del', 'erase', 'rd', 'rmdir', 'format']);

  function basename(word) {
    let b = word.replace(/\\/g, '/');
    b = b.slice(b.lastIndexOf('/') + 1).toLowerCase();
    return b.replace(/\.exe$/, '');
  }

  // ---- the rules ----

  const dangerousTarget = (p) => SYSTEM_DIRS.has(p) || p === '~' || p === '~/*' || p === '*' || p === '/*'
    || /^[a-z]:\/\*?$/.test(p) || (/^\/[^/]+\/\*$/.test(p) && SYSTEM_DIRS.has(p.slice(0, -2)));

  const RULES = [
    { id: 'recursive-delete', what: 'deletes a root, home or system folder recursively', test: (c) => {
      const recursive = c.flags.has('r') || c.flags.has('/s');
      if (!recursive) return false;
      if (['rm', 'rmdir', 'rd', 'del', 'erase', 'remove-item', 'ri', 'rimraf', 'trash'].includes(c.name)) {
        return c.paths.some(dangerousTarget);
      }
      return false;
    } },
    { id: 'dd-device', what: 'writes a raw device with dd', test: (c) =>
      c.name === 'dd' && c.args.some((a) => /^of=\/dev\//i.test(a) && !/^of=\/dev\/(null|zero|stdout|stderr)$/i.test(a)) },
    { id: 'format-disk', what: 'formats a disk', test: (c) =>
      /^mkfs(\.|$)|^mke2fs$|^mkswap$|^wipefs$|^newfs/.test(c.name) || (c.name === 'format' && c.args.some((a) => /^[a-z]:\\?$/i.test(a)))
      || (c.name === 'diskpart') },
    { id: 'block-device-write', what: 'writes over a disk device', test: (c) =>
      c.redirects.some((r) => BLOCK_DEVICE.test(r)) || (c.name === 'shred' && c.paths.some((p) => BLOCK_DEVICE.test(p))) },
    { id: 'recursive-permissions', what: 'changes permissions or owners of / recursively', test: (c) =>
      ['chmod', 'chown', 'chgrp'].includes(c.name) && c.flags.has('r') && c.paths.some((p) => SYSTEM_DIRS.has(p) || p === '~') },
    { id: 'find-delete', what: 'deletes everything find reaches from / or ~', test: (c) =>
      c.name === 'find' && c.paths.some((p) => p === '/' || p === '~' || SYSTEM_DIRS.has(p))
      && (c.flags.has('-delete') || c.args.some((a) => /^(rm|shred)$/i.test(a))) },
    { id: 'download-to-shell', what: 'runs a downloaded script', test: (c) =>
      SHELLS.has(c.name) && !!c.pipedFrom && DOWNLOADERS.has(basename(c.pipedFrom.words[0] || '')) },
  ];

  const FORK_BOMB = /([a-z_:][a-z0-9_:]*)\(\)\{\1\|\1&\};?\1/i;

  function unverifiable(text, cmds) {
    if (/\$\(|`/.test(text)) return 'it runs the output of another command ($(…) or backticks)';
    if (/<\(/.test(text)) return 'it runs the output of another command (<(…))';
    for (const c of cmds) {
      if (c.name === 'eval' || c.name === 'alias') return `it uses ${c.name}, which hides what runs`;
      if ((c.name === 'source' || c.name === '.') && c.args.some((a) => /^(https?:|\/dev\/fd|\/proc\/)/i.test(a))) {
        return 'it sources a script it cannot read';
      }
      if (SHELLS.has(c.name) && c.pipedFrom) return `it pipes text into ${c.name}, which runs it`;
      if (SHELLS.has(c.name) && c.flags.has('c') && c.args.length) return `it hands a script to ${c.name} -c`;
      if (c.name === 'xargs' && c.args.some((a) => a === 'rm' || SHELLS.has(a))) return 'xargs builds the command from its input';
    }
    return '';
  }

  // ---- user entries ----

  const collapse = (s) => String(s).toLowerCase().replace(/\s+/g, ' ').trim();
  let compiledFor = null;
  let compiled = [];

  function compile(entries) {
    const key = JSON.stringify(entries || []);
    if (key === compiledFor) return compiled;
    compiledFor = key;
    compiled = [];
    for (const raw of entries || []) {
      const source = String(raw).trim();
      if (!source) continue;
      const m = /^\/(.+)\/([a-z]*)$/s.exec(source);
      if (m) {
        try {
          compiled.push({ source, re: new RegExp(m[1], m[2].replace(/[gy]/g, '')) });
        } catch (e) {
          compiled.push({ source, invalid: String(e.message || e) });
        }
      } else {
        compiled.push({ source, needle: collapse(source) });
      }
    }
    return compiled;
  }

  function normalisedText(cmds) {
    return cmds.map((c) => [c.name, ...[...c.flags].sort().map((f) => (f.length === 1 ? `-${f}` : f)), ...c.paths,
      ...c.redirects.map((r) => `> ${r}`)].join(' ')).join(' ; ');
  }

  function verdict(commandText, userEntries) {
    const original = String(commandText == null ? '' : commandText);
    const text = fold(original);
    const cmds = commands(text);
    const command = collapse(text);
    if (FORK_BOMB.test(text.replace(/\s+/g, ''))) {
      return { verdict: 'banned', rule: 'fork-bomb', reason: 'a fork bomb', command };
    }
    for (const c of cmds) {
      for (const rule of RULES) {
        if (rule.test(c)) return { verdict: 'banned', rule: rule.id, reason: `it ${rule.what}`, command };
      }
    }
    const normal = normalisedText(cmds);
    for (const entry of compile(userEntries)) {
      if (entry.invalid) continue;
      const hit = entry.re ? entry.re.test(original.trim()) || entry.re.test(text.trim())
        : collapse(text).includes(entry.needle) || normal.includes(entry.needle);
      if (hit) return { verdict: 'banned', rule: entry.source, reason: `it matches your entry ${entry.source}`, command };
    }
    const why = unverifiable(text, cmds);
    if (why) return { verdict: 'unverifiable', rule: 'unverifiable', reason: why, command };
    return { verdict: 'allowed', rule: '', reason: '', command };
  }

  return {
    verdict,
    // For the shared corpus test: the normalised form the rules see.
    normalise(commandText) {
      return normalisedText(commands(fold(commandText)));
    },
  };
}
