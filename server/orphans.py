"""Processes the server starts die with it, however it dies (`kill -9` included).

A child left behind by a killed server keeps its memory and, for a uvicorn worker,
the listening socket: restarts piled them up (25 heavy-work children and resource
trackers, ~850 MB). Nothing in a child notices its parent's death by itself: the
heavy child (heavy.py) waits on a queue whose write end it holds too, and a uvicorn
worker's health-check pipe is the same.

`die_with_parent(parent_pid, signal)`, called first thing in a child:

- on Linux, `prctl(PR_SET_PDEATHSIG, signal)`: the kernel sends `signal` the moment
  the parent goes. It follows the parent *thread* that started the child, so the
  child must be started from a thread that lives as long as the server (heavy.py
  starts its child from a thread of its own; uvicorn starts workers from its main
  thread);
- everywhere, a daemon thread that polls the parent's pid every `POLL_SECONDS` and
  sends the same signal when the child has been re-parented (the fallback where
  prctl is missing, and for a parent that died before the prctl).

The multiprocessing resource tracker needs neither: it exits when the last process
holding its pipe (the server and the heavy child) is gone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5


def _prctl_pdeathsig(sig: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int, sig: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(POLL_SECONDS)
    os.kill(os.getpid(), sig)
    if sig != signal.SIGKILL:  # asked to stop; if it has not within a few seconds, go
        time.sleep(5)
        os._exit(1)


def die_with_parent(parent_pid: int, sig: int = signal.SIGKILL) -> None:
    """This process gets `sig` when `parent_pid` (its parent) dies."""
    _prctl_pdeathsig(sig)
    # (the watch's first look also catches a parent that went before the prctl)
    threading.Thread(target=_watch, args=(parent_pid, sig), daemon=True, name="kifu-orphan").start()
