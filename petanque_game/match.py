"""A game being played: the rules state, the random streams, the record and the seats.

The one driver used by the window, by `simulate`, by `verify` and by the tests. A seat (human or AI)
decides an action; `Match.decide` hands it to `Match.advance`, which applies it, resolves what
chance or the physics makes of it, writes the game's typed event (`rules/events.py`) to the record
and keeps its `Transition` (event, state before, state after, the rules' facts); the engine's own
steps (a round scored) follow the same way, and `decide` returns every transition it made.
Rebuilding a match from a record goes through `advance` too, one recorded event at a time, taking
each outcome from the record and checking it (docs/design.md#the-record-is-the-game): `rebuild`
below, with the fold and its checks in `fold.py`. Live play and replay are one code path.

Random streams: every draw is keyed by (seed, purpose, seat, number of events so far), so a match
rebuilt from its record draws from exactly where the uninterrupted game would have: the stream's
state travels with the record, and a rebuild can check that each recorded roll, each die's
orientation in the hand and each throw's tumble is what the seed draws there (docs/records.md,
"Random streams"). A game made with a `draws.ChanceSource` (the window's, an online game's) also
takes fresh contributions at each draw, after the decision, written into the drawing event; the
key then ends in their mix, so the seed alone no longer tells a draw (`drawing`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from petanque_game import __version__
from petanque_game.chance_hook import hook_of
from petanque_game.draws import LOCAL, ChanceSource, LocalEntropy, Revealed, mix_of
from petanque_game.fold import (
    OutcomeMismatch,
    SeedMismatch,
    compare_tables,
    fold,
    recorded_mix,
)
from petanque_game.record import Record, RecordError, Seat, check_players
from petanque_game.rules.base import CHANCE, ENGINE, TERMINAL, Dice, IllegalAction
from petanque_game.rules.events import Transition
from petanque_game.rules.games import spec_of
from petanque_game.throwing import ThrowShown, person_hands

if TYPE_CHECKING:
    from petanque_game.physics.level import Level

__all__ = ["Match", "OutcomeMismatch", "SeedMismatch", "ThrowShown", "Transition",
           "compare_tables", "rebuild"]


class Match:
    """One game: build it with `Match.new` (a fresh game) or `rebuild` (from a record)."""

    def __init__(self, record: Record, state: Any, autosave: Path | None = None):
        self.record = record
        self.state = state
        self.autosave = autosave
        # Who writes the autosave: None, this match at once; the window hands it to a thread
        # (ui/session.py `write_behind`), given the file and the record.
        self.saver: Callable[[Path, Record], None] | None = None
        self.spec = spec_of(record.game)
        self.rules = self.spec.rules
        self.hook = hook_of(self.spec)  # the game's chance (chance_hook.py)
        self.last_throw: ThrowShown | None = None
        # Keep each live throw's path (its flight, frame by frame) for a window to play back;
        # `play_to_end` (no window) turns it off, and ThrowShown.path is then None.
        self.paths = True
        self.transitions: list[Transition] = []  # one per event of the record, in its order
        self._level: Level | None = None
        # Fresh contributions to each draw (None: the seed alone, as `simulate` draws), the
        # number of draws made so far, and while one is made, its contributions and their mix.
        self.chance: ChanceSource | None = None
        self.draws_made = 0
        self._taken: dict[str, Any] | None = None
        self._mix: str | None = None
        self.chains: Revealed | None = None  # a record's reveals, checked by the fold

    @classmethod
    def new(cls, game: str, players: list[Seat], options: dict | None = None, seed: int = 0,
            level: Any = None, autosave: Path | None = None,
            created: str | None = None, hands: list[str | None] | None = None,
            chance: ChanceSource | None = None) -> Match:
        """A fresh game. `hands`: for a game on a board, the hand each human seat throws with
        (`physics.hand.PERSON_HANDS`; None or left out: the default), one entry per seat (AI
        seats' entries are ignored: an AI throws with its level's hand). `chance`: where each
        draw's fresh contributions come from (`draws`); None: the seed alone."""
        spec = spec_of(game)
        try:  # the seats the record reader would accept, checked by that same reader
            players = check_players([p.to_json() for p in players], spec)
        except RecordError as e:
            raise ValueError(e.reason) from None
        state = spec.new_game(len(players), options)
        extra: dict[str, Any] = {"program": f"petanque-game {__version__}"}
        if created is not None:
            extra["created"] = created
        level_sha, board = None, None
        if spec.board:
            from petanque_game.physics import PHYSICS_VERSION, Level, load_named_level

            # a Level already loaded (simulate --level FILE) or a name, found shipped or in the
            # player's levels folder; a broken or unknown board: before the game starts
            board = level if isinstance(level, Level) else load_named_level(level or "classic")
            level, level_sha = board.name, board.sha256  # the hash of the bytes it was read from
            import pymunk

            extra["pymunk"] = pymunk.version
            extra["physics"] = PHYSICS_VERSION
            extra["hands"] = person_hands(players, hands)
        if chance is not None:
            extra["chance"] = chance.top_level()
        record = Record(game, dict(state.options), seed, list(players), level, level_sha,
                        extra=extra)
        match = cls(record, state, autosave)
        match._level = board
        match.chance = chance
        match._settle()
        return match

    # --- what the window and the players ask ------------------------------------------------------

    @property
    def over(self) -> bool:
        to_move: int = self.state.to_move
        return to_move == TERMINAL

    @property
    def seat_to_move(self) -> int | None:
        to_move = self.state.to_move
        return to_move if to_move >= 0 else None

    def seat(self, index: int) -> Seat:
        return self.record.players[index]

    @property
    def ai_to_move(self) -> bool:
        seat = self.seat_to_move
        return seat is not None and self.record.players[seat].kind == "ai"

    @property
    def level(self) -> Level | None:
        """The board of a Terningepetanque game (loaded once)."""
        if self._level is None and self.record.level is not None:
            from petanque_game.physics import load_named_level

            self._level = load_named_level(self.record.level, self.record.level_sha256)
        return self._level

    @property
    def board(self) -> Level:
        """The board a throw is simulated on; ValueError in a game without one."""
        level = self.level
        if level is None:
            raise ValueError(f"{self.spec.title} is not played on a board")
        return level

    def hand_name(self, seat: int) -> str | None:
        """The hand a human seat throws with ("steady", "normal", "shaky"); None for an AI seat
        and for every seat of a record made before people had hands (they threw exactly)."""
        if self.record.players[seat].kind != "human":
            return None
        hands = self.record.extra.get("hands")
        return hands[seat] if isinstance(hands, list) else None

    def stream(self, purpose: str, seat: int | None = None) -> random.Random:
        """A random stream for one purpose at this point of the game (see module docstring)."""
        key = f"{self.record.seed}:{purpose}:{seat}:{len(self.record.events)}"
        return random.Random(key if self._mix is None else f"{key}:{self._mix}")

    @contextmanager
    def drawing(self) -> Iterator[None]:
        """A live draw: its streams take the chance source's contributions for draw
        `draws_made`, asked for now, after the decision (`draws.NotReady` from a source still
        waiting for them); the event that follows carries them (`advance`)."""
        if self.chance is not None:
            self._taken = self.chance.contributions(self.draws_made)
            self._mix = mix_of(self._taken)
        try:
            yield
        finally:
            self._mix = None

    def draw_follows(self, action: Any) -> bool:
        """Does `action`, done now by the seat to move, lead to a draw (a roll, a throw)? A
        lockstep driver waits for every contribution to that draw before it decides it."""
        return self.seat_to_move is not None and self.hook.draws(self, action)

    # --- playing ---------------------------------------------------------------------------------

    def ai_decision(self) -> Any:
        """What the AI seat to move decides now. It changes nothing, so it may run on another
        thread while the window draws; the same game state gives the same decision."""
        from petanque_game.ai import choose

        seat = self.seat_to_move
        level = None if seat is None else self.record.players[seat].level
        if level is None:
            raise ValueError("no AI seat is to move")
        board = self.level if self.spec.board else None
        return choose(self.record.game, self.state, level, self.stream("ai", seat), board)

    def copy(self) -> Match:
        """This match at the same point, sharing nothing a move changes (the record's events and
        result, the state, the last throw) and saving nowhere: the AI's thread plays the AI's move
        on a copy while the window draws, and the window `adopt`s what it made."""
        twin = Match(replace(self.record, events=list(self.record.events)), self.state)
        twin._level = self.level if self.spec.board else None
        twin.transitions = list(self.transitions)
        twin.chance, twin.draws_made = self.chance, self.draws_made
        return twin

    def adopt(self, twin: Match) -> None:
        """Take what `twin`, a `copy` of this match at this point, made since (its state, events,
        transitions, result and last throw: what `decide` would have made here) and save."""
        self.state = twin.state
        self.record.events.extend(twin.record.events[len(self.record.events):])
        self.transitions.extend(twin.transitions[len(self.transitions):])
        self.record.result = twin.record.result
        self.last_throw = twin.last_throw
        self.draws_made = twin.draws_made
        self.save()

    def play_ai_turn(self) -> None:
        """Let the AI seat to move make one decision."""
        self.decide(self.ai_decision())

    def play_to_end(self, max_decisions: int = 1_000_000) -> None:
        """Play an all-AI game (or the rest of one) to its end, with no window to show the
        throws' paths (the tables they leave are the same, and each throw is quicker)."""
        self.paths = False
        for _ in range(max_decisions):
            if self.over:
                return
            if not self.ai_to_move:
                raise RuntimeError("a human seat is to move")
            self.play_ai_turn()
        raise RuntimeError("the game did not end")  # a bug in the rules: games always end

    def would(self, action: Any) -> Any:
        """The state the seat to move's `action` would leave, made by the rules but neither
        recorded nor kept: for a decision that needs no chance (the window shows a throw kept at
        once before its Accept is made: ui/table/turns.py). IllegalAction if the rules refuse it,
        ValueError for one that chance would follow."""
        state = self.state.apply(action)
        if state.to_move == CHANCE:
            raise ValueError(f"{type(action).__name__} is followed by chance: make it instead")
        return state

    def decide(self, action: Any) -> list[Transition]:
        """The seat to move does `action`; IllegalAction (state unchanged) if the rules refuse it.
        Returns its transitions: one per event it wrote (none for a decision that is not
        recorded), the engine's steps that followed it (a round scored) included."""
        seat = self.seat_to_move
        if seat is None:
            raise IllegalAction("no_one_to_move")
        try:
            action = self.hook.release(self, seat, action)
            return self.advance(action) + self._settle()
        finally:
            self._taken = None  # a draw whose decision the rules refused is dropped

    def advance(self, decision: Any, recorded: Any = None, raw: dict[str, Any] | None = None,
                check_physics: bool = True) -> list[Transition]:
        """The one way the game moves, in live play and when a record is folded (`fold.py`):
        `decision` of the seat to move (or the engine's own step) through the rules; its chance
        outcome drawn or simulated, or, for a `recorded` event, taken from it and checked; the
        event written to the record (`raw`: the record's own JSON of a recorded one) and its
        transition kept in `transitions`. Returns [the transition], or [] for a decision the
        record leaves out (Terningepetanque's Accept). IllegalAction leaves the state as it was."""
        before = self.state
        actor = before.to_move
        state = before.apply(decision)
        outcome = None
        if recorded is not None:  # its contributions checked, their mix keys its draws
            self._mix = recorded_mix(self, raw or {}, state.to_move == CHANCE)
        try:
            if state.to_move == CHANCE:
                if recorded is not None and recorded.outcome is None:
                    raise IllegalAction("outcome_due", action=recorded.action)
                state, outcome = self._chance(decision, state, recorded, check_physics)
        finally:
            self._mix = None
        codec = self.spec.codec_for(decision)
        if codec is None:
            self.state = state
            return []
        event = recorded
        if event is None:
            event = codec.of(actor if actor >= 0 else None, decision, outcome)
        facts = self.spec.facts(before, decision, outcome, state) if self.spec.facts else None
        made = Transition(len(self.record.events), event, before, state, facts)
        written = raw if raw is not None else codec.write(event)
        if raw is None and self._taken is not None:
            written["chance"], self._taken = self._taken, None
        self.draws_made += "chance" in written
        self.record.events.append(written)
        self.transitions.append(made)
        self.state = state
        return [made]

    def _chance(self, decision: Any, state: Any, recorded: Any,
                check_physics: bool) -> tuple[Any, Any]:
        """(the state after, the outcome) of the chance node `decision` led to, by the game's
        chance hook: drawn (dice) or simulated (a throw) live; a recorded outcome is checked
        instead (`chance_hook.py`)."""
        if recorded is None:
            made: tuple[Any, Any] = self.hook.resolve(self, decision, state)
            return made
        index = len(self.record.events)
        after = self.hook.check(self, decision, state, recorded, index, check_physics)
        return after, recorded.outcome

    def draw_dice(self, count: int) -> Dice:
        rng = self.stream("dice")
        return Dice(tuple(rng.randint(1, 6) for _ in range(count)))

    def _settle(self) -> list[Transition]:
        """Take the engine's own steps (scoring a round), note the result, save; their
        transitions."""
        made: list[Transition] = []
        while self.state.to_move == ENGINE:
            made += self.advance(self.state.engine_action())
        if self.over:
            self.record.result = {"scores": list(self.state.scores()),
                                  "winners": list(self.state.winners())}
        self.save()
        return made

    def save(self) -> None:
        if self.autosave is not None:
            if self.saver is not None:
                self.saver(self.autosave, self.record)
            else:
                self.record.save(self.autosave)


def rebuild(record: Record, *, check_physics: bool = True,
            on_event: Callable[[int, Any], None] | None = None, board: Any = None,
            chance: ChanceSource | None = None) -> Match:
    """The match as it stood after the last event of `record`: its events folded through the
    rules, each checked on the way (`fold.fold`: RecordError for an event the rules refuse,
    OutcomeMismatch for an outcome that differs from the engine's, the physics' with
    `check_physics`, or the seed's). `on_event(index, state)` is told each state in turn.
    `board`: the record's board as a Level already read (a challenge's), instead of the file the
    record names. `chance`: where the game's next draws take their contributions; left out, a
    record that takes them goes on as it began (a local game with fresh entropy, so a resumed
    game never draws what it would have drawn before; a game of hash chains with the reveals
    the fold checked, to which a driver adds the next ones)."""
    spec = spec_of(record.game)
    match = Match(record, spec.new_game(len(record.players), record.options))
    match._level = board
    fold(match, check_physics=check_physics, on_event=on_event)
    scheme = record.extra.get("chance")
    if chance is None and isinstance(scheme, dict):
        chance = LocalEntropy() if scheme.get("scheme") == LOCAL else match.chains
    elif chance is not None and scheme is None:
        raise ValueError("this record draws from its seed alone: it takes no contributions")
    match.chance = chance
    return match
