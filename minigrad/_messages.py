"""torch's long messages, word for word, in one place.

minigrad's errors and warnings read exactly like PyTorch 2.13's, so that a
learner can search for them and find torch's answers. The long ones live here
so that the code that raises them stays short: the code says *when* torch
complains, this module says *what* torch says. A fixed text is a constant; a
text with blanks to fill is a function that returns it.

``tests/core/test_messages.py`` checks that no other module holds a long
message, and that each text here is the one torch 2.13 prints.
"""

from __future__ import annotations


# --- nn: losses --------------------------------------------------------------
def legacy_reduction(reduction: str) -> str:
    return (
        "size_average and reduce args will be deprecated, please use "
        f"reduction='{reduction}' instead."
    )
