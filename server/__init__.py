"""Kifu's server side: the `kifu` CLI and (from the server issue) the Litestar app."""
