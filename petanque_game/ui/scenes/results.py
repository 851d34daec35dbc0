"""Game over: who won, the final scores, a chart of each player's score over the game, and what
next (New game, watch it again, Menu).

The scores over the game are the rules' own, from folding the record (`stats.score_series`): a
replay hands its states over, a game just played is folded once when the screen opens.
"""

from __future__ import annotations

import pygame

from petanque_game import stats
from petanque_game.ui import theme
from petanque_game.ui.chart import draw_chart
from petanque_game.ui.look import Look
from petanque_game.ui.names import challenger_name, you
from petanque_game.ui.scene import AppLike, Scene, unlit
from petanque_game.ui.scenes import results_challenge
from petanque_game.ui.scenes.results_coach import coach_lines, draw_coach
from petanque_game.ui.session import Session
from petanque_game.ui.widgets import Backdrop, Button, dim, panel

RECT = pygame.Rect(120, 60, 1040, 600)
INSIDE = RECT.inflate(-16, -16)  # what the panel's fill covers whole (its corners are round)
CHART = pygame.Rect(RECT.x + 452, RECT.y + 128, 560, 360)


def winner_line(look: Look, names: list[str]) -> str:
    """"Åse wins!", "You win!", "Åse and Bjørn share the win!", or that nobody won."""
    if not names:
        return look.tr("results.nobody")
    if len(names) == 1:
        key = "results.you_win" if you(look, names[0]) else "results.wins"
        return look.tr(key, name=names[0])
    joined = look.tr("results.and", first=", ".join(names[:-1]), last=names[-1])
    return look.tr("results.share", names=joined)


class ResultsScene(Scene):
    """An overlay above the finished game."""

    opaque = False

    def __init__(self, app: AppLike, session: Session):
        super().__init__(app)
        self.session = session
        states = getattr(session, "states", None)
        if states is None and getattr(session, "practice", False):
            states = _states_on_its_board(session)  # a trial's board is in no file (Try it)
        self.series = stats.score_series(session.record, states, getattr(session, "start", None))
        self.challenge = results_challenge.challenge_of(session)
        self.challenge_line = ""
        self.code: str | None = None  # the code of the challenge made here (Challenge a friend)
        self.copied = False  # ... and whether it is on the clipboard
        # a trial game of a board being made (the board editor's Try it): the way out goes back
        # to the editor, and "Try again" replaces "New game"
        self.trial = bool(app.scenes) and getattr(app.scenes[-1], "back_to_opener", False)
        if self.challenge is not None:
            kept = results_challenge.keep_once(session, self.challenge) \
                if session.interactive else None
            self.challenge_line = results_challenge.line(self.look, session, self.challenge, kept)
        taken_back = session.record.take_backs  # a game that used take-backs says so here
        if taken_back:
            self.challenge_line = " ".join(filter(None, (
                self.challenge_line, self.look.tr_n("results.take_backs", taken_back))))
        self.buttons = self._buttons()
        self.coach_lines = coach_lines(app)  # the table's coach's summary (results_coach.py)
        self.kept = session.saved_record
        # The panel without its buttons, drawn once and again only when what it shows changes:
        # the chart and the texts are the same picture from frame to frame. Over a game that
        # has stopped changing (`still`), the game under the veil is kept in it too (`covers`).
        self.backdrop = Backdrop()

    def update(self, dt: float) -> None:
        if self.session.saved_record != self.kept:  # kept at last (the game scene keeps trying)
            self.kept = self.session.saved_record
            self.buttons = self._buttons()

    def _buttons(self) -> list[Button]:
        look = self.look
        y = RECT.bottom - 78
        b = []
        if self.trial:
            b.append(Button(pygame.Rect(RECT.x + 24, y, 220, 58), look.tr("editor.try_again"),
                            self.try_again, size=28, style="primary", tag="again"))
        elif self.session.interactive:
            b.append(Button(pygame.Rect(RECT.x + 24, y, 220, 58), look.tr("results.new_game"),
                            self.new_game, size=28, style="primary", tag="new"))
            saved = self.session.saved_record
            b.append(Button(pygame.Rect(RECT.x + 256, y, 220, 58), look.tr("results.watch"),
                            self.watch, saved is not None, 26, tag="watch"))
        else:
            b.append(Button(pygame.Rect(RECT.x + 256, y, 220, 58), look.tr("results.close"),
                            self.app.pop, size=28, tag="close"))
        third = pygame.Rect(RECT.x + 488, y, 240, 58)
        if self.code is not None:  # the challenge is made: its code shown, a click copies it
            b.append(Button(third, look.tr("challenges.copy_code"), self.copy_code, size=24,
                            hint=look.tr("challenges.copy_key"), tag="copy"))
        elif self.challenge is not None and self.challenge.challenger is not None:
            b.append(Button(third, look.tr("challenges.side_by_side"), self.side_by_side,
                            self.session.saved_record is not None, 24, tag="side"))
        elif results_challenge.can_challenge(self.session) and not self.trial:  # a draft's
            b.append(Button(third, look.tr("challenges.challenge_friend"), self.challenge_friend,
                            size=24, tag="challenge"))
        b.append(Button(pygame.Rect(RECT.right - 244, y, 220, 58),
                        look.tr("editor.back_to_editor" if self.trial else "results.menu"),
                        self.leave, size=28, hint=look.tr("results.key_esc"), tag="menu"))
        for button in b:
            button.label = look.fit(button.label, button.size, button.rect.w - 16, True)
        return b

    def leave(self) -> None:
        """Menu, or after a trial game the scene that opened it (the board editor)."""
        if self.trial:
            self.app.pop()  # this panel
            self.app.pop()  # the trial game
        else:
            self.app.back_to_menu()

    def try_again(self) -> None:
        """Another trial game on the board being made (its opener's `try_it`)."""
        self.leave()
        again = getattr(self.app.top, "try_it", None)
        if again is not None:
            again()

    def new_game(self) -> None:
        """The setup, on the game just played."""
        self.app.back_to_menu()
        self.app.open("setup", game=self.session.game)

    def watch(self) -> None:
        path = self.session.saved_record
        if path is not None:
            self.app.open_replay(path)

    def side_by_side(self) -> None:
        """This game beside the challenger's, both replayed at once."""
        from petanque_game import challenge_play
        from petanque_game.files import write_atomic
        from petanque_game.ui.session import LoadProblem

        made, mine = self.challenge, self.session.saved_record
        their_score = made.to_beat() if made is not None else None
        if made is None or made.challenger is None or their_score is None or mine is None:
            return  # (its button is there only for a kept game of a challenger's challenge)
        them = made.challenger
        # not among the challenges (their list would call it a broken challenge)
        theirs = challenge_play.challenges_dir() / "theirs" / f"{made.ident}.json"
        try:
            write_atomic(theirs, them.dumps())
            from petanque_game.stats import shown_score as shown

            you = made.you
            labels = (f"{self.session.players[you].name}: "
                      f"{self.look.number(shown(made.game, self.session.state.scores()[you]))}",
                      f"{challenger_name(self.look, them.players[you].name, True)}: "
                      f"{self.look.number(shown(made.game, their_score))}")
            self.app.open("side_by_side", mine, theirs, labels)
        except (OSError, LoadProblem) as e:
            self.app.toast.show(str(e), "bad", 6.0)

    def challenge_friend(self) -> None:
        from petanque_game.challenge import ChallengeError

        try:
            path, code = results_challenge.make_from(self.look, self.session)
        except ChallengeError as e:
            self.app.toast.show(self.look.tr("challenges.cannot_make", why=e.reason), "bad", 6.0)
            return
        # the code is shown whole in the panel (it is too long for a line of a toast)
        self.app.toast.show(self.look.tr("challenges.made", path=str(path)), "info", 10.0)
        if code:
            self.code = code
            self.copy_code()
            self.buttons = self._buttons()

    def copy_code(self) -> None:
        """The challenge's code on the clipboard, whole."""
        if self.code is not None:
            self.copied = _copy(self.code)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.click(self.look, event.pos):
                    return True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
                self.copy_code()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.trial:
                self.try_again()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.session.interactive:
                self.new_game()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def headline(self) -> str:
        players = self.session.players
        return winner_line(self.look, [players[w].name for w in self.session.state.winners()])

    def order(self) -> list[int]:
        """The seats best first: the winners, then by score the better way for the game."""
        winners = set(self.session.state.winners())
        final = self.series.points[-1][1]
        sign = 1 if self.series.measure.lower_better else -1
        return sorted(range(len(self.session.players)),
                      key=lambda s: (s not in winners, sign * final[s], s))

    def below(self) -> list[Scene]:
        """The scenes shown under this one, bottom first (down to an opaque one)."""
        scenes = self.app.scenes
        under: list[Scene] = []
        for scene in reversed(scenes[:scenes.index(self)] if self in scenes else scenes):
            under.append(scene)
            if scene.opaque:
                break
        return under[::-1]

    def _still_below(self) -> tuple | None:
        """What the scenes below show, if each has stopped changing and says so (a tray game
        over: `TrayScene.still`); None otherwise (they are drawn under the veil every frame)."""
        keys = tuple(getattr(scene, "still", lambda: None)() for scene in self.below())
        return keys if keys and None not in keys else None

    @property
    def covers(self) -> bool:  # type: ignore[override]
        return self._still_below() is not None

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        key = look.drawn_in(self.challenge_line, self.session.saved_record,
                            getattr(self.session, "unsaved", None), self.code, self.copied)
        below = self._still_below()
        if below is not None:  # the game under the veil, the veil and the panel: one picture
            self.backdrop.draw(surface, (key, below), self._draw_all)
        else:
            dim(look, surface, 160)
            panel(look, surface, RECT, "panel", "accent", 18)
            self.backdrop.draw(surface, key, self._draw_panel, INSIDE)
        for b in self.buttons:
            b.draw(look, surface, self.mouse)

    def _draw_all(self, surface: pygame.Surface) -> None:
        """The whole picture but the buttons: the game below (its buttons unlit: they take no
        clicks under the veil), the veil, the panel and what it shows."""
        surface.fill(self.look.colour("background"))
        with unlit(self.app):
            for scene in self.below():
                scene.draw(surface)
        dim(self.look, surface, 160)
        panel(self.look, surface, RECT, "panel", "accent", 18)
        self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's texts, the scores and the chart (all INSIDE)."""
        look = self.look
        winners = list(self.session.state.winners())
        look.blit_text(surface, look.tr("results.game_over"), (RECT.centerx, RECT.y + 16), 48,
                        "text", True, "midtop")
        look.blit_text(surface, look.fit(self.headline(), 36, RECT.w - 40, True),
                        (RECT.centerx, RECT.y + 70), 36, "accent", True, "midtop")
        if self.challenge_line:
            look.blit_text(surface, look.fit(self.challenge_line, 20, RECT.w - 40),
                            (RECT.centerx, RECT.y + 108), 20, "text", anchor="midtop")
        self._draw_scores(surface, winners)
        draw_chart(look, surface, CHART, self.series)
        draw_coach(look, surface, self.coach_lines, pygame.Rect(RECT.x + 24, CHART.y,
                                                                CHART.x - RECT.x
                                                          - 48, CHART.h))
        if self.code is not None:
            results_challenge.draw_code(look, surface, CHART, self.code, self.copied)
        saved = self.session.saved_record
        unsaved = getattr(self.session, "unsaved", None)
        if saved is not None:
            look.blit_text(surface, look.fit(look.tr("results.saved_as", name=saved.name), 18,
                                               RECT.w - 40),
                            (RECT.centerx, RECT.bottom - 100), 18, "muted", anchor="midtop")
        elif unsaved:
            for i, line in enumerate(look.wrap(look.tr("results.not_kept", why=unsaved), 18,
                                                RECT.w - 40)[:2]):
                look.blit_text(surface, line, (RECT.centerx, RECT.bottom - 118 + 19 * i), 18,
                                "bad", anchor="midtop")

    def _draw_scores(self, surface: pygame.Surface, winners: list[int]) -> None:
        look = self.look
        players = self.session.players
        final = self.series.points[-1][1]
        x, y, w = RECT.x + 28, CHART.y, 400
        look.blit_text(surface, look.tr(f"stats.measure.{self.series.measure.name}"),
                        (x + w, y), 20, "muted", True, "topright")
        y += 30
        row_h = min(44, (CHART.h - 30) // max(1, len(players)))
        for rank, seat in enumerate(self.order()):
            mid = y + row_h // 2
            col = "accent" if seat in winners else "text"
            pygame.draw.circle(surface, look.player_colour(seat), (x + 12, mid), 10)
            if look.marks_shown():
                theme.draw_mark(surface, seat, (x + 12, mid), 12)
            look.blit_text(surface, f"{rank + 1}.", (x + 30, mid), 26, "muted",
                            anchor="midleft")
            look.blit_text(surface, look.fit(players[seat].name, 28, w - 170, True),
                            (x + 64, mid), 28, col, True, "midleft")
            look.blit_text(surface, look.number(final[seat]), (x + w, mid), 30, col, True,
                            "midright")
            y += row_h


def _states_on_its_board(session: Session) -> list:
    """The state after each event of a game just played, folded on the board it was played
    on (as the match holds it), not on a board file of that name."""
    from petanque_game.match import rebuild

    states: list = []
    rebuild(session.record, check_physics=False, board=session.match.level,
            on_event=lambda index, state: states.append(state))
    return states


def _copy(text: str) -> bool:
    """Put `text` on the clipboard, where the system has one."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:
        return False
    return True
