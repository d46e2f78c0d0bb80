// The web page (GET /) in headless Chromium, against a running sudokud.
// SUDOKUD_URL=http://127.0.0.1:PORT node --test page.test.mjs
// (tests/browser/run.sh starts the server and sets it.)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const BASE = process.env.SUDOKUD_URL;
const PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const SHOTS = fileURLToPath(new URL("../../build/screenshots/", import.meta.url));
// The README's picture of the page: the solved grid of the first test, at the
// default viewport, copied on every run (git shows when the page changed).
const README_SHOT = fileURLToPath(new URL("../../docs/page.png", import.meta.url));
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"];

let home, context, page;
const problems = []; // page errors and CSP violations

before(async () => {
  assert.ok(BASE, "set SUDOKUD_URL to a running sudokud, e.g. http://127.0.0.1:8080");
  mkdirSync(SHOTS, { recursive: true });
  home = mkdtempSync(join(tmpdir(), "sudokud-browser-"));
  // A fresh profile (user-data-dir) and HOME for every run.
  context = await chromium.launchPersistentContext(join(home, "profile"), {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    env: { ...process.env, HOME: home },
    viewport: { width: 1100, height: 800 },
  });
  page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(10000);
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
});

after(async () => {
  await context?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

const cell = (name) => page.locator(`#grid input[data-cell="${name}"]`);
const values = () => page.$$eval("#grid input", (els) => els.map((e) => e.value || ".").join(""));
const classes = () => page.$$eval("#grid input", (els) => els.map((e) => e.className));
const style = (name) =>
  cell(name).evaluate((e) => {
    const s = getComputedStyle(e);
    return `${s.fontWeight} ${s.color} ${s.backgroundColor}`;
  });

async function waitMessage(kind) {
  await page.waitForSelector(`#msg.${kind}`);
  return page.textContent("#msg");
}

async function paste(text) {
  await page.goto(BASE + "/");
  await page.fill("#text", text);
  await page.click("#solve-text");
}

test("typing a puzzle into the grid and solving it", async () => {
  await page.goto(BASE + "/");
  assert.equal(await page.locator("#grid input").count(), 81);
  assert.equal(await cell("r1c1").getAttribute("inputmode"), "numeric");
  assert.equal(await cell("r1c1").getAttribute("aria-label"), "Row 1, column 1");
  // Digits fill a cell and move on, "." leaves it blank and moves on.
  await cell("r1c1").click();
  await page.keyboard.type(PUZZLE);
  assert.equal(await values(), PUZZLE);
  await page.click("#solve");
  const text = await waitMessage("ok");
  assert.match(text, /unique/);
  assert.equal(await values(), SOLUTION);
  const cls = await classes();
  for (let i = 0; i < 81; i++) {
    assert.ok(cls[i].includes(PUZZLE[i] === "." ? "f" : "g"), `cell ${i}: ${cls[i]}`);
  }
  // r1c1 is a given (5), r1c3 was filled in (4): they must look different.
  assert.notEqual(await style("r1c1"), await style("r1c3"));
  await page.screenshot({ path: join(SHOTS, "desktop.png"), fullPage: true });
  await page.screenshot({ path: join(SHOTS, "readme.png") });
  mkdirSync(fileURLToPath(new URL("../../docs/", import.meta.url)), { recursive: true });
  copyFileSync(join(SHOTS, "readme.png"), README_SHOT);
});

test("arrow keys move between cells", async () => {
  await page.goto(BASE + "/");
  await cell("r1c1").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "r2c2");
  await page.keyboard.press("ArrowUp");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "r1c2");
});

test("/?puzzle=...&solve=1 fills the grid and solves it at once", async () => {
  await page.goto(`${BASE}/?puzzle=${PUZZLE}&solve=1`);
  await waitMessage("ok");
  assert.equal(await values(), SOLUTION);
  assert.ok((await classes())[0].includes("g"));
});

test("Share link puts the puzzle into the URL", async () => {
  await page.goto(`${BASE}/?puzzle=${PUZZLE}`);
  assert.equal(await values(), PUZZLE);
  await page.click("#share");
  await waitMessage("ok");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("puzzle"), PUZZLE);
  assert.equal(url.searchParams.get("solve"), "1");
});

test("conflicting givens are highlighted", async () => {
  await paste("5.5" + ".".repeat(78));
  const text = await waitMessage("err");
  assert.match(text, /conflicting/i);
  const bad = (await classes()).flatMap((c, i) => (/\bx\b/.test(c) ? [i] : []));
  assert.deepEqual(bad, [0, 2]);
  assert.notEqual(await style("r1c1"), await style("r1c2"));
});

test("an unsolvable puzzle says no solution", async () => {
  await paste("12345678." + "........9" + ".".repeat(63));
  assert.match(await waitMessage("err"), /no solution/i);
});

test("a parse error shows the line and column", async () => {
  await paste("53..7....\n6..19x...\n");
  assert.match(await waitMessage("err"), /line 2, column 6/);
});

test("several solutions are said", async () => {
  await paste(".".repeat(81));
  assert.match(await waitMessage("warn"), /several solutions/i);
  assert.equal((await values()).includes("."), false);
});

test("judge rows of a 4x4 puzzle rebuild the grid", async () => {
  await paste("1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n");
  await waitMessage("ok");
  assert.equal(await page.locator("#grid input").count(), 16);
  assert.equal(await values(), "1324423124133142");
});

test("fits a 360 px phone screen", async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${BASE}/?puzzle=${PUZZLE}&solve=1`);
  await waitMessage("ok");
  const m = await page.evaluate(() => {
    const g = document.querySelector("#grid").getBoundingClientRect();
    const c = document.querySelector("#grid input").getBoundingClientRect();
    return { scroll: document.documentElement.scrollWidth, left: g.left, right: g.right, cell: c.width };
  });
  assert.ok(m.scroll <= 360, `page is ${m.scroll} px wide`);
  assert.ok(m.left >= 0 && m.right <= 360, `grid spans ${m.left}..${m.right}`);
  assert.ok(m.cell >= 28, `cells are ${m.cell} px wide`);
  await page.screenshot({ path: join(SHOTS, "phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1100, height: 800 });
});

test("no script errors or CSP violations", () => {
  assert.deepEqual(problems, []);
});
