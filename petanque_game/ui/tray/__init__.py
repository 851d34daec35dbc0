"""The dice tray of the tray games: the scene (`scene.TrayScene`, with its backdrop, the dice on
its felt, its banner and its hint as parts of their own), its layout and shared controls, and each
game's own window part (its controls, narration and how-to: `WINDOW`)."""
