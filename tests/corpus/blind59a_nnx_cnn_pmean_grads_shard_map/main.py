"""Data-parallel MNIST step with nnx.shard_map: per-device grads, pmean over 'data'."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import CNN

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))


def loss_fn(model: CNN, batch):
  logits = model(batch['image'])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
  return loss, logits


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=P())
def train_step(model: CNN, optimizer: nnx.Optimizer, batch):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, batch)
  grads = jax.lax.pmean(grads, axis_name='data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, axis_name='data')


def main():
  model = CNN(rngs=nnx.Rngs(0), bn_axis_name='data')
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, P('data'))
  batch = {
      'image': jax.ShapeDtypeStruct((64, 28, 28, 1), jnp.float32, sharding=data_sharding),
      'label': jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data_sharding),
  }
  model.train()
  train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
