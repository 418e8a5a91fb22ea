"""A live table whose network dies silently: the page notices (a ping every few seconds, a
socket with nothing heard given up), says so and comes back; a move with no answer is given
up, never sent again by itself, and the table read again says whether it was played. And a
double click plays one move, or takes back one.

The page's intervals are shortened through localStorage (``muertos:live``, table.js) and the
page reaches the server through a small TCP proxy that can stop forwarding without closing
anything, as a phone's network that died."""

from __future__ import annotations

import json
import re
import socket
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from muertos import i18n

from .support import create, moves_on_server, watch
from .test_touch import SINGLE_JS

LIVE = {"ping": 250, "silence": 1500, "answer": 700}
"""The page's intervals here (ms), in the proportions of its own (15 s, 35 s, 8 s): a move goes
unanswered before the socket goes silent."""
SOON = 15_000
"""How long a test waits for what the page should do within a few of those intervals."""


class Proxy:
    """127.0.0.1 to ``base``, each direction of which can be held (data read and kept, nothing
    closed: a network gone silent), then let go, or cut (the connections held closed, their
    data dropped: the network came back but the old connections are gone)."""

    def __init__(self, base: str) -> None:
        u = urlsplit(base)
        self.upstream = (u.hostname or "127.0.0.1", u.port or 80)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.lock = threading.Condition()
        self.held = {"up": False, "down": False}
        self.cut_off: set[socket.socket] = set()
        self.socks: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def hold(self, up: bool = True, down: bool = True) -> None:
        with self.lock:
            self.held = {"up": up, "down": down}

    def release(self) -> None:
        with self.lock:
            self.held = {"up": False, "down": False}
            self.lock.notify_all()

    def cut(self) -> None:
        with self.lock:
            self.cut_off.update(self.socks)
            for s in self.socks:
                s.close()
            self.socks = []
        self.release()

    def close(self) -> None:
        self.listener.close()
        self.cut()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            with self.lock:
                self.socks += [client, server]
            threading.Thread(target=self._pump, args=(client, server, "up"), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, "down"), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, way: str) -> None:
        try:
            while data := src.recv(65536):
                with self.lock:
                    self.lock.wait_for(lambda: not self.held[way] or src in self.cut_off)
                    if src in self.cut_off:
                        return
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                s.close()


@pytest.fixture
def proxy(server: str) -> Iterator[Proxy]:
    p = Proxy(server)
    yield p
    p.close()


def es(key: str) -> str:
    return i18n.message(key, "es")


def open_table(
    browser: Any, server: str, proxy: Proxy | None = None, game: str = "ofrenda", seed: int = 5
) -> Any:
    """Seat 1 of a table of two people, in Spanish, through ``proxy`` if given; the page and
    the table (with ``errors``: the page's JavaScript errors)."""
    t = create(server, {"game": game, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": seed})
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    t["errors"] = watch(page)
    page.add_init_script(
        f"localStorage.setItem('muertos:lang', 'es'); localStorage.setItem('muertos:live', '{json.dumps(LIVE)}')"
    )
    url = t["invites"][0]["url"]
    page.goto(url.replace(server, proxy.base) if proxy else url)
    page.wait_for_selector("svg.board")
    page.wait_for_selector("#live:has-text('●')")  # the socket is open
    return page, t


def live_says(page: Any, text: str) -> None:
    page.wait_for_function(
        "(t) => document.getElementById('live').textContent.includes(t)", arg=text, timeout=SOON
    )


def toast_says(page: Any, text: str) -> None:
    page.locator("#toasts .toast", has_text=text).first.wait_for(timeout=SOON)


def test_a_connection_gone_silent_is_noticed_and_the_page_comes_back(
    server: str, browser: Any, proxy: Proxy
) -> None:
    page, t = open_table(browser, server, proxy)
    proxy.hold()  # nothing passes, nothing closes: no close event ever comes
    live_says(page, es("web.table.offline"))
    proxy.release()
    live_says(page, f"● {es('web.table.live')}")
    page.locator("button.action").first.click()  # and it plays again
    page.wait_for_function("Number(document.body.dataset.moves || 0) === 1", timeout=SOON)
    assert moves_on_server(server, t["id"]) == 1
    assert t["errors"] == []
    page.close()


def test_a_move_whose_answer_is_lost_is_read_back_and_lands_once(
    server: str, browser: Any, proxy: Proxy
) -> None:
    page, t = open_table(browser, server, proxy)
    proxy.hold(up=False, down=True)  # the move reaches the server; its answer never comes back
    page.locator("button.action").first.click()
    toast_says(page, es("web.table.no_answer"))
    live_says(page, es("web.table.offline"))
    assert moves_on_server(server, t["id"]) == 1
    proxy.release()
    toast_says(page, es("web.table.move_played"))
    live_says(page, f"● {es('web.table.live')}")
    page.wait_for_function("Number(document.body.dataset.moves || 0) === 1", timeout=SOON)
    assert moves_on_server(server, t["id"]) == 1  # once: never sent again
    assert page.locator("#toasts .toast.error", has_text="jugada 1").count() == 0
    assert t["errors"] == []
    page.close()


def test_a_move_lost_on_its_way_is_said_not_played_and_plays_once_again(
    server: str, browser: Any, proxy: Proxy
) -> None:
    page, t = open_table(browser, server, proxy)
    proxy.hold(up=True, down=False)  # the move never reaches the server
    page.locator("button.action").first.click()
    toast_says(page, es("web.table.no_answer"))
    live_says(page, es("web.table.offline"))
    proxy.cut()  # the network is back, the connections it held are gone
    toast_says(page, es("web.table.move_not_played"))
    live_says(page, f"● {es('web.table.live')}")
    assert moves_on_server(server, t["id"]) == 0
    page.locator("button.action").first.click()
    page.wait_for_function("Number(document.body.dataset.moves || 0) === 1", timeout=SOON)
    assert moves_on_server(server, t["id"]) == 1
    assert t["errors"] == []
    page.close()


COUNT_SENT = """() => {
window.plays = 0;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (String(data).includes('"play"')) window.plays += 1;
  return send.call(this, data);
};
}"""


def test_a_double_click_on_a_piece_plays_one_move(server: str, browser: Any) -> None:
    page, t = open_table(browser, server)
    page.evaluate(COUNT_SENT)
    k = page.evaluate(SINGLE_JS)
    assert k >= 0
    page.locator("svg.board [data-actions]").nth(k).dblclick()
    page.wait_for_function("Number(document.body.dataset.moves || 0) === 1", timeout=SOON)
    assert page.evaluate("window.plays") == 1
    assert moves_on_server(server, t["id"]) == 1
    assert page.locator("#toasts .toast.error").count() == 0
    assert t["errors"] == []
    page.close()


def test_a_double_click_on_undo_takes_back_one_move(server: str, browser: Any) -> None:
    page, t = open_table(browser, server, game="die-of-the-dead", seed=0)
    undos: list[str] = []
    page.on("request", lambda r: undos.append(r.post_data or "") if r.url.endswith("/undo") else None)
    for n, action in enumerate(["put r in 1", "put r in 2"], 1):  # two setup dice, each may be taken back
        page.locator("#actions button.action").filter(has_text=re.compile(f"^{action}$")).click()
        page.wait_for_function(f"Number(document.body.dataset.moves || 0) === {n}", timeout=SOON)
    page.locator("button.secondary", has_text=es("web.table.undo")).dblclick()
    page.wait_for_function("Number(document.body.dataset.moves || 0) === 1", timeout=SOON)
    toast_says(page, es("web.table.taken_back"))
    assert [json.loads(u) for u in undos] == [{"index": 1}]
    assert moves_on_server(server, t["id"]) == 1
    assert page.locator("#toasts .toast.error").count() == 0
    assert t["errors"] == []
    page.close()


def test_a_move_being_typed_survives_the_update_that_comes_meanwhile(server: str, browser: Any) -> None:
    """The page draws the table it read over HTTP, then the socket's first message draws it
    again. The box for a typed move used to be drawn afresh each time: a player who began to
    type in between lost the text (a test of a refusal failed now and then for it), and an
    update in the middle of typing took the caret away. Here the socket's messages are held
    until the player has begun to type."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]
    t = create(server, {"game": "ofrenda", "players": 2, "seats": seats, "seed": 5})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors = watch(page)
    holding = threading.Event()
    holding.set()
    held: list[tuple[Any, str | bytes]] = []

    def route(ws: Any) -> None:
        def down(message: str | bytes) -> None:
            if holding.is_set():
                held.append((ws, message))
            else:
                ws.send(message)

        ws.connect_to_server().on_message(down)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("button.action")  # drawn from the table read over HTTP
    page.locator("#typed").click()
    page.keyboard.type("take")
    page.evaluate("document.querySelector('#actions h2').dataset.mark = 'drawn before'")
    for _ in range(SOON // 50):  # the route's handler runs while the page is waited on
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the socket's first message did not come"
    holding.clear()
    for ws, message in held:
        ws.send(message)
    # the side panel is drawn again (a new heading), and the box with it
    page.wait_for_function("(h => h && !h.dataset.mark)(document.querySelector('#actions h2'))")
    assert page.locator("#typed").input_value() == "take"
    assert page.evaluate("document.activeElement?.id") == "typed"
    page.keyboard.type(" 99")  # the caret is where it was: the player goes on typing
    page.keyboard.press("Enter")
    page.locator("#toasts .toast.error").first.wait_for(timeout=SOON)
    assert page.locator("#typed").input_value() == "take 99"  # a refused move stays, to be mended
    assert errors == []
    ctx.close()
