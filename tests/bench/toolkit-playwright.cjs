// The Playwright side of the toolkit benchmark: connects to the same Chromium over CDP and
// measures locator.ariaSnapshot() and locator.click() on the same pages.
// Usage: node toolkit-playwright.cjs CDP_PORT CLICKS RUNS URL...
// Prints one JSON object: {"pages":[{url, snapshotMs:[…], chars, named}], "clickMs":[…]}.
const path = require('path');
const { createRequire } = require('module');
const requireNpm = createRequire(path.join(__dirname, '..', 'npm', 'package.json'));
const { chromium } = requireNpm('playwright-core');

const INTERACTIVE = /^\s*- (button|link|textbox|searchbox|checkbox|radio|combobox|listbox|option|slider|spinbutton|switch|tab|menuitem)\b/;

async function main() {
  const [port, clicks, runs, ...urls] = process.argv.slice(2);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] || (await browser.newContext());
  const out = { pages: [], clickMs: [] };
  for (const url of urls) {
    const page = await context.newPage();
    await page.goto(url);
    const body = page.locator('body');
    let text = await body.ariaSnapshot(); // warm-up
    const times = [];
    for (let i = 0; i < +runs; i++) {
      const t = process.hrtime.bigint();
      text = await body.ariaSnapshot();
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const named = text.split('\n').filter((l) => INTERACTIVE.test(l) && /"[^"]+"/.test(l)).length;
    out.pages.push({ url, snapshotMs: times, chars: text.length, named });
    if (url === urls[0]) {
      const button = page.locator('#bench-button');
      await button.click();
      for (let i = 0; i < +clicks; i++) {
        const t = process.hrtime.bigint();
        await button.click();
        out.clickMs.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    await page.close();
  }
  process.stdout.write(JSON.stringify(out) + '\n');
  // Leave the shared browser running: only disconnect.
  await browser.close().catch(() => {});
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack || e) + '\n');
  process.exit(1);
});
