// An agent written for the LLM Browser Agent extension, as its documentation shows them: it
// listens for the extension on a WebSocket (ws://localhost:8080 there; a free port here), sends
// requests WITHOUT ids, matches replies by order, reads data.executed / data.result / data.tabs
// [{id, url, title, active}], and answers {"type":"ping"} with {"type":"pong"}. The message
// shapes follow the extension's ARCHITECTURE.md (LLM Browser Agent) and the WS protocol
// reference of stakpak/tab (DOCS/PROTOCOL_SIMPLE.md), not this app's own protocol notes.
//
// It fills the sign-up form at argv[2] and reports, one JSON object per line on stdout:
//   {"event":"listening","port":N}, {"event":"step","name":…,"reply":…} per step,
//   {"event":"done"} or {"event":"failed","step":…,"why":…,"reply":…}.
import { WebSocketServer } from 'ws';

const formUrl = process.argv[2];
const emit = (event) => process.stdout.write(JSON.stringify(event) + '\n');
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('listening', () => emit({ event: 'listening', port: server.address().port }));

server.on('connection', (socket) => {
    const waiting = []; // resolvers of replies, in the order the requests went out
    let pongSeen = null;
    socket.on('message', (data) => {
        let message;
        try { message = JSON.parse(data.toString('utf8')); } catch { return; }
        if (message.type === 'ping') { socket.send(JSON.stringify({ type: 'pong' })); return; }
        if (message.type === 'pong') { if (pongSeen) pongSeen(); return; }
        if (message.type === 'hello') return;
        if (typeof message.success === 'boolean') {
            const next = waiting.shift();
            if (next) next(message);
        }
    });
    const request = (type, params) => new Promise((resolve) => {
        waiting.push(resolve);
        socket.send(JSON.stringify(params ? { type, params } : { type }));
    });
    const refOf = (snapshot, label) => {
        const line = snapshot.split('\n').find((l) => l.includes(label) && /\[ref=e\d+\]/.test(l));
        return line ? line.match(/\[ref=(e\d+)\]/)[1] : null;
    };

    (async () => {
        const step = async (name, type, params, check) => {
            const reply = await request(type, params);
            emit({ event: 'step', name, reply });
            const why = !reply.success ? 'failed: ' + reply.error : check(reply.data);
            if (why) throw { step: name, why, reply };
            return reply.data;
        };
        const executed = (data) => (data && data.executed === true ? null : 'data.executed is not true');
        try {
            await step('open', 'open', { url: formUrl }, executed);
            const snap = await step('snapshot', 'snapshot', { timeout: 5000 },
                (d) => (typeof d.snapshot === 'string' ? null : 'no data.snapshot'));
            const ref = (label) => {
                const r = refOf(snap.snapshot, label);
                if (!r) throw { step: 'snapshot', why: 'no ref for ' + label, reply: snap };
                return r;
            };
            const name = ref('textbox "Full name"'), email = ref('textbox "Email"');
            const terms = ref('I accept the terms'), country = ref('Country'), create = ref('Create account');
            await step('fill', 'fill', { ref: name, value: 'Ada Lovelace' }, executed);
            await step('type', 'type', { ref: email, text: 'ada@example.com', delay: 50 }, executed);
            await step('check', 'check', { ref: terms }, executed);
            await step('select', 'select', { ref: country, value: 'jp' }, executed);
            await step('get value', 'get', { what: 'value', ref: email },
                (d) => (d.result === 'ada@example.com' ? null : 'data.result is ' + JSON.stringify(d.result)));
            await step('get attr', 'get', { what: 'attr', ref: email, attrName: 'placeholder' },
                (d) => (d.result === 'you@example.com' ? null : 'data.result is ' + JSON.stringify(d.result)));
            await step('is checked', 'is', { what: 'checked', ref: terms },
                (d) => (d.result === true ? null : 'data.result is ' + JSON.stringify(d.result)));
            await step('scroll', 'scroll', { direction: 'down', pixels: 200 }, executed);
            await step('click', 'click', { ref: create }, executed);
            const listed = await step('tab list', 'tab', { action: 'list' }, (d) =>
                Array.isArray(d.tabs) && d.tabs.every((t) => typeof t.id === 'number' && 'active' in t)
                    ? null : 'tabs lack a numeric id or active');
            const form = listed.tabs.find((t) => t.url === formUrl);
            if (!form) throw { step: 'tab list', why: 'the form tab is not listed', reply: listed };
            await step('tab switch', 'tab', { action: 'switch', tabId: form.id }, () => null);
            // Heartbeat: our ping is answered within 5 s.
            const pong = new Promise((resolve) => { pongSeen = resolve; });
            socket.send(JSON.stringify({ type: 'ping' }));
            const late = setTimeout(() => emit({ event: 'failed', step: 'ping', why: 'no pong within 5 s' }), 5000);
            await pong;
            clearTimeout(late);
            emit({ event: 'done' });
        } catch (failure) {
            emit({ event: 'failed', ...failure });
        }
    })();
});

process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
