"""Apple's Metal GPUs (``mps``): not available in minigrad."""


def is_available() -> bool:
    """Whether an Apple GPU can be used: never, in minigrad."""
    return False


def is_built() -> bool:
    """Whether this build supports Apple GPUs: no."""
    return False
