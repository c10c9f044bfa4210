from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Auto,))


class Classifier(nnx.Module):
  def __init__(self, *, rngs):
    self.embed = nnx.Embed(1000, 32, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=4, in_features=32, decode=False, rngs=rngs)
    self.out = nnx.Linear(32, 5, rngs=rngs)

  def __call__(self, tokens):
    h = self.embed(tokens)
    h = h + self.attn(h)
    return self.out(h.mean(axis=1))


@nnx.jit
def eval_step(model, tokens, labels):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
           out_specs={'loss': P(), 'accuracy': P()})
  def per_shard(model, tokens, labels):
    logits = model(tokens)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    return {'loss': jax.lax.pmean(loss, 'batch'), 'accuracy': accuracy}

  return per_shard(model, tokens, labels)


if __name__ == '__main__':
  model = Classifier(rngs=nnx.Rngs(0))
  model.eval()
  tokens = jnp.zeros((16, 12), jnp.int32)
  labels = jnp.zeros((16,), jnp.int32)
  eval_step.trace(model, tokens, labels).lower(lowering_platforms=('cuda',))
