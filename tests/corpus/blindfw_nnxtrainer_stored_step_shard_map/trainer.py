"""A small Trainer: it builds its jitted step once in __init__ and keeps it as an attribute;
the step is data-parallel over the mesh's `data` axis when `shard_map` is on."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def _loss_and_grads(model, batch):
  def loss_fn(model):
    logits = model(batch['x'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()
  return nnx.value_and_grad(loss_fn)(model)


def _data_parallel_step(model, optimizer, batch):
  loss, grads = _loss_and_grads(model, batch)
  optimizer.update(model, jax.lax.pmean(grads, 'data'))
  return jax.lax.pmean(loss, 'data')


class Trainer:
  def __init__(self, model, tx, mesh, *, use_shard_map=True):
    self.model = model
    self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
    step = _data_parallel_step
    if use_shard_map:
      step = nnx.shard_map(step, mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=P())
    self._step = nnx.jit(step)

  def lower_step(self, batch, platform):
    return self._step.trace(self.model, self.optimizer, batch).lower(lowering_platforms=(platform,))
