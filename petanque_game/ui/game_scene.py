"""What the two game scenes (the tray and the table) share: the session they show, the pacing of
AI decisions and replays, the narration of what happened, the players' panel, the status bar with
the line saying what to do next, and the results when the game is over."""

from __future__ import annotations

import sys
from typing import Any

import pygame

from petanque_game.ui.game_ui import title
from petanque_game.ui.look import Look
from petanque_game.ui.replay import ReplayControls
from petanque_game.ui.replay_session import ReplaySession
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.session import LOG_LINES, LiveSession, Session, Step
from petanque_game.ui.widgets import Button, panel
from petanque_game.ui.workers import Workers

STATUS_RECT = pygame.Rect(16, 624, 1248, 88)
RETRY_EVERY = 3.0  # seconds between two tries to save what the disk refused (and saying so)
CHAT_KEY = pygame.K_F3  # an online game's chat line (ui/scenes/online_chat.py)


class GameScene(Scene):
    """What a tray scene and the table scene share: the session, pacing, narration, results."""

    def __init__(self, app: AppLike, session: Session):
        super().__init__(app)
        look = self.look
        self.session = session
        session.shown_with(look)  # its lines said in the window's language
        if isinstance(session, LiveSession):  # on the App's threads: its autosave written behind
            session.run_on(app.workers)
        self.seen = 0  # steps of the session already taken in
        self.history = list(session.told_before[-LOG_LINES:])  # what happened, newest last
        self.pending_lines: list[str] = []  # told once the animation showing them has ended
        self.ai_wait = 0.0
        self.results_wait = 0.0
        self.results_shown = False
        self.replay = ReplayControls(self, session) if isinstance(session, ReplaySession) \
            else None
        self.turn_seat = self._seat_to_move()  # whose turn it was last seen (the hand-over)
        self.last_human = self._human(self.turn_seat)  # the last person seen to move
        self.retry_wait = 0.0
        self.leave_warned = False  # told once that leaving keeps the game as last saved
        self.back_to_opener = False  # leaving returns to the scene that opened it (Try it)
        self.challenge_tag = _challenge_tag(look, session)  # "DAILY CHALLENGE" in the header, or ""

    @property
    def workers(self) -> Workers:
        """The App's threads (the AI's, the saves', the previews')."""
        return self.app.workers

    @property
    def live(self) -> LiveSession | None:
        """The live game shown, or None (a replay)."""
        return self.session if isinstance(self.session, LiveSession) else None

    # --- pacing -----------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """An animation is running: AI and replay wait for it."""
        return False

    @property
    def lines_held(self) -> bool:
        """Do the log's new lines wait (for the animation that shows what they tell)? While the
        scene is busy, unless a scene says otherwise."""
        return self.busy

    @property
    def animating(self) -> bool:
        """Does this scene move on its own (so the window must keep drawing frames)? Also while
        a replay's drag made it and no frame has drawn it yet (ui/replay.py `jump_due`)."""
        if self.busy or self.pending_lines or (self.replay is not None and self.replay.undrawn):
            return True
        if self.session.over:
            return not self.results_shown
        if self.replay is not None:
            return not (self.replay.paused or self.replay.session.at_end)
        return self.session.ai_to_move and self.app.top is self

    def _seat_to_move(self) -> int | None:
        live = self.live
        return live.seat_to_move if live is not None else None

    def _human(self, seat: int | None) -> int | None:
        return seat if seat is not None and self.session.person_here(seat) else None

    def hand_over(self) -> None:
        """When the turn passes from one person to another (AI seats between them or not), hide
        the table until the next player says they are ready (the hand-over screen, if the
        settings want it)."""
        seat = self._seat_to_move()
        if seat == self.turn_seat:
            return
        self.turn_seat = seat
        person, before = self._human(seat), self.last_human
        if person is None:
            return
        self.last_human = person
        if before is not None and before != person and self.app.settings.handover:
            self.app.open("handover", self.session.players[person].name, person,
                          self.history[-2:])

    def sync(self) -> None:
        """Take in the session's new steps (narrate them, start their animations)."""
        steps, new = self.session.steps, []
        while self.seen < len(steps):
            step = steps[self.seen]
            self.seen += 1
            self.on_step(step)
            new.append(step)
        self.pending_lines.extend(self.session.told(new, LOG_LINES))  # (the log keeps as many)
        if not self.lines_held:
            self.flush_lines()
        if self.session.save_problem:
            self.app.toast.show(self.session.save_problem, "bad", 5.0)
            self.session.save_problem = None
        news = getattr(self.session, "news", None)  # an online game's: who left, came back
        for line in news() if news is not None else []:
            self.app.toast.show(line, "info", 5.0)

    def exit(self) -> None:
        """Off the stack: a live game is let go of, so that it can be resumed (here or in
        another window); what the disk refused is tried once more, and said if it still is."""
        self.session.close()
        unsaved = self.live and self.live.unsaved
        if unsaved:
            print(f"petanque-game: {unsaved}", file=sys.stderr)

    def on_step(self, step: Step) -> None:
        """A new step to show."""

    def flush_lines(self) -> None:
        if self.pending_lines:
            self.history.extend(self.pending_lines)
            self.pending_lines = []
            del self.history[:-LOG_LINES]

    def act(self, action: Any) -> bool:
        """A human's action: True if the rules took it; otherwise say why and change nothing."""
        live = self.live
        if live is None:
            return False
        why = live.decide(action)
        if why is not None:
            self.app.toast.show(_sentence(why), "bad", 2.5)
            return False
        self.ai_wait = 0.0
        self.sync()
        return True

    def refuse(self, why: str) -> None:
        self.app.toast.show(_sentence(why), "bad", 2.5)

    @property
    def human_turn(self) -> bool:
        return self.session.interactive and self.session.human_to_move

    def update(self, dt: float) -> None:
        if self.replay is not None and self.replay.jump_due():
            return  # a new scene, at the point the timeline was dragged to, shows from now on
        self.keep_trying(dt)
        self.sync()
        self.animate(dt)
        live = self.live
        if live is not None and live.ai_to_move:
            live.think()  # while the last move is still being shown
        if not self.lines_held:
            self.flush_lines()
        if self.busy:
            return
        if self.app.top is not self:
            return  # the rules, the settings or the hand-over on top: the game waits
        self.hand_over()
        if self.replay is not None:
            self.replay.update(dt)
        elif live is not None and live.ai_to_move:
            self.ai_wait += dt
            # A decision still being worked out on the AI's thread is played in a later frame,
            # after the AI's pause; with no pause (the quickest pace) it is waited for at once.
            delay = self.app.settings.ai_delay
            if self.ai_wait >= delay and not (delay > 0 and live.thinking):
                self.ai_wait = 0.0
                live.play_ai()
                self.sync()
        if self.session.over and not self.results_shown and not self.busy:
            self.results_wait += dt
            if self.results_wait >= min(1.2, self.app.settings.ai_delay + 0.4):
                self.show_results()

    def animate(self, dt: float) -> None:
        """Advance this scene's own animations."""

    def finish_animation(self) -> None:
        """Jump to the end of any animation running."""

    def show_results(self) -> None:
        self.results_shown = True
        self.app.open("results", self.session)

    def keep_trying(self, dt: float) -> None:
        """While the game on disk is behind the game played (a full disk), try again every few
        seconds, on the results screen too, and keep saying so; likewise for a game that cannot
        go on (its record would be too large)."""
        live = self.live
        problem = live and (live.unsaved or live.halted)
        if live is None or not problem:
            self.retry_wait = 0.0
            return
        self.retry_wait += dt
        if self.retry_wait < RETRY_EVERY:
            return
        self.retry_wait = 0.0
        if live.retry_saving() and not live.halted:
            return
        self.app.toast.show(_sentence(live.unsaved or live.halted or ""), "bad",
                            RETRY_EVERY + 1.0)

    def leave(self) -> None:
        live = self.live
        unsaved = live and live.unsaved
        if live is not None and unsaved and not live.retry_saving() and not self.leave_warned:
            self.leave_warned = True  # the second Menu leaves: the game stays as last saved
            self.app.toast.show(self.look.tr("game.unsaved_leave", why=_sentence(unsaved)), "bad",
                                8.0)
            return
        elsewhere = getattr(self.session, "leave_line", None)  # an online game: not resumed here
        if elsewhere and not self.session.over:
            self.app.toast.show(elsewhere, "info", 6.0)
        elif self.session.interactive and not self.session.over and \
                not getattr(self.session, "practice", False):  # a practice game is not kept
            self.app.toast.show(self.look.tr("game.saved_resume"), "info", 3.0)
        if self.back_to_opener:
            self.app.pop()
        else:
            self.app.back_to_menu()

    # --- drawing shared by the game scenes --------------------------------------------------------

    def draw_header(self, surface: pygame.Surface, info: str) -> None:
        look = self.look
        named = look.blit_text(surface, title(look, self.session.game), (18, 14), 44, "text", True)
        tag = look.tr("game.replay_tag") if self.replay is not None else \
            look.tr("game.practice_tag") if getattr(self.session, "practice", False) else \
            self.challenge_tag
        right = look.blit_text(surface, info, (932, 32), 24, "muted", anchor="midright")
        if tag:  # between the game's name and the line on the right, shortened to fit
            room = right.left - 20 - (named.right + 20)
            look.blit_text(surface, look.fit(tag, 26, max(room, 0), True), (right.left - 20, 32),
                            26, "accent", True, "midright")
        self.rules_button.draw(look, surface, self.mouse)
        self.menu_button.draw(look, surface, self.mouse)
        self.settings_button.draw(look, surface, self.mouse)
        look.draw_gear(surface, self.settings_button.rect.center, 13, look.colour("button_text"))

    @property
    def menu_button(self) -> Button:
        look = self.look
        return Button(pygame.Rect(1134, 12, 130, 42), look.tr("game.menu"), self.leave, size=24,
                      hint="", style="ghost", tag="menu")

    @property
    def rules_button(self) -> Button:
        return Button(pygame.Rect(994, 12, 130, 42), self.look.tr("game.rules"), self.show_rules,
                      size=24, hint="", style="ghost", tag="rules")

    @property
    def settings_button(self) -> Button:
        return Button(pygame.Rect(940, 12, 46, 42), "", self.app.open_settings, size=24,
                      hint="", style="ghost", tag="settings")

    def show_rules(self) -> None:
        game = self.session.game
        self.app.open("rules", game, title(self.look, game))

    def header_event(self, event: pygame.event.Event) -> bool:
        """The header's Rules and Menu buttons and the help key, alike in every game scene."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return any(b.click(self.look, event.pos)
                       for b in (self.menu_button, self.rules_button, self.settings_button))
        if event.type == pygame.KEYDOWN and self.app.settings.is_key("help", event.key):
            self.show_rules()
            return True
        chat = getattr(self.session, "open_chat", None)  # online: a line to the others
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY and chat is not None:
            chat(self.app)
            return True
        hand_over = getattr(self.session, "hand_over_gone", None)  # online: a player gone
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and hand_over is not None:
            return bool(hand_over())
        return False

    def draw_players(self, surface: pygame.Surface, rect: pygame.Rect, score: Any,
                     subline: Any, to_move: int | None,
                     ground: tuple[int, int, int] | None = None) -> None:
        """The players' cards on a panel (`ground`: the plain colour under it, if known)."""
        look = self.look
        panel(look, surface, rect, ground=ground)
        players = self.session.players
        n = len(players)
        row_h = min(66, (rect.h - 16) // max(1, n))
        # the winners are named once what decided the game has been shown (not busy)
        winners = set(self.session.state.winners()) if self.session.over and not self.busy \
            else set()
        for seat, p in enumerate(players):
            r = pygame.Rect(rect.x + 8, rect.y + 8 + seat * row_h, rect.w - 16, row_h - 6)
            current = seat == to_move
            if current:
                glow = pygame.Rect(r).inflate(4, 4)
                pygame.draw.rect(surface, look.colour("accent"), glow, border_radius=10)
                pygame.draw.rect(surface, (58, 52, 34), r, border_radius=9)
            else:
                pygame.draw.rect(surface, look.colour("panel_light"), r, border_radius=9)
            pygame.draw.rect(surface, look.player_colour(seat),
                             pygame.Rect(r.x, r.y, 8, r.h), border_radius=4)
            name_col = "accent" if current else "text"
            shown = look.blit_text(surface, score(seat), (r.right - 12, r.centery), 34,
                                    "accent" if current else "text", True, "midright")
            room = shown.left - 12 - (r.x + 18)  # left of the score
            name = look.blit_text(surface, look.fit(p.name, 26, room, True),
                                   (r.x + 18, r.y + 7), 26, name_col, True)
            kind = look.tr("game.human") if p.kind == "human" else look.tr(f"game.ai_{p.level}")
            extra = str(subline(seat)).strip()
            below = f"{kind}  {extra}".strip()
            if look.font(19).size(below)[0] > room:  # the kind goes beside the name, or goes
                if look.font(19).size(kind)[0] <= room - name.w - 10:
                    look.blit_text(surface, kind, (name.right + 10, name.bottom - 2), 19,
                                    "muted", anchor="bottomleft")
                below = extra or kind
            look.blit_text(surface, look.fit(below, 19, room),
                            (r.x + 18, r.y + 7 + min(26, row_h - 30)), 19, "muted")
            if seat in winners:
                look.blit_text(surface, look.tr("game.winner"), (r.right - 12, r.bottom - 4), 18,
                                "good",
                                True, "bottomright")
            if current:
                pygame.draw.polygon(surface, look.colour("accent"),
                                    [(r.x - 12, r.centery - 9), (r.x - 3, r.centery),
                                     (r.x - 12, r.centery + 9)])

    def draw_status(self, surface: pygame.Surface, prompt: str, buttons: list[Button],
                    urgent: bool, history_lines: int = 2, framed: bool = False) -> None:
        """The status bar: what happened last (or the replay's timeline), the prompt, the
        buttons; `framed`: its panel is drawn already (a scene's kept backdrop)."""
        look = self.look
        if not framed:
            panel(look, surface, STATUS_RECT, "panel", "accent" if urgent else "edge")
        width = STATUS_RECT.w - 40 - (sum(b.rect.w + 10 for b in buttons))
        happened = self.history[-history_lines:] if history_lines else []
        if self.replay is not None:  # the replay's timeline stands where the history lines go
            happened = []
            self.replay.draw_timeline(surface)
        y = STATUS_RECT.y + (8 if len(happened) > 1 else 12)
        for line in happened:
            look.blit_text(surface, look.fit(line, 22, width), (STATUS_RECT.x + 16, y), 22,
                            "muted")
            y += 21
        look.blit_text(surface, look.fit(prompt, 28, width, True),
                        (STATUS_RECT.x + 16, STATUS_RECT.bottom - 12), 28,
                        "accent" if urgent else "text", True, "bottomleft")
        for b in buttons:
            b.draw(look, surface, self.mouse)

    def layout_buttons(self, specs: list[Button]) -> list[Button]:
        """Place buttons right-aligned in the status bar."""
        x = STATUS_RECT.right - 12
        for b in reversed(specs):
            b.rect = pygame.Rect(0, 0, b.rect.w or 170, 64)
            b.rect.topright = (x, STATUS_RECT.y + 12)
            x -= b.rect.w + 10
        return specs


def _sentence(s: str) -> str:
    s = s.strip()
    return (s[:1].upper() + s[1:]) if s else s


def _challenge_tag(look: Look, session: Session) -> str:
    """The header's word for a game that is a challenge (a resumed one too), else ""."""
    if not session.interactive:
        return ""
    from petanque_game.ui.scenes.results_challenge import challenge_of

    made = challenge_of(session)
    if made is None:
        return ""
    return look.tr("game.daily_tag" if made.daily else "game.challenge_tag")
