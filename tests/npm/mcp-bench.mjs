// tools/call round trips through `multi-purpose-agent mcp`, timed by the official MCP SDK client:
//   node mcp-bench.mjs COUNT CALLS_JSON -- COMMAND ARGS…
// CALLS_JSON is an array of {"name":…,"arguments":{…}} run in order each round; prints one JSON
// line per call: {"name":…,"n":…,"p50":…,"p95":…,"max":…,"errors":[…]} in ms, and first
// {"connectMs":…} (spawn to initialized). A call with "once": true runs once before the
// rounds, untimed; arguments.ref "@Name" is the ref of the button "Name" in the latest snapshot.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { benchRounds, buttonRef } from './bench-rounds.mjs';

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
    if (typeof ref === 'string' && ref.startsWith('@'))
        request.arguments = { ...request.arguments, ref: buttonRef(lastSnapshot, ref.slice(1)) };
    const result = await client.callTool(request);
    if (request.name === 'snapshot' && !result.isError)
        lastSnapshot = result.content?.[0]?.text ?? '';
    return result;
}
await benchRounds(calls, count, {
    send: call,
    errorOf: (result) => (result.isError ? (result.content?.[0]?.text ?? '') : undefined),
    key: 'name',
});
await client.close();
process.exit(0);
