"""The errors the kernel raises: each names what is wrong in one line."""

from __future__ import annotations


class KifuError(Exception):
    """Base of every error Kifu reports to a person (CLI line, HTTP problem)."""


class IllegalMove(KifuError):
    """A move the rules do not allow; `rule_id` names the rule it breaks (e.g. TUL-012)."""

    def __init__(self, code: str, message: str, rule_id: str = "") -> None:
        super().__init__(f"{message} [{rule_id}]" if rule_id else message)
        self.code = code
        self.message = message
        self.rule_id = rule_id


class SetupError(KifuError):
    """A game cannot start with these seats or options."""


class RecordError(KifuError):
    """A record is malformed, its hash chain is broken, or it does not replay."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(f"seq {seq}: {message}" if seq is not None else message)
        self.seq = seq
        self.message = message


class UnknownGame(KifuError):
    """No engine is registered under this game id."""
