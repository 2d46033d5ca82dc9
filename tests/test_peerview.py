"""The «Играть с другом» dialog and link bar (web/table/p2p/view.py): the test hooks,
the QR code that carries the join link, and the plain words when the direct
connection fails."""

from __future__ import annotations

import re

import webpath  # noqa: F401

from table.p2p import view as peerview
from table.i18n import languages
texts = languages.for_lang("ru")

CODE = "CACHOWKNIYMDMQKNMZGWI5SVKNNEW3COOBDDIM3UIZ4GU6KGF6CMQCRMXMHM64KHVOJ4T"


def test_the_host_step_shows_the_code_a_qr_code_and_the_paste_box():
    html = peerview.dialog_html({"step": "host", "seat": 1, "name": "Север", "code": CODE,
                                 "link": f"https://example.org/b/#p2p={CODE}"})
    assert f'<p class="p2p-code" data-p2p="offer">{CODE}</p>' in html
    assert '<svg class="qr"' in html and 'textarea name="p2p-code"' in html
    assert re.search(r'data-action="p2p-connect">Подключиться<', html)
    assert "style=" not in html


def test_the_qr_code_carries_the_join_link():
    import pytest

    zxingcpp = pytest.importorskip("zxingcpp")
    from test_qr import image

    from table.p2p import qr

    link = f"https://example.org/burkozel/#p2p={CODE}"
    found = zxingcpp.read_barcodes(image(qr.make(link, "L")))
    assert found and found[0].text == link


def test_the_guest_answer_is_shown_for_the_host():
    html = peerview.dialog_html({"step": "guest-answer", "code": CODE})
    assert f'data-p2p="answer">{CODE}<' in html
    assert texts.P2P_GUEST_SHOW in html


def test_a_failed_connection_says_why_and_offers_play_on_one_device():
    html = peerview.dialog_html({"step": "failed"})
    assert "одной сети Wi‑Fi" in html and "Гостевые сети" in html
    assert 'data-action="p2p-local">Играть на одном устройстве<' in html


def test_the_bar_invites_a_guest_who_is_not_there():
    html = peerview.bar_html([{"seat": 1, "name": "Маша <3", "status": "away"},
                              {"seat": 2, "name": "Петя", "status": "up"}])
    assert html.count('data-action="p2p-invite"') == 1 and 'data-seat="1"' in html
    assert "Маша &lt;3" in html and "<3" not in html
    assert peerview.bar_html([]) == ""


def test_a_bot_at_an_online_seat_says_its_person_comes_back_unasked():
    same_wifi = peerview.bar_html([{"seat": 1, "name": "Маша", "status": "bot"}], texts)
    online = peerview.bar_html([{"seat": 1, "name": "Маша", "status": "bot", "online": True}], texts)
    assert texts.p2p_guest_bot("Маша") in same_wifi and 'data-action="p2p-invite"' in same_wifi
    assert texts.online_guest_bot("Маша") in online and "p2p-invite" not in online
    assert "Пригласите" not in online


def test_a_bot_seated_for_good_says_so_plainly_in_every_language():
    """A guest who left at «Ещё партию» (or a seat the host gave a bot in the lobby): the bar
    says a bot plays there until the match ends, not that the seat comes back by itself."""
    for code in languages.LANGS:
        t = languages.for_lang(code)
        gone = peerview.bar_html([{"seat": 2, "name": "Маша", "status": "bot", "online": True, "for_good": True},
                                  {"seat": 1, "name": "Петя", "status": "bot", "online": True}], t)
        assert t.online_guest_left_bot("Маша") in gone and t.online_guest_bot("Маша") not in gone, code
        assert t.online_guest_bot("Петя") in gone and "p2p-invite" not in gone, code
        assert t.online_guest_left_bot("Маша").startswith("Маша: ") and "{" not in gone, code
    assert texts.online_guest_left_bot("Маша") == "Маша: играет бот до конца партии."
    assert languages.for_lang("en").online_guest_left_bot("Masha") == "Masha: a bot plays until the match ends."
