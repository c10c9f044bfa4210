import functools

import jax
from jax.sharding import PartitionSpec as P

import settings


def param_spec(leaf):
    return P(settings.FSDP_AXIS) if leaf.ndim == 2 else P()


def gather_params(params):
    def gather(leaf):
        if leaf.ndim == 2:
            return jax.lax.all_gather(leaf, settings.FSDP_AXIS, axis=0, tiled=True)
        return leaf
    return jax.tree.map(gather, params)


def fsdp(apply_fn):
    """Decorator: params come in sharded over FSDP_AXIS and are gathered before use."""
    @functools.wraps(apply_fn)
    def wrapped(params, *args):
        return apply_fn(gather_params(params), *args)
    return wrapped
