"""The dice tray of the tray games: the scene (`scene.TrayScene`), its layout and shared
controls, and each game's own window part (its controls, narration and how-to: `WINDOW`)."""
