"""Fuzzing: schemathesis over the served OpenAPI schema, and hypothesis-made garbage
at a real game with real tokens. Neither may ever get a 5xx; every 4xx carries a
problem body with a message."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from tests.server.conftest import Table, ThreadServer, make_settings

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    data = tmp_path_factory.mktemp("fuzz")
    backend = {"data_dir": str(data), "database_url": None}
    with ThreadServer(make_settings(backend, max_body_bytes=64 * 1024)) as srv:
        yield srv


def test_schema_fuzz_finds_no_server_error(fuzz_server: ThreadServer) -> None:
    """Every operation of the served schema, 10 generated requests each.

    (schemathesis' pytest plugin does not run under pytest 9, so the operations'
    hypothesis strategies are driven directly.)"""
    schema = schemathesis.openapi.from_url(f"{fuzz_server.url}/api/schema/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 15
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=10,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def run(case: Any) -> None:
            response = case.call(base_url=fuzz_server.url, timeout=10)
            case.validate_response(response, checks=[not_a_server_error])
            if response.status_code >= 400:
                body = response.json()
                assert body["detail"] and body["code"] and body["status"] == response.status_code

        run()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def problem_ok(response: httpx.Response) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        assert body["detail"] and body["code"]


@pytest.fixture(scope="module")
def fuzz_table(fuzz_server: ThreadServer) -> Iterator[Table]:
    with fuzz_server.client() as client:
        yield Table(client)


@given(
    move=st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"type": st.sampled_from(["play", "draw", "pass", "fly"]), "card": JSON}
        ),
    ),
    move_id=st.text(max_size=120),
    expected=st.one_of(st.none(), st.integers(-5, 2**60), st.text(max_size=3)),
    seat=st.one_of(st.none(), st.integers(-3, 5)),
)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_garbage_moves_get_4xx(
    fuzz_table: Table, move: Any, move_id: str, expected: Any, seat: Any
) -> None:
    body = {"move_id": move_id, "move": move, "expected_seq": expected}
    if seat is not None:
        body["seat"] = seat
    response = fuzz_table.client.post(
        f"/api/games/{fuzz_table.id}/moves", json=body, headers=fuzz_table.auth(0)
    )
    problem_ok(response)


@given(payload=JSON, path=st.sampled_from(["/api/records", "/api/reports", "/api/games"]))
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_garbage_uploads_get_4xx(fuzz_table: Table, payload: Any, path: str) -> None:
    problem_ok(fuzz_table.client.post(path, content=json.dumps(payload).encode()))


def test_malformed_and_oversized_bodies(fuzz_server: ThreadServer, fuzz_table: Table) -> None:
    client = fuzz_table.client
    url = f"/api/games/{fuzz_table.id}/moves"
    for raw in (b"", b"{", b"\xff\xfe", b"null", b'{"move_id": 1}', b"[]" * 10, b'"x"'):
        response = client.post(url, content=raw, headers=fuzz_table.auth(0))
        assert 400 <= response.status_code < 500, response.text
        assert response.json()["detail"]
    huge = b'{"move_id": "' + b"x" * (70 * 1024) + b'"}'
    response = client.post(url, content=huge, headers=fuzz_table.auth(0))
    assert response.status_code == 413 and response.json()["code"] == "body-too-large"
    response = client.post(
        "/api/records", content=b"[" * 100_000, headers={"content-type": "application/json"}
    )
    assert response.status_code in (400, 413)
    _ = Path
