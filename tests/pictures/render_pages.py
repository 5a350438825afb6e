#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# render_pages.py: the timeline pages that check_page.py --render-later wrote (DIR/NAME.html, with
# DIR/NAME.json saying whether the page has episodes) rendered by ONE headless Chromium, driven
# over its DevTools pipe (--remote-debugging-pipe): starting Chromium costs about as much CPU as
# rendering five pages, so the pages of all scenarios share one start (test pictures.render).
# Each rendering is the same as check_page.py's own (--screenshot, window 1140x1800, scale 0.5:
# the same PNG pixels) and is judged the same way (judge()): not blank, and the episode colour is
# there when the page has episodes. A page that is missing fails.
#
# Usage: render_pages.py DIR NAME...
import base64, json, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pnglite import pixel_stats

CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                  "--force-device-scale-factor=0.5", "--window-size=1140,1800"]


def find_chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def judge(png, has_episodes):
    """(summary line, failures) of a rendered page."""
    w, h, ink, colours = pixel_stats(png)
    fails = []
    if ink < 0.01 or len(colours) < 8:
        fails.append(f"rendered page looks blank: {ink * 100:.2f} % ink, {len(colours)} colours")
    # The episode fill #ffd9b3 at 45 % opacity over white (levels use other tints).
    tints = [c for c in colours if c[0] >= 250 and 200 <= c[1] <= 245 and 180 <= c[2] <= 235 and c[1] > c[2]]
    if has_episodes and not tints:
        fails.append("no episode band colour in the rendered page")
    return f"rendered {w}x{h}: {ink * 100:.1f} % ink, {len(colours)} colours", fails


class Chromium:
    """One headless Chromium; screenshot(url, png) per page, over the DevTools pipe (fd 3 in, 4 out)."""

    def __init__(self, chromium, work):
        r1, w1 = os.pipe()   # commands: we write, Chromium reads fd 3
        r2, w2 = os.pipe()   # answers and events: Chromium writes fd 4

        def pipe_fds():   # in the child: the pipe ends at fd 3 and 4 (duplicated first, they may be 3/4)
            a, b = os.dup(r1), os.dup(w2)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen([chromium] + CHROMIUM_FLAGS +
                                     [f"--user-data-dir={work}/chromium", "--remote-debugging-pipe", "about:blank"],
                                     preexec_fn=pipe_fds, close_fds=False,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(r1)
        os.close(w2)
        self.w, self.r = os.fdopen(w1, "wb", buffering=0), os.fdopen(r2, "rb", buffering=0)
        self.buf, self.next_id, self.events = b"", 0, []

    def _read(self):
        while b"\0" not in self.buf:
            chunk = self.r.read(1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, session=None, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        self.w.write(json.dumps(msg).encode() + b"\0")
        while True:
            msg = self._read()
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]
            self.events.append(msg)

    def wait_event(self, method, session):
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == method and e.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self._read())

    def screenshot(self, url, png):
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=session)
        # The viewport --window-size=1140,1800 --force-device-scale-factor=0.5 gives --screenshot.
        self.call("Emulation.setDeviceMetricsOverride", session=session, width=1140, height=1800,
                  deviceScaleFactor=0.5, mobile=False)
        self.call("Page.navigate", session=session, url=url)
        self.wait_event("Page.loadEventFired", session)
        data = self.call("Page.captureScreenshot", session=session, format="png")["data"]
        with open(png, "wb") as f:
            f.write(base64.b64decode(data))
        self.call("Target.closeTarget", targetId=target)

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        self.w.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main():
    pages, names = sys.argv[1], sys.argv[2:]
    fails = []
    for name in names:
        for ext in (".html", ".json"):
            if not os.path.isfile(os.path.join(pages, name + ext)):
                fails.append(f"{name}: no {name}{ext} in {pages} (check_page.py --render-later writes it)")
    chromium = find_chromium()
    if not chromium and os.environ.get("AMFOL_NO_BROWSER") == "1":
        print("render skipped: AMFOL_NO_BROWSER=1 and no chromium (minimal Debian root)")
    elif not chromium:
        fails.append("chromium not installed (scripts/install-deps.sh installs it)")
    elif not fails:
        work = tempfile.mkdtemp(prefix="amfol-render-")
        browser = Chromium(chromium, work)
        try:
            for name in names:
                png = os.path.join(work, name + ".png")
                browser.screenshot("file://" + os.path.abspath(os.path.join(pages, name + ".html")), png)
                has_episodes = json.load(open(os.path.join(pages, name + ".json")))["episodes"] > 0
                line, page_fails = judge(png, has_episodes)
                print(f"{name}: {line}")
                fails += [f"{name}: {f}" for f in page_fails]
        finally:
            browser.close()
            shutil.rmtree(work, ignore_errors=True)
    if fails:
        print("FAIL\n" + "\n".join(fails))
        sys.exit(1)
    print(f"{len(names)} pages rendered: ok")


if __name__ == "__main__":
    main()
