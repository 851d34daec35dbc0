"""Play online (from the main menu): *Host* a game (the game, its rules and board: online_rules.py;
the seats: you, a friend who joins, AI players) and read its room code out,
or *Join* one by its code; then wait until every seat is taken and the game opens in the table or
the tray (ui/online_session.py drives it).

On a local network *Host* starts a relay in the game itself, so two computers need nothing else:
the screen shows the address the friend types with the code. A relay elsewhere is typed as
ws://HOST:PORT.
"""

from __future__ import annotations

from functools import partial

import pygame

from petanque_game.draws import new_seed
from petanque_game.online.gathering import Gathering
from petanque_game.online.link import check_url
from petanque_game.online.relay import RelayThread, local_address
from petanque_game.online.rooms import read_code
from petanque_game.rules.games import game_ids, spec_of
from petanque_game.ui.game_ui import title
from petanque_game.ui.names import default_name, person_name
from petanque_game.ui.online_session import Meeting, OnlineSession
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.scenes.online_rules import RulesPicker
from petanque_game.ui.text_field import TextField
from petanque_game.ui.widgets import Button, panel

SEAT_KINDS = ("remote", "ai:easy", "ai:medium", "ai:expert")  # the seats after yours
PORT = 8765  # the relay the game starts itself listens here (or on any free port)


class OnlineScene(Scene):
    listen = "0.0.0.0"  # where the relay the game starts itself listens: every network
    port = PORT

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.mode = "choose"  # choose | host | join | waiting
        self.game = game_ids()[0]
        self.seats = ["you", "remote"]
        self.relay_here = True
        self.code = TextField(pygame.Rect(330, 250, 300, 52), "", 8)
        self.address = TextField(pygame.Rect(330, 330, 600, 52), f"ws://{local_address()}:{PORT}",
                                 120)  # the relay to join through
        self.elsewhere = TextField(pygame.Rect(700, 546, 460, 52), "ws://", 120)  # to host on
        self.player = TextField(pygame.Rect(330, 170, 330, 52), "", 32)
        self.picker = RulesPicker(app.memory)
        self.offered = ""  # the name the field was given, until the person types their own
        self.shown_address = ""  # the relay's address, for the friends who join
        self.meeting: Meeting | None = None
        self.problem = ""

    # --- the choices --------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        look = self.look
        back = Button(pygame.Rect(120, 620, 220, 64), look.tr("menu.back"), self.back, size=28,
                      hint="Esc", tag="back")
        if self.mode == "choose":
            return [Button(pygame.Rect(120, 220, 420, 80), look.tr("online.host"),
                           self.to_host, size=32, style="primary", tag="host"),
                    Button(pygame.Rect(120, 320, 420, 80), look.tr("online.join"),
                           self.to_join, size=32, tag="join"), back]
        if self.mode == "waiting":
            return [back]
        go = Button(pygame.Rect(940, 620, 220, 64), look.tr(f"online.{self.mode}"), self.go,
                    size=30, style="primary", tag="go")
        if self.mode == "join":
            return [go, back]
        out = [Button(pygame.Rect(330, 250, 330, 52), title(look, self.game), self.next_game,
                      size=24, tag="game")]
        for i, kind in enumerate(self.seats):
            out.append(Button(pygame.Rect(330, 316 + i * 54, 250, 46), self.seat_words(kind),
                              partial(self.next_kind, i), size=22, enabled=i > 0,
                              tag=f"seat{i}"))
        spec = spec_of(self.game)
        out += [Button(pygame.Rect(590, 316, 70, 46), "+", self.more_seats, size=28,
                       enabled=len(self.seats) < min(spec.max_players, 4), tag="more"),
                Button(pygame.Rect(590, 370, 70, 46), "-", self.fewer_seats, size=28,
                       enabled=len(self.seats) > max(spec.min_players, 2), tag="fewer"),
                Button(pygame.Rect(330, 546, 330, 52), look.tr(
                    "online.relay_here" if self.relay_here else "online.relay_there"),
                    self.flip_relay, size=24, tag="relay"), go, back]
        return out + self.picker.buttons(look, self.game)

    def seat_words(self, kind: str) -> str:
        if kind in ("you", "remote"):
            return self.look.tr(f"online.seat_{kind}")
        return self.look.tr(f"game.ai_{kind.partition(':')[2]}")

    def to_host(self) -> None:
        self.mode, self.problem = "host", ""
        self._offer_name(person_name(self.app))

    def to_join(self) -> None:
        self.mode, self.problem = "join", ""
        self.code.active = True
        self._offer_name(self._default_name())

    def _default_name(self) -> str:
        """A name, never a word for "you" (ui/names.py): the host is "Player 1" where no name was
        typed in New game; a guest "Player 2", so two untyped names still differ."""
        if self.mode == "host":
            return person_name(self.app)
        chosen = self.app.memory.get("setup")
        return (chosen.person() if chosen is not None else None) or default_name(self.look, 2)

    def _offer_name(self, name: str) -> None:
        if self.player.value in ("", self.offered):
            self.player.value = self.offered = name

    def next_game(self) -> None:
        ids = game_ids()
        self.game = ids[(ids.index(self.game) + 1) % len(ids)]
        spec = spec_of(self.game)
        while len(self.seats) < spec.min_players:
            self.seats.append("ai:medium")
        del self.seats[max(spec.max_players, 2):]

    def next_kind(self, seat: int) -> None:
        self.seats[seat] = SEAT_KINDS[(SEAT_KINDS.index(self.seats[seat]) + 1) % len(SEAT_KINDS)]

    def more_seats(self) -> None:
        self.seats.append("remote")

    def fewer_seats(self) -> None:
        self.seats.pop()

    def flip_relay(self) -> None:
        self.relay_here = not self.relay_here
        self.elsewhere.active = not self.relay_here

    def back(self) -> None:
        if self.meeting is not None:
            self.meeting.close()
            self.meeting = None
        if self.mode == "choose":
            self.app.pop()
        else:
            self.mode, self.problem = "choose", ""

    def rules(self) -> tuple[dict, str | None]:
        """The rules and the board the game is hosted with (online_rules.py)."""
        return self.picker.played(self.look, self.game)

    # --- meeting ------------------------------------------------------------------------------

    def go(self) -> None:
        look = self.look
        name = self.player.value.strip() or self._default_name()
        url = (self.address if self.mode == "join" else self.elsewhere).value.strip()
        relay = None
        if self.mode == "host" and self.relay_here:
            relay = RelayThread(self.listen, self.port).start()
            if relay.problem is not None:  # the port is taken: any free one
                relay = RelayThread(self.listen, 0).start()
            if relay.problem is not None:
                self.problem = look.tr("online.no_relay", why=relay.problem)
                return
            url = f"ws://{local_address()}:{relay.port}"
        problem = check_url(url)
        if problem:
            self.problem = look.tr("online.bad_address")
            return
        if self.mode == "join":
            code = read_code(self.code.value)
            if code is None:
                self.problem = look.tr("online.bad_code")
                return
            self.meeting = Meeting(url, name, room=code)
        else:
            if "remote" not in self.seats:
                self.problem = look.tr("online.no_friend")
                return
            local = f"ws://127.0.0.1:{relay.port}" if relay is not None else url
            options, board = self.rules()
            gathering = Gathering(self.game, list(self.seats), options, new_seed() % (2**62),
                                  board)
            self.meeting = Meeting(local, name, gathering=gathering, relay=relay)
        self.shown_address = url
        self.mode, self.problem = "waiting", ""

    @property
    def animating(self) -> bool:
        return self.meeting is not None

    def update(self, dt: float) -> None:
        meeting = self.meeting
        if meeting is None:
            return
        meeting.poll()
        if meeting.problem is not None:
            self.problem = meeting.problem
            meeting.close()
            self.meeting, self.mode = None, "choose"
        elif meeting.started:
            self.meeting = None
            open_game_scene(self.app, OnlineSession(meeting))

    # --- input and drawing --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        fields = [self.player] + ([self.code, self.address] if self.mode == "join" else
                                [self.elsewhere] if self.mode == "host" and not self.relay_here
                                else [])
        if self.mode in ("host", "join") and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for f in fields:  # Enter in a field hosts or joins at once, as it says
                f.active = False
            self.go()
            return True
        if self.mode in ("host", "join") and any(f.handle(event) for f in fields):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for f in fields:
                f.active = f.rect.collidepoint(event.pos)
            for b in self.buttons():
                if b.click(self.look, event.pos):
                    return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        surface.fill(look.colour("background"))
        look.blit_text(surface, look.tr("online.title"), (120, 60), 56, "text", True, shadow=True)
        if self.mode in ("host", "join"):
            panel(look, surface, pygame.Rect(100, 150, 1080, 460))
            look.blit_text(surface, look.tr("online.name"), (130, 182), 26, "muted")
            self.player.draw(look, surface, self.app.time % 1.0 < 0.5)
        if self.mode == "join":
            look.blit_text(surface, look.tr("online.code"), (130, 262), 26, "muted")
            look.blit_text(surface, look.tr("online.address"), (130, 342), 26, "muted")
            self.code.draw(look, surface, self.app.time % 1.0 < 0.5)
            self.address.draw(look, surface, self.app.time % 1.0 < 0.5)
        elif self.mode == "host":
            look.blit_text(surface, look.tr("online.game"), (130, 262), 26, "muted")
            look.blit_text(surface, look.tr("online.seats"), (130, 326), 26, "muted")
            self.picker.draw(look, surface, self.game)
            if not self.relay_here:
                self.elsewhere.draw(look, surface, self.app.time % 1.0 < 0.5)
        elif self.mode == "waiting":
            self.draw_waiting(surface)
        for b in self.buttons():
            b.draw(look, surface, self.mouse)
        if self.problem:
            look.blit_text(surface, look.fit(self.problem, 24, 1040), (120, 140), 24, "bad")

    def draw_waiting(self, surface: pygame.Surface) -> None:
        look = self.look
        meeting = self.meeting
        panel(look, surface, pygame.Rect(100, 150, 1080, 440))
        if meeting is None or meeting.code is None:
            look.blit_text(surface, look.tr("online.connecting"), (140, 200), 30)
            return
        look.blit_text(surface, look.tr("online.read_out"), (140, 180), 28, "muted")
        look.blit_text(surface, " ".join(meeting.code), (140, 230), 96, "accent", True)
        look.blit_text(surface, look.tr("online.relay_is", address=self.shown_address),
                        (140, 380), 26)
        g = meeting.lock.gathering
        line = look.tr("online.joined", n=meeting.joined(), of=g.remote_seats) \
            if g is not None else look.tr("online.waiting_host")
        look.blit_text(surface, line, (140, 440), 28)
        if g is not None:  # what the friends are joining
            rules = ", ".join(f"{head} {shown}" for _, head, shown in self.picker.rows(look,
                                                                                       g.game))
            look.blit_text(surface, look.fit(f"{title(look, g.game)}: {rules}", 22, 1000),
                            (140, 500), 22, "muted")
