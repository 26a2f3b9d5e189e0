// The interactive report in a real browser: headless Chromium (Debian's
// chromium; .ci/run installs it) driven through puppeteer-core, from
// file:// with no network. Opens the overview of a folder of studies and
// a study's page, fails on any console error, checks the frontier chart
// drew its marks and that hover shows a point's figures, clicks a frontier
// point and checks its design page shows that point's configuration, cost
// table and Verilog. Screenshots go to out/browser/ (test artefacts);
// GFXRTL_DOCS_SCREENSHOT=1 also refreshes docs/images/report-*.png.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-in-process.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env['GFXRTL_CHROMIUM'] ?? '/usr/bin/chromium';
const required = process.env['GFXRTL_REQUIRE_BROWSER'] === '1';
const have = existsSync(CHROMIUM);
if (required && !have) throw new Error(`GFXRTL_REQUIRE_BROWSER=1 but ${CHROMIUM} is missing (apt-get install -y chromium)`);
const T = mkdtempSync(join(tmpdir(), 'gfxrtl-browser-'));
const SHOTS = join(ROOT, 'out', 'browser');

/** As the machine notes say for root in a closed network: no sandbox, no background connections, a fresh profile. */
function launch(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${mkdtempSync(join(T, 'profile-'))}`],
  });
}

(have ? describe : describe.skip)('the HTML report in headless Chromium', () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const root = join(T, 'studies');

  beforeAll(async () => {
    const r = await runCli(['study', 'mac', '--out', join(root, 'mac'), '--param', 'cycles=200', '--only', 'intBits=4|8,fracBits=4|8', '--no-yosys', '--workers', '0', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const idx = await runCli(['report', root]);
    expect(idx.code, idx.stderr).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    page.on('console', (m) => void (m.type() === 'error' && errors.push(`console: ${m.text()}`)));
    page.on('pageerror', (e) => void errors.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
    page.on('requestfailed', (q) => void errors.push(`request failed: ${q.url()}`));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(T, { recursive: true, force: true });
  });

  const ready = (): Promise<unknown> => page.waitForFunction(() => document.body.dataset['ready'] !== undefined, { timeout: 60_000 });

  it('the overview links the study; its page draws the frontier, hover shows a point', async () => {
    await page.goto(pathToFileURL(join(root, 'index.html')).href);
    await page.screenshot({ path: join(SHOTS, 'overview.png') });
    await Promise.all([page.waitForNavigation(), page.click('a[href="mac/index.html"]')]);
    await ready();
    expect(await page.evaluate(() => document.body.dataset['ready'])).toBe('yes');
    const marks = await page.$$eval('.chart g.mark-symbol path', (ps) => ps.length);
    const frontier = await page.$$('.chart path[fill="#c0392b"]');
    expect(marks).toBeGreaterThan(100);
    expect(frontier.length).toBeGreaterThan(2);
    await frontier[0]!.hover();
    await page.waitForSelector('#tooltip', { visible: true });
    expect(await page.$eval('#tooltip', (t) => t.textContent)).toMatch(/design intBits=\d+,fracBits=\d+.*point (low|nominal|high) Vt/);
    await page.screenshot({ path: join(SHOTS, 'study.png') });
    if (process.env['GFXRTL_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: join(ROOT, 'docs', 'images', 'report-study.png') });
    expect(errors).toEqual([]);
  }, 120_000);

  it('a filter hides the other designs; clicking a frontier point opens its page at that point', async () => {
    const before = await page.$$eval('.chart g.mark-symbol path', (ps) => ps.length);
    await page.select('select[data-filter="intBits"]', '8');
    await page.waitForFunction((n) => document.querySelectorAll('.chart g.mark-symbol path').length < n, { timeout: 30_000 }, before);
    await page.select('select[data-filter="intBits"]', '');
    await page.waitForFunction((n) => document.querySelectorAll('.chart g.mark-symbol path').length === n, { timeout: 30_000 }, before);
    const target = (await page.$$('.chart path[fill="#c0392b"]'))[0]!;
    await Promise.all([page.waitForNavigation(), target.click()]);
    await ready();
    const url = new URL(page.url());
    expect(url.pathname).toMatch(/\/mac\/designs\/intBits=\d+_fracBits=\d+_round=\w+_overflow=\w+\.html$/);
    const hash = decodeURIComponent(url.hash.slice(1));
    expect(hash).toMatch(/^vt=(low|nominal|high)&vdd=[\d.]+&stages=\d+$/);
    const shown = await page.$$eval('section[data-point]', (ss) => ss.filter((s) => !s.hidden).map((s) => s.getAttribute('data-point')));
    expect(shown).toEqual([hash]);
    const design = decodeURIComponent(url.pathname.split('/').pop()!.replace(/\.html$/, ''));
    const config = await page.$$eval('table', (ts) => Object.fromEntries([...ts[0]!.querySelectorAll('tbody tr')].map((r) => [r.children[0]!.textContent, r.children[1]!.textContent])));
    for (const kv of design.split('_')) expect(config[kv.split('=')[0]!]).toBe(kv.split('=')[1]);
    const cost = await page.$eval('section[data-point]:not([hidden])', (s) => s.textContent ?? '');
    expect(cost).toContain('Area and power per component');
    expect(cost).toMatch(/registers um\^2.*logic um\^2/s);
    expect(await page.$eval('#verilog', (p) => p.textContent ?? '')).toMatch(/^\/\/ Generated by gfxrtl from module Mac\.\nmodule Mac \(/);
    const file = await page.$eval('a[download]', (a) => a.getAttribute('href') ?? '');
    expect(readFileSync(join(root, 'mac', 'designs', file), 'utf8')).toContain('module Mac (');
    expect(await page.$$eval('.wave svg', (s) => s.length)).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'design.png'), fullPage: true });
    if (process.env['GFXRTL_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: join(ROOT, 'docs', 'images', 'report-design.png') });
    expect(errors).toEqual([]);
  }, 120_000);
});
