// Our MCP server beside Playwright MCP and chrome-devtools-mcp, through the official MCP SDK
// client (stdio), on the same Chromium and the same page: per tool, the call's latency (p50, p95)
// and the reply's size. Printed, not asserted. run.sh (next to this file) starts the Chromium
// and the page server and calls this; to run it by hand:
//
//   (cd tests/bench/mcp-peers && npm ci --ignore-scripts)      # once; no browser download
//   node tests/bench/mcp-peers/mcp-peers.mjs --cdp-port PORT --ours BINARY \
//        --url http://127.0.0.1:P/form.html [--url …] [--rounds 30] [--warmup 3] [--json FILE]
//        [--servers ours,playwright,devtools] [--samples DIR]
//
// Each server in turn (never two at once) is started, opens the page in a tab of its own, and
// runs the rounds; then it closes its tab and exits. One round: a snapshot (whose refs the round's
// other calls use, parsed from that server's own format), then click, hover, type, fill_form,
// select, press, wait, screenshot, console, network, tabs and navigate (last, since it makes the
// refs of the old document stale). The tools are matched by name from each server's tools/list:
//
//   operation   ours                      Playwright MCP           chrome-devtools-mcp
//   snapshot    snapshot                  browser_snapshot         take_snapshot
//   whole_snapshot  snapshot {maxElements, maxChars: no limit}   the same  the same
//   click       click {ref}               browser_click {target}   click {uid}
//   type        type {ref, text}          browser_type {target}    fill {uid, value}
//   fill        fill {ref, value}         browser_type {target}    fill {uid, value}
//   fill_form   fill_form {fields}        browser_fill_form        fill_form {elements}
//   select      select {ref, value}       browser_select_option    fill {uid, value}
//   hover       hover                     browser_hover            hover
//   press       press {key}               browser_press_key        press_key
//   wait        wait {text}               browser_wait_for {text}  wait_for {text: [..]}
//   screenshot  screenshot                browser_take_screenshot  take_screenshot
//   console     console                   browser_console_messages list_console_messages
//   network     network {action: list}    browser_network_requests list_network_requests
//   tabs        tab {action: list}        browser_tabs {list}      list_pages
//   navigate    open {url}                browser_navigate         navigate_page {type: url}
//
// Our snapshot stops at 1,000 lines or 40,000 characters by default (and says how many elements
// it left out); the peers always answer the whole page, so whole_snapshot lifts our limits.
// Playwright MCP's browser_type fills the field at once unless told `slowly`; chrome-devtools-mcp
// has no typing into an element but fill; ours types key by key (`type`) or sets the value
// (`fill`), so both are measured against the same peer calls.
//
// The reply's size is the bytes of its content as the model gets it: the UTF-8 text of its text
// parts plus the base64 data of its image parts (screenshots). The JSON lines (--json) also
// carry `wire`, the size of the whole tools/call result as JSON (structuredContent included).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);

function parseArgs(argv) {
    const options = { urls: [], rounds: 30, warmup: 3, servers: ['ours', 'playwright', 'devtools'] };
    for (let i = 0; i < argv.length; ++i) {
        const value = () => {
            if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
            return argv[++i];
        };
        switch (argv[i]) {
        case '--cdp-port': options.port = Number(value()); break;
        case '--ours': options.ours = value(); break;
        case '--url': options.urls.push(value()); break;
        case '--rounds': options.rounds = Number(value()); break;
        case '--warmup': options.warmup = Number(value()); break;
        case '--json': options.json = value(); break;
        case '--servers': options.servers = value().split(','); break;
        case '--samples': options.samples = value(); break;
        default: throw new Error(`unknown argument ${argv[i]}`);
        }
    }
    if (!(options.port > 0)) throw new Error('--cdp-port PORT is required (the Chromium to attach to)');
    if (!options.urls.length) throw new Error('--url URL is required (the page to measure on; more than one may be given)');
    if (options.servers.includes('ours') && !options.ours) throw new Error('--ours BINARY is required (multi-purpose-agent)');
    for (const s of options.servers)
        if (!['ours', 'playwright', 'devtools'].includes(s)) throw new Error(`unknown server ${s}`);
    if (!(options.rounds > 0) || !(options.warmup >= 0)) throw new Error('--rounds must be > 0 and --warmup >= 0');
    return options;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// What each page offers the operations: the button to click and hover, the field to type into,
// the fields of fill_form, the select and the text to wait for (by role and accessible name).
const pageTargets = {
    form: {
        click: ['button', 'Count clicks'],
        hover: ['button', 'Hover me'],
        type: ['textbox', 'Full name'],
        select: ['combobox', 'Country', 'Japan'],
        form: [['textbox', 'Full name', 'Ada Lovelace', 'textbox'], ['textbox', 'Email', 'ada@example.com', 'textbox'],
               ['combobox', 'Country', 'Germany', 'combobox'], ['checkbox', 'I accept the terms', true, 'checkbox']],
        text: 'Ada',
        waitFor: 'Sign up',
    },
    bench: {
        click: ['button', 'Count'],
        hover: ['button', 'Count'],
        type: ['spinbutton', 'Quantity'],
        select: ['combobox', 'Size of item 0', 'L'],
        form: [['spinbutton', 'Quantity', '3', 'textbox'], ['combobox', 'Size of item 0', 'M', 'combobox']],
        text: '7',
        waitFor: 'Catalogue',
    },
};
const pageKind = (url) => (new URL(url).pathname.endsWith('/bench.html') ? 'bench' : 'form');

// One server: how to start it, open the page, read refs from its snapshot and call each operation.
function servers(options, scratch) {
    const cdpUrl = `http://127.0.0.1:${options.port}`;
    const pkg = (name, bin) => path.join(path.dirname(require.resolve(`${name}/package.json`)), bin);
    return {
        ours: {
            label: 'ours',
            version: () => {
                try { return fs.readFileSync(path.join(here, '../../../CMakeLists.txt'), 'utf8').match(/VERSION (\d+\.\d+\.\d+)/)?.[1] ?? '?'; } catch { return '?'; }
            },
            spawn: () => ({
                command: options.ours,
                args: ['mcp', '--cdp-port', String(options.port), '--config-dir', path.join(scratch, 'ours-config')],
                env: { ...process.env, XDG_CONFIG_HOME: path.join(scratch, 'xdg-config'), XDG_DATA_HOME: path.join(scratch, 'xdg-data'),
                       XDG_CACHE_HOME: path.join(scratch, 'xdg-cache'), XDG_STATE_HOME: path.join(scratch, 'xdg-state') },
            }),
            // `- role "name" … [ref=e12]` (the name's quotes may be escaped)
            ref: (snap, role, name) => snap.match(new RegExp(`- ${escapeRe(role)} \\\\?"${escapeRe(name)}\\\\?"[^\\n]*?\\[ref=([A-Za-z0-9_]+)\\]`))?.[1],
            open: async (call, url) => { await call('tab', { action: 'new', url }); return {}; },
            close: (call) => call('close', {}),
            ops: {
                snapshot: () => ['snapshot', {}],
                whole_snapshot: () => ['snapshot', { maxElements: 1000000, maxChars: 10000000 }],
                click: (t) => ['click', { ref: t.click }],
                hover: (t) => ['hover', { ref: t.hover }],
                type: (t, p) => ['type', { ref: t.type, text: p.text }],
                fill: (t, p) => ['fill', { ref: t.type, value: p.text }],
                fill_form: (t, p) => ['fill_form', { fields: p.form.map((f, i) => ({ ref: t.form[i], value: f[2] })) }],
                select: (t, p) => ['select', { ref: t.select, value: p.select[2] }],
                press: () => ['press', { key: 'Escape' }],
                wait: (t, p) => ['wait', { text: p.waitFor }],
                screenshot: () => ['screenshot', {}],
                console: () => ['console', {}],
                network: () => ['network', { action: 'list' }],
                tabs: () => ['tab', { action: 'list' }],
                navigate: (t, p, url) => ['open', { url }],
            },
        },
        playwright: {
            label: 'Playwright MCP',
            version: () => JSON.parse(fs.readFileSync(require.resolve('@playwright/mcp/package.json'), 'utf8')).version,
            // --isolated is not given: attached by CDP it works in the browser's default context,
            // as the others do. Its output files (snapshots, console logs) go to the scratch dir.
            spawn: () => ({
                command: process.execPath,
                args: [pkg('@playwright/mcp', 'cli.js'), '--cdp-endpoint', cdpUrl, '--output-dir', path.join(scratch, 'playwright-out')],
                cwd: path.join(scratch, 'playwright-cwd'),
            }),
            // `- role "name" [checked] [ref=e12]`
            ref: (snap, role, name) => snap.match(new RegExp(`- ${escapeRe(role)} "${escapeRe(name)}"[^\\n]*?\\[ref=([A-Za-z0-9_]+)\\]`))?.[1],
            open: async (call, url) => { await call('browser_tabs', { action: 'new', url }); return {}; },
            close: (call) => call('browser_tabs', { action: 'close' }),
            ops: {
                snapshot: () => ['browser_snapshot', {}],
                whole_snapshot: () => ['browser_snapshot', {}],
                click: (t, p) => ['browser_click', { element: `${p.click[1]} button`, target: t.click }],
                hover: (t, p) => ['browser_hover', { element: `${p.hover[1]} button`, target: t.hover }],
                type: (t, p) => ['browser_type', { element: `${p.type[1]} field`, target: t.type, text: p.text }],
                fill: (t, p) => ['browser_type', { element: `${p.type[1]} field`, target: t.type, text: p.text }],
                fill_form: (t, p) => ['browser_fill_form', { fields: p.form.map((f, i) => ({ target: t.form[i], name: f[1], type: f[3], value: String(f[2]) })) }],
                select: (t, p) => ['browser_select_option', { element: `${p.select[1]} select`, target: t.select, values: [p.select[2]] }],
                press: () => ['browser_press_key', { key: 'Escape' }],
                wait: (t, p) => ['browser_wait_for', { text: p.waitFor }],
                screenshot: () => ['browser_take_screenshot', {}],
                console: () => ['browser_console_messages', {}],
                network: () => ['browser_network_requests', { static: false }],
                tabs: () => ['browser_tabs', { action: 'list' }],
                navigate: (t, p, url) => ['browser_navigate', { url }],
            },
        },
        devtools: {
            label: 'chrome-devtools-mcp',
            version: () => JSON.parse(fs.readFileSync(require.resolve('chrome-devtools-mcp/package.json'), 'utf8')).version,
            spawn: () => ({
                command: process.execPath,
                args: [pkg('chrome-devtools-mcp', 'build/src/bin/chrome-devtools-mcp.js'), '--browserUrl', cdpUrl,
                       '--no-usage-statistics', '--no-performance-crux'],
                env: { ...process.env, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
                cwd: path.join(scratch, 'devtools-cwd'),
            }),
            // `uid=1_7 textbox "Full name"`
            ref: (snap, role, name) => snap.match(new RegExp(`uid=(\\S+) ${escapeRe(role)} "${escapeRe(name)}"`))?.[1],
            // new_page answers the page list with the new one `[selected]`; every call names it.
            open: async (call, url) => {
                const text = textOf(await call('new_page', { url }));
                const id = text.match(/^(\d+): .*\[selected\]$/m)?.[1];
                if (!id) throw new Error(`new_page: no selected page in: ${text.slice(0, 300)}`);
                return { pageId: Number(id) };
            },
            close: (call, state) => call('close_page', { pageId: state.pageId }),
            ops: {
                snapshot: (t, p, url, s) => ['take_snapshot', { pageId: s.pageId }],
                whole_snapshot: (t, p, url, s) => ['take_snapshot', { pageId: s.pageId }],
                click: (t, p, url, s) => ['click', { pageId: s.pageId, uid: t.click }],
                hover: (t, p, url, s) => ['hover', { pageId: s.pageId, uid: t.hover }],
                type: (t, p, url, s) => ['fill', { pageId: s.pageId, uid: t.type, value: p.text }],
                fill: (t, p, url, s) => ['fill', { pageId: s.pageId, uid: t.type, value: p.text }],
                fill_form: (t, p, url, s) => ['fill_form', { pageId: s.pageId, elements: p.form.map((f, i) => ({ uid: t.form[i], value: String(f[2]) })) }],
                select: (t, p, url, s) => ['fill', { pageId: s.pageId, uid: t.select, value: p.select[2] }],
                press: (t, p, url, s) => ['press_key', { pageId: s.pageId, key: 'Escape' }],
                wait: (t, p, url, s) => ['wait_for', { pageId: s.pageId, text: [p.waitFor] }],
                screenshot: (t, p, url, s) => ['take_screenshot', { pageId: s.pageId }],
                console: (t, p, url, s) => ['list_console_messages', { pageId: s.pageId }],
                network: (t, p, url, s) => ['list_network_requests', { pageId: s.pageId }],
                tabs: () => ['list_pages', {}],
                navigate: (t, p, url, s) => ['navigate_page', { pageId: s.pageId, type: 'url', url }],
            },
        },
    };
}

const operations = ['snapshot', 'whole_snapshot', 'click', 'hover', 'type', 'fill', 'fill_form', 'select', 'press', 'wait', 'screenshot',
                    'console', 'network', 'tabs', 'navigate'];

function textOf(result) {
    return (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}
function sizeOf(result) {
    let bytes = 0;
    for (const c of result.content ?? []) {
        if (c.type === 'text') bytes += Buffer.byteLength(c.text, 'utf8');
        else if (typeof c.data === 'string') bytes += c.data.length;
        else if (c.resource?.text) bytes += Buffer.byteLength(c.resource.text, 'utf8');
        else if (c.resource?.blob) bytes += c.resource.blob.length;
    }
    return bytes;
}
const pick = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p / 100 * sorted.length))];

async function measure(kind, server, url, options) {
    const page = pageTargets[pageKind(url)];
    const spec = server.spawn();
    const started = process.hrtime.bigint();
    const client = new Client({ name: 'mpa-mcp-peers-bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ ...spec, stderr: 'ignore' }));
    const connectMs = Number(process.hrtime.bigint() - started) / 1e6;
    const { tools } = await client.listTools();
    const names = new Set(tools.map((t) => t.name));
    const call = async (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: 120000 });
    const state = await server.open(call, url);
    const rows = Object.fromEntries(operations.map((op) => [op, { times: [], sizes: [], wires: [], errors: [] }]));
    const toolOf = (op) => server.ops[op]({ form: [] }, page, url, state)[0];
    const missing = operations.filter((op) => !names.has(toolOf(op)));
    for (let round = -options.warmup; round < options.rounds; ++round) {
        let targets = { form: [] };
        for (const op of operations) {
            if (missing.includes(op)) continue;
            const request = server.ops[op](targets, page, url, state);
            const t0 = process.hrtime.bigint();
            let result;
            try {
                result = await call(...request);
            } catch (e) {
                result = { isError: true, content: [{ type: 'text', text: `${e.message}` }] };
            }
            const ms = Number(process.hrtime.bigint() - t0) / 1e6;
            const row = rows[op];
            if (round >= 0) {
                row.times.push(ms);
                row.sizes.push(sizeOf(result));
                row.wires.push(JSON.stringify(result).length);
            }
            if (options.samples && round === 0)
                fs.writeFileSync(path.join(options.samples, `${kind.replace(/\W+/g, '_')}-${server.label.replace(/\W+/g, '_')}-${op}.txt`),
                                 `${JSON.stringify(request)}\n\n${textOf(result)}\n`);
            if (result.isError && row.errors.length < 2)
                row.errors.push(textOf(result).replace(/\s+/g, ' ').slice(0, 240));
            if (op === 'snapshot') {
                const snap = textOf(result);
                const ref = (t) => server.ref(snap, t[0], t[1]) ?? 'no-such-ref';
                targets = { click: ref(page.click), hover: ref(page.hover), type: ref(page.type), select: ref(page.select),
                            form: page.form.map(ref) };
                if (round === -options.warmup) {
                    const unresolved = [page.click, page.hover, page.type, page.select, ...page.form]
                        .filter((t) => !server.ref(snap, t[0], t[1])).map((t) => `${t[0]} "${t[1]}"`);
                    if (unresolved.length)
                        console.error(`${server.label} on ${kind}: no ref in its snapshot for ${unresolved.join(', ')}`);
                }
            }
        }
    }
    try { await server.close(call, state); } catch { /* the tab goes with the browser anyway */ }
    await client.close();
    const summary = {};
    for (const op of operations) {
        const row = rows[op];
        if (missing.includes(op)) { summary[op] = { missing: toolOf(op) }; continue; }
        const times = row.times.slice().sort((a, b) => a - b);
        const sizes = row.sizes.slice().sort((a, b) => a - b);
        const wires = row.wires.slice().sort((a, b) => a - b);
        summary[op] = { tool: toolOf(op), n: times.length, p50: pick(times, 50), p95: pick(times, 95),
                        bytes: pick(sizes, 50), maxBytes: sizes[sizes.length - 1], wire: pick(wires, 50), errors: row.errors };
    }
    return { connectMs, summary };
}

const fmtMs = (v) => (v === undefined ? '—' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));
const fmtBytes = (v) => (v === undefined ? '—' : v >= 10240 ? `${Math.round(v / 1024)} KB` : `${v} B`);
const fmtRatio = (v) => (v === undefined || !isFinite(v) ? '—' : v >= 1 ? `${v.toFixed(1)}×` : `1/${(1 / v).toFixed(1)}`);

async function main() {
    let options;
    try { options = parseArgs(process.argv.slice(2)); } catch (e) { console.error(e.message); process.exit(2); }
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-peers-'));
    for (const d of ['playwright-cwd', 'playwright-out', 'devtools-cwd', 'ours-config', 'xdg-config', 'xdg-data', 'xdg-cache', 'xdg-state'])
        fs.mkdirSync(path.join(scratch, d), { recursive: true, mode: 0o700 });
    if (options.samples) fs.mkdirSync(options.samples, { recursive: true });
    const all = servers(options, scratch);
    const results = [];
    console.log(`# MCP servers side by side: ${options.rounds} rounds (after ${options.warmup} warm-up) per page, one call at a time, ` +
                `official MCP SDK ${JSON.parse(fs.readFileSync(path.join(here, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8')).version} over stdio, ` +
                `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`);
    console.log(`# versions: ${options.servers.map((s) => `${all[s].label} ${all[s].version()}`).join(', ')}`);
    for (const url of options.urls) {
        const kind = `${new URL(url).pathname.split('/').pop()}${new URL(url).search}`;
        const byServer = {};
        for (const s of options.servers) {
            try {
                byServer[s] = await measure(kind, all[s], url, options);
            } catch (e) {
                console.error(`${all[s].label} on ${kind}: ${e.stack ?? e}`);
                byServer[s] = { failed: String(e.message ?? e) };
            }
            results.push({ page: kind, server: s, version: all[s].version(), ...byServer[s] });
        }
        console.log(`\n## ${kind}\n`);
        const cols = options.servers;
        console.log(`| tool | ${cols.map((s) => `${all[s].label} p50 / p95 ms | bytes`).join(' | ')} | ours vs Playwright MCP: time, bytes |`);
        console.log(`|---|${cols.map(() => '---:|---:').join('|')}|---|`);
        for (const op of operations) {
            const cells = cols.map((s) => {
                const r = byServer[s];
                if (r.failed) return 'failed | —';
                const row = r.summary[op];
                if (row.missing) return `no \`${row.missing}\` | —`;
                const err = row.errors.length ? ' ⚠' : '';
                return `${fmtMs(row.p50)} / ${fmtMs(row.p95)}${err} | ${fmtBytes(row.bytes)}`;
            });
            let ratio = '—';
            const ours = byServer.ours?.summary?.[op], pw = byServer.playwright?.summary?.[op];
            if (ours?.p50 !== undefined && pw?.p50 !== undefined) {
                const t = ours.p50 / pw.p50, b = ours.bytes / pw.bytes;
                const goal = ['snapshot', 'whole_snapshot', 'click', 'type', 'fill', 'fill_form'].includes(op)
                    ? ` (goal ≤ 1/10, ≤ 1/3: ${t <= 0.1 ? 'met' : 'not met'}, ${b <= 1 / 3 ? 'met' : 'not met'})` : '';
                ratio = `${fmtRatio(t)}, ${fmtRatio(b)}${goal}`;
            }
            console.log(`| ${op} | ${cells.join(' | ')} | ${ratio} |`);
        }
        console.log(`| (connect) | ${cols.map((s) => `${byServer[s].connectMs !== undefined ? fmtMs(byServer[s].connectMs) : '—'} | —`).join(' | ')} | |`);
        for (const s of cols) {
            for (const op of operations) {
                const row = byServer[s].summary?.[op];
                if (row?.errors?.length) console.log(`⚠ ${all[s].label} ${op} (${row.tool}): ${row.errors[0]}`);
            }
            if (byServer[s].failed) console.log(`⚠ ${all[s].label}: ${byServer[s].failed}`);
        }
    }
    if (options.json) fs.writeFileSync(options.json, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
    fs.rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
}

await main();
