"""The side panel of the table scene (players, this round's dice and distances, the aim) and the
line saying what to do next."""

from __future__ import annotations

import math

import pygame

from petanque_game.rules.petanque_table import Table
from petanque_game.rules.terningepetanque import closest_dice
from petanque_game.ui import dice, theme
from petanque_game.ui import table_draw as td
from petanque_game.ui.narrate import does
from petanque_game.ui.widgets import panel


def draw_side(scene, surface: pygame.Surface, rect: pygame.Rect, table: Table, old: bool) -> None:
    st = scene.state
    players = scene.session.players
    rows = pygame.Rect(rect.x, rect.y, rect.w, 16 + 62 * len(players))
    scene.draw_panel_players(surface, rows)
    box = pygame.Rect(rect.x, rows.bottom + 10, rect.w, rect.bottom - rows.bottom - 10)
    panel(surface, box)
    x, y = box.x + 14, box.y + 10
    if st.starter is None and not st.is_terminal:
        theme.blit_text(surface, "Who starts?", (x, y), 26, "text", True)
        y += 32
        passes = list(st.rolloff_passes) + [tuple(zip(st.rolloff_contenders, st.rolloff_rolls))]
        for n, rolls in enumerate(passes):
            for seat, value in rolls:
                body, pip = td.die_colours(seat)
                surface.blit(dice.die_face(value, 30, body, pip), (x, y))
                theme.blit_text(surface, f"{players[seat].name} rolled {value}", (x + 40, y + 15),
                                22, anchor="midleft")
                y += 36
            if n < len(passes) - 1:
                theme.blit_text(surface, "a tie: roll again", (x, y), 20, "muted")
                y += 24
        theme.blit_text(surface, "The highest throws the diamond first.", (x, box.bottom - 30),
                        19, "muted")
        return
    title = f"Round {st.round_number - 1}: final" if old else "This round"
    theme.blit_text(surface, title, (x, y), 24, "text", True)
    y += 30
    if table.diamond is not None and table.diamond.reset and not old:
        theme.blit_text(surface, "diamond reset to the centre (-5)", (x, y), 19, "bad")
        y += 22
    closest = closest_dice(table)
    for d in table.dice:
        if y > box.bottom - 110:
            break
        body, pip = td.die_colours(d.player)
        surface.blit(dice.die_face(d.face, 26, body, pip), (x, y))
        name = theme.fit(players[d.player].name, 21, 120)
        if d.on_board:
            col = "accent" if d in closest else "text"
            what = f"{d.distance:.0f} mm" + ("  closest" if d in closest else "")
        else:
            col, what = "bad", f"off the board (-{d.face})" if d.off_during == d.player else \
                "knocked off"
        theme.blit_text(surface, name, (x + 34, y + 13), 21, col, anchor="midleft")
        theme.blit_text(surface, what, (box.right - 12, y + 13), 20, col, anchor="midright")
        y += 30
    if not table.dice:
        theme.blit_text(surface, "no dice thrown yet", (x, y), 20, "muted")
    if old and st.last_points is not None:
        pts = ", ".join(f"{players[s].name} {p:+d}" for s, p in enumerate(st.last_points) if p)
        theme.blit_text(surface, theme.fit(pts or "no points", 20, box.w - 24), (x, box.bottom
                        - 104), 20, "accent")
    if scene.human_turn and not scene.busy and scene.due is not None:
        _draw_aim_meter(scene, surface, pygame.Rect(box.x + 12, box.bottom - 80, box.w - 24, 70))


def _draw_aim_meter(scene, surface: pygame.Surface, r: pygame.Rect) -> None:
    power = scene.charge()
    theme.blit_text(surface, f"Power {power * 100:.0f}%", (r.x, r.y), 21, "text", True)
    bar = pygame.Rect(r.x + 120, r.y + 2, r.w - 120, 16)
    pygame.draw.rect(surface, theme.colour("panel_light"), bar, border_radius=6)
    fill = bar.copy()
    fill.w = int(bar.w * power)
    pygame.draw.rect(surface, theme.mix((90, 200, 110), (240, 90, 70), power), fill,
                     border_radius=6)
    theme.blit_text(surface, f"Elevation {scene.elevation:.0f} deg", (r.x, r.y + 26), 21,
                    "text", True)
    t = scene.level.throw
    lo, hi = math.degrees(t.min_elevation), math.degrees(t.max_elevation)
    bar2 = pygame.Rect(r.x + 170, r.y + 28, r.w - 170, 16)
    pygame.draw.rect(surface, theme.colour("panel_light"), bar2, border_radius=6)
    fill2 = bar2.copy()
    fill2.w = int(bar2.w * (scene.elevation - lo) / max(1e-9, hi - lo))
    pygame.draw.rect(surface, (110, 160, 230), fill2, border_radius=6)
    theme.blit_text(surface, "hold+release: power, wheel: elevation", (r.x, r.y + 52), 17,
                    "muted")


def prompt(scene) -> str:
    st, s = scene.state, scene.session
    if s.over:
        return "Game over."
    if scene.busy:
        return "The throw is rolling..."
    seat = st.to_move if st.to_move >= 0 else None
    if seat is None:
        return ""
    who = s.players[seat].name
    if s.players[seat].kind == "ai":
        doing = "aiming" if scene.due else "playing"
        return does(who, f"is {doing}...", f"are {doing}...")
    if st.starter is None:
        return f"{who}: roll a die for who starts."
    if st.awaiting_accept:
        return f"{who}: keep this throw (Accept), or take it back and throw again?"
    _, obj, die = scene.due
    what = "the diamond" if obj == "diamond" else ("your first die" if die == 0 else
                                                   "your second die")
    return f"{who}: point with the mouse, hold the button and let go to throw {what}."
