// An MCP client that is not ours (the official @modelcontextprotocol/sdk Client), driven by a
// test over stdio, one JSON object per line.
//   node mcp-session.mjs --stdio COMMAND ARGS…   spawn the server (StdioClientTransport)
//   node mcp-session.mjs --tcp PORT              talk to a server on 127.0.0.1:PORT with
//                                                newline-delimited JSON-RPC (as on stdio)
//   node mcp-session.mjs --http URL              MCP's streamable HTTP (StreamableHTTPClientTransport),
//                                                with Authorization: Bearer $MPA_MCP_TOKEN when set
// Commands in: {"op":"listTools"}, {"op":"callTool","name":…,"arguments":{…}}, {"op":"ping"},
//   {"op":"terminate"} (HTTP: DELETE the session), {"op":"close"}. Out: {"event":"connected",
//   "serverInfo":…,"protocolVersion":…,"instructions":…,"sessionId":…} once, then one
//   {"op":…,"ok":true,"result":…} or {"op":…,"ok":false,"error":"…","code":N} per command;
//   {"event":"stderr","text":…} for the server's stderr.
import { createInterface } from 'node:readline';
import net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const emit = (event) => process.stdout.write(JSON.stringify(event) + '\n');

// The stdio transport's framing over a TCP socket, for a server running inside the test.
class TcpTransport {
    constructor(port) { this.port = port; this.buffer = ''; }
    start() {
        return new Promise((resolve, reject) => {
            this.socket = net.connect(this.port, '127.0.0.1', resolve);
            this.socket.once('error', reject);
            this.socket.on('data', (chunk) => {
                this.buffer += chunk.toString('utf8');
                let newline;
                while ((newline = this.buffer.indexOf('\n')) >= 0) {
                    const line = this.buffer.slice(0, newline).replace(/\r$/, '');
                    this.buffer = this.buffer.slice(newline + 1);
                    if (!line)
                        continue;
                    try { this.onmessage?.(JSON.parse(line)); } catch (error) { this.onerror?.(error); }
                }
            });
            this.socket.on('close', () => this.onclose?.());
        });
    }
    send(message) {
        return new Promise((resolve) => this.socket.write(JSON.stringify(message) + '\n', resolve));
    }
    close() { this.socket?.end(); return Promise.resolve(); }
}

const args = process.argv.slice(2);
let transport;
if (args[0] === '--tcp') {
    transport = new TcpTransport(Number(args[1]));
} else if (args[0] === '--stdio') {
    transport = new StdioClientTransport({ command: args[1], args: args.slice(2), stderr: 'pipe',
                                           env: process.env });
    transport.stderr?.on('data', (chunk) => emit({ event: 'stderr', text: chunk.toString('utf8') }));
} else if (args[0] === '--http') {
    const token = process.env.MPA_MCP_TOKEN;
    transport = new StreamableHTTPClientTransport(new URL(args[1]), {
        requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined });
} else {
    emit({ event: 'error', message: 'usage: --stdio COMMAND ARGS… | --tcp PORT | --http URL' });
    process.exit(2);
}

const client = new Client({ name: 'mpa-test-client', version: '1.0.0' });
try {
    await client.connect(transport);
} catch (error) {
    emit({ event: 'error', message: String(error && error.message) });
    process.exit(1);
}
emit({ event: 'connected', serverInfo: client.getServerVersion(), capabilities: client.getServerCapabilities(),
       instructions: client.getInstructions(), protocolVersion: transport._protocolVersion ?? null,
       sessionId: transport.sessionId ?? null });

async function run(command) {
    switch (command.op) {
    case 'listTools':
        return client.listTools();
    case 'callTool':
        return client.callTool({ name: command.name, arguments: command.arguments ?? {} });
    case 'ping':
        return client.ping();
    case 'terminate':
        await transport.terminateSession();
        return { sessionId: transport.sessionId ?? null };
    case 'close':
        await client.close();
        process.exit(0);
    }
    throw new Error('unknown op ' + command.op);
}

const lines = createInterface({ input: process.stdin });
let chain = Promise.resolve();
lines.on('line', (line) => {
    if (!line.trim())
        return;
    const command = JSON.parse(line);
    chain = chain.then(() => run(command)
        .then((result) => emit({ op: command.op, ok: true, result }))
        .catch((error) => emit({ op: command.op, ok: false, error: String(error && error.message), code: error?.code })));
});
lines.on('close', async () => {
    await chain;
    await client.close();
    process.exit(0);
});
