// A trial of Tabula's web build as a new user would make it (issue 22's
// "Done when"; make trial-web, not part of make test): whole games of
// every game against the computer, played by clicking, in headless
// Chromium, with screenshots for a person to look at.
//
// For each game it opens the page, clicks the game's card, sets the New
// game dialog's computer to its easiest strength (a strong bot makes
// games long, and the trial is about the app, not the bots), clicks
// Start, and plays the whole game by CLICKING what a person clicks: the
// board's squares at the rectangles window.tabula.state() gives (from a
// square then to a square, a tray piece then an entry square, a hand
// chip then a square), and the board's own buttons (arena's arrows,
// Place, Kick, End turn; infiltration's Swap sides; alcazar's Pass). Its
// moves are drawn at random under a seed from the legal moves the hook
// lists. tabula.play() is never used for a move. In one game per size
// the page is reloaded in the middle, the game found under Resume on the
// picker and played on to its end. At phone sizes the toolbar's menu and
// a dialog from it are used too.
//
// Screenshots go to TRIAL_SHOTS (default docs/shots/issue22) as
// trial-<game>-<width>x<height>-<n>.png; a line per game says what was
// played (plies, the result in the app's words, time), and the run ends
// with a summary (also written to TRIAL_SHOTS/trial-log.txt).
//
// Environment: as web.test.mjs (WEB_DIST, GO, CHROMIUM), and
// TRIAL_SEED (default 22), TRIAL_ONLY=desktop|phone|narrow to run one
// size, TRIAL_GAMES=id,id to play only those games at every size.

import fs from "node:fs";
import path from "node:path";
import {
  GAMES, root, startServer, launchBrowser, stopAll, state, waitState, topLayer, findControl,
  nextFrame, clickRect, click, closeDialogs, openPage, backToPicker, openNewGame, seeded, summary,
} from "./lib.mjs";

const SHOTS = path.resolve(root, process.env.TRIAL_SHOTS || "docs/shots/issue22");
const SEED = Number(process.env.TRIAL_SEED || 22);
const ONLY = process.env.TRIAL_ONLY || "";
const PICK = process.env.TRIAL_GAMES ? process.env.TRIAL_GAMES.split(",") : null;
const GAME_MS = 20 * 60 * 1000; // a game not over by then is reported as not finished
const MAX_PLIES = 1500;

// The sizes and what is played at each: every game at the desktop's; at
// the phone's two or three, one of them reloaded in the middle.
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, games: GAMES, reload: "checkerboard", reloadAt: 6 },
  { name: "phone", viewport: { width: 412, height: 790 }, games: ["revenge", "arena", "alcazar"], reload: "arena", reloadAt: 8, menus: true },
  { name: "narrow", viewport: { width: 360, height: 740 }, games: ["classic", "infiltration", "knights"], reload: "", menus: true },
];

const lines = [];
const problems = [];
const began = Date.now();
function log(line) {
  const t = ((Date.now() - began) / 1000).toFixed(0).padStart(5);
  console.log(`${t}s ${line}`);
  lines.push(line);
}
function problem(what) {
  log(`PROBLEM ${what}`);
  problems.push(what);
}

async function shot(page, id, viewport, n) {
  const file = path.join(SHOTS, `trial-${id}-${viewport.width}x${viewport.height}-${n}.png`);
  await page.screenshot({ path: file });
  log(`  screenshot ${path.relative(root, file)} (${(fs.statSync(file).size / 1024).toFixed(0)} KB)`);
}

// ---- the New game dialog ----

// newGame opens the card's New game dialog, sets the computer's strength
// (the easiest it offers, unless the game is already quick), and starts.
async function newGame(page, id, viewport, dialogShot) {
  let st = await openNewGame(page, id);
  const layer = topLayer(st);
  const selects = (s) => s.controls.filter((c) => c.layer === layer && c.kind === "select");
  const seatSelects = selects(st).filter((c) => c.label === "Human" || c.label === "Computer");
  // A computer seat's strength: a select of words that are neither the
  // seat's kind nor its symbol (revenge lets a seat choose its mark).
  // (arena's seats choose a character too: Bomber or Freezer).
  const isBot = (c) => ["Easy", "Medium", "Hard", "Expert", "Mobility", "Aggressor", "Balanced"].includes(c.label);
  const nBots = selects(st).filter(isBot).length;
  if (seatSelects.length < 2 || seatSelects[0].label !== "Human" || nBots < 1) {
    throw new Error(`${id}: the New game dialog is not "you against the computer": ${summary(st)}`);
  }
  let chosen = "";
  for (let k = 0; k < nBots; k++) {
    const sel = selects(await state(page)).filter(isBot)[k];
    await clickRect(page, sel.rect);
    st = await waitState(page, "the strengths' menu", (s) => s.controls.some((c) => c.kind === "menu" && c.layer > layer));
    const items = st.controls.filter((c) => c.kind === "menu" && c.layer > layer);
    const easy = items.find((c) => /^Easy/.test(c.label)) || items[0];
    if (k === 0) log(`  New game: seats ${seatSelects.map((c) => c.label).join(" / ")}; strengths offered: ${items.map((c) => c.label).join(", ")}; chose ${easy.label}`);
    await clickRect(page, easy.rect);
    st = await waitState(page, "the strength chosen", (s) => !s.controls.some((c) => c.kind === "menu" && c.layer > layer) &&
      selects(s).filter(isBot)[k] && selects(s).filter(isBot)[k].label === easy.label);
    chosen = easy.label;
  }
  if (dialogShot) await shot(page, id, viewport, 0);
  await click(page, "Start");
  st = await waitState(page, `the ${id} game`, (s) => s.screen === "game" && s.game.id === id && s.dialogs === 0);
  return { st, bot: chosen };
}

// ---- entering a move by clicks ----

function squareOf(g, name) {
  const sq = (g.squares || []).find((s) => s.label.startsWith(`${name},`) || s.label === name);
  if (!sq) throw new Error(`no square named ${name} on the ${g.id} board: ${(g.squares || []).map((s) => s.label).slice(0, 8).join(" | ")}...`);
  return sq;
}

// moved is whether the screen shows that the move went in: a ply more,
// another person to act, the end, or a new refusal (an error).
function moved(before) {
  return (s) => s.game && s.game.id === before.id &&
    (s.game.ply !== before.ply || s.game.human !== before.human || s.game.over ||
      (s.game.refused && s.game.refused !== before.refused));
}

// The clicks that enter token, one game at a time. Each step is a
// rectangle to click (a function of the state, so a second click is
// found after the first has changed the screen).
function clicksFor(st, token) {
  const g = st.game;
  const sq = (name) => () => squareOf(g, name).rect;
  const ctl = (pred, what) => (s) => {
    const c = s.controls.find((c) => c.layer === 0 && pred(c));
    if (!c) throw new Error(`no ${what} to click: ${summary(s)}`);
    return c.rect;
  };
  switch (g.id) {
    case "classic":
    case "checkerboard":
    case "revenge":
      return [sq(token)];
    case "knights": {
      // The person's own pick (a joint token lists every seat's).
      const mine = token.includes(",") ? token.split(",")[g.human] : token;
      if (mine === "-") throw new Error(`knights: a pass (${token}) is not a click`);
      return [sq(mine)];
    }
    case "infiltration": {
      if (token === "swap") return [ctl((c) => c.label === "Swap sides", "Swap sides")];
      let m = token.match(/^(K?)@([a-h][1-8])$/);
      if (m) {
        const kind = m[1] ? "king" : "man";
        const chip = (c) => c.icon === `${kind}${g.human}.svg`;
        const other = (c) => c.icon === `${kind === "man" ? "king" : "man"}${g.human}.svg`;
        const hasOther = st.controls.some((c) => other(c) && c.label !== "0");
        // A square of an empty board with one kind in hand is a drop of
        // it; with both kinds the chip says which.
        return kind === "king" || hasOther ? [ctl(chip, `${kind} chip`), sq(m[2])] : [sq(m[2])];
      }
      m = token.match(/^([a-h][1-8])[-x]([a-h][1-8])$/);
      if (m) return [sq(m[1]), (s) => squareOf(s.game, m[2]).rect];
      break;
    }
    case "alcazar": {
      if (token === "pass") return [ctl((c) => c.label === "Pass", "Pass")];
      const m = token.match(/^([1-5])@([a-e][1-5])$/);
      if (m) {
        const mine = g.human === 0 ? "Amber" : "Blue";
        return [sq(`${mine}'s ${m[1]}, in hand`), (s) => squareOf(s.game, m[2]).rect];
      }
      break;
    }
    case "arena": {
      const icons = { N: "foreground_arrow-up.svg", S: "foreground_arrow-down.svg", W: "foreground_arrow-back.svg", E: "foreground_arrow-forward.svg" };
      // The arrows under the board (the toolbar's Back has the west
      // arrow's icon too: the lowest is the board's).
      const arrow = (d) => (s) => {
        const cs = s.controls.filter((c) => c.layer === 0 && c.icon === icons[d]).sort((a, b) => b.rect.y - a.rect.y);
        if (!cs.length) throw new Error(`no ${d} arrow: ${summary(s)}`);
        return cs[0].rect;
      };
      // A phone's board says "End" for End turn.
      const labels = { place: /^Place$/, kick: /^Kick$/, end: /^End( turn)?$/ };
      if (labels[token]) return [ctl((c) => labels[token].test(c.label), token)];
      const m = token.match(/^(move|face) ([NESW])$/);
      if (m) {
        // An arrow turns the player to face its way, or steps that way
        // when it faces it already: a step another way is two clicks.
        const facing = !g.legal.includes(`face ${m[2]}`);
        return m[1] === "move" && !facing ? [arrow(m[2]), arrow(m[2])] : [arrow(m[2])];
      }
      break;
    }
  }
  throw new Error(`${g.id}: no clicks known for ${token}`);
}

// kindOf is what kind of move a token is, for the log.
function kindOf(id, token) {
  switch (true) {
    case id === "arena": return token.split(" ")[0];
    case token === "swap" || token === "pass": return token;
    case /^K@/.test(token): return "king drops";
    case /^[1-5]@/.test(token): return "placements";
    case /^@/.test(token): return "drops";
    case /^[a-h][1-8]x/.test(token): return "captures";
    case /^[a-h][1-8]-/.test(token): return "steps";
  }
  return id === "knights" ? "jumps" : "squares";
}

// chooseMove draws a legal move; arena leans on placing and kicking so
// that a game between two careless players ends.
function chooseMove(g, rnd) {
  let legal = g.legal;
  if (g.id === "knights") legal = legal.filter((t) => (t.includes(",") ? t.split(",")[g.human] : t) !== "-");
  if (g.id === "arena") {
    const busy = legal.filter((t) => t === "place" || t === "kick");
    if (busy.length && rnd() < 0.4) legal = busy;
    // Turning costs nothing: with no action left, end the turn.
    else if (!legal.some((t) => /^(move|place|kick)/.test(t))) legal = ["end"];
    else if (rnd() < 0.8) legal = legal.filter((t) => t !== "end");
  }
  if (!legal.length) legal = g.legal;
  return legal[Math.floor(rnd() * legal.length)];
}

// phasePlaying: a control shown while alcazar's movement phase plays.
function phasePlaying(c) {
  return c.layer === 0 && (c.label === "Skip to the end" || c.icon === "foreground_media-fast-forward.svg");
}

// asking is the confirmation a board asks for after a click (revenge's
// reinforcement, knights' Confirm when it is switched on), or undefined.
// A phone's board asks with icons: its confirm is the check mark.
function asking(s) {
  return s.controls.find((c) => c.layer === 0 && c.enabled &&
    (/^(Reinforce|Confirm)$/.test(c.label) || (!c.label && c.icon === "foreground_check.svg")));
}

// playByClicks enters token by clicks and waits until the screen shows it
// went in (clicking a confirmation the board asks for); the clicks of a
// move the board refuses while its pieces move (alcazar's movement
// phase) are made again.
async function playByClicks(page, st, token) {
  const before = { ...st.game };
  const steps = clicksFor(st, token);
  for (let attempt = 0; ; attempt++) {
    // Alcazar's movement phase plays after a turn with Skip to the end
    // shown; a click while it plays is refused. A person waits for it.
    let s = await waitState(page, "the pieces to stop", (x) => !x.controls.some(phasePlaying), 60000);
    for (let i = 0; i < steps.length; i++) {
      if (i > 0) {
        await nextFrame(page);
        s = await state(page);
      }
      await clickRect(page, steps[i](s));
    }
    const what = `${token} to go in`;
    const done = moved(before);
    let late = null;
    s = await waitState(page, what, (x) => done(x) || !!asking(x), 15000).catch(async (e) => {
      const now = await state(page);
      // A refusal said again in the same words is not seen as new.
      if (/still moving/.test(now.game.refused) && attempt < 5) {
        late = now;
        return now;
      }
      throw new Error(`${e.message} (refused: "${now.game.refused}", said: "${now.game.said}")`);
    });
    if (late) {
      // Skip to the end, as a person would, with a click: Escape pressed
      // once the pieces have stopped has nothing to cancel and goes back
      // to the picker.
      const skip = late.controls.find(phasePlaying);
      log(`  ${token}: refused while the pieces moved; ${skip ? "Skip to the end" : "a wait"} and again`);
      if (skip) await clickRect(page, skip.rect);
      for (let i = 0; i < 5; i++) await nextFrame(page);
      continue;
    }
    if (!done(s) && asking(s)) {
      log(`  ${token}: the board asks "${asking(s).label}"; clicked`);
      await clickRect(page, asking(s).rect);
      s = await waitState(page, what, done, 15000);
    }
    if (s.game.ply !== before.ply || s.game.human !== before.human || s.game.over) return s;
    if (/still moving|wait/i.test(s.game.refused) && attempt < 30) {
      before.refused = s.game.refused;
      for (let i = 0; i < 30; i++) await nextFrame(page);
      continue;
    }
    throw new Error(`${token} was refused: "${s.game.refused}"`);
  }
}

// myTurn waits until the person may act or the game is over.
function myTurn(page, id, what, ms = 120000) {
  return waitState(page, what, (s) => s.screen === "game" && s.game && s.game.id === id &&
    (s.game.over || (s.game.human >= 0 && !s.game.thinking && s.game.legal.length > 0)), ms);
}

// ---- the phone's menu ----

// useMenus opens the toolbar's menu on a phone, takes a screenshot, opens
// its Rules and closes them, as a person looking around would.
async function useMenus(page, id, viewport) {
  await click(page, "foreground_more-vertical.svg");
  let st = await waitState(page, "the toolbar's menu", (s) => s.controls.some((c) => c.kind === "menu"));
  const items = st.controls.filter((c) => c.kind === "menu").map((c) => c.label);
  log(`  the phone toolbar's menu: ${items.join(", ")}`);
  await shot(page, id, viewport, "menu");
  const rules = st.controls.find((c) => c.kind === "menu" && /Rules/.test(c.label));
  if (!rules) { problem(`${id} ${viewport.width}: no Rules in the phone menu`); await closeDialogs(page); return; }
  await clickRect(page, rules.rect);
  st = await waitState(page, "the rules", (s) => s.dialogs > 0 && !s.controls.some((c) => c.kind === "menu"));
  await shot(page, id, viewport, "rules");
  const told = await closeDialogs(page);
  log(`  Rules dialog: ${told.map((t) => t.slice(0, 80)).join(" | ")}`);
}

// ---- one whole game ----

async function wholeGame(page, url, size, id, rnd) {
  const { viewport } = size;
  const t0 = Date.now();
  log(`${id} at ${viewport.width}x${viewport.height}`);
  let { st, bot } = await newGame(page, id, viewport, size.menus);
  const seats = st.game.seats.join(" vs ");
  st = await myTurn(page, id, `${id}: the first turn`);
  await shot(page, id, viewport, 1);
  if (size.menus && id === size.games[0]) await useMenus(page, id, viewport);
  let clicks = 0, mid = false, reloaded = false;
  const kinds = {};
  const midAt = size.reload === id ? size.reloadAt : id === "classic" ? 3 : 10;
  while (!st.game.over) {
    if (Date.now() - t0 > GAME_MS || st.game.ply > MAX_PLIES) {
      problem(`${id} ${viewport.width}: not over after ${st.game.ply} plies and ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      break;
    }
    if (!mid && st.game.ply >= midAt) {
      mid = true;
      await shot(page, id, viewport, 2);
      if (size.reload === id && !reloaded) {
        reloaded = true;
        st = await reloadAndResume(page, url, id, viewport, st);
        continue;
      }
    }
    if (clicks > 0 && clicks % 40 === 0) log(`  ... ply ${st.game.ply}, ${clicks} moves entered`);
    const token = chooseMove(st.game, rnd);
    st = await playByClicks(page, st, token);
    clicks++;
    const kind = kindOf(id, token);
    kinds[kind] = (kinds[kind] || 0) + 1;
    st = await myTurn(page, id, `${id}: the computer's answer to ${token}`);
  }
  // The end as the app tells it: the result line, the status, and any
  // dialog.
  if (size.reload === id && !reloaded) problem(`${id} ${viewport.width}: the game ended at ply ${st.game.ply}, before the reload planned at ply ${midAt}`);
  // The result is held back while the last move plays out (alcazar's
  // movement phase: "Watch the pieces move..."); a result dialog comes
  // after the last move's animation, if at all.
  if (st.game.over) await waitState(page, "the result", (s) => s.game && !!s.game.result, 90000).catch(() => {});
  st = await waitState(page, "a result dialog", (s) => s.dialogs > 0, 4000).catch(() => state(page));
  const dialogs = st.dialogs ? st.texts.filter((t) => t.layer === topLayer(st)).map((t) => t.text) : [];
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  await shot(page, id, viewport, 3);
  const g = st.game;
  log(`  ${id} ${viewport.width}x${viewport.height}: ${g.over ? "over" : "NOT over"} after ${g.ply} plies (${clicks} moves entered by clicks), ${secs} s; ${seats} (${bot}); result "${g.result}"; status "${g.status}"${dialogs.length ? `; dialog: ${dialogs.join(" / ")}` : ""}`);
  log(`  moves entered by clicks, by kind: ${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(", ")}`);
  if (g.over && !g.result) problem(`${id} ${viewport.width}: the game is over but no result line is shown (status "${g.status}")`);
  if (/autosave failed|not implemented/i.test(JSON.stringify(st.texts))) problem(`${id} ${viewport.width}: an error is shown: ${st.texts.map((t) => t.text).filter((t) => /fail|not impl/i.test(t)).join(" | ")}`);
  await closeDialogs(page);
  await backToPicker(page, await state(page));
  return { id, size: `${viewport.width}x${viewport.height}`, plies: g.ply, over: g.over, result: g.result, secs, reloaded };
}

// reloadAndResume reloads the page in the middle of a game, finds it under
// Resume on the picker, clicks Resume and checks the board is as it was.
async function reloadAndResume(page, url, id, viewport, st) {
  const before = st.game;
  log(`  reload at ply ${before.ply}`);
  const { st: picker } = await openPage(page, url);
  const told = await closeDialogs(page);
  if (told.length) problem(`${id}: dialogs after the reload: ${told.join(" | ")}`);
  const card = picker.cards.find((c) => c.id === id);
  if (!card || !card.resume) throw new Error(`${id}: no Resume after the reload: ${JSON.stringify(card)}`);
  await shot(page, id, viewport, "4-picker");
  // Scroll the card into view if it is not.
  let s = picker;
  for (let i = 0; i < 30; i++) {
    const c = s.cards.find((c) => c.id === id);
    if (c.resumeAt && c.resumeAt.y >= 0 && c.resumeAt.y + c.resumeAt.h <= viewport.height && c.resumeAt.h >= 30) break;
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    await page.mouse.wheel(0, c.resumeAt && c.resumeAt.y < 0 ? -120 : 120);
    await nextFrame(page);
    await nextFrame(page);
    s = await state(page);
  }
  // More than one card may offer Resume (a game left unfinished before):
  // the one on this game's card.
  const mine = (await state(page)).cards.find((c) => c.id === id);
  await clickRect(page, mine.resumeAt);
  let after = await waitState(page, "the resumed game", (x) => x.screen === "game" && x.game && x.game.id === id, 20000);
  if (after.game.id !== id) throw new Error(`Resume opened ${after.game.id}, not ${id}`);
  after = await myTurn(page, id, `${id}: the turn after Resume`);
  const same = JSON.stringify(after.game.squares.map((q) => q.label)) === JSON.stringify(before.squares.map((q) => q.label));
  log(`  resumed at ply ${after.game.ply} (was ${before.ply}); the board ${same ? "is as it was" : "DIFFERS"}; status "${after.game.status}"`);
  if (after.game.ply !== before.ply || !same) problem(`${id}: Resume after the reload shows ply ${after.game.ply}, board ${same ? "same" : "different"} (was ply ${before.ply})`);
  await shot(page, id, viewport, "5-resumed");
  return after;
}

// ---- the run ----

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { url } = await startServer();
  log(`serving at ${url}; seed ${SEED}`);
  const { server, browser } = await launchBrowser();
  const results = [];
  try {
    for (const size of SIZES) {
      if (ONLY && ONLY !== size.name) continue;
      const context = await browser.newContext({ viewport: size.viewport });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && !/passive event listener/.test(m.text())) errors.push(m.text());
      });
      await openPage(page, url);
      const startDialogs = await closeDialogs(page);
      if (startDialogs.length) problem(`${size.name}: dialogs at start: ${startDialogs.join(" | ")}`);
      const rnd = seeded(SEED + size.viewport.width);
      for (const id of size.games) {
        if (PICK && !PICK.includes(id)) continue;
        try {
          results.push(await wholeGame(page, url, size, id, rnd));
        } catch (e) {
          problem(`${id} ${size.viewport.width}x${size.viewport.height}: ${e.message}`);
          try {
            await shot(page, id, size.viewport, "failed");
            await closeDialogs(page);
            await backToPicker(page, await state(page));
          } catch {
            await openPage(page, url);
            await closeDialogs(page);
          }
        }
      }
      if (errors.length) problem(`${size.name}: errors in the console: ${errors.slice(0, 3).join(" | ")}`);
      await context.close();
    }
  } finally {
    await browser.close().catch(() => {});
    await server.close().catch(() => {});
    stopAll();
  }
  log("\nsummary:");
  for (const r of results) log(`  ${r.id} ${r.size}: ${r.over ? "over" : "NOT over"}, ${r.plies} plies, "${r.result}", ${r.secs} s${r.reloaded ? ", reloaded and resumed" : ""}`);
  log(problems.length ? `${problems.length} problems:\n  ${problems.join("\n  ")}` : "no problems");
  fs.writeFileSync(path.join(SHOTS, `trial-log${ONLY ? "-" + ONLY : ""}.txt`), lines.join("\n") + "\n");
  process.exit(problems.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  stopAll();
  process.exit(1);
});
