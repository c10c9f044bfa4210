"""Gradient synchronisation as an identity op whose backward pass all-reduces."""
import functools

import jax

DATA_AXIS = "data"


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def sync_grads(params, axis_name=DATA_AXIS):
    return params


def _fwd(params, axis_name):
    return params, None


def _bwd(axis_name, _, g):
    return (jax.tree.map(lambda t: jax.lax.pmean(t, axis_name), g),)


sync_grads.defvjp(_fwd, _bwd)
