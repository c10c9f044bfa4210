import jax
import optax
from jax import lax
from flax import nnx
from jax.sharding import PartitionSpec as P

from metrics import compute_metrics


def make_eval_step(graphdef, eval_mesh):

  def eval_step(state, x, y):
    model = nnx.merge(graphdef, state)
    return compute_metrics(model(x), y, 'batch')

  return jax.jit(jax.shard_map(eval_step, mesh=eval_mesh,
                               in_specs=(P(), P('batch'), P('batch')),
                               out_specs=P()))


def make_train_step(graphdef, train_mesh):

  def train_step(state, x, y):
    model = nnx.merge(graphdef, state)

    def loss_fn(model):
      logits = model(x)
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
      return loss, logits

    (_, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
    grads = lax.pmean(grads, 'data')
    metrics = compute_metrics(logits, y, 'data')
    return grads, metrics

  return jax.jit(jax.shard_map(train_step, mesh=train_mesh,
                               in_specs=(P(), P('data'), P('data')),
                               out_specs=P()))
