import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB = 256 + 1  # bytes + <eos>


class ByteLM(eqx.Module):
  embed: eqx.nn.Embedding
  norm: eqx.nn.LayerNorm
  head: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jr.split(key)
    self.embed = eqx.nn.Embedding(VOCAB, 128, key=k1)
    self.norm = eqx.nn.LayerNorm(128)
    self.head = eqx.nn.Linear(128, VOCAB, use_bias=False, key=k2)

  def __call__(self, ids):
    x = jax.vmap(self.norm)(jax.vmap(self.embed)(ids))
    return jax.vmap(self.head)(x)


mesh = jax.make_mesh((1, 4), ('data', 'model'))
model = ByteLM(jr.key(0))
# vocab-parallel head: split the output rows of the head over model
model = eqx.tree_at(lambda m: m.head.weight, model,
                    jax.device_put(model.head.weight, NamedSharding(mesh, P('model', None))))
params, static = eqx.partition(model, eqx.is_array)
ids = jnp.zeros((64,), jnp.int32)
fwd = jax.jit(lambda p, ids: eqx.combine(p, static)(ids))
print(fwd.trace(params, ids).lower(lowering_platforms=('cuda',)).as_text()[:40])
