"""The server labels a game with the rules it is played under (issue #12)."""

from __future__ import annotations

import pytest

from core import games
from tests.server.conftest import Table, ThreadServer

pytestmark = pytest.mark.timeout(60)


def test_game_and_record_json_name_the_rules_version(server: ThreadServer) -> None:
    with server.client() as client:
        table = Table(client, players=2, game="tulikko")
        current = games.get("tulikko").info.rules_version
        summary = client.get(f"/api/games/{table.id}", headers=table.auth(None)).json()
        assert summary["rules_version"] == current
        record = client.get(f"/api/games/{table.id}/record", headers=table.auth(0)).json()
        assert record["rules_version"] == current
        assert record["genesis"]["engine_version"].endswith(f"/tulikko-{current}")
