"""Shared pytest set-up for the minigrad test suite."""

from hypothesis import settings

# Property tests check behaviour, never speed: a slow CI machine must not fail them.
settings.register_profile("minigrad", deadline=None, print_blob=True)
settings.load_profile("minigrad")
