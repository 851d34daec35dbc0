"""The Terningepetanque board's textures: the felt and the wooden floor, their grain from a fixed
hash of a pixel's place (no random numbers), made once per table (`Tiles`, kept by its board
pictures: board.py `Boards`) and tiled fixed to the board, so they move with it."""

from __future__ import annotations

import math
from typing import Any

import pygame

from petanque_game.ui import theme

FLOOR = (34, 30, 28)  # the floor the board stands on
TILE = 128
TILED_MOST = (1024, 640)  # px: the largest tiled picture of a texture kept
Tiles = dict[tuple[Any, ...], pygame.Surface]  # the textures made, and their tiled pictures



def _grain(i: int, j: int, seed: int) -> float:
    """A fixed pseudo-random number in [0, 1) for the pixel (i, j): the textures' grain."""
    h = (i * 374761393 + j * 668265263 + seed * 2246822519) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFF) / 65536.0


def felt_tile(felt: tuple[int, int, int], tiles: Tiles | None = None) -> pygame.Surface:
    """A square of felt: the cloth's colour with short fibres a shade lighter and darker."""
    tiles = tiles if tiles is not None else {}
    key = ("felt", felt)
    if key not in tiles:
        s = pygame.Surface((TILE, TILE))
        s.fill(felt)
        light, dark = theme.mix(felt, (255, 255, 255), 0.07), theme.mix(felt, (0, 0, 0), 0.1)
        for n in range(TILE * TILE // 9):
            i, j = int(_grain(n, 1, 3) * TILE), int(_grain(n, 2, 3) * TILE)
            a = _grain(n, 3, 3) * math.pi
            ln = 1.5 + 2.5 * _grain(n, 4, 3)
            col = light if n % 2 else dark
            end = (i + math.cos(a) * ln, j + math.sin(a) * ln)
            pygame.draw.line(s, col, (i, j), end)
            if end[0] >= TILE or end[1] >= TILE:  # the tile repeats: wrap the fibre round
                pygame.draw.line(s, col, (i - TILE * (end[0] >= TILE), j - TILE * (end[1] >= TILE)),
                                 (end[0] - TILE * (end[0] >= TILE),
                                  end[1] - TILE * (end[1] >= TILE)))
        tiles[key] = s
    return tiles[key]


def floor_tile(tiles: Tiles | None = None) -> pygame.Surface:
    """A piece of wooden floor: long planks 32 px wide with their grain and staggered joints."""
    tiles = tiles if tiles is not None else {}
    key = ("floor",)
    if key not in tiles:
        s = pygame.Surface((TILE * 4, TILE))
        s.fill(FLOOR)
        joint = theme.mix(FLOOR, (0, 0, 0), 0.35)
        for p in range(TILE // 32):
            tone = theme.mix(FLOOR, (96, 72, 50), 0.1 + 0.12 * _grain(p, 0, 5))
            pygame.draw.rect(s, tone, (0, p * 32, TILE * 4, 32))
            for g in range(9):
                y = p * 32 + 3 + int(_grain(p, g, 6) * 26)
                x0 = int(_grain(p, g, 8) * TILE * 3)
                pygame.draw.line(s, theme.mix(tone, (0, 0, 0), 0.1), (x0, y), (x0 + TILE, y))
            pygame.draw.line(s, joint, (0, p * 32), (TILE * 4, p * 32))
            cut = int((p * 0.37 % 1.0) * TILE * 4)
            pygame.draw.line(s, joint, (cut, p * 32), (cut, p * 32 + 31))
        tiles[key] = s
    return tiles[key]


def _tiled(tile: pygame.Surface, size: tuple[int, int], tiles: Tiles) -> pygame.Surface:
    """`tile` repeated over at least `size` and one tile more each way (one per tile, grown when
    a larger one is asked for): blitted at an offset, it moves with the board untiled again."""
    key = ("tiled", id(tile))
    got = tiles.get(key)
    tw, th = tile.get_size()
    if got is None or got.get_width() < size[0] + tw or got.get_height() < size[1] + th:
        w = max(size[0] * 3 // 2, got.get_width() if got else 0, 1024) + tw
        h = max(size[1] * 3 // 2, got.get_height() if got else 0, 768) + th
        got = new_surface((w, h))
        for x in range(0, w, tw):
            for y in range(0, h, th):
                got.blit(tile, (x, y))
        tiles[key] = got
    return got


def blit_tiled(surf: pygame.Surface, tile: pygame.Surface, anchor: tuple[float, float],
               tiles: Tiles | None = None) -> None:
    """Cover `surf` with `tile`, fixed to the board (anchor: where the board's centre is). A
    surface larger than the window's area (a picture kept for the moving camera:
    board_pictures.py) is covered piece by piece, so the tiled picture stays window-sized."""
    tw, th = tile.get_size()
    w, h = surf.get_size()
    big = _tiled(tile, (min(w, TILED_MOST[0]), min(h, TILED_MOST[1])),
                 tiles if tiles is not None else {})
    ox, oy = -(int(anchor[0]) % tw - tw), -(int(anchor[1]) % th - th)
    step_x, step_y = (big.get_width() - tw) // tw * tw, (big.get_height() - th) // th * th
    for x in range(0, w, step_x):
        for y in range(0, h, step_y):
            surf.blit(big, (x, y), pygame.Rect(ox, oy, min(step_x, w - x), min(step_y, h - y)))


def new_surface(size: tuple[int, int]) -> pygame.Surface:
    """A surface in the window's pixel format, when there is a window (blits need no
    converting)."""
    window = pygame.display.get_surface()
    return pygame.Surface(size, 0, window) if window is not None else pygame.Surface(size)
