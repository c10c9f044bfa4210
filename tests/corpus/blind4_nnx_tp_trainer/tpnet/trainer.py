"""A Trainer that owns the model, the optimizer and the mesh, and builds its compiled steps once."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from .parallel import ParallelConfig, mean_over_data


class Trainer:
  def __init__(self, model, tx, mesh, pcfg: ParallelConfig):
    self.model = model
    self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
    self.mesh = mesh
    self.pcfg = pcfg

    model_spec = nnx.StateSharding(nnx.get_partition_spec(nnx.state(self.model)))
    opt_spec = nnx.StateSharding(nnx.get_partition_spec(nnx.state(self.optimizer)))
    batch_spec = P(pcfg.data_axis)

    def loss_fn(model, batch):
      logits = model(batch['inputs'])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['targets']).mean()
      return loss, logits

    def train_step(model, optimizer, batch):
      (loss, _), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, batch)
      grads = mean_over_data(grads, pcfg)
      optimizer.update(model, grads)
      return mean_over_data(loss, pcfg)

    def eval_step(model, batch):
      loss, logits = loss_fn(model, batch)
      acc = (logits.argmax(-1) == batch['targets']).mean()
      return mean_over_data({'loss': loss, 'accuracy': acc}, pcfg)

    self._train_step = nnx.jit(nnx.shard_map(
        train_step, mesh=mesh, in_specs=(model_spec, opt_spec, batch_spec), out_specs=P()))
    self._eval_step = nnx.jit(nnx.shard_map(
        eval_step, mesh=mesh, in_specs=(model_spec, batch_spec), out_specs=P()))

  def lower_train(self, batch, platform):
    return self._train_step.trace(self.model, self.optimizer, batch).lower(
        lowering_platforms=(platform,))

  def lower_eval(self, batch, platform):
    return self._eval_step.trace(self.model, batch).lower(lowering_platforms=(platform,))
