"""The setup scene: which game, who plays (human or AI, and how strong), the main rule options and,
for Terningepetanque, the board and each person's hand (steady, normal or shaky; a seat not set
takes the settings' "Your hand"). Start makes a new seeded game.

Option defaults come from config/games/<game>.yaml (rule_defaults.shipped_rule_defaults); the menus
offer the usual choices of docs/rules.md. A game whose file has a `quick` part is offered first
as a quick game (Terningepetanque: 5 rounds), the setup's start; "Full game" is its options. A
broken board file is listed as broken and cannot be chosen. A game whose window entry offers a
practice (Terningepetanque) has a button to its first lesson (ui/scenes/lesson.py).
"""

from __future__ import annotations

from functools import partial
from types import ModuleType
from typing import Any

import pygame

from petanque_game import logs
from petanque_game.draws import LocalEntropy, new_seed
from petanque_game.physics import LevelError
from petanque_game.rule_defaults import shipped_quick_options, shipped_rule_defaults
from petanque_game.rules.games import game_ids, spec_of
from petanque_game.rules.options import OptionError
from petanque_game.ui.first_games import open_lesson
from petanque_game.ui.game_ui import title, ui_of
from petanque_game.ui.names import default_name
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.scenes.setup_boards import (
    PAGE_BOARDS,
    available_levels,
    board_label,
    board_pages,
    board_slot,
    page_shown,
)
from petanque_game.ui.scenes.setup_choices import (
    AI_NAMES,
    KINDS,
    LENGTHS,
    PlayerRow,
    SetupChoices,
    kind_label,
    same_value,
    value_label,
)
from petanque_game.ui.scenes.setup_screen import LABEL_W, draw_unlit, fitting_size, game_slots
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import CHOICES
from petanque_game.ui.text_field import TextField
from petanque_game.ui.warm import warm, warmer_of
from petanque_game.ui.widgets import Backdrop, Button, draw_lit


class SetupScene(Scene):
    covers = True  # draws the whole picture

    def __init__(self, app: AppLike, choices: SetupChoices | None = None,
                 game: str | None = None):
        """`game`: the game shown chosen (the one just played), else the one last chosen here
        (the first of the list the first time)."""
        super().__init__(app)
        self.choices = choices or app.memory.get("setup") or SetupChoices()
        self.choices.players = self.choices.players or SetupChoices.first_players(self.look)
        app.memory["setup"] = self.choices
        if game is not None:
            self.choices.game = game
        self.defaults = shipped_rule_defaults()
        self.quick, problems = shipped_quick_options()
        told = app.memory.setdefault("quick_problems_told", set())  # once a run, not each opening
        for problem in set(problems) - told:
            told.add(problem)
            logs.note(f"Setup: {problem}")
        self.boards = available_levels(self.look)  # read again when the board editor was opened
        self.board_page: int | None = None  # None: the page of the board chosen
        self.fields: list[TextField] = []
        self.buttons: list[Button] = []
        self.backdrop = Backdrop()  # the screen with no button lit, kept while it is the same
        self.blink = 0.0
        self._fit_players()
        self._rebuild()

    # --- the model --------------------------------------------------------------------------------

    @property
    def levels(self) -> list[tuple[str, str | None]]:
        """The boards listed: (name, why it cannot be used or None)."""
        return self.boards.listed

    @property
    def levels_problem(self) -> str | None:
        """Why no board is listed (the folder could not be)."""
        return self.boards.problem

    @property
    def rules(self) -> ModuleType:  # (the game's rules module: rules/games.py)
        return spec_of(self.choices.game).rules

    def full_options(self) -> dict[str, Any]:
        """The options of the game chosen played in full: its file's, with the window's own
        start (take-backs off)."""
        game = self.choices.game
        return {**self.defaults.options(game), **(ui_of(game).fresh or {})}

    def options(self) -> dict[str, Any]:
        game = self.choices.game
        if game not in self.choices.options:  # the quick game first, where there is one
            self.choices.options[game] = {**self.full_options(), **self.quick.get(game, {})}
        return self.choices.options[game]

    def length(self) -> str | None:
        """"quick" or "full" when the options chosen are the quick game's or the full game's in
        what the quick game changes, else None (a game without a quick game: None)."""
        quick, opts = self.quick.get(self.choices.game), self.options()
        if not quick:
            return None
        full = self.full_options()
        for name, preset in (("quick", quick), ("full", full)):
            if all(same_value(opts.get(k), preset[k]) for k in quick):
                return name
        return None

    def set_length(self, name: str) -> None:
        """Play the quick game (its options) or the full one (the file's, in what it changes)."""
        preset = self.quick.get(self.choices.game, {}) if name == "quick" else \
            self.full_options()
        for key in self.quick.get(self.choices.game, {}):
            self.options()[key] = preset[key]
        self._rebuild()

    def _fit_players(self) -> None:
        rows = self.choices.players
        while len(rows) < self.rules.MIN_PLAYERS:
            rows.append(PlayerRow(AI_NAMES[len(rows) % len(AI_NAMES)], 2))
        del rows[self.rules.MAX_PLAYERS:]

    def set_game(self, game: str) -> None:
        self.choices.game = game
        self._fit_players()
        self._rebuild()

    def add_player(self) -> None:
        if len(self.choices.players) < self.rules.MAX_PLAYERS:
            used = {r.name for r in self.choices.players}
            name = next((n for n in AI_NAMES if n not in used),
                        default_name(self.look, len(used) + 1))
            self.choices.players.append(PlayerRow(name, 2))
            self._rebuild()

    def remove_player(self, i: int) -> None:
        if len(self.choices.players) > self.rules.MIN_PLAYERS:
            del self.choices.players[i]
            self._rebuild()

    def cycle_kind(self, i: int) -> None:
        row = self.choices.players[i]
        row.kind = (row.kind + 1) % len(KINDS)
        self._rebuild()

    def cycle_hand(self, i: int) -> None:
        names = CHOICES["hand"]
        row = self.choices.players[i]
        row.hand = names[(names.index(self.choices.hand_of(i, self.app.settings.hand)) + 1)
                         % len(names)]
        self._rebuild()

    def set_option(self, key: str, value: Any) -> None:
        self.options()[key] = value
        self._rebuild()

    def set_level(self, name: str) -> None:
        self.choices.level = name
        self._rebuild()

    def turn_board_page(self, step: int) -> None:
        pages = len(board_pages(self.levels))
        self.board_page = max(0, min(pages - 1, (self.board_page or 0) + step))
        self._rebuild()

    def shown_boards(self) -> list[tuple[str, str | None]]:
        """The boards on the page shown (all of them when they fit)."""
        pages = board_pages(self.levels)
        self.board_page = page_shown(pages, self.board_page, self.choices.level)
        return pages[self.board_page]

    def offered(self, options: dict[str, Any]) -> list[tuple[str, tuple[Any, ...]]]:
        """The options the setup offers for the game chosen, with their values (the menus of
        docs/rules.md; ui/game_ui.py), less those the options chosen make pointless."""
        entry = ui_of(self.choices.game)
        hidden = entry.hidden(options)
        return [(key, values) for key, values in entry.choices if key not in hidden]

    def start(self) -> None:
        look = self.look
        self._commit_fields()
        game, level = self.choices.game, None
        if spec_of(game).board:
            level = self.choices.level
            if level is None:
                self.app.toast.show(look.tr("setup.choose_board", why=self.levels_problem or
                                            look.tr("setup.no_board_loads")))
                return
        options = dict(self.options())
        for key in ui_of(game).hidden(options):  # not played for: its default goes in the record
            options[key] = self.defaults.options(game)[key]
        problem = self.choices.name_problem(look)
        if problem:
            self.app.toast.show(problem, "bad", 5.0)
            return
        try:
            hands = self.choices.hands(self.app.settings.hand) if level is not None else None
            session = new_game(game, self.choices.seats(look), options, new_seed(), level,
                               hands=hands, chance=LocalEntropy(), look=look)  # (unforeseeable)
        except (OptionError, LevelError) as e:  # a choice the rules or the board refuse
            self.app.toast.show(look.tr("setup.cannot_start", why=e), "bad", 5.0)
            return
        self.app.pop()
        open_game_scene(self.app, session)

    # --- layout -----------------------------------------------------------------------------------

    def _commit_fields(self) -> None:
        for row, f in zip(self.choices.players, self.fields):
            row.name = f.value

    def _rebuild(self) -> None:
        look = self.look
        self._commit_fields() if self.fields else None
        self.spoken = look.language()  # the language the buttons were labelled in
        b: list[Button] = []
        for game, rect in zip(game_ids(), game_slots(len(game_ids()))):
            rules = spec_of(game).rules
            b.append(Button(rect, title(look, game),
                            partial(self.set_game, game), size=26,
                            hint=look.tr("setup.players_range", low=rules.MIN_PLAYERS,
                                         high=rules.MAX_PLAYERS),
                            selected=game == self.choices.game, tag=f"game:{game}"))
        old = {i: f.active for i, f in enumerate(self.fields)}
        self.fields = []
        y0 = 236
        rows = self.choices.players
        thrown = spec_of(self.choices.game).board  # a person's hand counts: a row has room for it
        pitch, h = (50, 42) if self.rules.MAX_PLAYERS <= 8 else (38, 34)  # ten rows fit too
        for i, row in enumerate(rows):
            y = y0 + i * pitch
            human = KINDS[row.kind][0] == "human"
            self.fields.append(TextField(pygame.Rect(90, y, 250 if thrown else 300, h), row.name,
                                         active=old.get(i, False)))
            b.append(Button(pygame.Rect(350 if thrown else 400, y, 150 if thrown else 170, h),
                            kind_label(look, row.kind), partial(self.cycle_kind, i), size=22,
                            tag=f"kind:{i}", style="ghost" if human else "normal"))
            if thrown and human:  # how steady this person's hand is at the table
                hand = self.choices.hand_of(i, self.app.settings.hand)
                label = look.tr(f"setup.hand.{hand}")
                b.append(Button(pygame.Rect(508, y, 136, h), label,
                                partial(self.cycle_hand, i),
                                size=fitting_size(self.look, [label], 124, (20, 19, 18, 17)),
                                tag=f"hand:{i}"))
            b.append(Button(pygame.Rect(652 if thrown else 580, y, h, h), "x",
                            partial(self.remove_player, i),
                            len(rows) > self.rules.MIN_PLAYERS, 24, style="danger",
                            tag=f"remove:{i}"))
        if len(rows) < self.rules.MAX_PLAYERS:
            b.append(Button(pygame.Rect(90, y0 + len(rows) * pitch, 240, h),
                            look.tr("setup.add_player"), self.add_player, size=24, style="ghost",
                            tag="add"))
        if ui_of(self.choices.game).practice is not None:  # Terningepetanque's first lesson
            b.append(Button(pygame.Rect(90, 496, 300, 42), look.tr("help.practice"),
                            lambda: open_lesson(self.app, self.choices.game), size=22,
                            tag="lesson"))
        if self.quick.get(self.choices.game):  # Quick game / Full game, beside the heading
            chosen = self.length()
            labels = [look.tr(f"setup.length.{name}") for name in LENGTHS]
            size = fitting_size(self.look, labels, 146, (22, 21, 20, 19, 18))
            for j, (name, label) in enumerate(zip(LENGTHS, labels)):
                b.append(Button(pygame.Rect(920 + j * 166, 194, 158, 34), label,
                                partial(self.set_length, name), size=size,
                                selected=chosen == name, tag=f"length:{name}"))
        y = 236
        opts = self.options()
        for key, offered in self.offered(opts):
            values = list(offered)
            if not any(same_value(opts[key], v) for v in values):  # in its place among them
                values.append(opts[key])
                if all(type(v) is int for v in values):
                    values.sort()
            w = (LABEL_W - 8 * (len(values) - 1)) // len(values)
            size = fitting_size(self.look, [value_label(look, key, v) for v in values], w - 12)
            for j, v in enumerate(values):
                b.append(Button(pygame.Rect(770 + j * (w + 8), y + 26, w, 38),
                                value_label(look, key, v), partial(self.set_option, key, v),
                                size=size, selected=same_value(opts[key], v),
                                tag=f"opt:{key}:{v}"))
            y += 74
        if spec_of(self.choices.game).board:
            usable = [name for name, problem in self.levels if problem is None]
            if self.choices.level not in usable:
                self.choices.level = "classic" if "classic" in usable else \
                    (usable[0] if usable else None)
            for j, (name, problem) in enumerate(self.shown_boards()):
                b.append(Button(board_slot(j, y),
                                board_label(self.look, name, problem, self.boards.read.get(name)),
                                partial(self.set_level, name), problem is None, 22,
                                selected=name == self.choices.level, tag=f"level:{name}"))
            b.append(Button(pygame.Rect(1070, y - 6, 170, 30), look.tr("setup.edit_boards"),
                            self.edit_boards, size=18, style="ghost", tag="boards:edit"))
            pages, page = len(board_pages(self.levels)), self.board_page or 0  # (set: shown)
            if pages > 1:
                b.append(Button(board_slot(PAGE_BOARDS, y), look.tr("setup.boards_previous"),
                                partial(self.turn_board_page, -1), page > 0, 22,
                                style="ghost", tag="boards:previous"))
                b.append(Button(board_slot(PAGE_BOARDS + 2, y), look.tr("setup.boards_next"),
                                partial(self.turn_board_page, 1), page < pages - 1,
                                22, style="ghost", tag="boards:next"))
        b.append(Button(pygame.Rect(40, 640, 200, 56), look.tr("setup.back"), self.app.pop,
                        hint="Esc", tag="back"))
        b.append(Button(pygame.Rect(1000, 640, 240, 56), look.tr("setup.start"), self.start,
                        size=32, hint="Enter", style="primary", tag="start"))
        self.buttons = b

    # --- input and drawing ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        for f in self.fields:
            if f.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for f in self.fields:
                f.active = f.rect.collidepoint(event.pos)
            self.blink = 0.0  # the cursor shows at once where the click put it
            self._commit_fields()
            for button in self.buttons:
                if button.click(self.look, event.pos):
                    if button.tag.startswith("level:") and not button.enabled:
                        self.tell_broken(button.tag[len("level:"):])
                    return True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif self.app.settings.is_key("help", event.key):
                self.app.open("rules", self.choices.game, title(self.look, self.choices.game))
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and \
                    spec_of(self.choices.game).board:
                self.turn_board_page(1 if event.key == pygame.K_PAGEDOWN else -1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = game_ids().index(self.choices.game) + (1 if event.key == pygame.K_RIGHT else -1)
                self.set_game(game_ids()[i % len(game_ids())])
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def tell_broken(self, name: str) -> None:
        """Why the board `name` is broken, whole (a click on its button)."""
        why = dict(self.levels).get(name)
        if why:
            said = self.look.tr("setup.board_is_broken", name=name, why=why)
            self.app.toast.show(said, "bad", 6.0)

    def edit_boards(self) -> None:
        """The board editor, starting from the board chosen; back here, the boards are read
        again (a board saved there is in the list)."""
        self.reread_boards = True
        self.app.memory.pop("board_editor", None)
        self.app.open("board_editor", self.choices.level)

    def resume(self) -> None:
        if getattr(self, "reread_boards", False):
            self.reread_boards = False
            self.boards = available_levels(self.look)
            self._rebuild()
        if self.spoken != self.look.language():  # the language was changed in the settings
            self._commit_fields()
            self.choices.name_by_default(self.look)  # "Player 1" becomes "Spiller 1"
            self.fields = []  # (the names as they are now, not as typed before)
            self._rebuild()

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0
        self.resume()
        if ui_of(self.choices.game).scene == "tray":  # the AI's tables made while one chooses
            warm(warmer_of(self.app.memory), self.choices.game, self.options())

    def draw(self, surface: pygame.Surface) -> None:
        hovered = self._hovered_broken()
        blink = self.blink < 0.5
        # (the buttons: a list made anew by _rebuild at every change)
        key = self.look.drawn_in(repr(self.choices), self.buttons, self.board_page, self.levels,
                                 self.levels_problem, [(f.value, f.active) for f in self.fields],
                                 blink and any(f.active for f in self.fields), hovered)
        self.backdrop.draw(surface, key, lambda out: draw_unlit(out, self, blink, hovered))
        draw_lit(self.look, surface, self.buttons, self.mouse)

    def _hovered_broken(self) -> Button | None:
        """The broken board's button under the mouse (the notes then say why it is broken)."""
        return next((b for b in self.buttons if b.tag.startswith("level:") and not b.enabled
                     and self.mouse is not None and b.hit(self.mouse)), None)
