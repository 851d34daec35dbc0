"""The rules of the games: pure state machines with no pygame, pymunk or yaml
(docs/design.md#layers).

Each game is one module with the same public names (GAME_ID, TITLE, MIN_PLAYERS, MAX_PLAYERS,
OPTIONS, new_game, its State, and SPEC, its registration: `games.py`). Everything outside
`rules/` finds a game through `games.spec_of(game_id)`.
"""
