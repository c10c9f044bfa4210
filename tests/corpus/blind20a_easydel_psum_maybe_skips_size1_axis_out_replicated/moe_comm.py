"""Collective helpers copied from easydel 0.3.0 `easydel/layers/moe/_communication_utils.py`
(psum_maybe, rsum_scatter_maybe, slice_k_for_param_shards, tp_global_topk, canon_dim), unchanged
apart from docstrings."""
import jax
import jax.numpy as jnp
from jax import lax


def canon_dim(ndim: int, dim: int) -> int:
    return dim if dim >= 0 else (ndim + dim)


def psum_maybe(x, axes, mesh, dtype=jnp.float32):
    """psum over the requested axes that exist in the mesh with size > 1."""
    names = tuple(a for a in axes if a in mesh.axis_names and mesh.shape.get(a, 1) > 1)
    return lax.psum(x.astype(dtype), names).astype(x.dtype) if names else x


def rsum_scatter_maybe(x, axis_name, dim, mesh, dtype=jnp.float32):
    """Reduce-scatter if the axis exists and has size > 1."""
    if axis_name not in mesh.axis_names or mesh.shape.get(axis_name, 1) == 1:
        return x
    dim = canon_dim(x.ndim, dim)
    return lax.psum_scatter(x.astype(dtype), axis_name, scatter_dimension=dim, tiled=True).astype(x.dtype)


def slice_k_for_param_shards(x_mat, chunk, axes, mesh, axis=1):
    """Slice the activation to the chunk matching this device's parameter shard."""
    idx = 0
    stride = 1
    for ax in axes:
        size = mesh.shape.get(ax, 1)
        if size > 1:
            idx = idx + lax.axis_index(ax) * stride
            stride *= size
    if stride == 1 or chunk == x_mat.shape[axis]:
        return x_mat
    start = idx * chunk
    return lax.dynamic_slice_in_dim(x_mat, start_index=start, slice_size=chunk, axis=axis)


def tp_global_topk(logits_shard, k, tp_axis):
    """Global top-k over tensor-parallel expert shards: local top-k, all_gather, top-k again."""
    vals_l, idx_l = jax.lax.top_k(logits_shard, k)
    shard = jax.lax.axis_index(tp_axis)
    E_local = logits_shard.shape[-1]
    idx_l = idx_l + shard * E_local

    vals_all = jax.lax.all_gather(vals_l, tp_axis, axis=-1, tiled=True)
    idx_all = jax.lax.all_gather(idx_l, tp_axis, axis=-1, tiled=True)

    vals_g, pos = jax.lax.top_k(vals_all, k)
    idx_g = jnp.take_along_axis(idx_all, pos, axis=-1)
    return vals_g, idx_g
