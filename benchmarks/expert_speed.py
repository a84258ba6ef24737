"""Expert speed: simulations per second on fixed positions, the old rollouts against the
new, alternated in one run.

    python benchmarks/expert_speed.py [--simulations N] [--repeats R]
                                      [--modules | --module NAME]
                                      [--halving | --net [--net-turns T] | --policy [NAME]]

Positions: 2 players, hard against hard from a fixed deal, after 4 turns (early), 24
(middle) and 44 (late), the expert to move; the base game, and with `--modules` each
Cities of Splendor module too (`--module NAME`: that module's only). At each position the
expert searches a fixed number of simulations (default 200) with the old rollouts
(`ExpertBot(lean=False)`: every decision scored by the evaluator) and the new
(`lean=True`), alternated `--repeats` times (default 3). Printed per position: the median
simulations per second of processor time (on a shared machine a second of wall time gives
whatever share of a core is left) of each and their ratio, and whether both chose the same
move (they must: the fast scores are the evaluator's own, in the base game and in each
module's game).

With `--halving` the two compared are the fast rollouts' search by UCB1 (the "old" column)
and by sequential halving over paired worlds (`ExpertBot(halving=...)`, "new"), both with
the expert profile's fitted leaf; their moves may differ. With `--net` the two compared
are the shipped expert's search (its leaves, halving and follow, one worker) with its
shipped leaf ("old") and with the learned value as the leaf (`leaf=net`, "new",
`splendor/bots/value/net.py`; its rollouts `--net-turns` long, default 6): what the
network costs a simulation, or what it saves with shorter rollouts (issue 60). With
`--policy`: the shipped expert's search without a policy ("old") and with the learned
policy (`ExpertBot(policy=...)`, "new"): what ranking the candidates and each
simulation's next own move by it costs. `NAME` as `expert_match.py`'s `policy=`:
`shipped` (the default: each game's in `levels_data/policy_nets.yaml`), `shipped:GAME`,
or a file of `fit_policy.py --out` holding the game's policy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from expert_match import policy_net

from splendor.bots import make_bot
from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.bots.value.net import shipped_net
from splendor.engine import GameData, GameState, Phase, View, new_game, observe
from splendor.engine.modules import module_ids
from splendor.gamedata import DataError, base_game

STAGES = (("early", 4), ("middle", 24), ("late", 44))


def position(data: GameData, module: str | None, turns: int) -> View:
    """The expert's view after `turns` turns of hard against hard (seed 7), at the next
    main-phase decision with a choice."""
    state: GameState = new_game(data, 2, 7, module=module)
    bots = [make_bot("hard", 1, data=data), make_bot("hard", 2, data=data)]
    while not state.is_over():
        if state.turns >= turns and state.phase is Phase.MAIN and len(state.legal_actions()) > 4:
            break
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return observe(state, state.current)


def rate(view: View, data: GameData, lean: bool, simulations: int,
         halving: bool = False, net: bool = False, net_turns: int = 6,
         policy: str | None = None) -> tuple[float, str]:
    """Simulations per second of this process's processor time (the figure a busy
    machine's other work changes least) of one search, and the move it chose (`halving`:
    the fast rollouts by UCB1 if not `lean`, by halving if `lean`)."""
    profiles = shipped_profiles()
    hard, expert = profiles["hard"], profiles["expert"]
    assert isinstance(hard, HeuristicProfile) and isinstance(expert, SearchProfile)
    if policy is not None:
        bot = ExpertBot(hard, data, 3, budget=None, simulations=simulations,
                        leaves=expert.leaves(), halving=expert.halving_games(),
                        follow=expert.follows(), rollout_turns=expert.rollout_turns(),
                        policy={view.module: policy_net(policy, view.module)} if lean
                        else None)
    elif net:
        game = view.module or "base"
        leaves = {**expert.leaves(), view.module: shipped_net(game)} if lean \
            else expert.leaves()
        bot = ExpertBot(hard, data, 3, budget=None, simulations=simulations, leaves=leaves,
                        halving=expert.halving_games(), follow=expert.follows(),
                        rollout_turns=net_turns if lean else expert.rollout_turns())
    elif halving:
        bot = ExpertBot(hard, data, 3, budget=None, simulations=simulations,
                        leaves=expert.leaves(), halving={view.module} if lean else ())
        bot.candidates = 6  # the expert's: halving's phases are those of its candidates
    else:
        bot = ExpertBot(hard, data, 3, budget=None, simulations=simulations, lean=lean)
        bot.candidates = 99  # every legal action is searched: no early stop on a sure leader
    start = time.process_time()
    action = bot.choose(view)
    return bot.last_simulations / (time.process_time() - start), action.text()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--modules", action="store_true", help="each module's positions too")
    parser.add_argument("--module", choices=module_ids(), help="this module's positions only")
    parser.add_argument("--halving", action="store_true",
                        help="UCB1 (old) against halving (new), both fast")
    parser.add_argument("--net", action="store_true",
                        help="the shipped expert's leaf (old) against the learned value (new)")
    parser.add_argument("--policy", nargs="?", const="shipped", metavar="NAME",
                        help="the expert without a policy (old) against it with the "
                             "learned policy NAME (default: shipped)")
    parser.add_argument("--net-turns", type=int, default=6, metavar="T",
                        help="with --net: the new side's rollout turns (default 6)")
    args = parser.parse_args(argv)
    data = base_game()
    games: list[str | None] = [args.module] if args.module else [
        None, *(module_ids() if args.modules else ())]
    if args.policy is not None:
        for game in games:
            try:
                policy_net(args.policy, game)
            except (OSError, DataError) as exc:
                parser.error(f"--policy {args.policy}: {exc}")
    print(f"{'game':<14} {'stage':<7} {'old sims/s':>10} {'new sims/s':>10} {'ratio':>6}  "
          "same move")
    for module in games:
        for stage, turns in STAGES:
            view = position(data, module, turns)
            rates: dict[bool, list[float]] = {False: [], True: []}
            moves: dict[bool, set[str]] = {False: set(), True: set()}
            for _ in range(args.repeats):
                for lean in (False, True):
                    r, move = rate(view, data, lean, args.simulations, args.halving, args.net,
                                   args.net_turns, args.policy)
                    rates[lean].append(r)
                    moves[lean].add(move)
            old, new = statistics.median(rates[False]), statistics.median(rates[True])
            same = "yes" if moves[False] == moves[True] else f"no {moves}"
            print(f"{module or 'base':<14} {stage:<7} {old:>10.0f} {new:>10.0f} "
                  f"{new / old:>5.2f}x  {same}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
