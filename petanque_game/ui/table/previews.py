"""What the table asks of the previews' threads (ui/table/foresee.py; the App's, `shown.workers`):
the preview of an aim shown (an AI's, a hint's) once it is worked out, the person's own aim as
the frame shows it, solved and previewed off the frame, and an aim's risk (the hand's spread and
the chances of what may go wrong: `ai.petanque_risk.aim_risk`), worked out in steps on a thread
of its own."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

# (imported with the table, not in the frame that first asks: importing it costs tens of ms)
from petanque_game.ai.petanque_risk import Risk, aim_risk_steps
from petanque_game.ui.table.foresee import OVERTAKEN

if TYPE_CHECKING:
    from petanque_game.ai.petanque_spread import Spread
    from petanque_game.rules.petanque_table import Aim
    from petanque_game.ui.table.aim import Preview
    from petanque_game.ui.table.shown import Previewed, TableShown


def _throw(shown: Previewed, seat: int, obj: str) -> tuple:
    """What a preview of a throw by `seat` of `obj` depends on besides its aim: the level, the
    players' number, the table as it lies and the thrower's hand."""
    return (id(shown.level), shown.n, seat, obj, shown.state.table, shown.hand_for(seat))


def foreseen(shown: Previewed, launch: Aim, seat: int, obj: str) -> Preview | None:
    """The preview of `launch` (an AI's aim, a hint's) once it is worked out; None until then
    (no other aim's preview stands in for it)."""
    from petanque_game.ui.table.aim import preview

    key = (_throw(shown, seat, obj), launch)
    level, n, table = shown.level, shown.n, shown.state.table
    kept = shown.solved
    return shown.workers.previews.get(
        key, key, lambda: preview(level, n, seat, launch, obj, table, kept))


def own_aim(shown: TableShown) -> tuple[Aim, Preview, tuple[float, float] | None] | None:
    """The person's aim as the frame shows it: (the aim, its preview, the point aimed at or
    None), for the aim taken now once it is worked out, meanwhile the last one worked out for
    this throw; None when no aim is taken (or none is worked out yet)."""
    from petanque_game.ui.table.aim import aim_at, preview

    due = shown.due
    if due is None:
        return None
    seat, obj = due[0], due[1]
    family = _throw(shown, seat, obj)
    level, n, table = shown.level, shown.n, shown.state.table
    kept = shown.solved
    pointed = shown.pointed()
    if pointed is not None and (shown.aim_mode != "drag" or shown.keyed):
        # the point aimed at: the aim is solved there (aim.aim_at) off the frame too
        elevation, spin = shown.elevation, shown.spin

        def solved() -> tuple[Aim, Preview, tuple[float, float] | None]:
            launch = aim_at(level, n, seat, pointed, elevation, obj, spin, kept)
            return launch, preview(level, n, seat, launch, obj, table, kept), pointed
        return shown.workers.previews.get(family, (family, "point", pointed, elevation, spin),
                                          solved)
    launch = shown.launch()
    if launch is None:
        return None
    return shown.workers.previews.get(
        family, (family, launch, pointed),
        lambda: (launch, preview(level, n, seat, launch, obj, table, kept), pointed))


@dataclass(frozen=True)
class Risked:
    """An aim's risk as the frame shows it: the aim's own (`current`), or meanwhile the last one
    worked out for the same throw, its spread moved to the aim's rest point (its figures are
    another aim's: not shown)."""

    risk: Risk
    current: bool
    spread: Spread | None  # where the hand's throws stop (moved, when not current)
    told: bool  # its figures are for the words (the person's own aim; not an AI's, a hint's)


def risk_of(shown: Previewed, launch: Aim, p: Preview, seat: int, obj: str,
            told: bool = True) -> Risked | None:
    """The risk of `launch` (whose preview is `p`) thrown by `seat`, worked out on the risks'
    thread a sample throw at a time in the window's quiet time; meanwhile the last one worked
    out for the same throw, or None. `told`: its figures are to be written (the person's own
    aim, which moves: the last one stands in); an aim not told (an AI's, a hint's) is a family
    of its own, so that it and the person's aim never overtake each other."""
    family = ("risk", _throw(shown, seat, obj), None if told else launch)
    level, n, table, hand = shown.level, shown.n, shown.state.table, shown.hand_for(seat)
    rest, risks = p.rest, shown.workers.risks

    def work() -> Any:
        for step in aim_risk_steps(level, table, n, seat, obj, launch, hand):
            if step is not None:
                return launch, rest, step
            if not risks.between():
                return OVERTAKEN
        raise AssertionError("the risk's steps end with the Risk")

    got = risks.get(family, (family, launch), work)
    if got is None:
        return None
    aim, then, risk = got
    if aim == launch:
        return Risked(risk, True, risk.spread, told)
    moved = None if risk.spread is None else replace(
        risk.spread, x=risk.spread.x + rest[0] - then[0], y=risk.spread.y + rest[1] - then[1])
    return Risked(risk, False, moved, told)
