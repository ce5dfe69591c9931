"""Shared pytest set-up for the minigrad test suite."""

import os

from hypothesis import settings

# Property tests check behaviour, never speed: a slow CI machine must not fail them.
settings.register_profile("minigrad", deadline=None, print_blob=True)
# In CI the examples are the same on every run (a run checks a change, not the
# luck of the draw); on a developer's machine each run draws new ones.
settings.register_profile("minigrad-ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("minigrad-ci" if os.environ.get("CI") else "minigrad")
