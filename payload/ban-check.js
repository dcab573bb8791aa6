// Module `banCheck`: the verdict on a command before auto-accept runs it, the same one the app
// gives (core/safety/BanList.cpp implements the same steps, step for step; the corpus
// tests/fixtures/ban-corpus.json holds both to the same answers).
//
// The command is parsed as bash parses it, not guessed at: words with their quotes, escapes and
// $'…'; pipelines (| and |&), lists (; && || & and newlines), ( … ), { …; }, if, while, until,
// for, case, !, [[ ]], (( )), function definitions, redirections and here-documents (the body is
// taken from the lines after), here-strings, $( ), backticks and <( ) >( ) — whose commands are
// checked as well. Variables assigned earlier in the same text are followed (x=/; rm -rf $x is
// rm -rf /), brace expansions are expanded, a glob stands for everything it can match, paths
// are normalised (., .., //, ~, $HOME, ${HOME:?}), and wrappers are taken off with their real
// options (sudo, doas, env incl. -S, command, builtin, exec, time, timeout, nice, ionice,
// nohup, setsid, stdbuf, chroot, xargs, busybox/toybox, watch, flock, su, pkexec …). Scripts
// handed to a shell (sh -c '…', eval '…', a here-document or echo piped into bash, watch,
// trap, git -c core.pager=…, GIT_PAGER=… …) are parsed and checked too. Then:
//   banned           a built-in rule (RULES below) or one of the user's entries matches;
//   unverifiable     something decides what runs that cannot be read here: an expansion it
//                    cannot resolve in a command's name or in a destructive command's operands
//                    or a redirection's target ($IFS, unknown variables, $(…)), alias, eval of
//                    unknown text, a script piped in from an unknown command, inline
//                    interpreter code (python -c, perl -e, node -e, a here-document to python …,
//                    unless the policy allows that interpreter), text that is not complete shell;
//   not-allowlisted  (policy mode 'allowlist') a simple command matches none of the allow
//                    entries;
//   allowed          otherwise.
// verdict(text, userEntries, policy) → {verdict, rule, reason, parsed}; policy is
// {mode: 'rules'|'allowlist', allowed: [entries like 'git status', 'npm run *'],
// interpreters: ['python', …]}. User entries: "/re/flags" is a JavaScript regex run on the
// trimmed original text; anything else a substring, matched without case on the
// whitespace-collapsed text and on the parsed one. An entry that is invalid is skipped.
(mpa) => {
  // ---- names ---------------------------------------------------------------------------

  const SYSTEM_DIRS = new Set(['/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/opt',
    '/proc', '/root', '/sbin', '/srv', '/sys', '/usr', '/var', '/system', '/library', '/applications', '/users',
    '/private', '/system32', '/windows', '/program files']);
  const DANGER_NAMES = [...SYSTEM_DIRS, '~'];
  const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'csh', 'tcsh', 'rbash',
    'cmd']);
  const INTERPRETERS = new Set(['python', 'perl', 'ruby', 'node', 'deno', 'bun', 'php', 'lua', 'rscript',
    'osascript', 'tclsh', 'powershell', 'groovy', 'jshell', 'awk', 'sed']);
  const FAMILY_ALIASES = { nodejs: 'node', pypy: 'python', pwsh: 'powershell', iex: 'powershell',
    'invoke-expression': 'powershell', luajit: 'lua', irb: 'ruby', wish: 'tclsh', gawk: 'awk', mawk: 'awk',
    nawk: 'awk', gsed: 'sed' };
  const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'iwr', 'irm', 'invoke-webrequest', 'invoke-restmethod',
    'http', 'https', 'xh', 'aria2c', 'nc', 'ncat', 'netcat', 'lynx', 'w3m']);
  const FILTERS = new Set(['head', 'tail', 'sed', 'tr', 'sort', 'uniq', 'cut', 'grep', 'gunzip', 'zcat', 'gzip',
    'bzip2', 'bunzip2', 'bzcat', 'xz', 'unxz', 'xzcat', 'zstd', 'unzstd', 'zstdcat', 'dos2unix', 'iconv', 'pv', 'rev',
    'tac']);
  const EXTRACTORS = new Set(['tar', 'unzip', '7z', '7za', 'bsdtar', 'cpio', 'unrar', 'gunzip', 'bunzip2', 'unxz']);
  const DELETERS = new Set(['rm', 'rmdir', 'rd', 'del', 'erase', 'remove-item', 'ri', 'rimraf', 'trash',
    'trash-put', 'srm']);
  const REMOVERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'srm', 'trash', 'trash-put', 'rimraf']);
  const PERMISSIONS = new Set(['chmod', 'chown', 'chgrp', 'setfacl', 'chattr']);
  // Commands whose operands decide what they destroy: an operand it cannot resolve makes the
  // command unverifiable.
  const DESTRUCTIVE = new Set(['rm', 'rmdir', 'unlink', 'del', 'erase', 'rd', 'remove-item', 'ri', 'rimraf', 'trash',
    'trash-put', 'srm', 'shred', 'dd', 'dcfldd', 'chmod', 'chown', 'chgrp', 'setfacl', 'chattr', 'rsync', 'mv', 'cp',
    'tee', 'wipefs', 'blkdiscard', 'sgdisk', 'sfdisk', 'parted', 'fdisk', 'format', 'mkswap', 'mke2fs', 'ddrescue',
    'diskutil', 'hdparm']);
  const PRIVILEGED = new Set(['sudo', 'doas', 'su', 'runuser', 'pkexec', 'chroot']);
  const WINDOWS_DELETERS = new Set(['del', 'erase', 'rd', 'rmdir', 'format']);
  const LONG_FLAGS = { recursive: 'r', force: 'f', 'no-preserve-root': 'P', delete: 'delete' };
  const BLOCK_DEVICE = /^\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|md\d|dm-\d|mapper\/|root|sr\d|loop\d|nbd\d|zd\d|disk\/|mem$|kmem$|port$)/;
  // Variables whose value is a command some program runs (git, less, man, the prompt …), and
  // variables that make every program load other code.
  const COMMAND_VARIABLES = /^(?:PAGER|GIT_PAGER|MANPAGER|SYSTEMD_PAGER|EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|FCEDIT|GIT_SSH_COMMAND|GIT_SSH|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|SUDO_ASKPASS|BROWSER|PROMPT_COMMAND|LESSOPEN|LESSCLOSE)$/;
  const LOADER_VARIABLES = /^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES)$/;
  const SOURCED_VARIABLES = /^(?:BASH_ENV|ENV|PYTHONSTARTUP)$/;
  const OPTION_VARIABLES = /^(?:NODE_OPTIONS|PERL5OPT|RUBYOPT)$/;
  const GIT_COMMAND_KEYS = /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|pager\..+|alias\..+|credential\.helper|gpg\.program|gpg\.[a-z0-9]+\.program|filter\..+\.(?:clean|smudge|process)|diff\..+\.(?:textconv|command)|merge\..+\.driver|remote\..+\.(?:uploadpack|receivepack)|uploadpack\.packobjectshook|sendemail\.[a-z]+cmd)$/;
  const MAX_NEST = 48; // nesting of compound commands and substitutions in one text
  const MAX_DEPTH = 6; // scripts inside scripts: sh -c '…', eval, a here-document fed to a shell
  const MAX_FIELDS = 256; // words one word may expand to (braces, loop values)
  const MAX_VALUES = 16; // values a variable may hold (loops, assignments on some paths)
  const MAX_STEPS = 4000; // commands and nodes looked at for one verdict
  const MAX_TEXT = 65536; // characters of one command: longer is too long to check

  // ---- 1. folding ------------------------------------------------------------------------

  function fold(text) {
    let t = String(text == null ? '' : text);
    try {
      t = t.normalize('NFKC');
    } catch (e) {}
    return t.replace(/[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\f\v]/g, ' ').replace(/\r\n?/g, '\n');
  }

  // ---- 2. the shell grammar: text → syntax tree ------------------------------------------
  // Nodes: list {items: [{node, async}]}, andor {first, rest: [{op, node}]}, pipe {cmds, bang},
  // simple {assigns: [{name, value, array}], words, redirs}, sub {body}, group {body},
  // if {clauses: [{cond, body}], els}, while {cond, body}, for {name, words, body, arith},
  // case {word, items: [{patterns, body}]}, func {name, body}, arith {hidden}; compound nodes
  // carry redirs. A word is {parts, raw}; a part is lit {s, q, br} (q: quoted, br: an unquoted
  // { , or }), tilde {s}, param {name, op, arg, q, raw, hidden}, cmd {node, q, raw},
  // arith {s, q, hidden}, proc {node, raw}.

  const OPERATORS = [';;&', '<<<', '<<-', '&>>', ';;', ';&', '&&', '||', '|&', '&>', '<<', '<>', '<&', '>>', '>|',
    '>&', ';', '&', '|', '(', ')', '<', '>'];
  const REDIRECTIONS = new Set(['<<<', '<<-', '&>>', '&>', '<<', '<>', '<&', '>>', '>|', '>&', '<', '>']);
  const COMPOUND_WORDS = new Set(['{', 'if', 'while', 'until', 'for', 'select', 'case', 'function', '[[', 'then',
    'elif', 'else', 'fi', 'do', 'done', 'esac', '}']);
  const TERMINATORS = new Set(['then', 'elif', 'else', 'fi', 'do', 'done', 'esac', '}']);

  const isSpace = (c) => c === ' ' || c === '\t';
  const isDigit = (c) => c >= '0' && c <= '9';
  const isNameStart = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
  const isNameChar = (c) => isNameStart(c) || isDigit(c);
  const emptyList = () => ({ t: 'list', items: [], redirs: [] });

  function addLit(w, s, q) {
    const last = w.parts[w.parts.length - 1];
    if (last && last.k === 'lit' && last.q === q && !last.br) last.s += s;
    else w.parts.push({ k: 'lit', s, q, br: false });
  }

  // The literal text of a word, or null when it holds an expansion.
  function literalOf(w) {
    let s = '';
    for (const p of w.parts) {
      if (p.k !== 'lit') return null;
      s += p.s;
    }
    return s;
  }

  function isLitWord(t, s) {
    return t.k === 'word' && t.word.parts.length === 1 && t.word.parts[0].k === 'lit' && !t.word.parts[0].q
      && t.word.parts[0].s === s;
  }

  // Where `$((` … `))` ends (the index of the first `)` of `))`), or -1.
  function arithEnd(s, i) {
    let depth = 0;
    for (; i < s.length; i++) {
      const c = s[i];
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) return s[i + 1] === ')' ? i : -1;
        depth--;
      }
    }
    return -1;
  }

  // Where the `}` of a `${` ends, skipping quotes and nested ${ } and $( ), or -1.
  function braceEnd(s, i) {
    let depth = 1;
    for (; i < s.length; i++) {
      const c = s[i];
      if (c === '\\') {
        i++;
      } else if (c === "'") {
        const end = s.indexOf("'", i + 1);
        if (end < 0) return -1;
        i = end;
      } else if (c === '"') {
        for (i++; i < s.length && s[i] !== '"'; i++) if (s[i] === '\\') i++;
      } else if (c === '$' && s[i + 1] === '{') {
        depth++;
        i++;
      } else if (c === '}') {
        depth--;
        if (depth === 0) return i;
      }
    }
    return -1;
  }

  // $'…' with its escapes resolved (bash: ANSI-C quoting). Returns {text, end} (end: the index
  // after the closing quote), end -1 when the quote is not closed.
  function ansiC(s, i) {
    let out = '';
    while (i < s.length) {
      const c = s[i];
      if (c === "'") return { text: out, end: i + 1 };
      if (c !== '\\' || i + 1 >= s.length) {
        out += c;
        i++;
        continue;
      }
      const e = s[i + 1];
      i += 2;
      const simple = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
        '\\': '\\', "'": "'", '"': '"', '?': '?' };
      if (e in simple) {
        out += simple[e];
      } else if (e === 'x' || e === 'u' || e === 'U') {
        const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        let j = i;
        while (j < s.length && j - i < max && /[0-9a-fA-F]/.test(s[j])) j++;
        if (j === i) {
          out += `\\${e}`;
        } else {
          const code = parseInt(s.slice(i, j), 16);
          out += code <= 0x10ffff ? String.fromCodePoint(code) : '';
          i = j;
        }
      } else if (e >= '0' && e <= '7') {
        let j = i - 1;
        while (j < s.length && j - (i - 1) < 3 && s[j] >= '0' && s[j] <= '7') j++;
        out += String.fromCharCode(parseInt(s.slice(i - 1, j), 8) & 0xff);
        i = j;
      } else if (e === 'c' && i < s.length) {
        out += String.fromCharCode(s.charCodeAt(i) & 0x1f);
        i++;
      } else {
        out += `\\${e}`;
      }
    }
    return { text: out, end: -1 };
  }

  class Parser {
    constructor(text, pos, nest) {
      this.text = text;
      this.pos = pos;
      this.nest = nest;
      this.tok = null; // the token looked at and not yet taken
      this.heredocs = []; // here-documents whose bodies start after the next newline
      this.error = '';
    }

    fail(message) {
      if (!this.error) this.error = message;
      this.pos = this.text.length;
      this.tok = { k: 'eof' };
    }

    // ---- tokens ----

    peek() {
      if (!this.tok) this.tok = this.lex();
      return this.tok;
    }

    take() {
      const t = this.peek();
      if (t.k !== 'eof') this.tok = null;
      return t;
    }

    lex() {
      const s = this.text;
      const n = s.length;
      for (;;) {
        while (this.pos < n && isSpace(s[this.pos])) this.pos++;
        if (s[this.pos] === '\\' && s[this.pos + 1] === '\n') {
          this.pos += 2;
          continue;
        }
        if (s[this.pos] === '#') while (this.pos < n && s[this.pos] !== '\n') this.pos++;
        break;
      }
      if (this.pos >= n) return { k: 'eof' };
      const c = s[this.pos];
      if (c === '\n') {
        this.pos++;
        this.readHeredocs();
        return { k: 'nl' };
      }
      if ((c === '<' || c === '>') && s[this.pos + 1] === '(') return this.readWord(false);
      let fd = -1;
      let j = this.pos;
      while (j < n && isDigit(s[j])) j++;
      if (j > this.pos && j < n && (s[j] === '<' || s[j] === '>') && s[j + 1] !== '(') {
        fd = j - this.pos > 4 ? 9999 : Number(s.slice(this.pos, j));
        this.pos = j;
      }
      for (const op of OPERATORS) {
        if (s.startsWith(op, this.pos)) {
          this.pos += op.length;
          return REDIRECTIONS.has(op) ? { k: 'redir', s: op, fd } : { k: 'op', s: op };
        }
      }
      return this.readWord(false);
    }

    // A word; in a ${…} argument (`inParam`) blanks and operators are part of it.
    readWord(inParam) {
      const s = this.text;
      const n = s.length;
      const w = { parts: [], raw: '', array: false };
      const start = this.pos;
      while (this.pos < n && !this.error) {
        const c = s[this.pos];
        if (!inParam && ' \t\n;&|()<>'.includes(c)) {
          if ((c === '<' || c === '>') && s[this.pos + 1] === '(') {
            this.readProcess(w);
            continue;
          }
          if (c === '(' && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(literalOf(w) || '')) {
            this.readArray(w);
            continue;
          }
          break;
        }
        if (c === '\\') {
          if (s[this.pos + 1] === '\n') {
            this.pos += 2;
          } else if (!inParam && /^[A-Za-z]:/.test(literalOf(w) || '')) {
            addLit(w, '/', false); // a Windows path (C:\Windows) keeps its separators
            this.pos++;
          } else {
            if (this.pos + 1 < n) addLit(w, s[this.pos + 1], true);
            this.pos += 2;
          }
        } else if (c === "'") {
          const end = s.indexOf("'", this.pos + 1);
          if (end < 0) {
            this.fail("a ' quote is not closed");
            break;
          }
          addLit(w, s.slice(this.pos + 1, end), true);
          this.pos = end + 1;
        } else if (c === '"') {
          this.pos++;
          addLit(w, '', true);
          this.readDouble(w, false);
        } else if (c === '`') {
          this.readBacktick(w, false);
        } else if (c === '$') {
          this.readDollar(w, false);
        } else if (c === '~' && !inParam
          && (w.parts.length === 0 || /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(literalOf(w) || ''))) {
          this.readTilde(w);
        } else if (!inParam && (c === '{' || c === '}' || c === ',')) {
          w.parts.push({ k: 'lit', s: c, q: false, br: true });
          this.pos++;
        } else {
          addLit(w, c, false);
          this.pos++;
        }
      }
      w.raw = s.slice(start, this.pos);
      return { k: 'word', word: w };
    }

    // The inside of "…" (or of an unquoted here-document, `heredoc`, which ends at the end).
    readDouble(w, heredoc) {
      const s = this.text;
      const n = s.length;
      for (;;) {
        if (this.pos >= n) {
          if (!heredoc) this.fail('a " quote is not closed');
          return;
        }
        const c = s[this.pos];
        if (c === '"' && !heredoc) {
          this.pos++;
          return;
        }
        if (c === '\\' && this.pos + 1 < n && (heredoc ? '$`\\\n' : '$`"\\\n').includes(s[this.pos + 1])) {
          if (s[this.pos + 1] !== '\n') addLit(w, s[this.pos + 1], true);
          this.pos += 2;
        } else if (c === '$') {
          this.readDollar(w, true);
        } else if (c === '`') {
          this.readBacktick(w, true);
        } else {
          addLit(w, c, true);
          this.pos++;
        }
        if (this.error) return;
      }
    }

    readDollar(w, quoted) {
      const s = this.text;
      const p = this.pos;
      const next = s[p + 1];
      if (next === "'" && !quoted) {
        const r = ansiC(s, p + 2);
        if (r.end < 0) {
          this.fail("a $' quote is not closed");
          return;
        }
        addLit(w, r.text, true);
        this.pos = r.end;
        return;
      }
      if (next === '"' && !quoted) {
        this.pos += 2;
        addLit(w, '', true);
        this.readDouble(w, false);
        return;
      }
      if (next === '(' && s[p + 2] === '(') {
        const end = arithEnd(s, p + 3);
        if (end >= 0) {
          const inner = s.slice(p + 3, end);
          w.parts.push({ k: 'arith', s: inner, q: quoted, hidden: /\$\(|`/.test(inner) });
          this.pos = end + 2;
          return;
        }
      }
      if (next === '(') {
        this.pos = p + 2;
        const node = this.subParse();
        w.parts.push({ k: 'cmd', node, q: quoted, raw: s.slice(p, this.pos) });
        return;
      }
      if (next === '{') {
        const end = braceEnd(s, p + 2);
        if (end < 0) {
          this.fail('a ${ is not closed');
          return;
        }
        w.parts.push(this.param(s.slice(p + 2, end), quoted, s.slice(p, end + 1)));
        this.pos = end + 1;
        return;
      }
      let j = p + 1;
      if (isNameStart(next)) {
        while (j < s.length && isNameChar(s[j])) j++;
      } else if (next !== undefined && (isDigit(next) || '@*#?$!-'.includes(next))) {
        j++;
      }
      if (j === p + 1) {
        addLit(w, '$', quoted);
        this.pos++;
        return;
      }
      let name = s.slice(p + 1, j);
      // PowerShell's $env:NAME
      if (name.toLowerCase() === 'env' && s[j] === ':' && isNameStart(s[j + 1] || '')) {
        let k = j + 1;
        while (k < s.length && isNameChar(s[k])) k++;
        name = `env:${s.slice(j + 1, k).toLowerCase()}`;
        j = k;
      }
      w.parts.push({ k: 'param', name, op: '', arg: null, q: quoted, raw: s.slice(p, j), hidden: false });
      this.pos = j;
    }

    // ${…}: the name, then an operator this checker resolves (:- - := = :? ? :+ +) with its word,
    // or another one it does not ('other', 'len', 'indirect').
    param(inner, quoted, raw) {
      const part = { k: 'param', name: '', op: '', arg: null, q: quoted, raw, hidden: false };
      let i = 0;
      if ((inner[0] === '#' || inner[0] === '!') && inner.length > 1) {
        part.op = inner[0] === '#' ? 'len' : 'indirect';
        i = 1;
      }
      let j = i;
      if (isNameStart(inner[j] || '')) while (j < inner.length && isNameChar(inner[j])) j++;
      else if (isDigit(inner[j] || '')) while (j < inner.length && isDigit(inner[j])) j++;
      else if (j < inner.length && '@*#?$!-'.includes(inner[j])) j++;
      part.name = inner.slice(i, j);
      const rest = inner.slice(j);
      if (part.op || !part.name) {
        part.op = part.op || 'other';
        part.hidden = /\$\(|`|[<>]\(/.test(inner);
        return part;
      }
      if (rest === '') return part;
      const m = /^:?[-=?+]/.exec(rest);
      if (m) {
        part.op = m[0];
        part.arg = this.wordOf(rest.slice(m[0].length));
        return part;
      }
      part.op = 'other';
      part.hidden = /\$\(|`|[<>]\(/.test(rest);
      return part;
    }

    wordOf(text) {
      if (this.nest + 1 > MAX_NEST) {
        this.fail('it is nested too deeply');
        return { parts: [], raw: '', array: false };
      }
      const sub = new Parser(text, 0, this.nest + 1);
      const t = sub.readWord(true);
      if (sub.error) this.fail(sub.error);
      return t.word;
    }

    readBacktick(w, quoted) {
      const s = this.text;
      let i = this.pos + 1;
      let body = '';
      for (;;) {
        if (i >= s.length) {
          this.fail('a ` quote is not closed');
          return;
        }
        const c = s[i];
        if (c === '`') break;
        if (c === '\\' && i + 1 < s.length && '$`\\'.includes(s[i + 1])) {
          body += s[i + 1];
          i += 2;
          continue;
        }
        body += c;
        i++;
      }
      const raw = s.slice(this.pos, i + 1);
      this.pos = i + 1;
      w.parts.push({ k: 'cmd', node: this.scriptOf(body), q: quoted, raw });
    }

    readProcess(w) {
      const p = this.pos;
      this.pos += 2;
      const node = this.subParse();
      w.parts.push({ k: 'proc', node, raw: this.text.slice(p, this.pos), out: this.text[p] === '>' });
    }

    readArray(w) {
      const s = this.text;
      let depth = 0;
      let i = this.pos;
      for (; i < s.length; i++) {
        const c = s[i];
        if (c === '\\') i++;
        else if (c === "'") i = s.indexOf("'", i + 1) < 0 ? s.length : s.indexOf("'", i + 1);
        else if (c === '(') depth++;
        else if (c === ')' && --depth === 0) break;
      }
      if (i >= s.length) {
        this.fail('an array ( is not closed');
        return;
      }
      addLit(w, s.slice(this.pos, i + 1), true);
      w.array = true;
      this.pos = i + 1;
    }

    readTilde(w) {
      const s = this.text;
      let j = this.pos + 1;
      while (j < s.length && /[A-Za-z0-9_.+-]/.test(s[j])) j++;
      w.parts.push({ k: 'tilde', s: s.slice(this.pos + 1, j) });
      this.pos = j;
    }

    // $( … ): parsed in place, up to its `)`.
    subParse() {
      if (this.nest + 1 > MAX_NEST) {
        this.fail('it is nested too deeply');
        return emptyList();
      }
      const sub = new Parser(this.text, this.pos, this.nest + 1);
      const node = sub.parseList();
      const t = sub.take();
      if (!(t.k === 'op' && t.s === ')')) sub.fail('a $( or <( is not closed');
      if (sub.error) this.fail(sub.error);
      else this.pos = sub.pos;
      return node;
    }

    // The text of backticks, a -c string …: a script of its own.
    scriptOf(text) {
      if (this.nest + 1 > MAX_NEST) {
        this.fail('it is nested too deeply');
        return emptyList();
      }
      const sub = new Parser(text, 0, this.nest + 1);
      const node = sub.parseScript();
      if (sub.error) this.fail(sub.error);
      return node;
    }

    // The bodies of the here-documents of the line just ended.
    readHeredocs() {
      const s = this.text;
      const n = s.length;
      for (const h of this.heredocs) {
        const lines = [];
        let closed = false;
        while (this.pos < n) {
          let eol = s.indexOf('\n', this.pos);
          if (eol < 0) eol = n;
          let line = s.slice(this.pos, eol);
          this.pos = Math.min(eol + 1, n);
          if (h.strip) line = line.replace(/^\t+/, '');
          if (line === h.delim) {
            closed = true;
            break;
          }
          lines.push(line);
        }
        if (!closed) this.fail(`a here-document is not closed by ${h.delim}`);
        h.redir.body = lines.length ? `${lines.join('\n')}\n` : '';
        if (!h.quoted) {
          const sub = new Parser(h.redir.body, 0, this.nest + 1);
          const w = { parts: [], raw: h.redir.body, array: false };
          sub.readDouble(w, true);
          if (sub.error) this.fail(sub.error);
          h.redir.bodyWord = w;
        }
      }
      this.heredocs = [];
    }

    // ---- grammar ----

    skipNewlines() {
      while (this.peek().k === 'nl') this.take();
    }

    expectWord(word) {
      if (isLitWord(this.peek(), word)) this.take();
      else this.fail(`"${word}" is missing`);
    }

    expectOp(op) {
      const t = this.peek();
      if (t.k === 'op' && t.s === op) this.take();
      else this.fail(`"${op}" is missing`);
    }

    atListEnd(t) {
      if (t.k === 'eof') return true;
      if (t.k === 'op') return t.s === ')' || t.s === ';;' || t.s === ';&' || t.s === ';;&';
      return t.k === 'word' && t.word.parts.length === 1 && t.word.parts[0].k === 'lit' && !t.word.parts[0].q
        && TERMINATORS.has(t.word.parts[0].s);
    }

    parseScript() {
      const list = this.parseList();
      const t = this.peek();
      if (t.k !== 'eof') this.fail(`"${t.k === 'word' ? t.word.raw : t.s}" is unexpected`);
      return list;
    }

    parseList() {
      const node = emptyList();
      for (;;) {
        this.skipNewlines();
        if (this.atListEnd(this.peek())) break;
        const cmd = this.parseAndOr();
        const t = this.peek();
        if (t.k === 'op' && (t.s === ';' || t.s === '&')) {
          this.take();
          node.items.push({ node: cmd, async: t.s === '&' });
          continue;
        }
        node.items.push({ node: cmd, async: false });
        if (t.k !== 'nl') break;
      }
      return node;
    }

    parseAndOr() {
      const first = this.parsePipeline();
      const rest = [];
      for (;;) {
        const t = this.peek();
        if (t.k !== 'op' || (t.s !== '&&' && t.s !== '||')) break;
        this.take();
        this.skipNewlines();
        rest.push({ op: t.s, node: this.parsePipeline() });
      }
      return rest.length ? { t: 'andor', first, rest } : first;
    }

    parsePipeline() {
      let bang = false;
      while (isLitWord(this.peek(), '!')) {
        this.take();
        bang = true;
      }
      const cmds = [this.parseCommand()];
      for (;;) {
        const t = this.peek();
        if (t.k !== 'op' || (t.s !== '|' && t.s !== '|&')) break;
        this.take();
        this.skipNewlines();
        cmds.push(this.parseCommand());
      }
      return cmds.length === 1 && !bang ? cmds[0] : { t: 'pipe', cmds, bang };
    }

    parseCommand() {
      if (this.nest + 1 > MAX_NEST) {
        this.fail('it is nested too deeply');
        return emptyList();
      }
      this.nest++;
      const node = this.parseCommandHere();
      this.nest--;
      return node;
    }

    parseCommandHere() {
      const t = this.peek();
      let node;
      if (t.k === 'op' && t.s === '(') {
        const end = this.text[this.pos] === '(' ? arithEnd(this.text, this.pos + 1) : -1;
        if (end >= 0) {
          node = { t: 'arith', hidden: /\$\(|`/.test(this.text.slice(this.pos + 1, end)) };
          this.tok = null;
          this.pos = end + 2;
        } else {
          this.take();
          node = { t: 'sub', body: this.parseList() };
          this.expectOp(')');
        }
      } else if (t.k === 'word' && t.word.parts.length === 1 && t.word.parts[0].k === 'lit' && !t.word.parts[0].q
        && COMPOUND_WORDS.has(t.word.parts[0].s)) {
        const w = t.word.parts[0].s;
        if (w === '{') {
          this.take();
          node = { t: 'group', body: this.parseList() };
          this.expectWord('}');
        } else if (w === 'if') {
          node = this.parseIf();
        } else if (w === 'while' || w === 'until') {
          node = this.parseWhile();
        } else if (w === 'for' || w === 'select') {
          node = this.parseFor();
        } else if (w === 'case') {
          node = this.parseCase();
        } else if (w === 'function') {
          return this.parseFunction();
        } else if (w === '[[') {
          node = this.parseCond();
        } else {
          this.fail(`"${w}" is unexpected`);
          return emptyList();
        }
      } else if (t.k === 'word' || t.k === 'redir') {
        return this.parseSimple();
      } else {
        this.fail(`"${t.k === 'eof' ? 'the end' : t.k === 'nl' ? 'a new line' : t.s}" is unexpected`);
        return emptyList();
      }
      node.redirs = this.parseRedirs();
      return node;
    }

    parseRedirs() {
      const list = [];
      while (this.peek().k === 'redir') list.push(this.parseRedir());
      return list;
    }

    parseRedir() {
      const t = this.take();
      const target = this.peek();
      if (target.k !== 'word') {
        this.fail(`${t.s} has no target`);
        return { op: t.s, fd: t.fd, target: null, body: null, bodyWord: null, quoted: false };
      }
      this.take();
      const r = { op: t.s, fd: t.fd, target: target.word, body: null, bodyWord: null, quoted: false };
      if (t.s === '<<' || t.s === '<<-') {
        let delim = '';
        for (const p of target.word.parts) {
          if (p.k === 'lit') {
            delim += p.s;
            if (p.q) r.quoted = true;
          } else {
            delim += p.raw || '';
          }
        }
        this.heredocs.push({ redir: r, delim, strip: t.s === '<<-', quoted: r.quoted });
      }
      return r;
    }

    parseSimple() {
      const node = { t: 'simple', assigns: [], words: [], redirs: [] };
      for (;;) {
        const t = this.peek();
        if (t.k === 'redir') {
          node.redirs.push(this.parseRedir());
          continue;
        }
        if (t.k !== 'word') break;
        this.take();
        if (node.words.length === 0) {
          const a = assignmentOf(t.word);
          if (a) {
            node.assigns.push(a);
            continue;
          }
        }
        node.words.push(t.word);
        if (node.words.length === 1 && node.assigns.length === 0 && node.redirs.length === 0) {
          const next = this.peek();
          const keywordTime = (literalOf(t.word) === 'time' || literalOf(t.word) === 'coproc')
            && t.word.parts.length === 1 && !t.word.parts[0].q;
          if (keywordTime && ((next.k === 'op' && next.s === '(') || (next.k === 'word'
            && next.word.parts.length === 1 && next.word.parts[0].k === 'lit' && !next.word.parts[0].q
            && (COMPOUND_WORDS.has(next.word.parts[0].s) || next.word.parts[0].s === '!')))) {
            return this.parsePipeline(); // the time keyword before a compound command
          }
          if (next.k === 'op' && next.s === '(') {
            this.take();
            this.expectOp(')');
            return this.functionBody(literalOf(t.word) === null ? t.word.raw : literalOf(t.word));
          }
        }
      }
      return node;
    }

    functionBody(name) {
      this.skipNewlines();
      const body = this.parseCommand();
      if (body.t === 'simple' || (body.t === 'list' && !this.error)) this.fail('a function body must be { … } or ( … )');
      return { t: 'func', name, body, redirs: [] };
    }

    parseFunction() {
      this.take();
      const t = this.peek();
      if (t.k !== 'word') {
        this.fail('a function has no name');
        return emptyList();
      }
      this.take();
      const next = this.peek();
      if (next.k === 'op' && next.s === '(') {
        this.take();
        this.expectOp(')');
      }
      return this.functionBody(literalOf(t.word) === null ? t.word.raw : literalOf(t.word));
    }

    parseIf() {
      this.take();
      const node = { t: 'if', clauses: [], els: null };
      const cond = this.parseList();
      this.expectWord('then');
      node.clauses.push({ cond, body: this.parseList() });
      while (isLitWord(this.peek(), 'elif')) {
        this.take();
        const c = this.parseList();
        this.expectWord('then');
        node.clauses.push({ cond: c, body: this.parseList() });
      }
      if (isLitWord(this.peek(), 'else')) {
        this.take();
        node.els = this.parseList();
      }
      this.expectWord('fi');
      return node;
    }

    parseWhile() {
      this.take();
      const cond = this.parseList();
      const body = this.parseDoGroup();
      return { t: 'while', cond, body };
    }

    // POSIX's do_group: `do` list `done`, the body of while, until and for.
    parseDoGroup() {
      this.expectWord('do');
      const body = this.parseList();
      this.expectWord('done');
      return body;
    }

    parseFor() {
      this.take();
      const node = { t: 'for', name: '', words: null, body: null, arith: false, hidden: false };
      const t = this.peek();
      if (t.k === 'op' && t.s === '(' && this.text[this.pos] === '(') {
        const end = arithEnd(this.text, this.pos + 1);
        if (end < 0) {
          this.fail('a for (( is not closed');
          return node;
        }
        node.arith = true;
        node.hidden = /\$\(|`/.test(this.text.slice(this.pos + 1, end));
        this.tok = null;
        this.pos = end + 2;
      } else {
        if (t.k !== 'word') {
          this.fail('a for loop has no name');
          return node;
        }
        this.take();
        node.name = literalOf(t.word) || '';
        this.skipNewlines();
        if (isLitWord(this.peek(), 'in')) {
          this.take();
          node.words = [];
          while (this.peek().k === 'word') node.words.push(this.take().word);
        }
      }
      const sep = this.peek();
      if (sep.k === 'op' && sep.s === ';') this.take();
      this.skipNewlines();
      if (isLitWord(this.peek(), '{')) {
        this.take();
        node.body = this.parseList();
        this.expectWord('}');
      } else {
        node.body = this.parseDoGroup();
      }
      return node;
    }

    parseCase() {
      this.take();
      const w = this.peek();
      const node = { t: 'case', word: null, items: [] };
      if (w.k !== 'word') {
        this.fail('case has no word');
        return node;
      }
      node.word = this.take().word;
      this.skipNewlines();
      this.expectWord('in');
      for (;;) {
        this.skipNewlines();
        const t = this.peek();
        if (isLitWord(t, 'esac')) {
          this.take();
          break;
        }
        if (t.k === 'eof') {
          this.fail('"esac" is missing');
          break;
        }
        if (t.k === 'op' && t.s === '(') this.take();
        const patterns = [];
        for (;;) {
          const p = this.peek();
          if (p.k !== 'word') {
            this.fail('a case pattern is missing');
            return node;
          }
          patterns.push(this.take().word);
          const sep = this.peek();
          if (sep.k !== 'op' || sep.s !== '|') break;
          this.take();
        }
        this.expectOp(')');
        node.items.push({ patterns, body: this.parseList() });
        const end = this.peek();
        if (end.k === 'op' && (end.s === ';;' || end.s === ';&' || end.s === ';;&')) this.take();
        else if (!isLitWord(end, 'esac')) this.fail('a case item does not end with ;;');
      }
      return node;
    }

    // [[ … ]]: its words (with their substitutions); its operators are not commands.
    parseCond() {
      const node = { t: 'simple', assigns: [], words: [this.take().word], redirs: [], cond: true };
      for (;;) {
        const t = this.take();
        if (t.k === 'eof') {
          this.fail('"]]" is missing');
          break;
        }
        if (isLitWord(t, ']]')) break;
        if (t.k === 'word') node.words.push(t.word);
      }
      return node;
    }
  }

  // NAME=value, NAME+=value, NAME[i]=value at the start of a simple command.
  function assignmentOf(word) {
    const first = word.parts[0];
    if (!first || first.k !== 'lit' || first.q || first.br) return null;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=/.exec(first.s);
    if (!m) return null;
    const rest = first.s.slice(m[0].length);
    const parts = (rest ? [{ k: 'lit', s: rest, q: false, br: false }] : []).concat(word.parts.slice(1));
    return { name: m[1], value: { parts, raw: word.raw.slice(word.raw.indexOf('=') + 1), array: false },
      array: word.array || !!m[2] || !!m[3] };
  }

  // ---- 3. expansion: a word → the fields a command gets ----------------------------------
  // A field is {s: its text, pat: the glob it is (inactive characters escaped) or null,
  // unres: why it cannot be known ('' when it can), proc: a <( ) file, raw: the word as written}.
  // A variable's value is {known, why, vals: [{s, pat}]}.

  const unknownValue = (why) => ({ known: false, why, vals: [] });
  const knownValue = (s) => ({ known: true, why: '', vals: [{ s, pat: null }] });
  const escapeGlob = (t) => t.replace(/[\\*?[\]]/g, '\\$&');

  function varValue(name, ctx) {
    const v = ctx.env.vars.get(name);
    if (v) return v;
    if (name === 'HOME' || name === 'env:home' || name === 'env:userprofile') return knownValue('~');
    return unknownValue(`$${name.startsWith('env:') ? name : name} is not set by the command itself`);
  }

  function lookup(part, ctx, an) {
    if (part.op === 'len' || part.op === 'indirect' || part.op === 'other') {
      return unknownValue(`${part.raw} is not worked out here`);
    }
    const base = varValue(part.name, ctx);
    if (part.op === '' || part.op === ':?' || part.op === '?' || !base.known) return base;
    const empty = base.vals.every((v) => v.s === '');
    const someEmpty = base.vals.some((v) => v.s === '');
    const colon = part.op[0] === ':';
    const useArg = part.op.endsWith('+') ? !colon || !someEmpty : colon && empty;
    const mixed = colon && someEmpty && !empty;
    if (mixed) return unknownValue(`${part.raw} is empty on some paths`);
    if (part.op.endsWith('+') && colon && empty) return knownValue('');
    if (!useArg) return base;
    const fields = expandWord(part.arg, ctx, 'one', an);
    if (fields.length === 0) return knownValue('');
    if (fields.length === 1 && !fields[0].unres) return { known: true, why: '', vals: [{ s: fields[0].s, pat: null }] };
    return unknownValue(fields.length === 1 ? fields[0].unres : `${part.raw} is several words`);
  }

  function tildeValue(user, ctx) {
    if (user === '') {
      const home = varValue('HOME', ctx);
      return home.known && home.vals.length === 1 ? home.vals[0].s : null;
    }
    if (user === 'root') return '/root';
    if (user === '+' || user === '-') return null;
    return '~'; // another user's home folder
  }

  function isBrace(p, c) {
    return p.k === 'lit' && p.br && p.s === c;
  }

  // {1..5}, {a..e}, {01..10..2}: the values, or null when the text is no sequence.
  function sequence(parts) {
    if (parts.length !== 1 || parts[0].k !== 'lit' || parts[0].q || parts[0].br) return null;
    const m = /^(?:(-?\d+)\.\.(-?\d+)|([A-Za-z])\.\.([A-Za-z]))(?:\.\.(-?\d+))?$/.exec(parts[0].s);
    if (!m) return null;
    const step = Math.abs(Number(m[5] || 1)) || 1;
    const out = [];
    if (m[1] !== undefined) {
      const a = Number(m[1]);
      const b = Number(m[2]);
      const width = /^-?0\d/.test(m[1]) || /^-?0\d/.test(m[2]) ? Math.max(m[1].length, m[2].length) : 0;
      for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
        out.push(String(v).padStart(width, '0'));
        if (out.length > MAX_FIELDS) break;
      }
    } else {
      const a = m[3].charCodeAt(0);
      const b = m[4].charCodeAt(0);
      for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) out.push(String.fromCharCode(v));
    }
    return out;
  }

  // Brace expansion (bash does it first, on the word as written): false when it gives more
  // than MAX_FIELDS words or nests deeper than MAX_NEST.
  function braceInto(parts, out, depth) {
    if (depth > MAX_NEST) return false;
    // Each { with its matching } and the commas directly inside it, in one pass.
    const match = [];
    const commas = [];
    const open = [];
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k];
      if (p.k !== 'lit' || !p.br) continue;
      if (p.s === '{') {
        open.push(k);
      } else if (p.s === '}' && open.length) {
        match[open.pop()] = k;
      } else if (p.s === ',' && open.length) {
        const at = open[open.length - 1];
        (commas[at] || (commas[at] = [])).push(k);
      }
    }
    for (let i = 0; i < parts.length; i++) {
      const j = match[i];
      if (j === undefined) continue;
      const options = [];
      if (commas[i]) {
        let from = i + 1;
        for (const k of commas[i].concat([j])) {
          options.push(parts.slice(from, k));
          from = k + 1;
        }
      } else {
        const seq = sequence(parts.slice(i + 1, j));
        if (!seq) continue;
        for (const s of seq) options.push([{ k: 'lit', s, q: true, br: false }]);
      }
      const prefix = parts.slice(0, i);
      const suffix = parts.slice(j + 1);
      for (const o of options) {
        if (!braceInto(prefix.concat(o, suffix), out, depth + 1) || out.length > MAX_FIELDS) return false;
      }
      return true;
    }
    out.push(parts);
    return out.length <= MAX_FIELDS;
  }

  // A variable that holds several values (a loop's, one assigned on some paths) gives a word
  // per value.
  function valuesInto(parts, ctx, an, out, depth) {
    if (depth > MAX_NEST) return false;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (p.k !== 'param') continue;
      const v = lookup(p, ctx, an);
      if (!v.known || v.vals.length < 2) continue;
      for (const value of v.vals) {
        const alt = parts.slice(0, i).concat([{ k: 'val', v: value, q: p.q }], parts.slice(i + 1));
        if (!valuesInto(alt, ctx, an, out, depth + 1) || out.length > MAX_FIELDS) return false;
      }
      return true;
    }
    out.push(parts);
    return out.length <= MAX_FIELDS;
  }

  // mode 'args': brace expansion, field splitting and globs as for a command's words; 'one':
  // one field, as for an assignment's value, a redirection's target or a case word.
  function expandWord(word, ctx, mode, an) {
    let braced = [];
    if (mode !== 'args') braced = [word.parts];
    else if (word.parts.filter((p) => isBrace(p, '{')).length > MAX_FIELDS || !braceInto(word.parts, braced, 0)) {
      return [{ s: word.raw, pat: null, unres: 'a brace expansion too large to check', proc: false, raw: word.raw }];
    }
    const alts = [];
    for (const parts of braced) {
      if (!valuesInto(parts, ctx, an, alts, 0)) {
        return [{ s: word.raw, pat: null, unres: 'a variable with too many values', proc: false, raw: word.raw }];
      }
    }
    const out = [];
    for (const parts of alts) fieldsOf(parts, ctx, mode, word.raw, an, out);
    return out;
  }

  function fieldsOf(parts, ctx, mode, raw, an, out) {
    let cur = null;
    const split = mode === 'args';
    const start = () => {
      if (!cur) cur = { s: '', p: '', glob: false, unres: '', proc: false, split: false };
    };
    const finish = () => {
      if (cur) out.push({ s: cur.s, pat: cur.glob ? cur.p : null, unres: cur.unres, proc: cur.proc, raw, split: cur.split });
      cur = null;
    };
    const quoted = (t) => {
      start();
      cur.s += t;
      cur.p += escapeGlob(t);
    };
    const bare = (t) => {
      start();
      cur.s += t;
      cur.p += t;
      if (/[*?[]/.test(t)) cur.glob = true;
    };
    // An expansion it cannot know; unquoted, it may also split into several words.
    const unknown = (shown, why, q) => {
      start();
      cur.s += shown;
      cur.p += escapeGlob(shown);
      if (!cur.unres) cur.unres = why;
      if (!q && split) cur.split = true;
    };
    const value = (v, q) => {
      if (q || !split) {
        if (v.pat !== null) {
          start();
          cur.s += v.s;
          cur.p += v.pat;
          cur.glob = true;
        } else {
          quoted(v.s);
        }
        return;
      }
      if (ctx.env.ifs) {
        unknown(v.s, 'IFS is changed, so how the value splits is not known', false);
        return;
      }
      const pieces = v.s.split(/[ \t\n]+/);
      for (let k = 0; k < pieces.length; k++) {
        if (k > 0) finish();
        if (pieces[k]) bare(pieces[k]);
      }
    };
    for (const part of parts) {
      if (part.k === 'lit') {
        if (part.q || !split) quoted(part.s);
        else bare(part.s);
      } else if (part.k === 'tilde') {
        const home = tildeValue(part.s, ctx);
        if (home === null) unknown(`~${part.s}`, `~${part.s} is not known here`, true);
        else quoted(home);
      } else if (part.k === 'val') {
        value(part.v, part.q);
      } else if (part.k === 'param') {
        const v = lookup(part, ctx, an);
        if (!v.known) unknown(part.raw, v.why, part.q);
        else if (v.vals.length === 1) value(v.vals[0], part.q);
        else if (v.vals.length > 1) unknown(part.raw, `${part.raw} has several values`, part.q);
      } else if (part.k === 'cmd') {
        unknown(part.raw, `the output of ${part.raw}`, part.q);
      } else if (part.k === 'arith') {
        unknown(`$((${part.s}))`, 'an arithmetic expansion', part.q);
      } else if (part.k === 'proc') {
        quoted('/dev/fd/63');
        cur.proc = true;
      }
    }
    finish();
  }

  // ---- 4. paths --------------------------------------------------------------------------

  // `.` and `..` resolved, `/` repeated or trailing dropped, lower case; `pattern` keeps a
  // glob's backslash escapes.
  function normalise(p, pattern) {
    if (!/[/\\.~:%$]/.test(p)) return p ? p.toLowerCase() : '.';
    let t = p.replace(/^%userprofile%/i, '~').replace(/^\$env:userprofile/i, '~');
    if (!pattern) t = t.replace(/\\/g, '/');
    let drive = '';
    const m = /^([A-Za-z]):(?:\/|$)/.exec(t);
    if (m) {
      drive = `${m[1].toLowerCase()}:`;
      t = t.slice(2) || '/';
    }
    let root = t.startsWith('/') ? '/' : t === '~' || t.startsWith('~/') ? '~' : '';
    const parts = t.split('/');
    const stack = [];
    for (let k = root ? 1 : 0; k < parts.length; k++) {
      const x = parts[k];
      if (x === '' || x === '.') continue;
      if (x !== '..') {
        stack.push(x);
      } else if (stack.length && stack[stack.length - 1] !== '..') {
        stack.pop();
      } else if (root === '~') {
        root = '/'; // ~/.. is the folder that holds the homes
        stack.push('home');
      } else if (root !== '/') {
        stack.push('..');
      }
    }
    let out;
    if (root === '/') out = `/${stack.join('/')}`;
    else if (root === '~') out = stack.length ? `~/${stack.join('/')}` : '~';
    else out = stack.join('/') || '.';
    return (drive + out).toLowerCase();
  }

  const normalPath = (p) => normalise(p, false);
  const isRooted = (n) => n.startsWith('/') || n.startsWith('~') || /^[a-z]:/.test(n);

  function hasGlob(p) {
    for (let i = 0; i < p.length; i++) {
      if (p[i] === '\\') i++;
      else if (p[i] === '*' || p[i] === '?' || p[i] === '[') return true;
    }
    return false;
  }

  const unescapeGlob = (p) => p.replace(/\\(.)/g, '$1');

  const globCache = new Map();
  // A glob as a regular expression over a path; a [class] stands for any one character.
  function globRegex(pt) {
    let re = globCache.get(pt);
    if (re) return re;
    let src = '^';
    for (let i = 0; i < pt.length; i++) {
      const c = pt[i];
      if (c === '\\' && i + 1 < pt.length) {
        src += pt[++i].replace(/[\\^$.*+?()[\]{}|/-]/, '\\$&');
      } else if (c === '*') {
        src += '[^/]*';
      } else if (c === '?') {
        src += '[^/]';
      } else if (c === '[') {
        let k = i + 1;
        if (pt[k] === '!' || pt[k] === '^') k++;
        if (pt[k] === ']') k++;
        const end = pt.indexOf(']', k);
        if (end < 0) {
          src += '\\[';
        } else {
          src += '[^/]';
          i = end;
        }
      } else {
        src += c.replace(/[\\^$.*+?()[\]{}|/-]/, '\\$&');
      }
    }
    re = new RegExp(`${src}$`);
    if (globCache.size > 512) globCache.clear();
    globCache.set(pt, re);
    return re;
  }

  // A path component made of wildcards only (*, ?, [a-z]*): it matches everything there.
  function pureWildcard(comp) {
    const rest = comp.replace(/\[[^\]]*\]/g, '?');
    return rest.length > 0 && /^[*?]+$/.test(rest);
  }

  const dangerousDir = (p) => SYSTEM_DIRS.has(p) || p === '~';

  // A folder directly in a system folder (/var/lib, /usr/local, /home/alice) or everything in
  // one (/var/lib/*): as much is lost as with the system folder itself. `glob`: p is a
  // normalised glob.
  function inSystemDir(p, glob) {
    const cut = p.lastIndexOf('/');
    if (cut > 0 && (glob ? pureWildcard(p.slice(cut + 1)) : p.slice(cut + 1) === '*')) p = p.slice(0, cut);
    const m = /^(\/[^/]+)\/[^/]+$/.exec(p);
    if (m === null) return false;
    if (!glob || !hasGlob(m[1])) return SYSTEM_DIRS.has(glob ? unescapeGlob(m[1]) : m[1]);
    const re = globRegex(m[1]);
    return DANGER_NAMES.some((d) => re.test(d));
  }

  // Whether a normalised path (and its glob) is or covers /, ~, a drive root or a system
  // folder — or, with `cwdStar`, everything in the current folder (*).
  function coversAt(n, pt, cwdStar) {
    if (dangerousDir(n) || /^[a-z]:\/\*?$/.test(n)) return true;
    if (n === '~/*' || n === '/*' || (cwdStar && n === '*')) return true;
    if (/^\/[^/]+\/\*$/.test(n) && SYSTEM_DIRS.has(n.slice(0, -2))) return true;
    if (inSystemDir(n, false)) return true;
    if (pt === null) return false;
    if (inSystemDir(pt, true)) return true;
    const re = globRegex(pt);
    if (DANGER_NAMES.some((d) => re.test(d))) return true;
    const cut = pt.lastIndexOf('/');
    if (!pureWildcard(pt.slice(cut + 1))) return false;
    if (cut < 0) return cwdStar;
    const parent = cut === 0 ? '/' : pt.slice(0, cut);
    if (!hasGlob(parent)) return dangerousDir(unescapeGlob(parent));
    const up = globRegex(parent);
    return DANGER_NAMES.some((d) => up.test(d));
  }

  // The field as the folders it may stand for (relative to each folder a cd may have left).
  function covers(f, c, cwdStar) {
    if (f.found) return false;
    const n = normalPath(f.s);
    const pt = f.pat === null ? null : normalise(f.pat, true);
    if (coversAt(n, pt, cwdStar)) return true;
    for (const [name, target] of c.links) {
      if (n !== name && !n.startsWith(`${name}/`)) continue;
      const pre = escapeGlob(name);
      const pd = pt !== null && pt.startsWith(pre) ? normalise(escapeGlob(target) + pt.slice(pre.length), true) : null;
      if (coversAt(normalPath(target + n.slice(name.length)), pd, cwdStar)) return true;
    }
    if (isRooted(n)) return false;
    for (const d of c.cwd) {
      if (d === null) continue;
      const pd = pt === null ? null : normalise(`${escapeGlob(d)}/${f.pat}`, true);
      if (coversAt(normalPath(`${d}/${f.s}`), pd, cwdStar)) return true;
    }
    return false;
  }

  function isDevice(f) {
    if (BLOCK_DEVICE.test(normalPath(f.s))) return true;
    if (f.pat === null) return false;
    const pt = normalise(f.pat, true);
    let i = 0;
    for (; i < pt.length; i++) {
      if (pt[i] === '\\') i++;
      else if (pt[i] === '*' || pt[i] === '?' || pt[i] === '[') break;
    }
    return unescapeGlob(pt.slice(0, i)).startsWith('/dev/');
  }

  const basename = (p) => p.slice(p.lastIndexOf('/') + 1);

  function commandName(word) {
    let b = word.replace(/\\/g, '/');
    b = b.slice(b.lastIndexOf('/') + 1).toLowerCase();
    if (b.endsWith('.exe')) b = b.slice(0, -4);
    if (b.length > 1 && b[0] === '=') b = b.slice(1); // zsh: =rm is the rm on PATH
    return b;
  }

  // python3.11 → python, nodejs → node, pwsh → powershell: the name a policy allows.
  function family(name) {
    const bare = name.replace(/[0-9][0-9.]*$/, '');
    const f = FAMILY_ALIASES[bare] || bare;
    if (SHELLS.has(f) || INTERPRETERS.has(f)) return f;
    return FAMILY_ALIASES[name] || name;
  }

  // ---- 5. the walk: syntax tree → simple commands, as they would run --------------------
  // Each simple command, its wrappers taken off, becomes {name, fields, args, flags, paths,
  // outputs, stdin, cwd, …}; the rules (section 6) look at each one.

  const NO_INPUT = { k: 'none' };
  const newEnv = (cwd) => ({ vars: new Map(), cwd: cwd.slice(), ifs: false });
  const copyEnv = (e) => ({ vars: new Map(e.vars), cwd: e.cwd.slice(), ifs: e.ifs });
  const fieldOf = (s) => ({ s, pat: null, unres: '', proc: false, raw: s, split: false });

  // What a command writes to its output, as the next command of a pipe reads it.
  function combine(a, b) {
    if (a.k === 'download' || b.k === 'download') return { k: 'download' };
    if (a.k === 'decode' || b.k === 'decode') return { k: 'decode' };
    if (a.k === 'none') return b;
    if (b.k === 'none') return a;
    if (a.k === 'text' && b.k === 'text') return { k: 'text', text: a.text + b.text };
    return { k: 'unknown', why: a.k === 'unknown' ? a.why : b.why };
  }

  function scanOptions(fields, i, spec) {
    const opts = [];
    const value = (k) => (fields[k] ? fields[k] : null);
    while (i < fields.length) {
      const f = fields[i];
      if (f.unres) return { i, opts, bad: `an option that is not known until it runs (${f.raw})` };
      const w = f.s;
      if (w === '--') return { i: i + 1, opts, bad: '' };
      if (w.startsWith('--') && w.length > 2) {
        const eq = w.indexOf('=');
        const name = eq < 0 ? w.slice(2) : w.slice(2, eq);
        let full = Object.prototype.hasOwnProperty.call(spec.long, name) ? name : '';
        if (!full) {
          const prefixed = Object.keys(spec.long).filter((l) => l.startsWith(name));
          if (prefixed.length === 1) full = prefixed[0];
        }
        if (!full) return { i, opts, bad: `an option it does not know (${w})` };
        const kind = spec.long[full];
        if (kind === 1 && eq < 0) {
          const v = value(i + 1);
          if (!v) return { i, opts, bad: `${w} without its value` };
          opts.push([full, v]);
          i += 2;
        } else {
          if (kind === 0 && eq >= 0) return { i, opts, bad: `an option it does not know (${w})` };
          opts.push([full, eq < 0 ? null : fieldOf(w.slice(eq + 1))]);
          i++;
        }
        continue;
      }
      if (w.length > 1 && w[0] === '-') {
        if (spec.numeric && /^-\d+$/.test(w)) {
          opts.push(['n', fieldOf(w.slice(1))]);
          i++;
          continue;
        }
        let next = i + 1;
        for (let k = 1; k < w.length; k++) {
          const ch = w[k];
          if (spec.arg.includes(ch)) {
            if (k + 1 < w.length) {
              opts.push([ch, fieldOf(w.slice(k + 1))]);
            } else {
              const v = value(i + 1);
              if (!v) return { i, opts, bad: `-${ch} without its value` };
              opts.push([ch, v]);
              next = i + 2;
            }
            break;
          }
          if (spec.opt && spec.opt.includes(ch)) {
            opts.push([ch, fieldOf(w.slice(k + 1))]);
            break;
          }
          if (!spec.short.includes(ch)) return { i, opts, bad: `an option it does not know (-${ch})` };
          opts.push([ch, null]);
        }
        i = next;
        continue;
      }
      break;
    }
    return { i, opts, bad: '' };
  }

  // Wrappers that run a command after their options, read from their manuals: sudo(8),
  // doas(1), env(1), bash(1) (command, builtin, exec, time), time(1), timeout(1), nice(1),
  // ionice(1), nohup(1), setsid(1), stdbuf(1), chroot(8), xargs(1), watch(1), flock(1),
  // pkexec(1). short: flags; arg: letters with a value (attached or the next word); opt:
  // letters whose value can only be attached; long: name → 0 flag, 1 value, 2 optional =value.
  const WRAPPERS = {
    sudo: { short: 'AbEeHhiKklnPSsVvBN', arg: 'acugpCDrtTUR', long: { user: 1, group: 1, host: 1, prompt: 1,
      'close-from': 1, chdir: 1, role: 1, type: 1, 'command-timeout': 1, 'other-user': 1, chroot: 1, askpass: 0,
      background: 0, bell: 0, 'preserve-env': 2, edit: 0, 'set-home': 0, login: 0, 'remove-timestamp': 0,
      'reset-timestamp': 0, list: 0, 'non-interactive': 0, 'preserve-groups': 0, shell: 0, stdin: 0, validate: 0,
      version: 0, help: 0, 'no-update': 0 } },
    doas: { short: 'Lns', arg: 'uC', long: {} },
    env: { short: 'i0v', arg: 'uCSP', long: { 'ignore-environment': 0, null: 0, unset: 1, chdir: 1,
      'split-string': 1, 'block-signal': 2, 'default-signal': 2, 'ignore-signal': 2, 'list-signal-handling': 0,
      debug: 0, help: 0, version: 0 } },
    command: { short: 'pvV', arg: '', long: {} },
    builtin: { short: '', arg: '', long: {} },
    exec: { short: 'cl', arg: 'a', long: {} },
    time: { short: 'apqvV', arg: 'fo', long: { format: 1, output: 1, append: 0, portability: 0, quiet: 0,
      verbose: 0, help: 0, version: 0 } },
    timeout: { short: 'v', arg: 'sk', long: { signal: 1, 'kill-after': 1, 'preserve-status': 0, foreground: 0,
      verbose: 0, help: 0, version: 0 } },
    nice: { short: '', arg: 'n', long: { adjustment: 1, help: 0, version: 0 }, numeric: true },
    ionice: { short: 't', arg: 'cnpPu', long: { class: 1, classdata: 1, pid: 1, pgid: 1, uid: 1, ignore: 0,
      help: 0, version: 0 } },
    nohup: { short: '', arg: '', long: { help: 0, version: 0 } },
    setsid: { short: 'cfw', arg: '', long: { ctty: 0, fork: 0, wait: 0, help: 0, version: 0 } },
    stdbuf: { short: '', arg: 'ioe', long: { input: 1, output: 1, error: 1, help: 0, version: 0 } },
    chroot: { short: '', arg: '', long: { userspec: 1, groups: 1, 'skip-chdir': 0, help: 0, version: 0 } },
    xargs: { short: '0oprtx', arg: 'adEILnPs', opt: 'eil', long: { 'arg-file': 1, delimiter: 1, eof: 2,
      replace: 2, 'max-lines': 2, 'max-args': 1, 'max-procs': 1, 'max-chars': 1, 'process-slot-var': 1, null: 0,
      'open-tty': 0, interactive: 0, 'no-run-if-empty': 0, verbose: 0, exit: 0, 'show-limits': 0, help: 0,
      version: 0 } },
    watch: { short: 'bcCdeghprtwx', arg: 'nqs', long: { interval: 1, differences: 2, equexit: 1, shotsdir: 1,
      beep: 0, color: 0, 'no-color': 0, errexit: 0, chgexit: 0, precise: 0, 'no-rerun': 0, 'no-title': 0,
      'no-wrap': 0, 'no-linewrap': 0, exec: 0, help: 0, version: 0 } },
    flock: { short: 'sxeunoFvhV', arg: 'Ewc', long: { shared: 0, exclusive: 0, unlock: 0, nonblock: 0, nb: 0,
      close: 0, 'no-fork': 0, verbose: 0, help: 0, version: 0, 'conflict-exit-code': 1, wait: 1, timeout: 1,
      command: 1, fcntl: 0 } },
    su: { short: 'flmpPhV', arg: 'cgGsw', long: { command: 1, 'session-command': 1, group: 1, 'supp-group': 1,
      login: 0, 'preserve-environment': 0, shell: 1, pty: 0, fast: 0, 'whitelist-environment': 1, help: 0,
      version: 0 } },
    runuser: { short: 'flmpPhV', arg: 'cgGswu', long: { command: 1, 'session-command': 1, group: 1,
      'supp-group': 1, login: 0, 'preserve-environment': 0, shell: 1, pty: 0, fast: 0,
      'whitelist-environment': 1, user: 1, help: 0, version: 0 } },
    pkexec: { short: '', arg: '', long: { user: 1, 'disable-internal-agent': 0, 'keep-cwd': 0, help: 0,
      version: 0 } },
    busybox: null,
    toybox: null,
    fakeroot: { short: '', arg: '', long: {} },
    eatmydata: { short: '', arg: '', long: {} },
    torsocks: { short: '', arg: '', long: {} },
    unbuffer: { short: '', arg: '', long: {} },
    nocorrect: { short: '', arg: '', long: {} },
    noglob: { short: '', arg: '', long: {} },
    catchsegv: { short: '', arg: '', long: {} },
    coproc: { short: '', arg: '', long: {} },
    npx: { short: 'yq', arg: 'pc', long: { yes: 0, no: 0, package: 1, call: 1, quiet: 0, 'no-install': 0,
      'ignore-existing': 0 } },
    bunx: { short: 'b', arg: 'p', long: { bun: 0, package: 1, verbose: 0, silent: 0 } },
  };

  // Per interpreter: letters giving code inline, letters taking a value (attached or the next
  // word), letters taking only an attached value, letters naming a module (then it runs that).
  const INTERPRETER_OPTIONS = {
    python: { inline: 'c', arg: 'WXQ', attached: '', module: 'm', file: '' },
    perl: { inline: 'eE', arg: '', attached: 'IMmil0CdDxFV', module: '', file: '' },
    ruby: { inline: 'e', arg: 'IrCEF', attached: 'Kx0lTW', module: '', file: '' },
    node: { inline: 'ep', arg: 'rC', attached: '', module: '', file: '' },
    bun: { inline: 'ep', arg: 'r', attached: '', module: '', file: '' },
    php: { inline: 'rBRE', arg: 'cdtSz', attached: '', module: '', file: 'fF' },
    lua: { inline: 'e', arg: 'l', attached: '', module: '', file: '' },
    rscript: { inline: 'e', arg: '', attached: '', module: '', file: '' },
    osascript: { inline: 'e', arg: 'ls', attached: '', module: '', file: '' },
    groovy: { inline: 'e', arg: '', attached: '', module: '', file: '' },
    other: { inline: 'ec', arg: '', attached: '', module: '', file: '' },
  };
  const INLINE_LONG = new Set(['--eval', '--print', '--command']);
  const VALUE_LONG = new Set(['--require', '--import', '--loader', '--experimental-loader', '--conditions',
    '--input-type', '--title', '--env-file']);

  class Analysis {
    constructor(policy) {
      this.policy = policy;
      this.simples = [];
      this.banned = null; // {id, what}
      this.unverifiable = '';
      this.taint = []; // files written by a downloader or decoder
      this.taintAll = false; // an archive of those unpacked: any file may be one
      this.written = []; // [path, text or null]: files this text writes
      this.links = []; // [name, target]: symbolic links and bind mounts this text makes
      this.funcs = new Map();
      this.calling = new Set();
      this.steps = 0;
    }

    ban(rule) {
      if (!this.banned) this.banned = rule;
    }

    unverify(why) {
      if (!this.unverifiable) this.unverifiable = why;
    }

    allows(fam) {
      return this.policy.interpreters.has(fam);
    }

    tainted(path) {
      if (this.taintAll) return true;
      const n = normalPath(path);
      const b = basename(n);
      return this.taint.some((t) => t === n || basename(t) === b);
    }

    addTaint(f) {
      if (f && !f.unres && f.s && f.s !== '-') this.taint.push(normalPath(f.s));
    }

    // What this text wrote into a file earlier: its text, null when not known, undefined when
    // it wrote nothing there.
    writtenText(path) {
      const n = normalPath(path);
      const b = basename(n);
      for (let k = this.written.length - 1; k >= 0; k--) {
        const w = this.written[k];
        if (w[0] === n || basename(w[0]) === b) return w[1];
      }
      return undefined;
    }

    write(f, text) {
      if (!f || f.unres || f.proc) return;
      const n = normalPath(f.s);
      if (HARMLESS_OUTPUTS.has(n)) return;
      const before = this.written.some((w) => w[0] === n);
      this.written.push([n, before ? null : text]);
    }

    // ---- scripts ----

    // Text run as a script by a shell (sh -c, eval, a here-document into bash …): parsed and
    // walked as its own text, with the variables of a new shell.
    script(text, c, ctx) {
      if (ctx.depth + 1 > MAX_DEPTH) {
        this.unverify('it hides scripts inside scripts too deeply to check');
        return;
      }
      const p = new Parser(text, 0, 0);
      const tree = p.parseScript();
      if (p.error) this.unverify(`the script it hands to ${c.name || 'the shell'} is not complete shell syntax (${p.error})`);
      this.walk(tree, { env: newEnv(ctx.env.cwd), stdin: c.stdin, outputs: ctx.outputs, depth: ctx.depth + 1,
        certain: true });
    }

    // What a shell or interpreter reads as its script from its input.
    stdinScript(c, ctx, kind, fam) {
      const input = c.stdin;
      const allowed = this.allows(fam);
      if (input.k === 'none') return;
      if (input.k === 'download') c.script = 'download';
      else if (input.k === 'decode') c.script = 'decode';
      else if (input.k === 'file') this.runFile(input.field, c, ctx, kind, fam);
      else if (allowed) return;
      else if (input.k === 'text' && kind === 'interpreter') this.unverify(`it feeds ${c.name} code to run (a here-document or a pipe)`);
      else if (input.k === 'text' && kind === 'crontab') this.crontab(input.text, c, ctx);
      else if (input.k === 'text') {
        c.transparent = true;
        this.script(input.text, c, ctx);
      }
      else if (input.k === 'proc') this.unverify('it runs the output of another command (<(…))');
      else this.unverify(`it pipes text into ${c.name}, which runs it`);
    }

    // A script file run by a shell, an interpreter, source, at -f, crontab, BASH_ENV …
    runFile(f, c, ctx, kind, fam) {
      if (!f) return;
      if (f.unres) {
        this.unverify(`it runs a script whose name is not known until it runs (${f.raw})`);
      } else if (f.proc) {
        if (!this.allows(fam)) this.unverify('it runs the output of another command (<(…))');
      } else if (/^(?:https?|ftp):/i.test(f.s) || /^\/dev\/fd\//.test(f.s) || /^\/proc\//.test(f.s)) {
        this.unverify('it runs a script it cannot read');
      } else if (f.s === '/dev/stdin' || f.s === '-') {
        this.stdinScript(c, ctx, kind, fam);
      } else if (this.tainted(f.s)) {
        c.script = 'tainted';
      } else {
        this.runWritten(f.s, c, ctx, kind, fam);
      }
    }

    // A script this text wrote a moment ago is read like a script given inline.
    runWritten(path, c, ctx, kind, fam) {
      const text = this.writtenText(path);
      if (text === undefined || this.allows(fam)) return;
      if (text === null) this.unverify(`it runs ${path}, which it writes from text it cannot read`);
      else if (kind === 'interpreter') this.unverify(`it runs ${c.name} code it has just written to ${path}`);
      else if (kind === 'crontab') this.crontab(text, c, ctx);
      else this.script(text, c, ctx);
    }

    crontab(text, c, ctx) {
      for (const raw of text.split('\n')) {
        const line = raw.trim();
        if (!line || line.startsWith('#') || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) continue;
        const fields = line.split(/[ \t]+/);
        const command = line.startsWith('@') ? fields.slice(1).join(' ') : fields.slice(5).join(' ');
        this.script(command, c, ctx);
      }
    }

    // ---- the tree ----

    walk(node, ctx) {
      if (++this.steps > MAX_STEPS) {
        this.unverify('it is too long to check');
        return { k: 'unknown', why: 'too long' };
      }
      if (node.redirs && node.redirs.length && node.t !== 'simple') {
        const io = this.redirect(node.redirs, ctx);
        ctx = { ...ctx, stdin: io.stdin, outputs: ctx.outputs.concat(io.outputs) };
      }
      const uncertain = { ...ctx, certain: false };
      switch (node.t) {
        case 'list': {
          let out = NO_INPUT;
          for (const item of node.items) {
            out = combine(out, this.walk(item.node, item.async ? { ...ctx, env: copyEnv(ctx.env) } : ctx));
          }
          return out;
        }
        case 'andor': {
          let out = this.walk(node.first, ctx);
          for (const r of node.rest) out = combine(out, this.walk(r.node, uncertain));
          return out;
        }
        case 'pipe': {
          let out = ctx.stdin;
          for (let i = 0; i < node.cmds.length; i++) {
            const stdin = i === 0 ? ctx.stdin : out;
            const env = node.cmds.length > 1 ? copyEnv(ctx.env) : ctx.env;
            out = this.walk(node.cmds[i], { ...ctx, env, stdin });
          }
          return out;
        }
        case 'simple':
          return this.walkSimple(node, ctx);
        case 'sub':
          return this.walk(node.body, { ...ctx, env: copyEnv(ctx.env) });
        case 'group':
          return this.walk(node.body, ctx);
        case 'if': {
          let out = NO_INPUT;
          for (const clause of node.clauses) {
            this.walk(clause.cond, uncertain);
            out = combine(out, this.walk(clause.body, uncertain));
          }
          if (node.els) out = combine(out, this.walk(node.els, uncertain));
          return out;
        }
        case 'while':
          this.walk(node.cond, uncertain);
          return this.walk(node.body, uncertain);
        case 'for':
          return this.walkFor(node, ctx);
        case 'case': {
          this.runSubstitutions(node.word, ctx);
          let out = NO_INPUT;
          for (const item of node.items) {
            for (const p of item.patterns) this.runSubstitutions(p, ctx);
            out = combine(out, this.walk(item.body, uncertain));
          }
          return out;
        }
        case 'func':
          this.funcs.set(node.name, node);
          if (countCalls(node.body, node.name) >= 2 && forks(node.body)) {
            this.ban(RULES.find((r) => r.id === 'fork-bomb'));
          }
          this.walk(node.body, { ...uncertain, stdin: NO_INPUT });
          return NO_INPUT;
        case 'arith':
          if (node.hidden) this.unverify('it hides a command inside arithmetic');
          return NO_INPUT;
        default:
          return NO_INPUT;
      }
    }

    walkFor(node, ctx) {
      const uncertain = { ...ctx, certain: false };
      if (node.arith) {
        if (node.hidden) this.unverify('it hides a command inside arithmetic');
        return this.walk(node.body, uncertain);
      }
      let val;
      if (node.words === null) {
        val = unknownValue(`$${node.name} takes the script's arguments`);
      } else {
        const fields = [];
        for (const w of node.words) {
          this.runSubstitutions(w, ctx);
          fields.push(...expandWord(w, ctx, 'args', this));
        }
        const bad = fields.find((f) => f.unres);
        if (bad) val = unknownValue(`$${node.name} takes ${bad.unres}`);
        else if (fields.length > MAX_VALUES) val = unknownValue(`$${node.name} takes too many values to check`);
        else if (fields.length === 0) val = knownValue('');
        else val = { known: true, why: '', vals: fields.map((f) => ({ s: f.s, pat: f.pat })) };
      }
      ctx.env.vars.set(node.name, val);
      return this.walk(node.body, uncertain);
    }

    // Commands inside a word's $( ), backticks and <( ) >( ) run too.
    runSubstitutions(word, ctx) {
      if (!word) return;
      for (const part of word.parts) {
        if (part.k === 'cmd' || part.k === 'proc') {
          const stdin = part.k === 'proc' && part.out ? { k: 'unknown', why: 'what is written into >(…)' } : NO_INPUT;
          this.walk(part.node, { ...ctx, env: copyEnv(ctx.env), stdin, outputs: [] });
        } else if (part.k === 'param') {
          if (part.hidden) this.unverify(`it hides a command inside ${part.raw}`);
          if (part.arg) this.runSubstitutions(part.arg, ctx);
        } else if (part.k === 'arith' && part.hidden) {
          this.unverify('it hides a command inside arithmetic');
        }
      }
    }

    // Redirections: where input comes from and the files written.
    redirect(redirs, ctx) {
      let stdin = ctx.stdin;
      const outputs = [];
      for (const r of redirs) {
        if (!r.target) continue;
        this.runSubstitutions(r.target, ctx);
        if (r.op === '<<' || r.op === '<<-') {
          if (r.quoted || !r.bodyWord) {
            stdin = { k: 'text', text: r.body || '' };
          } else {
            this.runSubstitutions(r.bodyWord, ctx);
            const f = expandWord(r.bodyWord, ctx, 'one', this);
            if (f.length === 0) stdin = { k: 'text', text: '' };
            else if (!f[0].unres) stdin = { k: 'text', text: f[0].s };
            else stdin = { k: 'unknown', why: `the here-document holds ${f[0].unres}` };
          }
          continue;
        }
        const fs = expandWord(r.target, ctx, 'one', this);
        const f = fs.length === 1 ? fs[0]
          : { s: r.target.raw, pat: null, unres: 'a redirection to several words', proc: false, raw: r.target.raw };
        if (r.op === '<<<') {
          stdin = f.unres ? { k: 'unknown', why: `the here-string holds ${f.unres}` } : { k: 'text', text: `${f.s}\n` };
        } else if (r.op === '<') {
          stdin = f.proc ? { k: 'proc' } : { k: 'file', field: f };
        } else if ((r.op === '>&' || r.op === '<&') && !f.unres && /^(?:\d+|-)$/.test(f.s)) {
          // a copy of another descriptor
        } else if (r.op !== '<&' && !f.proc) {
          outputs.push(f);
        }
      }
      return { stdin, outputs };
    }

    walkSimple(node, ctx) {
      for (const a of node.assigns) this.runSubstitutions(a.value, ctx);
      for (const w of node.words) this.runSubstitutions(w, ctx);
      const io = this.redirect(node.redirs, ctx);
      const values = node.assigns.map((a) => ({ name: a.name,
        val: a.array ? unknownValue(`${a.name} is an array`) : valueOf(expandWord(a.value, ctx, 'one', this)) }));
      const declaration = node.words.length > 0
        && ['export', 'declare', 'typeset', 'local', 'readonly'].includes(literalOf(node.words[0]));
      const fields = [];
      for (let k = 0; k < node.words.length; k++) {
        const a = declaration && k > 0 ? assignmentOf(node.words[k]) : null;
        if (!a) {
          fields.push(...expandWord(node.words[k], ctx, 'args', this));
          continue;
        }
        const v = a.array ? unknownValue(`${a.name} is an array`) : valueOf(expandWord(a.value, ctx, 'one', this));
        fields.push({ s: `${a.name}=${v.known ? v.vals[0].s : a.value.raw}`, pat: null, unres: v.known ? '' : v.why,
          proc: false, raw: node.words[k].raw });
      }
      const inner = { ...ctx, stdin: io.stdin, outputs: ctx.outputs.concat(io.outputs) };
      let risky = false;
      for (const v of values) risky = this.checkAssignment(v.name, v.val, inner) || risky;
      if (!fields.length) {
        // Assignments alone set the shell's variables; a redirection alone opens its file.
        for (const v of values) assign(ctx.env, v.name, v.val, ctx.certain);
        if (values.length || io.outputs.length || node.cond) {
          const c = this.record([], inner, { wrappers: [], full: [], extra: false, envRisk: risky, cwd: null,
            cond: !!node.cond });
          c.label = node.assigns.map((a) => `${a.name}=${a.value.raw}`).join(' ');
          this.finish(c, inner);
        }
        return NO_INPUT;
      }
      return this.runCommand(fields, inner, { envRisk: risky, cond: !!node.cond });
    }

    // Assignments whose value some program runs or loads; true when the allow list cannot
    // vouch for what runs after it (PATH and these).
    checkAssignment(name, val, ctx) {
      if (COMMAND_VARIABLES.test(name)) {
        if (!val.known) this.unverify(`it sets ${name}, a command some program runs, to text not known until it runs`);
        else for (const v of val.vals) if (v.s.replace(/^\|+/, '').trim()) this.script(v.s.replace(/^\|+/, ''), { name, stdin: NO_INPUT }, ctx);
        return true;
      }
      if (LOADER_VARIABLES.test(name)) {
        this.unverify(`it sets ${name}, which makes every program load other code`);
        return true;
      }
      if (SOURCED_VARIABLES.test(name)) {
        if (!val.known) this.unverify(`it sets ${name}, a script shells run, to a file not known until it runs`);
        else for (const v of val.vals) if (this.tainted(v.s)) this.ban(RULES.find((r) => r.id === 'download-then-run'));
        return true;
      }
      if (OPTION_VARIABLES.test(name)) {
        if (!val.known || val.vals.some((v) => /(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader|-[Mm])/.test(v.s))) {
          this.unverify(`it sets ${name} to load other code`);
        }
        return true;
      }
      return name === 'PATH' || name === 'IFS';
    }

    // Wrappers are taken off (with their options), then the command is looked at.
    runCommand(fields, ctx, meta) {
      const full = fields;
      const st = { wrappers: [], extra: false, repl: '', cwd: null, envRisk: meta.envRisk, outputs: [], script: null,
        shell: false, fields };
      let i = 0;
      for (let guard = 0; guard < 16; guard++) {
        const f = st.fields[i];
        if (f.unres) break;
        const name = commandName(f.s);
        if (!Object.prototype.hasOwnProperty.call(WRAPPERS, name)) break;
        const next = this.unwrap(name, i, ctx, st);
        if (next < 0) {
          // The wrapper runs no command of its own (sudo -l, env alone) or a script (watch …).
          const c = this.record(st.fields.slice(i), { ...ctx, outputs: ctx.outputs.concat(st.outputs) },
            { wrappers: st.wrappers, full, extra: false, envRisk: st.envRisk, cwd: st.cwd, cond: false });
          if (st.script !== null) {
            c.transparent = !PRIVILEGED.has(name);
            this.script(st.script, c, ctx);
          }
          if (st.shell) this.stdinScript(c, ctx, 'shell', 'sh');
          this.finish(c, ctx);
          return { k: 'unknown', why: `the output of ${name}` };
        }
        st.wrappers.push(name);
        i = next;
        if (i >= st.fields.length) break;
      }
      let rest = st.fields.slice(i);
      if (!rest.length) rest = [fieldOf('echo')]; // xargs with no command runs echo
      if (st.repl) {
        rest = rest.map((f) => (f.s.includes(st.repl) ? { ...f, unres: `xargs puts its input into ${f.raw}` } : f));
      }
      const inner = { ...ctx, outputs: ctx.outputs.concat(st.outputs) };
      const c = this.record(rest, inner, { wrappers: st.wrappers, full, extra: st.extra, envRisk: st.envRisk,
        cwd: st.cwd, cond: meta.cond });
      return this.command(c, inner);
    }

    // One wrapper: the index of the command it runs, or -1 when it runs none (st.script or
    // st.shell then say what it runs instead).
    unwrap(name, i, ctx, st) {
      const fields = st.fields;
      if (name === 'busybox' || name === 'toybox') {
        const next = fields[i + 1];
        return !next || (!next.unres && next.s.startsWith('-')) ? -1 : i + 1;
      }
      const spec = WRAPPERS[name];
      const r = scanOptions(fields, i + 1, spec);
      if (r.bad) {
        this.unverify(`${name} gets ${r.bad}`);
        return -1;
      }
      const has = (...names) => r.opts.some((o) => names.includes(o[0]));
      const valueOfOption = (...names) => {
        const o = r.opts.filter((x) => names.includes(x[0])).pop();
        return o ? o[1] : null;
      };
      let k = r.i;
      const end = fields.length;
      switch (name) {
        case 'sudo':
          if (has('e', 'edit', 'l', 'list', 'v', 'validate', 'V', 'version', 'h', 'help', 'K', 'remove-timestamp')) {
            return -1;
          }
          st.cwd = valueOfOption('D', 'chdir') || st.cwd;
          k = this.skipAssignments(k, ctx, st);
          if (k >= end) st.shell = has('s', 'i', 'shell', 'login');
          return k >= end ? -1 : k;
        case 'doas':
          if (k >= end) st.shell = has('s');
          return has('C') || k >= end ? -1 : k;
        case 'env': {
          const split = valueOfOption('S', 'split-string');
          st.cwd = valueOfOption('C', 'chdir') || st.cwd;
          if (split) {
            const words = this.splitString(split, ctx);
            if (!words) return -1;
            st.fields = fields.slice(0, k).concat(words, fields.slice(k));
          }
          k = this.skipAssignments(k, ctx, st);
          return k >= st.fields.length ? -1 : k;
        }
        case 'command':
          return has('v', 'V') || k >= end ? -1 : k;
        case 'time': {
          const out = valueOfOption('o', 'output');
          if (out) st.outputs.push(out);
          return k >= end ? -1 : k;
        }
        case 'timeout':
        case 'chroot':
          k++; // the duration; the new root
          if (k >= end && name === 'chroot') st.shell = true;
          return k >= end ? -1 : k;
        case 'ionice':
          return has('p', 'P', 'u', 'pid', 'pgid', 'uid') || k >= end ? -1 : k;
        case 'xargs':
          st.extra = true;
          if (has('I', 'replace', 'i')) {
            const v = valueOfOption('I', 'replace', 'i');
            st.repl = v && v.s ? v.s : '{}';
          }
          return k;
        case 'watch':
          if (has('x', 'exec')) return k >= end ? -1 : k;
          return this.scriptOfWords(fields.slice(k), name, st);
        case 'flock': {
          const c = valueOfOption('c', 'command');
          if (c) return this.scriptOfWords([c], name, st);
          k++; // the lock file
          if (k < end && (fields[k].s === '-c' || fields[k].s === '--command')) {
            return this.scriptOfWords(fields.slice(k + 1, k + 2), name, st);
          }
          return k >= end ? -1 : k;
        }
        case 'su':
        case 'runuser':
          return this.su(name, fields, i, st);
        case 'npx': {
          const c = valueOfOption('c', 'call');
          if (c) return this.scriptOfWords([c], name, st);
          return k >= end ? -1 : k;
        }
        default:
          return k >= end ? -1 : k;
      }
    }

    // su and runuser take their options anywhere: -c runs a script, -u (runuser) the command.
    su(name, fields, i, st) {
      const spec = WRAPPERS[name];
      let k = i + 1;
      while (k < fields.length) {
        if (!fields[k].unres && fields[k].s === '-') {
          k++;
          continue;
        }
        const r = scanOptions(fields, k, spec);
        if (r.bad) {
          this.unverify(`${name} gets ${r.bad}`);
          return -1;
        }
        const c = r.opts.filter((o) => o[0] === 'c' || o[0] === 'command' || o[0] === 'session-command').pop();
        if (c) return this.scriptOfWords([c[1]], name, st);
        if (r.opts.some((o) => o[0] === 'u' || o[0] === 'user') && r.i < fields.length) return r.i;
        k = r.i + 1; // past the user name: su takes its options before and after it
      }
      st.shell = true;
      return -1;
    }

    scriptOfWords(words, name, st) {
      const bad = words.find((f) => !f || f.unres);
      if (bad) {
        this.unverify(`${name} runs a command line that is not known until it runs`);
        return -1;
      }
      st.script = words.map((f) => f.s).join(' ');
      return -1;
    }

    // env -S "…": the string split into words, as env splits it.
    splitString(field, ctx) {
      if (field.unres) {
        this.unverify('env -S gets a string that is not known until it runs');
        return null;
      }
      const p = new Parser(field.s, 0, 0);
      const tree = p.parseScript();
      const one = tree.items.length === 1 && !tree.items[0].async && tree.items[0].node.t === 'simple'
        ? tree.items[0].node : null;
      if (p.error || !one || one.redirs.length || (tree.items.length === 0 && field.s.trim())) {
        this.unverify('env -S gets a string with shell syntax that env does not read as a shell would');
        return null;
      }
      const words = [];
      for (const a of one.assigns) words.push(fieldOf(`${a.name}=${literalOf(a.value) || ''}`));
      for (const w of one.words) words.push(...expandWord(w, ctx, 'args', this));
      return words;
    }

    // NAME=value words after sudo's and env's options.
    skipAssignments(k, ctx, st) {
      const fields = st.fields;
      while (k < fields.length) {
        const f = fields[k];
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(f.unres ? f.raw : f.s);
        if (!m) break;
        const val = f.unres ? unknownValue(f.unres) : knownValue(f.s.slice(m[0].length));
        st.envRisk = this.checkAssignment(m[1], val, ctx) || st.envRisk;
        k++;
      }
      return k;
    }

    // The simple command as the rules and the allow list see it.
    record(fields, ctx, meta) {
      const c = {
        name: fields.length ? commandName(fields[0].s) : '',
        fields,
        full: meta.full,
        wrappers: meta.wrappers,
        args: [],
        flags: new Set(),
        outputs: ctx.outputs,
        stdin: ctx.stdin,
        cwd: meta.cwd && !meta.cwd.unres ? [normalPath(meta.cwd.s)] : ctx.env.cwd,
        extra: meta.extra,
        envRisk: meta.envRisk,
        cond: meta.cond,
        transparent: false,
        label: '',
        script: '',
        findRoots: null,
        findDeletes: false,
        foundBy: ctx.foundBy || null,
        links: this.links,
      };
      let optionsDone = false;
      for (let k = 1; k < fields.length; k++) {
        const f = fields[k];
        const raw = f.s;
        if (f.unres) {
          c.args.push(f);
          continue;
        }
        if (!optionsDone && raw === '--') {
          optionsDone = true;
          continue;
        }
        if (!optionsDone && /^--[a-z]/i.test(raw)) {
          const long = raw.slice(2).toLowerCase().split('=')[0];
          c.flags.add(LONG_FLAGS[long] || `--${long}`);
          continue;
        }
        if (!optionsDone && /^-[a-z]+$/i.test(raw) && c.name !== 'find' && c.name !== 'dd') {
          for (const ch of raw.slice(1)) c.flags.add(/[rR]/.test(ch) ? 'r' : ch);
          continue;
        }
        if (!optionsDone && /^-[a-z-]+$/i.test(raw)) {
          // PowerShell (-Recurse, -Force) and find (-delete) spell words with one dash.
          const long = raw.slice(1).toLowerCase();
          c.flags.add(long === 'recurse' ? 'r' : long === 'force' ? 'f' : `-${long}`);
          continue;
        }
        if (/^\/[a-z?]$/i.test(raw) && WINDOWS_DELETERS.has(c.name)) {
          c.flags.add(`/${raw[1].toLowerCase()}`);
          continue;
        }
        c.args.push(f);
      }
      this.simples.push(c);
      return c;
    }

    // What the command runs, writes and reads, then the rules.
    command(c, ctx) {
      if (++this.steps > MAX_STEPS) {
        this.unverify('it is too long to check');
        return { k: 'unknown', why: 'too long' };
      }
      const nameField = c.fields[0];
      if (nameField.unres) {
        this.unverify(`its command name is not known until it runs (${nameField.raw})`);
        return { k: 'unknown', why: `the output of ${nameField.raw}` };
      }
      const fam = family(c.name);
      if (SHELLS.has(fam)) this.shell(c, ctx, fam);
      else if (fam === 'awk') this.awk(c);
      else if (fam === 'sed') this.sed(c);
      else if (INTERPRETERS.has(fam)) this.interpreter(c, ctx, fam);
      else this.builtin(c, ctx);
      if (nameField.s.includes('/') && this.tainted(nameField.s)) c.script = 'tainted';
      else if (nameField.s.includes('/')) this.runWritten(nameField.s, c, ctx, 'shell', 'sh');
      if (c.extra && (DESTRUCTIVE.has(c.name) || SHELLS.has(fam) || (INTERPRETERS.has(fam) && fam !== 'awk' && fam !== 'sed'))
        && !(SHELLS.has(fam) && c.fields.some((f) => /^-[a-z]*c[a-z]*$/.test(f.s)))) {
        this.unverify(`xargs gives ${c.name} operands from its input`);
      }
      this.taintFrom(c, ctx);
      this.finish(c, ctx);
      if (this.funcs.has(c.name)) c.transparent = true; // a function of this text: its body is looked at
      if (this.funcs.has(c.name) && ctx.stdin.k !== 'none' && !this.calling.has(c.name)) {
        if (this.calling.size >= MAX_NEST) {
          this.unverify('it calls functions too deeply to check');
        } else {
          this.calling.add(c.name);
          this.walk(this.funcs.get(c.name).body, { ...ctx, certain: false });
          this.calling.delete(c.name);
        }
      }
      return outputOf(c, this);
    }

    // The rules, and operands that cannot be known where they decide what is destroyed.
    finish(c, ctx) {
      for (const rule of RULES) {
        if (rule.test && rule.test(c, this)) {
          this.ban(rule);
          break;
        }
      }
      if (DESTRUCTIVE.has(c.name)) {
        // chmod, chown and chgrp: a mode or owner that is one word decides nothing about where.
        const skip = PERMISSIONS.has(c.name) && c.name !== 'setfacl' && c.args.length && !c.args[0].split ? 1 : 0;
        const bad = c.args.slice(skip).find((a) => a.unres);
        if (bad) this.unverify(`${c.name} gets an operand that is not known until it runs (${bad.raw})`);
      }
      for (const o of c.outputs) {
        if (o.unres) this.unverify(`it writes to a file whose name is not known until it runs (${o.raw})`);
      }
    }

    shell(c, ctx, fam) {
      const f = c.fields;
      if (fam === 'cmd') {
        const k = f.findIndex((x) => /^\/[ck]$/i.test(x.s));
        if (k < 0) this.stdinScript(c, ctx, 'shell', fam);
        else this.scriptOfFields(f.slice(k + 1), c, ctx);
        return;
      }
      let i = 1;
      let inline = false;
      let fromStdin = false;
      while (i < f.length) {
        const w = f[i];
        if (w.unres && inline) break;
        if (w.unres) {
          this.unverify(`${c.name} gets an option that is not known until it runs (${w.raw})`);
          return;
        }
        const s = w.s;
        if (s === '--' || s === '-') {
          i++;
          break;
        }
        if (s.startsWith('--')) {
          const long = s.slice(2).split('=')[0];
          if (long === 'rcfile' || long === 'init-file') {
            this.runFile(s.includes('=') ? fieldOf(s.slice(s.indexOf('=') + 1)) : f[++i], c, ctx, 'shell', fam);
          } else if (long === 'command' && s.includes('=')) {
            this.script(s.slice(s.indexOf('=') + 1), c, ctx);
            return;
          } else if (long === 'command') {
            inline = true;
          } else if (long === 'init-command') {
            const v = s.includes('=') ? fieldOf(s.slice(s.indexOf('=') + 1)) : f[++i];
            if (v) this.scriptOfFields([v], c, ctx);
          }
          i++;
          continue;
        }
        if ((s[0] === '-' || s[0] === '+') && s.length > 1) {
          for (const ch of s.slice(1)) {
            if (ch === 'c') inline = true;
            else if (ch === 's') fromStdin = true;
            else if (ch === 'o' || ch === 'O') i++;
          }
          i++;
          continue;
        }
        break;
      }
      if (inline) {
        if (i < f.length) this.scriptOfFields([f[i]], c, ctx);
        return;
      }
      if (fromStdin || i >= f.length) this.stdinScript(c, ctx, 'shell', fam);
      else this.runFile(f[i], c, ctx, 'shell', fam);
    }

    scriptOfFields(fields, c, ctx) {
      const bad = fields.find((x) => x.unres);
      if (bad) {
        if (!this.allows(family(c.name))) this.unverify(`it hands ${c.name} a script that is not known until it runs (${bad.raw})`);
        return;
      }
      c.transparent = true; // the allow list looks at the script's commands instead
      this.script(fields.map((x) => x.s).join(' '), c, ctx);
    }

    interpreter(c, ctx, fam) {
      const f = c.fields;
      let i = 1;
      let inline = '';
      let fromStdin = false;
      if (fam === 'powershell') {
        if (c.name === 'iex' || c.name === 'invoke-expression') {
          if (f.length > 1) inline = c.name;
          else fromStdin = true;
        } else {
          for (; i < f.length; i++) {
            const s = f[i].s.toLowerCase();
            if (/^[-/](?:c|co|com|comm|comma|comman|command|e|ec|en|enc|encodedcommand)$/.test(s)) {
              inline = f[i].s;
              break;
            }
            if (/^[-/](?:f|fi|fil|file)$/.test(s)) {
              this.runFile(f[i + 1], c, ctx, 'interpreter', fam);
              return;
            }
            if (!s.startsWith('-') && !s.startsWith('/')) {
              inline = 'a command line';
              break;
            }
          }
        }
      } else if (fam === 'deno' && f.length > 1) {
        const sub = f[1].s;
        if (sub === 'eval' || sub === 'repl') inline = `deno ${sub}`;
        else if (sub === 'run' || sub === 'test') {
          const file = f.slice(2).find((x) => x.unres || !x.s.startsWith('-') || x.s === '-');
          if (file && file.s === '-') fromStdin = true;
          else this.runFile(file, c, ctx, 'interpreter', fam);
        }
        if (!inline && !fromStdin) return;
      } else {
        const spec = INTERPRETER_OPTIONS[fam] || INTERPRETER_OPTIONS.other;
        if (fam === 'bun' && f[1] && (f[1].s === 'run' || f[1].s === 'x')) i = 2;
        while (i < f.length) {
          const w = f[i];
          if (w.unres) {
            this.unverify(`${c.name} gets an option that is not known until it runs (${w.raw})`);
            return;
          }
          const s = w.s;
          if (s === '-') {
            fromStdin = true;
            break;
          }
          if (s === '--') {
            i++;
            break;
          }
          if (!s.startsWith('-') || s.length < 2) break;
          if (s.startsWith('--')) {
            const long = s.split('=')[0];
            if (INLINE_LONG.has(long)) {
              inline = long;
              break;
            }
            if (VALUE_LONG.has(long) && !s.includes('=')) i++;
            i++;
            continue;
          }
          let next = i + 1;
          let stop = false;
          for (let k = 1; k < s.length; k++) {
            const ch = s[k];
            if (spec.inline.includes(ch)) {
              inline = `-${ch}`;
              stop = true;
              break;
            }
            if (spec.module.includes(ch)) return; // python -m: a module, not a file
            if (spec.file.includes(ch)) {
              this.runFile(k + 1 < s.length ? fieldOf(s.slice(k + 1)) : f[i + 1], c, ctx, 'interpreter', fam);
              return;
            }
            if (spec.arg.includes(ch)) {
              if (k + 1 === s.length) next = i + 2;
              break;
            }
            if (spec.attached.includes(ch)) break;
          }
          if (stop) break;
          i = next;
        }
      }
      if (inline) {
        if (!this.allows(fam)) this.unverify(`it runs ${c.name} code given inline (${inline})`);
        return;
      }
      if (fromStdin || i >= f.length) this.stdinScript(c, ctx, 'interpreter', fam);
      else this.runFile(f[i], c, ctx, 'interpreter', fam);
    }

    // awk's program runs commands with system() and | ("cmd" | getline, print | "sh").
    awk(c) {
      const f = c.fields;
      let program = null;
      for (let i = 1; i < f.length; i++) {
        const s = f[i].s;
        if (f[i].unres) {
          program = f[i];
          break;
        }
        if (s === '-f' || s === '--file' || s === '-E' || s === '--exec') return;
        if (['-F', '-v', '-i', '-l', '--assign', '--field-separator', '--include', '--load'].includes(s)) {
          i++;
        } else if (s === '-e' || s === '--source') {
          program = f[i + 1] || null;
          break;
        } else if (s === '--') {
          program = f[i + 1] || null;
          break;
        } else if (!s.startsWith('-') || s === '-') {
          program = f[i];
          break;
        }
      }
      if (!program || this.allows('awk')) return;
      if (program.unres) this.unverify(`its awk program is not known until it runs (${program.raw})`);
      else if (/system\s*\(|\|/.test(program.s)) this.unverify('its awk program runs commands (system or |)');
    }

    // GNU sed's e command and the e flag of s///e run commands.
    sed(c) {
      if (this.allows('sed')) return;
      const f = c.fields;
      const scripts = [];
      let sawScript = false;
      for (let i = 1; i < f.length; i++) {
        const s = f[i].s;
        if (s === '-e' || s === '--expression') {
          if (f[i + 1]) scripts.push(f[i + 1]);
          sawScript = true;
          i++;
        } else if (s.startsWith('--expression=')) {
          scripts.push(fieldOf(s.slice(13)));
          sawScript = true;
        } else if (s === '-f' || s === '--file') {
          sawScript = true;
          i++;
        } else if (!s.startsWith('-') && !sawScript) {
          scripts.push(f[i]);
          break;
        }
      }
      for (const s of scripts) {
        if (s.unres) this.unverify(`its sed script is not known until it runs (${s.raw})`);
        else if (/(?:^|[;\n])\s*e(?:\s|$)|\/[a-zA-Z0-9]*e[a-zA-Z0-9]*\s*(?:$|[;\n}])/.test(s.s)) {
          this.unverify('its sed script runs commands (the e command or flag)');
        }
      }
    }

    builtin(c, ctx) {
      const f = c.fields;
      const env = ctx.env;
      switch (c.name) {
        case 'source':
        case '.':
          this.runFile(c.args[0], c, ctx, 'shell', 'sh');
          break;
        case 'eval':
          this.scriptOfFields(f.slice(1), c, ctx);
          break;
        case 'trap': {
          const action = f[1] && f[1].s === '--' ? f[2] : f[1];
          if (!action || (!action.unres && (action.s === '-' || action.s === '' || /^-[lp]$/.test(action.s)))) break;
          if (f.length > 2) this.scriptOfFields([action], c, ctx);
          break;
        }
        case 'alias':
          this.unverify('it uses alias, which hides what runs');
          break;
        case 'find':
          this.find(c, ctx);
          break;
        case 'git':
          this.git(c, ctx);
          break;
        case 'at':
        case 'batch': {
          const r = scanOptions(f, 1, { short: 'VmMlrbdvcA', arg: 'qft', long: {} });
          if (r.bad) this.unverify(`at gets ${r.bad}`);
          else if (r.opts.some((o) => 'lrdc'.includes(o[0]))) break;
          else if (r.opts.some((o) => o[0] === 'f')) this.runFile(r.opts.find((o) => o[0] === 'f')[1], c, ctx, 'shell', 'sh');
          else this.stdinScript(c, ctx, 'shell', 'sh');
          break;
        }
        case 'crontab': {
          const r = scanOptions(f, 1, { short: 'lreiTnV', arg: 'usc', long: {} });
          if (r.bad) this.unverify(`crontab gets ${r.bad}`);
          else if (r.opts.some((o) => 'lreiTV'.includes(o[0]))) break;
          else if (r.i >= f.length || f[r.i].s === '-') this.stdinScript(c, ctx, 'crontab', 'sh');
          else this.runFile(f[r.i], c, ctx, 'crontab', 'sh');
          break;
        }
        case 'cd':
        case 'pushd':
        case 'popd': {
          const target = c.name === 'popd' ? null : c.args.find((x) => x.unres || !x.s.startsWith('-') || x.s === '-');
          const next = [];
          for (const d of env.cwd) {
            if (c.name === 'popd' || (target && (target.unres || target.s === '-'))) next.push(null);
            else if (!target) next.push('~');
            else if (isRooted(normalPath(target.s))) next.push(normalPath(target.s));
            else next.push(d === null ? null : normalPath(`${d}/${target.s}`));
          }
          for (const d of next) if (!env.cwd.includes(d)) env.cwd.push(d);
          if (env.cwd.length > 8) env.cwd = [null].concat(env.cwd.filter((d) => d !== null).slice(-7));
          break;
        }
        case 'export':
        case 'declare':
        case 'typeset':
        case 'local':
        case 'readonly': {
          let unknownKind = false;
          for (let k = 1; k < f.length; k++) {
            const x = f[k];
            if (!x.unres && /^[-+][a-zA-Z]+$/.test(x.s)) {
              if (/[naAi]/.test(x.s)) unknownKind = true;
              continue;
            }
            const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/.exec(x.unres ? x.raw : x.s);
            if (!m) continue;
            let val = x.unres || m[2] || unknownKind ? unknownValue(x.unres || `$${m[1]} is built up here`)
              : knownValue(x.s.slice(m[0].length));
            if (m[2] && !x.unres && !unknownKind) {
              const old = varValue(m[1], ctx);
              val = old.known && old.vals.length === 1 ? knownValue(old.vals[0].s + x.s.slice(m[0].length)) : old;
            }
            c.envRisk = this.checkAssignment(m[1], val, ctx) || c.envRisk;
            assign(env, m[1], val, ctx.certain);
          }
          break;
        }
        case 'unset':
          for (const x of c.args) if (!x.unres) assign(env, x.s, knownValue(''), ctx.certain);
          break;
        case 'read':
        case 'mapfile':
        case 'readarray':
        case 'getopts':
        case 'printf':
          for (let k = 1; k < f.length; k++) {
            if (c.name === 'printf' && !(f[k - 1].s === '-v')) continue;
            if (!f[k].unres && /^[A-Za-z_][A-Za-z0-9_]*$/.test(f[k].s)) {
              assign(env, f[k].s, unknownValue(`$${f[k].s} is read when it runs`), false);
            }
          }
          break;
        default:
          break;
      }
    }

    find(c, ctx) {
      const f = c.fields;
      let i = 1;
      while (i < f.length && !f[i].unres && (/^-[HLP]$/.test(f[i].s) || /^-O\d*$/.test(f[i].s))) i++;
      if (i < f.length && f[i].s === '-D') i += 2;
      const roots = [];
      while (i < f.length) {
        const s = f[i].s;
        if (!f[i].unres && (s.startsWith('-') || s === '(' || s === '!' || s === ',')) break;
        roots.push(f[i]);
        i++;
      }
      if (!roots.length) roots.push(fieldOf('.'));
      c.findRoots = roots;
      let acts = false;
      while (i < f.length) {
        const s = f[i].s;
        if (s === '-delete') {
          c.findDeletes = true;
          acts = true;
        }
        if (s === '-exec' || s === '-execdir' || s === '-ok' || s === '-okdir') {
          acts = true;
          let j = i + 1;
          while (j < f.length && f[j].s !== ';' && f[j].s !== '+') j++;
          const inner = f.slice(i + 1, j).map((x) => {
            if (x.s === '{}' && !x.unres) return { ...x, found: true };
            if (x.s.includes('{}')) return { ...x, unres: `find puts the path it finds into ${x.raw}` };
            return x;
          });
          if (inner.length) this.runCommand(inner, { ...ctx, foundBy: roots }, { envRisk: false, cond: false });
          i = j + 1;
          continue;
        }
        i++;
      }
      const split = f.find((x) => x.split);
      if (split) this.unverify(`find gets words that are not known until it runs (${split.raw})`);
      const bad = roots.find((r) => r.unres);
      if (acts && bad) this.unverify(`find acts on a folder that is not known until it runs (${bad.raw})`);
    }

    // git -c key=value and git config key value, for keys whose value git runs as a command.
    git(c, ctx) {
      const f = c.fields;
      let i = 1;
      while (i < f.length && f[i].s.startsWith('-')) {
        if (f[i].s === '-c' && f[i + 1]) {
          const kv = f[i + 1];
          const eq = kv.s.indexOf('=');
          this.gitConfig(fieldOf(eq < 0 ? kv.s : kv.s.slice(0, eq)), eq < 0 ? fieldOf('') : { ...kv, s: kv.s.slice(eq + 1) }, c, ctx);
          i += 2;
        } else if (['-C', '--git-dir', '--work-tree', '--namespace', '--config-env'].includes(f[i].s)) {
          i += 2;
        } else {
          i++;
        }
      }
      if (i >= f.length || f[i].s !== 'config') return;
      const operands = [];
      for (let k = i + 1; k < f.length; k++) {
        const s = f[k].s;
        if (['-f', '--file', '--blob', '--type', '--default', '--comment'].includes(s)) k++;
        else if (!s.startsWith('-') || f[k].unres) operands.push(f[k]);
      }
      if (operands.length && ['set', 'add'].includes(operands[0].s)) operands.shift();
      if (operands.length >= 2) this.gitConfig(operands[0], operands[1], c, ctx);
    }

    gitConfig(key, value, c, ctx) {
      const k = key.s.toLowerCase();
      if (k === 'core.hookspath') {
        this.unverify('it points git at other hook scripts');
        return;
      }
      if (!GIT_COMMAND_KEYS.test(k)) return;
      if (value.unres || key.unres) {
        this.unverify(`it sets git's ${key.s}, a command git runs, to text not known until it runs`);
        return;
      }
      let text = value.s;
      if (k.startsWith('alias.') || k === 'credential.helper') {
        if (!text.startsWith('!')) return;
        text = text.slice(1);
      }
      this.script(text, c, ctx);
    }

    // Files a downloader or decoder writes, and what they are copied or unpacked to.
    taintFrom(c, ctx) {
      const f = c.fields;
      if (c.name === 'curl' || c.name === 'wget' || c.name === 'aria2c') {
        let remote = c.name !== 'curl';
        for (let k = 1; k < f.length; k++) {
          const s = f[k].s;
          if (s === '-o' || s === '--output' || s === '-O' && c.name === 'wget' || s === '--output-document' || s === '--out') {
            this.addTaint(f[k + 1]);
          } else if (/^--(?:output|output-document|out)=/.test(s)) {
            this.addTaint(fieldOf(s.slice(s.indexOf('=') + 1)));
          } else if (/^-[a-zA-Z]+$/.test(s)) {
            const letter = c.name === 'curl' ? 'o' : 'O';
            const at = s.indexOf(letter);
            if (at > 0) this.addTaint(at === s.length - 1 ? f[k + 1] : fieldOf(s.slice(at + 1)));
            if (c.name === 'curl' && s.includes('O')) remote = true;
            if (c.name === 'curl' && s.includes('J')) this.taintAll = true;
          } else if (s === '--remote-name' || s === '--remote-name-all') {
            remote = true;
          } else if (s === '--remote-header-name') {
            this.taintAll = true;
          }
        }
        if (remote) {
          for (const x of f.slice(1)) {
            if (!x.unres && /^[a-z][a-z0-9+.-]*:\/\//i.test(x.s)) {
              this.addTaint(fieldOf(basename(x.s.split(/[?#]/)[0]) || 'index.html'));
            }
          }
        }
      } else if (/^(?:iwr|invoke-webrequest|irm|invoke-restmethod)$/.test(c.name)) {
        for (let k = 1; k < f.length; k++) if (/^-outf/i.test(f[k].s)) this.addTaint(f[k + 1]);
      }
      const decoder = isDecoder(c);
      if (decoder) {
        for (let k = 1; k < f.length; k++) {
          if (['-o', '-out', '--output'].includes(f[k].s)) this.addTaint(f[k + 1]);
        }
        if (c.name === 'xxd' && c.args.length >= 2) this.addTaint(c.args[1]);
      }
      const out = outputOf(c, this);
      if (out.k === 'download' || out.k === 'decode') for (const o of c.outputs) this.addTaint(o);
      for (const o of c.outputs) this.write(o, out.k === 'text' ? out.text : null);
      if (c.name === 'tee') for (const a of c.args) this.write(a, c.stdin.k === 'text' ? c.stdin.text : null);
      if ((c.name === 'cp' || c.name === 'mv') && c.args.length === 2 && !c.args[0].unres) {
        const text = this.writtenText(c.args[0].s);
        if (text !== undefined) this.write(c.args[1], text);
      }
      const bind = c.name === 'mount' && (c.flags.has('B') || c.flags.has('--bind') || c.flags.has('--rbind')
        || c.args.some((a) => /(?:^|,)r?bind(?:,|$)/.test(a.s)));
      if ((c.name === 'ln' && (c.flags.has('s') || c.flags.has('--symbolic'))) || bind) {
        const operands = c.args.filter((a) => !/(?:^|,)r?bind(?:,|$)/.test(a.s));
        if (operands.length >= 1 && operands.length <= 2 && !operands.some((a) => a.unres)) {
          const target = normalPath(operands[0].s);
          const name = operands.length === 2 ? normalPath(operands[1].s) : basename(target);
          this.links.push([name, target]);
        }
      }
      if (['cp', 'mv', 'install', 'ln', 'rsync'].includes(c.name) && c.args.length >= 2) {
        const sources = c.args.slice(0, -1);
        const dest = c.args[c.args.length - 1];
        for (const s of sources) {
          if (s.unres || !this.tainted(s.s)) continue;
          this.addTaint(dest);
          this.addTaint(fieldOf(`${dest.s}/${basename(normalPath(s.s))}`));
        }
      }
      if (EXTRACTORS.has(c.name)) {
        if (c.args.some((a) => !a.unres && this.tainted(a.s)) || c.stdin.k === 'download' || c.stdin.k === 'decode') {
          this.taintAll = true;
        }
      }
    }

    // The first simple command the allow list does not cover, as a sentence, or ''.
    notAllowed(entries) {
      for (const c of this.simples) {
        if (c.cond) continue;
        const why = allowProblem(c, entries);
        if (why) return why;
      }
      return '';
    }

    parsed() {
      return this.simples.map((c) => [c.name || c.label, ...[...c.flags].sort().map((f) => (f.length === 1 ? `-${f}` : f)),
        ...c.args.map((a) => normalPath(a.s)), ...c.outputs.map((o) => `> ${normalPath(o.s)}`)]
        .filter((w) => w !== '').join(' ')).join(' ; ');
    }
  }

  function valueOf(fields) {
    if (fields.length === 0) return knownValue('');
    if (fields.length === 1 && !fields[0].unres) return knownValue(fields[0].s);
    return unknownValue(fields.length === 1 ? fields[0].unres : 'several words');
  }

  // A variable set in the straight run of the text takes the value; set on some paths only,
  // it may hold either.
  function assign(env, name, val, certain) {
    if (name === 'IFS') env.ifs = true;
    if (certain) {
      env.vars.set(name, val);
      return;
    }
    const old = env.vars.get(name);
    if (!old || !old.known || !val.known) {
      env.vars.set(name, unknownValue(`$${name} is set on some paths only`));
      return;
    }
    const vals = old.vals.slice();
    for (const v of val.vals) if (!vals.some((o) => o.s === v.s && o.pat === v.pat)) vals.push(v);
    env.vars.set(name, vals.length > MAX_VALUES ? unknownValue(`$${name} may hold too many values`)
      : { known: true, why: '', vals });
  }

  function isDecoder(c) {
    switch (c.name) {
      case 'base64':
      case 'base32':
      case 'basenc':
      case 'gbase64':
        return c.flags.has('d') || c.flags.has('D') || c.flags.has('--decode');
      case 'xxd':
        return c.flags.has('r') || c.flags.has('-revert');
      case 'uudecode':
        return true;
      case 'openssl':
      case 'gpg':
      case 'gpg2':
        return c.flags.has('d') || c.flags.has('--decrypt');
      default:
        return false;
    }
  }

  // What a simple command writes to its output (a pipe's next command reads it).
  function outputOf(c, an) {
    if (DOWNLOADERS.has(c.name)) return { k: 'download' };
    if (isDecoder(c)) return { k: 'decode' };
    const f = c.fields;
    if (c.name === 'echo') {
      let k = 1;
      let newline = true;
      while (k < f.length && !f[k].unres && /^-[neE]+$/.test(f[k].s)) {
        if (f[k].s.includes('e')) return { k: 'unknown', why: 'echo -e' };
        if (f[k].s.includes('n')) newline = false;
        k++;
      }
      const words = f.slice(k);
      if (words.some((x) => x.unres || x.s.includes('\\'))) return { k: 'unknown', why: 'what echo prints' };
      return { k: 'text', text: words.map((x) => x.s).join(' ') + (newline ? '\n' : '') };
    }
    if (c.name === 'printf') {
      if (f.length !== 2 || f[1].unres || f[1].s.includes('%') || /\\(?!n)/.test(f[1].s)) {
        return { k: 'unknown', why: 'what printf prints' };
      }
      return { k: 'text', text: f[1].s.replace(/\\n/g, '\n') };
    }
    const files = c.args.filter((a) => a.s !== '-');
    if (files.some((a) => !a.unres && an.tainted(a.s)) && (c.name === 'cat' || FILTERS.has(c.name))) {
      return { k: 'download' };
    }
    if (c.name === 'cat' || c.name === 'tee') {
      if (c.name === 'cat' && files.length) return { k: 'unknown', why: 'the files cat prints' };
      const input = c.stdin;
      if (input.k === 'file') return an.tainted(input.field.s) ? { k: 'download' } : { k: 'unknown', why: 'a file' };
      if (input.k === 'proc') return { k: 'unknown', why: 'the output of <(…)' };
      return input.k === 'none' ? { k: 'unknown', why: `what ${c.name} reads` } : input;
    }
    if (FILTERS.has(c.name) && (c.stdin.k === 'download' || c.stdin.k === 'decode')) return { k: c.stdin.k };
    return { k: 'unknown', why: `the output of ${c.name}` };
  }

  function children(node) {
    switch (node.t) {
      case 'list':
        return node.items.map((i) => i.node);
      case 'andor':
        return [node.first].concat(node.rest.map((r) => r.node));
      case 'pipe':
        return node.cmds;
      case 'sub':
      case 'group':
      case 'func':
        return [node.body];
      case 'if':
        return node.clauses.flatMap((c) => [c.cond, c.body]).concat(node.els ? [node.els] : []);
      case 'while':
        return [node.cond, node.body];
      case 'for':
        return node.body ? [node.body] : [];
      case 'case':
        return node.items.map((i) => i.body);
      default:
        return [];
    }
  }

  function countCalls(node, name) {
    let n = node.t === 'simple' && node.words.length && literalOf(node.words[0]) === name ? 1 : 0;
    for (const k of children(node)) n += countCalls(k, name);
    return n;
  }

  function forks(node) {
    if (node.t === 'pipe' && node.cmds.length > 1) return true;
    if (node.t === 'list' && node.items.some((i) => i.async)) return true;
    return children(node).some(forks);
  }

  // ---- 6. the rules ----------------------------------------------------------------------

  const anyArg = (c, test) => c.args.some(test);
  const lastArg = (c) => c.args[c.args.length - 1];

  const RULES = [
    { id: 'fork-bomb', what: 'is a fork bomb', test: null },
    { id: 'recursive-delete', what: 'deletes a root, home or system folder recursively', test: (c) =>
      (c.flags.has('r') || c.flags.has('/s') || c.name === 'rimraf') && DELETERS.has(c.name) && anyArg(c, (f) => covers(f, c, true)) },
    { id: 'dd-device', what: 'writes a raw device with dd', test: (c) =>
      (c.name === 'dd' || c.name === 'dcfldd') && anyArg(c, (f) => {
        if (!/^of=/i.test(f.s)) return false;
        const target = { ...f, s: f.s.slice(3), pat: f.pat === null ? null : f.pat.slice(3) };
        const p = normalPath(target.s);
        return (/^\/dev\//.test(p) && !/^\/dev\/(?:null|zero|stdout|stderr)$/.test(p)) || isDevice(target);
      }) },
    { id: 'format-disk', what: 'formats a disk', test: (c) =>
      /^mkfs(?:\.|$)|^mke2fs$|^mkswap$|^wipefs$|^newfs|^mkdosfs$|^mkntfs$|^mkexfatfs$/.test(c.name)
      || (c.name === 'format' && anyArg(c, (f) => /^[a-z]:\\?$/i.test(f.s)))
      || c.name === 'diskpart'
      || (c.name === 'diskutil' && anyArg(c, (f) => /^(?:erase|zerodisk|randomdisk|secureerase|partitiondisk|reformat)/i.test(f.s)))
      || (c.name === 'nvme' && c.args.length > 0 && c.args[0].s === 'format')
      || (c.name === 'cryptsetup' && anyArg(c, (f) => /^(?:luksformat|erase|luksErase)$/i.test(f.s))) },
    { id: 'block-device-write', what: 'writes over a disk device', test: (c) =>
      c.outputs.some(isDevice)
      || ((c.name === 'shred' || c.name === 'tee') && anyArg(c, isDevice))
      || (['cp', 'ddrescue', 'install', 'mv', 'rsync', 'pv'].includes(c.name) && c.args.length >= 2 && isDevice(lastArg(c))) },
    { id: 'partition-wipe', what: "rewrites a disk's partition table or discards its blocks", test: (c) => {
      const device = anyArg(c, isDevice);
      const flag = (...names) => names.some((x) => c.flags.has(x));
      switch (c.name) {
        case 'blkdiscard':
          return true;
        case 'sgdisk':
          return flag('Z', 'z', 'o', '--zap-all', '--zap', '--clear');
        case 'sfdisk':
          return device && !flag('l', 'd', 's', 'g', 'V', 'J', 'F', '--list', '--dump', '--show-size',
            '--show-geometry', '--verify', '--json', '--list-free', '--help', '--version');
        case 'parted':
          return device && anyArg(c, (f) => /^(?:mklabel|mktable|rm|mkpart|mkpartfs|resizepart|resize)$/i.test(f.s));
        case 'fdisk':
        case 'gdisk':
        case 'cfdisk':
          return device && !flag('l') && c.stdin.k !== 'none';
        case 'hdparm':
          return [...c.flags].some((x) => /^--(?:security-erase|trim-sector-ranges|write-sector)/.test(x));
        default:
          return false;
      }
    } },
    { id: 'recursive-permissions', what: 'changes permissions, ACLs or owners of /, ~ or a system folder recursively',
      test: (c) => PERMISSIONS.has(c.name)
        && ((c.flags.has('r') && anyArg(c, (f) => covers(f, c, false)))
          || (c.foundBy !== null && c.foundBy.some((r) => covers(r, c, false)))) },
    { id: 'find-delete', what: 'deletes everything find reaches from /, ~ or a system folder', test: (c) =>
      (c.name === 'find' && c.findDeletes && c.findRoots.some((r) => covers(r, c, false)))
      || (c.foundBy !== null && REMOVERS.has(c.name) && c.foundBy.some((r) => covers(r, c, false))) },
    { id: 'rsync-delete', what: 'mirrors into /, ~ or a system folder with rsync --delete', test: (c) =>
      c.name === 'rsync' && [...c.flags].some((x) => x === 'delete' || x.startsWith('--del'))
      && c.args.length > 0 && !/^[^/]*:/.test(lastArg(c).s) && covers(lastArg(c), c, false) },
    { id: 'move-system-dir', what: 'moves /, ~ or a system folder away', test: (c) =>
      c.name === 'mv' && (c.flags.has('t') || c.flags.has('--target-directory') ? c.args : c.args.slice(0, -1))
        .some((f) => covers(f, c, false)) },
    { id: 'download-to-shell', what: 'runs a downloaded script', test: (c) => c.script === 'download' },
    { id: 'decode-to-shell', what: 'runs a script decoded from hidden text', test: (c) => c.script === 'decode' },
    { id: 'download-then-run', what: 'runs a file it has just downloaded or decoded', test: (c) =>
      c.script === 'tainted' },
  ];

  // The compact fork bomb NAME(){NAME|NAME&};NAME (any name, any case, blanks removed), which
  // bash itself would refuse to parse (`{:` is a word). Read in one pass: a backreference regex
  // takes quadratic time on long text.
  function compactForkBomb(text) {
    const s = text.replace(/\s+/g, '');
    const isName = (c) => c !== undefined && /[a-z0-9_:]/i.test(c);
    const same = (at, name) => at >= 0 && s.slice(at, at + name.length).toLowerCase() === name.toLowerCase()
      && at + name.length <= s.length;
    let from = 0;
    for (;;) {
      const i = s.indexOf('(){', from);
      if (i < 0) return false;
      from = i + 1;
      let k = i + 3;
      while (k < s.length && isName(s[k])) k++;
      const name = s.slice(i + 3, k);
      if (!name || isDigit(name[0]) || s[k] !== '|') continue;
      if (!same(i - name.length, name)) continue;
      let j = k + 1;
      if (!same(j, name)) continue;
      j += name.length;
      if (s.slice(j, j + 2) !== '&}') continue;
      j += 2;
      if (s[j] === ';') j++;
      if (same(j, name)) return true;
    }
  }

  // ---- 7. user entries and the allow list -------------------------------------------------

  const collapse = (s) => String(s).toLowerCase().replace(/\s+/g, ' ').trim();

  // One list compiled entry by entry (an entry compiling to null is left out), kept until the
  // entries change: the page checks often, the lists change rarely.
  function compiledList(compileEntry) {
    let compiledFor = null;
    let compiled = [];
    return (entries) => {
      const key = JSON.stringify(entries || []);
      if (key === compiledFor) return compiled;
      compiledFor = key;
      compiled = [];
      for (const raw of entries || []) {
        const entry = compileEntry(raw);
        if (entry) compiled.push(entry);
      }
      return compiled;
    };
  }

  // A ban entry: /regex/flags, or words matched after collapsing case and spaces.
  function banEntry(raw) {
    const source = String(raw).trim();
    if (!source) return null;
    const m = /^\/(.+)\/([a-z]*)$/s.exec(source);
    if (!m) return { source, needle: collapse(source) };
    try {
      return { source, re: new RegExp(m[1], m[2].replace(/[gy]/g, '')) };
    } catch (e) {
      return { source, invalid: String(e.message || e) };
    }
  }

  const compile = compiledList(banEntry);

  // An allow entry: words matched one for one; a last * matches any further words. Returns
  // {words, open} or {error}.
  function allowEntry(entry) {
    const source = String(entry == null ? '' : entry).trim();
    if (!source) return { error: 'an entry is empty' };
    const p = new Parser(source, 0, 0);
    const tree = p.parseScript();
    if (p.error) return { error: `'${source}' is not a command: ${p.error}` };
    const item = tree.items.length === 1 && !tree.items[0].async ? tree.items[0].node : null;
    if (!item || item.t !== 'simple') return { error: `'${source}' must be one command, without ; | && || or &` };
    if (item.assigns.length || item.redirs.length) {
      return { error: `'${source}' must be a command and its words, without VAR= or redirections` };
    }
    const words = [];
    let open = false;
    for (let k = 0; k < item.words.length; k++) {
      const w = item.words[k];
      const text = literalOf(w);
      if (text === null) return { error: `'${source}' may not hold $, \` or ~ expansions` };
      if (w.parts.some((x) => !x.q && x.s.includes('*'))) {
        if (text !== '*' || k !== item.words.length - 1) return { error: `'${source}': * may stand only alone, as the last word` };
        if (k === 0) return { error: `'${source}' would allow every command` };
        open = true;
        continue;
      }
      words.push(text);
    }
    return { words, open };
  }

  const compileAllow = compiledList((raw) => {
    const e = allowEntry(raw);
    return e.error ? null : e;
  });

  const BIN_DIRS = ['/bin/', '/usr/bin/', '/usr/local/bin/', '/sbin/', '/usr/sbin/', '/opt/homebrew/bin/'];
  const HARMLESS_OUTPUTS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

  function matchesEntry(fields, entry, extra) {
    if (fields.length < entry.words.length) return false;
    if ((fields.length > entry.words.length || extra) && !entry.open) return false;
    for (let k = 0; k < entry.words.length; k++) {
      const f = fields[k];
      if (f.unres) return false;
      if (f.s === entry.words[k]) continue;
      if (k === 0 && BIN_DIRS.some((d) => f.s === d + entry.words[0])) continue;
      return false;
    }
    return true;
  }

  function allowProblem(c, entries) {
    const shown = (c.full.length ? c.full : c.fields).map((f) => (f.unres ? f.raw : f.s)).join(' ');
    const writes = c.outputs.find((o) => o.unres || !HARMLESS_OUTPUTS.has(normalPath(o.s)));
    if (writes) return `\`${shown || '>'}\` writes to ${writes.raw}, which the allow list never allows`;
    if (c.envRisk) return `\`${shown || c.name}\` changes a variable that decides what runs (PATH, PAGER, …)`;
    if (!c.fields.length) return '';
    const privileged = c.wrappers.some((w) => PRIVILEGED.has(w));
    if (c.transparent && !privileged) return '';
    for (const e of entries) {
      if (c.full.length && matchesEntry(c.full, e, c.extra)) return '';
      if (!privileged && matchesEntry(c.fields, e, c.extra)) return '';
    }
    return `\`${shown}\` is not on your allow list`;
  }

  function policyOf(policy) {
    const p = policy || {};
    const list = (v) => (Array.isArray(v) ? v.map(String) : []);
    return { mode: p.mode === 'allowlist' ? 'allowlist' : 'rules', allowed: list(p.allowed),
      interpreters: new Set(list(p.interpreters).map((x) => family(x.trim().toLowerCase()))) };
  }

  // ---- 8. the verdict ----------------------------------------------------------------------

  function analyse(text, policy) {
    const an = new Analysis(policy);
    if (text.length > MAX_TEXT) {
      an.unverify('it is too long to check');
      return an;
    }
    const p = new Parser(text, 0, 0);
    const tree = p.parseScript();
    if (p.error) an.unverify(`it is not complete shell syntax (${p.error})`);
    an.walk(tree, { env: newEnv([null]), stdin: NO_INPUT, outputs: [], depth: 0, certain: true });
    return an;
  }

  function verdict(commandText, userEntries, policy) {
    const original = String(commandText == null ? '' : commandText);
    const text = fold(original);
    const pol = policyOf(policy);
    if (compactForkBomb(text)) {
      return { verdict: 'banned', rule: 'fork-bomb', reason: 'it is a fork bomb', parsed: '' };
    }
    const an = analyse(text, pol);
    const parsed = an.parsed();
    if (an.banned) return { verdict: 'banned', rule: an.banned.id, reason: `it ${an.banned.what}`, parsed };
    for (const entry of compile(userEntries)) {
      if (entry.invalid) continue;
      const hit = entry.re ? entry.re.test(original.trim()) || entry.re.test(text.trim())
        : collapse(text).includes(entry.needle) || parsed.includes(entry.needle);
      if (hit) return { verdict: 'banned', rule: entry.source, reason: `it matches your entry ${entry.source}`, parsed };
    }
    if (an.unverifiable) return { verdict: 'unverifiable', rule: 'unverifiable', reason: an.unverifiable, parsed };
    if (pol.mode === 'allowlist') {
      const why = an.notAllowed(compileAllow(pol.allowed));
      if (why) return { verdict: 'not-allowlisted', rule: 'not-allowlisted', reason: why, parsed };
    }
    return { verdict: 'allowed', rule: '', reason: '', parsed };
  }

  return {
    verdict,
    // The parsed form the rules see (for the shared corpus test).
    normalise(commandText) {
      return analyse(fold(commandText), policyOf(null)).parsed();
    },
    // Whether an allow entry can be used: '' or why not.
    allowEntryProblem(entry) {
      return allowEntry(entry).error || '';
    },
  };
}
