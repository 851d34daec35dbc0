"""Terningepetanque's table: the scene (`scene.TableScene`) and its parts, each a module of its
own: the camera and the view, the board's picture, aiming and its preview, a throw watched, the
reckoning, the score sheet, hints, replays, the start roll and the game's window entry."""
