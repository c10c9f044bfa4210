"""Megatron's f and g operators: identity one way, all-reduce the other."""
import functools

import jax


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def copy_to_tensor_parallel_region(x, axis_name):
    return x


def _copy_fwd(x, axis_name):
    return x, None


def _copy_bwd(axis_name, _, g):
    return (jax.lax.psum(g, axis_name),)


copy_to_tensor_parallel_region.defvjp(_copy_fwd, _copy_bwd)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def reduce_from_tensor_parallel_region(x, axis_name):
    return jax.lax.psum(x, axis_name)


def _reduce_fwd(x, axis_name):
    return jax.lax.psum(x, axis_name), None


def _reduce_bwd(axis_name, _, g):
    # The primal input varied over the tensor axis; its cotangent must too.
    return (jax.lax.pcast(g, axis_name, to="varying"),)


reduce_from_tensor_parallel_region.defvjp(_reduce_fwd, _reduce_bwd)
