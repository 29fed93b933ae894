"""Player names a seat can trust (issue #39, server/names.py): NFC, no control, bidi,
zero-width or blank characters, at most 32 grapheme clusters, 422 `bad-name`
otherwise; names stored before are shown cleaned, never rewritten.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.conftest import Table, ThreadServer, make_settings
from tests.server.test_deployment import sqlite

pytestmark = pytest.mark.timeout(120)


BAD_NAMES = [
    "A\x00B",  # NUL
    "Aki\x1b[31m",  # ESC: a terminal colour
    "Aki\u202eneB",  # right-to-left override: shows as another name
    "A\u200bki",  # zero-width space: a copy of "Aki"
    "A\u200dki",  # zero-width joiner
    "\ufeffAki",  # byte-order mark
    "Aki\nBen",  # a line break
    "Aki\u2028",  # line separator
    "Aki\n",  # a trailing newline is refused, not dropped
    "Ben\u2066x\u2069",  # isolates
    "\u3164",  # Hangul filler: a name that draws nothing
    "e" + "\u0301" * 8,  # marks piled on one letter
    "x" * 33,  # longer than 32 characters
]


def test_bad_names_are_refused_with_422(tmp_path: Path) -> None:
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as c:
        for name in BAD_NAMES:
            created = c.post(
                "/api/games", json={"game": "high-card", "players": 2, "names": [name]}
            )
            assert created.status_code == 422, (name, created.text)
            assert created.json()["code"] == "bad-name"
        created = c.post("/api/games", json={"game": "high-card", "players": 2}).json()
        code = created["invites"][0]["code"]
        for name in BAD_NAMES:
            claimed = c.post(
                f"/api/games/{created['game_id']}/seats", json={"code": code, "name": name}
            )
            assert claimed.status_code == 422, (name, claimed.text)
            assert claimed.json()["code"] == "bad-name"
        # the code is still unclaimed: a good name takes it, normalised
        claimed = c.post(
            f"/api/games/{created['game_id']}/seats",
            json={"code": code, "name": "  Nguye\u0302\u0303n  "},
        )
        assert claimed.status_code == 201, claimed.text
        token = claimed.json()["token"]
        summary = c.get(
            f"/api/games/{created['game_id']}", headers={"Authorization": f"Bearer {token}"}
        ).json()
        assert summary["seats"][0]["name"] == "Nguy\u1ec5n"  # NFC, stripped


def test_good_names_pass_unchanged(tmp_path: Path) -> None:
    good = ["Aki", "山田\u3000太郎", "Zoë", "🇯🇵 Ken", "👍🏽", "Ｋｅｎ", "محمد", "x" * 32]
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as c:
        for name in good:
            table = Table(c, names=[name, "Ben"])
            summary = c.get(f"/api/games/{table.id}", headers=table.auth(0)).json()
            assert summary["seats"][0]["name"] == name
            assert table.view(1)["names"][0] == name


def test_names_stored_before_are_shown_cleaned(tmp_path: Path) -> None:
    """A name stored before the rules (its event written straight through the
    aggregate here) is shown without its control, bidi and zero-width characters,
    at most 32 clusters, after a restart too; the stored event is left as it was."""
    bad = "Ben\u202e\u200bX\x1b[2J\nY" + "z" * 40
    settings = make_settings(sqlite(tmp_path))
    with ThreadServer(settings) as srv, srv.client() as c:
        table = Table(c, names=["Aki"])
        created = c.post("/api/games", json={"game": "high-card", "players": 2}).json()
        game_id = created["game_id"]
        cache = srv.app.state.service.cache
        live = cache.get(game_id)

        def attempt() -> None:
            live.aggregate.claim_seat(seat=1, token_hash="0" * 64, name=bad)
            cache.save(live)

        cache.write(live, attempt)
        del table
    with ThreadServer(settings) as srv, srv.client() as c:
        claimed = c.post(
            f"/api/games/{game_id}/seats", json={"code": created["invites"][0]["code"]}
        )
        auth = {"Authorization": f"Bearer {claimed.json()['token']}"}
        summary = c.get(f"/api/games/{game_id}", headers=auth).json()
        shown = summary["seats"][1]["name"]
        assert shown == ("BenX[2J Y" + "z" * 40)[:32], shown
        assert c.get(f"/api/games/{game_id}/view", headers=auth).json()["names"][1] == shown
        assert srv.app.state.service.cache.get(game_id).aggregate.names[1] == bad
