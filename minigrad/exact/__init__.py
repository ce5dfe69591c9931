"""torch's exactness: rooms a first read of the code can skip.

Messages, printing, dtypes and ``finfo``, ``Size``, devices, the random generator,
warnings at the learner's line, float32 kernels, sorting, and torch's summation order.
Nothing here records a graph: these modules import nothing from the rest of minigrad.
"""
