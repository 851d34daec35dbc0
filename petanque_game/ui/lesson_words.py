"""What the lesson says after a throw and at its end (ui/scenes/lesson.py), from what the throw
taught (ai/petanque_lesson.py `Try`), in the window's language."""

from __future__ import annotations

import math

from petanque_game.ai.petanque_lesson import Target, Try
from petanque_game.ui.look import Look
from petanque_game.ui.table.coach import where_words

LOWER_FROM = 35.0  # degrees: a knock that fell short at this height or more is told to go lower
MOVED = 1.0  # mm: the other die moved less than this was not touched


def mm(value: float) -> str:
    return f"{value:.0f}"


def after_words(look: Look, tried: Try, name: str) -> tuple[str, list[str]]:
    """The heading (hit or not yet) and the lines after a throw: how close it came, where the
    hand's wobble took it, whether the aim itself was right, and for a knock the height."""
    tr = look.tr
    out = [_how_close(look, tried, name)]
    if tried.rest_on and tried.aimed_on:
        out.append(tr("lesson.wobble", where=where_words(look, tried.long, tried.left)))
    if tried.aimed_passed:
        out.append(tr("lesson.aim_good"))
    elif tried.passed:
        out.append(tr("lesson.aim_lucky"))
    elif tried.target.goal == "knock":
        out.append(tr("lesson.aim_knock", where=where_words(look, tried.aim_long, tried.aim_left),
                      name=name))
    else:
        out.append(tr("lesson.aim_off", where=where_words(look, tried.aim_long, tried.aim_left)))
    elevation = math.degrees(tried.aim.elevation)
    if tried.target.goal == "knock" and not tried.passed and elevation >= LOWER_FROM:
        out.append(tr("lesson.lower", degrees=mm(elevation)))  # right or not, a high knock fails
    return tr("lesson.hit" if tried.passed else "lesson.missed"), out


def _how_close(look: Look, tried: Try, name: str) -> str:
    tr, t = look.tr, tried.target
    if t.goal == "knock":
        if tried.passed:
            return tr("lesson.knock_out", name=name, mm=mm(tried.moved))
        dm = tried.table.diamond
        if dm is None or not dm.on_board or dm.reset:
            return tr("lesson.knock_diamond")
        if tried.moved < MOVED:
            return tr("lesson.knock_missed", name=name)
        return tr("lesson.knock_short", name=name, mm=mm(tried.moved), left=mm(tried.miss))
    if not tried.rest_on:
        return tr("lesson.off_board")
    if t.goal == "ring":
        return tr("lesson.ring_in") if tried.passed else \
            tr("lesson.ring_out", mm=mm(tried.miss))
    mine = tried.table.die_of(0, t.die or 0)
    away = mine.distance if mine is not None and mine.distance is not None else 0.0
    return tr("lesson.near_in", mm=mm(away)) if tried.passed else \
        tr("lesson.near_out", mm=mm(away), over=mm(tried.miss))


def done_words(look: Look, targets: list[Target], hits: list[int | None]) -> tuple[str, list[str]]:
    """The lesson's end: each target hit on which throw (or skipped), and what comes next."""
    tr = look.tr
    out = []
    for t, n in zip(targets, hits):
        goal = tr(f"lesson.goal_{t.goal}")
        out.append(tr("lesson.done_hit", goal=goal, n=n) if n is not None else
                   tr("lesson.done_skipped", goal=goal))
    out.append(tr("lesson.done_next"))
    return tr("lesson.done_title"), out
