"""The results screen's part for challenges: a finished challenge's score beside the one to
beat (kept once among the player's challenge results), the challenger's game to watch, and
"Challenge a friend", which turns a game one person played into a challenge file and a code.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from petanque_game import challenge as challenges
from petanque_game import challenge_play, challenge_results
from petanque_game.challenge import Board, Challenge, ChallengeError
from petanque_game.ui.look import Look
from petanque_game.ui.names import challenger_name
from petanque_game.ui.widgets import panel

if TYPE_CHECKING:
    from petanque_game.ui.session import Session


def challenge_of(session: Session) -> Challenge | None:
    """The challenge a game played, if it is one: a resumed game (or a replay) finds it by its
    ident, and is taken for it only when it is a game of it (challenge_play.resumed); asked
    once per session."""
    made = session.challenge
    if made is None and not session.challenge_asked:
        made = challenge_play.resumed(session.record)
        session.challenge, session.challenge_asked = made, True
    return made


def keep_once(session: Session, made: Challenge) -> challenge_results.Result | None:
    """Count the finished game among the challenge's results, once per game; a game in which a
    move was taken back is not counted (docs/challenges.md)."""
    if session.record.take_backs:
        return None
    if session.challenge_result is None:
        try:
            score = session.state.scores()[made.you]
            session.challenge_result = challenge_results.keep_result(
                made, score, challenge_results.game_id(session.record))
        except OSError:
            return None  # not counted; the game itself is kept as any game is
    return session.challenge_result


def line(look: Look, session: Session, made: Challenge,
         result: challenge_results.Result | None) -> str:
    """"Challenge: you scored 44; Astrid scored 38. Beaten!" and the best so far."""
    from petanque_game.stats import shown_score as shown

    mine = shown(made.game, session.state.scores()[made.you])
    text = look.tr("challenges.you_scored", score=mine)
    theirs, score = made.challenger, made.to_beat()
    if theirs is not None and score is not None:
        text += " " + look.tr("challenges.they_scored",
                              name=challenger_name(look, theirs.players[made.you].name, True),
                              score=shown(made.game, score))
        beaten = session.state.scores()[made.you] > score
        text += " " + look.tr("challenges.beaten" if beaten else "challenges.not_beaten")
    if session.record.take_backs:
        text += " " + look.tr("challenges.take_backs")
    elif result is not None:
        text += " " + look.tr_n("challenges.best_so_far", result.attempts,
                                best=look.number(shown(made.game, result.best)))
    return text


def can_challenge(session: Session) -> bool:
    """A finished game one person played, of a game with decisions (the dice alone are no
    challenge)."""
    from petanque_game.rules.games import spec_of

    return session.interactive and session.over and bool(spec_of(session.game).hints) and \
        sum(p.kind == "human" for p in session.players) == 1


def make_from(look: Look, session: Session) -> tuple[Path, str | None]:
    """The finished game as a challenge, kept in the challenges folder: its file and code.
    ChallengeError (its reason in the player's words where we have them) when it cannot be."""
    record = session.record
    board = None
    if record.level is not None:
        from petanque_game.physics.level import LevelError, board_text

        try:
            board = Board(record.level, board_text(record.level))
        except LevelError as e:
            raise ChallengeError(str(e)) from None
        if board.sha256 != record.level_sha256:
            raise ChallengeError(look.tr("challenges.board_changed", board=record.level))
    if record.take_backs:
        raise ChallengeError(look.tr("challenges.no_take_backs"))
    made = challenges.from_record(record, board)
    try:
        path = challenge_play.keep(made)
    except OSError as e:
        raise ChallengeError(look.os_reason(e)) from None
    return path, made.code()


CODE_SIZE = 22  # the code's letters in the results panel


def code_lines(look: Look, code: str, width: int, size: int = CODE_SIZE) -> list[str]:
    """The code cut into lines no wider than `width` px (a code has no spaces to wrap at: it is
    cut anywhere, and the lines joined again are the code whole)."""
    f = look.font(size, True)
    lines = [""]
    for c in code:
        if lines[-1] and f.size(lines[-1] + c)[0] > width:
            lines.append("")
        lines[-1] += c
    return lines


def draw_code(look: Look, surface: pygame.Surface, rect: pygame.Rect, code: str,
              copied: bool) -> int:
    """The code to share in a box over `rect` (the chart's place), drawn with `look`: its heading,
    the code on as many lines as it takes, and whether it is on the clipboard (else how to put it
    there). The bottom of what it wrote (y), which the longest code keeps inside `rect`."""
    x, w = rect.x + 16, rect.w - 32
    lines = code_lines(look, code, w)
    note = look.wrap(look.tr("challenges.code_on_clipboard" if copied else
                              "challenges.code_copy_how"), 19, w)
    panel(look, surface, rect, "panel_light", "accent", 12, shadow=False)  # over the chart, whole
    y = rect.y + 14
    look.blit_text(surface, look.fit(look.tr("challenges.code"), 24, w, True), (x, y), 24,
                    "accent", True)
    y += 38
    for line in lines:
        look.blit_text(surface, line, (x, y), CODE_SIZE, "text", True)
        y += CODE_SIZE + 6
    for line in note:
        y += 4
        look.blit_text(surface, line, (x, y), 19, "muted")
        y += 20
    return y
