"""The app under the server's Content-Security-Policy (other e2e tests bypass it,
because Playwright's string predicates use eval): Pyodide boots in its worker
(WebAssembly: 'wasm-unsafe-eval'), a hosted game is created and opened over
same-origin fetches and its live WebSocket, and nothing is refused."""

from __future__ import annotations

import time
from typing import Any

VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def poll(page: Any, expression: str, timeout: float = 120.0) -> Any:
    """page.evaluate until truthy: evaluate goes through the DevTools protocol, which
    the page's CSP does not cover (wait_for_function's eval would be refused)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"never true: {expression}")


def test_csp_lets_the_app_run_a_hosted_game(server: Any, new_context: Any) -> None:
    page = new_context(bypass_csp=False).new_page()
    page.add_init_script(VIOLATIONS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    response = page.goto(server.url + "/")
    assert "wasm-unsafe-eval" in response.headers["content-security-policy"]
    engine = "document.body.dataset.engine"
    assert poll(page, f"['ready', 'failed'].includes({engine}) && {engine}") == "ready"
    created = server.api("POST", "/api/games", {"game": "high-card", "players": 2})
    code = created["invites"][1]["code"]
    page.goto(f"{server.url}/#/join/{created['game_id']}/{code}")
    page.fill("#join-name", "Guest")  # the guest chooses the name the table sees
    page.click("#join-claim")
    poll(page, "location.hash.startsWith('#/game/') && !!document.querySelector('#turn')", 60)
    closed = page.evaluate(
        """() => new Promise((resolve) => {
          const ws = new WebSocket(location.origin.replace('http', 'ws')
            + '/api/games/g-none/live?token=x');
          ws.onclose = (e) => resolve(e.code);
        })"""
    )
    assert closed == 4404  # the socket reached the server: connect-src allows it
    time.sleep(1)
    assert page.evaluate("window.__csp") == []
    assert errors == []
