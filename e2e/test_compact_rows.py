"""Issue #21: the PWA keeps each game's record in IndexedDB in the compact form.

- A row an earlier PWA wrote (`record_json`, fixtures/old-row-record-json.json: a Tulikko
  game against a bot, captured from the PWA before this change) still opens on the
  same board (offline), plays on, and is rewritten compactly on that save with nothing
  lost; back online, its backup goes up in the compact form
  (application/vnd.kifu.record), the entries after it as JSON appends.
- Bytes a game's row takes, compact against the JSON the engine would have kept, for a
  real title played in the PWA: written to the artifacts folder (compact-rows.json);
  its move ids count up, each after the first stored as one byte.
"""

from __future__ import annotations

import itertools
import json
import urllib.request
from pathlib import Path

import msgspec
import pytest
from conftest import ARTIFACTS, PHONE_390, open_app, shot
from helpers import (
    click_move,
    game_rows,
    move_types,
    new_game,
    pass_cover,
    put_row,
    row_record,
    seq,
    wait_idle,
    wait_seq,
)

from core import games
from core.kernel import encode_record, entry_hash, tip_hash
from core.kernel.record import RECORD_FORMAT

OLD_ROW = Path(__file__).parent / "fixtures" / "old-row-record-json.json"
CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus"
COMPACT = "application/vnd.kifu.record"


def test_a_row_of_the_json_era_opens_plays_on_and_is_kept_compact(server, new_context):
    old = json.loads(OLD_ROW.read_text())
    before = row_record(old)
    assert "record_kifu" not in old and len(before.entries) == old["seq"] == 7
    # the phone's copy has never met this server: its backup starts afresh
    seeded = {**old, "sync": {"state": "pending"}}
    uploads: list[tuple[str, str]] = []
    ctx = new_context(PHONE_390)
    page = open_app(ctx.new_page(), server.url)
    page.on(
        "requestfinished",  # what reached the server (not the offline attempts)
        lambda r: (
            uploads.append((r.url.split(server.url)[1], r.headers.get("content-type", "")))
            if r.method == "POST" and "/api/records" in r.url
            else None
        ),
    )
    ctx.set_offline(True)  # offline until it is rewritten: then its first upload is compact
    put_row(page, seeded)
    page.goto(f"{server.url}/#/game/{old['id']}")
    page.wait_for_selector("#turn")
    wait_seq(page, 7)
    pass_cover(page)
    assert "Old row" in page.inner_text("body")
    shot(page, "compact-old-row-opened-390")
    rows = {r["id"]: r for r in game_rows(page)}
    assert "record_json" in rows[old["id"]], "opening alone does not rewrite the record"

    click_move(page, 0)  # the player's move, then the bot's reply
    wait_idle(page)
    after_seq = seq(page)
    assert after_seq > 7
    row = next(r for r in game_rows(page) if r["id"] == old["id"])
    assert "record_json" not in row and row.get("kifu_type") == "Uint8Array"
    after = row_record(row)
    assert len(after.entries) == row["seq"] == after_seq
    # nothing lost: the old entries are there unchanged, and the chain goes on from them
    assert after.genesis == before.genesis and after.id == before.id
    assert after.entries[:7] == before.entries
    assert after.entries[7].prev_hash == entry_hash(before.entries[-1])
    assert len(row["record_kifu"]) * 3 < len(old["record_json"])

    # the backup: the whole record once, compact; later entries as JSON appends
    assert uploads == []
    ctx.set_offline(False)
    click_move(page, 0)
    after_seq = seq(page)
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=30_000
    )
    row = next(r for r in game_rows(page) if r["id"] == old["id"])
    assert uploads[0] == ("/api/records", COMPACT), uploads
    assert all(ct.startswith("application/json") for _, ct in uploads[1:]), uploads
    request = urllib.request.Request(
        f"{server.url}/api/records/{row['sync']['server_id']}",
        headers={"Authorization": f"Bearer {row['sync']['owner_token']}"},
    )
    with urllib.request.urlopen(request) as reply:
        stored = json.loads(reply.read())
    assert stored["seq"] == after_seq and stored["tip_hash"] == tip_hash(row_record(row))

    # and it opens again from the compact row, on the same position
    page.reload()
    page.wait_for_selector("#turn")
    wait_seq(page, after_seq)
    shot(page, "compact-row-reopened-390")
    assert page.errors == []


def test_bytes_a_played_game_takes_in_its_row(server, new_context):
    """A real title against a bot, 10 moves of the player's: the row's compact record
    against the JSON text the PWA kept before (the engine's record op, form json).
    (30 moves gave 63 entries, 49.6 bytes each against 591.3 as JSON; the figures of
    longer games are bench/'s.)"""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    game_id = new_game(page, "tulikko", ["human", "bot"], names=["Aiko"])
    for _ in range(10):
        if page.query_selector("#end-screen"):
            break
        pass_cover(page)
        click_move(page, 0)
    row = next(r for r in game_rows(page) if r["id"] == game_id)
    record = row_record(row)
    entries = len(record.entries)
    as_json = len(encode_record(record, "json"))
    compact = len(row["record_kifu"])
    assert compact == len(encode_record(record, "compact", games.get("tulikko")))
    figures = {
        "game": "tulikko",
        "entries": entries,
        "row_compact_bytes": compact,
        "row_json_bytes_before": as_json,
        "compact_bytes_per_entry": round(compact / entries, 1),
        "json_bytes_per_entry": round(as_json / entries, 1),
    }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "compact-rows.json").write_text(json.dumps(figures))
    print("compact rows:", figures)
    assert compact * 5 < as_json
    # the page's move ids, the bot's replies' included, count up by one from a random
    # start, so the row stores each after the first as one byte (nil)
    ids = [int(entry.move_id, 16) for entry in record.entries]
    assert all(b == (a + 1) % 2**64 for a, b in itertools.pairwise(ids)), ids
    rows = msgspec.msgpack.decode(row["record_kifu"])[6][1]
    assert rows[0][1] == ids[0].to_bytes(8, "big") and all(r[1] is None for r in rows[1:])

    # Export is that `.kifu` file; another device imports it onto the same position
    pass_cover(page)
    with page.expect_download() as info:
        page.click("#export")
    assert info.value.suggested_filename.endswith(".kifu")
    exported = Path(info.value.path()).read_bytes()
    assert exported == row["record_kifu"]
    other = open_app(new_context(PHONE_390).new_page(), server.url)
    other.wait_for_selector("#import-file", state="attached")
    shot(other, "compact-home-390")
    other.set_input_files(
        "#import-file",
        files=[{"name": "tulikko.kifu", "mimeType": COMPACT, "buffer": exported}],
    )
    other.wait_for_url("**/#/game/**")
    wait_seq(other, entries)
    pass_cover(other)
    shot(other, "compact-imported-390")
    imported = next(r for r in game_rows(other) if r["id"] == game_id)
    assert imported["record_kifu"] == exported and imported["title"] == "tulikko"
    assert page.errors == [] and other.errors == []


@pytest.mark.parametrize("name", ["tulikko-3p-202", "f2-tulikko-3p-202"])
def test_rows_of_older_record_formats_open_and_are_kept_compact(server, new_context, name):
    """Rows of formats 1 and 2 (tests/corpus: records the engines before format 3 made,
    Tulikko under its rules version 1) in the shape the JSON-era PWA wrote: a hot-seat
    table of three. They open, play on, and are rewritten compactly."""
    text = (CORPUS / f"{name}.record.json").read_text()
    old = json.loads(OLD_ROW.read_text())
    row = {
        **{k: old[k] for k in ("createdAt", "lastMoveAt", "takeback")},
        "id": json.loads(text)["id"],
        "game": "tulikko",
        "kind": "local",
        "title": name,
        "names": ["Aiko", "Ben", "Chie"],
        "seats": 3,
        "seatKinds": ["human", "human", "human"],
        "bots": [None, None, None],
        "record_json": text,
        "seq": 60,
        "toMove": [1],
        "over": False,
        "outcome": None,
        "sync": {"state": "pending"},
    }
    before = row_record(row)
    ctx = new_context(PHONE_390)
    page = open_app(ctx.new_page(), server.url)
    ctx.set_offline(True)
    put_row(page, row)
    page.goto(f"{server.url}/#/game/{row['id']}")
    page.wait_for_selector("#turn")
    wait_seq(page, 60)
    pass_cover(page)
    click_move(page, 0)
    saved = next(r for r in game_rows(page) if r["id"] == row["id"])
    assert "record_json" not in saved and saved["seq"] == seq(page) == 61
    after = row_record(saved)
    # the old entries as they were; the game goes on in today's format (the kernel's rule)
    assert before.format in (1, 2) and after.format == RECORD_FORMAT
    assert after.entries[:60] == before.entries
    assert after.entries[60].prev_hash == entry_hash(before.entries[-1])
    assert page.errors == []


def test_a_finished_hosted_game_keeps_its_full_record_compact(server, new_context):
    """A hosted game, once over, holds its full record (seed included) on the device to
    replay, scrub and branch: the row keeps it compact too (hosted.recordKifu), and the
    finished game opens from it with the server gone."""
    ctx_a = new_context(PHONE_390)
    a = open_app(ctx_a.new_page(), server.url)
    new_game(a, "high-card", ["human", "remote"], options={"deck_size": 4, "hand_size": 1})
    code = a.inner_text(".invites code")
    b = open_app(new_context(PHONE_390).new_page(), server.url)
    b.fill("#join-code", code)
    b.click("#join-code ~ button[type=submit]")
    b.fill("#join-name", "Guest")
    b.click("#join-claim")
    b.wait_for_url("**/#/game/hosted-**")
    for _ in range(40):
        if a.query_selector("#end-screen") and b.query_selector("#end-screen"):
            break
        for page in (a, b):
            wait_idle(page)
            if move_types(page):
                click_move(page, 0)
    a.wait_for_selector("#end-screen", timeout=30_000)
    a.wait_for_selector("#scrub-first")  # reopened from the full record
    (row,) = [r for r in game_rows(a) if r["kind"] == "hosted"]
    assert "recordJson" not in row["hosted"], "the full record is not kept as JSON text"
    kept = row_record({"record_kifu": row["hosted"]["recordKifu"]})
    assert kept.genesis.seed is not None and len(kept.entries) == row["seq"]
    ctx_a.set_offline(True)
    a.reload()
    a.wait_for_selector("#end-screen", timeout=60_000)
    a.wait_for_selector("#scrub-first")
    shot(a, "compact-hosted-finished-390")
    assert a.errors == [] and b.errors == []
