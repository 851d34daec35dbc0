"""Text broken into lines (`Pens.wrap`): each line holds the most words that fit, the first word
alone when even it does not; found by halving, so a long line is measured a few times, not once
a word (a scrubbed replay's log wraps new entries every frame)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from petanque_game.ui import theme

TEXTS = ["", " ", "a", "a  b", " lead", "trail ", "tab\there and there", "x" * 80,
         "Ana rolled 5-6-4-4: secured captain and crew; cargo 4 + 6 = 10.",
         "Åse slår 1-3-6-1-4 og sikrer skibet; Bjørn får æblegrød og øl. " * 3,
         "first paragraph here\nand a second one of many more words than fit " * 2]


def word_by_word(s: str, f: pygame.font.Font, width: int) -> list[str]:
    """The lines as measured one word at a time (what `wrap` must keep giving)."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@pytest.fixture
def fonts():
    pygame.font.init()  # (left running: the pens keep their fonts until pygame is quit)
    return theme.Pens()


@pytest.mark.parametrize("size, bold", [(19, False), (24, True)])
@pytest.mark.parametrize("width", [0, 40, 150, 282, 700])
def test_the_lines_are_those_measured_word_by_word(fonts, size, bold, width):
    f = fonts.font(size, bold)
    for text in TEXTS:
        assert theme._wrap(text, f, width) == word_by_word(text, f, width), text


class Counting:
    """A font whose measurements are counted."""

    def __init__(self, f: pygame.font.Font):
        self.f, self.calls = f, 0

    def size(self, s: str) -> tuple[int, int]:
        self.calls += 1
        return self.f.size(s)


def test_a_log_entry_is_measured_a_few_times_not_once_a_word(fonts):
    entry = "Ana rolled 5-6-4-4: secured captain and crew; cargo 4 + 6 = 10."
    counting = Counting(fonts.font(19))
    lines = theme._wrap(entry, counting, 282)  # type: ignore[arg-type]
    assert lines == word_by_word(entry, fonts.font(19), 282)
    assert len(lines) == 2
    assert counting.calls <= 2 + 4  # each line whole, and halving the first's 13 words
