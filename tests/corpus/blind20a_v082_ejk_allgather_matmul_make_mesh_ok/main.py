"""Frozen-embedding features gathered by the Pallas ring, then a trainable head (JAX 0.8.2)."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ag_kernel import all_gather_matmul

TP = 4
mesh = jax.make_mesh((TP,), ("tp",))


@partial(jax.shard_map, mesh=mesh, in_specs=(P("tp", None), P(None, "tp"), P(None, "tp")), out_specs=P(),
         check_vma=False)
def loss_and_grad(feats, w, target):
    feats = jax.lax.stop_gradient(feats)

    def loss_fn(w):
        out = all_gather_matmul(feats, w, axis_name="tp", tp_size=TP)
        return jnp.mean((out.astype(jnp.float32) - target) ** 2)

    loss, g = jax.value_and_grad(loss_fn)(w)
    return jax.lax.pmean(loss, "tp") + 0.0 * jnp.sum(g)


feats = jnp.ones((TP * 32, 256), jnp.float32)
w = jnp.ones((256, TP * 128), jnp.float32)
target = jnp.zeros((TP * 32, TP * 128), jnp.float32)
jax.jit(loss_and_grad).trace(feats, w, target).lower(lowering_platforms=("tpu",))
