import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType


def _gather_seq(x):
  return jax.lax.all_gather(x, 'seq', axis=1, tiled=True)


class TokenAndHead(nnx.Module):
  def __init__(self, vocab, dim, rngs):
    self.embed = nnx.Embed(vocab, dim, rngs=rngs)
    self.head = nnx.Linear(dim, vocab, rngs=rngs)

  def __call__(self, tokens):
    h = self.embed(tokens)
    h = jax.shard_map(_gather_seq, in_specs=P(None, 'seq', None),
                      out_specs=P(None, None, None))(h)
    return self.head(h.mean(axis=1))


@nnx.jit
def logits_fn(model, tokens):
  return model(tokens)


mesh = jax.make_mesh((4,), ('seq',), axis_types=(AxisType.Auto,))
model = TokenAndHead(100, 32, nnx.Rngs(0))
tokens = jax.device_put(jnp.zeros((2, 64), jnp.int32), NamedSharding(mesh, P(None, 'seq')))
print(logits_fn.trace(model, tokens).lower(lowering_platforms=('cuda',)).as_text()[:40])
