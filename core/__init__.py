"""Kifu's pure-Python core: the kernel and the five rules engines.

Nothing here does I/O, reads a clock or uses `random`: the same code runs on
CPython and in Pyodide and must give the same state hashes on both.
"""

__version__ = "0.1.0"
