"""Which process holds a game open, and whether that process still runs.

A saved game is open in one window at a time: the store keeps a lock row with the holder's process id and, where
the system tells it, the time that process started (so a process id reused after a crash is not taken for the
old holder). A process that died, even by ``kill -9``, holds nothing: its row is stale and the next window
takes the game over. So does a process that has exited and whose parent has not yet collected it (a zombie):
a window killed from tmux leaves one for a second or two where the system's first process is slow to reap, and
``companion resume`` typed at once must not be refused for it.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Owner:
    pid: int
    #: The process's start time as the system counts it (Linux: clock ticks since boot); "" where unknown.
    started: str

    @classmethod
    def current(cls) -> Owner:
        return cls.of(os.getpid())

    @classmethod
    def of(cls, pid: int) -> Owner:
        return cls(pid, _start_time(pid))

    def alive(self) -> bool:
        """The process still runs and is the same process (not a later one given the same id)."""
        if not _running(self.pid) or _exited(self.pid):
            return False
        if self.started:
            now = _start_time(self.pid)
            return not now or now == self.started
        return True


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command name (field 3, the state, first); [] where unknown."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            text = stat.read()
    except OSError:
        return []
    # the command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'
    return text.rpartition(")")[2].split()


def _start_time(pid: int) -> str:
    fields = _stat(pid)
    return fields[19] if len(fields) > 19 else ""


def _exited(pid: int) -> bool:
    """The process has ended and waits only to be reaped (a zombie, state Z, or dead, X)."""
    fields = _stat(pid)
    return bool(fields) and fields[0] in ("Z", "X")


def _running(pid: int) -> bool:
    if pid <= 0:
        return False
    if sys.platform == "win32":  # pragma: no cover - not run on the CI machine
        return _running_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it runs, under another user
        return True
    except OSError:
        return False
    return True


def _running_windows(pid: int) -> bool:  # pragma: no cover - Windows only
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    code = ctypes.c_ulong()
    ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
    kernel32.CloseHandle(handle)
    return bool(ok) and code.value == 259  # STILL_ACTIVE
