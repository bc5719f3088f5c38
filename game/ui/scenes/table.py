"""The table scene: one scene for every game; a per-game helper adds that game's details.

Frame flow (ARCHITECTURE.md "The controller and the frame loop"): ``update`` advances the
presenter's timelines; only when they are idle does it call ``controller.tick`` and turn the
drained events into new timelines.  A click, drag or key becomes a move only through
``perform``, which submits it to the controller and shows the ``IllegalMove`` reason when it is
refused, in the player's language (``game.ui.refusal_text``).  At the end of a deal the summary overlay opens; at the end of the match the score
sheet.

Smoke mode (``main.py --smoke N``): a bot chooses the human seat's moves and they go through the
same ``perform`` path; the scene quits the app after N deals.
"""

from __future__ import annotations

import importlib
import logging
from random import Random
from typing import Any

import pygame

from game.ui.app import App, Scene
from game.ui.scenes import TABLE_HELPERS
from game.ui.text import t
from game.ui.widgets import (
    FELT,
    FELT_DARK,
    MUTED,
    Button,
    StatusLine,
    draw_text,
    free_spot,
    layout_row,
    render_text,
)

log = logging.getLogger(__name__)

DRAG_THRESHOLD = 12  # pixels before a press on a card becomes a drag


def setup_for(cfg: Any, game_id: str) -> dict[str, Any]:
    """The new-game screen's last choices for ``game_id`` (players, bot levels, options), or {}.

    Kept per game (``cfg.extra["match_setups"]``), so choosing six players for Schwimmen never
    reaches a Schnapsen table; a count outside the game's range is ignored."""
    from game.rules.registry import GAMES

    setups = cfg.extra.get("match_setups") or {}
    setup = setups.get(game_id) or {}
    legacy = cfg.extra.get("match_setup") or {}  # one setup for one game (tests, the monkey)
    if not setup and legacy.get("game_id") == game_id:
        setup = legacy
    players = setup.get("players")
    info = GAMES[game_id]
    if players is not None and not info.min_players <= players <= info.max_players:
        return {}
    return dict(setup)


class TableScene(Scene):
    def __init__(self, app: App, game_id: str = "schnapsen", level: str = "player", controller: Any = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.level = level
        self.controller = controller
        self.helper: Any = None
        self.presenter: Any = None
        self.status = StatusLine()
        self._notice_cache: tuple[tuple[str, tuple[int, int], str], tuple[tuple[int, int], int] | None] | None = None
        self.buttons: list[Button] = []
        self.menu_button = Button("menu", t("btn.menu"), pygame.Rect(0, 0, 0, 0))
        self.hover_card: Any = None
        self.selected = -1  # keyboard cursor in the hand
        self.press: tuple[Any, tuple[int, int]] | None = None  # (card, press position)
        self.dragging = False
        self.show_last_trick = False
        self.show_points = app.config.show_points
        self.trumps_first = True
        #: Dim the cards that may not be played (a setting; game.ui.session applies it).
        self.highlight_legal = True
        self.deals_done = 0
        self.summary_open = False
        self.autoplay = app.config.smoke_deals > 0
        self._auto_rng = Random(app.config.seed or 0)
        self._agent: Any = None
        self._obs: Any = None
        self._legal: tuple[Any, ...] = ()
        #: The match was handed to the session when the player left (the menu's Continue).
        self._kept = False

    # --- lifecycle -----------------------------------------------------------------------------

    def enter(self) -> None:
        if self.controller is None:
            self.controller = self._make_controller()
        module = importlib.import_module(TABLE_HELPERS[self.game_id])
        self.helper = module.make_helper(self)
        from game.ui.presenter import Presenter

        self.presenter = Presenter(self, speed=self.app.config.speed)
        self._refresh()
        self._present(self.controller.drain_events())
        self._warm_up()

    def _warm_up(self) -> None:
        """Render every card face, the back and the table's text once, off screen, so the
        first frames of the deal do not stall on art and font loading."""
        from game.ui.scenes.summary import warm_fonts

        self.presenter.warm_up()
        self.draw(pygame.Surface(self.app.size))
        warm_fonts(self.app.size)

    def exit(self) -> None:
        if self.controller is not None and not self._kept:
            self.controller.close()

    def _make_controller(self) -> Any:
        from game.controller import HUMAN, MatchController
        from game.rules.registry import GAMES

        cfg = self.app.config
        info = GAMES[self.game_id]
        # --players (or an older choice) counts only where this game can be played with it:
        # the menu may start any game after the new-game screen set a count for another one.
        players = cfg.players if cfg.players and info.min_players <= cfg.players <= info.max_players \
            else info.min_players
        if cfg.demo:
            human_seat = None
            levels = [self.level] * players
        else:
            human_seat = 0
            levels = [HUMAN] + [self.level] * (players - 1)
        # The new-game screen's choices (players, level per bot seat, options) for this game.
        setup = setup_for(cfg, self.game_id)
        options = None
        if setup:
            players = setup.get("players", players)
            options = setup.get("options")
            if not cfg.demo and setup.get("levels"):
                levels = [HUMAN] + list(setup["levels"])[: players - 1]
        return MatchController(self.game_id, players, human_seat=human_seat, levels=levels, options=options,
                               master_seed=cfg.seed, bot_pause=cfg.bot_pause, use_processes=cfg.use_processes)

    # --- seats ---------------------------------------------------------------------------------

    @property
    def human_seat(self) -> int:
        c = self.controller
        seat = c.round_seat(c.human_seat) if c.human_seat is not None else 0
        return 0 if seat is None else seat

    def seat_name(self, seat: int) -> str:
        if self.controller.human_seat is None:  # demo: bots only, numbered from 1
            return f"{t('seat.bot')} {seat + 1}"
        if seat == self.human_seat:
            return t("seat.you")
        return t("seat.bot") if self.controller.players == 2 else f"{t('seat.bot')} {seat + 1}"

    def helper_sort(self, cards: list[Any]) -> list[Any]:
        """The human's hand order (trumps first) for cards the presenter holds."""
        return self.helper.sort_cards(cards, self._obs)

    # --- the frame loop ------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Re-read the observation and the legal moves; rebuild the buttons."""
        self._obs = self.controller.observation()
        self._legal = self.controller.legal_moves() if self.controller.human_seat is not None else ()
        self.buttons = self.helper.buttons(self._legal, self._obs) if self._legal else []
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        w, h = self.app.size
        geo = self.presenter.geometry if self.presenter else None
        y = geo.buttons_y if geo else h - 260
        bh = max(36, h // 18)
        hook = getattr(self.helper, "layout_buttons", None)  # e.g. the bidding panel's own grid
        if hook is None or not hook(self.buttons, geo, (w, h)):
            layout_row(self.buttons, w // 2, y, bh, max_width=w - 80)
        if geo is not None:
            st = geo.status_rect
            self.menu_button.rect = pygame.Rect(st.right - 100, st.top, 100, st.height)

    def update(self, dt: float) -> None:
        self.status.update(dt)
        self.presenter.update(dt)
        if not self.presenter.idle:
            return
        c = self.controller
        if c.round_over:
            if not self.summary_open:
                self._open_summary()
            return
        c.tick(self.app.now)
        events = c.drain_events()
        if events:
            self._present(events)
        elif self.autoplay and c.awaiting_human:
            self._autoplay_move()

    def busy(self) -> bool:
        """Cards moving, a message fading, a bot's turn, the summary about to open: keep the
        frame rate.  Waiting for the player's click is not busy (the app rests)."""
        c, p = self.controller, self.presenter
        if c is None or p is None or not p.idle or self.autoplay:
            return True
        if self.status.toast_left > 0 or self.status.notice_left > 0:
            return True
        if c.round_over:
            return not self.summary_open
        return not c.awaiting_human

    def _present(self, events: list[Any]) -> None:
        self._refresh()
        for e in events:
            text = self.helper.describe(e, self._obs)
            if text:
                self.status.say(text)
        self.presenter.present(events, self._obs)
        self._layout_buttons()

    def perform(self, move: Any) -> bool:
        """Submit the human's move; a refused move shows its reason.  Returns True if applied."""

        if move is None or self.controller.round_over or not self.controller.awaiting_human:
            return False
        if not self.presenter.idle:
            self.presenter.skip()
        if self._claim_surely_false(move):
            self._ask_before_claim(move)
            return False
        return self._submit(move)

    def _claim_surely_false(self, move: Any) -> bool:
        """A claim of 66 that the player's own counted points cannot support (a Bummerl saved
        for a click); the setting ``confirm_claims`` turns the question off for purists."""
        if move.kind != "declare" or self.autoplay:
            return False
        session = getattr(self.app, "session", None)
        if session is not None and not getattr(session.settings, "confirm_claims", True):
            return False
        points = getattr(self._obs, "points", None)  # Schnapsen: own card points + marriages
        return isinstance(points, int) and points < 66

    def _ask_before_claim(self, move: Any) -> None:
        from game.ui.scenes.dialog import DialogScene

        def claim() -> None:
            if self.controller.awaiting_human and move in self.controller.legal_moves():
                self._submit(move)

        self.app.push(DialogScene(self.app, t("claim.title"), t("claim.body", points=self._obs.points),
                                  on_confirm=claim, confirm_label=t("claim.yes"), destructive=True))

    def _submit(self, move: Any) -> bool:
        from game.rules.base import IllegalMove
        from game.ui.refusal_text import translate_refusal

        try:
            self.controller.submit(move)
        except IllegalMove as e:
            reason = translate_refusal(e.reason, str(getattr(self.app.config, "deck_style", "french")))
            self.status.refuse(t("status.refused", reason=reason))
            self.presenter.refuse(move)
            return False
        self.selected = -1
        self._present(self.controller.drain_events())
        return True

    def auto_agent(self) -> Any:
        """The bot that plays the human seat in smoke runs and benchmarks (made once)."""
        if self._agent is None:
            from ai.base import make_agent

            self._agent = make_agent(self.game_id, "beginner", self.human_seat)
        return self._agent

    def _autoplay_move(self) -> None:
        obs = self.controller.observation()
        legal = self.controller.legal_moves()
        self.perform(self.auto_agent().choose(obs, legal, self._auto_rng))

    def _open_summary(self) -> None:
        self.summary_open = True
        self.deals_done += 1
        smoke = self.app.config.smoke_deals
        if smoke and (self.deals_done >= smoke or self.controller.match_over):
            log.info("smoke: %d deal(s) played", self.deals_done)
            self.app.quit(0)
            return
        hook = getattr(self.helper, "summary_scene", None)  # games with their own score sheet
        if hook is not None:
            self.app.push(hook())
            return
        from game.ui.scenes.summary import SummaryScene

        self.app.push(SummaryScene(self.app, self))

    def next_deal(self) -> None:
        """Called by the summary: deal the next round (or a new match after the last one)."""
        self.summary_open = False
        self.show_last_trick = False
        if self.controller.match_over:
            self.controller.close()
            self.controller = self._make_controller()
            self.presenter.reset()
        else:
            self.controller.next_round()
        self._present(self.controller.drain_events())

    def back_to_menu(self) -> None:
        """Leave the table; a match in progress is kept, and the menu offers to continue it."""
        from game.ui.scenes.menu import MenuScene

        session = getattr(self.app, "session", None)
        if session is not None and self.controller is not None:
            self._kept = session.guard.keep(self.controller)
        self.app.replace(MenuScene(self.app))

    # --- input ---------------------------------------------------------------------------------

    def _card_move(self, card: Any) -> Any:
        hook = getattr(self.helper, "card_move", None)  # select instead of play (swap, discard)
        if hook is not None:
            return hook(card, self._legal, self._obs)
        from game.rules.base import Move

        return Move("play", (card,))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.presenter.relayout()
            self._layout_buttons()
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._on_motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._on_press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._on_release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._on_key(event.key)
        return False

    def _on_motion(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons + [self.menu_button]:
            b.hover = b.rect.collidepoint(pos)
        if self.press is not None:
            card, start = self.press
            if self.dragging or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_THRESHOLD:
                self.dragging = True
                self.presenter.drag(card, pos)
            return True
        self.hover_card = self.presenter.hand_card_at(pos)
        return False

    def _on_press(self, pos: tuple[int, int]) -> bool:
        if self.menu_button.hit(pos):
            self.back_to_menu()
            return True
        for b in self.buttons if self.presenter.idle else ():
            if b.hit(pos):
                move = self.helper.action_move(b.action, self._legal)
                if move is not None:
                    self.perform(move)
                return True
        hook = getattr(self.helper, "on_press", None)  # clicks on the game's own table parts
        if hook is not None and hook(pos):
            return True
        card = self.presenter.hand_card_at(pos)
        if card is not None:
            self.press = (card, pos)
            self.dragging = False
            return True
        if self.presenter.pile_at(pos):
            self.show_last_trick = not self.show_last_trick
            return True
        if not self.presenter.idle:
            self.presenter.skip()  # a click on the felt hurries the animations
            return True
        self.show_last_trick = False
        return False

    def _on_release(self, pos: tuple[int, int]) -> bool:
        if self.press is None:
            return False
        card, _start = self.press
        dragged = self.dragging
        self.press = None
        self.dragging = False
        if dragged:
            self.presenter.drop(card)
            hook = getattr(self.helper, "drop_move", None)  # a card dragged onto a table card
            if hook is not None:
                self.perform(hook(card, pos, self._legal, self._obs))
                return True
            if not self.presenter.in_play_area(pos):
                return True
        self.perform(self._card_move(card))
        return True

    def _on_key(self, key: int) -> bool:
        if key == pygame.K_TAB:  # the move log panel (issue 23: game.ui.scenes.move_log)
            from game.ui.scenes import move_log

            move_log.toggle(self)
            return True
        if key == pygame.K_ESCAPE:
            if self.show_last_trick:
                self.show_last_trick = False
            else:
                self.back_to_menu()
            return True
        if key == pygame.K_l:
            self.show_last_trick = not self.show_last_trick
            return True
        if key == pygame.K_p:
            self.show_points = not self.show_points
            return True
        hand = self.presenter.hand_cards()
        if pygame.K_1 <= key <= pygame.K_9:
            n = key - pygame.K_1
            if n < len(hand):
                self.perform(self._card_move(hand[n]))
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = -1 if key == pygame.K_LEFT else 1
            self.selected = (self.selected + step) % len(hand) if self.selected >= 0 else (0 if step > 0 else len(hand) - 1)
            self.hover_card = hand[self.selected]
            return True
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.presenter.idle:
                self.presenter.skip()
                return True
            if 0 <= self.selected < len(hand):
                self.perform(self._card_move(hand[self.selected]))
                return True
            move = self.helper.default_move(self._legal, self._obs)
            if move is not None:
                self.perform(move)
            return True
        move = self.helper.key_move(key, self._legal, self._obs)
        if move is not None:
            self.perform(move)
            return True
        return False

    # --- drawing -------------------------------------------------------------------------------

    def legal_cards(self) -> set[Any]:
        return {m.cards[0] for m in self._legal if m.kind == "play" and m.cards}

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(FELT)
        pygame.draw.rect(surface, FELT_DARK, surface.get_rect(), width=max(6, w // 120))
        geo = self.presenter.geometry
        self.presenter.draw(surface)
        # While a refusal toast shows, it takes the place of the "your turn" line.
        to_move = self.controller.to_move
        if self.controller.round_over or self.status.toast or (to_move == self.human_seat and not self.presenter.idle):
            to_move = None
        self.helper.draw_hud(surface, self._obs, geo, to_move)
        if self.show_last_trick:
            self.presenter.draw_last_trick(surface, self._obs)
        if self.presenter.idle:  # decisions appear once the table has come to rest
            for b in self.buttons:
                b.draw(surface)
        self.menu_button.draw(surface)
        overlay = getattr(self.helper, "draw_overlay", None)  # e.g. the active rules (R)
        if overlay is not None:
            overlay(surface)
        status = geo.status_rect
        self._draw_match_score(surface, status)
        inner = pygame.Rect(status.left + status.width // 5, status.top, status.width * 3 // 5, status.height)
        self.status.draw(surface, inner, toast_at=geo.toast_pos, notice_at=self._notice_pos(surface, inner))
        hl = geo.label[self.human_seat]
        help_hook = getattr(self.helper, "help_text", None)
        draw_key_help(surface, help_hook() if help_hook else t("table.help"), (hl.left, hl.top - 6), max(11, h // 66),
                      max(hl.width, geo.hand_rect[self.human_seat].left - hl.left - 8))
        from game.ui.scenes import move_log  # the move log panel (Tab), over everything else

        move_log.draw(self, surface)

    def _notice_pos(self, surface: pygame.Surface, inner: pygame.Rect) -> tuple[tuple[int, int], int] | None:
        """Where a notice goes (top centre, wrapping width): the free spot nearest the status
        line that covers no seat, name, bubble, card in play, button or the turn line, trying
        narrower (taller) boxes when the wide one finds no room.  Cached per notice and size."""
        if not self.status.notice:
            return None
        key = (self.status.notice, surface.get_size(), getattr(self._obs, "phase", ""))
        if self._notice_cache is not None and self._notice_cache[0] == key:
            return self._notice_cache[1]
        at = self._find_notice_spot(surface, inner)
        self._notice_cache = (key, at)
        return at

    def _find_notice_spot(self, surface: pygame.Surface, inner: pygame.Rect) -> tuple[tuple[int, int], int] | None:
        geo = self.presenter.geometry
        w, h = surface.get_size()
        gap = 6
        # Schwimmen hangs a bubble ("knocked", "shoves") under a seat; keep that readable too.
        below = getattr(self.helper, "seat_bubble_height", lambda h: 0)(h)
        obstacles: list[pygame.Rect] = []
        for seat, hand in geo.hand_rect.items():
            r = hand.union(geo.label[seat])
            if hasattr(geo, "seat_box"):
                r = r.union(geo.seat_box(seat))
            r.height += below
            obstacles.append(r)
        obstacles += list(geo.trick_rect.values()) + [geo.stock_rect, geo.info_rect, geo.buttons_rect]
        middle = getattr(geo, "middle_rect", None)
        if middle is not None:
            obstacles.append(middle)
        extra = getattr(self.helper, "notice_obstacles", None)
        if extra is not None:
            obstacles += extra((w, h))
        hl, hand = geo.label[self.human_seat], geo.hand_rect[self.human_seat]
        obstacles.append(pygame.Rect(hl.left, hl.top - h // 14, max(hl.width, hand.left - hl.left), h // 14))  # key help
        obstacles.append(pygame.Rect(w // 4, geo.turn_pos[1] - h // 30, w // 2, h // 15))  # the turn line
        obstacles = [o.inflate(2 * gap, 2 * gap) for o in obstacles]
        bounds = pygame.Rect(8, inner.bottom + 4, w - 16, geo.buttons_rect.top - inner.bottom - 4)
        prefer = (inner.centerx, inner.bottom + 12)
        for width in (max(inner.width - 40, w // 2), w // 3, w // 4):
            box = self.status.notice_box(surface, inner, (0, 0), width, measure_only=True)
            spot = free_spot(bounds, box.size, obstacles, prefer)
            if spot is not None:
                # notice_box frames the text block 7 px below the point it is given
                return (spot.centerx, spot.top + 7), width
        return None  # no room anywhere: under the status line, as before

    def _draw_match_score(self, surface: pygame.Surface, status: pygame.Rect) -> None:
        m = self.controller.match
        h = surface.get_height()
        hook = getattr(self.helper, "match_score_text", None)  # games without two scores
        if hook is not None:
            draw_text(surface, hook(), (status.left + 6, status.centery), max(13, h // 46), MUTED, anchor="midleft",
                      max_width=status.width // 5 - 8)
            return
        me = self.controller.human_seat if self.controller.human_seat is not None else 0
        other = 1 - me if self.controller.players == 2 else (me + 1) % self.controller.players
        text = t("table.match_score", you=m.scores[me], bot=m.scores[other], name=self.seat_name(other))
        draw_text(surface, text, (status.left + 6, status.centery), max(13, h // 46), MUTED, anchor="midleft",
                  max_width=status.width // 5 - 8)


def draw_key_help(surface: pygame.Surface, text: str, bottomleft: tuple[int, int], size: int, max_width: int) -> list[pygame.Rect]:
    """The key help above the human's label: one line, or two split at a " · " when one line
    would not fit beside the hand (German and Japanese run long), so it never runs under the
    cards.  Returns the drawn line rectangles, bottom line first."""
    lines = [text]
    if render_text(text, size, MUTED).get_width() > max_width and " · " in text:
        parts = text.split(" · ")
        widths = [max(render_text(" · ".join(parts[:k]), size, MUTED).get_width(),
                      render_text(" · ".join(parts[k:]), size, MUTED).get_width()) for k in range(1, len(parts))]
        k = 1 + widths.index(min(widths))
        lines = [" · ".join(parts[:k]), " · ".join(parts[k:])]
    x, y = bottomleft
    rects = []
    for line in reversed(lines):
        r = draw_text(surface, line, (x, y), size, MUTED, anchor="bottomleft", max_width=max_width)
        rects.append(r)
        y = r.top - 1
    return rects
