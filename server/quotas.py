"""What one client address may store, and how much of the CPU heavy work may take.

Per client address (see guard.py for how the address is known), per hour:
new hosted games, new records (uploads and forks), bytes of records and
appends, bug reports, shared reviews to check, new players; per 10 minutes,
failed link codes (`LINK_FAILURES`, 429 `too-many`: 40 bits of code cannot be
guessed at that pace).
Per record: entries (`max_entries`, hosted games too) and forks. A refusal per
hour is 429 `quota-exceeded` with `Retry-After`; a full record is 422
`record-full`, too many forks 422 `too-many-forks`; a bug report over
`max_report_bytes` is 413. Settings and defaults: settings.py.
"""

from __future__ import annotations

from .limits import window
from .problems import ApiError
from .settings import Settings

HOUR = 3600.0
LINK_FAILURES = 10  # failed link codes per address per LINK_PERIOD
LINK_PERIOD = 600.0


def exceeded(what: str, retry: int) -> ApiError:
    return ApiError(
        429,
        "quota-exceeded",
        f"this address has stored as many {what} this hour as the server allows",
        headers={"Retry-After": str(retry)},
    )


class Quotas:
    def __init__(self, settings: Settings) -> None:
        url = settings.limits_url
        self.games = window(url, "games", settings.games_per_hour, HOUR)
        self.records = window(url, "records", settings.records_per_hour, HOUR)
        self.bytes = window(url, "bytes", settings.upload_bytes_per_hour, HOUR)
        self.reports = window(url, "reports", settings.reports_per_hour, HOUR)
        self.reviews = window(url, "reviews", settings.reviews_per_hour, HOUR)
        self.players = window(url, "players", settings.players_per_hour, HOUR)
        self.link_failures = window(url, "link-failures", LINK_FAILURES, LINK_PERIOD)
        self.max_entries = settings.max_entries
        self.forks_per_record = settings.forks_per_record
        self.max_report_bytes = settings.max_report_bytes

    def new_game(self, client: str) -> None:
        retry = self.games.hit(client)
        if retry is not None:
            raise exceeded("hosted games", retry)

    def new_record(self, client: str) -> None:
        retry = self.records.hit(client)
        if retry is not None:
            raise exceeded("records", retry)

    def upload_bytes(self, client: str, size: int) -> None:
        retry = self.bytes.hit(client, size)
        if retry is not None:
            raise exceeded("bytes of records", retry)

    def report(self, client: str, size: int) -> None:
        if size > self.max_report_bytes:
            raise ApiError(
                413, "body-too-large", f"bug reports may be up to {self.max_report_bytes} bytes"
            )
        retry = self.reports.hit(client)
        if retry is not None:
            raise exceeded("bug reports", retry)

    def review(self, client: str) -> None:
        """A shared review sent to be checked (a recomputation in the child)."""
        retry = self.reviews.hit(client)
        if retry is not None:
            raise exceeded("reviews to check", retry)

    def new_player(self, client: str) -> None:
        retry = self.players.hit(client)
        if retry is not None:
            raise exceeded("players", retry)

    def link_try(self, client: str) -> None:
        """Before a link code is tried: counted as a failure until `link_worked`, so
        concurrent tries count too; 429 once LINK_FAILURES failed this period."""
        retry = self.link_failures.hit(client)
        if retry is not None:
            raise ApiError(
                429,
                "too-many",
                "too many wrong link codes from this address; wait and try again",
                headers={"Retry-After": str(retry)},
            )

    def link_worked(self, client: str) -> None:
        """The code tried worked: it was no failure."""
        self.link_failures.hit(client, -1)

    def check_length(self, entries: int) -> None:
        if entries > self.max_entries:
            raise ApiError(
                422,
                "record-full",
                f"{entries} entries: records on this server hold at most {self.max_entries}",
            )

    def check_forks(self, forks: int) -> None:
        if forks >= self.forks_per_record:
            raise ApiError(
                422, "too-many-forks", f"this record has {forks} forks, the most this server keeps"
            )
