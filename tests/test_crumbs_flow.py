"""Crumbs on the kit's declared flow (games/core/flow.py): every decision kind has its options and its answer,
prompts name whoever decides as {seat}, and saves made before the port (prompts naming the seat by number) load."""
from games.crumbs import GAME
from games.crumbs.actions import ChooseArmy, DrawBuzz, EndTurn
from games.crumbs.decisions import FLOW, PROMPTS
from games.crumbs.state import CrumbsState


def test_the_flow_answers_every_decision_kind_with_options_and_an_answer():
    FLOW.check()
    assert FLOW.kinds() == set(PROMPTS)


def test_a_prompt_names_the_seat_that_decides_whoever_it_is():
    state = GAME.new_state(3, {"start": "place"}, 2)
    state.apply(ChooseArmy("pigeons"))
    assert state.pending_decision().seat == 1 and state.pending_decision().prompt == "{seat}: choose your army."
    assert state.status(["Ann", "Ben", "Cy"]) == "Ben: choose your army."
    assert all("{seat}" in line for kind, line in PROMPTS.items() if line)


def test_a_save_from_before_the_flow_still_loads_and_plays():
    state = GAME.new_state(2, {}, 4)
    for army in ("ducks", "pigeons"):
        state.apply(ChooseArmy(army))
    saved = state.to_dict()
    for decision in saved["decisions"]:  # as the old rules wrote them: the deciding seat by number
        decision["prompt"] = decision["prompt"].replace("{seat}", "{%d}" % decision["seat"])
    old = CrumbsState.from_dict(saved)
    seat = old.current_player()
    names = ["Ann", "Ben"]
    assert old.status(names) == state.status(names) and old.status(names).startswith(names[seat])
    old.apply(DrawBuzz())
    assert EndTurn() in old.legal_actions()
