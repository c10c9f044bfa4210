from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import linen as nn
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'seq'))


class SeqClassifier(nn.Module):
  hidden: int = 256
  classes: int = 4
  seq_axis: str = 'seq'

  def setup(self):
    self.proj = nn.Dense(self.hidden)
    self.norm = nn.LayerNorm()
    self.head = nn.Dense(self.classes)

  def __call__(self, tokens):  # tokens: [batch, seq_shard, features]
    h = self.norm(nn.gelu(self.proj(tokens)))
    total_len = jax.lax.psum(h.shape[1], self.seq_axis)
    pooled = jax.lax.psum(h.sum(axis=1), self.seq_axis) / total_len
    return self.head(pooled)


model = SeqClassifier()
token_spec = P('data', 'seq', None)

# the psum in __call__ needs the 'seq' axis bound, so init under shard_map as well
init_fn = shard_map(model.init, mesh=mesh, in_specs=(P(), token_spec), out_specs=P())
params = jax.eval_shape(init_fn, jax.random.key(0), jnp.zeros((4, 32, 64)))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), token_spec), out_specs=token_spec)
def predict(params, tokens):
  return model.apply(params, tokens)


tokens = jax.ShapeDtypeStruct((16, 512, 64), jnp.float32)
predict.trace(params, tokens).lower(lowering_platforms=('tpu',))
