"""Online play: a relay that forwards messages between the computers of one room, a client that
talks to it on its own thread, the messages they exchange and the lockstep that plays one match on
every computer (docs/online.md).

Only decisions and chance contributions travel (docs/design.md#online-play-is-lockstep): every
computer folds the same decisions through the same rules, so each holds the whole record and the
relay holds nothing it must not lose.
"""
