"""Challenges (from the main menu): today's challenge of every game, the challenges kept in the
user folder's `challenges/` (made here, or received from a friend and put there), and a field
for a code pasted from a chat. The chosen one is shown with what it fixes, what there is to beat
and the player's results so far; Play starts it (challenge.py, challenge_play.py).

The list is read off the window's thread (a kept challenger's game is re-played the first time
its file is read): the screen opens at once, says how far the reading is, and fills in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime

import pygame

from petanque_game import challenge as challenges
from petanque_game import challenge_play, challenge_results
from petanque_game.challenge import Challenge, ChallengeError
from petanque_game.rules.games import game_ids, spec_of
from petanque_game.stats import shown_score as shown
from petanque_game.ui.game_ui import board_title
from petanque_game.ui.game_ui import title as game_title
from petanque_game.ui.names import challenger_name, person_name
from petanque_game.ui.reading import Reading
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.text_field import TextField
from petanque_game.ui.widgets import Backdrop, Button, draw_lit, panel

LIST = pygame.Rect(60, 130, 560, 470)
DETAILS = pygame.Rect(650, 130, 570, 470)
ROW = 46
MAX_CODE_TEXT = challenges.MAX_CODE + 8
CODE_LINE = 40  # characters of a code on one line of the details
# What the screen lists: today's challenges, the kept ones, a line per file that is not one, and
# the results so far by challenge (`read_lists`).
Lists = tuple[list[Challenge], list[Challenge], list[str], dict[str, challenge_results.Result]]


@dataclass(frozen=True)
class Entry:
    label: str
    challenge: Challenge


class ChallengesScene(Scene):
    def __init__(self, app: AppLike):
        super().__init__(app)
        self.today = date.today()
        self.entries: list[Entry] = []
        self.broken: list[str] = []
        self.selected = 0
        self.top_row = 0
        self.code = TextField(pygame.Rect(LIST.x, LIST.bottom + 22, LIST.w - 150, 44), "",
                              MAX_CODE_TEXT)
        self.problem: str | None = None
        self.results: dict[str, challenge_results.Result] = {}
        self.opened: list[Entry] = []  # codes opened while the list was being read
        today = self.today
        self.reading = Reading(self._take_in, lambda progress: read_lists(today, progress))
        self.backdrop = Backdrop()  # the screen with no button lit, kept while it is the same

    @property
    def animating(self) -> bool:
        return self.reading.going

    def update(self, dt: float) -> None:
        self.reading.update()

    def _take_in(self, lists: Lists) -> None:
        daily, kept, self.broken, self.results = lists
        self._fill(daily, kept)

    def _fill(self, daily: list[Challenge], kept: list[Challenge]) -> None:
        """The list: today's challenges, then the kept ones, then codes opened meanwhile."""
        look = self.look
        entries = [Entry(look.tr("challenges.daily", game=game_title(look, made.game)), made)
                   for made in daily]
        seen = {e.challenge.ident for e in entries}
        for made in kept:
            if made.ident not in seen and made.daily is None:
                seen.add(made.ident)
                entries.append(Entry(self._label(made), made))
        chosen = self.chosen
        entries += [e for e in self.opened if e.challenge.ident not in seen]
        self.entries = entries
        idents = [e.challenge.ident for e in entries]
        self.selected = idents.index(chosen.ident) if chosen and chosen.ident in idents else 0

    def _label(self, made: Challenge) -> str:
        look = self.look
        theirs = made.challenger
        if theirs is None:
            return look.tr("challenges.kept", game=game_title(look, made.game),
                           ident=made.ident[:6])
        return look.tr("challenges.from", game=game_title(look, made.game),
                       name=challenger_name(look, theirs.players[made.you].name))

    def _reading(self) -> str:
        look = self.look
        progress = self.reading.progress
        if progress is not None and progress[1]:
            return look.tr("challenges.reading_n", done=look.number(progress[0]),
                           total=look.number(progress[1]))
        return look.tr("challenges.reading")

    @property
    def chosen(self) -> Challenge | None:
        return self.entries[self.selected].challenge if self.entries else None

    @property
    def buttons(self) -> list[Button]:
        return [Button(pygame.Rect(self.code.rect.right + 10, self.code.rect.y, 140, 44),
                       self.look.tr("challenges.open_code"), self.open_code, size=22, tag="code"),
                Button(pygame.Rect(DETAILS.x, DETAILS.bottom + 22, 260, 58),
                       self.look.tr("challenges.play"), self.play, self.chosen is not None, 28,
                       hint="Enter", style="primary", tag="play"),
                Button(pygame.Rect(DETAILS.right - 200, DETAILS.bottom + 22, 200, 58),
                       self.look.tr("menu.back"), self.app.pop, size=28, hint="Esc", tag="back")]

    # --- doing ---------------------------------------------------------------------------------

    def open_code(self) -> None:
        self.code.active = False
        text = self.code.value.strip()
        if not text:
            self.code.active = True
            return
        try:
            made = challenges.from_code(text)
        except ChallengeError as e:
            self.problem = e.reason
            return
        self.problem = None
        self.code.value = ""
        for i, entry in enumerate(self.entries):
            if entry.challenge.ident == made.ident:
                self.selected = i
                return
        self.opened.append(Entry(self._label(made), made))
        self.entries.append(self.opened[-1])
        self.selected = len(self.entries) - 1

    def play(self) -> None:
        made = self.chosen
        if made is None:
            return
        from petanque_game import saves
        from petanque_game.ui.play import open_game_scene
        from petanque_game.ui.session import LiveSession

        name = person_name(self.app)
        try:
            challenge_play.keep(made)
            created = datetime.now(UTC).isoformat(timespec="seconds")
            match = challenge_play.start(made, name, created=created)
        except (ChallengeError, OSError) as e:
            self.problem = getattr(e, "reason", None) or str(e)
            return
        try:
            path, lock = saves.claim_new(made.game)
            session = LiveSession(match, path, lock)
        except OSError:
            session = LiveSession(match)  # played unsaved; the table says so
        session.challenge = made
        open_game_scene(self.app, session)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.code.active:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                              pygame.K_KP_ENTER):
                self.open_code()
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_v and \
                    event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.code.value = (self.code.value + _clipboard())[:MAX_CODE_TEXT]
                return True
            if self.code.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.code.active = self.code.rect.collidepoint(event.pos)
            for b in self.buttons:
                if b.click(self.look, event.pos):
                    return True
            row = self._row_at(event.pos)
            if row is not None:
                self.selected = row
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.top_row = max(0, min(self.top_row - event.y, len(self.entries) - 1))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.entries:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(self.entries)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play()
            elif event.key == pygame.K_c:
                self.code.active = True
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not LIST.collidepoint(pos):
            return None
        row = self.top_row + (pos[1] - LIST.y - 12) // ROW
        return row if 0 <= row < len(self.entries) else None

    # --- drawing -------------------------------------------------------------------------------

    covers = True  # draws the whole picture

    def draw(self, surface: pygame.Surface) -> None:
        rows = max(1, (LIST.h - 24) // ROW)
        if self.selected < self.top_row:  # the chosen row scrolled into sight
            self.top_row = self.selected
        elif self.selected >= self.top_row + rows:
            self.top_row = self.selected - rows + 1
        blink = int(self.app.time * 2) % 2 == 0
        key = self.look.drawn_in(tuple(self.entries), self.selected, self.top_row, self.results,
                                 self.code.value, self.code.active, blink and self.code.active,
                                 self.problem, tuple(self.broken), self.reading.progress)
        buttons = self.buttons
        self.backdrop.draw(surface, key, lambda out: self._draw_unlit(out, rows, blink, buttons))
        draw_lit(self.look, surface, buttons, self.mouse)

    def _draw_unlit(self, surface: pygame.Surface, rows: int, blink: bool,
                    buttons: list[Button]) -> None:
        """The screen with no button lit."""
        look = self.look
        surface.fill(look.colour("background"))
        look.blit_text(surface, look.tr("challenges.title"), (LIST.x, 44), 52, "text", True)
        look.blit_text(surface, look.fit(look.tr("challenges.same_chance"), 20, 1160),
                        (LIST.x, 104), 20, "muted")
        panel(look, surface, LIST)
        if self.reading.going:
            look.blit_text(surface, look.fit(self._reading(), 20, LIST.w - 40),
                            (LIST.x + 20, LIST.bottom - 34), 20, "muted")
        for i, entry in enumerate(self.entries[self.top_row:self.top_row + rows]):
            n = self.top_row + i
            rect = pygame.Rect(LIST.x + 10, LIST.y + 12 + i * ROW, LIST.w - 20, ROW - 6)
            if n == self.selected:
                pygame.draw.rect(surface, look.colour("panel_light"), rect, border_radius=8)
            best = self.results.get(entry.challenge.ident)
            tail = "" if best is None else look.tr_n(
                "challenges.best_short", best.attempts,
                best=look.number(shown(entry.challenge.game, best.best)))
            look.blit_text(surface, look.fit(entry.label, 22, rect.w - 150),
                            (rect.x + 12, rect.centery), 22, "text", anchor="midleft")
            look.blit_text(surface, tail, (rect.right - 12, rect.centery), 18, "muted",
                            anchor="midright")
        self.code.draw(look, surface, blink)
        if not self.code.value and not self.code.active:
            look.blit_text(surface, look.tr("challenges.code_here"),
                            (self.code.rect.x + 12, self.code.rect.centery), 20, "muted",
                            anchor="midleft")
        self._draw_details(surface)
        for b in buttons:
            b.draw(look, surface, None)

    def _draw_details(self, surface: pygame.Surface) -> None:
        look = self.look
        panel(look, surface, DETAILS)
        made = self.chosen
        lines: list[tuple[str, str]] = []
        if made is not None:
            lines.append((look.tr("challenges.game"), game_title(look, made.game)))
            seats = [look.tr("results.you") if s.kind == "human" else s.name for s in made.seats]
            lines.append((look.tr("challenges.seats"), ", ".join(seats)))
            if made.board is not None:
                lines.append((look.tr("challenges.board"), f"{board_title(look, made.board.name)}, "
                              + look.tr(f"setup.hand.{made.hand}")))
            theirs, score = made.challenger, made.to_beat()
            if theirs is not None and score is not None:
                lines.append((look.tr("challenges.to_beat"), look.tr(
                    "challenges.their_score",
                    name=challenger_name(look, theirs.players[made.you].name, True),
                    score=shown(made.game, score))))
            mine = self.results.get(made.ident)
            lines.append((look.tr("challenges.yours"), look.tr("challenges.none_yet")
                          if mine is None else look.tr_n(
                              "challenges.best", mine.attempts,
                              best=look.number(shown(made.game, mine.best)))))
            code = made.code()
            lines.append((look.tr("challenges.code"), code or look.tr("challenges.no_code")))
        y = DETAILS.y + 18
        for label, value in lines:
            look.blit_text(surface, label, (DETAILS.x + 18, y), 18, "muted")
            parts = look.wrap(value, 22, DETAILS.w - 36)
            if any(look.font(22).size(p)[0] > DETAILS.w - 36 for p in parts):  # a code
                parts = [value[i:i + CODE_LINE] for i in range(0, len(value), CODE_LINE)]
            for part in parts[:4]:
                look.blit_text(surface, part, (DETAILS.x + 18, y + 22), 22)
                y += 26
            y += 30
        notes = [*([self.problem] if self.problem else []), *self.broken[:2]]
        for i, note in enumerate(notes):
            look.blit_text(surface, look.fit(note, 18, DETAILS.w - 36),
                            (DETAILS.x + 18, DETAILS.bottom - 30 - 22 * i), 18, "bad")


def read_lists(today: date, progress: Callable[[int, int], None]) -> Lists:
    """What the screen lists (off the window's thread): today's challenge of every game that
    has decisions (the dice alone are no challenge), the kept challenges, a line per file that
    is not one, and the results so far."""
    daily = [challenges.daily(g, today) for g in game_ids() if spec_of(g).hints]
    kept, broken = challenge_play.kept_challenges(progress)
    return daily, [made for _, made in kept], broken, challenge_results.results()


def _clipboard() -> str:
    """The clipboard's text, if the system gives it (nothing, under a dummy display)."""
    try:
        text = pygame.scrap.get_text() or ""
    except pygame.error:
        return ""
    return "".join(c for c in text if c.isprintable())
