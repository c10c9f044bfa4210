import functools

import jax


def stage_program(name):
    """Name the stage's ops in profiles and rematerialise its activations."""
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            with jax.named_scope(name):
                return jax.checkpoint(fn)(*args, **kwargs)
        return inner
    return wrap
