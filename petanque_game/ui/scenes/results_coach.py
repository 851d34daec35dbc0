"""The coach's summary of a person's Terningepetanque game on the results screen: each coached
person's aims against the expert's and what their hand cost (ai/petanque_coach.py `Summary`,
kept by the table's coach, ui/table/coach.py), a line each under the headline's."""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.ui.look import Look

SIZE = 18  # px: the summary's words


def coach_lines(app: Any) -> list[str]:
    """The summary of each person the table under the results screen coached (none: no coach,
    or not a table)."""
    look = app.look
    from petanque_game.ui.table.coach import summary_words

    coach = getattr(app.top, "coach", None) if app.scenes else None
    if coach is None:
        return []
    coach.poll()  # (the last throw's lesson, if it is there by now)
    return [" ".join((look.tr("coach.results_title", name=coach.names[seat]),
                      summary_words(look, s, coach.names[seat])[1]))
            for seat, s in sorted(coach.summaries.items()) if s.throws]


def draw_coach(look: Look, surface: pygame.Surface, lines: list[str], room: pygame.Rect) -> None:
    """The lines wrapped to `room` (under the scores, beside the chart), at its foot."""
    wrapped = [part for line in lines for part in look.wrap(line, SIZE, room.w)]
    y = room.bottom - (SIZE + 4) * len(wrapped)
    for part in wrapped:
        look.blit_text(surface, part, (room.x, y), SIZE, "muted")
        y += SIZE + 4
