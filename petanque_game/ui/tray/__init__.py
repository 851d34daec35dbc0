"""The dice tray of the tray games: the scene (`scene.TrayScene`, made of parts that own their
state: the dice on its felt, the panel under it, its banner, its hint and its backdrop), its
layout and shared controls, and each game's own window part (its controls, narration and
how-to: `WINDOW`)."""
