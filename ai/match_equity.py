"""Match equity for Schnapsen: the chance to win a match from any score, and what one deal's
game points are worth towards it.

A match to 7 is not won by the most game points per deal but by reaching 7 first, and near its
end the two differ: needing one point, a safe win of 1 is worth as much as a win of 3; when the
opponent needs one point, only winning this deal matters; far behind, a risky 3 is worth more
than a safe 1.  Backgammon programs play by such a table (match equity).  The Schnapsen expert
computes each move's equity for its hint ("about 60 % to win the match") but chooses by game
points (``ai.schnapsen.MATCH_PLAY``: measured, that won more matches); the benchmark's sparring
partner chooses by equity (``ai.sparring``).

The table assumes two equal players and the distribution of a won deal's game points measured
over 4,000 player-against-player deals (seed 7, both seats alike): 1 point 47.7 %, 2 points
39.0 %, 3 points 13.3 %.  Every function takes another such table (``table``): between the
strong bots a deal is won by more (``STRONG_DEAL_GP``), and ``benchmarks/score_deals.py`` scores
deals with that one.
"""

from __future__ import annotations

from functools import cache

#: P(the winner of a deal scores k game points)
DEAL_GP = ((1, 0.477), (2, 0.390), (3, 0.133))
#: The same between strong bots: 7,200 deals of the expert against the sparring partner
#: (benchmarks/results/schnapsen_sparring.txt, session 24: 1,934 won by 1, 3,668 by 2, 1,598 by
#: 3).  Strong players close and win by Schneider far more often than the "player" level does.
STRONG_DEAL_GP = ((1, 0.269), (2, 0.509), (3, 0.222))
DealGp = tuple[tuple[int, float], ...]


@cache
def win_chance(mine: int, theirs: int, table: DealGp = DEAL_GP) -> float:
    """Chance to win the match needing ``mine`` game points while the opponent needs ``theirs``
    (each deal won by either side with equal chance, by k game points with ``table``'s chance)."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return sum(p * 0.5 * (win_chance(mine - k, theirs, table) + win_chance(mine, theirs - k, table))
               for k, p in table)


def deal_equity(needs: tuple[int, int], gp: float, table: DealGp = DEAL_GP) -> float:
    """Match win chance after this deal ends with ``gp`` game points for me (negative: for the
    opponent); fractional values (search estimates) are interpolated between whole points, with
    0 meaning the score as it stands."""
    mine, theirs = needs
    gp = max(-3.0, min(3.0, gp))
    lo = int(gp // 1)
    frac = gp - lo
    v = _at(mine, theirs, lo, table)
    if frac > 1e-12:
        v += frac * (_at(mine, theirs, lo + 1, table) - v)
    return v


def _at(mine: int, theirs: int, gp: int, table: DealGp) -> float:
    if gp >= 0:
        return win_chance(mine - gp, theirs, table)
    return win_chance(mine, theirs + gp, table)


def gp_slope(needs: tuple[int, int], table: DealGp = DEAL_GP) -> float:
    """Match equity per game point around the present score (to turn a margin in game points
    into equity)."""
    return (deal_equity(needs, 1.0, table) - deal_equity(needs, -1.0, table)) / 2
