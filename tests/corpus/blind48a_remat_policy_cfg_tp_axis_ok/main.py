# Megatron-style MLP: column-parallel W1, row-parallel W2, psum over the tensor axis.
# Block is rematerialised with a dots_saveable policy (as in the JAX gradient-checkpointing guide).
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from config import ParallelConfig

cfg = ParallelConfig()
mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("data", "tensor"))


def mlp_block(w1, w2, x):
    h = jax.nn.gelu(x @ w1)
    y = h @ w2
    return lax.psum(y, cfg.tp_axis)


if cfg.remat:
    mlp_block = jax.checkpoint(mlp_block, policy=jax.checkpoint_policies.dots_saveable)


@functools.partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(None, "tensor"), P("tensor", None), P("data", None)),
    out_specs=P("data", None),
)
def forward(w1, w2, x):
    return mlp_block(w1, w2, x)


def loss(w1, w2, x):
    return jnp.mean(forward(w1, w2, x) ** 2)


step = jax.jit(jax.grad(loss, argnums=(0, 1)))

w1 = jnp.zeros((16, 32), jnp.float32)
w2 = jnp.zeros((32, 16), jnp.float32)
x = jnp.zeros((8, 16), jnp.float32)
print(step.trace(w1, w2, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
