// What the benchmark clients (mcp-bench.mjs, ws-bench.mjs) share: the "@Name" button refs and
// the timed rounds with their summary lines.

// The ref of the button "name" in `snapshot` (a snapshot's text), or "e0" when there is none.
export function buttonRef(snapshot, name) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = snapshot.match(new RegExp(`button \\\\?"${escaped}\\\\?"[^\\[]*\\[ref=([A-Za-z0-9_]+)\\]`));
    return match ? match[1] : 'e0';
}

// Sends the templates marked "once" (untimed, in order; a failure ends the process), then times
// `count` rounds of the others after 10 warm-up rounds, one request at a time: send(template)
// resolves to the reply, errorOf(reply) is its error (nothing when it succeeded). Prints one
// JSON line per timed template: {[key]: template[key], n, p50, p95, max, errors} in ms.
export async function benchRounds(templates, count, { send, errorOf, key }) {
    for (const template of templates.filter((t) => t.once)) {
        const error = errorOf(await send(template));
        if (error !== undefined) { console.error(`${template[key]}: ${error}`); process.exit(1); }
    }
    const timed = templates.filter((t) => !t.once);
    const times = timed.map(() => []);
    const errors = timed.map(() => []);
    for (let round = -10; round < count; ++round) { // 10 warm-up rounds
        for (let i = 0; i < timed.length; ++i) {
            const start = process.hrtime.bigint();
            const error = errorOf(await send(timed[i]));
            const ms = Number(process.hrtime.bigint() - start) / 1e6;
            if (round >= 0)
                times[i].push(ms);
            if (error !== undefined && errors[i].length < 3)
                errors[i].push(error);
        }
    }
    const pick = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p / 100 * sorted.length))];
    for (let i = 0; i < timed.length; ++i) {
        const sorted = times[i].slice().sort((a, b) => a - b);
        console.log(JSON.stringify({ [key]: timed[i][key], n: sorted.length, p50: pick(sorted, 50),
                                     p95: pick(sorted, 95), max: sorted[sorted.length - 1], errors: errors[i] }));
    }
}
