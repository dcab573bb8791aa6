// Round trips through the agent WebSocket server, timed by an outside client (npm "ws"):
//   node ws-bench.mjs URL COUNT REQUEST_JSON [REQUEST_JSON …]
// Each round sends the requests in order, one at a time (the reply before the next); prints
// one JSON line per request: {"type":…,"n":…,"p50":…,"p95":…,"max":…,"errors":…} in ms.
// A request with "once": true is sent once before the rounds, untimed (e.g. open). A
// params.ref "@Name" is the ref of the button "Name" in the latest snapshot reply.
import WebSocket from 'ws';
import { benchRounds, buttonRef } from './bench-rounds.mjs';

const [url, countText, ...requests] = process.argv.slice(2);
const count = Number(countText);
const templates = requests.map((r) => JSON.parse(r));
const socket = new WebSocket(url, { maxPayload: 64 * 1024 * 1024 });
const pending = new Map();
socket.on('message', (data) => {
    const reply = JSON.parse(data.toString('utf8'));
    const resolve = pending.get(reply.id);
    if (resolve) {
        pending.delete(reply.id);
        resolve(reply);
    }
});
socket.on('error', (error) => { console.error(String(error.message)); process.exit(1); });
await new Promise((resolve) => socket.on('open', resolve));

let next = 0;
let lastSnapshot = '';
function resolveRef(template) {
    const ref = template.params?.ref;
    if (typeof ref !== 'string' || !ref.startsWith('@'))
        return template;
    return { ...template, params: { ...template.params, ref: buttonRef(lastSnapshot, ref.slice(1)) } };
}
function send(template) {
    const id = String(++next);
    const { once, ...request } = resolveRef(template);
    return new Promise((resolve) => {
        pending.set(id, (reply) => {
            if (request.type === 'snapshot' && reply.success)
                lastSnapshot = JSON.stringify(reply.data);
            resolve(reply);
        });
        socket.send(JSON.stringify({ ...request, id }));
    });
}
await benchRounds(templates, count, {
    send,
    errorOf: (reply) => (reply.success ? undefined : (reply.error ?? '')),
    key: 'type',
});
socket.close();
process.exit(0);
