"""One line that names a match in progress: which game, how many players, which deal, the score.

The menu's "Continue" button and the questions before a match would be replaced or left
("Start a new match? Your Schnapsen match … is lost") use it, so the player always knows which
match they are about to continue or give up.
"""

from __future__ import annotations

from typing import Any

from game.rules import registry
from game.ui.text import t


def score_text(c: Any) -> str:
    """The match score from the human's side, in the player's language."""
    me = c.human_seat if c.human_seat is not None else 0
    match = c.match
    spec = registry.spec(c.game_id)
    if spec.lives:
        lives = getattr(match, "lives", ())
        left = sum(1 for alive in getattr(match, "active", ()) if alive)
        return t("match.score.lives", left=left, n=c.players, lives=lives[me] if me < len(lives) else 0)
    scores = tuple(getattr(match, "scores", ()))
    if not scores:
        return ""
    if c.players == 2:
        return t("match.score.two", you=scores[me], them=scores[1 - me])
    if spec.teams:
        return t("match.score.teams", us=scores[me], them=scores[(me + 1) % c.players])
    others = " : ".join(str(scores[(me + k) % c.players]) for k in range(1, c.players))
    return t("match.score.many", you=scores[me], others=others)


def describe_match(c: Any) -> str:
    """E.g. "Schnapsen · 2 players · deal 4 · you 3 : 5 computer"."""
    parts = [t(f"game.{c.game_id}"), t("match.players", n=c.players), t("match.deal", n=c.round_no + 1)]
    score = score_text(c)
    if score:
        parts.append(score)
    return " · ".join(parts)
