"""The server labels a game with the rules it is played under (issue #12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import games
from core.kernel import decode_record, encode_record
from tests.server.conftest import Table, ThreadServer

pytestmark = pytest.mark.timeout(60)
CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def test_game_and_record_json_name_the_rules_version(server: ThreadServer) -> None:
    with server.client() as client:
        table = Table(client, players=2, game="tulikko")
        current = games.get("tulikko").info.rules_version
        summary = client.get(f"/api/games/{table.id}", headers=table.auth(None)).json()
        assert summary["rules_version"] == current
        record = client.get(f"/api/games/{table.id}/record", headers=table.auth(0)).json()
        assert record["rules_version"] == current
        assert record["genesis"]["engine_version"].endswith(f"/tulikko-{current}")


def test_a_record_made_under_older_rules_is_labelled_with_them(server: ThreadServer) -> None:
    """A finished rules-1 Tulikko record from the corpus (made by the engines of
    4fca50b), uploaded, downloaded and shared: every reply names the rules it was
    recorded under, not this engine's."""
    game = games.get("tulikko")
    packed = (CORPUS / "tulikko-2p-101.record.msgpack").read_bytes()
    data = encode_record(decode_record(packed, game, "msgpack"))
    current = game.info.rules_version
    assert current != "1"
    with server.client() as client:
        stored = client.post("/api/records", content=data)
        assert stored.status_code == 201, stored.text
        auth = {"Authorization": f"Bearer {stored.json()['owner_token']}"}
        record_id = stored.json()["record_id"]
        download = client.get(f"/api/records/{record_id}", headers=auth).json()
        assert download["rules_version"] == "1"
        shared = client.post(f"/api/records/{record_id}/share", headers=auth)
        assert shared.status_code == 201, shared.text
        reply = client.get(f"/api/shared/{shared.json()['share_id']}").json()
        assert reply["rules_version"] == "1"
        assert reply["outcome"] is not None
