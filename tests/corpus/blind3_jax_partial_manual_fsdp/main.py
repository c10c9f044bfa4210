"""Gather FSDP-sharded weights by hand over 'fsdp' only; the 'tensor' axis stays with the compiler."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from mesh_setup import create_mesh

mesh = create_mesh()


def ffn(w_shard, x):
    w = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True)
    h = x @ w
    # partial sums of the per-shard batch statistics, reduced over the manual axis
    mean = jax.lax.psum(h.sum(axis=0), "fsdp") / (h.shape[0] * jax.lax.axis_size("fsdp"))
    return h - mean


@jax.jit
def forward(w, x):
    return jax.shard_map(ffn, mesh=mesh, in_specs=(P("fsdp", None), P("fsdp", None)),
                         out_specs=P("fsdp", None), axis_names={"fsdp"}, check_vma=False)(w, x)


w = jax.device_put(jnp.ones((64, 32)), NamedSharding(mesh, P("fsdp", "tensor")))
x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("fsdp", None)))
forward.trace(w, x).lower(lowering_platforms=("cuda",))
