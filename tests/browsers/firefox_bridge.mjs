// Drives Firefox for the cross-engine tests (tests/browsers/engines.py): npm puppeteer-core over
// WebDriver BiDi, Debian's firefox-esr, no geckodriver. One JSON command per stdin line,
// {"id", "op", "args"}; one JSON answer per stdout line, {"id", "ok", "value"|"error"}.
// Python bounds every call; this side bounds its own waits too, so nothing hangs.
//
//   node firefox_bridge.mjs '{"proxyPort": 1234, "executablePath": "/usr/bin/firefox-esr"}'
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const options = JSON.parse(process.argv[2] ?? "{}");
const TIMEOUT_MS = options.timeoutMs ?? 60000;
const problems = [];   // console errors and uncaught exceptions, until read

// Firefox pings its remote-settings server in the background (silenced by the env variable and
// the pref below); every other request to another host goes to the test's recording proxy,
// which refuses it and reports it. Firefox bypasses the proxy for loopback by itself.
const proxy = options.proxyPort
  ? {
      "network.proxy.type": 1, "network.proxy.share_proxy_settings": true,
      "network.proxy.http": "127.0.0.1", "network.proxy.http_port": options.proxyPort,
      "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": options.proxyPort,
    }
  : {};
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: options.executablePath ?? "/usr/bin/firefox-esr",
  headless: true,
  protocolTimeout: TIMEOUT_MS,
  timeout: TIMEOUT_MS,
  env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: "1" },
  extraPrefsFirefox: { "services.settings.server": "http://127.0.0.1:9/", ...proxy },
});
const page = (await browser.pages())[0] ?? (await browser.newPage());
page.setDefaultTimeout(TIMEOUT_MS);
page.setDefaultNavigationTimeout(TIMEOUT_MS);
page.on("console", (message) => {
  if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
});
page.on("pageerror", (error) => problems.push(`uncaught: ${error?.message ?? error}`));

let target = page;   // the page, or one of its frames (op "frame"; a goto goes back to the page)
const ops = {
  async goto({ url }) { target = page; await page.goto(url, { waitUntil: "load" }); },
  async frame({ selector }) {
    target = selector ? await (await page.waitForSelector(selector)).contentFrame() : page;
  },
  async js({ expression }) { return await target.evaluate(expression); },
  async click({ selector }) { await target.click(selector); },
  async press({ key }) { await page.keyboard.press(key); },
  async fill({ selector, text }) { await target.locator(selector).fill(text); },
  async url() { return target.url(); },
  async viewport({ width, height }) { await page.setViewport({ width, height }); },
  async screenshot({ path }) { await page.screenshot({ path }); },
  async problems() { return problems.splice(0); },
  async version() { return await browser.version(); },
};

const lines = readline.createInterface({ input: process.stdin });
const answer = (reply) => process.stdout.write(JSON.stringify(reply) + "\n");
// started: Firefox runs in a process group of its own, so Python needs its pid to stop it for sure
answer({ id: 0, ok: true, value: { version: await browser.version(), pid: browser.process()?.pid ?? null } });
for await (const line of lines) {
  const { id, op, args } = JSON.parse(line);
  if (op === "close") break;
  try {
    answer({ id, ok: true, value: (await ops[op](args ?? {})) ?? null });
  } catch (error) {
    answer({ id, ok: false, error: String(error?.message ?? error) });
  }
}
await browser.close().catch(() => {});
process.exit(0);
