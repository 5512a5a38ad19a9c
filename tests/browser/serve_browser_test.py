#!/usr/bin/env python3
"""The page of `stratego serve` in a real browser (headless Chromium through selenium).

Starts `stratego serve` on a free port of 127.0.0.1 with a fresh games folder, then: makes a
Barrage set-up in the editor (a drag), plays moves by clicking until the bot answers, reloads
the page and goes on; plays a Waterloo game's decisions up to and through a turn until the bot
answers; shows a classic middle game with the belief heat map; resigns and steps the replay.
Takes screenshots into --out. Exits 77 (ctest's SKIP_RETURN_CODE) when selenium, chromium or
chromedriver are missing, saying which.

On the way, the page's bugs of issue 61 (each check names its bug; all are reported at the
end): each opponent listed once and each classic option described; the set-up editor's lakes;
the placeholder naming the project's data/setups; a refused set-up and a refused move whose
reasons stay until the person acts; Adjourn not undone by the page's poll (nor by a reload);
the result said once; Waterloo's retreat sector named as the status names it; a weakened
unit's label inside its piece. And Waterloo as a newcomer reads it (issue 61): every choice a
button in words (no raw tokens), each card with its text, a key to the pieces, terrain, die
and cards, each square's tooltip naming its piece and terrain, the die drawn as a die, and a
refused action answered with its rule.
"""
import argparse, json, os, random, re, shutil, subprocess, sys, tempfile, time, urllib.request

SKIP = 77


def skip(why):
    print("SKIP: " + why + " (Debian: apt-get install python3-selenium chromium chromium-driver)")
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    skip("python3-selenium is not installed")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not CHROMIUM:
    skip("chromium is not installed")
if not DRIVER:
    skip("chromedriver (chromium-driver) is not installed")


class Server:
    def __init__(self, binary, games_dir):
        self.proc = subprocess.Popen([binary, "serve", "--port", "0", "--games-dir", games_dir],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.proc.stdout.readline()
        print(line.strip())
        if "127.0.0.1" not in line:
            raise SystemExit("serve did not say it listens on 127.0.0.1: " + line)
        self.url = line.split("listening on ")[1].split()[0].rstrip("/")

    def api(self, method, path, body=None):
        req = urllib.request.Request(self.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read().decode())

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


FAILED = []


def expect(ok, what):
    """A check of the page that lets the test go on, so one run reports every failure."""
    if not ok:
        print("FAILED: " + what)
        FAILED.append(what)
    return ok


def wait_for(what, pred, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def decision(srv, gid, after=-1):
    """The game's state once the person has a decision numbered above `after` (or the game
    stopped): after a click, the decision it answered may still be pending a moment."""
    def ready():
        st = srv.api("GET", "/api/games/" + gid)
        p = st["player"]
        return st if (not st["running"] or (p["pending"] and p["decision"] > after)) else None
    return wait_for("a decision in " + gid, ready)


def square(driver, name):
    return driver.find_element(By.CSS_SELECTOR, 'g[data-square="%s"]' % name)


def page_ready(driver, p):
    """Waits until the page shows the person's decision p."""
    sel = 'svg#board[data-pending="%s"][data-decision="%d"]' % (p["pending"], p["decision"])
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, sel))


def click_move(driver, token):
    """Clicks a two-square token's first square, then its last."""
    srv_sq = token["squares"]
    square(driver, srv_sq[0]).click()
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "circle.target"))
    square(driver, srv_sq[-1]).click()
    # Several tokens on the same two squares: the page asks which one.
    time.sleep(0.1)
    for b in driver.find_elements(By.CSS_SELECTOR, "#choices button[data-token]"):
        if b.get_attribute("data-token") == token["token"]:
            b.click()
            break


def play_move(driver, srv, gid, rng):
    """One decision by the page, then waits for the bot's answer; returns the new state."""
    st = decision(srv, gid)
    p = st["player"]
    assert p["pending"] == "action", st
    before = p["step_count"]
    page_ready(driver, p)
    board = [t for t in p["legal"] if len(t["squares"]) >= 2]
    if board and all(len(t["squares"]) >= 2 for t in p["legal"]):
        click_move(driver, rng.choice(board))
    else:  # a choice the page shows as buttons (a card, Battle Lust, end of turn, ...)
        plain = [t for t in p["legal"] if len(t["squares"]) == 0]
        # A one-square choice (a placement, a target) the page takes on a click of its square,
        # when it is the only one there and no move starts there.
        starts = {t["squares"][0] for t in board}
        ones = [t for t in p["legal"] if len(t["squares"]) == 1]
        single = [t for t in ones if t["squares"][0] not in starts
                  and sum(u["squares"][0] == t["squares"][0] for u in ones) == 1]
        if plain:
            tok = rng.choice(plain)
            driver.find_element(By.CSS_SELECTOR, '#choices button[data-token="%s"]' % tok["token"]).click()
        elif board:
            click_move(driver, rng.choice(board))
        else:
            assert single, "no choice the page can take: %s" % p["legal"]
            square(driver, rng.choice(single)["squares"][0]).click()
    wait_for("the move to be taken", lambda: srv.api("GET", "/api/games/" + gid)["player"]["step_count"] > before)
    return decision(srv, gid)


def new_game(driver, srv, variant, bot, movetime, side="red", lobby_check=False):
    driver.get(srv.url + "/")
    WebDriverWait(driver, 10).until(lambda d: len(Select(d.find_element(By.ID, "variant")).options) > 3)
    if lobby_check:
        check_lobby(driver)
    Select(driver.find_element(By.ID, "variant")).select_by_value(variant)
    Select(driver.find_element(By.ID, "bot")).select_by_value(bot)
    mt = driver.find_element(By.ID, "movetime")
    mt.clear()
    mt.send_keys(str(movetime))
    Select(driver.find_element(By.ID, "side")).select_by_value(side)
    driver.find_element(By.ID, "start").click()
    WebDriverWait(driver, 10).until(lambda d: "game=" in d.current_url)
    return d_id(driver)


LAKE_FILL = "#6fa3c9"


def check_lobby(driver):
    """Each opponent once (not `ismcts` and `ismcts,threads=2`), each classic option described."""
    bots = [o.get_attribute("value") for o in Select(driver.find_element(By.ID, "bot")).options]
    names = [b.split(",")[0] for b in bots]
    expect(len(names) == len(set(names)), "an opponent listed twice: %s" % bots)
    labels = driver.find_elements(By.CSS_SELECTOR, "#options label")
    expect(labels and all(len(l.text.strip()) > len(l.find_element(By.TAG_NAME, "input").get_attribute("value")) + 3
                          for l in labels),
           "classic options without a description: %s" % [l.text for l in labels])


def check_setup_editor(driver, st):
    """Lakes drawn in the classic set-up editor; the placeholder names the project's folder."""
    board = st["player"]["setup"]["board"]
    fills = {}
    for i in board["lakes"]:
        name = board["squares"][i]
        fills[name] = square(driver, name).find_element(By.TAG_NAME, "rect").get_attribute("fill")
    expect(fills and all(f == LAKE_FILL for f in fills.values()), "set-up editor lakes not drawn: %s" % fills)
    ph = driver.find_element(By.ID, "setup-line").get_attribute("placeholder")
    expect("../shared" not in ph and "data/setups" in ph, "set-up placeholder: " + ph)


def error_text(driver):
    return driver.find_element(By.ID, "error").text.strip()


def refused_setup(driver, srv, gid, good_line):
    """A set-up the server refuses: its reason shows and stays past the next polls; the next
    action of the person clears it."""
    line = driver.find_element(By.ID, "setup-line")
    line.clear()
    line.send_keys("B" * len(good_line))
    driver.find_element(By.ID, "load-line").click()
    driver.find_element(By.ID, "submit-setup").click()
    try:
        WebDriverWait(driver, 5).until(lambda d: "set-up" in error_text(d))
    except Exception:
        expect(False, "a refused set-up shows no reason")
    time.sleep(1.8)  # the page polls every 1.5 s while the decision is the person's
    expect("set-up" in error_text(driver) and driver.find_element(By.ID, "error").is_displayed(),
           "a refused set-up's reason vanished: '%s'" % error_text(driver))
    expect(srv.api("GET", "/api/games/" + gid)["player"]["pending"] == "setup", "a bad set-up was taken")
    line.clear()
    line.send_keys(good_line)
    driver.find_element(By.ID, "load-line").click()
    expect(error_text(driver) == "", "the reason stayed after the person acted: " + error_text(driver))


def click_refused(driver, frm, to):
    """Clicks the piece on frm, then the square to, which it cannot reach: the reason the page
    shows for "frm-to", or None if none came within 5 s."""
    square(driver, frm).click()
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "circle.target"))
    square(driver, to).click()
    token = frm + "-" + to
    try:
        WebDriverWait(driver, 5).until(lambda d: error_text(d).startswith(token + ":"))
    except Exception:
        return None
    return error_text(driver)


def refused_move(driver, st):
    """Clicks a piece that can move, then a square it cannot reach: the server's reason (the
    rule and the piece's legal moves) shows and stays until the next click."""
    p = st["player"]
    page_ready(driver, p)
    v = p["view"]
    board = [t for t in p["legal"] if len(t["squares"]) >= 2]
    if not board:
        return
    frm = board[0]["squares"][0]
    targets = {t["squares"][-1] for t in board if t["squares"][0] == frm}
    lakes = {v["squares"][i] for i in v["lakes"]}
    empty = [v["squares"][i] for i, c in enumerate(v["board"])
             if c is None and v["squares"][i] not in targets and v["squares"][i] not in lakes]
    to = empty[len(empty) // 2]
    token = frm + "-" + to
    if click_refused(driver, frm, to) is None:
        expect(False, "a refused move %s shows no reason ('%s')" % (token, error_text(driver)))
        return
    time.sleep(1.8)
    expect(error_text(driver).startswith(token + ":"), "a refused move's reason vanished")
    print("refused move:", error_text(driver))


def check_adjourn(driver, srv, gid):
    """Adjourn stays adjourned (the page's poll once resumed it at once), across a reload too;
    Resume goes on."""
    st = decision(srv, gid)
    page_ready(driver, st["player"])
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "adjourn").is_enabled())
    driver.find_element(By.ID, "adjourn").click()
    try:
        wait_for("the game to be adjourned", lambda: srv.api("GET", "/api/games/" + gid)["status"] == "adjourned", 10)
    except AssertionError:
        expect(False, "the game was never seen adjourned")
    time.sleep(1.5)
    st = srv.api("GET", "/api/games/" + gid)
    expect(st["status"] == "adjourned" and driver.find_element(By.ID, "resume").is_displayed(),
           "Adjourn undone by the page (status %s)" % st["status"])
    driver.refresh()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "g[data-square]"))
    time.sleep(1.0)
    expect(srv.api("GET", "/api/games/" + gid)["status"] == "adjourned", "a reload resumed the adjourned game")
    if srv.api("GET", "/api/games/" + gid)["status"] == "adjourned":
        WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "resume").is_displayed())
        driver.find_element(By.ID, "resume").click()
    return decision(srv, gid)


def check_unit_labels(driver):
    """A weakened Waterloo unit's label (and its badge) stays inside its piece."""
    r = driver.execute_script("""
      const svg = document.getElementById('board');
      const out = [];
      for (const piece of [{army: 'allied', side: 'red', strength: 4, damage: 1, token: 'H4(w1)'},
                           {army: 'prussian', side: 'red', strength: 2, damage: 1, token: '*C2(w1,sr)'},
                           {army: 'french', side: 'blue', strength: -1, damage: 0, token: 'h?'}]) {
        const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        svg.appendChild(g);
        drawPiece(g, 0, 0, piece, {family: 'waterloo', viewer: 'red'}, null, '', false);
        const b = g.querySelector('rect').getBBox();
        const texts = [...g.querySelectorAll('text')].map((t) => { const tb = t.getBBox(); return [t.textContent, tb.x, tb.y, tb.width, tb.height]; });
        out.push({piece: [b.x, b.y, b.width, b.height], texts});
        g.remove();
      }
      return out;""")
    for p in r:
        x, y, w, h = p["piece"]
        for t, tx, ty, tw, th in p["texts"]:
            expect(tx >= x - 0.5 and tx + tw <= x + w + 0.5 and ty >= y - 1 and ty + th <= y + h + 1 and "(" not in t,
                   "unit label '%s' overflows its piece (%s, piece %s)" % (t, [tx, ty, tw, th], p["piece"]))


# A choice shown as its raw token: "take:initiative", "off:e7", "e4xd4/s", "place:I3@a10".
RAW_TOKEN = re.compile(r"^(take|discard|card|lust|early|off|place|look|target|save|fire):|^[a-l]\d+[x-][a-l]\d+")


def check_choice_words(driver, p):
    """Every Waterloo button says its choice in words, with what it does on hover."""
    page_ready(driver, p)
    buttons = driver.find_elements(By.CSS_SELECTOR, "#choices button")
    for b in buttons:
        text = b.text.strip()
        if text == "Cancel":
            continue
        expect(text and not RAW_TOKEN.search(text) and "…" not in text,
               "a Waterloo choice shown as a token: '%s'" % text)
        tok = b.get_attribute("data-token") or ""
        if tok.startswith(("take:", "discard:", "card:")):
            expect("(W-12." in (b.get_attribute("title") or ""),
                   "card choice '%s' without its text on hover: '%s'" % (text, b.get_attribute("title")))
    return len(buttons)


def check_waterloo_key(driver, st):
    """The key (classes, terrain with its colours, the die's six faces, the cards), each
    square's tooltip, each card in the hand with its text."""
    key = driver.find_element(By.ID, "wl-key")
    expect(key.is_displayed(), "no Waterloo key on the page")
    text = key.text
    for word in ["light infantry", "heavy cavalry", "artillery", "commander-in-chief", "building",
                 "hill", "Prussian flag square", "Red +", "Blue R", "Battle Lust", "Initiative"]:
        expect(word in text, "the Waterloo key does not name '%s'" % word)
    expect(len(key.find_elements(By.CSS_SELECTOR, "svg[data-face]")) == 6, "the key does not draw the die's six faces")
    v = st["player"]["view"]
    me = st["side"]
    titles = driver.execute_script(
        "const out = {}; for (const g of document.querySelectorAll('g[data-square]')) {"
        " const t = g.querySelector(':scope > title'); out[g.dataset.square] = t ? t.textContent : ''; } return out;")
    own = [v["squares"][i] for i, c in enumerate(v["board"]) if c and c["side"] == me]
    foe = [v["squares"][i] for i, c in enumerate(v["board"])
           if c and c["side"] != me and c["strength"] == -1 and c["cls"] != "art"]
    expect(own and all("strength" in titles[q] or "artillery" in titles[q] or "commander" in titles[q] for q in own),
           "own pieces without their names on hover: %s" % [titles[q] for q in own[:3]])
    expect(foe and all("not seen" in titles[q] or "unknown" in titles[q] for q in foe),
           "hidden enemy pieces not said to be unseen: %s" % [titles[q] for q in foe[:3]])
    buildings = [v["squares"][i] for i, m in enumerate(v["terrain"]) if m == "#"]
    expect(buildings and all("building" in titles[q] for q in buildings),
           "building squares without their terrain on hover: %s" % [titles[q] for q in buildings[:2]])
    cards = driver.find_elements(By.CSS_SELECTOR, "#wl-cards li")
    if v["hand"][me]:
        expect(len(cards) == len(v["hand"][me]) and all("Played" in c.text for c in cards),
               "the cards in hand without their text: %s" % [c.text for c in cards])


def refused_waterloo_action(driver, st, out):
    """A piece sent two rows and two columns away: the reason names the rule (W-...), as the
    terminal gives it, not just "not legal now"."""
    p = st["player"]
    page_ready(driver, p)
    v = p["view"]
    w, h = v["width"], v["height"]
    for t in p["legal"]:
        if len(t["squares"]) < 2 or t["token"].startswith("fire:"):
            continue
        frm = t["squares"][0]
        i = v["squares"].index(frm)
        targets = {x["squares"][-1] for x in p["legal"] if x["squares"] and x["squares"][0] == frm}
        for dc, dr in ((2, 2), (-2, 2), (2, -2), (-2, -2)):
            c, r = i % w + dc, i // w + dr
            if 0 <= c < w and 0 <= r < h and v["board"][r * w + c] is None and v["squares"][r * w + c] not in targets:
                to = v["squares"][r * w + c]
                why = click_refused(driver, frm, to)
                if why is None:
                    expect(False, "a refused Waterloo action %s-%s shows no reason ('%s')" % (frm, to, error_text(driver)))
                    return
                expect("(W-" in why and "not legal now" not in why, "a refused Waterloo action without its rule: " + why)
                driver.save_screenshot(os.path.join(out, "waterloo-refused.png"))
                print("refused Waterloo action:", why)
                return


def d_id(driver):
    return driver.current_url.split("game=")[1][:16]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stratego", required=True)
    ap.add_argument("--out", required=True, help="folder for the screenshots")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    games = tempfile.mkdtemp(prefix="stratego-serve-")
    profile = tempfile.mkdtemp(prefix="stratego-chromium-")
    srv = Server(a.stratego, games)
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for f in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1280,900"]:
        opts.add_argument(f)
    driver = None
    rng = random.Random(25)
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
        driver.set_page_load_timeout(20)

        # 1. Barrage: the set-up editor, a drag, moves, a reload, more moves.
        gid = new_game(driver, srv, "barrage", "rules", 50, lobby_check=True)
        st = decision(srv, gid)
        assert st["player"]["pending"] == "setup"
        WebDriverWait(driver, 10).until(lambda d: "log-probability" in d.find_element(By.ID, "predictability").text)
        check_setup_editor(driver, st)
        line0 = driver.find_element(By.ID, "setup-line").get_attribute("value")
        pieces = st["player"]["setup"]["pieces"]
        occupied = sorted(pieces)
        empty = [s for s in st["player"]["setup"]["zone"] if s not in pieces]
        src = occupied[0]
        dst = empty[0] if empty else next(s for s in occupied if pieces[s] != pieces[src])
        ActionChains(driver).drag_and_drop(square(driver, src), square(driver, dst)).perform()
        wait_for("the drag to change the set-up line",
                 lambda: driver.find_element(By.ID, "setup-line").get_attribute("value") != line0, 5)
        driver.save_screenshot(os.path.join(a.out, "setup-editor.png"))
        chosen = driver.find_element(By.ID, "setup-line").get_attribute("value")
        setup_decision = st["player"]["decision"]
        refused_setup(driver, srv, gid, chosen)
        driver.find_element(By.ID, "submit-setup").click()
        st = decision(srv, gid, after=setup_decision)
        if st["running"]:
            refused_move(driver, st)
        for _ in range(3):
            st = play_move(driver, srv, gid, rng)
            if not st["running"]:
                break
        driver.refresh()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "g[data-square]"))
        moves_before = len(driver.find_elements(By.CSS_SELECTOR, "#moves li"))
        assert moves_before == st["player"]["step_count"], (moves_before, st["player"]["step_count"])
        for _ in range(2):
            if not st["running"]:
                break
            st = play_move(driver, srv, gid, rng)
        print("barrage: set-up", chosen, "then", st["player"]["step_count"], "steps, across a reload")
        if st["running"]:
            st = check_adjourn(driver, srv, gid)
        # Resign and step the replay back to the middle.
        if st["running"]:
            driver.execute_script("window.confirm = () => true;")
            WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "resign").is_enabled())
            driver.find_element(By.ID, "resign").click()
        WebDriverWait(driver, 15).until(lambda d: d.find_element(By.ID, "replay-panel").is_displayed())
        # The result in words ("You lose: resignation."), not followed by its token again.
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#status .result"))
        result = driver.find_element(By.ID, "status").text.splitlines()
        reason = srv.api("GET", "/api/games/" + gid)["reason"]
        expect(reason not in result and len(result) == len(set(result)), "the result said twice: %r" % result)
        driver.find_element(By.ID, "replay-first").click()
        driver.find_element(By.ID, "replay-next").click()
        WebDriverWait(driver, 5).until(lambda d: "after step 1" in d.find_element(By.ID, "replay-move").text)

        # 2. A classic middle game (played quickly over the API), shown with the heat map.
        cid = srv.api("POST", "/api/games", {"variant": "classic", "bot": "rules", "movetime_ms": 20, "side": "red"})["id"]
        st = decision(srv, cid)
        srv.api("POST", "/api/games/%s/setup" % cid, {"line": st["player"]["setup"]["line"]})
        for _ in range(30):
            st = decision(srv, cid)
            if not st["running"]:
                break
            legal = st["player"]["legal"]
            quiet = [t for t in legal if "x" not in t["token"]] or legal
            srv.api("POST", "/api/games/%s/action" % cid, {"token": rng.choice(quiet)["token"]})
        decision(srv, cid)
        driver.get(srv.url + "/?game=" + cid)
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "g[data-square]"))
        driver.find_element(By.ID, "show-beliefs").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "rect.heat"))
        driver.save_screenshot(os.path.join(a.out, "classic-beliefs.png"))

        # 3. Waterloo Standard: the draft, the set-up, a turn until the bot answers.
        driver.set_window_size(1280, 1500)  # the key under the board in the screenshots
        wid = new_game(driver, srv, "waterloo-standard", "random", 20)
        worded = 0
        for _ in range(40):
            st = decision(srv, wid)
            p = st["player"]
            if p["pending"] == "action" and p["view"]["phase"] == "draft" and worded:
                # The draft's other picks over the API: the page's 1.5 s poll would add seconds.
                srv.api("POST", "/api/games/%s/action" % wid, {"token": rng.choice(p["legal"])["token"]})
                continue
            if p["pending"] == "action":
                worded += check_choice_words(driver, p)
            if p["pending"] == "setup":
                WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "submit-setup").is_displayed())
                driver.find_element(By.ID, "submit-setup").click()
                wait_for("the set-up to be taken", lambda: srv.api("GET", "/api/games/" + wid)["player"]["pending"] != "setup")
                continue
            if p["view"]["phase"] == "action" and p["view"]["turn"] >= 2:
                break
            st = play_move(driver, srv, wid, rng)
        assert st["player"]["view"]["family"] == "waterloo"
        expect(worded > 3, "hardly any Waterloo choice shown as a button (%d)" % worded)
        if st["running"]:
            check_waterloo_key(driver, st)
            refused_waterloo_action(driver, st, a.out)
        # Go on (over the API, quickly) until a die has been rolled, then take a turn in the page.
        for _ in range(400):
            st = decision(srv, wid)
            if not st["running"] or any(s.get("die") for s in srv.api("GET", "/api/games/" + wid)["player"]["steps"]):
                break
            legal = st["player"]["legal"]
            attacks = [t for t in legal if "x" in t["token"]]
            srv.api("POST", "/api/games/%s/action" % wid, {"token": rng.choice(attacks or legal)["token"]})
        st = decision(srv, wid)
        driver.get(srv.url + "/?game=" + wid)
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "g[data-square]"))
        if st["running"]:
            st = play_move(driver, srv, wid, rng)
        rolled = any(s.get("die") for s in srv.api("GET", "/api/games/" + wid)["player"]["steps"])
        if rolled:  # else the game ended first (rare with attacks preferred): nothing to show
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#die svg.face[data-face]"))
            die = driver.find_element(By.ID, "die").text
            expect("wins" in die and not re.search(r"\b(red|blue)(R|\+)", die),
                   "the die not explained in words: '%s'" % die)
        else:
            print("waterloo: the game ended before any die was rolled")
        driver.save_screenshot(os.path.join(a.out, "waterloo-turn.png"))
        retreat = driver.find_element(By.ID, "wl-facts").text
        status = driver.find_element(By.ID, "wl-status").text
        mine = [l for l in retreat.splitlines() if l.startswith("Your retreat card")]
        if mine and "sector" in mine[0]:
            sector = mine[0].split("Your retreat card", 1)[1].strip()
            # The status is broken at 80 columns: a line may end inside the phrase.
            said = [" ".join(m.split()) for m in
                    re.findall(r"line\s+of\s+retreat\s+(sector\s+[a-z]-[a-z])", status)]
            expect(sector in said, "Waterloo retreat card '%s' is not the status's %s" % (sector, said))
        else:
            print("waterloo: no retreat card drawn yet:", mine)
        check_unit_labels(driver)
        if st["running"]:
            driver.find_element(By.ID, "show-beliefs").click()  # Waterloo's posterior, as a heat map
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "rect.heat"))
        print("waterloo: %d steps, die shown: %s" % (st["player"]["step_count"], driver.find_element(By.ID, "die").text[:80]))

        # 4. The replay of the classic game, resigned now, with Red's beliefs at its middle.
        if decision(srv, cid)["running"]:
            srv.api("POST", "/api/games/%s/resign" % cid, {})
        driver.get(srv.url + "/?game=" + cid)
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "replay-panel").is_displayed())
        WebDriverWait(driver, 10).until(lambda d: "after step" in d.find_element(By.ID, "replay-move").text)
        n = int(driver.find_element(By.ID, "replay-slider").get_attribute("max"))
        for _ in range(max(0, n // 2)):
            driver.find_element(By.ID, "replay-prev").click()
        time.sleep(0.5)
        driver.save_screenshot(os.path.join(a.out, "replay.png"))
        # The refused set-up and move above were answered 400 on purpose (Chromium logs them).
        refused = ("/setup ", "/action ", "/api/setup-score ")
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")
                  and not ("status of 400" in e.get("message", "") and any(r in e.get("message", "") for r in refused))]
        assert not errors, errors
        assert not FAILED, "issue 61 checks failed:\n  " + "\n  ".join(FAILED)
        print("browser test: ok; screenshots in", a.out)
    finally:
        if driver:
            driver.quit()
        srv.stop()
        shutil.rmtree(games, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
