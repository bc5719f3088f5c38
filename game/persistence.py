"""Save and resume: a save is the game id, options, master seed, seats and the move list; loading
replays it (ARCHITECTURE.md "Seeds").  Writes are atomic; a bad file is reported and set aside,
never overwritten and never allowed to crash the app.

Problems carry a message id and parameters (``SaveError.key``/``params``, ``SaveSlot.bad``) so
the app can tell the player in their language; ``reason`` stays an English sentence for logs.
A bad file that cannot be moved aside locks the slot for the run: nothing is written over it.

Loading checks the whole record against the table before "Resume" is offered
(:func:`check_record`: a player count the game allows, the human seat at the table, known bot
levels, options of the right type and choice, a dealer at the table) and replays the whole move
list.  A file that cannot be read right now (locked by another program) is not bad: it stays
where it is.  Each match carries a stable id (``match_id``, saved with it) under which the
statistics file its deals.  Every atomic write and every rename also syncs the folder (POSIX).
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.controller import MatchController
from game.rules import options as options_mod
from game.rules import registry

log = logging.getLogger(__name__)

SAVE_FORMAT = "kartenstube-save"
SAVE_VERSION = 1
SAVE_NAME = "current_match.json"


class SaveError(Exception):
    """A save file that cannot be used: ``reason`` in English for the log, ``key`` and ``params``
    the message id (``save.bad.*``) and its values for the player's language."""

    def __init__(self, reason: str, key: str = "save.bad.replay", **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.params = params


@dataclass(frozen=True)
class SaveProblem:
    """Why the save file could not be resumed, and where it went (None: it could not be moved
    and stays where it is, untouched)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    moved_to: Path | None = None


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file whole:
    write a temporary file in the same folder, flush it to disk, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk after a rename in it (POSIX), so that after a power cut
    the new name is there too, not only the new data.  Windows has no such call (and NTFS
    journals renames itself); a file system that refuses it is no reason to fail a save."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def match_record(c: MatchController) -> dict[str, Any]:
    """Everything needed to rebuild the match exactly (also the core of a bug report)."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game_id": c.game_id,
        "match_id": match_id_of(c),
        "players": c.players,
        "human_seat": c.human_seat,
        "levels": list(c.levels),
        "options": options_mod.to_dict(c.options),
        "master_seed": c.master_seed,
        "first_dealer": c.match.history[0].dealer if c.match.history else c.match.dealer,
        "undo_used": c.undo_used,
        "moves": [list(e) for e in c.move_log],
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def save(c: MatchController, path: Path) -> None:
    atomic_write_text(path, json.dumps(match_record(c), ensure_ascii=False, indent=1))


def load(path: Path, **controller_kwargs: Any) -> MatchController:
    """Rebuild a controller from a save file; raises SaveError with a reason on any problem."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"the save file could not be read ({e.strerror})", "save.bad.unreadable",
                        error=e.strerror or str(e)) from e
    except UnicodeDecodeError as e:
        raise SaveError("the save file is damaged (not valid JSON)", "save.bad.corrupt") from e
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        raise SaveError("the save file is damaged (not valid JSON)", "save.bad.corrupt") from e
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a Kartenstube save file", "save.bad.foreign")
    version = data.get("version")
    if not isinstance(version, int) or version > SAVE_VERSION:
        raise SaveError(f"the save file comes from a newer version of Kartenstube (format {version})",
                        "save.bad.newer")
    game_id = data.get("game_id")
    if not isinstance(game_id, str) or game_id not in registry.GAMES:
        raise SaveError(f"the save file names an unknown game {game_id!r}", "save.bad.unknown_game",
                        game=str(game_id))
    try:
        fields = check_record(data)
    except ValueError as e:
        raise SaveError(f"the save file does not fit the table ({e})", "save.bad.invalid") from e
    try:
        c = MatchController(game_id, fields["players"], human_seat=fields["human_seat"], levels=fields["levels"],
                            options=fields["options"], master_seed=fields["master_seed"],
                            first_dealer=fields["first_dealer"], **controller_kwargs)
        # the whole move list is replayed here, before "Resume" is ever offered
        c.replay(fields["moves"])
        c.undo_used = fields["undo_used"]
        c.match_id = fields["match_id"]  # type: ignore[attr-defined]  # the statistics' key
        return c
    except Exception as e:  # anything else means the move list does not replay
        raise SaveError(f"the saved match could not be replayed ({e})", "save.bad.replay") from e


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def check_record(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of a save record, each checked against the schema (raises ValueError naming the
    first bad one): a player count the game allows, a human seat at the table whose level is
    "human", a known bot level on every other seat, options of the right type and choice, a
    dealer at the table and a well-formed move list."""
    from ai.base import LEVELS
    from game.controller import HUMAN

    info = registry.GAMES[data["game_id"]]
    players = _int(data.get("players"), "players", info.min_players, info.max_players)
    human = _int(data.get("human_seat"), "human_seat", 0, players - 1)
    levels = data.get("levels")
    if not isinstance(levels, list) or len(levels) != players:
        raise ValueError(f"levels must list {players} seats, not {levels!r}")
    for seat, level in enumerate(levels):
        want = (HUMAN,) if seat == human else LEVELS
        if level not in want:
            raise ValueError(f"seat {seat} has level {level!r}; expected one of {', '.join(want)}")
    raw_options = data.get("options")
    if not isinstance(raw_options, dict):
        raise ValueError("options must be an object")
    options = options_mod.from_dict(info.id, raw_options)
    _check_option_values(options)
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise ValueError("moves must be a list")
    checked_moves: list[tuple[int, int, str]] = []
    for entry in moves:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], str)):
            raise ValueError(f"a move must be [round, seat, move], not {entry!r}")
        checked_moves.append((_int(entry[0], "round", 0, 10**6), _int(entry[1], "seat", 0, players - 1), entry[2]))
    match_id = data.get("match_id")
    if match_id is not None and (not isinstance(match_id, str) or not 0 < len(match_id) <= 64):
        raise ValueError(f"match_id must be a short text, not {match_id!r}")
    return {
        "players": players, "human_seat": human, "levels": list(levels), "options": options,
        "master_seed": _int(data.get("master_seed"), "master_seed", 0, 2**63 - 1),
        "first_dealer": _int(data.get("first_dealer"), "first_dealer", 0, players - 1),
        "moves": checked_moves, "undo_used": bool(data.get("undo_used", False)),
        "match_id": match_id or new_match_id(),
    }


def _check_option_values(options: Any) -> None:
    """Choice options must name a choice of the game; counts must be positive and sane."""
    import dataclasses
    import typing

    hints = typing.get_type_hints(type(options))
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if typing.get_origin(hints[f.name]) is typing.Literal and value not in typing.get_args(hints[f.name]):
            raise ValueError(f"option {f.name} cannot be {value!r}")
        if type(value) is int and not 1 <= value <= 1000:
            raise ValueError(f"option {f.name} must be from 1 to 1000, not {value}")


def new_match_id() -> str:
    """A new match's stable id: it keys the match's deals in the statistics across restarts."""
    import uuid

    return uuid.uuid4().hex


def match_id_of(c: Any) -> str:
    """The controller's stable match id, given one on first use (saved with the match)."""
    match_id = getattr(c, "match_id", None)
    if not isinstance(match_id, str):
        match_id = new_match_id()
        c.match_id = match_id
    return match_id


def set_aside(path: Path) -> Path | None:
    """Move a bad save out of the way with a timestamp; never overwrites another file."""
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"{path.stem}.bad-{stamp}{'-' + str(n) if n else ''}{path.suffix}")
        if not target.exists():
            try:
                os.replace(path, target)
            except OSError as e:
                log.warning("could not set the bad save aside: %s", e)
                return None
            sync_folder(path.parent)
            return target
    return None


class SaveSlot:
    """The running match's save file in the user's data folder, written after every move.

    A folder that cannot be written (read-only, full) is reported once through ``problem`` (and
    ``error``, the OSError, for the player's notice) and the game goes on without saving; the
    last good file stays as it was.  After :meth:`resume` found a bad file, ``bad`` says why;
    if that file could not be moved aside the slot is ``locked``: it never writes over it or
    deletes it.
    """

    def __init__(self, folder: Path, name: str = SAVE_NAME) -> None:
        self.path = folder / name
        self.problem: str | None = None
        self.error: OSError | None = None  # why the last write failed; None after a good one
        self.bad: SaveProblem | None = None
        self.locked = False

    def write(self, c: MatchController) -> bool:
        if self.locked:
            self.problem = "the match is not saved: a bad save file that could not be moved aside is kept"
            return False
        if c.match_over:
            self.clear()
            return True
        try:
            save(c, self.path)
            self.problem = None
            self.error = None
            return True
        except OSError as e:
            if self.problem is None:
                log.warning("cannot save the match to %s: %s", self.path, e)
            self.problem = f"the match cannot be saved: {e.strerror or e}"
            self.error = e
            return False

    def exists(self) -> bool:
        return self.path.exists()

    def clear(self) -> None:
        if self.locked:
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            log.warning("could not remove the finished match's save file")

    def resume(self, **controller_kwargs: Any) -> tuple[MatchController | None, str | None]:
        """(controller, None) on success; (None, message) when the file was bad and was set aside."""
        if not self.path.exists():
            return None, None
        try:
            return load(self.path, **controller_kwargs), None
        except SaveError as e:
            # a file that cannot be read now (locked by another program) is not bad: keep it in place
            moved = None if e.key == "save.bad.unreadable" else set_aside(self.path)
            self.bad = SaveProblem(e.key, dict(e.params), moved)
            if moved is None:
                self.locked = True  # keep the file exactly as it is for the player
                log.warning("the bad save file %s could not be moved aside: no saving in this run", self.path)
            where = f" It was moved to {moved.name}." if moved else " It could not be moved aside and is kept as it is."
            return None, f"The saved match could not be resumed: {e.reason}.{where}"
