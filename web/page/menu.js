// The menu before Python: usable at first paint, while the engine starts.
//
// Why JavaScript, and why so little of it: the engine needs seconds to start,
// the menu does not. The build writes the menu's markup for every table into
// <script id="menu-data"> (web/table/view/earlymenu.py, from the table's own renderer), so
// here nothing is rendered and nothing is validated:
//   - the markup of the chosen table is shown, and each stored setting checks
//     the input whose value it names (a value no input has leaves the default);
//   - what the player touches is kept in the shape the table stores
//     (localStorage[data.settingsKey]) and written there at once;
//   - the language (input[name=lang]) is the saved one, else the browser's
//     (as web/table/i18n/languages.py lang_for_browser, from the catalogues); switching it
//     shows the other language's pre-rendered menu and frame (<html lang>, the
//     top bar, the rules) and the boot screen's words (boot.js);
//   - «Правила» opens the pre-rendered rules; «Новая партия» / «Продолжить
//     партию» close the menu and show the boot screen's progress until the
//     engine is up.
// When Python is up, web/table/control/app.py calls window.burkozelMenu.takeOver(): this file
// stops listening and hands over what the player did (JSON, read by
// earlymenu.EarlyMenu); Python validates the settings with storage.py and
// leaves the menu's markup in place when it would draw the same.
//
// A classic script at the end of <body> (index.html): it runs once table.css is
// there, without waiting for PyScript's modules.

"use strict";

(() => {
const root = document.documentElement;
const dataNode = document.getElementById("menu-data");
const menu = document.getElementById("menu");
const rules = document.getElementById("rules");

// A combination's or a table's own switch (at a pot: «даве»); a house rule's input is "house-<key>".
const HOUSE = "house-";
const HOUSE_INPUTS = `input[name^="${HOUSE}"]`;
const COMBO_BOXES = `input[type=checkbox]:not([name^="${HOUSE}"])`;

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// A menu's piece numbers (earlymenu.menu_numbers): a list, or an edit of the same
// menu without «Продолжить партию», or of another table's first menu ("of"). In an
// edit, n copies the next n numbers of the base, -n skips n, a list puts its numbers in.
function menuNumbers(menus, key, saved) {
  const entry = menus[key][saved];
  if (Array.isArray(entry)) return entry;
  const base = menuNumbers(menus, entry.of ?? key, 0);
  const out = [];
  let at = 0;
  for (const op of entry.edit) {
    if (Array.isArray(op)) out.push(...op);
    else if (op > 0) { out.push(...base.slice(at, at + op)); at += op; }
    else at -= op;
  }
  return out;
}

function readJSON(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "null");
    return isObject(value) ? value : null;
  } catch {
    return null; // storage disabled, or not JSON: the table will say so
  }
}

function start() {
  const data = JSON.parse(dataNode.textContent);
  const stored = readJSON(data.settingsKey);
  const base = stored && stored.v === data.schema ? stored : data.defaults;
  const hasMatch = readJSON(data.matchKey) !== null;
  const tables = { ...data.defaults.tables };
  if (isObject(base.tables)) {
    for (const fmt of Object.keys(data.defaults.tables)) if (fmt in base.tables) tables[fmt] = base.tables[fmt];
  }
  // The browser language's own catalogue, else one whose readers name it, else the one for everyone ("*").
  const browserLang = () => {
    const first = (navigator.languages?.[0] || navigator.language || "").toLowerCase().split("-")[0];
    const claims = Object.entries(data.readers);
    const claimed = claims.find(([code]) => code === first) ?? claims.find(([, subtags]) => subtags.includes(first))
      ?? claims.find(([, subtags]) => subtags.includes("*"));
    return claimed[0];
  };
  const lang = stored && data.langs.includes(stored.lang) ? stored.lang : browserLang();
  const state = {
    lang,
    format: Object.hasOwn(data.menus[lang], base.format) ? base.format : data.defaults.format,
    difficulty: base.difficulty,
    speed: base.speed,
    tables,
    // «Игроки»: each table's seats as stored (seats.py); the rows of the menu shown are kept here.
    seats: isObject(base.seats) ? base.seats : data.defaults.seats,
  };
  // The device's own switches (storage.SIGNALS: «Звук», «Вибрация»), kept apart from a table's.
  const signals = Object.keys(data.defaults).filter((key) => typeof data.defaults[key] === "boolean");
  for (const key of signals) state[key] = typeof base[key] === "boolean" ? base[key] : data.defaults[key];
  let action = null;
  let changed = false;

  const inputs = (name) => [...menu.querySelectorAll(`input[name="${name}"]`)];
  const checkValue = (name, value) => {
    for (const input of inputs(name)) if (input.value === value && !input.disabled) input.checked = true;
  };
  const checkedValue = (name) => inputs(name).find((input) => input.checked)?.value;

  // The chosen table's markup with the state's values checked, then the state
  // read back from it (so it only ever holds values the menu offers).
  function show() {
    const mine = isObject(state.tables[state.format]) ? state.tables[state.format] : {};
    const menus = data.menus[state.lang];
    const key = Object.hasOwn(menus, `${state.format}/${mine.players}`) ? `${state.format}/${mine.players}` : state.format;
    menu.innerHTML = menuNumbers(menus, key, hasMatch ? 1 : 0).map((n) => data.pieces[n]).join("");
    checkValue("difficulty", state.difficulty);
    checkValue("speed", state.speed);
    if (typeof mine.discard === "string") checkValue("discard", mine.discard);
    if (mine.players !== undefined) checkValue("players", String(mine.players));
    const seated = shownSeats();
    menu.querySelectorAll(".seat-row").forEach((row, i) => {
      const kind = row.querySelector("select");
      if (kind && seated[i] && [...kind.options].some((o) => o.value === seated[i].kind)) kind.value = seated[i].kind;
    });
    for (const box of menu.querySelectorAll(COMBO_BOXES)) {
      if (box.id.startsWith("signal-")) {
        box.checked = state[box.name] !== false;
        continue;
      }
      const group = box.id.startsWith("switch-") ? mine.switches : mine.combos;
      const on = isObject(group) ? group[box.name] : undefined;
      if (typeof on === "boolean") box.checked = on;
    }
    // «Домашние правила»: each input carries its value as JSON (a checkbox its unchecked one in data-off).
    const house = isObject(mine.house) ? mine.house : {};
    for (const input of menu.querySelectorAll(HOUSE_INPUTS)) {
      const key = input.name.slice(HOUSE.length);
      if (!Object.hasOwn(house, key)) continue;
      const value = JSON.stringify(house[key]);
      if (value === input.value) input.checked = true;
      else if (input.type === "checkbox" && value === input.dataset.off) input.checked = false;
    }
    readBack();
  }

  function readBack() {
    state.difficulty = checkedValue("difficulty");
    state.speed = checkedValue("speed");
    const table = { combos: {} };
    // A combination's box is "combo-…", a table's own switch (at a pot: «даве») "switch-…",
    // the device's (sound, vibration) "signal-…"; the house rules' are read apart.
    for (const box of menu.querySelectorAll(COMBO_BOXES)) {
      if (box.id.startsWith("signal-")) {
        state[box.name] = box.checked;
        continue;
      }
      const group = box.id.startsWith("switch-") ? (table.switches ??= {}) : table.combos;
      group[box.name] = box.checked;
    }
    for (const input of menu.querySelectorAll(HOUSE_INPUTS)) {
      const key = input.name.slice(HOUSE.length);
      if (input.type === "checkbox") (table.house ??= {})[key] = JSON.parse(input.checked ? input.value : input.dataset.off);
      else if (input.checked) (table.house ??= {})[key] = JSON.parse(input.value);
    }
    const discard = checkedValue("discard");
    if (discard !== undefined) table.discard = discard;
    const players = checkedValue("players");
    if (players !== undefined) table.players = Number(players);
    state.tables[state.format] = table;
  }

  const settings = () => ({ v: data.schema, ...state });

  // The chosen table's stored seats when they are as many as the menu's rows, else none.
  function shownSeats() {
    const list = isObject(state.seats) ? state.seats[state.format] : null;
    return Array.isArray(list) && list.length === menu.querySelectorAll(".seat-row").length ? list : [];
  }

  // A seat made a person or a bot (select "seat-<n>") or a person's name typed ("seat-name-<n>"):
  // the table's seats read from the rows, a row without a name input keeping the stored name,
  // else its own (data-name). The table validates them when it is up (seats.load_settings).
  function readSeats() {
    const stored = shownSeats();
    const list = [...menu.querySelectorAll(".seat-row")].map((row, i) => ({
      kind: row.querySelector("select")?.value ?? "human",
      name: row.querySelector("input[type=text]")?.value ?? stored[i]?.name ?? row.dataset.name ?? "",
    }));
    state.seats = { ...(isObject(state.seats) ? state.seats : {}), [state.format]: list };
  }

  // The page's words in the state's language: <html lang>, the frame's labels
  // and worded regions, the boot screen.
  function showLang() {
    const frame = data.frame[state.lang];
    for (const [selector, attrs] of Object.entries(frame.attrs)) {
      const node = document.querySelector(selector);
      if (node) for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    }
    for (const [id, markup] of Object.entries(frame.regions)) {
      const node = document.getElementById(id);
      if (node) node.innerHTML = markup;
    }
    const note = document.getElementById("boot-next");
    if (note && action) note.textContent = data.texts[state.lang][action];
    window.burkozelBoot?.relabel();
  }

  function save() {
    try {
      localStorage.setItem(data.settingsKey, JSON.stringify(settings()));
    } catch {
      // Full or disabled: the table reports it once it is up (and adopts the choice anyway).
    }
  }

  function onChange(event) {
    const input = event.target;
    if (input instanceof HTMLSelectElement || (input instanceof HTMLInputElement && input.name.startsWith("seat-name-"))) {
      changed = true;
      readSeats();
      save();
      return;
    }
    if (!(input instanceof HTMLInputElement)) return;
    changed = true;
    if (input.name === "players") {
      // Another number of players: that count's pre-rendered seats.
      readBack();
      const focused = document.activeElement === input;
      show();
      if (focused) document.getElementById(input.id)?.focus();
    } else if (input.name === "format" || (input.name === "lang" && data.langs.includes(input.value))) {
      state[input.name] = input.value;
      if (input.name === "lang") showLang();
      const focused = document.activeElement === input;
      show();
      if (focused) document.getElementById(input.id)?.focus();
    } else {
      // A combination switched on turns off those it excludes (data-excludes, as the table does).
      if (input.checked && input.dataset.excludes) {
        for (const name of input.dataset.excludes.split(" ")) for (const box of inputs(name)) box.checked = false;
      }
      readBack();
    }
    save();
  }

  function onClick(event) {
    const button = event.target instanceof Element ? event.target.closest("[data-action]") : null;
    if (!button || button.disabled) return;
    const name = button.dataset.action;
    if (name === "rules") {
      if (!rules.open) rules.showModal();
    } else if (name === "close-rules") {
      rules.close();
    } else if (Object.hasOwn(data.texts[state.lang], name)) { // «Новая партия», «Продолжить», «Играть с другом», «Найти игру»
      action = name;
      const note = document.getElementById("boot-next");
      if (note) {
        note.textContent = data.texts[state.lang][name];
        note.hidden = false;
      }
      root.dataset.early = name;
      if (rules.open) rules.close();
      menu.close();
    }
  }

  // Esc must not leave the player on a bare boot screen: the menu stays.
  const keepMenu = (event) => event.preventDefault();

  function stop() {
    menu.removeEventListener("change", onChange);
    menu.removeEventListener("click", onClick);
    rules.removeEventListener("click", onClick);
    menu.removeEventListener("cancel", keepMenu);
    observer.disconnect();
  }

  // A failed start shows the error screen: nothing may cover it.
  const observer = new MutationObserver(() => {
    if (root.dataset.state !== "error") return;
    stop();
    if (rules.open) rules.close();
    if (menu.open) menu.close();
  });

  let handedOver = false;
  window.burkozelMenu = {
    /** Called once by web/table/control/app.py when the engine is up; returns JSON (earlymenu.EarlyMenu). */
    takeOver() {
      if (handedOver) return null;
      handedOver = true;
      stop();
      const dialogs = [];
      if (menu.open) dialogs.push("menu");
      if (rules.open) dialogs.push("rules");
      return JSON.stringify({ action, dialogs, settings: settings(), changed, hasMatch });
    },
  };

  if (state.lang !== root.lang) showLang();
  show();
  menu.addEventListener("change", onChange);
  menu.addEventListener("click", onClick);
  rules.addEventListener("click", onClick);
  menu.addEventListener("cancel", keepMenu);
  observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
  root.dataset.menu = "early"; // (boot.js reads it)
  // Opened in a later task, after a frame: filled, styled and laid out in one, it was a long task.
  const open = () => {
    if (handedOver || menu.open || root.dataset.state !== "loading") return;
    menu.showModal();
    performance.mark("burkozel:menu"); // bench/startup.py: when the menu became usable
  };
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(open));
  else setTimeout(open); // (in the background: no frames)
}

if (dataNode && menu && rules && root.dataset.state === "loading") start();
})();
