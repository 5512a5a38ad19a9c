#!/usr/bin/env python3
"""The page of `stratego serve` in a real browser (headless Chromium through selenium).

Starts `stratego serve` on a free port of 127.0.0.1 with a fresh games folder, then: makes a
Barrage set-up in the editor (a drag), plays moves by clicking until the bot answers, reloads
the page and goes on; plays a Waterloo game's decisions up to and through a turn until the bot
answers; shows a classic middle game with the belief heat map; resigns and steps the replay.
Takes screenshots into --out. Exits 77 (ctest's SKIP_RETURN_CODE) when selenium, chromium or
chromedriver are missing, saying which.
"""
import argparse, json, os, random, shutil, subprocess, sys, tempfile, time, urllib.request

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
        tok = rng.choice(plain) if plain else rng.choice(board)
        if plain:
            driver.find_element(By.CSS_SELECTOR, '#choices button[data-token="%s"]' % tok["token"]).click()
        else:
            click_move(driver, tok)
    wait_for("the move to be taken", lambda: srv.api("GET", "/api/games/" + gid)["player"]["step_count"] > before)
    return decision(srv, gid)


def new_game(driver, srv, variant, bot, movetime, side="red"):
    driver.get(srv.url + "/")
    WebDriverWait(driver, 10).until(lambda d: len(Select(d.find_element(By.ID, "variant")).options) > 3)
    Select(driver.find_element(By.ID, "variant")).select_by_value(variant)
    Select(driver.find_element(By.ID, "bot")).select_by_value(bot)
    mt = driver.find_element(By.ID, "movetime")
    mt.clear()
    mt.send_keys(str(movetime))
    Select(driver.find_element(By.ID, "side")).select_by_value(side)
    driver.find_element(By.ID, "start").click()
    WebDriverWait(driver, 10).until(lambda d: "game=" in d.current_url)
    return d_id(driver)


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
        gid = new_game(driver, srv, "barrage", "rules", 50)
        st = decision(srv, gid)
        assert st["player"]["pending"] == "setup"
        WebDriverWait(driver, 10).until(lambda d: "log-probability" in d.find_element(By.ID, "predictability").text)
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
        driver.find_element(By.ID, "submit-setup").click()
        st = decision(srv, gid, after=setup_decision)
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
        # Resign and step the replay back to the middle.
        if st["running"]:
            driver.execute_script("window.confirm = () => true;")
            WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "resign").is_enabled())
            driver.find_element(By.ID, "resign").click()
        WebDriverWait(driver, 15).until(lambda d: d.find_element(By.ID, "replay-panel").is_displayed())
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

        # 3. Waterloo: the decisions before the battle, the set-up, a turn until the bot answers.
        wid = new_game(driver, srv, "waterloo-basic", "random", 20)
        for _ in range(40):
            st = decision(srv, wid)
            p = st["player"]
            if p["pending"] == "setup":
                WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "submit-setup").is_displayed())
                driver.find_element(By.ID, "submit-setup").click()
                wait_for("the set-up to be taken", lambda: srv.api("GET", "/api/games/" + wid)["player"]["pending"] != "setup")
                continue
            if p["view"]["phase"] == "action" and p["view"]["turn"] >= 2:
                break
            st = play_move(driver, srv, wid, rng)
        assert st["player"]["view"]["family"] == "waterloo"
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
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#die .face"))
        else:
            print("waterloo: the game ended before any die was rolled")
        driver.save_screenshot(os.path.join(a.out, "waterloo-turn.png"))
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
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")]
        assert not errors, errors
        print("browser test: ok; screenshots in", a.out)
    finally:
        if driver:
            driver.quit()
        srv.stop()
        shutil.rmtree(games, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
