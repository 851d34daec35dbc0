"""The side panel of the table scene (players, this round's dice and distances, the aim and the
hint) and the line saying what to do next. It draws the state the scene shows (`shown.state`),
so nothing of a throw in the air is told before it has come to rest."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from petanque_game.rules.petanque_table import Aim, Table
from petanque_game.rules.terningepetanque import closest_dice
from petanque_game.ui import theme
from petanque_game.ui.keys import key_names
from petanque_game.ui.look import Look
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.distances import distance_figures
from petanque_game.ui.table.hint import as_previewed, hint_words
from petanque_game.ui.table.kept import KeptParts
from petanque_game.ui.table.previews import foreseen
from petanque_game.ui.widgets import panel, shade

SMALL = 19  # px: the panel's least text (12 px high in an 800x600 window)
ROLL_H, AGAIN_H = 36, 24  # px: a roll's line for who starts, and "roll again" after a pass
RULE_ROOM = 54  # px at the box's foot for the rule (who throws the diamond), and a gap

if TYPE_CHECKING:
    from petanque_game.ui.table.shown import TableShown


def draw_side(shown: TableShown, surface: pygame.Surface, rect: pygame.Rect, table: Table,
              old: bool) -> None:
    """The side panel: the players' rows, and below them this round's dice, the aim and the
    hint; each part kept as a picture per everything it shows (ui/table/kept.py)."""
    look = shown.look
    rows, box = side_parts(rect, len(shown.session.players))
    rows_key, draw_rows = shown.panel_players(rows)
    kept_panel(look, shown.pictures.kept, surface, rows, "players", rows_key, draw_rows)
    kept_panel(look, shown.pictures.kept, surface, box, "round", side_key(shown, table, old),
               lambda on, r: _draw_box(shown, on, r, table, old),
               lambda on, r: shade(look, on,
                                   rows.move(r.x - box.x, r.y - box.y)))  # its last row


def side_parts(rect: pygame.Rect, players: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The side panel's two parts in `rect`: the players' rows, and the round's box below."""
    rows = pygame.Rect(rect.x, rect.y, rect.w, 16 + 62 * players)
    return rows, pygame.Rect(rect.x, rows.bottom + 10, rect.w, rect.bottom - rows.bottom - 10)


def side_key(shown: TableShown, table: Table, old: bool) -> tuple:
    """Everything the side panel's lower part shows depends on: the state shown and the
    session's, the table, the reckoning's round, the aim's height, spin and power, the hint,
    the players, the language and the colours."""
    look = shown.look
    s, hint, reckoning = shown.session, shown.hint, shown.reckoning
    aiming = shown.aiming
    return (shown.state, s.state, table, old,
            reckoning.round if reckoning is not None and shown.flight is None else None,
            aiming, hint.current(s.state), hint.searching(s.state),
            hint.problem_shown(s.state), shown.aim_mode,
            shown.charge() if aiming and shown.aim_mode == "power" else None, shown.elevation,
            shown.spin, tuple(s.players), look.language(), colours_key(look))


def _draw_box(shown: TableShown, surface: pygame.Surface, box: pygame.Rect, table: Table,
              old: bool) -> None:
    look = shown.look
    st = shown.state
    players = shown.session.players
    panel(look, surface, box)
    x, y = box.x + 14, box.y + 10
    if st.starter is None and not st.is_terminal:
        _draw_rolloff(shown, surface, box)
        return
    if shown.reckoning is not None and shown.flight is None:
        title = look.tr("table.panel.reckoning", round=shown.reckoning.round)
    elif old:
        title = look.tr("table.panel.last_round", round=st.round_number - 1)
    else:
        title = look.tr("table.panel.this_round")
    look.blit_text(surface, look.fit(title, 24, box.w - 24, True), (x, y), 24, "text", True)
    y += 30
    if table.diamond is not None and table.diamond.reset and not old:
        look.blit_text(surface, look.fit(look.tr("table.panel.diamond_reset"), 19, box.w - 24),
                        (x, y), 19, "bad")
        y += 22
    aiming = shown.aiming
    hinted = aiming and (shown.hint.current(shown.session.state) is not None
                         or shown.hint.searching(shown.session.state))
    meter = _meter_height(shown, box.w - 24) if aiming else 0
    bottom = box.bottom - (meter + 12 + (65 if hinted else 0) if aiming else 40)
    closest = closest_dice(table)
    # Closest first, the dice off the board last: when they do not all fit, the ones that
    # decide the round are the ones shown.
    listed = sorted(table.dice, key=lambda d: (not d.on_board, d.distance or 0.0))
    room = max(1, (bottom - y) // 26)
    if len(listed) > room:
        listed = listed[:room - 1]
    figures = distance_figures(look, table)  # (the reckoning's: a tie said to its deciding figure)
    for d in listed:
        body, pip = td.die_colours(look, d.player)
        surface.blit(shown.pictures.dice.die_face(look, d.face, 22, body, pip), (x + 2, y + 2))
        name = look.fit(players[d.player].name, 21, 100)
        if d.on_board:
            col = "accent" if d in closest else "text"
            what = figures[(d.player, d.die)]
            if d in closest:
                what = look.tr("table.panel.closest", distance=what)
        elif d.off_during == d.player:
            col, what = "bad", look.tr("table.panel.off", points=f"-{d.face}")
        else:
            col, what = "bad", look.tr("table.reckoning.knocked_off")
        named = look.blit_text(surface, name, (x + 34, y + 13), 20, col, anchor="midleft")
        room = box.right - 12 - named.right - 8  # what the name leaves of the row
        look.blit_text(surface, look.fit(what, 19, room), (box.right - 12, y + 13), 19,
                        col, anchor="midright")
        y += 26
    if len(listed) < len(table.dice):
        look.blit_text(surface, look.tr_n("table.panel.more", len(table.dice) - len(listed)),
                        (x, y + 2), SMALL, "muted")
    if not table.dice:
        look.blit_text(surface, look.tr("table.panel.no_dice"), (x, y), 20, "muted")
    if old and st.last_points is not None and not aiming:
        pts = ", ".join(f"{players[s].name} {p:+d}" for s, p in enumerate(st.last_points) if p)
        look.blit_text(surface, look.fit(pts or look.tr("table.panel.no_points"), 20,
                                           box.w - 24), (x, box.bottom - 34), 20, "accent")
    if aiming:
        _draw_aim_meter(shown, surface, pygame.Rect(box.x + 12, box.bottom - meter - 8,
                                                    box.w - 24, meter))
    elif shown.hint.current(shown.session.state) is not None:  # keeping a throw: its worth
        hint = shown.hint.current(shown.session.state)
        said = hint_words(look, hint, shown.session.state, shown.session.players)
        lines = look.wrap(said, SMALL, box.w - 24)[-3:]
        for i, line in enumerate(lines):
            look.blit_text(surface, line, (x, box.bottom - 10 - 21 * (len(lines) - i)), SMALL,
                            (120, 200, 255))


KEPT_COLOURS = ("background", "panel", "panel_light", "edge", "accent", "text", "muted", "good",
                "bad", "button", "disabled", "button_text")


def colours_key(look: Look) -> tuple:
    """What the panels' colours depend on: the palette and the colours in use."""
    used = look.colouring
    return (used.palette if used is not None else None,
            tuple(look.colour(name) for name in KEPT_COLOURS))


def kept_panel(look: Look, kept: KeptParts, surface: pygame.Surface, rect: pygame.Rect, name: str,
               key: tuple,
               draw: Callable[[pygame.Surface, pygame.Rect], None],
               under: Callable[[pygame.Surface, pygame.Rect], None] | None = None) -> None:
    """A panel at `rect` on the window's background, drawn by `draw(on, rect)` once per `key`
    (everything it shows depends on) and blitted from then on (ui/table/kept.py). The picture
    takes in the panel's shadow (widgets.py `panel`: 8 px right, 11 px down) and the arrow left
    of the row of the player to move (game_scene.py `draw_players`: 4 px out); `under(on, rect)`
    draws what the panel above leaves under its top edge (its shadow's last row). It may be a
    frame or a few late when other parts change with it (kept.py)."""
    room = pygame.Rect(rect.x - 8, rect.y, rect.w + 15, rect.h + 11)

    def at_(on: pygame.Surface, at: tuple[int, int],
            paint: Callable[[pygame.Surface, pygame.Rect], None]) -> None:
        paint(on, rect.move(at[0] - room.x, at[1] - room.y))

    kept.keep(look, surface, room, name, key, lambda on, at: at_(on, at, draw),
              None if under is None else lambda on, at: at_(on, at, under), late=True,
              alone=True)


def _draw_rolloff(shown: TableShown, surface: pygame.Surface, box: pygame.Rect) -> None:
    look = shown.look
    st, players = shown.state, shown.session.players
    x, y = box.x + 14, box.y + 10
    look.blit_text(surface, look.tr("table.start.title"), (x, y), 26, "text", True)
    y += 32
    passes = [*st.rolloff_passes, tuple(zip(st.rolloff_contenders, st.rolloff_rolls))]
    rule = look.wrap(look.tr("table.start.rule"), 19, box.w - 28)[:2]
    shown_passes = passes_that_fit(passes, box.bottom - RULE_ROOM - y)
    if not shown_passes:  # the last pass alone reaches the rule: the rule gives way
        rule, shown_passes = [], passes_that_fit(passes, box.bottom - 8 - y) or passes[-1:]
    if len(shown_passes) < len(passes):  # the earlier passes left out: who rolls again
        first = shown_passes[0]  # (the pass under way: all its contenders, rolled or not)
        seats = st.rolloff_contenders if len(shown_passes) == 1 else [s for s, _ in first]
        names = ", ".join(players[seat].name for seat in seats)
        look.blit_text(surface, look.fit(look.tr("table.start.tie", names=names), 20, box.w - 28),
                       (x, y), 20, "muted")
        y += AGAIN_H
    for n, rolls in enumerate(shown_passes):
        for seat, value in rolls:
            body, pip = td.die_colours(look, seat)
            surface.blit(shown.pictures.dice.die_face(look, value, 30, body, pip), (x, y))
            said = look.tr("table.start.rolled", name=players[seat].name, value=value)
            look.blit_text(surface, look.fit(said, 22, box.w - 70), (x + 40, y + 15), 22,
                            anchor="midleft")
            y += ROLL_H
        if n < len(shown_passes) - 1:
            look.blit_text(surface, look.tr("table.start.again"), (x, y), 20, "muted")
            y += AGAIN_H
    for i, line in enumerate(rule):
        look.blit_text(surface, line, (x, box.bottom - 50 + 21 * i), 19, "muted")


def passes_that_fit(passes: list[tuple], room: int) -> list[tuple]:
    """The latest passes of the roll for who starts whose lines fit in `room` px (a die's line
    each roll, "roll again" after every pass but the last, and a line of who rolls again above
    them when earlier passes are left out: those are in the log). None fit: an empty list."""
    for first in range(len(passes)):
        kept = passes[first:]
        lines = sum(ROLL_H * len(rolls) for rolls in kept) + AGAIN_H * (len(kept) - 1)
        if lines + (AGAIN_H if first else 0) <= room:
            return kept
    return []


def _previewed(shown: TableShown, hint: Any) -> Any:
    """The hint as its preview shows its path (`hint.as_previewed`)."""
    due = shown.due
    if due is None or not isinstance(hint.action, Aim):
        return hint
    return as_previewed(hint, foreseen(shown, hint.action, due[0], due[1]))


def _aim_keys(shown: TableShown, width: int) -> list[str]:
    """The aim's keys, as the lines under its meters `width` px wide show them (three at most)."""
    look = shown.look
    return look.wrap(look.tr(f"table.aim.keys_{shown.aim_mode}"), SMALL, width)[:3]


def _meter_height(shown: TableShown, width: int) -> int:
    """How tall the aim's meters are (the power's in power aiming, the height's, the spin's) with
    their keys below, `width` px wide."""
    return (24 if shown.aim_mode == "power" else 0) + 24 + 23 + 20 * len(_aim_keys(shown, width))


def _draw_aim_meter(shown: TableShown, surface: pygame.Surface, r: pygame.Rect) -> None:
    look = shown.look
    y = r.y
    hint = shown.hint.current(shown.session.state)
    if shown.hint.searching(shown.session.state):
        look.blit_text(surface, look.tr("table.hint.searching"), (r.x, y - 24), SMALL, "muted")
    elif hint is not None:
        lines = look.wrap(hint_words(look, _previewed(shown, hint), shown.state,
                                     shown.session.players), SMALL, r.w)[-3:]
        for i, line in enumerate(lines):
            look.blit_text(surface, line, (r.x, y - 21 * (len(lines) - i)), SMALL,
                            (120, 200, 255))
    elif (problem := shown.hint.problem_shown(shown.session.state)) is not None:
        look.blit_text(surface, look.fit(problem, SMALL, r.w), (r.x, y - 22), SMALL, "muted")
    if shown.aim_mode == "power":
        power = shown.charge()
        _bar(look, surface, pygame.Rect(r.x, y, r.w, 18), look.tr("table.aim.power",
                                                            percent=f"{power * 100:.0f}"),
             power, theme.mix((90, 200, 110), (240, 90, 70), power))
        y += 24
    t = shown.level.throw
    lo, hi = math.degrees(t.min_elevation), math.degrees(t.max_elevation)
    _bar(look, surface, pygame.Rect(r.x, y, r.w, 18),
         look.tr("table.aim.elevation", degrees=look.decimal(shown.elevation)),
         (shown.elevation - lo) / max(1e-9, hi - lo), (110, 160, 230))
    y += 24
    spin = shown.spin / max(1e-9, t.max_spin)
    said = look.tr("table.aim.spin_none") if abs(spin) < 1e-9 else look.tr(
        "table.aim.spin_left" if spin > 0 else "table.aim.spin_right",
        percent=f"{abs(spin) * 100:.0f}")
    look.blit_text(surface, said, (r.x, y), SMALL, "text", True)
    y += 23
    for line in _aim_keys(shown, r.w):
        look.blit_text(surface, line, (r.x, y), SMALL, "muted")
        y += 20


def _bar(look: Look, surface: pygame.Surface, r: pygame.Rect, label: str, share: float,
         col: tuple[int, int, int]) -> None:
    look.blit_text(surface, label, (r.x, r.y), SMALL, "text", True)
    bar = pygame.Rect(r.x + 150, r.y + 2, r.w - 150, r.h - 4)
    pygame.draw.rect(surface, look.colour("panel_light"), bar, border_radius=6)
    fill = bar.copy()
    fill.w = int(bar.w * max(0.0, min(1.0, share)))
    pygame.draw.rect(surface, col, fill, border_radius=6)


def prompt(shown: TableShown) -> str:
    look = shown.look
    st, s = shown.state, shown.session
    if s.over and not shown.busy:
        return look.tr("table.prompt.over")
    if shown.flying:
        return look.tr("table.prompt.rolling")
    if shown.reckoning is not None:
        return look.tr("table.prompt.reckoning") if shown.reckoning.wait is None else \
            look.tr("table.prompt.reckoning_auto")
    roll = shown.start_roll
    if roll is not None and not roll.done:  # who starts once the pass is read, as the tray says
        return roll.verdict(s.players) or look.tr("table.prompt.start_roll")
    online = getattr(s, "waiting_line", None)  # a seat decided on another computer
    if online:
        return str(online)
    seat = st.to_move if st.to_move >= 0 else None
    if seat is None:
        return ""
    who = s.players[seat].name
    if s.players[seat].kind == "ai":
        return look.tr("table.prompt.ai_aims" if shown.due else "table.prompt.ai_plays",
                       name=who)
    if st.starter is None:
        return look.tr("table.prompt.roll", name=who)
    if st.awaiting_accept:
        if shown.keeping:
            return look.tr("table.prompt.kept", name=who,
                           keys=key_names(look, shown.app.settings, "rethrow"))
        return look.tr("table.prompt.accept", name=who)
    assert shown.due is not None  # (a person to throw)
    _, obj, die = shown.due
    what = look.tr("table.prompt.diamond" if obj == "diamond" else
                   "table.prompt.first_die" if die == 0 else "table.prompt.second_die")
    key = f"table.prompt.{shown.aim_mode}"
    return look.tr(key, name=who, what=what)
