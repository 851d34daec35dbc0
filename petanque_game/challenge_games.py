"""Is a game one of a challenge's games? The challenger's game a challenge carries must be, and so
must a game resumed from its autosave to count as the challenge's result (challenge_play.resumed):
any other is refused as the one to beat, or played as a game of its own.
"""

from __future__ import annotations

from petanque_game.challenge_setup import Board, Challenge
from petanque_game.record import Record

SESSION_KEYS = {"program", "created", "pymunk", "challenge"}  # not the game's: where and when


def board_names(board: Board) -> tuple[str, str]:
    """The names a game of a challenge may give its board: the board's own, or the one it is
    put in the taker's levels folder under when another board has that name (challenge_play)."""
    from petanque_game.physics.level import MAX_NAME

    return board.name, f"{board.name[:MAX_NAME - 9]}-{board.sha256[:8]}"


def game_problem(record: Record, challenge: Challenge) -> str | None:
    """Why `record` is not a game of `challenge` (the challenger's, or one being taken), or None.
    A game of the challenge has its game, options and seed, its seats (the taker's a person's,
    of any name; the others the very same), the board it carries (by its name and its bytes),
    the taker's hand, and what a new game of it writes of how its chance is drawn (the physics'
    version, and whatever else `Match.new` writes besides SESSION_KEYS)."""
    theirs = record.players
    if record.game != challenge.game:
        return f"it is a game of {record.game}, not {challenge.game}"
    if dict(record.options) != dict(challenge.options):
        return "its rule options differ"
    if record.seed != challenge.seed:
        return "its seed differs"
    if len(theirs) != len(challenge.seats) or not all(
            a.kind == b.kind and (a.kind == "human" or a == b)
            for a, b in zip(theirs, challenge.seats)):
        return "its players differ"
    if challenge.board is not None:
        if record.level not in board_names(challenge.board):
            return f"it names the board {str(record.level)[:40]!r}, not {challenge.board.name!r}"
        if record.level_sha256 != challenge.board.sha256:
            return f"its board {challenge.board.name!r} is another file"
    fresh = _fresh_record(challenge, theirs[challenge.you].name)
    for key in sorted(set(fresh.extra) - SESSION_KEYS):
        if record.extra.get(key) != fresh.extra[key]:
            if key == "physics":
                return (f"it was played with physics version "
                        f"{str(record.extra.get('physics', 1))[:10]}; a game of this challenge is "
                        f"played with version {fresh.extra[key]}")
            return f"its {key!r} differs from a new game's"
    return None


def _fresh_record(challenge: Challenge, name: str) -> Record:
    """The record a new game of `challenge` starts with (nothing written anywhere)."""
    from petanque_game.match import Match

    level = None
    if challenge.board is not None:
        from petanque_game.physics.level import parse_level_text

        level = parse_level_text(challenge.board.text, challenge.board.name)
    match = Match.new(challenge.game, challenge.seats_for(name), dict(challenge.options),
                      challenge.seed, level, hands=challenge.hands())
    return match.record
