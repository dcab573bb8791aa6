// Round trips through the agent WebSocket server, timed by an outside client (npm "ws"):
//   node ws-bench.mjs URL COUNT REQUEST_JSON [REQUEST_JSON …]
// Each round sends the requests in order, one at a time (the reply before the next); prints
// one JSON line per request: {"type":…,"n":…,"p50":…,"p95":…,"max":…,"errors":…} in ms.
// A request with "once": true is sent once before the rounds, untimed (e.g. open). A
// params.ref "@Name" is the ref of the button "Name" in the latest snapshot reply.
import WebSocket from 'ws';

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
    const escaped = ref.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = lastSnapshot.match(new RegExp(`button \\\\?"${escaped}\\\\?"[^\\[]*\\[ref=([A-Za-z0-9_]+)\\]`));
    return { ...template, params: { ...template.params, ref: match ? match[1] : 'e0' } };
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
for (const template of templates.filter((t) => t.once)) {
    const reply = await send(template);
    if (!reply.success) { console.error(`${template.type}: ${reply.error}`); process.exit(1); }
}
templates.splice(0, templates.length, ...templates.filter((t) => !t.once));
const times = templates.map(() => []);
const errors = templates.map(() => []);
for (let round = -10; round < count; ++round) { // 10 warm-up rounds
    for (let i = 0; i < templates.length; ++i) {
        const start = process.hrtime.bigint();
        const reply = await send(templates[i]);
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        if (round >= 0)
            times[i].push(ms);
        if (!reply.success && errors[i].length < 3)
            errors[i].push(reply.error);
    }
}
const pick = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p / 100 * sorted.length))];
for (let i = 0; i < templates.length; ++i) {
    const sorted = times[i].slice().sort((a, b) => a - b);
    console.log(JSON.stringify({ type: templates[i].type, n: sorted.length, p50: pick(sorted, 50),
                                 p95: pick(sorted, 95), max: sorted[sorted.length - 1], errors: errors[i] }));
}
socket.close();
process.exit(0);
