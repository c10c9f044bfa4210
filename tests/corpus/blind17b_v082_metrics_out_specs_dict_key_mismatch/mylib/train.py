import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

METRIC_SPECS = {'loss': P(), 'accuracy': P()}


def eval_metrics(params, x, labels):
  logits = x @ params['w'] + params['b']
  loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return {'loss': lax.pmean(loss, 'batch'), 'acc': lax.pmean(acc, 'batch')}


def make_eval(mesh):
  return jax.jit(jax.shard_map(eval_metrics, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                               out_specs=METRIC_SPECS))
