"""cuDNN settings.  Tutorials set ``deterministic``/``benchmark``; on the CPU
they change nothing, exactly as in torch."""

enabled = True
deterministic = False
benchmark = False


def is_available() -> bool:
    """Whether cuDNN can be used: no (there is no GPU)."""
    return False
