"""What the table asks of the previews' thread (ui/table/foresee.py): the preview of an aim shown
(an AI's, a hint's) once it is worked out, and the person's own aim as the frame shows it, solved
and previewed off the frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from petanque_game.ui.table import foresee

if TYPE_CHECKING:
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
    level, n, table, hand = shown.level, shown.n, shown.state.table, shown.hand_for(seat)
    kept = shown.solved
    return foresee.worker.get(key, key,
                              lambda: preview(level, n, seat, launch, obj, table, hand, kept))


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
    level, n, table, hand = shown.level, shown.n, shown.state.table, shown.hand_for(seat)
    kept = shown.solved
    pointed = shown.pointed()
    if pointed is not None and (shown.aim_mode != "drag" or shown.keyed):
        # the point aimed at: the aim is solved there (aim.aim_at) off the frame too
        elevation, spin = shown.elevation, shown.spin

        def solved() -> tuple[Aim, Preview, tuple[float, float] | None]:
            launch = aim_at(level, n, seat, pointed, elevation, obj, spin, kept)
            return launch, preview(level, n, seat, launch, obj, table, hand, kept), pointed
        return foresee.worker.get(family, (family, "point", pointed, elevation, spin), solved)
    launch = shown.launch()
    if launch is None:
        return None
    return foresee.worker.get(family, (family, launch, pointed),
                      lambda: (launch, preview(level, n, seat, launch, obj, table, hand, kept),
                               pointed))
