// tools/call round trips through `multi-purpose-agent mcp`, timed by the official MCP SDK client:
//   node mcp-bench.mjs COUNT CALLS_JSON -- COMMAND ARGS…
// CALLS_JSON is an array of {"name":…,"arguments":{…}} run in order each round; prints one JSON
// line per call: {"name":…,"n":…,"p50":…,"p95":…,"max":…,"errors":[…]} in ms, and first
// {"connectMs":…} (spawn to initialized). A call with "once": true runs once before the
// rounds, untimed; arguments.ref "@Name" is the ref of the button "Name" in the latest snapshot.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const args = process.argv.slice(2);
const count = Number(args[0]);
const calls = JSON.parse(args[1]);
const command = args.slice(args.indexOf('--') + 1);
const started = process.hrtime.bigint();
const client = new Client({ name: 'mpa-bench', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: command[0], args: command.slice(1), stderr: 'ignore' }));
console.log(JSON.stringify({ connectMs: Number(process.hrtime.bigint() - started) / 1e6 }));
let lastSnapshot = '';
async function call(template) {
    const { once, ...request } = template;
    const ref = request.arguments?.ref;
    if (typeof ref === 'string' && ref.startsWith('@')) {
        const escaped = ref.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const match = lastSnapshot.match(new RegExp(`button \\\\?"${escaped}\\\\?"[^\\[]*\\[ref=([A-Za-z0-9_]+)\\]`));
        request.arguments = { ...request.arguments, ref: match ? match[1] : 'e0' };
    }
    const result = await client.callTool(request);
    if (request.name === 'snapshot' && !result.isError)
        lastSnapshot = result.content?.[0]?.text ?? '';
    return result;
}
for (const template of calls.filter((c) => c.once)) {
    const result = await call(template);
    if (result.isError) { console.error(`${template.name}: ${result.content?.[0]?.text}`); process.exit(1); }
}
calls.splice(0, calls.length, ...calls.filter((c) => !c.once));
const times = calls.map(() => []);
const errors = calls.map(() => []);
for (let round = -10; round < count; ++round) {
    for (let i = 0; i < calls.length; ++i) {
        const start = process.hrtime.bigint();
        const result = await call(calls[i]);
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        if (round >= 0)
            times[i].push(ms);
        if (result.isError && errors[i].length < 3)
            errors[i].push(result.content?.[0]?.text);
    }
}
const pick = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p / 100 * sorted.length))];
for (let i = 0; i < calls.length; ++i) {
    const sorted = times[i].slice().sort((a, b) => a - b);
    console.log(JSON.stringify({ name: calls[i].name, n: sorted.length, p50: pick(sorted, 50), p95: pick(sorted, 95),
                                 max: sorted[sorted.length - 1], errors: errors[i] }));
}
await client.close();
process.exit(0);
