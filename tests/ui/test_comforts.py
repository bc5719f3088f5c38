"""Settings (live and across a restart), undo by Ctrl+Z through the table, hints, the rules and
statistics screens, the diagnostic bundle and statistics of a bot-vs-bot match."""

from __future__ import annotations

import zipfile
from pathlib import Path
from random import Random

import pygame

from game import i18n
from game.controller import MatchController
from game.stats import Stats
from game.ui.app import App, AppConfig
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import ROWS, SettingsScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.table import TableScene
from game.ui.session import install, open_menu

DT = 1 / 60


def make_app(tmp: Path, seed: int = 3, record: bool = True) -> App:
    config = AppConfig(size=(1280, 720), settings_dir=tmp / "config", persist=False, speed=0.0, bot_pause=0.0,
                       use_processes=False, seed=seed)
    config.extra["data_dir"] = tmp / "data"
    app = App(config)
    install(app, cli_lang=None, state_folder=tmp / "state", record=record)
    return app


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step(DT)


def until_human(app: App, limit: int = 400) -> TableScene:
    for _ in range(limit):
        app.step(DT)
        table = app.scenes[0]
        if isinstance(table, TableScene) and app.scene is table and table.presenter.idle:
            if table.controller.awaiting_human and not table.controller.round_over:
                return table
    raise AssertionError("the human never got the turn")


def row(name: str) -> int:
    return [r[0] for r in ROWS].index(name)


def test_settings_apply_live_and_survive_a_restart(tmp_path):
    app = make_app(tmp_path)
    menu = open_menu(app)
    app.step(DT)
    key(app, pygame.K_F2)
    screen = app.scene
    assert isinstance(screen, SettingsScene)
    screen.focus = row("language")
    while app.session.settings.language != "de":
        key(app, pygame.K_RIGHT)
    assert i18n.t("menu.quit") == "Beenden"
    assert next(b for b in menu.buttons if b.action == "quit").label == "Beenden"  # relabelled live
    screen.focus = row("deck_style")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    screen.focus = row("show_own_points")
    key(app, pygame.K_RIGHT)
    screen.focus = row("trick_pause")
    key(app, pygame.K_LEFT)  # from 1 s back to 0.5 s
    expected = app.session.settings
    assert (expected.deck_style, expected.show_own_points, expected.trick_pause) == ("german", False, 0.5)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    # a table picks the settings up, and changes reach it while it is open
    menu.start()
    table = until_human(app)
    assert table.presenter.art.style == "german" and table.show_points is False
    assert table.presenter.trick_pause == 0.5
    app.session.change(deck_style="french4", highlight_legal=False, hand_sorting="rank", animation_speed=2.0)
    assert table.presenter.art.style == "french4" and table.highlight_legal is False
    assert table.presenter.anim.speed == 2.0
    hand = table.presenter.hand_cards()
    order = "ATKQJ"
    assert [order.index(c.rank.value) for c in hand] == sorted(order.index(c.rank.value) for c in hand)
    app.shutdown()

    i18n.set_language("en")
    app2 = make_app(tmp_path)  # a new start reads the file
    s = app2.session.settings
    assert s == app.session.settings and s.language == "de" and s.deck_style == "french4"
    assert i18n.current_language() == "de"
    assert app2.config.show_points is False
    app2.shutdown()


def test_ctrl_z_restores_the_exact_state_through_the_table(tmp_path):
    app = make_app(tmp_path)
    open_menu(app).start()
    table = until_human(app)
    c = table.controller
    before_state, before_log = c.state, list(c.move_log)
    before_hand = list(table.presenter.hand_cards())
    legal = c.legal_moves()
    assert table.perform(next(m for m in legal if m.kind == "play"))
    table = until_human(app)
    assert c.state != before_state
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert c.state == before_state and c.move_log == before_log and c.undo_used
    app.step(DT)
    assert table.presenter.hand_cards() == before_hand  # the picture follows the state
    assert table.status.text == i18n.t("undo.done")
    # the save file holds the undone state as well
    saved = (tmp_path / "data" / "current_match.json").read_text(encoding="utf-8")
    assert '"undo_used": true' in saved
    app.shutdown()


def test_hint_shows_the_suggestion_and_a_reason(tmp_path):
    app = make_app(tmp_path)
    open_menu(app).start()
    table = until_human(app)
    move, reason = table.controller.hint()
    assert reason
    key(app, pygame.K_h)
    dialog = app.scene
    assert isinstance(dialog, DialogScene) and dialog.title == i18n.t("hint.title")
    from game.ui.hint_text import translate_reason

    assert translate_reason(reason) in dialog.message  # the reason, its cards named ("ten of hearts")
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    app.shutdown()


def test_rules_screen_for_the_active_game_scrolls(tmp_path):
    app = make_app(tmp_path)
    menu = open_menu(app)
    app.step(DT)
    key(app, pygame.K_F1)
    rules = app.scene
    assert isinstance(rules, RulesScene) and rules.game_id == menu.game_id
    assert any(kind == "cards" for _y, kind, _p in rules.pieces)
    key(app, pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    key(app, pygame.K_END)
    end = rules.scroll
    key(app, pygame.K_DOWN)
    assert rules.scroll == end  # clamped at the end
    app.session.change(language="ja")
    app.step(DT)
    assert rules.pieces and i18n.current_language() == "ja"
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    app.shutdown()


def test_statistics_record_a_bot_vs_bot_match(tmp_path):
    app = make_app(tmp_path)
    c = MatchController("schnapsen", 2, human_seat=None, levels=["beginner", "beginner"], master_seed=21,
                        bot_pause=0.0, use_processes=False)
    c.on_change = app.session._on_change
    now = 0.0
    while not c.match_over:
        now += 1.0
        if c.round_over:
            c.next_round()
        c.tick(now)
    stats = Stats(tmp_path / "data" / "stats.sqlite3")
    deals, matches = stats.deals("schnapsen"), stats.matches("schnapsen")
    assert len(deals) == len(c.match.history) >= 2
    assert len(matches) == 1 and matches[0]["deals"] == len(c.match.history)
    assert matches[0]["won"] == int(0 in c.match.winners)
    assert sum(d["game_points"] for d in deals) == c.match.scores[0]
    assert all(d["match_id"] == matches[0]["id"] for d in deals)
    summary = stats.summary("schnapsen")
    assert summary[0].level == "beginner" and summary[0].matches == 1
    # the statistics screen shows them and resets them after the question
    open_menu(app)
    app.session.open_stats()
    screen = app.scene
    assert isinstance(screen, StatsScene) and screen.game == "schnapsen" and screen.summaries
    app.draw(app.screen)
    key(app, pygame.K_r)
    assert isinstance(app.scene, DialogScene)
    key(app, pygame.K_RETURN)
    assert app.scene is screen and screen.summaries == [] and stats.deals("schnapsen") == []
    app.shutdown()


def test_diagnostic_bundle_is_written_and_reported(tmp_path):
    app = make_app(tmp_path)
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / "kartenstube.log").write_text("a log line\n", encoding="utf-8")
    open_menu(app).start()
    until_human(app)
    path = app.session.diagnostic_bundle()
    assert path is not None and path.parent == tmp_path / "data" / "diagnostics"
    assert isinstance(app.scene, DialogScene) and str(path) in app.scene.message.replace("\n", "")
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        assert {"settings.json", "match.json", "logs/kartenstube.log"} <= names
        assert b'"game_id": "schnapsen"' in z.read("match.json")
    app.draw(app.screen)
    app.shutdown()


def test_random_play_with_undo_never_breaks_the_table(tmp_path):
    app = make_app(tmp_path)
    open_menu(app).start()
    rng = Random(4)
    for _ in range(6):
        table = until_human(app)
        if rng.random() < 0.4:
            key(app, pygame.K_z, pygame.KMOD_CTRL)
            continue
        legal = table.controller.legal_moves()
        table.perform(legal[rng.randrange(len(legal))])
    table = app.scenes[0]
    app.step(DT)
    obs = table.controller.observation()
    assert sorted(map(str, table.presenter.hand_cards())) == sorted(map(str, obs.hand))
    app.shutdown()
