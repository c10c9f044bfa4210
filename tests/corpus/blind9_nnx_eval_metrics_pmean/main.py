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


def compute_metrics(model, tokens, labels):
  logits = model(tokens)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  correct = jnp.sum(jnp.argmax(logits, -1) == labels)
  count = jnp.asarray(labels.shape[0])
  metrics = {'loss': loss, 'correct': correct, 'count': count}
  metrics['loss'] = jax.lax.pmean(metrics['loss'], 'batch')
  metrics['correct'] = jax.lax.psum(metrics['correct'], 'batch')
  metrics['count'] = jax.lax.psum(metrics['count'], 'batch')
  return metrics


sharded_metrics = nnx.shard_map(
    compute_metrics, mesh=mesh,
    in_specs=(P(), P('batch'), P('batch')),
    out_specs=P())


@nnx.jit
def eval_step(model, tokens, labels):
  m = sharded_metrics(model, tokens, labels)
  return {'loss': m['loss'], 'accuracy': m['correct'] / m['count']}


if __name__ == '__main__':
  model = Classifier(rngs=nnx.Rngs(0))
  model.eval()
  tokens = jnp.zeros((16, 12), jnp.int32)
  labels = jnp.zeros((16,), jnp.int32)
  eval_step.trace(model, tokens, labels).lower(lowering_platforms=('cuda',))
