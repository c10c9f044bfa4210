import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

BATCH, SEQ, EMBED, MLP = 8, 16, 64, 256

mesh = jax.make_mesh((2, 2), ("data", "tensor"))


def activation_constraint(x, spec):
    return jax.lax.with_sharding_constraint(x, NamedSharding(mesh, spec))


def mlp_block(x, wi, wo):
    x = activation_constraint(x, P("data", None, None))
    h = jnp.einsum("bse,em->bsm", x, wi)
    h = activation_constraint(h, P("data", None, "tensor"))
    h = jax.nn.silu(h)
    out = jnp.einsum("bsm,me->bse", h, wo)
    return activation_constraint(out, P("data", None, None))


wi = jnp.zeros((EMBED, MLP), jnp.bfloat16)
wo = jnp.zeros((MLP, EMBED), jnp.bfloat16)
x = jnp.zeros((BATCH, SEQ, EMBED), jnp.bfloat16)

step = jax.jit(mlp_block)
print(step.trace(x, wi, wo).lower(lowering_platforms=("cuda",)).as_text()[:40])
