"""Schnapsen computer opponents: beginner, player and expert (``make(level, seat)``).

- beginner: remembers only what is on the table (its hand, the trump, the card led, its own
  points) and plays greedy rules: grab points, trump rich cards, never close.
- player: counts every card (``ai.schnapsen_knowledge``): what is out, what the opponent can still hold,
  the opponent's points; plays named heuristics in order (``ai.schnapsen_heuristics``).
- expert: every decision by search.  Once the opponent's hand is known (the stock exhausted, or
  a closed deal whose voids pin it down) it solves the rest exactly (``ai.schnapsen_solver``)
  and so plays perfectly; otherwise PIMC (``ai.pimc_search.pimc``) over deals sampled consistently
  with the observation (``ai.schnapsen_determinize``), each solved to the end of the deal by the
  compiled exact search (``ai.schnapsen_exact``); from ``CHANCE_STOCK`` stock cards down a
  sample is solved with the order of its face-down stock unknown to both seats, so no answer is
  chosen knowing the cards to be drawn (at ``FIRST_DRAW_STOCKS`` only the next draw is unknown,
  over a few outcomes: a full chance search costs a hundred times a known-order one there).
  Without the compiled core (a source checkout with no C compiler) the same PIMC runs in pure
  Python with fewer samples, each searched two tricks deep with a leaf estimate early on and to
  the end from four stock cards on.  The samples also read the opponent's last lead (a player
  shows its marriages and exchanges the trump jack when it can, so not doing so hints that it
  holds neither); with the compiled core, late in
  the deal each sample also counts by how likely the opponent's lead on the table
  (``lead_likelihood``) and its answer to the expert's last lead (``answer_likelihood``) are
  for the hand the sample gives it, its options valued as it saw them (``opponent_view_values``).
  A close is valued with one first lead of the closed deal for all samples (``_CloseLeads``),
  not each sample's best lead, as if the closer saw the opponent's hand.  After the opponent
  closed, each sample also counts by how likely the close was for the hand it gives the
  opponent (``close_likelihood``).  Three smaller corrections (session 38, measured together):
  the opponent's closes inside each sample's search cost it a game point (``OPP_CLOSE_PENALTY``:
  a sampled opponent closes knowing every card), a close needs no margin over showing a marriage
  (``MELD_CLOSE_MARGIN``), and near-equal card plays go to the player level's card
  (``HEURISTIC_TIE``).  In a match it still chooses by game points (``MATCH_PLAY``:
  choosing by match equity, ``ai.match_equity``, won fewer matches) and shows its chance to win
  the match in the hint.

Every agent is a pure function of (observation, legal moves, rng), but for the benchmark option
``MEMORY`` (off), with which the expert carries what it read through a deal.

Glossary: stock = Talon; close = zudrehen; declare = ausmelden; marriage = Zwanziger/Vierziger.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from random import Random
from typing import Any, NamedTuple

from ai.match_equity import deal_equity, gp_slope
from ai.pimc_search import best_key, pimc
from ai.schnapsen_alphamu import alphamu_values, moves
from ai.schnapsen_determinize import READ_DRAWS, sample_world, tell_weight
from ai.schnapsen_exact import FIRST_DRAW, exact_values, load_core
from ai.schnapsen_heuristics import PLAYER_HEURISTICS, run
from ai.schnapsen_knowledge import FULL, schnapsen_knowledge
from ai.schnapsen_memory import DealMemory
from ai.schnapsen_search import world_values
from ai.schnapsen_solver import DECK, POINTS, bits, phase2_values
from ai.schnapsen_teach import teach
from game.cards import SCHNAPSEN_POINTS, Rank
from game.rules.base import Move
from game.rules.messages import Reason

#: PIMC samples by cards left in the stock (phase 1) with the compiled core, every sample solved
#: to the end of the deal: at 10 stock cards a sample takes ~8 ms on average (p95 ~25 ms; first
#: leads of 30 deals) on one core, so a first decision takes ~0.2-0.5 s; later ones are cheaper
CORE_SAMPLES = {10: 64, 8: 160, 6: 256, 4: 320, 2: 320}
#: with the compiled core, samples of a closed deal whose opponent hand is not yet known
CORE_CLOSED_SAMPLES = 256
#: Reading the opponent's play (with the compiled core, from ``READ_STOCK`` stock cards down and
#: in closed deals): each sample is weighed by the chance that the opponent, holding the hand
#: the sample gives it, would lead the card it just led (or answer as it answered this seat's
#: last lead).  Its options in the position it played in are valued as it saw them
#: (``opponent_view_values``), and it chooses by a softmax of their values: P(card) =
#: exp(-sharpness * loss) / the same summed over its options, loss being the game points an
#: option gives away against the best one.  Fitted by maximum likelihood to 810 such decisions
#: of the sparring partner (447 leads, 363 answers; ``benchmarks/fit_reading.py --deals 120
#: --seed 555``): log-likelihood per decision at the best sharpness, leads -1.204 (2.0) and
#: answers -0.943 (3.0), against -1.342 and -1.290 with the one sample's hands and stock order
#: (sharpness 1.0) and -1.447 / -1.406 for a uniform choice.
READ_SHARPNESS = 2.0
ANSWER_SHARPNESS = 3.0
READ_STOCK = 8
#: The opponent decided without seeing this seat's hand or the stock: the values it chose by are
#: estimated as it would see them, averaged over ``OPP_VIEWS`` deals of the cards hidden from
#: it (``opponent_view_values``) instead of the one sample's hands and stock order.
OPP_VIEWS = 4
#: samples when a reading is on, at stock sizes where the views make a sample costly
READ_SAMPLES = {8: 64, 6: 128}
#: PIMC samples by cards left in the stock (phase 1) in pure Python (no compiled core); tuned
#: so a decision takes ~0.1-0.3 s.
PHASE1_SAMPLES = {10: 60, 8: 60, 6: 60, 4: 32, 2: 48}
#: phase-1 search depth in tricks by cards left in the stock, above ``EXACT_STOCK``
PHASE1_DEPTH = {10: 2, 8: 2, 6: 2}
#: with this many stock cards or fewer each phase-1 sample is searched to the end of the deal in
#: pure Python (exact, closing considered at every node): ~5 ms a sample at 4 cards (p95 ~25 ms),
#: against ~40 ms (p95 ~200 ms) at 6, too slow for the time target without a compiled core
EXACT_STOCK = 4
CLOSED_SAMPLES = 48
#: a depth beyond the phase-1 tricks of any deal: the search runs to the end
EXACT_DEPTH = 99
BUDGET_S = 0.8
#: Game points a phase-1 close must win over the best other move.  Each sample solves the closed
#: game with both hands known, but the closer will play it blind, so PIMC overrates closing.
CLOSE_MARGIN = 0.5
#: The same with the compiled core (every sample solved to the end).  Measured over 240 deals
#: against the sparring partner (benchmarks/results/schnapsen_sparring.txt): the partner's closes,
#: with no margin, realised 0.12 game points less than their PIMC value, the expert's closes
#: (margin 0.5) as much as theirs or more, while it declined 55 closes whose edge was under 0.5.
CORE_CLOSE_MARGIN = 0.25
#: Game points a false declaration (giving up below 66) must save over playing on: the search
#: assumes a perfect opponent, a real one still goes wrong now and then.
GIVE_UP_MARGIN = 1.0
#: A close the search expects to lose (its value below this many game points) is a give-up in
#: disguise: with a weak hand every sampled search of playing on meets an opponent who sees all
#: cards and the stock order and says -2.4 or worse, so closing to lose "only" 2 looks better.  In
#: play such closes lost every time (18 first-lead closes of both bots in 300 deals of seed 200,
#: all lost, the searches valuing playing on at -2.3 to -2.7), while a real opponent does not see
#: the cards and the five draws may mend the hand.  Such a close must save ``GIVE_UP_MARGIN``.
#: Paired over 1,800 deals against sparring-firm (seeds 200-202; benchmarks/results/
#: schnapsen_sparring.txt, session 10): 37 games ended otherwise, win rate +0.6 +- 0.4 points,
#: +0.016 +- 0.014 game points a deal.
LOSING_CLOSE_BELOW = -1.0
#: How the expert chooses in a deal of a match (it always shows the match chance in its hint):
#: "equity" maps each sample's outcome through the match equity table (``ai.match_equity``) and
#: chooses by the average; "exact-equity" does so only where a sample's value is one outcome of the
#: deal (the stock order known to the search, or the stock gone), and chooses by game points where
#: it is an expectation over the draws (``by_equity``); "game-points" never looks at the score.
#: Matches to 7 against sparring-firm, paired (the same deals, seeds 717 and 718, 480 matches):
#: "game-points" won 3.5 +- 3.0 points more than "equity" (55.8 % against 52.3 %), and
#: "exact-equity" no more than "equity".  Likely (not measured): the sampled searches, each against
#: an opponent who sees every card, call many playable deals lost, and where the table is flat
#: (a loss by 2 or by 3 ends the match alike) equity no longer tells those moves apart; game
#: points still do.  Measured again on single deals at the scores matches reach
#: (``benchmarks/score_deals.py``, 600 paired deals of seed 1, session 28): "equity" with the
#: strong bots' table (``STRONG_DEAL_GP``) changed 47 deals and +0.03 +- 0.53 points of match
#: equity a deal, nothing; equity changes few outcomes between these bots either way.
MATCH_PLAY = "game-points"
MATCH_PLAYS = ("equity", "exact-equity", "game-points", "blend", "near-end")
#: "blend" chooses by (1 - MATCH_BLEND) * game points + MATCH_BLEND * equity in game points (the
#: equity divided by what one game point is worth at the score, ``gp_slope``): where the table is
#: flat the game points still tell moves apart, where it is not the score still counts.
#: "near-end" chooses by equity only where a side needs one game point (then only who wins the
#: deal counts, and game points could trade a surer win for a bigger one), elsewhere by game points.
#: Neither beat "game-points", paired on the same matches (session 12): "blend" -1.05 +- 2.1
#: points over 570 matches, "near-end" -1.25 +- 1.8 over 480.
MATCH_BLEND = 0.5
#: In a match, choose by match equity wherever the opponent needs this many game points or fewer,
#: whatever ``MATCH_PLAY`` says elsewhere (0 = never; benchmark level ``expert-fixed-oeqN``).  A
#: deal the opponent wins then ends the match whether it loses by one point or by three, so
#: saving game points in a lost deal is worth nothing while a chance to win it is.  Why it was
#: tried: in 3,615 deals of 670 matches to 7 against sparring-firm (session 42,
#: ``benchmarks/match_states.py``) the expert won 50.7 +- 4.8 % of the deals where the partner
#: needed 1-2 and it 3 or more, against 55.5 +- 2.0 % where both needed 3 or more.  Measured at 2
#: (``benchmarks/score_deals.py``, 600 paired deals at match scores, seed 41): 20 deals ended
#: otherwise, +0.30 +- 0.48 points of match equity a deal (about +1.7 +- 2.7 points of matches),
#: within the noise, so it stays off.  Again on 1,200 deals drawn only at the scores where the
#: partner needs 1-2 (session 43, ``score_deals.py --b-needs-max 2``, seeds 42-43; such deals are
#: 18.5 % of a match's, about one a match): 189 ended otherwise, +0.06 +- 1.08 points of match
#: equity a deal there (so about +0.06 +- 1.1 points of matches), deal win rate -0.6 +- 1.6
#: points: nothing.
OPP_EQUITY_NEEDS = 0
#: In a match, whether PIMC's adaptive sampling (which moves it stops valuing, ``DROP_Z``, and when
#: the best is settled, ``SETTLE_Z``) runs on the measure the move is chosen by.  False: it runs on
#: match equity in every decision of a match, also where the move is then chosen by game points
#: (``MATCH_PLAY`` "game-points"), so near the end of a match, where equity is far from linear in
#: game points, a move can be left out for its equity and the choice made by game points among the
#: rest, on samples settled for another measure.  True: by game points wherever the choice is.
#: Matches to 7 against sparring-firm, paired with the base runs of the same seeds (743-744, 846
#: matches, session 60; ``expert-fixed-sbc1``): 73 played otherwise, +0.35 +- 0.96 points of
#: matches, decisions a little faster (median 116-120 ms against 124-129, p95 1.6 s against 1.8 s
#: without a clock): within the noise, so it stays off.
SEARCH_BY_CHOICE = False

#: Reading the opponent's close (``close_likelihood``), for every decision of a deal it closed
#: until its hand is known: samples capped by the stock size of the close (the views of the
#: position it closed in are solved with that stock)
CLOSE_READ_SAMPLES = {10: 48, 8: 64, 6: 96}
#: views of the position it closed in (``OPP_VIEWS`` elsewhere): fewer where a solve is costly
CLOSE_VIEWS = {10: 1, 8: 2, 6: 2}
#: samples on which the close's one-lead-for-all gap is measured (``_CloseLeads``)
CLOSE_LEAD_SAMPLES = 64
#: With the compiled core, from this many stock cards down each sample is solved with the order
#: of the face-down stock unknown to both seats (``exact_values(chance=True)``): a draw averages
#: over the cards each seat may draw instead of both knowing them, as plain PIMC has it.  A
#: solve costs ~2 ms at 4 stock cards (0.2-0.5 ms with the order known) but 20-250 ms at 6, too
#: slow for the samples there.  Paired over 600 deals (seed 200): 7 games ended otherwise, win
#: rate +0.003 +- 0.007, +0.010 +- 0.016 game points a deal (not worse; kept for its soundness).
CHANCE_STOCK = 4
#: In a closed deal with the opponent's hand unknown (compiled core only), the samples may be
#: searched together by alpha-mu (``ai.schnapsen_alphamu``): this seat's next ``ALPHAMU_MOVES``
#: moves chosen once for all samples alike to it, not per sample as PIMC does (0 or 1: plain
#: PIMC).  Likewise a close the expert would make may be valued by alpha-mu over the closed deal's
#: samples (``_CloseLeads.together``) with its first ``CLOSE_ALPHAMU_MOVES`` moves chosen together
#: (1: the first lead only).  Measured with 2 each against sparring-firm (the benchmark level
#: ``expert-fixed-alphamu2``; benchmarks/results/schnapsen_sparring.txt, session 23): it changes
#: about one closed-deal decision in 17 and lowers some closes by up to 0.6 game points, but over
#: 1,200 paired deals 21 games ended otherwise and the same number were won (+0.0 points, GP -0.008
#: a deal), so the expert stays with PIMC.
ALPHAMU_MOVES = 0
CLOSE_ALPHAMU_MOVES = 1
#: Game points within which the player level's move (``PLAYER_HEURISTICS``) wins a near tie of
#: card plays at the open stock: 0 = off (the search's best move always).  Measured at 0.10
#: (benchmark level expert-fixed-tie10) over 3,600 paired deals against sparring-firm (seeds
#: 236-241, benchmarks/results/schnapsen_sparring.txt, session 30): +0.5 +- 0.9 points of win
#: rate, +0.011 +- 0.030 game points a deal, within the noise, so it stays off; at 0.20 (session
#: 31, seeds 242-247, 3,300 paired deals) it changed twice the games for the same +0.5 +- 1.1
#: points (+0.018 +- 0.039 game points a deal).  On by default since session 38, with
#: ``OPP_CLOSE_PENALTY`` and ``MELD_CLOSE_MARGIN``: each alone gained under a point, the three
#: together (benchmark level expert-fixed-tie10-mc0-ocp100) +1.27 +- 1.07 points of deal win rate
#: and +0.042 +- 0.039 game points a deal over 3,000 fresh paired deals (seeds 270-274, every
#: seed up; benchmarks/results/schnapsen_sparring.txt, session 38).  The expert before them
#: is the level expert-fixed-tie0-mc25-ocp0.  0.20 with the other two (expert-fixed-tie20, session
#: 43, seeds 277-279, 1,800 deals paired with the expert as committed): 208 games ended otherwise,
#: +0.44 +- 1.14 points, +0.013 +- 0.038 game points a deal, under the +0.5 asked; repeated in
#: session 45 on seeds 275, 276, 280 and 281 (2,400 deals, 264 games otherwise, -0.12 +- 0.96
#: points), all 4,200 together +0.12 +- 0.73 points, +0.005 +- 0.025 game points a deal, so 0.10
#: stays.
HEURISTIC_TIE = 0.10
#: The same tie-break in a closed deal (or the stock gone) while the opponent's hand is not
#: known (benchmark level ``expert-fixed-ctN``, N/100 game points): 0 = off.  Measured at 0.10
#: against sparring-firm (session 42, fresh seeds 275-276, 1,200 paired deals): 5 games ended
#: otherwise, +0.0 +- 0.3 points of win rate, +0.001 +- 0.015 game points a deal: it changes too
#: little to matter, so it stays off.
CLOSED_TIE = 0.0
#: Game points charged to the opponent's closes inside each sample's exact search (with the
#: compiled core; ``exact_values(close_penalty=...)``): 0 = off.  In a sampled deal the opponent
#: sees both hands and the stock order, so it closes only where closing pays, which the real one
#: cannot.  Benchmark level expert-fixed-ocpN (N/100 game points); against sparring-firm, paired
#: (benchmarks/results/schnapsen_sparring.txt, sessions 33-34) at 1.0: +0.88 +- 1.13 points of win
#: rate over 2,400 deals (seeds 252-255), then +0.18 +- 0.86 over 3,860 fresh ones (seeds
#: 256-263), together about +0.45 +- 0.68, no game points (-0.008 +- 0.030 a deal) and ~20 % more
#: time a decision: within the noise alone; on since session 38 with the other two
#: (``HEURISTIC_TIE``).
OPP_CLOSE_PENALTY = 1.0
#: Game points charged to this seat's own closes below the root of each sample's exact search
#: (with the compiled core; ``exact_values(own_close_penalty=...)``): 0 = off.  Its close now
#: is valued blind (``_CloseLeads``) and must beat the other moves by ``CORE_CLOSE_MARGIN``, but
#: in a sample its later closes see the opponent's hand and the stock order, so playing on now
#: and closing later looks better than closing now.  Benchmark level ``expert-fixed-ownN``.
#: Measured against sparring-firm, paired with the expert as committed (session 43, seeds 275-276;
#: benchmarks/results/schnapsen_sparring.txt): at 0.5, 87 of 1,200 games ended otherwise, -0.08 +-
#: 0.99 points of win rate, +0.010 +- 0.038 game points a deal, ~10 % slower; at 1.0 (834 games,
#: stopped early) -0.24 +- 1.63 points.  No gain, so it stays off.
OWN_CLOSE_PENALTY = 0.0
#: the close margin when the best other move shows a marriage, or None: ``CORE_CLOSE_MARGIN`` as
#: everywhere (benchmark level ``expert-fixed-mcN``).  Sessions 36-37 (benchmarks/choice_rollouts.py):
#: where the expert showed a marriage and the partner closed, the close paid -0.34 +- 0.43 GP more
#: (92 decisions), the one class of decision leaning against the expert's choice.  Margin 0 there
#: (session 37, fresh seeds 268-269, 1,200 paired deals): +0.08 +- 0.37 points, +0.011 +- 0.013 GP
#: a deal, 16 games changed: within the noise alone; 0 since session 38 with the other two
#: (``HEURISTIC_TIE``).
MELD_CLOSE_MARGIN: float | None = 0.0
#: Above ``CHANCE_STOCK``, at these stock sizes, only the first draw is a chance node
#: (``FIRST_DRAW``): the seats do not know the next two cards of the stock, only the ones after
#: them.  The draw's outcomes are ``FIRST_DRAWS`` pairs read off the sample's stock order
#: (``first_draws``), so a solve costs a few known-order solves, not the ~100 of every order;
#: the samples are capped at ``FIRST_DRAW_SAMPLES`` to keep the decision as fast.  Against a
#: reference of many samples with the whole stock order unknown, the same-cost sparse model cut
#: the regret of a decision from 0.017 to 0.004 GP at 6 cards and from 0.024 to 0.008 at 8;
#: paired over 1,200 deals (seeds 200 and 201, against sparring-firm): 151 games ended
#: otherwise, win rate +0.0075 +- 0.015, +0.04 +- 0.055 game points a deal (not significant;
#: benchmarks/results/schnapsen_sparring.txt, session 9).
FIRST_DRAW_STOCKS: frozenset[int] = frozenset({6, 8})
FIRST_DRAWS = 4
FIRST_DRAW_SAMPLES = {6: 64, 8: 32}
#: Opponent hands remembered through a deal (``ai.schnapsen_memory.DealMemory``), with the
#: compiled core, at the open stock: each of the opponent's decisions this seat reads (its lead,
#: its answer, the marriage and trump-jack tells) is read once into the weights of this many
#: hands and stays counted for the rest of the deal, instead of only at the decisions right
#: after it.  0 = none (each decision reads only the latest ones).  Benchmark level
#: ``expert-fixed-memN``; it needs the same agent through the deal (the arena keeps it, the app's
#: worker makes one a decision, so there the memory would start afresh each time).  Measured at
#: 64 against sparring-firm, paired with the expert as committed (session 44, seeds 275-276,
#: 1,200 deals; benchmarks/results/schnapsen_sparring.txt): 182 games ended otherwise, -0.42 +-
#: 1.71 points of win rate, +0.000 +- 0.059 game points a deal, as fast.  Session 16 found the
#: same by its knowledge of the hand (every earlier decision read: no better): what the
#: partner's play says of its hand is too little to add up.  So it stays off.
MEMORY = 0

#: PIMC goes on past its sample count while the best move is not settled, up to this many times
#: the count (1 = never; ``ai.pimc_search.settled``): more samples only where two moves are
#: close.  Benchmark level ``expert-fixed-sfN``.  Against sparring-firm, paired
#: (benchmarks/results/schnapsen_sparring.txt): 4 against 1 (session 48, seeds 275-280, 3,600
#: deals) +0.94 +- 0.93 points of deals won, +0.045 +- 0.034 GP a deal; 8 against 4 (session 49,
#: seeds 275-278, 2,400 deals) +0.58 +- 0.70 points, +0.018 +- 0.025 GP: not significant alone,
#: kept because the first 4n samples are the same and the cost fits the targets.  With the app's
#: clock and session 49's faster core: median 106 ms, p95 803 ms (factor 4: 88 and 801 ms).
SETTLE_FACTOR = 8
#: how many standard errors of the paired differences the best move must lead every other move
#: by to be settled (benchmark level ``expert-fixed-szN``, N tenths).  2.5 against 2 (session 52,
#: seeds 294-295, 1,200 paired deals): 30 games otherwise, -0.33 +- 0.69 points, 13 % more time.
SETTLE_Z = 2.0
#: While PIMC goes on past its sample count, a move that trails the best by this many standard
#: errors at a check is no longer searched in the samples that follow (``ai.pimc_search.pimc``'s
#: ``drop_z``; 0 = off, every move searched in every sample).  Benchmark level ``expert-fixed-dzN``
#: (N tenths; ``expert-fixed-dz0`` is the expert before it).  Speed, not play: over 12 pairs of
#: deals (seed 901) 1 of 147 searches used another number of samples, and 3 of 120 paired deals
#: against sparring-firm (seed 288) ended otherwise, with the same wins; the moves searched fell by
#: a fifth and the time by about a quarter.  With the app's clock (expert against itself, 12 deals
#: of seed 38, the other core busy) the clock stopped 13.5 % of the searches, against 20.4 %
#: without dropping; median 134 ms, p95 803 ms (benchmarks/results/schnapsen_sparring.txt,
#: session 51).
DROP_Z = 3.0
#: A charge on the leads at the open stock below the decision inside each sample's exact search
#: (compiled core only; ``exact_values(lead_charge=...)``), in game points off the leader's value
#: by the stock cards left at that lead, times ``LEAD_CHARGE`` (0 = off; benchmark level
#: ``expert-fixed-lcN``, N/100).  In a sample the leader sees the other hand, and seeing it is
#: worth about this much to a leader at those stock sizes and next to nothing to a follower
#: (``benchmarks/oracle_probe.py``, session 53: +0.30 GP a deal over 760 leads at 10 and 8 stock
#: cards, +0.11 over 651 at 6 to 2, -0.03 over 920 answers), so the search overrates the lines in
#: which this seat leads and underrates those in which the opponent does.  Only where this seat
#: leads unless ``LEAD_CHARGE_ANSWERS`` (benchmark token ``lca1``): its answers gained nothing
#: from seeing the hand.  ``LEAD_CHARGE_DEPTH``: the leads charged, one trick down (1: the next
#: lead only) or every one (0; token ``lcd0``): charges deep in the tree cost alpha-beta its
#: cut-offs (two to four times the nodes of a first-lead solve), the next lead alone 2-30 % more.
#: Measured against sparring-firm, paired with the expert as committed (session 54, seeds 294-295,
#: 1,200 deals; benchmarks/results/schnapsen_sparring.txt): the next lead charged (lc100) 65 games
#: otherwise, -0.25 +- 1.02 points of win rate, -0.024 +- 0.039 game points a deal; every lead
#: (lc100-lcd0) 83 otherwise, -0.25 +- 1.10 points, -0.027 +- 0.041, and slower.  So it stays off.
LEAD_CHARGE_SHAPE = {8: 0.24, 6: 0.14, 4: 0.08, 2: 0.04}
LEAD_CHARGE = 0.0
LEAD_CHARGE_ANSWERS = False
LEAD_CHARGE_DEPTH = 1


def lead_charges(scale: float, stock: int = 12, depth: int = 0) -> tuple[float, ...]:
    """The core's lead charges (index: stock cards left) for ``scale`` times ``LEAD_CHARGE_SHAPE``
    below a decision with ``stock`` cards left, ``depth`` tricks down (0: all); empty when off."""
    if scale <= 0:
        return ()
    low = stock - 2 * depth if depth > 0 else 0
    return tuple(scale * LEAD_CHARGE_SHAPE.get(n, 0.0) if low <= n < stock else 0.0
                 for n in range(max(LEAD_CHARGE_SHAPE) + 1))


def _by_key(legal: Sequence[Move]) -> dict[str, Move]:
    return {str(m): m for m in legal}


class BeginnerAgent:
    """Greedy rules on what lies on the table; forgets every finished trick."""

    level = "beginner"

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        o = observation
        legal = _by_key(legal_moves)
        if "declare" in legal and o.points >= 66:
            return legal["declare"], Reason("s.declare_points", points=o.points)
        if "pass" in legal:
            return legal["pass"], Reason("s.not_66")
        if "exchange" in legal:
            return legal["exchange"], Reason("s.take_turnup")
        melds = [m for m in legal_moves if m.kind == "meld"]
        if melds:
            return melds[0], Reason("s.show_marriage")
        plays = [m for m in legal_moves if m.kind == "play"]
        trump = o.trump

        def pts(m: Move) -> int:
            return SCHNAPSEN_POINTS[m.cards[0].rank]

        if not o.trick:  # lead the highest plain card to grab points
            plain = [m for m in plays if m.cards[0].suit != trump] or plays
            m = max(plain, key=lambda x: (pts(x), str(x)))
            return m, Reason("s.lead_points", card=m.cards[0])
        led = o.trick[0]
        same_higher = [m for m in plays if m.cards[0].suit == led.suit and _rank_i(m) < _rank_i_card(led)]
        if same_higher:
            m = max(same_higher, key=lambda x: (pts(x), str(x)))
            return m, Reason("s.beat", card=led, card2=m.cards[0])
        trumps = [m for m in plays if m.cards[0].suit == trump]
        if led.suit != trump and SCHNAPSEN_POINTS[led.rank] >= 10 and trumps:
            m = min(trumps, key=lambda x: (pts(x), str(x)))
            return m, Reason("s.trump_it", card=led)
        m = min(plays, key=lambda x: (x.cards[0].suit == trump, pts(x), str(x)))
        return m, Reason("s.throw_cheapest")


_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def _rank_i(m: Move) -> int:
    return _RANKS.index(m.cards[0].rank)


def _rank_i_card(c: Any) -> int:
    return _RANKS.index(c.rank)


class PlayerAgent:
    """Counts cards and applies named heuristics in order."""

    level = "player"

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        if len(legal_moves) == 1:
            return legal_moves[0], Reason("only_legal")
        k = schnapsen_knowledge(observation)
        move, reason, _name = run(PLAYER_HEURISTICS, k, _by_key(legal_moves))
        return move, reason


class ExpertAgent:
    """Search for every decision: exact when the opponent's hand is known, PIMC otherwise."""

    level = "expert"

    def __init__(self, seat: int = 0, budget_s: float | None = BUDGET_S, max_samples: int | None = None,
                 use_core: bool = True, exact_py_stock: int = EXACT_STOCK,
                 chance_stock: int = CHANCE_STOCK, first_draw_stocks: frozenset[int] = FIRST_DRAW_STOCKS,
                 losing_close_below: float = LOSING_CLOSE_BELOW, match_play: str = MATCH_PLAY,
                 alphamu_moves: int = ALPHAMU_MOVES, close_alphamu_moves: int = CLOSE_ALPHAMU_MOVES,
                 heuristic_tie: float = HEURISTIC_TIE, opp_close_penalty: float = OPP_CLOSE_PENALTY,
                 read_draws: int = READ_DRAWS, meld_close_margin: float | None = MELD_CLOSE_MARGIN,
                 closed_tie: float = CLOSED_TIE, opp_equity_needs: int = OPP_EQUITY_NEEDS,
                 own_close_penalty: float = OWN_CLOSE_PENALTY, memory: int = MEMORY,
                 settle_factor: int = SETTLE_FACTOR, settle_z: float = SETTLE_Z,
                 drop_z: float = DROP_Z, lead_charge: float = LEAD_CHARGE,
                 lead_charge_answers: bool = LEAD_CHARGE_ANSWERS,
                 lead_charge_depth: int = LEAD_CHARGE_DEPTH,
                 search_by_choice: bool = SEARCH_BY_CHOICE) -> None:
        self.seat = seat
        #: in a match, PIMC's adaptive sampling by the measure of the choice (``SEARCH_BY_CHOICE``)
        self.search_by_choice = search_by_choice
        #: with the core: the charges on the leads below a decision (``LEAD_CHARGE``), whether
        #: they apply where this seat answers too, and how many tricks down
        self.lead_charge = lead_charge
        self.lead_charge_answers = lead_charge_answers
        self.lead_charge_depth = lead_charge_depth
        #: moves this many standard errors behind the best are left out of the settling samples
        self.drop_z = drop_z
        #: PIMC's samples go on up to this many times the count while the best move is unsettled
        self.settle_factor = settle_factor
        #: the standard errors the best move must lead by to be settled
        self.settle_z = settle_z
        #: with the core: opponent hands remembered through a deal (``MEMORY``; 0 = none)
        self.memory = memory
        self._memory: DealMemory | None = None
        #: by match equity wherever the opponent needs this many game points or fewer (``OPP_EQUITY_NEEDS``)
        self.opp_equity_needs = opp_equity_needs
        #: near ties of card plays in a closed deal with the opponent's hand unknown (``CLOSED_TIE``)
        self.closed_tie = closed_tie
        #: the close margin where the best other move is a marriage (``MELD_CLOSE_MARGIN``)
        self.meld_close_margin = meld_close_margin
        #: the oldest lead of the opponent its samples read, in its draws since (``READ_DRAWS``)
        self.read_draws = read_draws
        #: with the core: game points off the opponent's closes inside the samples' searches
        self.opp_close_penalty = opp_close_penalty
        #: with the core: game points off this seat's own later closes inside those searches
        self.own_close_penalty = own_close_penalty
        self.budget_s = budget_s
        #: a cap on PIMC samples (the soak test uses a few to run the same code at speed)
        self.max_samples = max_samples
        #: the compiled exact search, or None: the pure-Python path (``use_core=False`` forces it,
        #: the benchmark level ``expert-python``)
        self.core = load_core(force_python=not use_core)
        #: without the core: exact search from this many stock cards on
        self.exact_py_stock = exact_py_stock
        self.close_margin = CORE_CLOSE_MARGIN if self.core is not None else CLOSE_MARGIN
        #: with the core: the stock order a chance node from this many stock cards down
        self.chance_stock = chance_stock
        #: with the core: stock sizes at which only the first draw is a chance node
        self.first_draw_stocks = first_draw_stocks
        #: a close valued below this (game points) must save ``GIVE_UP_MARGIN``
        self.losing_close_below = losing_close_below
        #: which decisions of a match are chosen by match equity (``MATCH_PLAY``)
        if match_play not in MATCH_PLAYS:
            raise ValueError(f"match_play must be one of {', '.join(MATCH_PLAYS)}, not {match_play!r}")
        self.match_play = match_play
        #: alpha-mu's moves searched together in a closed deal (``ALPHAMU_MOVES``; 0 or 1: PIMC)
        self.alphamu_moves = alphamu_moves
        #: moves of the closed deal searched together when a close is valued (``CLOSE_ALPHAMU_MOVES``)
        self.close_alphamu_moves = close_alphamu_moves
        #: near ties of card plays at the open stock go to the player level's move (``HEURISTIC_TIE``)
        self.heuristic_tie = heuristic_tie

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def by_equity(self, k: Any, needs: tuple[int, int] | None = None) -> bool:
        """Whether a decision of a match (knowledge ``k``, the game points each side ``needs``)
        is chosen by match equity or by game points (``MATCH_PLAY``): with "exact-equity" only
        where each sample's value is one outcome of the deal, not an average over the draws (a
        chance search) or an estimate (the pure-Python search's leaf); the equity of an average
        is not the average of the equities.  With "near-end" only where a side needs one game
        point: then only who wins the deal counts, not by how much.  Wherever the opponent needs
        ``opp_equity_needs`` game points or fewer, by equity whatever ``MATCH_PLAY`` says."""
        if needs is not None and needs[1] <= self.opp_equity_needs:
            return True
        if self.match_play == "near-end":
            return needs is not None and min(needs) <= 1
        if self.match_play != "exact-equity":
            return self.match_play == "equity"
        if k.phase2:
            return True
        if self.core is None:
            return k.stock_size <= self.exact_py_stock
        return k.stock_size > self.chance_stock and k.stock_size not in self.first_draw_stocks

    def values(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[dict[str, float], int, bool]:
        """Value of each legal move (game points for this seat), samples used, exact or not."""
        gp, _equity, used, exact = self.scored(observation, legal_moves, rng)
        return gp, used, exact

    def scored(self, observation: Any, legal_moves: Sequence[Move],
               rng: Random) -> tuple[dict[str, float], dict[str, float] | None, int, bool]:
        """Each legal move's average game points and, in a match, its average match equity
        (each sample's outcome mapped through ``deal_equity`` before averaging, so a sure small
        win and a risky big one are weighed by what they do for the match); samples used; exact."""
        keys = [str(m) for m in legal_moves]
        k = schnapsen_knowledge(observation)
        needs = getattr(observation, "match_needs", None)
        if k.phase2 and k.perfect:
            w = sample_world(k, Random(0))  # the only consistent deal; no randomness used
            gp = {key: float(v) for key, v in phase2_values(w).items()}
            eq = None if needs is None else {key: _equity(needs, v) for key, v in gp.items()}
            return gp, eq, 1, True
        core = self.core
        if core is not None:  # every sample solved to the end by the compiled search
            n = CORE_CLOSED_SAMPLES if k.phase2 else CORE_SAMPLES.get(k.stock_size, 64)
            chance: int = not k.phase2 and k.stock_size <= self.chance_stock
            if not k.phase2 and k.stock_size in self.first_draw_stocks:
                chance = FIRST_DRAW
                n = min(n, FIRST_DRAW_SAMPLES.get(k.stock_size, n))

            charge = (lead_charges(self.lead_charge, k.stock_size, self.lead_charge_depth)
                      if not k.phase2 and (self.lead_charge_answers or k.led < 0) else ())

            def evaluate(w: Any) -> dict[str, float]:
                return exact_values(w, core, chance, first_draws(w) if chance == FIRST_DRAW else (),
                                    close_penalty=self.opp_close_penalty,
                                    own_close_penalty=self.own_close_penalty, only=tally.focus,
                                    lead_charge=charge)
        elif k.phase2:
            n = CLOSED_SAMPLES

            def evaluate(w: Any) -> dict[str, float]:
                return {key: float(v) for key, v in phase2_values(w).items()}
        else:
            n = PHASE1_SAMPLES.get(k.stock_size, 20)
            depth = PHASE1_DEPTH.get(k.stock_size, 2)
            if k.stock_size <= self.exact_py_stock:

                def evaluate(w: Any) -> dict[str, float]:
                    return world_values(w, EXACT_DEPTH, inner_close_min=0)
            else:

                def evaluate(w: Any) -> dict[str, float]:
                    return world_values(w, depth)

        if self.max_samples is not None:
            n = min(n, self.max_samples)
        close_leads = (_CloseLeads(core, needs, keep_closed=self.close_alphamu_moves > 1)
                       if core is not None and "close" in keys else None)

        tally = _GpTally(keys)
        search_eq = needs is not None and not (
            self.search_by_choice and self.match_play != "blend" and not self.by_equity(k, needs))
        # a match searched by game points: each move's equity summed beside them, for the hint
        eq_tally = _GpTally(keys) if needs is not None and not search_eq else None
        weigh = None
        reads = readings(k) if core is not None else Readings(False, False, False)
        sampler = self._remembered(k, reads, core, rng, n) if core is not None and self.memory > 0 else None
        if sampler is not None:  # the readings are in the remembered hands' weights
            reads = Readings(False, False, False)
        if any(reads):
            n = min(n, READ_SAMPLES.get(k.stock_size, n)) if not k.phase2 else n
            if reads.close:
                n = min(n, CLOSE_READ_SAMPLES.get(k.stock_size, n))
            pick = Random(rng.random())  # the opponent's views, the card it drew

            def weigh(w: Any) -> float:
                return tally.weigh(reading_weight(k, w, core, pick, reads))

        # the samples and their weights, kept for alpha-mu (a closed deal, not after the last trick)
        together: list[tuple[Any, float]] | None = None
        if core is not None and k.phase2 and self.alphamu_moves > 1 and "pass" not in keys:
            together = []

        def evaluate_and_count(w: Any) -> dict[str, float]:
            vals = evaluate(w)
            tally.add(vals)
            if together is not None:
                together.append((w, tally.weight))
            if close_leads is not None and (tally.focus is None or "close" in tally.focus):
                close_leads.add(w, tally.weight)
            if needs is None:
                return vals
            eq_vals = {key: _equity(needs, v) for key, v in vals.items()}
            if eq_tally is None:
                return eq_vals
            eq_tally.weight, eq_tally.focus = tally.weight, tally.focus
            eq_tally.add(eq_vals)
            return vals

        if sampler is None:
            sampler = lambda r: sample_world(k, r, self.read_draws)  # noqa: E731
        settle_limit = n * self.settle_factor if core is not None else 0
        if self.max_samples is not None:
            settle_limit = min(settle_limit, self.max_samples)
        chosen, used = pimc(keys, sampler, evaluate_and_count, rng, n, self.budget_s,
                            min_samples=min(4, n), weigh=weigh, settle_limit=settle_limit,
                            settle_z=self.settle_z,
                            # alpha-mu searches every move of the samples it keeps, so none is dropped
                            drop_z=self.drop_z if core is not None and together is None else 0.0,
                            focus=tally.narrow)
        gp = tally.means()
        if eq_tally is not None:
            chosen = eq_tally.means()
        if together:  # game points only: a match's equity (``chosen``) stays PIMC's
            gp, _solves = alphamu_values([w for w, _ in together], [x for _, x in together], keys, core, k.seat,
                                         self.alphamu_moves)
        if close_leads is not None:
            pimc_close = gp["close"]
            gp["close"] = close_leads.value(pimc_close)
            others = [v for key, v in gp.items() if key != "close"]
            if self.close_alphamu_moves > 1 and others and gp["close"] >= max(others):
                # only a close that would be made needs the costlier search (it can only lower it)
                gp["close"] = close_leads.together(pimc_close, self.close_alphamu_moves)
            if needs is not None:
                chosen["close"] = close_leads.value(chosen["close"], equity=True)
        return gp, (None if needs is None else chosen), used, False

    def _remembered(self, k: Any, reads: Readings, core: Any, rng: Random,
                    n: int) -> Callable[[Random], Any] | None:
        """The sampler of this decision's deals from the deal's memory (``DealMemory``), after
        reading into it the opponent's decisions this seat can read now; None while the memory
        holds nothing read (then the fresh samples do as they always did).  Only at the open
        stock: in a closed deal each of the opponent's cards shows most remembered hands wrong,
        and the fresh samples, the close read again at every decision, fit what is known better."""
        if k.perfect or k.phase2:
            return None
        mem = self._memory
        if mem is None or not mem.same_deal(k):
            mem = self._memory = DealMemory(k, self.memory, Random(rng.random()))
        pick = Random(rng.random())
        found: list[tuple[tuple[Any, ...], Callable[[Any], float]]] = []
        if k.read_lead >= 0 and k.drawn_since <= self.read_draws:
            found.append((("tell", k.read_lead), lambda w: tell_weight(k, w.hands[k.opp])))
        if reads.lead:
            found.append((("lead", k.led), lambda w: lead_likelihood(k, w, core, pick)))
        if reads.answer:
            found.append((("answer", k.ans_lead, k.ans_card), lambda w: answer_likelihood(k, w, core, pick)))
        mem.update(k, pick, found)
        return mem.sampler(k, n, pick) if mem.informed else None

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        if len(legal_moves) == 1:
            return legal_moves[0], Reason("only_legal")
        gp, eq, used, exact = self.scored(observation, legal_moves, rng)
        order = _preference(observation, legal_moves)
        # the close's game points decide whether it is a close to lose, in a match too
        close_gp, below = gp.get("close"), self.losing_close_below
        # what the choice is made by (game points, equity or their blend) and a game point's worth in it
        vals, per_gp = gp, 1.0
        if eq is not None and self.match_play == "blend":
            vals = blended(gp, eq, gp_slope(observation.match_needs))
        elif eq is not None and self.by_equity(schnapsen_knowledge(observation), observation.match_needs):
            vals, per_gp = eq, gp_slope(observation.match_needs)
        margin = self.close_margin
        if self.meld_close_margin is not None and "close" in vals and _best_other_is_meld(vals, legal_moves):
            margin = self.meld_close_margin
        choose_by = with_margins(vals, observation.points, exact, per_gp, margin, close_gp, below)
        key = best_key(choose_by, order)
        key = self._heuristic_tie(observation, legal_moves, choose_by, key, exact, per_gp)
        move = next(m for m in legal_moves if str(m) == key)
        match_chance = None if eq is None else min(1.0, max(0.0, eq[key]))
        return move, _reason(observation, move, legal_moves, gp[key], exact, used, match_chance)

    def _heuristic_tie(self, observation: Any, legal_moves: Sequence[Move], choose_by: dict[str, float],
                       key: str, exact: bool, per_gp: float) -> str:
        """``key``, or the player level's card if the search's best move and that card are both
        card plays at the open stock and the card is worth within ``heuristic_tie`` game points
        of the best (``closed_tie`` in a closed deal): the samples' values of near-equal plays
        differ by their clairvoyance more than by the cards, and the heuristics keep trumps and
        lead cheap cards."""
        if exact or (self.heuristic_tie <= 0 and self.closed_tie <= 0):
            return key
        k = schnapsen_knowledge(observation)
        tie = self.closed_tie if k.phase2 else self.heuristic_tie
        kinds = {str(m): m.kind for m in legal_moves}
        if tie <= 0 or kinds[key] != "play":
            return key
        hint, _why, _name = run(PLAYER_HEURISTICS, k, _by_key(legal_moves))
        other = str(hint)
        if kinds.get(other) == "play" and choose_by[other] >= choose_by[key] - tie * per_gp:
            return other
        return key


class _GpTally:
    """The game points of each move summed over the samples, each sample counted by its weight
    (``pimc`` averages what it is given: match equity in a match; the game points are kept
    here for the explanation and the figures)."""

    def __init__(self, keys: Sequence[str]) -> None:
        self.totals = dict.fromkeys(keys, 0.0)
        self.weights = dict.fromkeys(keys, 0.0)
        self.weight = 1.0
        #: the moves still valued (``pimc``'s ``focus``): all while None
        self.focus: frozenset[str] | None = None

    def weigh(self, weight: float) -> float:
        """The weight of the sample about to be evaluated (``pimc`` weighs before it evaluates)."""
        self.weight = weight
        return weight

    def narrow(self, keys: frozenset[str]) -> None:
        """From now on only ``keys`` are valued (the others keep the average they have)."""
        self.focus = keys

    def add(self, vals: dict[str, float]) -> None:
        for key in self.totals if self.focus is None else self.focus:
            self.totals[key] += self.weight * vals.get(key, -10.0)  # pimc's value for a key left out
            self.weights[key] += self.weight

    def means(self) -> dict[str, float]:
        return {key: v / (self.weights[key] or 1.0) for key, v in self.totals.items()}


def first_draws(w: Any) -> list[tuple[int, int]]:
    """The outcomes of sample ``w``'s next draw for a ``FIRST_DRAW`` solve: ``FIRST_DRAWS``
    pairs (winner's card, loser's card) of neighbours in its stock order, the first its own
    draw.  The order is uniformly random, so each pair is a uniform draw of two face-down cards."""
    down = w.stock[:-1]
    return [(down[i], down[i + 1]) for i in range(min(FIRST_DRAWS, len(down) - 1))]


def closed_world(w: Any) -> Any:
    """Sample ``w`` (the seat to act on lead) after that seat closes the stock: the other seat's
    points and tricks recorded (S10), the stock out of play; the same seat leads again."""
    seat, o = w.to_act, 1 - w.to_act
    so = w.card_pts[o] + (w.meld_pts[o] if w.tricks[o] else 0)
    return replace(w, ctx=replace(w.ctx, closed_by=seat, close_points=so, close_tricks=w.tricks[o]))


class _CloseLeads:
    """A close is followed at once by this seat's lead of the closed deal, with nothing new
    learnt: one card for all samples.  PIMC values the close by each sample's best lead, as if the
    closer then saw the opponent's hand; here it is worth that value less the gap between the
    average of each sample's best lead and the lead best on average (never more than PIMC's
    value).  The gap is measured on the first ``CLOSE_LEAD_SAMPLES`` samples (one more solve of a
    closed deal each: cheap, but not free at several hundred samples); with the compiled core only."""

    def __init__(self, core: Any, needs: tuple[int, int] | None, keep_closed: bool = True) -> None:
        self.core = core
        self.needs = needs
        #: keep the closed deals for ``together`` (off where the expert never calls it)
        self.keep_closed = keep_closed
        self.seen = 0
        self.weight = 0.0
        self.best = [0.0, 0.0]  # weighted sums of each sample's best lead: game points, equity
        self.gp: dict[str, float] = {}
        self.eq: dict[str, float] = {}
        self.closed: list[tuple[Any, float]] = []  # the closed deals and their weights

    def add(self, w: Any, weight: float) -> None:
        """Sample ``w``, counting ``weight``: the value of each lead of the deal closed now."""
        if self.seen >= CLOSE_LEAD_SAMPLES:
            return
        self.seen += 1
        self.weight += weight
        closed = closed_world(w)
        if self.keep_closed:
            self.closed.append((closed, weight))
        leads = exact_values(closed, self.core)
        top = max(leads.values())
        self.best[0] += weight * top
        if self.needs is not None:
            self.best[1] += weight * _equity(self.needs, top)
        for x, v in leads.items():
            self.gp[x] = self.gp.get(x, 0.0) + weight * v
            if self.needs is not None:
                self.eq[x] = self.eq.get(x, 0.0) + weight * _equity(self.needs, v)

    def value(self, pimc_value: float, equity: bool = False) -> float:
        """The close's value: PIMC's (``pimc_value``) less the gap measured on the first samples."""
        sums = self.eq if equity else self.gp
        if not sums or self.weight <= 0.0:
            return pimc_value
        return pimc_value - (self.best[1 if equity else 0] - max(sums.values())) / self.weight

    def together(self, pimc_value: float, m: int) -> float:
        """The close's game points with the closer's first ``m`` moves of the closed deal chosen
        once for all samples (alpha-mu), not only its first lead: PIMC's value less the gap."""
        if not self.closed or self.weight <= 0.0:
            return pimc_value
        worlds = [w for w, _ in self.closed]
        vals, _solves = alphamu_values(worlds, [x for _, x in self.closed], moves(worlds[0]), self.core,
                                       worlds[0].to_act, m)
        return pimc_value - (self.best[0] / self.weight - max(vals.values()))


class Readings(NamedTuple):
    """Which of the opponent's decisions this seat reads at a decision (``readings``)."""

    lead: bool
    answer: bool
    close: bool


def readings(k: Any) -> Readings:
    """The opponent's lead on the table, its answer to this seat's last lead and its close:
    which of them the expert reads at this decision (with the compiled core)."""
    return Readings(_reads_the_lead(k), _reads_the_answer(k), _reads_the_close(k))


def reading_weight(k: Any, w: Any, core: Any, rng: Random, reads: Readings) -> float:
    """How likely what the opponent did (the decisions ``reads`` names) is if it holds the hand
    of sample ``w``: the product of their likelihoods, the weight of the sample."""
    wt = lead_likelihood(k, w, core, rng) if reads.lead else 1.0
    if reads.answer:
        wt *= answer_likelihood(k, w, core, rng)
    if reads.close:
        wt *= close_likelihood(k, w, core, rng)
    return wt


def _reads_the_lead(k: Any) -> bool:
    """Whether the expert weighs its samples by the card the opponent just led: it is on the
    table, was not led with a marriage just shown, and the deal is far enough on (or closed)
    that the extra solve per sample keeps the decision fast."""
    return (k.stage == "follow" and k.led >= 0 and not k.led_with_meld
            and (k.phase2 or k.stock_size <= READ_STOCK))


def lead_likelihood(k: Any, w: Any, core: Any, rng: Random) -> float:
    """How likely the opponent's lead on the table is if it holds the hand of sample ``w``:
    the position before the lead is valued as the opponent saw it (``opponent_view_values``),
    and the lead counts by its softmax probability among the cards it could lead and closing
    the stock, where it could (``choice_probability``)."""
    opp = k.opp
    hands = list(w.hands)
    hands[opp] |= 1 << k.led
    before = replace(w, to_act=opp, stage="lead", led=-1, melded=-1, hands=(hands[0], hands[1]))
    vals = opponent_view_values(k, before, core, rng)
    # closing was an option too: a hand that should have closed is less likely to lead instead
    cards = [v for key, v in vals.items() if key.startswith(("play", "meld")) or key == "close"]
    actual = vals.get(f"play {DECK[k.led]}")
    if actual is None or not cards:
        return 1.0
    return choice_probability(cards, actual)


def _reads_the_close(k: Any) -> bool:
    """Whether the expert weighs its samples by the opponent's close: the opponent closed the
    stock and its hand is not yet pinned down."""
    return k.closing is not None and k.ctx.closed_by == k.opp and not k.perfect and k.stage != "final"


def closing_world(k: Any, w: Any) -> Any:
    """The position in which the opponent closed the stock, rebuilt from sample ``w`` of the
    closed deal: the cards each seat has played since back in its hand, the points, marriages and
    tricks of then, and the stock of then (the cards out of play in the sample, face down in
    any order, over the turn-up both seats saw)."""
    c = k.closing
    hands = (w.hands[0] | c.played_since[0], w.hands[1] | c.played_since[1])
    before = k.played & ~(c.played_since[0] | c.played_since[1])
    out = FULL & ~(hands[0] | hands[1] | before | (1 << c.turnup))
    ctx = replace(w.ctx, closed_by=-1, close_points=-1, close_tricks=-1)
    return replace(w, ctx=ctx, to_act=k.opp, stage="lead", hands=hands, led=-1, melded=-1,
                   card_pts=c.card_pts, meld_pts=c.meld_pts, tricks=c.tricks, history=sum(c.tricks) > 0,
                   stock=tuple(bits(out)) + (c.turnup,))


def close_likelihood(k: Any, w: Any, core: Any, rng: Random) -> float:
    """How likely the opponent's close is if it held the hand of sample ``w``: the position it
    closed in (``closing_world``) valued as it saw it (``opponent_view_values``), the close
    counting by its softmax probability among every option it had then (``choice_probability``):
    a player closes with a hand that wins the closed deal, so hands that would rather have
    played on explain the close less well."""
    vals = opponent_view_values(k, closing_world(k, w), core, rng, CLOSE_VIEWS.get(k.stock_size, OPP_VIEWS))
    if "close" not in vals:
        return 1.0
    return choice_probability(list(vals.values()), vals["close"])


def opponent_view_values(k: Any, before: Any, core: Any, rng: Random, views: int = OPP_VIEWS) -> dict[str, float]:
    """The opponent's options in position ``before`` valued as it could see them: its own hand
    as ``before`` has it, this seat's hand (but for the cards the opponent has seen) and the
    face-down stock dealt afresh from the cards hidden from it, ``views`` times, each deal solved
    exactly, the values averaged.  A closed deal (no stock order to deal) is solved as it is."""
    if before.ctx.closed_by >= 0 or not before.stock:
        return exact_values(before, core)
    me = k.seat
    mine = before.hands[me]
    shown = mine & k.my_shown
    stock = list(before.stock)
    turnup = stock[-1]
    pool = bits(mine & ~shown) + stock[:-1]
    n_hidden = len(pool) - (len(stock) - 1)
    total: dict[str, float] = {}
    for _ in range(views):
        rng.shuffle(pool)
        hand = shown
        for c in pool[:n_hidden]:
            hand |= 1 << c
        hands = (hand, before.hands[1]) if me == 0 else (before.hands[0], hand)
        view = replace(before, hands=hands, stock=tuple(pool[n_hidden:]) + (turnup,))
        for key, v in exact_values(view, core).items():
            total[key] = total.get(key, 0.0) + v
    return {key: v / views for key, v in total.items()}


def choice_probability(values: Sequence[float], actual: float, sharpness: float = READ_SHARPNESS) -> float:
    """The chance that a player choosing among moves of these ``values`` picks one worth
    ``actual``: exp(-sharpness * loss) over the sum of the same for every move, loss being
    what a move gives away against the best.  Normalising matters: a hand on which every card
    is as good as any other explains the card played less well than one on which it was the
    only good card."""
    best = max(values)
    z = sum(math.exp(-sharpness * (best - v)) for v in values)
    return math.exp(-sharpness * max(0.0, best - actual)) / z


def _reads_the_answer(k: Any) -> bool:
    """Whether the expert also weighs its samples by the opponent's answer in the last trick
    (it led that trick; ``SchnapsenKnowledge.ans_card``), under the same conditions of speed
    as the lead: answered with ``READ_STOCK`` stock cards or fewer (solving a position two
    cards earlier costs up to five times as much) or in a closed deal."""
    return k.ans_card >= 0 and (k.phase2 or k.stock_size + 2 * k.ans_drawn <= READ_STOCK)


def answer_world(k: Any, w: Any, drawn: int) -> Any:
    """The position in which the opponent answered this seat's lead of the last trick, rebuilt
    from sample ``w``: the trick taken back (its points and the trick count), and, if both drew
    after it, the draws put back on the stock (the winner drew first) with ``drawn`` as the
    card the opponent drew; a card it has led since goes back to its hand."""
    me, opp = k.seat, k.opp
    a, b, winner = k.ans_lead, k.ans_card, k.ans_winner
    card_pts, tricks, hands = list(w.card_pts), list(w.tricks), list(w.hands)
    card_pts[winner] -= POINTS[a] + POINTS[b]
    tricks[winner] -= 1
    if k.led >= 0:  # the opponent has led since (it won the trick): that card was in its hand
        hands[opp] |= 1 << k.led
    stock = w.stock
    if k.ans_drawn:
        hands[opp] &= ~(1 << drawn)
        hands[me] &= ~(1 << k.ans_my_draw)
        first, second = (k.ans_my_draw, drawn) if winner == me else (drawn, k.ans_my_draw)
        stock = (first, second) + tuple(w.stock)
    hands[opp] |= 1 << b
    return replace(w, to_act=opp, stage="follow", led=a, melded=-1, hands=(hands[0], hands[1]),
                   card_pts=(card_pts[0], card_pts[1]), tricks=(tricks[0], tricks[1]),
                   history=tricks[0] + tricks[1] > 0, stock=stock)


def answer_likelihood(k: Any, w: Any, core: Any, rng: Random) -> float:
    """How likely the opponent's answer in the last trick is if it holds the hand of sample
    ``w``: the position it answered in (``answer_world``; the card it drew since chosen at
    random among its cards this seat has not seen, so the weight is right on average) valued as
    the opponent saw it (``opponent_view_values``), the answer counting by its softmax
    probability among its answers (``choice_probability``)."""
    drawn = -1
    if k.ans_drawn:
        held = w.hands[k.opp] | ((1 << k.led) if k.led >= 0 else 0)  # it may have led the card it drew
        unseen = bits(held & ~k.opp_known)
        if not unseen:
            return 1.0
        drawn = unseen[rng.randrange(len(unseen))]
    vals = opponent_view_values(k, answer_world(k, w, drawn), core, rng)
    actual = vals.get(f"play {DECK[k.ans_card]}")
    if actual is None or not vals:
        return 1.0
    return choice_probability(list(vals.values()), actual, ANSWER_SHARPNESS)


def _equity(needs: tuple[int, int], gp: float) -> float:
    """Match equity of a deal outcome, with a trace of the game points so that between outcomes
    of equal equity (needing one point, a win by 1 or by 3) the bigger one is still preferred."""
    return deal_equity(needs, gp) + 1e-4 * gp


def blended(gp: dict[str, float], eq: dict[str, float], per_gp: float,
            share: float = MATCH_BLEND) -> dict[str, float]:
    """Each move's game points blended with its match equity expressed in game points
    (``MATCH_PLAY`` "blend")."""
    if per_gp <= 1e-9:
        return gp
    return {key: (1 - share) * v + share * eq[key] / per_gp for key, v in gp.items()}


def with_margins(vals: dict[str, float], points: int, exact: bool, per_gp: float = 1.0,
                 close_margin: float = CLOSE_MARGIN, close_gp: float | None = None,
                 losing_below: float = LOSING_CLOSE_BELOW) -> dict[str, float]:
    """The values the expert chooses by: a close must beat playing on by ``close_margin`` (the
    samples know the opponent's hand, the closer will not), or by ``GIVE_UP_MARGIN`` when its
    value in game points, ``close_gp``, is below ``losing_below`` (``close_margin_for``: a close
    to lose gives the deal up), and a false declaration must save
    ``GIVE_UP_MARGIN`` (the sampled searches assume a perfect opponent).  Exact values (the
    opponent's hand known) are played as they are.  ``per_gp`` converts the margins when the
    values are match equity rather than game points.  Measured on 2,000 paired deals against the
    player (seed 1): 54.2 % of deals won without the margins, 55.7 % with the close margin."""
    if exact:
        return vals  # the solver's values are the truth against any defence: play them perfectly
    out = dict(vals)
    if "close" in out:
        out["close"] -= close_margin_for(close_gp, close_margin, losing_below) * per_gp
    if "declare" in out and points < 66 and len(out) > 1:
        out["declare"] -= GIVE_UP_MARGIN * per_gp
    return out


def _best_other_is_meld(vals: dict[str, float], legal_moves: Sequence[Move]) -> bool:
    """Whether the best move other than the close (by ``vals``) shows a marriage."""
    others = [m for m in legal_moves if str(m) in vals and m.kind != "close"]
    return bool(others) and max(others, key=lambda m: vals[str(m)]).kind == "meld"


def close_margin_for(close_gp: float | None, margin: float, losing_below: float = LOSING_CLOSE_BELOW) -> float:
    """What a close must beat playing on by: ``margin``, but ``GIVE_UP_MARGIN`` (if larger) when
    the search expects the close to lose (its value ``close_gp`` below ``losing_below`` game
    points): such a close gives the deal up (``LOSING_CLOSE_BELOW``)."""
    if close_gp is not None and close_gp < losing_below:
        return max(margin, GIVE_UP_MARGIN)
    return margin


def _preference(observation: Any, legal: Sequence[Move]) -> list[str]:
    """Tie-break order: a correct declaration, marriage, exchange, then cards, pass, close, and
    a false declaration last: between equal values keep the deal going, where a fallible
    opponent can still go wrong."""
    correct = observation.points >= 66
    rank = {"declare": 0 if correct else 9, "meld": 1, "exchange": 2, "play": 3, "pass": 4, "close": 5}
    return [str(m) for m in sorted(legal, key=lambda m: rank.get(m.kind, 8))]


def _reason(o: Any, move: Move, legal: Sequence[Move], value: float, exact: bool, used: int,
            match_chance: float | None = None) -> Reason:
    """The move explained from what the seat knows (``ai.schnapsen_teach``), with the search's
    figure as its ``detail`` clause."""
    gp = abs(value)
    if exact:
        if gp < 0.5:
            how = Reason("how.draw")
        elif round(gp) == 1:
            how = Reason("how.win_one" if value > 0 else "how.lose_one")
        else:
            how = Reason("how.win" if value > 0 else "how.lose", gp=round(gp))
    elif match_chance is not None:
        how = Reason("how.match", value=value, used=used, pct=match_chance)
    else:
        how = Reason("how.estimate", value=value, used=used)
    return teach(o, move, legal, how)


def make(level: str, seat: int = 0) -> Any:
    if level == "beginner":
        return BeginnerAgent(seat)
    if level == "player":
        return PlayerAgent(seat)
    if level == "expert":
        return ExpertAgent(seat)
    return None
