"""Rebuilding a match from its record: the recorded events folded through the rules, each outcome
taken from the record, checked on the way (docs/design.md#the-record-is-the-game; docs/records.md,
"What `verify` checks"). The seed's streams are drawn here only to check what the record holds.

`verify`, replay and resume all go through `match.rebuild`, which builds the fresh match and hands
it to `fold` here; each event, once checked where it stands, is made by `Match.advance`, the path
live play takes, so the transitions a fold leaves are those the live game made. They all refuse
the same records:
- an event the rules refuse, or one whose shape is wrong: RecordError (verify exit 2);
- a recorded outcome that differs from what the engine computes: OutcomeMismatch (exit 1). That is
  a throw's outcome against the physics (`check_physics`), a `round_end` or the `result` against
  the rules, and every chance outcome against the record's seed: each roll's dice, each die's
  orientation in the hand and each throw's tumble (physics version 3 on) must be what the match's
  keyed streams draw there (`Match.stream`), so a record whose dice were edited is caught. The
  AI's hand wobble is drawn too, but it is added to an aim that is not recorded, so it cannot be
  checked.

A record whose top level names a `chance` scheme (`draws.py`) holds the contributions of each draw
in the event that makes it: `recorded_mix` reads them (RecordError for a missing, misplaced or
malformed one), checks each reveal of a game of hash chains against that peer's chain
(SeedMismatch, exit 1, for a forged one) and gives the mix that keys the event's streams, so
every roll, orientation and tumble is checked against the seed and the contributions together.

A throw's launch holds a `tumble` exactly when the record's physics version is 3 or later
(`holds_tumbles`): a launch of a version 3 record without one, or of an older record with one, is
refused (RecordError), so an old record keeps re-simulating with the physics it was made with.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from petanque_game.draws import (
    HASH_CHAINS,
    ChanceError,
    ForgedReveal,
    Revealed,
    mix_of,
    read_contributions,
)
from petanque_game.record import Record, RecordError, check_table_within, decode_event
from petanque_game.rules.base import ENGINE, TERMINAL, IllegalAction
from petanque_game.rules.games import spec_of


class OutcomeMismatch(Exception):
    """A recorded outcome, round_end or result that differs from what the engine computes."""

    def __init__(self, reason: str, index: int | None):
        super().__init__(reason)
        self.reason = reason
        self.index = index


class SeedMismatch(OutcomeMismatch):
    """A recorded chance outcome (a roll, a die's orientation in the hand, a tumble) that is not
    what the record's seed draws there: the record was edited, or made by a program that draws
    otherwise."""


def physics_version(record: Record) -> int | None:
    """The physics version a Terningepetanque record was made with (1 when it names none; None
    when what it names is not a version at all)."""
    version = record.extra.get("physics", 1)
    return version if type(version) is int and 0 < version < 1000 else None


def holds_tumbles(record: Record) -> bool:
    """Do the throws of `record` hold a tumble (physics version 3 on: `physics/knocked.py`)?"""
    from petanque_game.physics import TUMBLE_VERSION

    version = physics_version(record)
    return version is not None and version >= TUMBLE_VERSION


def fold(match: Any, *, check_physics: bool = True,
         on_event: Callable[[int, Any], None] | None = None) -> None:
    """Fold the events of `match.record` through the rules, from the fresh game `match` holds:
    afterwards `match` stands as it did after the last event (`match.rebuild` is the entry).

    RecordError for an event the rules refuse (verify exit 2); OutcomeMismatch for a recorded
    outcome, round_end or result that differs from what the engine computes, SeedMismatch (one)
    for a roll or an orientation the seed does not draw (exit 1). With `check_physics`, every
    throw is simulated again and compared with its recorded outcome.

    `match` is a `match.Match` (not imported here: match imports this module).
    """
    record = match.record
    spec = spec_of(record.game)
    events, record.events = record.events, []
    scheme = record.extra.get("chance")
    if isinstance(scheme, dict) and scheme.get("scheme") == HASH_CHAINS:
        match.chains = Revealed(scheme["commitments"])
    if spec.board:
        _load_board(match)
    n = len(record.players)
    for index, raw in enumerate(events):
        event = decode_event(record.game, raw, n, index)
        try:
            _apply_recorded(match, event, raw, index, check_physics)
        except IllegalAction as e:
            raise RecordError(str(e), index) from None
        except SeedMismatch:
            raise  # not the physics: the seed's draws do not depend on its version
        except OutcomeMismatch as e:
            raise _older_physics(record, e) from None
        if on_event is not None:
            on_event(index, match.state)
    if record.result is not None:
        if not match.over:
            raise OutcomeMismatch("the record has a result but the game is not over", None)
        expect = {"scores": list(match.state.scores()), "winners": list(match.state.winners())}
        if record.result != expect:
            raise OutcomeMismatch(f"the recorded result {record.result} differs from the "
                                  f"rules' {expect}", None)
    elif match.over:
        record.result = {"scores": list(match.state.scores()),
                         "winners": list(match.state.winners())}


def _load_board(match: Any) -> None:
    """The record's board, before any event: one that cannot be loaded makes the record unusable."""
    from petanque_game.physics import LevelError

    try:
        _ = match.level
    except (LevelError, OSError) as e:
        raise RecordError(f"the board {match.record.level!r} cannot be loaded: {e}") from None


def _older_physics(record: Record, mismatch: OutcomeMismatch) -> OutcomeMismatch:
    """A mismatch in a record made with another version of the physics says so first."""
    if not spec_of(record.game).board:
        return mismatch
    from petanque_game.physics import PHYSICS_VERSION, SIMULATED_VERSIONS

    version = physics_version(record)
    if version in SIMULATED_VERSIONS:
        return mismatch  # a version this program still simulates: the outcome is simply wrong
    age = "an older" if version is not None and version < PHYSICS_VERSION else "another"
    shown = "unknown" if version is None else version
    versions = " and ".join(str(v) for v in SIMULATED_VERSIONS)
    return OutcomeMismatch(f"recorded with {age} physics (version {shown}; this program "
                           f"simulates versions {versions}): {mismatch.reason}", mismatch.index)


def _apply_recorded(match: Any, event: Any, raw: dict[str, Any], index: int,
                    check_physics: bool) -> None:
    """One recorded event checked where it stands, then made by `Match.advance`, the path live
    play takes, with its outcome taken from the record and checked there."""
    spec, state = match.spec, match.state
    if state.to_move == TERMINAL:
        raise IllegalAction("over_then", action=event.action)
    implied = spec.implied(state, event) if spec.implied is not None else None
    if implied is not None:  # a decision the record leaves out (a throw not taken back)
        match.advance(implied)
        state = match.state
    if event.player is None:  # the engine's own step: it must be the one the rules give
        if state.to_move != ENGINE:
            raise IllegalAction(event.early)
        due = state.engine_action()
        reason = event.mismatch(due)
        if reason:
            raise OutcomeMismatch(reason, index)
        match.advance(due, event, raw)
        return
    if state.to_move == ENGINE:
        raise IllegalAction(spec.codec_for(state.engine_action()).expected)
    seat = state.to_move
    if seat < 0:
        raise IllegalAction("no_one_to_move")
    if event.player != seat:
        raise IllegalAction("wrong_player", given=event.player, seat=seat)
    match.advance(event.decision, event, raw, check_physics)


def recorded_throw(match: Any, state: Any, settle: Any, index: int, check_physics: bool) -> Any:
    """The state after a recorded throw's `settle`, its launch and its chance checked against
    the seed and, with `check_physics`, its rest against the physics."""
    from petanque_game.physics import LaunchError, check_launch, simulate_throw

    outcome = settle.table
    player, obj, die, launch, table = state.pending_throw
    try:
        check_launch(match.level, state.num_players, player, launch)
    except LaunchError as e:
        raise RecordError(f"launch: {e}", index) from None
    check_table_within(outcome, match.level.world_half_size, index)
    _check_tumble_held(match.record, launch.tumble, index)
    _check_drawn(match, obj, launch.orientation, index, "hand")
    if launch.tumble is not None:
        _check_drawn(match, obj, launch.tumble, index, "tumble")
    if check_physics:
        result = simulate_throw(match.level, table, state.num_players, player, obj, die, launch,
                                record_path=False)  # only its rest is compared
        difference = compare_tables(outcome, result.table)
        if difference:
            raise OutcomeMismatch(f"the throw's outcome differs from the simulation: "
                                  f"{difference}", index)
    return state.apply(settle)


def recorded_mix(match: Any, raw: dict[str, Any], draws: bool) -> str | None:
    """The mix of the contributions a recorded event holds (None for a record drawn from its
    seed alone, and for an event that draws nothing), each checked: RecordError for a `chance`
    field missing where the event draws, present where it does not, or malformed; SeedMismatch
    for a reveal that is not the next link of its peer's chain. The event is the next one of
    `match`'s record, which is its index; `draws` says whether it makes a draw."""
    index = len(match.record.events)
    scheme = match.record.extra.get("chance")
    held = raw.get("chance")
    action = raw.get("action")
    if not draws or scheme is None:
        if "chance" in raw:
            why = ("it draws nothing" if draws is False
                   else "the record has no top-level 'chance'")
            raise RecordError(f"{action} has a 'chance', which it cannot hold: {why}", index)
        return None
    if held is None:
        raise RecordError(f"{action} lacks 'chance': every draw of a game of scheme "
                          f"{scheme['scheme']!r} holds its contributions", index)
    try:
        contributions = read_contributions(scheme, held)
        if match.chains is not None:
            match.chains.check(match.draws_made, contributions["reveals"])
    except ForgedReveal as e:
        raise SeedMismatch(f"{action}: the reveal of peer {e.peer} for draw {e.draw} does not "
                           f"hash to its previous reveal (or its commitment): forged", index) \
            from None
    except ChanceError as e:
        raise RecordError(f"{action}: {e}", index) from None
    return mix_of(contributions)


def check_roll(match: Any, recorded: tuple[int, ...], count: int, index: int) -> None:
    """The roll's dice are those the seed draws for it (`Match.draw_dice`, as the live game drew
    them: the key holds the number of events before this one, which is `index`)."""
    drawn = match.draw_dice(count).values
    if tuple(recorded) != drawn:
        raise SeedMismatch(f"roll differs from the seed's: recorded {list(recorded)}, "
                           f"{_drawer(match)} {list(drawn)}", index)


def _check_drawn(match: Any, obj: str, recorded: int, index: int, purpose: str) -> None:
    """A throw's chance drawn after the decision (`physics.hand.release`) is the one the seed
    draws there: the die's orientation in the hand (`purpose` "hand") or the tumble of the dice
    it knocks ("tumble"). A diamond throw draws neither: both are always 0."""
    from petanque_game.physics.hand import draw_orientation, draw_tumble
    from petanque_game.rules.petanque_table import DIAMOND

    draw, diamond_said, die_said = {
        "hand": (draw_orientation, "the diamond's orientation in the hand",
                 "the die's orientation in the hand"),
        "tumble": (draw_tumble, "the diamond throw's tumble", "the throw's tumble"),
    }[purpose]
    if obj == DIAMOND:
        if recorded != 0:
            raise SeedMismatch(f"{diamond_said} is recorded as {recorded}; it is always 0", index)
        return
    drawn = draw(match.stream(purpose))
    if recorded != drawn:
        raise SeedMismatch(f"{die_said} differs from the seed's: recorded {recorded}, "
                           f"{_drawer(match)} {drawn}", index)


def _drawer(match: Any) -> str:
    """Who draws what a recorded event is checked against: the seed, and the event's
    contributions in a game that takes them."""
    return "the seed gives" if match._mix is None else "the seed and the event's chance give"


def _check_tumble_held(record: Record, tumble: int | None, index: int) -> None:
    """A launch holds a tumble exactly when the record's physics draws one."""
    version = physics_version(record)
    shown = "unknown" if version is None else version
    if holds_tumbles(record) and tumble is None:
        raise RecordError(f"launch lacks 'tumble', which every throw of a record of physics "
                          f"version {shown} holds", index)
    if not holds_tumbles(record) and tumble is not None:
        raise RecordError(f"launch has a 'tumble', which a record of physics version {shown} "
                          f"cannot hold (tumbles came with version 3)", index)


POSITION_TOLERANCE = 1e-6  # mm (docs/records.md#what-verify-checks)
ANGLE_TOLERANCE = 1e-9  # rad


def compare_tables(recorded: Any, simulated: Any) -> str:
    """'' when the recorded table matches the simulated one within docs/records.md's tolerances."""
    pairs = [("diamond", recorded.diamond, simulated.diamond)]
    if len(recorded.dice) != len(simulated.dice):
        return f"{len(recorded.dice)} dice recorded, {len(simulated.dice)} simulated"
    pairs += [(f"die {i} (player {r.player}, die {r.die})", r, s)
              for i, (r, s) in enumerate(zip(recorded.dice, simulated.dice))]
    for name, r, s in pairs:
        if (r is None) != (s is None):
            return f"{name}: recorded {r}, simulated {s}"
        if r is None:
            continue
        for key, want in vars(s).items():
            got = getattr(r, key)
            if key in ("x", "y", "distance") and got is not None and want is not None:
                same = abs(got - want) <= POSITION_TOLERANCE
            elif key == "angle":
                same = abs(got - want) <= ANGLE_TOLERANCE
            else:
                same = got == want
            if not same:
                return f"{name} {key}: recorded {got!r}, simulated {want!r}"
    return ""
