from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

from ._bwd import all_gather_matmul_backward


def _forward_impl(x, y, *, axis_name, rhs_transpose, precision):
    x_full = lax.all_gather(x, axis_name=axis_name, axis=0, tiled=True)
    if rhs_transpose:
        out = jnp.dot(x_full, y.T, precision=precision)
    else:
        out = jnp.dot(x_full, y, precision=precision)
    return out, x_full


@partial(jax.custom_vjp, nondiff_argnums=(2, 3, 4))
def _all_gather_matmul_core(x, y, axis_name, rhs_transpose, precision):
    out, _ = _forward_impl(x, y, axis_name=axis_name, rhs_transpose=rhs_transpose, precision=precision)
    return out


def _all_gather_matmul_core_fwd(x, y, axis_name, rhs_transpose, precision):
    out, x_full = _forward_impl(x, y, axis_name=axis_name, rhs_transpose=rhs_transpose, precision=precision)
    return out, (x, y, x_full)


def _all_gather_matmul_core_bwd(axis_name, rhs_transpose, precision, residual, dy):
    _, y, x_full = residual
    grad_x, grad_y = all_gather_matmul_backward(
        dy, y, x_full, axis_name=axis_name, rhs_transpose=rhs_transpose, precision=precision)
    return grad_x, grad_y


_all_gather_matmul_core.defvjp(_all_gather_matmul_core_fwd, _all_gather_matmul_core_bwd)


def all_gather_matmul(x, y, axis_name, tp_size=None, collective_id=0, bn=None, bk=None, rhs_transpose=False,
                      precision=jax.lax.Precision.DEFAULT):
    """Compute ``all_gather(x, axis=0) @ y`` with an explicit VJP (bn/bk/collective_id ignored)."""
    del bn, bk, collective_id, tp_size
    return _all_gather_matmul_core(x, y, axis_name, rhs_transpose, precision)
