// A WebSocket client that is not ours (npm "ws"), driven by a test over stdio, one JSON object
// per line. Commands in:
//   {"op":"connect","url":"ws://…","headers":{…}}   open a connection
//   {"op":"send","data":"text"}                      send a text message as is
//   {"op":"sendJson","data":{…}}                     send an object as JSON text
//   {"op":"sendFiller","bytes":N,"id":"x"}           send a JSON request padded to N bytes
//   {"op":"ping"}                                    a WebSocket ping frame
//   {"op":"close"}
// Events out: {"event":"open"}, {"event":"message","data":"…","json":{…}},
//   {"event":"unexpected-response","status":403}, {"event":"close","code":N,"reason":"…"},
//   {"event":"pong"}, {"event":"ping"}, {"event":"error","message":"…"}, {"event":"sent"}
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

let socket = null;
const emit = (event) => process.stdout.write(JSON.stringify(event) + '\n');

function connect(url, headers) {
    socket = new WebSocket(url, { headers: headers || {}, maxPayload: 64 * 1024 * 1024 });
    socket.on('open', () => emit({ event: 'open' }));
    socket.on('message', (data, isBinary) => {
        const text = data.toString('utf8');
        let json;
        try { json = JSON.parse(text); } catch { json = undefined; }
        emit({ event: 'message', binary: isBinary, data: text.length > 4000 ? text.slice(0, 4000) : text, json });
    });
    socket.on('unexpected-response', (request, response) => {
        emit({ event: 'unexpected-response', status: response.statusCode });
        request.destroy();
    });
    socket.on('close', (code, reason) => emit({ event: 'close', code, reason: reason.toString('utf8') }));
    socket.on('error', (error) => emit({ event: 'error', message: String(error && error.message) }));
    socket.on('pong', () => emit({ event: 'pong' }));
    socket.on('ping', () => emit({ event: 'ping' }));
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
    if (!line.trim())
        return;
    const command = JSON.parse(line);
    switch (command.op) {
    case 'connect':
        connect(command.url, command.headers);
        break;
    case 'send':
        socket.send(command.data, () => emit({ event: 'sent' }));
        break;
    case 'sendJson':
        socket.send(JSON.stringify(command.data), () => emit({ event: 'sent' }));
        break;
    case 'sendFiller': {
        const head = JSON.stringify({ id: command.id, type: 'snapshot', params: {}, filler: '' });
        const filler = 'x'.repeat(Math.max(0, command.bytes - head.length));
        socket.send(JSON.stringify({ id: command.id, type: 'snapshot', params: {}, filler }),
                    () => emit({ event: 'sent' }));
        break;
    }
    case 'ping':
        socket.ping();
        break;
    case 'close':
        socket.close();
        break;
    default:
        emit({ event: 'error', message: 'unknown op ' + command.op });
    }
});
lines.on('close', () => {
    if (socket)
        socket.terminate();
    process.exit(0);
});
