"""Context-parallel NNX attention layer training step on the tokamax-style ring attention."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from ring_attention import ring_attention

mesh = Mesh(np.asarray(jax.devices()), ("ring",))


class RingSelfAttention(nnx.Module):
    def __init__(self, d_model, num_heads, *, rngs):
        self.num_heads = num_heads
        self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
        self.out = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

    def __call__(self, x):  # x: [seq_local, d_model]
        s, d = x.shape
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        heads = lambda t: t.reshape(s, self.num_heads, d // self.num_heads).transpose(1, 0, 2)
        o = ring_attention(heads(q), heads(k), heads(v), ring_axis="ring")
        return self.out(o.transpose(1, 0, 2).reshape(s, d))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("ring")), out_specs=(P(), P()), check_vma=False)
def train_step(model, x):
    def loss_fn(model):
        return jnp.mean(model(x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g, "ring"), grads)
    return jax.lax.pmean(loss, "ring"), grads


model = RingSelfAttention(128, 4, rngs=nnx.Rngs(0))
x = jnp.ones((1024, 128), jnp.float32)
train_step.trace(model, x).lower(lowering_platforms=("tpu",))
