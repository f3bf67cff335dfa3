"""Smoke tests of the position helpers (kept small; the rule tests live in test_rules_*)."""

from tests.rules.positions import do, octopus_turn, set_board, shark_turn, started, texts


def test_o3_double_shell_alone_pays_two_and_pairs_with_it_are_not_minimal() -> None:
    g = started()
    set_board(g, {"A1": "octopus", "B1": "double_shell", "C1": "shell", "A2": "shell",
                  "B2": "shell", "C2": "shell", "A3": "stinger", "B3": "shell", "C3": "shell"})
    octopus_turn(g, hand=["whirlpool", "jet"])
    do(g, "octopus", "play whirlpool")
    pays = [t for t in texts(g, "octopus") if t.startswith("pay")]
    assert "pay B1" in pays
    assert not any("B1" in p and p != "pay B1" for p in pays)
    assert "pay A1 C1" in pays and "pay A1" not in pays


def test_s3_first_current_swum_over_goes_to_growth() -> None:
    g = started()
    shark_turn(g, pool=["2B"], at=1, facing=1)  # space 1 faces its east end P(1,0)
    g.dice_on.update({2: "5B", 3: "3B"})
    g.supply_dice["B"] -= 2
    assert "step 2" in texts(g, "shark")
    do(g, "shark", "step 2", "step 3", "step 16")
    assert g.shark_at == 16 and g.growth[0] == ["5B"] and g.dice_on == {3: "3B"}
