"""Megatron-LM style conjugate operators f / g written with jax.custom_vjp.

f: identity in forward, all-reduce of the cotangent in backward.
g: all-reduce in forward, identity in backward.
"""
import functools

import jax
from jax import lax


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def copy_to_tp_region(x, axis_name):
    return x


def _copy_fwd(x, axis_name):
    return x, None


def _copy_bwd(axis_name, _, g):
    return (lax.psum(g, axis_name),)


copy_to_tp_region.defvjp(_copy_fwd, _copy_bwd)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def reduce_from_tp_region(x, axis_name):
    return lax.psum(x, axis_name)


def _reduce_fwd(x, axis_name):
    return lax.psum(x, axis_name), None


def _reduce_bwd(axis_name, _, g):
    return (g,)


reduce_from_tp_region.defvjp(_reduce_fwd, _reduce_bwd)
