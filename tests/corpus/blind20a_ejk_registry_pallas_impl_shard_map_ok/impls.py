"""reduce_scatter_matmul implementations registered like ejkernel's _pallas/tpu and _xla interfaces."""
import jax
import jax.numpy as jnp
from jax import lax

from registry import Backend, Platform, kernel_registry
from rs_kernel import reduce_scatter_matmul as _pallas_impl


@kernel_registry.register("reduce_scatter_matmul", Platform.PALLAS, Backend.TPU)
def reduce_scatter_matmul_pallas(x, y, axis_name, tp_size, collective_id=0):
    return _pallas_impl(x, y, axis_name, tp_size, collective_id=collective_id)


@kernel_registry.register("reduce_scatter_matmul", Platform.XLA, Backend.ANY)
def reduce_scatter_matmul_xla(x, y, axis_name, tp_size=None, collective_id=0):
    # ejkernel/kernels/_xla/reduce_scatter_matmul/_xla_impl_fwd.py: dot then tiled psum_scatter
    del tp_size, collective_id
    partial_out = jnp.dot(x, y.T, preferred_element_type=jnp.float32).astype(x.dtype)
    return lax.psum_scatter(partial_out, axis_name=axis_name, scatter_dimension=0, tiled=True)
