import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def _mlp(params, x):
  for w, b in params[:-1]:
    x = jax.nn.gelu(x @ w + b)
  w, b = params[-1]
  return x @ w + b


def _xent(logits, labels):
  logp = jax.nn.log_softmax(logits)
  return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))


class DataParallelTrainer:
  def __init__(self, mesh, axis_name="data", lr=1e-3):
    self.mesh = mesh
    self.axis_name = axis_name
    self.lr = lr
    self.train_step = jax.jit(self._wrap(self._train_step, out_specs=(P(), P())))
    self.eval_step = jax.jit(self._wrap(self._eval_step, out_specs=P()))

  def _wrap(self, fn, out_specs):
    batch_spec = P(self.axis_name)
    return jax.shard_map(
        fn, mesh=self.mesh, in_specs=(P(), batch_spec, batch_spec), out_specs=out_specs)

  def _train_step(self, params, x, labels):
    loss, grads = jax.value_and_grad(lambda p: _xent(_mlp(p, x), labels))(params)
    grads = lax.pmean(grads, self.axis_name)
    new_params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
    return new_params, lax.pmean(loss, self.axis_name)

  def _eval_step(self, params, x, labels):
    logits = _mlp(params, x)
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return {"loss": lax.pmean(_xent(logits, labels), self.axis_name),
            "accuracy": lax.pmean(acc, self.axis_name)}
