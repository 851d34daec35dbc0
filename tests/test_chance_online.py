"""Chance in a game on several computers (docs/records.md, "Fairness"): hash chains committed at
the start, one link revealed per draw. A cheating client that knows its own chain, its own secret
and the record so far predicts the next mixed draw no better than chance, and cannot reveal
anything but its own next link."""

import math

import pytest
from seed_streams import mix_of, seed_orientation, seed_roll, seed_stream, seed_tumble

from petanque_game.ai import hand_of
from petanque_game.draws import (
    ChanceError,
    ForgedReveal,
    HashChain,
    NotReady,
    Revealed,
    check_reveal,
)
from petanque_game.match import Match, rebuild
from petanque_game.physics.hand import wobble
from petanque_game.record import Seat, parse_record
from petanque_game.rules.base import Roll
from petanque_game.throwing import release

TRIALS = 1000
ROBOTS = [Seat("Astrid", "ai", "easy"), Seat("Bo", "ai", "easy")]


def test_a_chain_reveals_backwards_each_link_hashing_to_the_one_before():
    chain = HashChain.new(600)  # past two of its checkpoints
    previous = chain.commitment
    for k in range(600):
        link = chain.reveal(k)
        assert check_reveal(previous, link)
        assert not check_reveal(link, previous)
        previous = link
    assert check_reveal(chain.reveal(10), chain.reveal(13), 3)
    again = HashChain.from_secret(chain.secret, 600)
    assert again.commitment == chain.commitment and again.reveal(599) == chain.reveal(599)
    with pytest.raises(ChanceError):
        chain.reveal(600)


def test_revealed_refuses_a_forged_or_replayed_reveal_and_waits_for_every_peer():
    a, b = HashChain.new(50), HashChain.new(50)
    revealed = Revealed([a.commitment, b.commitment])
    revealed.add(0, 0, a.reveal(0))
    assert not revealed.ready(0)
    with pytest.raises(NotReady):
        revealed.contributions(0)
    with pytest.raises(ForgedReveal) as forged:
        revealed.add(1, 0, a.reveal(1))  # another chain's link
    assert (forged.value.peer, forged.value.draw) == (1, 0)
    revealed.add(1, 0, b.reveal(0))
    assert revealed.contributions(0) == {"reveals": [a.reveal(0), b.reveal(0)]}
    with pytest.raises(ChanceError):
        revealed.add(0, 0, a.reveal(0))  # the same draw twice
    with pytest.raises(ChanceError):
        revealed.add(0, 1, "not hex")
    revealed.leave(1)  # gone for good: later draws go on without it
    revealed.add(0, 1, a.reveal(1))
    assert revealed.contributions(1) == {"reveals": [a.reveal(1), None]}
    revealed.add(1, 3, b.reveal(3))  # back: its link three draws on still hashes home
    revealed.add(0, 3, a.reveal(3))
    assert revealed.ready(3)


class Cheater:
    """Peer 0, modified: it knows its chain (and so every reveal it will make), the seed and the
    record so far, and the honest peer's reveals up to the last draw. Its best guess of the
    honest peer's next reveal is anything it can compute; it tries the last one it saw."""

    def __init__(self, own, seed):
        self.own, self.seed = own, seed
        self.seen = None

    def guess(self, draw):
        theirs = self.seen if self.seen is not None else "0" * 64
        return mix_of({"reveals": [self.own.reveal(draw), theirs]})


def online(game, chains, seed, **kw):
    revealed = Revealed([c.commitment for c in chains])
    match = Match.new(game, ROBOTS, seed=seed, chance=revealed, **kw)
    return match, revealed


def reveal_all(revealed, chains, draw):
    for peer, chain in enumerate(chains):
        revealed.add(peer, draw, chain.reveal(draw))


def test_a_cheating_client_predicts_no_roll_better_than_chance():
    chains = [HashChain.new(TRIALS + 5), HashChain.new(TRIALS + 5)]
    match, revealed = online("ten-thousand", chains, 21)
    cheater = Cheater(chains[0], 21)
    hits = 0
    assert match.draw_follows(Roll(6))
    for k in range(TRIALS):
        guess = seed_roll(21, 0, 6, cheater.guess(k))
        reveal_all(revealed, chains, k)
        match.draws_made = k  # each trial the next draw of the game, at its first roll
        with match.drawing():
            dice = match.draw_dice(6).values
        hits += sum(a == b for a, b in zip(dice, guess))
        cheater.seen = chains[1].reveal(k)
    assert 830 < hits < 1170  # 6,000 dice, 1 in 6 by chance: 1,000 expected, sd 28.9


def test_a_cheating_client_predicts_no_throw_better_than_chance():
    chains = [HashChain.new(TRIALS + 50), HashChain.new(TRIALS + 50)]
    match, revealed = online("terningepetanque", chains, 11)
    match.paths = False
    while match.state.throw_due is None or match.state.throw_due[0] != "die":
        decided = match.ai_decision()
        if match.draw_follows(decided):
            reveal_all(revealed, chains, match.draws_made)
        match.decide(decided)
    seat, start = match.seat_to_move, match.draws_made
    decided = match.ai_decision()
    assert match.draw_follows(decided)
    aim, index = decided.launch, len(match.record.events)
    cheater = Cheater(chains[0], 11)
    cheater.seen = chains[1].reveal(start - 1)
    orientation_hits = tumble_hits = 0
    predicted, actual = [], []
    for k in range(start, start + TRIALS):
        mix = cheater.guess(k)
        guess = wobble(match.board, 2, seat, aim, hand_of("easy"),
                       seed_stream(11, "wobble", seat, index, mix))
        reveal_all(revealed, chains, k)
        match.draws_made = k
        launch = release(match, seat, decided).launch
        orientation_hits += launch.orientation == seed_orientation(11, index, mix)
        tumble_hits += launch.tumble == seed_tumble(11, index, mix)
        predicted.append(guess.direction - aim.direction)
        actual.append(launch.direction - aim.direction)
        cheater.seen = chains[1].reveal(k)
    assert orientation_hits < 80  # 1 in 24: 41.7 expected, sd 6.3
    assert tumble_hits <= 1
    sd = hand_of("easy").direction  # within 0.05 sd of the guess: at most ~4% for any guess
    assert sum(abs(math.remainder(a - p, 2 * math.pi)) < 0.05 * sd
               for p, a in zip(predicted, actual)) < 70


def test_a_cheater_cannot_steer_a_roll_with_a_reveal_of_its_choosing():
    """The one way to bias a draw, choosing one's own contribution after seeing the other's,
    is a reveal that is not the chain's next link: refused."""
    chains = [HashChain.new(10), HashChain.new(10)]
    match, revealed = online("ten-thousand", chains, 4)
    revealed.add(1, 0, chains[1].reveal(0))
    for attempt in range(50):  # search for a reveal that rolls six ones
        forged = f"{attempt:064x}"
        with pytest.raises(ForgedReveal):
            revealed.add(0, 0, forged)
    revealed.add(0, 0, chains[0].reveal(0))
    assert match.decide(Roll(6))


def test_an_online_game_rebuilt_goes_on_with_its_checked_reveals():
    """A rejoining peer rebuilds the record: the fold fills a Revealed with every reveal, so the
    next ones are checked against them."""
    chains = [HashChain.new(200), HashChain.new(200)]
    match, revealed = online("ship-captain-crew", chains, 8)
    for _ in range(40):
        if match.over:  # (the chains' secrets are fresh: a game may end within 40 decisions)
            break
        decided = match.ai_decision()
        if match.draw_follows(decided):
            reveal_all(revealed, chains, match.draws_made)
        match.decide(decided)
    again = rebuild(parse_record(match.record.dumps()))
    assert again.draws_made == match.draws_made > 10
    assert isinstance(again.chance, Revealed)
    with pytest.raises(ForgedReveal):
        again.chance.add(0, again.draws_made, chains[0].reveal(again.draws_made + 1))
    reveal_all(again.chance, chains, again.draws_made)
    fresh, _ = online("ten-thousand", chains, 8)
    with pytest.raises(NotReady):  # a draw without every reveal waits, and changes nothing
        fresh.decide(Roll(6))
    assert fresh.record.events == [] and fresh.draws_made == 0 and fresh.seat_to_move == 0


def test_draw_follows_a_roll_or_a_throw_and_nothing_else():
    """What a lockstep driver asks before it decides: must it wait for the reveals?"""
    tray = Match.new("ten-thousand", ROBOTS, seed=1)
    assert tray.draw_follows(Roll(6)) and not tray.draw_follows(Roll(5))
    tray.decide(Roll(6))
    keep = tray.ai_decision()
    assert not isinstance(keep, Roll) and not tray.draw_follows(keep)
    board = Match.new("terningepetanque", ROBOTS, seed=11)
    board.paths = False
    while board.state.throw_due is None:
        board.play_ai_turn()
    throw = board.ai_decision()
    assert board.draw_follows(throw)
    other = type(throw)("die" if throw.obj == "diamond" else "diamond", 0, throw.launch)
    assert not board.draw_follows(other)
