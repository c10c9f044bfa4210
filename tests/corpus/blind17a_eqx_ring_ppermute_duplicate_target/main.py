import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

RING = 4
mesh = Mesh(np.array(jax.devices()[:RING]), ("ring",))
ROTATE = [(i, min(i + 1, RING - 1)) for i in range(RING)]


class RingAttention(eqx.Module):
  qkv: eqx.nn.Linear

  def __call__(self, x):
    q, k, v = jnp.split(jax.vmap(self.qkv)(x), 3, axis=-1)

    def body(_, carry):
      acc, k, v = carry
      acc = acc + jax.nn.softmax(q @ k.T) @ v
      k = jax.lax.ppermute(k, "ring", ROTATE)
      v = jax.lax.ppermute(v, "ring", ROTATE)
      return acc, k, v

    acc, _, _ = jax.lax.fori_loop(0, RING, body, (jnp.zeros_like(q), k, v))
    return acc / RING


@eqx.filter_jit
def apply(model, x):
  return jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P("ring")),
                       out_specs=P("ring"))(model, x)


model = RingAttention(eqx.nn.Linear(16, 48, key=jax.random.key(0)))
x = jnp.ones((32, 16))
jax.jit(lambda m, x: apply(m, x)).trace(model, x).lower(lowering_platforms=("cuda",))
