"""A shared replay carries its review (issue #41 item 3).

The sharing client sends the review it computed with the share (`{"review": ...}`);
the server checks the cheap things at once (the record's game, id and tip, the default
judging, the size) and recomputes the review in a child process of its own, off the
request: only a review equal to its own (same record + same review seed = same review)
is stored, once, and only then does the shared answer carry it. A mismatch is dropped,
never shown. Shares made without a review (or before reviews) open as before.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from core.games import get
from core.kernel import Rng, Timeline, encode_record, new_record, play_bots
from core.kernel.review import encode_review, review
from tests.server.conftest import Table, ThreadServer, make_settings, postgres_database

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def backend(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """SQLite: each review check costs the server a whole review (seconds of CPU), and
    what is stored is one SharedReview row through the same store code on either
    database; PostgreSQL stores one in test_a_published_review_is_kept_on_postgresql."""
    yield {"data_dir": str(tmp_path / "data"), "database_url": None}


SEED = 0  # the PWA's review seed


def problem(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == code, body
    return body


@pytest.fixture(scope="module")
def finished() -> tuple[Timeline[Any, Any, Any], dict[str, Any]]:
    """A whole Tulikko game (greedy against greedy) and its review, as the PWA sends it
    (the canonical JSON parsed: what `review_result` answers)."""
    game = get("tulikko")
    timeline = Timeline(game, new_record(game, record_id="shared-review", seats=2, seed=9))
    greedy = game.bots()["greedy"]
    play_bots(timeline, {0: greedy, 1: greedy}, Rng.seeded(9, 7), max_entries=2000)
    assert game.outcome(timeline.state) is not None
    return timeline, json.loads(encode_review(review(timeline, seed=SEED)))


def upload(client: httpx.Client, timeline: Timeline[Any, Any, Any], record_id: str) -> str:
    """The record stored under `record_id`: its owner token."""
    record = msgspec.structs.replace(timeline.record, id=record_id)
    stored = client.post("/api/records", content=encode_record(record))
    assert stored.status_code == 201, stored.text
    return str(stored.json()["owner_token"])


def share(client: httpx.Client, record_id: str, owner: str, review_: Any = None) -> httpx.Response:
    """Share the record, with `review_` if given (else no body, as before reviews)."""
    return client.post(
        f"/api/records/{record_id}/share",
        headers={"Authorization": f"Bearer {owner}"},
        content=b"" if review_ is None else json.dumps({"review": review_}).encode(),
    )


def for_record(data: dict[str, Any], record_id: str) -> dict[str, Any]:
    """The review as it would be of the same moves under another record id."""
    return {**data, "record_id": record_id}


def settled(client: httpx.Client, record_id: str, owner: str, within: float = 120) -> str:
    """The share's review state once its check is done (a share without a body asks)."""
    deadline = time.monotonic() + within
    while True:
        state = share(client, record_id, owner).json()["review"]
        if state != "checking" or time.monotonic() > deadline:
            return str(state)
        time.sleep(0.2)


def test_a_shared_replay_carries_the_review_once_the_server_made_the_same(
    client: httpx.Client, finished: tuple[Timeline[Any, Any, Any], dict[str, Any]]
) -> None:
    timeline, data = finished
    owner = upload(client, timeline, "rv-1")
    mine = for_record(data, "rv-1")
    made = share(client, "rv-1", owner, mine)
    assert made.status_code == 201, made.text
    assert made.json()["review"] == "checking"
    share_id = made.json()["share_id"]
    # not shown while it is being checked
    assert client.get(f"/api/shared/{share_id}").json()["review"] is None
    assert settled(client, "rv-1", owner) == "published"
    public = client.get(f"/api/shared/{share_id}").json()
    assert public["review"] == mine  # the graph, the swings, the weakest moves: as sent
    assert public["review"]["seed"] == SEED and public["review"]["tip_hash"] == timeline.tip_hash
    # anyone can check it: the same record and seed give the same review
    shared_record = client.get(f"/api/shared/{share_id}").json()["record"]
    assert len(shared_record["entries"]) == len(timeline.record.entries)
    # stored once: another review sent later changes nothing (and is not checked)
    other = copy.deepcopy(mine)
    other["entries"][0]["loss"] += 1
    again = share(client, "rv-1", owner, other)
    assert again.json() == {**made.json(), "review": "published"}
    assert client.get(f"/api/shared/{share_id}").json()["review"] == mine


def test_a_review_that_is_not_the_records_is_never_shown(
    client: httpx.Client, finished: tuple[Timeline[Any, Any, Any], dict[str, Any]]
) -> None:
    timeline, data = finished
    owner = upload(client, timeline, "rv-2")
    forged = for_record(copy.deepcopy(data), "rv-2")
    weakest = forged["summary"]["seats"][0]["weakest"]
    forged["summary"]["seats"][0]["weakest"] = weakest[::-1] or [1]  # the story changed
    made = share(client, "rv-2", owner, forged)
    assert made.status_code == 201 and made.json()["review"] == "checking"
    assert settled(client, "rv-2", owner) == "refused"
    share_id = made.json()["share_id"]
    public = client.get(f"/api/shared/{share_id}").json()
    assert public["review"] is None and len(public["record"]["entries"]) == 81
    # the true one may follow
    assert share(client, "rv-2", owner, for_record(data, "rv-2")).json()["review"] == "checking"
    assert settled(client, "rv-2", owner) == "published"


def test_what_is_refused_at_once(
    client: httpx.Client, finished: tuple[Timeline[Any, Any, Any], dict[str, Any]]
) -> None:
    """Cheap checks answer in the request: no child runs for them."""
    timeline, data = finished
    owner = upload(client, timeline, "rv-3")
    mine = for_record(data, "rv-3")
    # another record's review (its tip), another game, another budget, a seed out of range
    for changed, words in (
        ({"tip_hash": "0" * 64}, "not the review of this record"),
        ({"record_id": "rv-1"}, "not the review of this record"),
        ({"game": "ducks-in-tow"}, "not the review of this record"),
        ({"judging": {**mine["judging"], "worlds": 64}}, "judged"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
    ):
        body = problem(share(client, "rv-3", owner, {**mine, **changed}), 422, "bad-review")
        assert words in body["detail"], body
    # not a review at all
    problem(share(client, "rv-3", owner, {"entries": "many"}), 422, "bad-review")
    problem(share(client, "rv-3", owner, [1, 2]), 422, "bad-review")
    bad = client.post(
        "/api/records/rv-3/share",
        headers={"Authorization": f"Bearer {owner}"},
        content=b'{"review": ',
    )
    problem(bad, 400, "bad-request")
    # nothing of it stuck: the share opens, with no review
    shared = share(client, "rv-3", owner)
    assert shared.status_code == 201 and shared.json()["review"] == "none"
    assert client.get(shared.json()["path"]).json()["review"] is None


def test_an_oversized_review_is_refused_with_413(
    backend: dict[str, Any], finished: tuple[Timeline[Any, Any, Any], dict[str, Any]]
) -> None:
    timeline, data = finished
    size = len(json.dumps(data).encode())
    with ThreadServer(make_settings(backend, max_review_bytes=size // 2)) as srv, srv.client() as c:
        owner = upload(c, timeline, "rv-4")
        body = problem(share(c, "rv-4", owner, for_record(data, "rv-4")), 413, "body-too-large")
        assert "reviews may be up to" in body["detail"]
        assert share(c, "rv-4", owner).json()["review"] == "none"


def test_reviews_checked_per_address_and_at_once_are_bounded(
    backend: dict[str, Any], finished: tuple[Timeline[Any, Any, Any], dict[str, Any]]
) -> None:
    timeline, data = finished
    settings = make_settings(backend, reviews_per_hour=1, review_queue=1)
    with ThreadServer(settings) as srv, srv.client() as c:
        owners = {rid: upload(c, timeline, rid) for rid in ("rv-5", "rv-6")}
        first = share(c, "rv-5", owners["rv-5"], for_record(data, "rv-5"))
        assert first.json()["review"] == "checking"
        # while it is checked, the same share's review is not checked twice
        assert share(c, "rv-5", owners["rv-5"], for_record(data, "rv-5")).json()["review"] in (
            "checking",
            "published",
        )
        second = share(c, "rv-6", owners["rv-6"], for_record(data, "rv-6"))
        assert second.status_code in (429, 503), second.text
        assert settled(c, "rv-5", owners["rv-5"]) == "published"
        problem(share(c, "rv-6", owners["rv-6"], for_record(data, "rv-6")), 429, "quota-exceeded")


def test_old_shares_and_shares_without_a_review_open_as_before(client: httpx.Client) -> None:
    """A hosted game shared with no body: `review` is "none" and the answer's is null; a
    title no bot can judge (the fixture) refuses a review at once."""
    table = Table(client, players=2, options={"deck_size": 6, "hand_size": 1})
    table.play_out()
    shared = client.post(f"/api/games/{table.id}/share", headers=table.auth(0))
    assert shared.status_code == 201 and shared.json()["review"] == "none"
    assert client.get(shared.json()["path"]).json()["review"] is None
    fake = {"game": "high-card", "record_id": table.id, "tip_hash": "", "seed": 0}
    fake |= {"judging": {}, "entries": []}
    body = problem(
        client.post(f"/api/games/{table.id}/share", headers=table.auth(1), json={"review": fake}),
        422,
        "bad-review",
    )
    assert "cannot be reviewed" in body["detail"]


def test_an_upload_never_waits_behind_a_review_being_checked(
    client: httpx.Client, finished: tuple[Timeline[Any, Any, Any], dict[str, Any]]
) -> None:
    """Reviews are recomputed in a child of their own: while one is being checked (a whole
    game takes seconds), an upload is verified in the uploads' child at once."""
    timeline, data = finished
    owner = upload(client, timeline, "rv-7")
    forged = for_record(copy.deepcopy(data), "rv-7")
    forged["entries"][-1]["swing"] += 1  # costs the child a whole review all the same
    assert share(client, "rv-7", owner, forged).json()["review"] == "checking"
    upload(client, timeline, "rv-8")  # verified: a replay of all 81 entries
    # the upload was answered while the review is still being checked: it never queued
    # behind it (the order tells, not the clock: a busy machine slows both alike)
    assert share(client, "rv-7", owner).json()["review"] == "checking"
    assert settled(client, "rv-7", owner) == "refused"


@pytest.mark.postgres
def test_a_published_review_is_kept_on_postgresql(
    tmp_path: Path, finished: tuple[Timeline[Any, Any, Any], dict[str, Any]]
) -> None:
    """The SharedReview row on PostgreSQL: published, then carried by the shared answer
    after a restart of the server."""
    timeline, data = finished
    with postgres_database() as url:
        settings = make_settings({"data_dir": str(tmp_path / "data"), "database_url": url})
        with ThreadServer(settings) as srv, srv.client() as c:
            owner = upload(c, timeline, "rv-9")
            made = share(c, "rv-9", owner, for_record(data, "rv-9"))
            assert made.json()["review"] == "checking"
            assert settled(c, "rv-9", owner) == "published"
        with ThreadServer(settings) as srv, srv.client() as c:
            public = c.get(f"/api/shared/{made.json()['share_id']}").json()
            assert public["review"] == for_record(data, "rv-9")
