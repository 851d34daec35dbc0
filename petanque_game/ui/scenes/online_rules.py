"""The rules and the board a host picks for an online game (*Play online*, *Host*): each option
New game offers for the game, as one button that steps through New game's values for it, and,
for a game on a board, the board likewise (the usable boards, shipped first).

A game's options start as New game last set them (else as New game starts: the quick game where
there is one, take-backs off); what the host picks is kept for the next game hosted (the app's
memory), apart from New game's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from petanque_game.rule_defaults import shipped_quick_options, shipped_rule_defaults
from petanque_game.rules.games import spec_of
from petanque_game.ui.game_ui import ui_of
from petanque_game.ui.look import Look
from petanque_game.ui.scenes.setup_boards import Boards, available_levels, board_label
from petanque_game.ui.scenes.setup_choices import option_label, same_value, value_label
from petanque_game.ui.widgets import Button

LEFT, TOP, WIDTH, PITCH = 700, 206, 460, 62  # the rules' column of the host's screen


@dataclass
class HostedRules:
    """What the host picked, per game, and the board (kept in the app's memory)."""

    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    board: str | None = None


class RulesPicker:
    """The host's rules and board for the game `game` (set by the scene): the buttons to change
    them, their labels, and what the gathering plays (`played`)."""

    def __init__(self, memory: dict[str, Any]):
        self.memory = memory
        self.kept: HostedRules = memory.setdefault("online_rules", HostedRules())
        self.boards: list[str] | None = None  # the usable boards, listed when first asked
        self.listed = Boards()

    def options(self, game: str) -> dict[str, Any]:
        if game not in self.kept.options:
            setup = getattr(self.memory.get("setup"), "options", {}).get(game)
            quick, _ = shipped_quick_options()
            self.kept.options[game] = dict(setup) if setup else {
                **shipped_rule_defaults().options(game), **(ui_of(game).fresh or {}),
                **quick.get(game, {})}
        return self.kept.options[game]

    def offered(self, game: str) -> list[tuple[str, list[Any]]]:
        """The options shown, each with its values (the one chosen among them)."""
        options = self.options(game)
        entry = ui_of(game)
        hidden = entry.hidden(options)
        quick = shipped_quick_options()[0].get(game, {})
        out = []
        for key, offered in entry.choices:
            if key in hidden:
                continue
            values = list(offered)
            for more in ([quick[key]] if key in quick else []) + [options.get(key)]:
                if not any(same_value(more, v) for v in values):  # the quick game's stays
                    values.append(more)  # among them, once stepped away from
            if all(type(v) is int for v in values):
                values.sort()
            out.append((key, values))
        return out

    def usable_boards(self, look: Look) -> list[str]:
        if self.boards is None:
            self.listed = available_levels(look)
            self.boards = [name for name, problem in self.listed.listed if problem is None]
        return self.boards

    def board(self, look: Look, game: str) -> str | None:
        """The board the game is played on (None: a game with no board, or no board usable)."""
        if not spec_of(game).board:
            return None
        usable = self.usable_boards(look)
        if self.kept.board not in usable:
            setup = getattr(self.memory.get("setup"), "level", None)
            self.kept.board = setup if setup in usable else \
                "classic" if "classic" in usable else (usable[0] if usable else None)
        return self.kept.board

    def played(self, look: Look, game: str) -> tuple[dict[str, Any], str | None]:
        """The options and board the game is played with: an option the others make pointless
        takes its default (that is what goes in the record)."""
        options = dict(self.options(game))
        defaults = shipped_rule_defaults().options(game)
        for key in ui_of(game).hidden(options):
            options[key] = defaults[key]
        return options, self.board(look, game)

    def step(self, game: str, key: str) -> None:
        """The option's next value (after the last, the first; numbers in their order)."""
        options = self.options(game)
        values = dict(self.offered(game))[key]
        now = next(i for i, v in enumerate(values) if same_value(options.get(key), v))
        options[key] = values[(now + 1) % len(values)]

    def step_board(self, look: Look, game: str) -> None:
        usable, now = self.usable_boards(look), self.board(look, game)
        if now in usable:
            self.kept.board = usable[(usable.index(now) + 1) % len(usable)]

    # --- the screen -----------------------------------------------------------------------------

    def rows(self, look: Look, game: str) -> list[tuple[str, str, str]]:
        """(tag, heading, value shown) of each row of the rules' column."""
        options = self.options(game)
        out = [(f"opt:{key}", option_label(look, key), value_label(look, key, options.get(key)))
               for key, _ in self.offered(game)]
        if spec_of(game).board:
            board = self.board(look, game)
            out.append(("board", look.tr("setup.board"), board_label(look,
                board, None, self.listed.read.get(board)) if board is not None else look.tr(
                "setup.no_board", why=self.listed.problem or look.tr("setup.none_found"))))
        return out

    def buttons(self, look: Look, game: str) -> list[Button]:
        out = []
        for i, (tag, _, shown) in enumerate(self.rows(look, game)):
            rect = pygame.Rect(LEFT, TOP + i * PITCH + 22, WIDTH, 36)
            if tag == "board":
                out.append(Button(rect, shown, partial(self.step_board, look, game), size=22,
                                  enabled=self.board(look, game) is not None, tag=tag))
            else:
                out.append(Button(rect, shown, partial(self.step, game, tag[4:]), size=22,
                                  tag=tag))
        return out

    def draw(self, look: Look, surface: pygame.Surface, game: str) -> None:
        look.blit_text(surface, look.tr("setup.rules_heading"), (LEFT, TOP - 36), 26, "text",
                        True)
        for i, (_, heading, _) in enumerate(self.rows(look, game)):
            look.blit_text(surface, look.fit(heading, 19, WIDTH), (LEFT, TOP + i * PITCH), 19,
                            "muted")
