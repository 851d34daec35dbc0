"""The coach at the Terningepetanque table (the `coach` setting, on by default): after each of a
person's throws has come to rest, where the hand's wobble took it (a ring where the aim alone would
have stopped and a line to where it did; a blue ring where the expert's aim stops) and what the
aim was worth beside the expert's, in words on a small card; at a round's end, the person's throws
so far added up. A part of the table scene (ui/component.py).

The numbers (`ai.petanque_coach`) are worked out on the AI's thread from the aim the person decided
(`decided`, told by the scene as the throw is made) and the throw the match recorded; the card
shows once the throw is at rest and its numbers are there. It draws no chance from the match:
coaching changes nothing in the game or its record. AI seats are never coached, nor is a replay
(the record keeps the released throw, not the aim). A click on the card closes it; the person's
next throw does too. The card goes in a corner of the board where no die, no diamond and none of
their labels lie."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import Protocol

import pygame

from petanque_game.ai.petanque_coach import Expert, Lesson, Summary
from petanque_game.physics.hand import Hand
from petanque_game.physics.level_spec import Level
from petanque_game.rules.petanque_table import DIAMOND, Aim, Launch, Table
from petanque_game.rules.terningepetanque import TerningepetanqueState as TableState
from petanque_game.rules.terningepetanque_events import RoundEnded, Thrown
from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.session import Step
from petanque_game.ui.workers import Workers
from petanque_game.words import decimal

COLOUR = (255, 236, 140)  # the aimed rest's ring and the wobble's line
EXPERT = (140, 210, 255)  # the ring where the expert's aim stops
CARD_W, TEXT, PAD = 370, 17, 10  # px; at most WIDEST of the board (its seats' names)
WIDEST = 0.42
LABEL_ROOM = 70  # px round a die or the diamond kept clear for its labels
RING = 7  # px: the aimed rest's ring
# A throw that stopped where its aim would have, though the wobble changed what it met on the way
_AS_AIMED = MappingProxyType({"diamond": "coach.as_aimed_diamond", "dice": "coach.as_aimed_dice"})
HEIGHT_SAID = 8.0  # degrees: the expert's height is said when it is this far from the person's


class _View(Protocol):
    """What the coach asks of the camera (ui/table/camera.py)."""

    board_rect: tuple[int, int, int, int]

    def to_screen(self, x: float, y: float) -> tuple[float, float]: ...


@dataclass
class Decided:
    """A person's aim, told as the throw is made, until its Thrown comes."""

    seat: int
    obj: str
    die: int | None
    aim: Aim
    hand: Hand
    hinted: tuple[TableState, Future] | None  # the hint's search for the throw, and its state
    hands: tuple[Hand, ...] | None = None  # every seat's hand, as the hint was given them


@dataclass
class Taught:
    """A lesson on its way or here, and the step it came in."""

    seat: int
    step: int
    future: Future | None
    lesson: Lesson | None = None


class Coach(Component):
    """The coach's part of the table scene: the lessons on their way, the card shown, and each
    person's summary."""

    def __init__(self, level: Level, on: Callable[[], bool], names: list[str],
                 workers: Workers):
        self.level = level
        self.workers = workers  # the lesson is worked out on its AI's thread
        self.on = on  # the setting, read at each throw
        self.names = names
        self.decided: Decided | None = None
        self.taught: Taught | None = None
        self.summaries: dict[int, Summary] = {}
        self.summary_of: int | None = None  # the seat whose summary the card shows
        self.closed = False  # the card was clicked away
        self.card: pygame.Rect | None = None  # where the card was drawn (in the window)
        self._picture: tuple[tuple, pygame.Surface] | None = None  # the card drawn, by its key

    # --- what the scene tells it ------------------------------------------------------------------

    def decide(self, seat: int, obj: str, die: int | None, aim: Aim, hand: Hand,
               hinted: tuple[TableState, Future] | None = None,
               hands: tuple[Hand, ...] | None = None) -> None:
        """A person throws `aim` now (before the session takes it) with `hand`; `hinted`: the
        search for the hint of this throw (for that hand; shown or not, done or not) and the
        state it was for, if any; `hands`: every seat's hand."""
        self.decided = Decided(seat, obj, die, aim, hand, hinted, hands) if self.on() else None

    def on_transition(self, step: Step) -> None:
        for made in step.transitions:
            match made.event:
                case Thrown(player=seat, obj=obj, die=die, launch=launch, table=table):
                    told, self.decided = self.decided, None
                    if told is None or (told.seat, told.obj, told.die) != (seat, obj, die):
                        continue
                    before: TableState = made.before
                    self.taught = Taught(seat, step.number, self.workers.in_background(partial(
                        _lesson, self.level, before, told, launch, table)))
                    self.closed, self.summary_of = False, None
                case RoundEnded() if self.taught is not None:
                    # the person last coached: their throws so far, once the round is reckoned
                    self.summary_of, self.closed = self.taught.seat, False

    def update(self, dt: float) -> None:
        self.poll()

    def poll(self) -> None:
        """Take a lesson when it is there. A ValueError (nothing to say of this throw) drops it;
        any other error is a bug, raised to the window's handler (logged with its traceback)."""
        t = self.taught
        if t is None or t.future is None or not t.future.done():
            return
        future, t.future = t.future, None
        try:
            t.lesson = future.result()
        except ValueError:
            self.taught = None
            return
        self.summaries.setdefault(t.seat, Summary()).add(t.lesson, t.step)

    @property
    def working(self) -> bool:
        """A lesson is being worked out (the window keeps drawing frames to show it when done)."""
        return self.taught is not None and self.taught.future is not None

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the card closes it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.card is not None \
                and self.card.collidepoint(event.pos):
            self.closed, self.card = True, None
            return True
        return False

    # --- what it says -----------------------------------------------------------------------------

    def lines(self, look: Look) -> list[str]:
        """The card's words now (none: no card)."""
        if self.closed:
            return []
        if self.summary_of is not None:
            summary = self.summaries.get(self.summary_of)
            return [] if summary is None else \
                summary_words(look, summary, self.names[self.summary_of])
        t = self.taught
        if t is None or t.lesson is None:
            return []
        return lesson_words(look, t.lesson, self.names)

    # --- drawing ----------------------------------------------------------------------------------

    def draw_over(self, look: Look, area: pygame.Surface, view: _View, shown: Table, at_rest: bool,
                  offset: tuple[int, int], avoid: list[pygame.Rect]) -> bool:
        """The aimed rest and the card over the table's `area` (`view`: the camera; `shown`: the
        table drawn), once the throw is at rest; True if anything was drawn. `offset`: the area's
        place in the window (the card's rectangle is kept there, for clicks); `avoid`: what else
        the card must leave clear (the zoom's words and Home's line)."""
        self.card = None
        lines = self.lines(look) if at_rest else []
        if not lines:
            return False
        t = self.taught
        marks: list[tuple[float, float]] = []
        if t is not None and t.lesson is not None and self.summary_of is None \
                and _still_there(shown, t.lesson):
            marks = _draw_wobble(area, view, t.lesson)
        bx, by, bw, bh = view.board_rect
        board = pygame.Rect(bx, by, bw, bh).clip(area.get_rect())
        width = min(CARD_W, int(board.w * WIDEST))
        title, *said = lines
        wrapped = [part for line in said for part in look.wrap(line, TEXT, width - 2 * PAD)]
        card = _place(board, view, shown, marks, avoid,
                      (width, 2 * PAD + TEXT + 8 + (TEXT + 5) * len(wrapped)))
        key = (title, tuple(wrapped), card.size, look.language())
        if self._picture is None or self._picture[0] != key:  # drawn once, blitted each frame
            self._picture = (key, _card_picture(look, card.size, title, wrapped))
        area.blit(self._picture[1], card.topleft)
        self.card = card.move(offset)
        return True


def _lesson(level: Level, before: TableState, told: Decided, launch: Launch,
            after: Table) -> Lesson:
    """On the AI's thread: the lesson of the throw `told` of, made in `before`."""
    from petanque_game.ai.petanque_coach import lesson

    return lesson(level, before, told.aim, launch, after, told.hand,
                  expert=_expert_of(told.hinted, before), hands=told.hands)


def _expert_of(hinted: tuple[TableState, Future] | None, before: TableState) -> Expert | None:
    """The hint's search, as the expert's aim of the throw made in `before`: when it was an
    aim's hint for the same state (the hint's seed is the state's: the same search and worth).
    Called on the AI's thread, where that search was asked for before this lesson: it is done,
    or (on another executor) waited for."""
    from petanque_game.ai.hints_petanque import seed_of

    if hinted is None:
        return None
    state, search = hinted
    try:
        hint = search.result()
    except ValueError:  # (the hint had nothing to say: the lesson searches itself)
        return None
    if not isinstance(hint.action, Aim) or hint.label is None or seed_of(state) != seed_of(before):
        return None
    return Expert(hint.action, hint.label, hint.value)


def lesson_words(look: Look, taught: Lesson, names: list[str]) -> list[str]:
    """A lesson in the player's words: the wobble, the worths, the hand's cost."""
    tr = look.tr
    out = [tr("coach.title")]
    if taught.rest_on and taught.aimed_on:
        if abs(taught.long) < 1.0 and abs(taught.left) < 1.0:  # (what else moved, if anything)
            out.append(tr(_AS_AIMED.get(taught.met_otherwise or "", "coach.as_aimed")))
        else:
            out.append(tr("coach.wobble", where=where_words(look, taught.long, taught.left)))
    elif taught.aimed_on:
        out.append(tr("coach.off_board"))
    elif taught.rest_on:
        out.append(tr("coach.back_on"))
    else:
        out.append(tr("coach.off_anyway"))
    if taught.obj == DIAMOND:
        out.append(tr("coach.risk", mine=_risk(taught.aim_worth),
                      expert=_risk(taught.expert_worth)))
    elif taught.aim_worth == taught.expert_worth:
        out.append(tr("coach.same", points=decimal(taught.aim_worth, 1, tr, signed=True)))
    else:
        label = taught.expert_label
        who = "" if label.owner is None or label.owner >= len(names) else names[label.owner]
        plan = tr(f"table.hint.label.{label.key}", name=who)
        near = taught.expert_nearer
        if near is not None and abs(near) >= 3.0:
            plan = tr("coach.nearer" if near > 0 else "coach.farther", mm=f"{abs(near):.0f}")
        out.append(tr("coach.worth", mine=decimal(taught.aim_worth, 1, tr, signed=True),
                      expert=decimal(taught.expert_worth, 1, tr, signed=True), plan=plan))
        out += height_words(look, taught)
        if taught.expert_offset is not None:
            out.append(tr("coach.expert_at", where=where_words(look, *taught.expert_offset)))
    cost = taught.hand_cost
    if abs(cost) >= 0.05:
        out.append(tr("coach.hand_cost" if cost > 0 else "coach.hand_gain",
                      points=decimal(abs(cost), 1, tr)))
    return out


def where_words(look: Look, long: float, left: float) -> str:
    """"12 mm long and 3 mm right": a distance along a throw (negative: short) and across it
    (to the thrower's left; negative: right), in the coach's words; a part that rounds to 0 mm
    is left out ("12 mm long"), unless both do."""
    tr = look.tr
    along = tr("coach.long" if long >= 0 else "coach.short", mm=f"{abs(long):.0f}")
    across = tr("coach.left" if left >= 0 else "coach.right", mm=f"{abs(left):.0f}")
    if round(abs(left)) == 0 and round(abs(long)) > 0:
        return along
    if round(abs(long)) == 0 and round(abs(left)) > 0:
        return across
    return tr("coach.both", along=along, across=across)


def height_words(look: Look, taught: Lesson) -> list[str]:
    """The expert's height beside the person's, when the two differ by HEIGHT_SAID degrees or
    more (none otherwise): a higher throw comes down steeply and rolls less."""
    mine, expert = taught.elevation, taught.expert_elevation
    if abs(expert - mine) < HEIGHT_SAID:
        return []
    return [look.tr("coach.higher" if expert > mine else "coach.lower",
                    expert=f"{expert:.0f}", mine=f"{mine:.0f}")]


def summary_words(look: Look, s: Summary, name: str) -> list[str]:
    """A person's throws so far, added up (ai/petanque_coach.py `Summary`)."""
    tr = look.tr
    hand = decimal(abs(s.hand), 1, tr)
    gain = "_gain" if s.hand < 0 else ""
    share = s.share
    if share is not None:
        said = tr(f"coach.summary{gain}", percent=f"{100 * share:.0f}", points=hand)
    else:
        said = tr(f"coach.summary_diff{gain}",
                  points=decimal(s.aims - s.expert, 1, tr, signed=True), hand=hand)
    return [tr("coach.summary_title", name=name), said]


def _risk(worth: float) -> str:
    """The diamond's throw: the share of throws its worth says leave the board, in percent."""
    from petanque_game.rules.terningepetanque import DIAMOND_PENALTY

    return f"{100 * max(0.0, -worth / DIAMOND_PENALTY):.0f}"


def _still_there(shown: Table, taught: Lesson) -> bool:
    """Does the thrown body lie on the table shown where the lesson says it came to rest (no
    throw since has moved it)?"""
    bodies = [] if shown.diamond is None else [(shown.diamond.x, shown.diamond.y)]
    return taught.rest_on and taught.rest in bodies + [(d.x, d.y) for d in shown.dice]


def _draw_wobble(area: pygame.Surface, view: _View, taught: Lesson) -> list[tuple[float, float]]:
    """A ring at the aimed rest and a line from it to the real rest; the points marked."""
    aimed = view.to_screen(*taught.aimed)
    rest = view.to_screen(*taught.rest)
    pygame.draw.line(area, (20, 20, 20), aimed, rest, 4)
    pygame.draw.line(area, COLOUR, aimed, rest, 2)
    pygame.draw.circle(area, (20, 20, 20), aimed, RING + 1, 4)
    pygame.draw.circle(area, COLOUR, aimed, RING, 2)
    marks = [aimed, rest]
    if taught.expert_aimed is not None and taught.aim_worth != taught.expert_worth:
        expert = view.to_screen(*taught.expert_aimed)  # where the expert's aim stops
        pygame.draw.circle(area, (20, 20, 20), expert, RING + 1, 4)
        pygame.draw.circle(area, EXPERT, expert, RING, 2)
        marks.append(expert)
    return marks


def _place(board: pygame.Rect, view: _View, shown: Table, marks: list[tuple[float, float]],
           avoid: list[pygame.Rect], size: tuple[int, int]) -> pygame.Rect:
    """The card's rectangle (`size`): the first corner of the `board`'s part of the area clear
    of every die, the diamond, their labels, the wobble's marks and `avoid` (the least covered
    one when none is)."""
    w, h = size
    points = list(marks)
    if shown.diamond is not None:
        points.append(view.to_screen(shown.diamond.x, shown.diamond.y))
    points += [view.to_screen(d.x, d.y) for d in shown.dice if d.on_board]
    corners = [pygame.Rect(board.x + PAD, board.bottom - h - PAD, w, h),
               pygame.Rect(board.right - w - PAD, board.bottom - h - PAD, w, h),
               pygame.Rect(board.x + PAD, board.y + PAD, w, h),
               pygame.Rect(board.right - w - PAD, board.y + PAD, w, h)]

    def covered(r: pygame.Rect) -> int:
        room = r.inflate(2 * LABEL_ROOM, 2 * LABEL_ROOM)
        # a body or its label counts more than a line of words
        return 10 * sum(1 for p in points if room.collidepoint(p)) \
            + sum(1 for a in avoid if r.colliderect(a))

    return min(corners, key=covered)  # (the first of the least covered)


def _card_picture(look: Look, size: tuple[int, int], title: str,
                  wrapped: list[str]) -> pygame.Surface:
    """The card: its title, its close note and its lines on a dark box, framed."""
    area = pygame.Surface(size, pygame.SRCALPHA)
    card = area.get_rect()
    area.fill((16, 20, 28, 242))
    pygame.draw.rect(area, COLOUR, card, 2, border_radius=6)
    y = card.y + PAD
    look.blit_text(area, title, (card.x + PAD, y), TEXT + 1, COLOUR, bold=True)
    look.blit_text(area, look.tr("coach.close"), (card.right - PAD, y + 2), TEXT - 3, "muted",
                    anchor="topright")
    y += TEXT + 8
    for part in wrapped:
        look.blit_text(area, part, (card.x + PAD, y), TEXT, "text")
        y += TEXT + 5
    return area
