// Helpers shared by the browser tests (web.test.mjs, trial.mjs): the
// page's server and Chromium, stopped by pid; reading the screen through
// window.tabula (ui/web_js.go); clicking controls at the rectangles it
// gives; waiting for conditions, never for a time.

import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const dist = path.resolve(here, process.env.WEB_DIST || "../dist");
const GO = process.env.GO || "go";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const GAMES = ["classic", "checkerboard", "infiltration", "alcazar", "revenge", "knights", "arena"];

// ---- the server and the browser, stopped by pid ----

export const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-web-test-"));
const pids = [];
export function stopAll() {
  for (const pid of pids.splice(0)) {
    try { process.kill(pid, "SIGTERM"); } catch { /* already gone */ }
  }
}
process.on("exit", () => {
  stopAll();
  fs.rmSync(tmp, { recursive: true, force: true }); // the server's binary, the downloads
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => { stopAll(); process.exit(2); });

export async function startServer() {
  const bin = path.join(tmp, "webserve");
  execFileSync(GO, ["build", "-o", bin, "./internal/webserve"], { cwd: root, stdio: "inherit" });
  const srv = spawn(bin, ["-dir", dist, "-port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  pids.push(srv.pid);
  const url = await new Promise((resolve, reject) => {
    let out = "";
    srv.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/at (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) resolve(m[1]);
    });
    srv.on("exit", (code) => reject(new Error(`webserve exited (${code}): ${out}`)));
  });
  return { srv, url };
}

// ---- reading the screen ----

export async function state(page) {
  return JSON.parse(await page.evaluate(() => window.tabula.state()));
}

// waitState polls the hook until pred(state) holds; it fails with what the
// screen showed last after ms.
export async function waitState(page, what, pred, ms = 20000) {
  const end = Date.now() + ms;
  let st;
  for (;;) {
    try {
      st = await state(page);
      if (pred(st)) return st;
    } catch (e) {
      if (!String(e).includes("tabula")) throw e; // the hook not there yet
    }
    if (Date.now() > end) throw new Error(`waiting for ${what}: ${summary(st)}`);
    await nextFrame(page);
  }
}

export function summary(st) {
  if (!st) return "no state";
  const top = st.controls.filter((c) => c.layer === st.dialogs).map((c) => c.label || c.icon);
  const g = st.game ? ` game ${st.game.id} ply ${st.game.ply} "${st.game.status}" thinking ${st.game.thinking}` : "";
  const texts = st.texts.filter((t) => t.layer === st.dialogs).map((t) => t.text).slice(0, 6);
  return `screen ${st.screen}, ${st.dialogs} dialogs, controls [${top.join(", ")}], texts ${JSON.stringify(texts)}${g}`;
}

export function topLayer(st) {
  return Math.max(0, ...st.controls.map((c) => c.layer));
}

export function findControl(st, label, layer = topLayer(st)) {
  return st.controls.find((c) => c.layer === layer && (c.label === label || c.icon === label));
}

// nextFrame waits for the page's next frame (Fyne handles input and draws
// on animation frames).
export function nextFrame(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

// clickRect clicks the middle of r as a mouse does: in, press, release,
// a frame between each, so Fyne sees the pointer over the object it then
// presses (a press straight after a dialog closed under it was lost).
export async function clickRect(page, r) {
  const x = r.x + r.w / 2, y = r.y + r.h / 2;
  await page.mouse.move(x - 1, y - 1);
  await nextFrame(page);
  await page.mouse.move(x, y);
  await nextFrame(page);
  await page.mouse.down();
  await nextFrame(page);
  await page.mouse.up();
}

// click clicks the control named label (its words, or its icon's name) on
// the top layer, once it is shown and enabled.
export async function click(page, label, ms = 10000) {
  // Shown, enabled, and where it was a frame ago (a dialog that grows to
  // fit its form moves its buttons once).
  let last = null;
  const st = await waitState(page, `"${label}" to click`, (s) => {
    const c = findControl(s, label);
    const same = c && last && c.rect.x === last.x && c.rect.y === last.y && c.rect.w === last.w;
    last = c && c.rect;
    return c && c.enabled && same;
  }, ms);
  await clickRect(page, findControl(st, label).rect);
  return st;
}

// closeDialogs closes what dialogs are open (OK, Close) and returns how
// many there were with their words.
export async function closeDialogs(page) {
  const seen = [];
  for (let i = 0; i < 10; i++) {
    const st = await state(page);
    if (st.dialogs === 0) break;
    const layer = topLayer(st);
    seen.push(st.texts.filter((t) => t.layer === layer).map((t) => t.text).join(" / "));
    const btn = ["OK", "Close", "Cancel", "No"].map((l) => findControl(st, l, layer)).find(Boolean);
    if (!btn) break;
    await clickRect(page, btn.rect);
    await waitState(page, "the dialog to close", (s) => s.dialogs < st.dialogs, 5000);
  }
  return seen;
}

export async function openPage(page, url) {
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => window.tabulaTimes && window.tabulaTimes.firstFrame, null, { timeout: 60000 });
  const times = await page.evaluate(() => window.tabulaTimes);
  const st = await waitState(page, "the picker", (s) => s.screen === "picker" && s.cards.length > 0 && s.cards[0].read);
  return { times, st, wall: Date.now() - t0 };
}

// backToPicker leaves the game for the picker (Back), waiting for it.
export async function backToPicker(page, st) {
  await closeDialogs(page);
  st = await state(page);
  // The toolbar's Back: the topmost (arena's own controls have an arrow
  // of the same icon to walk west).
  const back = st.controls.filter((c) => c.layer === 0 && (c.label === "Back" || c.icon === "foreground_arrow-back.svg"))
    .sort((a, b) => a.rect.y - b.rect.y)[0];
  await clickRect(page, back.rect);
  return waitState(page, "the picker after Back", (s) => s.screen === "picker" && s.cards.length > 0 && s.cards[0].read);
}

// startFromCard clicks the card's New game (Play on a phone), scrolling
// the picker until it shows, then Start in the New game dialog.
export async function startFromCard(page, id) {
  await openNewGame(page, id);
  await click(page, "Start");
  return waitState(page, `the ${id} game`, (s) => s.screen === "game" && s.game.id === id && s.dialogs === 0);
}

// openNewGame clicks the card's New game (Play on a phone), scrolling the
// picker until it shows, and waits for the New game dialog.
export async function openNewGame(page, id) {
  const vh = page.viewportSize().height;
  let st = await state(page);
  let clicked = false;
  for (let i = 0; i < 30 && !clicked; i++) {
    const card = st.cards.find((c) => c.id === id);
    const at = card && card.playAt;
    if (at && at.y >= 0 && at.y + at.h <= vh && at.h >= 30) {
      // Still where it was a frame ago: the scroll has settled.
      await nextFrame(page);
      const again = (await state(page)).cards.find((c) => c.id === id).playAt;
      if (again && again.y === at.y) {
        await clickRect(page, at);
        clicked = true;
        break;
      }
    } else {
      await page.mouse.move(page.viewportSize().width / 2, vh / 2);
      await page.mouse.wheel(0, at && at.y < 0 ? -120 : 120);
      await nextFrame(page);
      await nextFrame(page);
    }
    st = await state(page);
  }
  if (!clicked) throw new Error(`${id}: the card's New game never came into view`);
  return waitState(page, "the New game dialog", (s) => s.dialogs > 0 && !!findControl(s, "Start"));
}

// humanTurn waits until the person may act again (the computer has
// answered) or the game is over.
export function humanTurn(page, what, ms = 60000) {
  return waitState(page, what, (s) => s.game && (s.game.over || (s.game.human >= 0 && !s.game.thinking && s.game.legal.length > 0)), ms);
}

export function seeded(seed) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

// controlsFit: every control of the screen lies inside the page (a cut
// toolbar had its last buttons past the right edge).
export function controlsFit(st, vw, vh) {
  return st.controls.filter((c) => c.layer === 0 && c.kind !== "menu")
    .filter((c) => c.rect.x < -1 || c.rect.x + c.rect.w > vw + 1);
}


// launchBrowser starts headless Chromium with software GL; its pid is
// stopped with the server's.
export async function launchBrowser() {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"],
  });
  pids.push(server.process().pid);
  const browser = await chromium.connect(server.wsEndpoint());
  return { server, browser };
}
