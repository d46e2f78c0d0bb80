// The web page (GET /) in headless Chromium, against a running sudokud.
// SUDOKUD_URL=http://127.0.0.1:PORT node --test page.test.mjs
// (tests/browser/run.sh starts the server and sets it.)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
// The README's picture of a hint drawn by POST /hint?format=svg, as Chromium
// renders the SVG.
const HINT_SHOT = fileURLToPath(new URL("../../docs/hint-svg.png", import.meta.url));
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"];

let home, context, page;
const problems = []; // page errors and CSP violations
const consoleErrors = []; // every console error, for the tests that play

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
    if (m.type() === "error") consoleErrors.push(m.text());
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

// Click, then wait for the message that click writes. The message box is
// emptied first: a click that follows another message of the same kind
// (two copies in a row) would otherwise be read before its fetch returns.
async function clickFor(selector, kind) {
  await page.evaluate(() => { const m = document.querySelector("#msg"); m.textContent = ""; m.className = "msg"; });
  await page.click(selector);
  return waitMessage(kind);
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
  const text = await clickFor("#solve", "ok");
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
  // The grid is one Tab stop, and Shift+Tab comes back to the same cell.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => !!document.activeElement.closest("#grid")), false);
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "r1c2");
});

test("a typed puzzle: Hint locks its givens and starts the game", async () => {
  await page.goto(BASE + "/");
  await cell("r1c1").click();
  await page.keyboard.type(PUZZLE);
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="shown"]');
  assert.match(await page.textContent("#mode"), /givens are locked/);
  assert.equal(await cell("r1c1").evaluate((e) => e.readOnly), true);
  await cell("r1c1").click();
  await page.keyboard.press("Delete");
  assert.equal(await cell("r1c1").inputValue(), "5");
  await cell("r1c3").click();
  await page.keyboard.press("4");
  assert.match(await cell("r1c3").getAttribute("class"), /\be\b/);
});

test("/?puzzle=...&solve=1 fills the grid and solves it at once", async () => {
  await page.goto(`${BASE}/?puzzle=${PUZZLE}&solve=1`);
  await waitMessage("ok");
  assert.equal(await values(), SOLUTION);
  assert.ok((await classes())[0].includes("g"));
});

test("Share link puts the puzzle and the entries into the URL", async () => {
  await page.goto(`${BASE}/?puzzle=${PUZZLE}`);
  assert.equal(await values(), PUZZLE);
  await cell("r1c3").click();
  await page.keyboard.press("4");
  await clickFor("#share", "ok");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("puzzle"), PUZZLE);
  assert.equal(url.searchParams.get("entries"), "..4" + ".".repeat(78));
  assert.equal(url.searchParams.get("solve"), null);
  await page.goto(url.href);
  assert.equal(await cell("r1c3").inputValue(), "4");
  assert.match(await cell("r1c3").getAttribute("class"), /\be\b/);
  // After Solve the link solves too.
  await clickFor("#solve", "ok");
  await page.click("#share");
  assert.equal(new URL(page.url()).searchParams.get("solve"), "1");
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

test("a parse error shows beside the box, the bad line marked", async () => {
  const t = "53..7....\n6..19x...\n";
  await paste(t);
  await page.waitForSelector("#paste-msg.err");
  assert.match(await page.textContent("#paste-msg"), /line 2, column 6/);
  assert.equal(await page.textContent("#paste-msg mark"), "x");
  assert.match(await page.textContent("#paste-msg pre"), /^line 2: 6\.\.19x\.\.\.$/);
  assert.equal(await page.getAttribute("#text", "aria-invalid"), "true");
  const at = await page.$eval("#text", (e) => [e.selectionStart, e.selectionEnd]);
  assert.deepEqual(at, [t.indexOf("x"), t.indexOf("x") + 1]);
  // The box and the error sit side by side: the message is inside the paste card.
  const inCard = await page.$eval("#paste-msg", (e) => !!e.closest("#paste"));
  assert.ok(inCard);
  // Typing again clears the error.
  await page.fill("#text", PUZZLE);
  assert.equal(await page.textContent("#paste-msg"), "");
});

test("the placeholder is no content: an empty box has no puzzle", async () => {
  await page.goto(BASE + "/");
  assert.ok((await page.getAttribute("#text", "placeholder")).length > 0);
  assert.equal(await page.inputValue("#text"), "");
  await page.click("#solve-text");
  await page.waitForSelector("#paste-msg.err");
  assert.match(await page.textContent("#paste-msg"), /the body holds no puzzle/);
});

test("Clear clears the grid and the paste box", async () => {
  await paste(PUZZLE);
  await waitMessage("ok");
  await page.click("#clear");
  assert.equal(await page.inputValue("#text"), "");
  assert.equal(await values(), ".".repeat(81));
  assert.equal(new URL(page.url()).search, "");
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

// A solved n x n grid (the usual pattern) as values, and a puzzle from it.
function pattern(br, bc) {
  const n = br * bc, out = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) out.push(((bc * (r % br) + Math.floor(r / br) + c) % n) + 1);
  return out;
}
const SYMS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

test("16x16 cells show the symbols the input used", async () => {
  const sol = pattern(4, 4), blank = (i) => i % 7 === 0;
  await paste(sol.map((v, i) => (blank(i) ? "." : SYMS[v - 1])).join(""));
  await waitMessage("ok");
  assert.equal(await page.locator("#grid input").count(), 256);
  assert.equal(await values(), sol.map((v) => SYMS[v - 1]).join(""));
  // Judge rows with numbers stay numbers.
  const rows = [];
  for (let r = 0; r < 16; r++) rows.push(sol.slice(r * 16, r * 16 + 16).map((v, c) => (blank(r * 16 + c) ? 0 : v)).join(" "));
  await paste(rows.join("\n") + "\n");
  await waitMessage("ok");
  const shown = await page.$$eval("#grid input", (els) => els.map((e) => e.value));
  assert.deepEqual(shown, sol.map(String));
});

test("a 25x25 grid is readable at 480 px", async () => {
  await page.setViewportSize({ width: 480, height: 800 });
  const sol = pattern(5, 5);
  await paste(sol.map((v, i) => (i % 11 === 0 ? "." : SYMS[v - 1])).join(""));
  await waitMessage("ok");
  const m = await page.evaluate(() => {
    const c = document.querySelector("#grid input"), b = c.getBoundingClientRect();
    return { scroll: document.documentElement.scrollWidth, w: b.width, h: b.height, font: parseFloat(getComputedStyle(c).fontSize) };
  });
  assert.ok(m.scroll <= 480, `page is ${m.scroll} px wide`);
  assert.ok(m.w >= 28 && m.h >= 28, `cells are ${m.w}x${m.h} px`);
  assert.ok(m.font >= 14, `digits are ${m.font} px`);
  await page.screenshot({ path: join(SHOTS, "grid-25x25-480.png"), fullPage: true });
  await page.setViewportSize({ width: 1100, height: 800 });
});

// The game's solution from /generate: the same seed and options give the
// same puzzle, so the test asks for it beside the page.
async function solutionOf(url) {
  const q = new URL(url).searchParams, want = new URLSearchParams();
  for (const k of ["seed", "level", "symmetry", "size", "givens"]) if (q.get(k)) want.set(k, q.get(k));
  const res = await fetch(`${BASE}/generate?${want}`);
  assert.equal(res.status, 200);
  return res.json();
}

async function newEasyGame() {
  await page.goto(BASE + "/");
  await page.selectOption("#level", "easy");
  await clickFor("#new", "ok");
  await page.waitForURL(/seed=/);
  const g = await solutionOf(page.url());
  assert.equal(await values(), g.puzzle);
  return g;
}

test("a generated easy game played to the end with Hint alone (1280 px)", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = consoleErrors.length;
  const g = await newEasyGame();
  // Givens are locked.
  const gi = g.puzzle.search(/[1-9]/);
  await page.locator("#grid input").nth(gi).click();
  await page.keyboard.press(g.puzzle[gi] === "1" ? "2" : "1");
  assert.equal((await values())[gi], g.puzzle[gi]);
  let hints = 0;
  for (; hints < 100 && (await values()).includes("."); hints++) {
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/hint")), page.click("#hint")]);
    const a = await res.json();
    await page.waitForSelector('#hint[data-state="shown"]');
    assert.equal(a.kind, "step");
    assert.equal(await page.textContent("#msg"), `${a.name}: ${a.explanation} (Press Hint again: it applies it.)`);
    // The targets lit green, the pattern and the units behind them.
    const lit = await page.$$eval("#grid input.ht", (els) => els.map((e) => e.dataset.cell));
    assert.deepEqual(lit.sort(), [...new Set([...a.placements, ...a.eliminations].map((p) => p.cell))].sort());
    assert.ok(a.units.length === 0 || (await page.locator("#grid input.hu").count()) >= 1, "a hint lights its units");
    if (hints === 0) await page.screenshot({ path: join(SHOTS, "hint-desktop.png"), fullPage: true });
    await page.click("#hint");
    await page.waitForSelector('#hint[data-state="idle"]');
    for (const p of a.placements) assert.equal(await cell(p.cell).inputValue(), String(p.value));
  }
  await page.waitForFunction(() => /Solved!/.test(document.querySelector("#msg").textContent));
  assert.equal(await values(), g.solution);
  assert.ok(hints > 20, `${hints} hints`);
  await page.screenshot({ path: join(SHOTS, "solved-desktop.png"), fullPage: true });
  assert.deepEqual(consoleErrors.slice(errors), []);
});

test("a hint that eliminates puts its result into pencil marks", async () => {
  const hard = "....7.8.......3.25...6.5.476.....3....47.26....8.....451.9.8...87.4.......9.3....";
  const res = await fetch(`${BASE}/steps`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ puzzle: hard }),
  });
  const path = (await res.json()).steps, e = [...".".repeat(81)];
  const k = path.findIndex((s) => s.eliminations.length);
  for (const s of path.slice(0, k)) for (const p of s.placements) e[(+p.cell[1] - 1) * 9 + (+p.cell[3] - 1)] = String(p.value);
  await page.goto(`${BASE}/?puzzle=${hard}&entries=${e.join("")}`);
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="shown"]');
  assert.equal(await page.textContent("#msg"), `${path[k].name}: ${path[k].explanation} (Press Hint again: it applies it.)`);
  assert.ok((await page.locator(".pm .out").count()) >= path[k].eliminations.length);
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="idle"]');
  for (const x of path[k].eliminations) {
    const marks = await cell(x.cell).evaluate((el) => el.nextSibling.textContent);
    assert.ok(marks.length > 0 && !marks.includes(String(x.value)), `${x.cell}: ${marks}`);
  }
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="shown"]');
  assert.ok(!(await page.textContent("#msg")).includes(path[k].explanation), "the next hint moves on");
  // Fill marks pencils in every empty cell's candidates (/candidates).
  await clickFor("#marks", "ok");
  const bare = await page.$$eval("#grid input", (els) => els.filter((e) => !e.value && !e.nextSibling.textContent).length);
  assert.equal(bare, 0);
});

test("phone (375 px): digit pad, Check marks a wrong entry, pencil marks, undo and redo", async () => {
  await page.setViewportSize({ width: 375, height: 812 });
  const errors = consoleErrors.length;
  const g = await newEasyGame();
  const m = await page.evaluate(() => {
    const gr = document.querySelector("#grid").getBoundingClientRect();
    const b = document.querySelector("#pad button").getBoundingClientRect();
    return { scroll: document.documentElement.scrollWidth, left: gr.left, right: gr.right, w: b.width, h: b.height };
  });
  assert.ok(m.scroll <= 375, `page is ${m.scroll} px wide`);
  assert.ok(m.left >= 0 && m.right <= 375, `grid spans ${m.left}..${m.right}`);
  assert.ok(m.w >= 40 && m.h >= 40, `pad keys are ${m.w}x${m.h} px`);
  const empty = [...g.puzzle].flatMap((ch, i) => (ch === "." ? [i] : []));
  const a = empty[0], b = empty[1], wrong = (+g.solution[a] % 9) + 1;
  const at = (i) => page.locator("#grid input").nth(i);
  const pad = (v) => page.click(`#pad button[data-v="${v}"]`);
  // A wrong entry from the pad, marked by Check.
  await at(a).click();
  await pad(wrong);
  assert.equal(await at(a).inputValue(), String(wrong));
  assert.match(await clickFor("#check", "err"), /1 entry is wrong/);
  assert.match(await at(a).getAttribute("class"), /\bx\b/);
  // Undo and redo, by button and by key.
  await page.click("#undo");
  assert.equal(await at(a).inputValue(), "");
  assert.equal(await page.getAttribute("#redo", "aria-disabled"), "false");
  assert.doesNotMatch(await at(a).getAttribute("class"), /\bx\b/);
  await page.click("#redo");
  assert.equal(await at(a).inputValue(), String(wrong));
  await at(a).focus();
  await page.keyboard.press("Control+z");
  assert.equal(await at(a).inputValue(), "");
  await page.keyboard.press("Control+y");
  assert.equal(await at(a).inputValue(), String(wrong));
  // Hint names the wrong entry first; pressed again, it erases it.
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="shown"]');
  assert.match(await waitMessage("err"), new RegExp(`${await at(a).getAttribute("data-cell")} is not ${wrong}: that entry is wrong`));
  assert.match(await at(a).getAttribute("class"), /\bht\b/);
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="idle"]');
  assert.equal(await at(a).inputValue(), "");
  await page.keyboard.press("Delete"); // the erase key on an empty cell changes nothing
  assert.equal(await at(a).inputValue(), "");
  // Pencil marks: the button, then the pad; Space toggles by key. None of
  // them is the cell's value, which Hint then says and pencils back in.
  const [p, q, r] = [1, 2, 3, 4].filter((v) => String(v) !== g.solution[b]);
  await page.click("#pencil");
  assert.equal(await page.getAttribute("#pencil", "aria-pressed"), "true");
  await at(b).click();
  await pad(p);
  await pad(q);
  const marks = () => at(b).evaluate((el) => el.nextSibling.textContent);
  assert.equal(await marks(), `${p}${q}`);
  assert.equal(await at(b).inputValue(), "");
  assert.match(await at(b).getAttribute("aria-label"), new RegExp(`pencil marks ${p} ${q}$`));
  await page.click("#undo");
  assert.equal(await marks(), `${p}`);
  await at(b).focus();
  await page.keyboard.press(String(r));
  assert.equal(await marks(), `${p}${r}`);
  await page.screenshot({ path: join(SHOTS, "phone-play.png"), fullPage: true });
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="shown"]');
  assert.match(await page.textContent("#msg"), new RegExp(`${g.solution[b]} was removed from the pencil marks`));
  await page.click("#hint");
  await page.waitForSelector('#hint[data-state="idle"]');
  assert.equal(await marks(), [p, r, +g.solution[b]].sort().join(""));
  await at(b).focus();
  await page.keyboard.press(" ");
  assert.equal(await page.getAttribute("#pencil", "aria-pressed"), "false");
  await page.keyboard.press(g.solution[b]);
  assert.equal(await at(b).inputValue(), g.solution[b]);
  assert.match(await clickFor("#check", "ok"), /No wrong entries so far/);
  await page.setViewportSize({ width: 1100, height: 800 });
  assert.deepEqual(consoleErrors.slice(errors), []);
});

test("a seeded link reopens the game with the entries", async () => {
  await page.goto(`${BASE}/?seed=5&level=easy&symmetry=rot180`);
  await waitMessage("ok");
  const g = await solutionOf(page.url());
  const i = g.puzzle.indexOf(".");
  await page.locator("#grid input").nth(i).click();
  await page.keyboard.press(g.solution[i]);
  await page.click("#share");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("seed"), "5");
  const entries = url.searchParams.get("entries");
  assert.equal(entries[i], g.solution[i]);
  await page.goto(url.href);
  await waitMessage("ok");
  const want = [...g.puzzle];
  want[i] = g.solution[i];
  assert.equal(await values(), want.join(""));
});

test("Today loads the puzzle of the day at the chosen level", async () => {
  await page.goto(BASE + "/");
  await page.selectOption("#level", "easy");
  const msg = await clickFor("#today", "ok");
  const a = await (await fetch(`${BASE}/daily?level=easy`)).json();
  assert.match(msg, new RegExp(`puzzle of ${a.date}`));
  assert.equal(await values(), a.puzzle);
  // The link reopens it: its seed and level, through /generate.
  await page.click("#share");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("seed"), a.seed);
});

test("Copy PM grid and Copy sukaku write the position with its marks", async () => {
  await page.goto(`${BASE}/?puzzle=${PUZZLE}`);
  await clickFor("#marks", "ok");
  for (const format of ["pm", "sukaku"]) {
    await clickFor(`#copy-${format === "pm" ? "pm" : "sukaku"}`, "ok");
    const want = await (await fetch(`${BASE}/candidates?format=${format}`, { method: "POST", body: PUZZLE })).text();
    assert.equal(await page.inputValue("#text"), want);
  }
  assert.match(await page.inputValue("#text"), /^[1-9.]{729}\n$/);
});

// Copy, then Open with marks, then Copy again: the same text, in both
// forms; an entry and a removed mark travel with it. HoDoKu's library
// line opens too: its givens, its '+' entries and its deleted marks.
test("a position with marks copied as PM grid or sukaku pastes back unchanged", async () => {
  // The message each step ends with (a copy says the same words twice).
  const until = (re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#msg").textContent), re.source);
  for (const format of ["pm", "sukaku"]) {
    await page.goto(`${BASE}/?puzzle=${PUZZLE}`);
    await clickFor("#marks", "ok");
    await cell("r1c3").click();
    await page.keyboard.press("4");
    await page.click("#pencil");
    await cell("r1c7").click();
    await page.keyboard.press("1"); // 1 off r1c7's marks (1489 less 4)
    await page.click(`#copy-${format}`);
    await until(/^Copied|paste box/);
    const copied = await page.inputValue("#text");
    const all = await (await fetch(`${BASE}/candidates?format=${format}`, { method: "POST", body: PUZZLE })).text();
    assert.notEqual(copied, all);
    await page.click("#clear");
    await page.fill("#text", copied);
    await page.click("#paste-marks");
    await until(/^Opened with its pencil marks/);
    assert.equal((await values()).slice(0, 3), "534");
    await page.click(`#copy-${format}`);
    await until(/^Copied|paste box/);
    assert.equal(await page.inputValue("#text"), copied);
  }
  const library = ":0000:x:53+4.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79:117 417::";
  await page.fill("#text", library);
  await page.click("#paste-marks");
  await until(/^Opened with its pencil marks/);
  assert.equal(await values(), "534" + PUZZLE.slice(3));
  await page.click("#copy-pm");
  await until(/^Copied|paste box/);
  const want = await (await fetch(`${BASE}/candidates?format=pm`, { method: "POST", body: library })).text();
  assert.equal(await page.inputValue("#text"), want);
  assert.match(want, /\| 89 /);
});

test("a hint drawn as SVG renders (docs/hint-svg.png)", async () => {
  // The position before the first step that eliminates: its units, cells
  // and struck marks drawn.
  const hard = "....7.8.......3.25...6.5.476.....3....47.26....8.....451.9.8...87.4.......9.3....";
  const path = (await (await fetch(`${BASE}/steps`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ puzzle: hard }),
  })).json()).steps, e = [...".".repeat(81)];
  const k = path.findIndex((s) => s.eliminations.length);
  for (const s of path.slice(0, k)) for (const p of s.placements) e[(+p.cell[1] - 1) * 9 + (+p.cell[3] - 1)] = String(p.value);
  const res = await fetch(`${BASE}/hint?format=svg`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ puzzle: hard, entries: e.join("") }) });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/svg+xml");
  const svg = await res.text();
  const shot = await context.newPage();
  await shot.setViewportSize({ width: 440, height: 440 });
  await shot.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  const box = await shot.locator("svg").boundingBox();
  assert.equal(Math.round(box.width), 440);
  assert.ok(await shot.locator("svg text").count() > 60);
  await shot.screenshot({ path: SHOTS + "hint-svg.png" });
  copyFileSync(SHOTS + "hint-svg.png", HINT_SHOT);
  await shot.close();
});

// Variants: the committed samples (tests/data/variants, the first line of
// each file) as the JSON /solve reads, with their solutions.
const VARIANT_DIR = new URL("../data/variants/", import.meta.url);
const firstLine = (f) => readFileSync(new URL(f, VARIANT_DIR), "utf8").split("\n")[0].trim();
function variantSample(kind) {
  const file = { x: "x", windoku: "hyper", jigsaw: "jigsaw", killer: "killer" }[kind];
  const [puzzle, data] = firstLine(`${file}.txt`).split(" ");
  const o = { puzzle, variant: kind };
  if (kind === "jigsaw") o.regions = data;
  if (kind === "killer") o.cages = data.split(";").map((c) => { const [sum, cells] = c.split("="); return { sum: +sum, cells: cells.split(",") }; });
  return { json: o, solution: firstLine(`${file}.sol.txt`) };
}
const VARIANTS = ["x", "windoku", "jigsaw", "killer"];
// The level each variant's games ask for: easy, the page's default, but
// killer "any" (the generator's puzzle as it comes: an easy killer misses
// the request's deadline).
const levelOf = (kind) => (kind === "killer" ? "any" : "easy");
const DOCS = fileURLToPath(new URL("../../docs/", import.meta.url));
const at = (name) => (+/r(\d+)/.exec(name)[1] - 1) * 9 + (+/c(\d+)/.exec(name)[1] - 1);

// What the page drew: the rules layer's shapes and the thick borders.
const drawn = () =>
  page.evaluate(() => {
    const q = (s) => [...document.querySelectorAll(s)];
    const cellOf = (e) => `r${Math.floor(+e.getAttribute("y")) + 1}c${Math.floor(+e.getAttribute("x")) + 1}`;
    return {
      diag: q("#rules .diag").map(cellOf).sort(),
      lines: q("#rules .diag-line").length,
      windows: q("#rules .window").map(cellOf).sort(),
      cages: q("#rules .cage").length,
      sums: q("#rules .sum").map((e) => `${cellOf(e)}=${e.textContent}`).sort(),
      sumPx: Math.min(...q("#rules .sum").map((e) => e.getBoundingClientRect().height)),
      right: q("#grid .cell").map((e) => e.classList.contains("r")),
      below: q("#grid .cell").map((e) => e.classList.contains("b")),
      scroll: document.documentElement.scrollWidth,
      grid: document.querySelector("#grid").getBoundingClientRect().right,
    };
  });

// The drawing each sample must get, from its data alone.
function expectDrawn(kind, json, d, width) {
  if (kind === "x") {
    const diag = new Set();
    for (let k = 0; k < 9; k++) diag.add(`r${k + 1}c${k + 1}`).add(`r${k + 1}c${9 - k}`);
    assert.deepEqual(d.diag, [...diag].sort());
    assert.equal(d.lines, 1);
  } else assert.equal(d.diag.length, 0);
  assert.deepEqual(d.windows, kind === "windoku" ? ["r2c2", "r2c6", "r6c2", "r6c6"] : []);
  // Thick borders: between the regions (jigsaw), else between the boxes.
  const reg = (i) => (json.regions ? json.regions[i] : Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3));
  for (let i = 0; i < 81; i++) {
    assert.equal(d.right[i], i % 9 < 8 && reg(i) !== reg(i + 1), `right border of cell ${i}`);
    assert.equal(d.below[i], i < 72 && reg(i) !== reg(i + 9), `bottom border of cell ${i}`);
  }
  const cages = json.cages || [];
  assert.equal(d.cages, cages.length);
  const first = (c) => c.cells.reduce((a, b) => (at(a) < at(b) ? a : b));
  assert.deepEqual(d.sums, cages.map((c) => `${first(c)}=${c.sum}`).sort());
  if (cages.length) assert.ok(d.sumPx >= 10, `cage sums are ${d.sumPx} px high at ${width} px`);
  assert.ok(d.scroll <= width && d.grid <= width, `page ${d.scroll} px, grid to ${d.grid} px at ${width} px`);
}

async function openVariant(json) {
  await paste(JSON.stringify(json));
  return waitMessage("ok");
}

test("each variant's rules are drawn, at 1280 and 375 px (docs/page-*.png)", async () => {
  const shots = { "killer 1280": "page-killer.png", "jigsaw 1280": "page-jigsaw.png", "windoku 1280": "page-windoku.png",
    "x 375": "page-x-phone.png", "killer 375": "page-killer-phone.png" };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 812 });
    for (const kind of VARIANTS) {
      const { json } = variantSample(kind);
      assert.match(await openVariant(json), /Opened an? .*puzzle: its solution is unique/);
      assert.equal(await values(), json.puzzle);
      expectDrawn(kind, json, await drawn(), width);
      assert.match(await page.textContent("#rules-note"), { x: /diagonal/, windoku: /window/, jigsaw: /regions/, killer: /cage/ }[kind]);
      if (kind === "killer") assert.equal(await cell("r1c1").getAttribute("aria-label"), "Row 1, column 1, cage of 3 cells summing to 20");
      if (kind === "jigsaw") assert.equal(await cell("r1c1").getAttribute("aria-label"), "Row 1, column 1, region 1");
      const shot = shots[`${kind} ${width}`];
      if (shot) {
        const path = join(SHOTS, shot);
        await page.evaluate(() => document.activeElement.blur()); // no focus ring over a cage's sum
        await page.locator("#board").screenshot({ path });
        copyFileSync(path, join(DOCS, shot));
      }
    }
  }
  await page.setViewportSize({ width: 1100, height: 800 });
});

test("a variant puzzle's requests carry its rules: Check and Solve", async () => {
  const { json, solution } = variantSample("killer");
  await openVariant(json);
  const wrong = (+solution[0] % 9) + 1;
  await cell("r1c1").click();
  await page.keyboard.press(String(wrong));
  const [req] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/check")), page.click("#check")]);
  const sent = req.postDataJSON();
  assert.deepEqual(sent.cages, json.cages);
  assert.deepEqual(sent.variant, ["killer"]);
  assert.match(await waitMessage("err"), /1 entry is wrong/);
  assert.match(await cell("r1c1").getAttribute("class"), /\bx\b/);
  const [sreq] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/solve")), page.click("#solve")]);
  assert.deepEqual(sreq.postDataJSON().cages, json.cages);
  await page.waitForSelector("#msg.ok");
  assert.equal(await values(), solution);
  // The link keeps the rules: reopened, the cages are drawn again.
  await page.click("#share");
  const url = new URL(page.url());
  assert.deepEqual(JSON.parse(url.searchParams.get("rules")).cages, json.cages);
  await page.goto(url.href);
  await waitMessage("ok");
  assert.equal(await page.locator("#rules .cage").count(), json.cages.length);
  assert.equal(await values(), solution);
});

test("pasted f-puzzles links open with their rules and givens", async () => {
  // A killer of two cages (no givens) and a classic with r1c1 = 1, both
  // real share links (tests/test_api_variants.c).
  await paste("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=");
  assert.match(await waitMessage("warn"), /Opened a Killer puzzle: it has several solutions/);
  const d = await drawn();
  assert.equal(d.cages, 2);
  assert.deepEqual(d.sums, ["r1c1=9", "r1c2=33"]);
  assert.equal(await values(), ".".repeat(81));
  await paste("N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A");
  assert.match(await waitMessage("warn"), /Opened a classic puzzle/);
  assert.equal(await values(), "1" + ".".repeat(80));
  assert.match(await cell("r1c1").getAttribute("class"), /\bg\b/);
  assert.equal(await page.locator("#rules > *").count(), 0);
});

test("a variant's bad rules are shown beside the paste box", async () => {
  await paste(JSON.stringify({ puzzle: ".".repeat(81), cages: [{ sum: 50, cells: ["r1c1", "r1c2"] }] }));
  await page.waitForSelector("#paste-msg.err");
  assert.match(await page.textContent("#paste-msg"), /cages\[0\]: cage at r1c1: 2 cells cannot sum to 50/);
});

// Whether the server does what a test needs (the endpoints under rules are
// built in parallel with the page): false skips the test with the reason.
async function serves(path, body) {
  const res = await fetch(BASE + path, body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  return res.status === 200;
}

test("New puzzle offers each variant (1280 and 375 px)", async (t) => {
  if (!(await serves("/generate?variant=killer&level=any"))) return t.skip("GET /generate?variant= is not served");
  for (const [width, kinds] of [[1280, VARIANTS], [375, ["x", "killer"]]]) {
    await page.setViewportSize({ width, height: 900 });
    for (const kind of kinds) {
      await page.goto(BASE + "/");
      await page.selectOption("#variant", kind);
      await page.selectOption("#level", levelOf(kind));
      const [res] = await Promise.all([page.waitForResponse((r) => r.url().includes("/generate?")), page.click("#new")]);
      assert.equal(new URL(res.url()).searchParams.get("variant"), kind);
      const a = await res.json();
      assert.match(await waitMessage("ok"), new RegExp(`A new .*puzzle`));
      assert.equal(await values(), a.puzzle);
      expectDrawn(kind, { ...a, regions: a.regions }, await drawn(), width);
      await page.waitForURL(/variant=/);
      assert.equal(new URL(page.url()).searchParams.get("variant"), kind);
    }
  }
  await page.setViewportSize({ width: 1100, height: 800 });
});

// A new game of this variant at this width from New puzzle: the
// /generate answer (puzzle, solution and the rule members).
async function newVariantGame(kind, width) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(BASE + "/");
  await page.selectOption("#variant", kind);
  await page.selectOption("#level", levelOf(kind));
  const [res] = await Promise.all([page.waitForResponse((r) => r.url().includes("/generate?")), page.click("#new")]);
  const g = await res.json();
  await waitMessage("ok");
  assert.equal(await values(), g.puzzle);
  return g;
}

// The open game (g: its rule members and solution) played with Hint
// alone: each hint sent with the rules, its targets lit, a variant unit's
// cells and a named cage lit, applied, until the page says it is solved.
async function winWithHints(g, shot) {
  const errors = consoleErrors.length;
  let hints = 0, cagesLit = 0, unitsLit = 0, shotTaken = !shot;
  for (; hints < 400 && (await values()).includes("."); hints++) {
    const [hr] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/hint")), page.click("#hint")]);
    const body = hr.request().postDataJSON(), a = await hr.json();
    assert.equal(hr.status(), 200, JSON.stringify(a));
    for (const k of ["regions", "cages"]) if (g[k]) assert.deepEqual(body[k], g[k], `/hint gets ${k}`);
    assert.deepEqual([body.variant].flat(), [g.variant].flat());
    await page.waitForSelector('#hint[data-state="shown"]');
    assert.equal(a.kind, "step", JSON.stringify(a));
    const lit = await page.$$eval("#grid input.ht", (els) => els.map((e) => e.dataset.cell));
    assert.deepEqual(lit.sort(), [...new Set([...a.placements, ...a.eliminations].map((p) => p.cell))].sort());
    // A variant unit (diagonal, window, region) lights all its cells.
    if (a.units.some((u) => /^(diagonal|window|region)/.test(u))) {
      const on = await page.$$eval("#grid input", (els) => els.filter((e) => /\bh[uct]\b/.test(e.className)).length);
      assert.ok(on >= 9, `${a.units}: ${on} cells lit`);
      unitsLit++;
    }
    if (/cage at r\d+c\d+/.test(a.explanation)) {
      assert.ok((await page.locator("#rules .cage.lit").count()) >= 1, `a lit cage for: ${a.explanation}`);
      cagesLit++;
    }
    // The picture: the first rule of 45 (its unit lit), else a late hint.
    if (!shotTaken && (a.technique === "rule-of-45" || hints >= 40)) {
      shotTaken = true;
      await page.locator("#board").screenshot({ path: join(SHOTS, shot) });
      copyFileSync(join(SHOTS, shot), join(DOCS, shot));
    }
    await page.click("#hint");
    await page.waitForSelector('#hint[data-state="idle"]');
    for (const p of a.placements) assert.equal(await cell(p.cell).inputValue(), String(p.value));
  }
  await page.waitForFunction(() => /Solved!/.test(document.querySelector("#msg").textContent));
  assert.equal(await values(), g.solution);
  assert.deepEqual(consoleErrors.slice(errors), []);
  return { hints, cagesLit, unitsLit };
}

test("killer (1280 px) and jigsaw (375 px) samples won with Hint alone, cages and regions lit (docs/page-killer-hint.png)", async (t) => {
  if (!(await serves("/hint", variantSample("killer").json))) return t.skip("POST /hint under rules is not served");
  for (const [kind, width] of [["killer", 1280], ["jigsaw", 375]]) {
    const { json, solution } = variantSample(kind);
    await page.setViewportSize({ width, height: 900 });
    await openVariant(json);
    const r = await winWithHints({ ...json, solution }, kind === "killer" ? "page-killer-hint.png" : null);
    if (kind === "killer") assert.ok(r.cagesLit > 0, "no hint lit a cage");
    else assert.ok(r.unitsLit > 0, "no hint lit a region");
    t.diagnostic(`${kind} sample: ${r.hints} hints, ${r.cagesLit} lit a cage, ${r.unitsLit} a ${kind} unit`);
  }
  await page.setViewportSize({ width: 1100, height: 800 });
});

test("a generated killer game won with Hint alone (375 px)", async (t) => {
  if (!(await serves("/generate?variant=killer&level=any"))) return t.skip("GET /generate?variant= is not served");
  if (!(await serves("/hint", variantSample("killer").json))) return t.skip("POST /hint under rules is not served");
  const r = await winWithHints(await newVariantGame("killer", 375));
  assert.ok(r.cagesLit > 0, "no hint lit a cage");
  t.diagnostic(`killer: ${r.hints} hints, ${r.cagesLit} lit a cage`);
  await page.setViewportSize({ width: 1100, height: 800 });
});

test("generated X (375 px), windoku and jigsaw games won with Hint alone", async (t) => {
  if (!(await serves("/generate?variant=x&level=easy"))) return t.skip("GET /generate?variant= is not served");
  if (!(await serves("/hint", variantSample("x").json))) return t.skip("POST /hint under rules is not served");
  for (const [kind, width] of [["x", 375], ["windoku", 1280], ["jigsaw", 1280]]) {
    const r = await winWithHints(await newVariantGame(kind, width));
    t.diagnostic(`${kind}: ${r.hints} hints, ${r.unitsLit} lit a ${kind} unit`);
  }
  await page.setViewportSize({ width: 1100, height: 800 });
});

test("no script errors or CSP violations", () => {
  assert.deepEqual(problems, []);
  // The error tests get problem answers (4xx) on purpose; nothing else.
  assert.deepEqual(consoleErrors.filter((t) => !/status of 4\d\d/.test(t)), []);
});
