// The page of `stratego serve`: plain JavaScript, no build step, nothing fetched from outside.
// It polls the game's state (GET /api/games/ID) and sends the person's decisions; the server
// checks every one and only ever sends this player's own view (docs/serve.md).
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const CELL = 52;

const KIND_LABEL = {
  flag: 'F', spy: 'S', scout: '2', miner: '3', sergeant: '4', lieutenant: '5', captain: '6',
  major: '7', colonel: '8', general: '9', marshal: '10', bomb: 'B', 'anger-captain': '6A',
  'ranged-major': '7R', unknown: '?',
};
// Set-up line letters (engine/setup.h).
const KIND_LETTER = {
  flag: 'M', spy: 'C', scout: 'D', miner: 'E', sergeant: 'F', lieutenant: 'G', captain: 'H',
  major: 'I', colonel: 'J', general: 'K', marshal: 'L', bomb: 'B', 'anger-captain': 'N',
  'ranged-major': 'O',
};
const LETTER_KIND = Object.fromEntries(Object.entries(KIND_LETTER).map(([k, l]) => [l, k]));
const TERRAIN_FILL = { '#': '#b08a5a', '%': '#c9b27a', '^': '#9fbf7a', '~': '#8f8a7a', '+': '#e8dcf0', ' ': '#e6dcc0' };

const app = {
  id: null, state: null, steps: [], decision: -1, selected: null, group: null,
  setupPieces: null, setupDrag: null, beliefs: null, replay: null, replayPos: null,
  timer: null, info: null, lastBeliefStep: -1,
};

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) { init.body = JSON.stringify(body); init.headers['Content-Type'] = 'application/json'; }
  const r = await fetch(path, init);
  const text = await r.text();
  let j = null;
  try { j = JSON.parse(text); } catch (e) { j = { text }; }
  if (!r.ok) throw new Error((j && j.error) || ('HTTP ' + r.status));
  return j;
}

// Text from the server put into HTML (results, reasons, details) is escaped first.
const esc = (t) => String(t === undefined || t === null ? '' : t).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// An error stays until the person acts again (userActs) or, for the page's own failed poll,
// until a poll succeeds: never cleared by a poll alone.
function showError(e, fromPoll) {
  $('error').textContent = e ? String(e.message || e) : '';
  app.pollError = !!(e && fromPoll);
}
function userActs() { showError(null); }

// ---------- lobby ----------

async function lobby() {
  $('lobby').hidden = false;
  $('game').hidden = true;
  $('headline').textContent = 'Play against the computer';
  const info = await api('GET', '/api/info');
  app.info = info;
  const vs = $('variant');
  vs.innerHTML = '';
  for (const v of info.variants) {
    const o = document.createElement('option');
    o.value = v.name; o.textContent = v.name + (v.description ? ' — ' + v.description : '');
    o.dataset.family = v.family;
    vs.appendChild(o);
  }
  vs.value = 'classic';
  const fs = $('options');
  fs.querySelectorAll('label').forEach((l) => l.remove());
  for (const o of info.options) {
    const l = document.createElement('label');
    l.innerHTML = `<input type="checkbox" value="${esc(o.name)}"> ${esc(o.name)}` +
      (o.description ? ` <span class="hint">${esc(o.description)}</span>` : '');
    l.title = o.description || '';
    fs.appendChild(l);
  }
  vs.onchange = () => { fs.disabled = vs.selectedOptions[0].dataset.family !== 'classic'; };
  const bs = $('bot');
  bs.innerHTML = '';
  // Each opponent once, the server's default (ismcts on this machine's cores) first, with words.
  for (const b of info.opponents) { const o = document.createElement('option'); o.value = b.bot; o.textContent = b.label; bs.appendChild(o); }
  bs.value = info.default_bot || info.opponents[0].bot;
  const games = await api('GET', '/api/games');
  const tb = $('games').querySelector('tbody');
  tb.innerHTML = '';
  for (const g of games.games) {
    const tr = document.createElement('tr');
    tr.innerHTML = `<td><a href="?game=${esc(g.id)}">${esc(g.id)}</a></td><td>${esc(g.variant)}</td><td>${esc(g.side)}</td><td>${esc(g.bot)}</td>` +
      `<td>${esc(g.status)}${g.result_text ? ': ' + esc(g.result_text) : ''}</td><td><a href="?game=${esc(g.id)}">open</a></td>`;
    tb.appendChild(tr);
  }
}

$('new-game').onsubmit = async (ev) => {
  ev.preventDefault();
  try {
    let variant = $('variant').value;
    if ($('variant').selectedOptions[0].dataset.family === 'classic')
      $('options').querySelectorAll('input:checked').forEach((c) => { variant += '+' + c.value; });
    const r = await api('POST', '/api/games', {
      variant, bot: $('bot').value, movetime_ms: parseInt($('movetime').value, 10) || 1000, side: $('side').value,
    });
    history.pushState(null, '', '?game=' + r.id);
    openGame(r.id);
  } catch (e) { $('lobby-error').textContent = e.message; }
};

// ---------- the game ----------

async function openGame(id) {
  // The key to Waterloo's board (classes, terrain, die, cards) comes with the server's info.
  if (!app.info) { try { app.info = await api('GET', '/api/info'); } catch (e) { app.info = null; } }
  app.id = id; app.autoResumed = false; app.steps = []; app.state = null; app.replay = null; app.selected = null; app.group = null;
  app.setupPieces = null; app.beliefs = null; app.lastBeliefStep = -1;
  $('lobby').hidden = true;
  $('game').hidden = false;
  $('moves').innerHTML = '';
  poll();
}

async function poll() {
  clearTimeout(app.timer);
  let st;
  try {
    st = await api('GET', `/api/games/${app.id}?since=${app.steps.length}`);
    if (app.pollError) showError(null);
  } catch (e) {
    showError(e, true);
    app.timer = setTimeout(poll, 2000);
    return;
  }
  if (st.status === 'adjourned' && st.adjourned_by !== 'you' && !app.autoResumed) {
    // Opening a game the server adjourned (it was stopped) means going on with it; one the
    // person adjourned waits for Resume.
    app.autoResumed = true;
    try { await api('POST', `/api/games/${app.id}/resume`, {}); return poll(); } catch (e) { showError(e); }
  }
  const p = st.player;
  if (p && p.step_count < app.steps.length) { app.steps = []; $('moves').innerHTML = ''; return poll(); }  // restarted
  if (p) for (const s of p.steps) app.steps.push(s);
  const changed = !app.state || !p || !app.state.player || p.decision !== app.decision ||
    p.step_count !== app.state.player.step_count || st.status !== app.state.status || p.pending !== app.state.player.pending;
  app.state = st;
  if (changed) {
    app.decision = p ? p.decision : -1;
    app.selected = null; app.group = null;
    if (!(p && p.pending === 'setup')) app.setupPieces = null;
    await render();
  } else {
    renderBotInfo();
  }
  const mine = p && p.pending;
  if (st.running) app.timer = setTimeout(poll, mine ? 1500 : 150);
}

function you() { return app.state.side; }
function view() {
  const p = app.state.player;
  if (p && p.pending === 'setup') return p.setup.family === 'classic' ? p.setup.board : p.setup.preview;
  return p ? p.view : null;
}

async function render() {
  const st = app.state, p = st.player;
  $('headline').textContent = `${st.variant}: you (${st.side}) against ${st.bot}, ${st.movetime_ms} ms per move — game ${st.id}`;
  renderStatus();
  renderBotInfo();
  renderMoves();
  const over = st.status === 'over';
  $('setup-panel').hidden = !(p && p.pending === 'setup');
  $('replay-panel').hidden = !over;
  $('download').hidden = !over;
  $('download').href = `/api/games/${st.id}/record`;
  $('resume').hidden = st.running || over || st.status === 'damaged';
  for (const b of ['offer-draw', 'resign', 'adjourn']) $(b).disabled = !(p && p.pending === 'action');
  $('adjourn').disabled = !(p && p.pending);
  $('accept-draw').hidden = !(p && p.pending === 'action' && p.draw_offered);
  $('waterloo').hidden = st.family !== 'waterloo';
  $('wl-key').hidden = st.family !== 'waterloo';
  if (over) {
    $('choices').innerHTML = '';
    await showReplay();
    return;
  }
  if (p && p.pending === 'setup') renderSetup();
  if (st.family === 'waterloo') renderWaterloo();
  if ($('show-beliefs').checked && p && p.view && p.pending !== 'setup') await loadBeliefs();
  renderChoices();
  drawBoard();
  renderCaptured();
}

function renderStatus() {
  const st = app.state, p = st.player;
  let html = '';
  // result_text says the reason in words already ("You lose: resignation."); the detail adds to it.
  if (st.status === 'over') html = `<div class="result">${esc(st.result_text || 'Game over')}</div>${st.detail ? '<div>' + esc(st.detail) + '</div>' : ''}`;
  else if (st.status === 'adjourned') html = '<div class="you">Adjourned: press Resume to go on.</div>';
  else if (st.status === 'error') html = `<div class="error">This game stopped: ${esc(st.detail)}</div>`;
  else if (st.status === 'damaged') html = `<div class="error">This game cannot go on: ${esc(st.detail)}</div>`;
  else if (p && p.pending === 'setup') html = '<div class="you">Set up your army</div>';
  else if (p && p.pending === 'action') {
    const v = p.view;
    let what = 'Your move';
    if (v.family === 'waterloo') what = v.phase === 'action' ? `Your turn: ${v.actions_left} action(s) left` : `Your decision: ${esc(v.question || v.phase)}`;
    else if (v.pending_rescue) what = 'Rescue a piece (or decline)';
    else if (v.anger_wins > 0) what = 'Anger: attack again or stop';
    html = `<div class="you">${what}</div>`;
    if (p.draw_offered) html += `<div>${esc(st.bot)} offers a draw.</div>`;
  } else html = `<div class="thinking">${esc(st.bot)} is thinking…</div>`;
  $('status').innerHTML = html;
}

function renderBotInfo() {
  const st = app.state;
  let t = '';
  if (st.thinking) t = `<span class="thinking">${st.bot} thinking (${(st.thinking_ms / 1000).toFixed(1)} s)</span>`;
  const i = st.info;
  if (i) {
    const parts = [];
    if (i.depth) parts.push('depth ' + i.depth);
    if (i.iterations) parts.push(i.iterations + ' iterations');
    if (i.nps) parts.push(i.nps + ' nps');
    if (i.win_probability >= 0) parts.push('win ' + Math.round(i.win_probability * 100) + '%');
    if (i.pv_length) parts.push('line ' + i.pv_length + ' deep');
    if (parts.length) t += `<div>info: ${parts.join(', ')}</div>`;
  }
  $('bot-info').innerHTML = t || `<span class="hint">${st.bot}'s info lines show here while it thinks</span>`;
  $('bot-info').hidden = false;
}

function renderMoves() {
  const ol = $('moves');
  for (let i = ol.children.length; i < app.steps.length; i++) {
    const s = app.steps[i];
    const li = document.createElement('li');
    li.textContent = s.text;
    li.className = s.chance ? 'chance' : (s.actor !== you() ? 'enemy' : 'own');
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
  const last = [...app.steps].reverse().find((s) => !s.chance && !s.setup && s.actor !== you());
  const combat = [...app.steps].reverse().find((s) => s.attack || (s.text && /beat|lost|both|captured/.test(s.text)));
  let news = '';
  if (last) news += `<div>Last enemy move: <b>${esc(last.text)}</b></div>`;
  if (combat && combat !== last) news += `<div>Last combat: ${esc(combat.text)}</div>`;
  $('news').innerHTML = news || '<span class="hint">No moves yet.</span>';
}

function renderCaptured() {
  const v = view();
  if (!v) { $('captured').innerHTML = ''; return; }
  if (v.family === 'classic') $('captured').textContent = v.captured_text;
  else $('captured').textContent = `Captured: Allies ${v.captured.red}, French ${v.captured.blue}`;
}

// A die face drawn as a die: red or blue (whose piece wins, W-5.5) with a pip, "+" (the winner
// attacks on, W-5.6) or "R" (the loser goes back to its reserve).
function dieSvg(face, size, cls) {
  const red = face.startsWith('red'), mark = face.endsWith('+') ? '+' : face.endsWith('R') ? 'R' : '';
  const fill = red ? '#b22' : '#2c3e8f', s = size;
  const sym = mark ? `<text x="${s / 2}" y="${s / 2 + s * 0.17}" text-anchor="middle" font-size="${s * 0.5}" font-weight="bold" fill="#fff">${mark}</text>`
    : `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.11}" fill="#fff"/>`;
  return `<svg class="${cls || ''}" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" role="img" aria-label="die face ${esc(faceTitle(face))}" data-face="${esc(face)}">` +
    `<rect x="1" y="1" width="${s - 2}" height="${s - 2}" rx="${s * 0.18}" fill="${fill}" stroke="#111"/>${sym}</svg>`;
}
function faceTitle(face) { return (face.startsWith('red') ? 'Red' : 'Blue') + (face.endsWith('+') ? ' +' : face.endsWith('R') ? ' R' : ''); }

function key() { return app.info && app.info.waterloo_key; }
function cardInfo(name) { const k = key(); return k ? k.cards.find((c) => c.name === name) : null; }
function cardTitle(name) { const c = cardInfo(name); return c ? c.title : name; }
function cardHover(name) { const c = cardInfo(name); return c ? `${c.title}: ${c.what}. Played ${c.when}.` : name; }

// The key under the board's panel: what each class letter is and how it moves, the terrain
// colours and what they do, the die's six faces and the cards (the words of the terminal's
// `legend`, from the server).
function renderKey(v) {
  const k = key(), box = $('wl-key-body');
  if (!k) { box.textContent = 'The key could not be loaded.'; return; }
  const cards = v.cards;
  if (box.dataset.cards === String(cards)) return;
  box.dataset.cards = String(cards);
  let h = '<h4>Pieces</h4><p class="hint">Red pieces are Allied (upper case letters), blue French (lower case), purple Prussian (*). ' +
    'The letter is the class, the digit the strength; <b>?</b> a strength you have not seen (an enemy piece shows only its class until a fight shows it, W-15); ' +
    'a yellow <b>-1</b> badge: weakened heavy cavalry (W-8.1). Hover a piece or square for its name.</p><table class="key">';
  for (const c of k.classes) h += `<tr><td class="code">${esc(c.letter)}</td><td><b>${esc(c.name)}</b>: moves ${esc(c.moves)}</td></tr>`;
  h += '</table><h4>Terrain</h4><table class="key">';
  for (const t of k.terrain) {
    if (t.mark === ' ') continue;
    const dashed = t.mark === '+' ? 'outline: 2px dashed #7a3f9a; outline-offset: -4px;' : '';
    h += `<tr data-mark="${esc(t.mark)}"><td><span class="swatch" style="background:${TERRAIN_FILL[t.mark]};${dashed}"></span></td><td><b>${esc(t.name)}</b>: ${esc(t.rule)}</td></tr>`;
  }
  h += '</table><h4>The die (equal strengths, W-5.4)</h4><table class="key">';
  for (const d of k.die) h += `<tr><td>${dieSvg(d.face, 22)}</td><td><b>${esc(faceTitle(d.face))}</b>: ${esc(d.text)}</td></tr>`;
  h += '</table>';
  if (cards) {
    h += '<h4>Cards (W-12)</h4><table class="key">';
    for (const c of k.cards) h += `<tr data-card="${esc(c.name)}"><td></td><td><b>${esc(c.title)}</b>: ${esc(c.what)}. <i>Played</i> ${esc(c.when)}.</td></tr>`;
    h += '</table>';
  }
  box.innerHTML = h;
}

function renderWaterloo() {
  const v = view();
  if (!v) return;
  const die = [...app.steps].reverse().find((s) => s.die);
  $('die').innerHTML = die
    ? `${dieSvg(die.die, 46, 'face ' + (die.die.startsWith('red') ? 'red' : 'blue'))}<div><b>Die: ${esc(faceTitle(die.die))}</b>: ${esc(die.die_text || '')}` +
      `<div class="hint">Rolled when the strengths in a fight are equal (W-5.4): red favours the Allies, blue the French; the six faces are in the key.</div></div>`
    : '<span class="hint">No die rolled yet. It is rolled when the strengths in a fight are equal (W-5.4).</span>';
  const cardList = (c) => Object.entries(c || {}).map(([k, n]) => `<span class="card" data-card="${esc(k)}" title="${esc(cardHover(k))}">${esc(cardTitle(k))}${n > 1 ? ' ×' + n : ''}</span>`).join(', ') || '–';
  const reserve = (list) => list.map((u) => `<span title="${esc(u.name)}">${esc(u.token)}</span>`).join(' ') || '–';
  const me = you(), foe = me === 'red' ? 'blue' : 'red';
  const army = (s) => (s === 'red' ? 'Allies' : 'French');
  $('wl-facts').innerHTML = `
    <tr><td>Turn</td><td>${v.turn}, ${army(v.to_move)} to act; phase ${esc(v.phase)}</td></tr>
    <tr><td>Actions left</td><td>${v.actions_left}${v.card_played ? ' (a card was played)' : ''}</td></tr>
    <tr><td>Your cards</td><td id="wl-your-cards">${cardList(v.hand[me])}</td></tr>
    <tr><td>Their cards</td><td>${cardList(v.hand[foe])}</td></tr>
    ${Object.keys(v.draft_pool || {}).length ? `<tr><td>To draft</td><td>${cardList(v.draft_pool)}</td></tr>` : ''}
    <tr><td>Your reserve</td><td>${reserve(v.reserve[me])}</td></tr>
    <tr><td>Their reserve</td><td>${reserve(v.reserve[foe])}</td></tr>
    <tr><td>Your retreat card</td><td id="wl-retreat">${esc(v.retreat_text[me])}</td></tr>
    <tr><td>Prussians</td><td>${v.prussians_come === 1 ? 'coming' : v.prussians_come === 0 ? 'never' : 'not rolled yet'}</td></tr>`;
  // Each card in the hand with what it does and when it can be played.
  const mine = Object.keys(v.hand[me] || {});
  $('wl-cards').innerHTML = mine.map((k) => { const c = cardInfo(k); return c ? `<li data-card="${esc(k)}"><b>${esc(c.title)}</b>: ${esc(c.what)}. <i>Played</i> ${esc(c.when)}.</li>` : ''; }).join('');
  $('wl-status').textContent = v.status;
  renderKey(v);
}

// ---------- decisions ----------

// A token's squares: from = first, to = last; tokens naming one square group by the rest of
// the token (place:I3@a10 -> "place:I3"), tokens naming none are plain buttons.
function legal() { const p = app.state.player; return (p && p.pending === 'action' && p.legal) || []; }
function groupKey(t) { return t.squares.length === 1 ? t.token.replace(t.squares[0], '…') : null; }

function label(token) {
  const named = {
    end: 'End turn', done: 'Done (stop this card)', 'lust:yes': 'Battle Lust: play it', 'lust:no': 'Battle Lust: no',
    'early:yes': 'Start three turns early: yes', 'early:no': 'Start early: no', 'R:-': 'Do not rescue', 'A:-': 'Stop attacking',
  };
  if (named[token]) return named[token];
  let m;
  if ((m = token.match(/^take:(.*)/))) return 'Take card ' + m[1];
  if ((m = token.match(/^discard:(.*)/))) return 'Discard card ' + m[1];
  if ((m = token.match(/^card:(.*)/))) return 'Play card ' + m[1];
  if ((m = token.match(/^place:(.*)@…/))) return 'Place ' + m[1] + ' from the reserve';
  if ((m = token.match(/^target:…/))) return 'Choose the next target';
  if ((m = token.match(/^look:…/))) return 'Look at a piece';
  if ((m = token.match(/^R:(.)@…/))) return 'Rescue ' + (LETTER_KIND[m[1]] || m[1]);
  return token;
}

function renderChoices() {
  const box = $('choices');
  box.innerHTML = '';
  const toks = legal();
  if (!toks.length) return;
  const groups = new Map();
  const plain = [];
  for (const t of toks) {
    if (t.squares.length >= 2) continue;
    const g = groupKey(t);
    if (g) { if (!groups.has(g)) groups.set(g, []); groups.get(g).push(t); } else plain.push(t);
  }
  const head = document.createElement('div');
  head.className = 'label';
  const boardMoves = toks.some((t) => t.squares.length >= 2);
  head.textContent = boardMoves ? 'Move on the board (click or drag a piece), or:' : 'Choose:';
  if (plain.length || groups.size) box.appendChild(head);
  for (const t of plain) {
    const b = document.createElement('button');
    b.textContent = t.text || label(t.token);  // Waterloo: the server's words for the choice
    b.title = t.detail || t.token;
    b.dataset.token = t.token;
    b.onclick = () => act(t.token);
    box.appendChild(b);
  }
  for (const [g, list] of groups) {
    const b = document.createElement('button');
    b.className = 'group' + (app.group === g ? ' selected' : '');
    if (list[0].group) b.textContent = list.length > 1 ? `${list[0].group} (${list.length} squares)` : list[0].text;
    else b.textContent = label(g) + (list.length > 1 ? ` (${list.length} squares)` : ' ' + list[0].squares[0]);
    b.title = list[0].detail || g;
    b.onclick = () => {
      if (list.length === 1) return act(list[0].token);
      app.group = app.group === g ? null : g; app.selected = null; renderChoices(); drawBoard();
    };
    box.appendChild(b);
  }
}

function ambiguity(tokens) {
  const box = $('choices');
  box.innerHTML = '<div class="label">Which one?</div>';
  for (const t of tokens) {
    const b = document.createElement('button');
    b.textContent = t.text || t.token;
    b.title = t.detail || t.token;
    b.dataset.token = t.token;
    b.onclick = () => act(t.token);
    box.appendChild(b);
  }
  const c = document.createElement('button');
  c.textContent = 'Cancel';
  c.onclick = () => { app.selected = null; renderChoices(); drawBoard(); };
  box.appendChild(c);
}

async function act(token) {
  const p = app.state.player;
  userActs();
  try {
    await api('POST', `/api/games/${app.id}/action`, { token, decision: p.decision, offer_draw: !!app.offerDraw });
    app.offerDraw = false;
    $('offer-draw').textContent = 'Offer draw';
    app.state.player.pending = null;
    app.selected = null; app.group = null;
    renderStatus(); renderChoices(); drawBoard();
  } catch (e) { showError(e); }
  poll();
}

function targetsOf(sq) {
  return legal().filter((t) => t.squares.length >= 2 && t.squares[0] === sq);
}

// A move the person tried that is not legal: the server says why, as the terminal does (the
// rule, and the piece's legal moves), and the reason stays until the next click.
async function explain(token) {
  const p = app.state.player;
  app.selected = null;
  drawBoard();
  try {
    await api('POST', `/api/games/${app.id}/action`, { token, decision: p.decision });
    app.state.player.pending = null;  // it was legal after all (the page's list was old)
    poll();
  } catch (e) { showError(e); }
}

function squareClicked(sq) {
  const p = app.state.player;
  if (p && p.pending === 'setup') { userActs(); return setupClick(sq); }
  if (!p || p.pending !== 'action') return;
  userActs();
  if (app.group) {
    const t = legal().find((x) => groupKey(x) === app.group && x.squares[0] === sq);
    if (t) return act(t.token);
  }
  if (app.selected && app.selected !== sq) {
    const c = targetsOf(app.selected).filter((t) => t.squares[t.squares.length - 1] === sq);
    if (c.length === 1) return act(c[0].token);
    if (c.length > 1) return ambiguity(c);
    // Not a target, and not another piece of the person's that can move: say why not.
    if (!targetsOf(sq).length) return explain(`${app.selected}-${sq}`);
  }
  const single = legal().filter((t) => t.squares.length === 1 && t.squares[0] === sq);
  if (!targetsOf(sq).length && single.length === 1 && !app.selected) return act(single[0].token);
  // A piece that cannot move now (a Bomb, a blocked piece, the enemy's): say why.
  if (!app.selected && !app.group && !targetsOf(sq).length && !single.length) {
    const v = view(), i = v ? v.squares.indexOf(sq) : -1;
    if (i >= 0 && v.board[i]) return explain(sq);
  }
  app.selected = targetsOf(sq).length ? (app.selected === sq ? null : sq) : null;
  drawBoard();
}

// ---------- the board ----------

function orient(v) {
  // Own pieces at the bottom: in the classic family Red sees row 1 at the bottom and Blue the
  // board turned round; in Waterloo the French back row is row 1, so the Allies see it turned.
  const flip = v.family === 'waterloo' ? v.viewer === 'red' : v.viewer === 'blue';
  return (sq) => {
    const c = sq % v.width, r = Math.floor(sq / v.width);
    const x = flip ? v.width - 1 - c : c, y = flip ? r : v.height - 1 - r;
    return [x * CELL + 22, y * CELL + 4];
  };
}

function el(name, attrs, parent, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

function drawBoard() {
  const replay = app.state.status === 'over' && app.replayPos;
  const v = replay ? app.replayPos : view();
  const svg = $('board');
  svg.innerHTML = '';
  const pp = app.state.player;
  svg.dataset.pending = (pp && pp.pending) || '';  // for the browser test: what the board is for
  svg.dataset.decision = pp ? pp.decision : -1;
  if (!v) return;
  if (replay) v.viewer = you();
  const W = v.width * CELL + 26, H = v.height * CELL + 26;
  svg.setAttribute('width', W); svg.setAttribute('height', H); svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const at = orient(v);
  const index = Object.fromEntries(v.squares.map((n, i) => [n, i]));
  const p = app.state.player;
  const setup = p && p.pending === 'setup' && v.family === 'classic';
  const zone = setup ? new Set(p.setup.zone) : null;
  const lakes = new Set(v.lakes || []);
  // Highlights: the selected piece's targets, the chosen group's squares, the last enemy move.
  const targets = new Set(), froms = new Set();
  if (!replay) {
    for (const t of legal()) if (t.squares.length >= 2) froms.add(t.squares[0]);
    if (app.selected) for (const t of targetsOf(app.selected)) targets.add(t.squares[t.squares.length - 1]);
    if (app.group) for (const t of legal()) if (groupKey(t) === app.group) targets.add(t.squares[0]);
  }
  const last = replay ? null : [...app.steps].reverse().find((s) => !s.chance && !s.setup && s.actor !== you() && s.squares.length);
  const lastSet = new Set(last ? last.squares : []);
  const beliefBySq = {};
  const beliefs = replay ? (v.beliefs ? v.beliefs[$('replay-side').value] : null) : ($('show-beliefs').checked && app.beliefs ? app.beliefs.pieces : null);
  if (beliefs) for (const b of beliefs) beliefBySq[b.square] = b;
  const kindSel = $('belief-kind').value;
  for (let sq = 0; sq < v.width * v.height; sq++) {
    const [x, y] = at(sq);
    const name = v.squares[sq];
    let fill = v.family === 'waterloo' ? TERRAIN_FILL[v.terrain[sq]] || '#e6dcc0' : '#d9cfa9';
    if (lakes.has(sq)) fill = '#6fa3c9';
    else if (setup && !zone.has(name)) fill = '#c9c1a2';
    const g = el('g', { 'data-square': name, class: 'sq' }, svg);
    el('title', {}, g, squareTitle(v, sq, setup));  // on hover: the square, its piece and terrain
    el('rect', { x, y, width: CELL - 1, height: CELL - 1, fill, stroke: '#a59a78' }, g);
    if (v.family === 'waterloo' && v.terrain[sq] === '+') el('rect', { x: x + 3, y: y + 3, width: CELL - 7, height: CELL - 7, fill: 'none', stroke: '#7a3f9a', 'stroke-dasharray': '4 3' }, g);
    if (lastSet.has(name)) el('rect', { x: x + 1, y: y + 1, width: CELL - 3, height: CELL - 3, fill: 'none', stroke: '#e0a800', 'stroke-width': 3 }, g);
    const piece = setup ? (app.setupPieces[name] ? { side: you(), kind: app.setupPieces[name] } : null) : v.board[sq];
    if (piece) drawPiece(g, x, y, piece, v, beliefBySq[name], kindSel, replay);
    if (app.selected === name || (setup && app.setupDrag === name)) el('rect', { x: x + 2, y: y + 2, width: CELL - 5, height: CELL - 5, fill: 'none', stroke: '#111', 'stroke-width': 3 }, g);
    if (targets.has(name)) el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 9, fill: '#2b8a2b', 'fill-opacity': 0.75, class: 'target' }, g);
    else if (froms.has(name) && !app.selected) el('circle', { cx: x + CELL - 8, cy: y + 8, r: 3, fill: '#2b8a2b' }, g);
  }
  // Coordinates.
  for (let c = 0; c < v.width; c++) { const [x] = at(c); el('text', { x: x + CELL / 2, y: v.height * CELL + 20, 'text-anchor': 'middle', 'font-size': 12, fill: '#555' }, svg, String.fromCharCode(97 + c)); }
  for (let r = 0; r < v.height; r++) { const [, y] = at(r * v.width); el('text', { x: 10, y: y + CELL / 2 + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#555' }, svg, String(r + 1)); }
  svg.onpointerdown = (ev) => {
    const g = ev.target.closest('g.sq');
    if (!g) return;
    app.dragFrom = g.dataset.square;
    if (!(p && p.pending === 'setup')) { if (targetsOf(app.dragFrom).length && app.selected !== app.dragFrom) { app.selected = app.dragFrom; app.justSelected = true; drawBoard(); } }
  };
  svg.onpointerup = (ev) => {
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const g = hit && hit.closest ? hit.closest('g.sq') : null;
    const from = app.dragFrom;
    app.dragFrom = null;
    if (!g) return;
    const to = g.dataset.square;
    if (p && p.pending === 'setup') {
      if (from && from !== to) { app.setupDrag = null; return setupSwap(from, to); }
      return squareClicked(to);
    }
    if (app.justSelected && to === from) { app.justSelected = false; return; }
    app.justSelected = false;
    squareClicked(to);
  };
}

// A square's tooltip: its name, the piece on it as you know it ("French infantry, strength not
// seen") and, in Waterloo, its terrain ("Hougoumont (building, 3 hit points): ...").
function squareTitle(v, sq, setup) {
  const name = v.squares[sq];
  let t = name;
  const piece = setup ? null : v.board[sq];
  if (v.family === 'waterloo') {
    if (piece) t += ': ' + (piece.name || piece.token);
    const mark = v.terrain[sq];
    if (mark !== ' ') {
      const tile = (v.tiles || []).find((x) => x.squares.includes(name));
      const k = key(), info = k ? k.terrain.find((x) => x.mark === mark) : null;
      let what = info ? info.name : mark;
      if (tile) what = `${tile.name} (${tile.kind}${tile.hp !== null ? ', ' + tile.hp + ' hit points' : ''}${tile.owner ? ', held by the ' + tile.owner : ''})`;
      t += '\n' + what + (info ? ': ' + info.rule : '');
    }
  } else if (piece) {
    t += ': ' + piece.side + ' ' + (piece.kind === 'unknown' ? 'piece, rank not seen' : piece.kind);
  }
  return t;
}

function drawPiece(g, x, y, piece, v, belief, kindSel, replay) {
  const colours = { red: ['#c0392b', '#fff'], blue: ['#2c3e8f', '#fff'], prussian: ['#6b2d8a', '#fff'] };
  const side = piece.army === 'prussian' ? 'prussian' : piece.side;
  const [bg, fg] = colours[side] || ['#555', '#fff'];
  el('rect', { x: x + 5, y: y + 5, width: CELL - 11, height: CELL - 11, rx: 6, fill: bg, stroke: '#222', 'stroke-width': 1 }, g);
  let text;
  // A Waterloo unit shows its class and strength ("H4", "*C2", "h?"); a weakened one a badge
  // "-1" in its corner, as the terminal's "H4-1", so the label fits the piece.
  if (v.family === 'waterloo') text = piece.token.split('(')[0];
  else text = KIND_LABEL[piece.kind] || '?';
  el('text', { x: x + CELL / 2, y: y + CELL / 2 + 6, 'text-anchor': 'middle', 'font-size': text.length > 3 ? 12 : 17, 'font-weight': 'bold', fill: fg, 'pointer-events': 'none', class: 'label' }, g, text);
  if (v.family === 'waterloo' && piece.damage > 0) {
    el('rect', { x: x + CELL - 22, y: y + CELL - 19, width: 15, height: 12, rx: 3, fill: '#ffd84a', 'pointer-events': 'none', class: 'damage' }, g);
    el('text', { x: x + CELL - 14.5, y: y + CELL - 9.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 'bold', fill: '#000', 'pointer-events': 'none', class: 'damage' }, g, '-' + piece.damage);
  }
  if (v.family === 'classic' && piece.side === v.viewer && piece.revealed && !replay) el('text', { x: x + CELL - 12, y: y + 16, 'font-size': 12, fill: '#ffd84a', 'pointer-events': 'none' }, g, '*');
  if (v.family === 'classic' && piece.kind === 'unknown' && piece.moved) el('circle', { cx: x + 12, cy: y + 12, r: 3, fill: '#ffd84a' }, g);
  if (belief) {
    // The heat map: how likely the chosen kind is (or the true kind in the replay, or the most
    // likely one), as the cell's tint and a percentage.
    const probs = belief.probs;
    let k = kindSel, pr;
    if (replay) { k = kindSel || (v.family === 'waterloo' ? piece.token.split('(')[0] : piece.kind); pr = probs[k] || 0; }
    else if (k) pr = probs[k] || 0;
    else { k = Object.keys(probs).reduce((a, b) => (probs[a] >= probs[b] ? a : b), Object.keys(probs)[0]); pr = probs[k] || 0; }
    el('rect', { x: x + 1, y: y + 1, width: CELL - 3, height: CELL - 3, fill: '#ff7a00', 'fill-opacity': 0.15 + 0.75 * pr, class: 'heat', 'pointer-events': 'none' }, g);
    el('text', { x: x + CELL / 2, y: y + CELL - 6, 'text-anchor': 'middle', 'font-size': 10, fill: '#000', 'font-weight': 'bold', 'pointer-events': 'none' }, g,
      (KIND_LABEL[k] || k) + ' ' + Math.round(pr * 100) + '%');
    const t = g.querySelector('title') || el('title', {}, g);
    t.textContent += (t.textContent ? '\n' : '') + 'Belief: ' + Object.entries(probs).sort((a, b) => b[1] - a[1]).map(([kk, pp]) => `${kk} ${Math.round(pp * 100)}%`).join(', ');
  }
}

// ---------- beliefs ----------

async function loadBeliefs() {
  try {
    app.beliefs = await api('GET', `/api/games/${app.id}/beliefs`);
    const sel = $('belief-kind');
    if (sel.dataset.game !== app.id) { sel.length = 1; sel.dataset.game = app.id; }
    if (sel.options.length === 1 && app.beliefs.kinds) for (const k of app.beliefs.kinds) { const o = document.createElement('option'); o.value = k; o.textContent = k; sel.appendChild(o); }
  } catch (e) { app.beliefs = null; }
}
$('show-beliefs').onchange = async () => { if ($('show-beliefs').checked) await loadBeliefs(); drawBoard(); };
$('belief-kind').onchange = () => drawBoard();

// ---------- set-up ----------

function renderSetup() {
  const s = app.state.player.setup;
  const classic = s.family === 'classic';
  $('line-row').hidden = !classic;
  $('setup-tokens').hidden = classic;
  $('setup-hint').textContent = classic
    ? 'Drag a piece onto another square of your rows to swap them (or click one, then the other).'
    : 'The suggested set-up is on the board; edit its tokens (piece@square, piece@- for the reserve) or take a new suggestion.';
  if (classic) {
    if (!app.setupPieces) app.setupPieces = { ...s.pieces };
    $('setup-line').value = setupLine();
    score();
  } else {
    if (document.activeElement !== $('setup-tokens')) $('setup-tokens').value = s.tokens;
    $('predictability').textContent = '';
  }
}

// The line of engine/setup.h: the owner's rows from his back row, each from column a.
function setupLine() {
  const s = app.state.player.setup, v = s.board;
  let line = '';
  const rows = Math.round(s.zone.length / v.width) || 4;
  const n = v.width * Math.max(rows, Math.ceil((s.zone.length) / v.width));
  for (let i = 0; i < n; i++) {
    const r = you() === 'red' ? Math.floor(i / v.width) : v.height - 1 - Math.floor(i / v.width);
    const name = v.squares[r * v.width + (i % v.width)];
    line += app.setupPieces[name] ? KIND_LETTER[app.setupPieces[name]] : 'A';
  }
  return line;
}

function lineToPieces(line) {
  const s = app.state.player.setup, v = s.board;
  const out = {};
  for (let i = 0; i < line.length; i++) {
    const kind = LETTER_KIND[line[i].toUpperCase()];
    if (!kind) { if (line[i].toUpperCase() === 'A') continue; throw new Error(`letter ${i + 1} '${line[i]}' is not a piece letter`); }
    const r = you() === 'red' ? Math.floor(i / v.width) : v.height - 1 - Math.floor(i / v.width);
    out[v.squares[r * v.width + (i % v.width)]] = kind;
  }
  return out;
}

async function score() {
  const line = setupLine();
  try {
    const r = await api('POST', '/api/setup-score', { variant: app.state.variant, side: you(), line });
    $('predictability').innerHTML = `Predictability under the human prior: log-probability <b>${r.log_prob.toFixed(1)}</b> nats ` +
      `(${r.per_piece.toFixed(2)} per piece); a uniformly random set-up: ${r.uniform.toFixed(1)} (${r.uniform_per_piece.toFixed(2)}). ` +
      `<span class="hint">Higher is more predictable: easier for the computer's belief to guess.</span>`;
  } catch (e) { $('predictability').textContent = 'Predictability: ' + e.message; }
}

function setupSwap(a, b) {
  const s = app.state.player.setup;
  if (!s.zone.includes(a) || !s.zone.includes(b)) { drawBoard(); return; }
  const pa = app.setupPieces[a], pb = app.setupPieces[b];
  if (pb) app.setupPieces[a] = pb; else delete app.setupPieces[a];
  if (pa) app.setupPieces[b] = pa; else delete app.setupPieces[b];
  $('setup-line').value = setupLine();
  drawBoard();
  score();
}

function setupClick(sq) {
  if (!app.setupPieces) return;
  if (app.setupDrag && app.setupDrag !== sq) { const a = app.setupDrag; app.setupDrag = null; return setupSwap(a, sq); }
  app.setupDrag = app.setupDrag === sq ? null : (app.state.player.setup.zone.includes(sq) ? sq : null);
  drawBoard();
}

$('redraw').onclick = async () => {
  userActs();
  try { await api('POST', `/api/games/${app.id}/redraw`, {}); app.setupPieces = null; app.decision = -2; poll(); } catch (e) { showError(e); }
};
$('load-line').onclick = () => {
  userActs();
  try { app.setupPieces = lineToPieces($('setup-line').value.trim()); drawBoard(); score(); showError(null); } catch (e) { showError(e); }
};
$('submit-setup').onclick = async () => {
  const s = app.state.player.setup;
  const body = s.family === 'classic' ? { pieces: app.setupPieces } : { tokens: $('setup-tokens').value.trim() };
  body.decision = app.state.player.decision;
  userActs();
  try { await api('POST', `/api/games/${app.id}/setup`, body); app.setupPieces = null; showError(null); } catch (e) { showError(e); }
  poll();
};

// ---------- controls ----------

$('offer-draw').onclick = () => {
  userActs();
  app.offerDraw = !app.offerDraw;
  $('offer-draw').textContent = app.offerDraw ? 'Draw offer goes with your move' : 'Offer draw';
};
const post = (what) => async () => {
  if (what === 'resign' && !confirm('Resign this game?')) return;
  userActs();
  try { await api('POST', `/api/games/${app.id}/${what}`, {}); showError(null); } catch (e) { showError(e); }
  setTimeout(poll, 150);
};
$('accept-draw').onclick = post('accept-draw');
$('resign').onclick = post('resign');
$('adjourn').onclick = post('adjourn');
$('resume').onclick = post('resume');

// ---------- replay ----------

async function showReplay() {
  try {
    if (!app.replay) {
      app.replay = await api('GET', `/api/games/${app.id}/replay`);
      const s = $('replay-slider');
      s.max = app.replay.plies - 1;
      s.value = app.replay.plies - 1;
      $('replay-side').value = you();
      if (!app.steps.length) {  // a game that ended before this server started: its tokens
        const ol = $('moves');
        ol.innerHTML = '';
        for (const m of app.replay.moves.slice(1)) { const li = document.createElement('li'); li.textContent = m; ol.appendChild(li); }
      }
    }
    await replayTo(parseInt($('replay-slider').value, 10));
  } catch (e) { showError(e); }
}

async function replayTo(ply) {
  const n = app.replay.plies - 1;
  ply = Math.max(0, Math.min(n, ply));
  $('replay-slider').value = ply;
  const r = await api('GET', `/api/games/${app.id}/replay?ply=${ply}`);
  app.replayPos = r.position;
  if (app.replay.family === 'classic') {  // one step per move: mark it in the list
    const items = $('moves').children;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle('current', i === ply - 1);
    if (ply > 0 && items[ply - 1]) items[ply - 1].scrollIntoView({ block: 'nearest' });
  }
  $('replay-move').textContent = ply === 0 ? '(the start)' : `after step ${ply} of ${n}: ${r.move}`;
  drawBoard();
}
$('replay-slider').oninput = () => replayTo(parseInt($('replay-slider').value, 10));
$('replay-first').onclick = () => replayTo(0);
$('replay-prev').onclick = () => replayTo(parseInt($('replay-slider').value, 10) - 1);
$('replay-next').onclick = () => replayTo(parseInt($('replay-slider').value, 10) + 1);
$('replay-last').onclick = () => replayTo(app.replay.plies - 1);
$('replay-side').onchange = () => drawBoard();

// ---------- start ----------

function route() {
  const id = new URLSearchParams(location.search).get('game');
  if (id && /^[0-9a-f]{16}$/.test(id)) openGame(id);
  else lobby().catch((e) => { $('lobby-error').textContent = e.message; });
}
window.onpopstate = route;
route();
